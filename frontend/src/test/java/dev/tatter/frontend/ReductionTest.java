package dev.tatter.frontend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.codegen.FeedChecker;
import dev.tatter.ir.Graph;
import dev.tatter.ir.GraphBuildException;
import dev.tatter.ir.text.GraphParser;
import dev.tatter.ir.text.GraphPrinter;
import dev.tatter.optimizer.PassManager;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.RowPartition;
import dev.tatter.runtime.Tensor;
import dev.tatter.runtime.kernels.reduce.RowReductionKernels;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * Reductions on the examples TF documents (seed 000 names tf.reduce_* only as the reduced
 * forms of its operators and prints none, so the printed values come from TF's ragged_math_ops
 * docstrings and the ragged guide), their static types, empty rows and errors. Every graph runs
 * through {@link Harness#runEverywhere}, and every result is checked against its static type.
 */
class ReductionTest {
  /** TF's docstring tensor: {@code tf.ragged.constant([[3, 1, 4], [1, 5], [9], [2, 6]])}. */
  private static final RaggedTensor DOC = ragged(Tensor.ofInts(3, 1, 4, 1, 5, 9, 2, 6), 0, 3, 5, 6, 8);
  /** The seed's first tensor: {@code from_row_splits([3, 1, 4, 1, 5, 9, 2, 6], [0, 4, 4, 7, 8, 8])}. */
  private static final RaggedTensor SEED = ragged(Tensor.ofInts(3, 1, 4, 1, 5, 9, 2, 6), 0, 4, 4, 7, 8, 8);

  @Test
  void docstringExamples_giveTfsPrintedValues() {
    assertEquals("[15, 12, 4]", run(DOC, x -> x.reduceSum(0)));
    assertEquals("[8, 6, 9, 8]", run(DOC, x -> x.reduceSum(1)));
    assertEquals("[54, 30, 4]", run(DOC, x -> x.reduceProd(0)));
    assertEquals("[12, 5, 9, 12]", run(DOC, x -> x.reduceProd(1)));
    assertEquals("[1, 1, 4]", run(DOC, x -> x.reduceMin(0)));
    assertEquals("[1, 1, 9, 2]", run(DOC, x -> x.reduceMin(1)));
    assertEquals("[9, 6, 4]", run(DOC, x -> x.reduceMax(0)));
    assertEquals("[4, 5, 9, 6]", run(DOC, x -> x.reduceMax(1)));
    // array([3.75, 4.  , 4. ]) and array([2.66666667, 3.  , 9.  , 4.  ]): float64, a true division
    assertEquals("[3.75, 4.0, 4.0]", run(DOC, x -> x.reduceMean(0)));
    assertEquals("[2.6666666666666665, 3.0, 9.0, 4.0]", run(DOC, x -> x.reduceMean(1)));
  }

  @Test
  void docstringBoolExamples_giveTfsPrintedValues() {
    // tf.ragged.constant([[True, True], [True, True, False, True], [False, True]])
    RaggedTensor rt = ragged(Tensor.ofBools(true, true, true, true, false, true, false, true), 0, 2, 6, 8);
    assertEquals("[False, True, False, True]", run(rt, x -> x.reduceAll(0)));
    assertEquals("[True, False, False]", run(rt, x -> x.reduceAll(1)));
    assertEquals("[True, True, False, True]", run(rt, x -> x.reduceAny(0)));
    assertEquals("[True, True, True]", run(rt, x -> x.reduceAny(1)));
  }

  @Test
  void seedTensorWithEmptyRows_givesTheIdentityOrNanThere() {
    // The ragged guide: tf.reduce_mean(digits, axis=1) -> [2.25 nan 5.33333333 6. nan]
    assertEquals("[2.25, nan, 5.333333333333333, 6.0, nan]", run(SEED, x -> x.reduceMean(1)));
    assertEquals("[9, 0, 16, 6, 0]", run(SEED, x -> x.reduceSum(1)));
    assertEquals("[12, 1, 90, 6, 1]", run(SEED, x -> x.reduceProd(1)));
    assertEquals("[4, -2147483648, 9, 6, -2147483648]", run(SEED, x -> x.reduceMax(1)));
    assertEquals("[1, 2147483647, 2, 6, 2147483647]", run(SEED, x -> x.reduceMin(1)));
    assertEquals("[14, 10, 6, 1]", run(SEED, x -> x.reduceSum(0)));
    assertEquals("31", run(SEED, x -> x.reduceSum()));
    assertEquals("3.875", run(SEED, x -> x.reduceMean()));
  }

  @Test
  void emptyRaggedRowOfFloats_givesTheDtypesExtremeNotInfinity() {
    // unsorted_segment_max starts at NumTraits<float>::lowest() = -FLT_MAX (TF: "input_tensor.dtype.min")
    RaggedTensor rt = ragged(Tensor.ofFloats(1.5f, -2f), 0, 2, 2);
    assertEquals("[1.5, -3.4028235e+38]", run(rt, x -> x.reduceMax(1)));
    assertEquals("[-2.0, 3.4028235e+38]", run(rt, x -> x.reduceMin(1)));
    RaggedTensor doubles = ragged(Tensor.ofDoubles(), 0, 0);
    assertEquals("[-1.7976931348623157e+308]", run(doubles, x -> x.reduceMax(1)));
    // ... and a row holding only -inf still gives -FLT_MAX, since the start value takes part
    assertEquals("[-3.4028235e+38]", run(ragged(Tensor.ofFloats(Float.NEGATIVE_INFINITY), 0, 1), x -> x.reduceMax(1)));
  }

  @Test
  void emptyUniformAxis_givesEigensStartValues() {
    // Dense reductions start at Eigen's values: -inf/+inf for float max/min, NaN for a float mean, 0 for an int mean.
    Tensor empty = Tensor.ofFloats().reshape(2, 0);
    assertEquals("[-inf, -inf]", run(empty, x -> x.reduceMax(1)));
    assertEquals("[inf, inf]", run(empty, x -> x.reduceMin(1)));
    assertEquals("[nan, nan]", run(empty, x -> x.reduceMean(1)));
    assertEquals("[0.0, 0.0]", run(empty, x -> x.reduceSum(1)));
    assertEquals("[1.0, 1.0]", run(empty, x -> x.reduceProd(1)));
    assertEquals("-inf", run(ragged(Tensor.ofFloats(), 0, 0, 0), x -> x.reduceMax()));
    assertEquals("[0, 0, 0]", run(Tensor.ofInts().reshape(0, 3), x -> x.reduceMean(0)));
    assertEquals("[True, True, True]", run(Tensor.ofBools().reshape(0, 3), x -> x.reduceAll(0)));
    assertEquals("[False, False, False]", run(Tensor.ofBools().reshape(0, 3), x -> x.reduceAny(0)));
  }

  @Test
  void denseIntegerMean_truncatesTowardZero() {
    Tensor t = Tensor.of(DType.INT32, new int[] {1, 2, 3, 4, -1, -2}, 3, 2);
    assertEquals("[1, 3, -1]", run(t, x -> x.reduceMean(1)));
    assertEquals("1", run(t, x -> x.reduceMean()));
    // int8 is summed in int64 (TF's CASTING_SPECIALIZATION), so 100 + 100 does not wrap
    assertEquals("[100]", run(Tensor.ofBytes((byte) 100, (byte) 100).reshape(1, 2), x -> x.reduceMean(1)));
  }

  @Test
  void integerSum_wrapsInItsDtype() {
    assertEquals("[-56]", run(Tensor.ofBytes((byte) 100, (byte) 100).reshape(1, 2), x -> x.reduceSum(1)));
    assertEquals("[-56]", run(ragged(Tensor.ofBytes((byte) 100, (byte) 100), 0, 2), x -> x.reduceSum(1)));
    // the ragged int8 mean divides the wrapped sum as float32
    assertEquals("[-28.0]", run(ragged(Tensor.ofBytes((byte) 100, (byte) 100), 0, 2), x -> x.reduceMean(1)));
  }

  @Test
  void denseAxes_negativeAndKeepdims() {
    Tensor t = Tensor.of(DType.INT64, new long[] {1, 2, 3, 4, 5, 6}, 2, 3);
    assertEquals("[5, 7, 9]", run(t, x -> x.reduceSum(0)));
    assertEquals("[6, 15]", run(t, x -> x.reduceSum(-1)));
    assertEquals("[[6], [15]]", run(t, x -> x.reduceSum(1, true)));
    assertEquals("[[5, 7, 9]]", run(t, x -> x.reduceSum(-2, true)));
    assertEquals("21", run(t, x -> x.reduceSum()));
    assertEquals("720", run(t, x -> x.reduceProd()));
  }

  @Test
  void raggedRankTwo_everyAxis() {
    // [[[1, 2], [3]], [], [[4, 5, 6]]]
    RaggedTensor rt = RaggedTensor.of(ragged(Tensor.ofInts(1, 2, 3, 4, 5, 6), 0, 2, 3, 6), partition(0, 2, 2, 3));
    assertEquals("[[5, 7, 6], [3]]", run(rt, x -> x.reduceSum(0)));
    assertEquals("[[4, 2], [], [4, 5, 6]]", run(rt, x -> x.reduceSum(1)));
    assertEquals("[[3, 3], [], [15]]", run(rt, x -> x.reduceSum(2)));
    assertEquals("[[3, 3], [], [15]]", run(rt, x -> x.reduceSum(-1)));
    assertEquals("21", run(rt, x -> x.reduceSum()));
    assertEquals("[[[5, 7, 6], [3]]]", run(rt, x -> x.reduceSum(0, true)));
    assertEquals("[[[4, 2]], [[]], [[4, 5, 6]]]", run(rt, x -> x.reduceSum(1, true)));
    assertEquals("[[[3], [3]], [], [[15]]]", run(rt, x -> x.reduceSum(2, true)));
  }

  @Test
  void raggedWithInnerUniformDimension_everyAxis() {
    // [[[1, 2], [3, 4]], [], [[5, 6]]]: shape [3, (None), 2], ragged_rank 1
    RaggedTensor rt = ragged(Tensor.of(DType.INT32, new int[] {1, 2, 3, 4, 5, 6}, 3, 2), 0, 2, 2, 3);
    assertEquals("[[6, 8], [3, 4]]", run(rt, x -> x.reduceSum(0)));
    assertEquals("[[4, 6], [0, 0], [5, 6]]", run(rt, x -> x.reduceSum(1)));
    assertEquals("[[3, 7], [], [11]]", run(rt, x -> x.reduceSum(2)));
    assertEquals("[[[4, 6]], [[0, 0]], [[5, 6]]]", run(rt, x -> x.reduceSum(1, true)));
    assertEquals("[[2.0, 3.0], [nan, nan], [5.0, 6.0]]", run(rt, x -> x.reduceMean(1)));
  }

  @Test
  void staticTypes_followTfsRaggedReduce() {
    GraphBuilder g = new GraphBuilder();
    Value rt = g.placeholder("rt", Types.parse("ragged<float32>[3, (None)]"));
    assertEquals("tensor<float32>[3]", rt.reduceSum(1).type().toString());
    assertEquals("tensor<float32>[None]", rt.reduceSum(0).type().toString());
    assertEquals("tensor<float32>[1, None]", rt.reduceSum(0, true).type().toString());
    assertEquals("tensor<float32>[3, 1]", rt.reduceSum(1, true).type().toString());
    assertEquals("tensor<float32>[]", rt.reduceSum().type().toString());
    Value ints = g.placeholder("ints", Types.parse("ragged<int32>[3, (None)]"));
    assertEquals("tensor<float64>[3]", ints.reduceMean(1).type().toString());
    assertEquals("tensor<float64>[]", ints.reduceMean().type().toString());
    Value bytes = g.placeholder("bytes", Types.parse("ragged<int8>[3, (None)]"));
    assertEquals("tensor<float32>[3]", bytes.reduceMean(1).type().toString());
    Value dense = g.placeholder("dense", Types.parse("tensor<int32>[2, 5]"));
    assertEquals("tensor<int32>[2]", dense.reduceMean(1).type().toString());
    Value deep = g.placeholder("deep", Types.parse("ragged<int64>[2, (None), (None), 4]"));
    assertEquals("ragged<int64>[None, (None), 4]", deep.reduceSum(0).type().toString());
    assertEquals("ragged<int64>[2, (None), 4]", deep.reduceSum(1).type().toString());
    assertEquals("ragged<int64>[2, (None), 4]", deep.reduceSum(2).type().toString());
    assertEquals("ragged<int64>[2, (None), (None)]", deep.reduceSum(3).type().toString());
    assertEquals("ragged<int64>[1, None, (None), 4]", deep.reduceSum(0, true).type().toString());
    assertEquals("ragged<int64>[2, 1, (None), 4]", deep.reduceSum(1, true).type().toString());
  }

  @Test
  void innermostRaggedAxis_becomesARowReductionAfterCanonicalization() {
    GraphBuilder g = new GraphBuilder();
    Value x = g.placeholder("x", Types.ragged(DType.FLOAT32, 1));
    Graph graph = g.build(x.mul(x).reduceSum(1));
    String optimized = GraphPrinter.print(PassManager.parse(PassManager.DEFAULT_PIPELINE).run(graph));
    assertTrue(optimized.contains("row_sum("), optimized); // fused with the square: row_sum(#0, $1)
    assertTrue(!optimized.contains("reduce_sum"), optimized);
    RaggedTensor feed = ragged(Tensor.ofFloats(1, 2, 3), 0, 2, 2, 3);
    assertEquals("[5.0, 0.0, 9.0]", Harness.runEverywhere(graph, Map.of("x", feed)).get(0).toString());
  }

  @Test
  void axisOutOfRange_failsAtBuildTimeNamingTheCallSite() {
    GraphBuilder g = new GraphBuilder();
    Value x = g.placeholder("x", Types.ragged(DType.FLOAT32, 1));
    GraphBuildException e = assertThrows(GraphBuildException.class, () -> x.reduceSum(2));
    assertTrue(e.getMessage().startsWith("reduce_sum(ragged<float32>[None, (None)]) at ReductionTest.java:"), e.getMessage());
    assertTrue(e.getMessage().endsWith("axis 2 is out of range for rank 2 (expected -2 <= axis < 2)"), e.getMessage());
    e = assertThrows(GraphBuildException.class, () -> x.reduceMax(-3));
    assertTrue(e.getMessage().endsWith("axis -3 is out of range for rank 2 (expected -2 <= axis < 2)"), e.getMessage());
  }

  @Test
  void wrongDtypes_failAtBuildTime() {
    GraphBuilder g = new GraphBuilder();
    Value floats = g.placeholder("f", Types.ragged(DType.FLOAT32, 1));
    Value bools = g.placeholder("b", Types.dense(DType.BOOL, 3));
    Value strings = g.placeholder("s", Types.dense(DType.STRING, 3));
    assertTrue(assertThrows(GraphBuildException.class, () -> floats.reduceAll(1)).getMessage()
        .endsWith("reduce_all is not defined on float32 (it takes bool only)"));
    assertTrue(assertThrows(GraphBuildException.class, () -> floats.reduceAny()).getMessage()
        .endsWith("reduce_any is not defined on float32 (it takes bool only)"));
    assertTrue(assertThrows(GraphBuildException.class, () -> bools.reduceSum(0)).getMessage()
        .endsWith("reduce_sum is not defined on bool"));
    assertTrue(assertThrows(GraphBuildException.class, () -> bools.reduceMean()).getMessage()
        .endsWith("reduce_mean is not defined on bool"));
    assertTrue(assertThrows(GraphBuildException.class, () -> strings.reduceMax(0)).getMessage()
        .endsWith("reduce_max is not defined on string"));
    Value partition = floats.partition();
    assertTrue(assertThrows(GraphBuildException.class, () -> partition.reduceSum()).getMessage()
        .startsWith("a row partition cannot be reduced at ReductionTest.java:"));
  }

  @Test
  void axisLists_inTheTextualIr_areCheckedWithTheirLocation() {
    String twoOfThree = """
        %x = placeholder() : tensor<float32>[2, 3, 4]
        %0 = reduce_sum(%x) {axis = [0, 2]} : tensor<float32>[3]
        return %0
        """;
    Exception e = assertThrows(RuntimeException.class, () -> GraphParser.parse(twoOfThree, "r.tat"));
    assertTrue(e.getMessage().contains("r.tat:2:"), e.getMessage());
    assertTrue(e.getMessage().contains("axis must list one axis or all 3 axes, got [0, 2]"), e.getMessage());
    String twice = twoOfThree.replace("[0, 2]", "[1, -2]");
    assertTrue(assertThrows(RuntimeException.class, () -> GraphParser.parse(twice, "r.tat")).getMessage()
        .contains("axis 1 is listed twice in [1, -2]"));
    String all = twoOfThree.replace("[0, 2]", "[2, 0, 1]").replace("tensor<float32>[3]\n", "tensor<float32>[]\n");
    Tensor ones = Tensor.of(DType.FLOAT32, new float[24], 2, 3, 4);
    assertEquals("0.0", Harness.runEverywhere(GraphParser.parse(all, "r.tat"), Map.of("x", ones)).get(0).toString());
    String kept = all.replace("[2, 0, 1]}", "[2, 0, 1], keepdims = true}").replace("tensor<float32>[]\n", "tensor<float32>[1, 1, 1]\n");
    assertEquals("[[[0.0]]]", Harness.runEverywhere(GraphParser.parse(kept, "r.tat"), Map.of("x", ones)).get(0).toString());
  }

  @Test
  void rowKernel_refusesValuesThatDoNotFitThePartition() {
    InvalidArgumentException e = assertThrows(InvalidArgumentException.class,
        () -> RowReductionKernels.rows(dev.tatter.runtime.kernels.reduce.Reducer.SUM, Tensor.ofFloats(1, 2), partition(0, 1, 3), false));
    assertEquals("values must have one row per partitioned value: the partition covers 3 values but values has shape [2]", e.getMessage());
  }

  @Test
  void kernels_checkAxisAndDtypeThemselves() {
    Tensor t = Tensor.ofFloats(1, 2);
    assertEquals("reduce_sum: axis 1 is out of range for rank 1 (expected -1 <= axis < 1)",
        assertThrows(InvalidArgumentException.class,
            () -> dev.tatter.runtime.kernels.reduce.ReductionKernels.reduceSum(t, new long[] {1}, false)).getMessage());
    assertEquals("reduce_any is not defined on float32",
        assertThrows(InvalidArgumentException.class,
            () -> dev.tatter.runtime.kernels.reduce.ReductionKernels.reduceAny(t, new long[] {0}, false)).getMessage());
    assertEquals("reduce_max: axis must list one axis or all 2 axes, got []",
        assertThrows(InvalidArgumentException.class,
            () -> dev.tatter.runtime.kernels.reduce.ReductionKernels.reduceMax(t.reshape(1, 2), new long[0], false)).getMessage());
  }

  // ---- helpers ----

  /** Builds {@code f(placeholder)}, runs it everywhere and checks the result against its static type. */
  private static String run(Object input, Function<Value, Value> f) {
    GraphBuilder g = new GraphBuilder();
    Value x = g.placeholder("x", typeOf(input));
    Value y = f.apply(x);
    Object out = Harness.runEverywhere(g.build(y), Map.of("x", input)).get(0);
    assertNull(FeedChecker.mismatch(y.type(), out), () -> out + " does not fit " + y.type());
    return out.toString();
  }

  static dev.tatter.ir.types.Type typeOf(Object value) {
    if (value instanceof Tensor t) {
      long[] shape = new long[t.rank()];
      for (int i = 0; i < shape.length; i++) {
        shape[i] = t.dim(i);
      }
      return Types.dense(t.dtype(), shape);
    }
    RaggedTensor rt = (RaggedTensor) value;
    List<String> dims = new ArrayList<>();
    dims.add(String.valueOf(rt.nrows()));
    for (int i = 0; i < rt.raggedRank(); i++) {
      dims.add("(None)");
    }
    int[] flat = rt.flatValues().shape();
    for (int i = 1; i < flat.length; i++) {
      dims.add(String.valueOf(flat[i]));
    }
 String splits = rt.partition().splitsDType() == DType.INT32 ? ", splits=int32" : "";
    return Types.parse("ragged<" + rt.dtype() + splits + ">[" + String.join(", ", dims) + "]");
  }

  static RowPartition partition(long... splits) {
    return RowPartition.fromRowSplits(splits, DType.INT64, true);
  }

  static RaggedTensor ragged(Object values, long... splits) {
    return RaggedTensor.of(values, partition(splits));
  }
}
