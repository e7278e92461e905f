package dev.tatter.frontend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.ir.GraphBuildException;
import dev.tatter.ir.OpDef;
import dev.tatter.ir.ops.OpRegistry;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.RowPartition;
import dev.tatter.runtime.Tensor;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * The math ops that are sugar over others (log_sigmoid, reciprocal_no_nan, clip_by_value, add_n,
 * realdiv, the logical_* names), the dtype rules (each op refuses the dtypes TF's kernel is not
 * registered for, naming the op and the dtype), and the subnormal policy (Tatter keeps IEEE
 * subnormals where TF's CPU kernels flush them to zero).
 */
class MathOpsSugarAndDTypesTest {
  private final GraphBuilder g = new GraphBuilder();
  private final Ops tf = g.ops();

  private List<Object> run(Map<String, ?> feeds, Value... outputs) {
    return Harness.runEverywhere(g.build(outputs), feeds);
  }

  @Test
  void logSigmoid_isMinusSoftplusOfMinusX_asTfComputesIt() {
    Value x = g.constant(Tensor.ofFloats(0f, 20f, -100f, Float.NEGATIVE_INFINITY));
    // tf.math.log_sigmoid([0., 20., -100., -inf]) -> [-0.6931472, -2.0611537e-09, -100., -inf]
    assertEquals("[-0.6931472, -2.0611537e-09, -100.0, -inf]", run(Map.of(), tf.math.logSigmoid(x)).get(0).toString());
  }

  @Test
  void reciprocalNoNan_isZeroAtZero() {
    Value x = g.constant(Tensor.ofFloats(2f, 0f, -0f, Float.NaN));
    // tf.math.reciprocal_no_nan([2., 0., -0., nan]) -> [0.5, 0., 0., nan]
    assertEquals("[0.5, 0.0, 0.0, nan]", run(Map.of(), tf.math.reciprocalNoNan(x)).get(0).toString());
  }

  @Test
  void clipByValue_onDenseAndRagged_andRefusesBoundsThatBroadcastX() {
    Value x = g.constant(Tensor.ofInts(-5, 0, 3, 9));
    Value rt = g.ragged(g.constant(Tensor.ofInts(-5, 0, 3, 9)), g.partitionFromRowSplits(new long[] {0, 1, 4}, PartitionOptions.DEFAULT));
    // tf.clip_by_value([-5, 0, 3, 9], 0, 4) -> [0, 0, 3, 4]; on tf.ragged.constant([[-5], [0, 3, 9]]) -> [[0], [0, 3, 4]]
    List<Object> out = run(Map.of(), tf.clipByValue(x, 0, 4), tf.clipByValue(rt, 0, 4));
    assertEquals("[0, 0, 3, 4]", out.get(0).toString());
    assertEquals("[[0], [0, 3, 4]]", out.get(1).toString());
    GraphBuildException e = assertThrows(GraphBuildException.class,
        () -> tf.clipByValue(g.constant(Tensor.ofFloats(1f, 2f)), 0f, g.constant(Tensor.of(DType.FLOAT32, new float[6], 3, 2))));
    assertTrue(e.getMessage().contains("clip_by_value: the bounds broadcast x"), e.getMessage());
  }

  @Test
  void addN_addsLeftToRight_onDenseAndRagged() {
    // TF's doc example: a = [[1, 2], [3, 4]], b = [[5, 0], [0, 6]]; tf.math.add_n([a, b, a]) -> [[7, 4], [6, 14]]
    Value a = g.constant(Tensor.of(DType.FLOAT32, new float[] {1, 2, 3, 4}, 2, 2));
    Value b = g.constant(Tensor.of(DType.FLOAT32, new float[] {5, 0, 0, 6}, 2, 2));
    Value c = a;
    Value r1 = tf.ragged.constant(new int[][] {{1}, {2, 3}});
    Value r2 = tf.ragged.constant(new int[][] {{10}, {20, 30}});
    List<Object> out = run(Map.of(), tf.math.addN(a, b, c), tf.math.addN(r1, r2, r1));
    assertEquals("[[7.0, 4.0], [6.0, 14.0]]", out.get(0).toString());
    // tf.math.add_n([rt1, rt2, rt1]) -> [[12], [24, 36]]
    assertEquals("[[12], [24, 36]]", out.get(1).toString());
  }

  @Test
  void logicalNames_areTheBoolOps() {
    Value x = g.constant(Tensor.ofBools(true, true, false, false));
    Value y = g.constant(Tensor.ofBools(true, false, true, false));
    // tf.math.logical_and/or/xor(x, y) and tf.math.logical_not(x)
    List<Object> out = run(Map.of(), tf.math.logicalAnd(x, y), tf.math.logicalOr(x, y), tf.math.logicalXor(x, y), tf.math.logicalNot(x));
    assertEquals("[True, False, False, False]", out.get(0).toString());
    assertEquals("[True, True, True, False]", out.get(1).toString());
    assertEquals("[False, True, True, False]", out.get(2).toString());
    assertEquals("[False, False, True, True]", out.get(3).toString());
  }

  @Test
  void realdiv_takesFloatsOnly_whereTruedivCastsIntegers() {
    Value i = g.constant(Tensor.ofInts(7));
    // tf.realdiv(7, 2) raises: RealDiv has no int32 kernel; 7 / 2 is 3.5
    GraphBuildException e = assertThrows(GraphBuildException.class, () -> tf.realdiv(i, 2));
    assertTrue(e.getMessage().contains("truediv is defined on floats; cast int32 to float64 first"), e.getMessage());
    assertEquals("[3.5]", run(Map.of(), i.truediv(2)).get(0).toString());
  }

  @Test
  void truncatingDivisions_byZero_failAtRunTime_withTfsMessage() {
    Value x = g.placeholder("x", Types.dense(DType.INT32, -1));
    Value y = g.placeholder("y", Types.dense(DType.INT32, -1));
    for (Function<Value, Value> op : List.<Function<Value, Value>>of(v -> tf.truncatediv(v, y), v -> tf.truncatemod(v, y), v -> tf.rawOps.div(v, y))) {
      Value out = op.apply(x);
      Session s = new Session(g.build(out));
      // tf.raw_ops.Div(x=[1], y=[0]) -> InvalidArgumentError: Integer division by zero
      InvalidArgumentException e = assertThrows(InvalidArgumentException.class,
          () -> s.run(Map.of("x", Tensor.ofInts(1, 2), "y", Tensor.ofInts(1, 0)), out));
      assertTrue(e.getMessage().endsWith("Integer division by zero"), e.getMessage());
    }
  }

  /**
   * Every pointwise op of the registry is built on operands of every dtype: the builder takes
   * exactly the dtypes the op accepts (its declared {@code dtypes}, which the -Ptf MathOracleTest
   * checks against the CPU kernels TF registers for the raw ops its binding names) and refuses
   * every other one with an error naming the op and the dtype, whatever the op's type rule.
   */
  @Test
  void everyPointwiseOp_takesExactlyItsDtypes_andRefusesTheOthersByName() {
    List<String> wrong = new java.util.ArrayList<>();
    int refused = 0;
    for (OpDef op : OpRegistry.ALL) {
      if (!(op.fusion() instanceof dev.tatter.ir.Fusion.Pointwise)) {
        continue;
      }
      for (DType d : DType.values()) {
        GraphBuilder b = new GraphBuilder();
        Value[] operands = new Value[op.operandNames().size()];
        for (int i = 0; i < operands.length; i++) {
          operands[i] = b.placeholder("x" + i, Types.dense(d, -1));
        }
        try {
          b.op(op, Map.of(), operands);
          if (!op.accepts(d)) {
            wrong.add(op.mnemonic() + " built on " + d + ", which it does not accept");
          }
        } catch (GraphBuildException e) {
          refused++;
          if (op.accepts(d)) {
            wrong.add(op.mnemonic() + " refused " + d + ", which it accepts: " + e.getMessage());
          } else if (!e.getMessage().contains(op.mnemonic()) || !e.getMessage().contains(d.tfName())) {
            wrong.add(op.mnemonic() + " on " + d + ": the refusal names neither: " + e.getMessage());
          }
        }
      }
    }
    assertEquals(List.of(), wrong);
    assertTrue(refused > 100, "only " + refused + " refusals: the dtype rules were not exercised");
  }

  @Test
  void aRefusedDtype_namesTheOpTheDtypeAndWhatTfTakes() {
    Value i = g.constant(Tensor.ofInts(4));
    Value f = g.constant(Tensor.ofFloats(4f));
    // tf.math.sqrt(tf.constant([4])) raises: no Sqrt kernel for int32
    assertTrue(assertThrows(GraphBuildException.class, () -> i.graph().ops().math.sqrt(i)).getMessage()
        .endsWith("sqrt is not defined on int32 (TF's kernel takes floating and complex)"));
    // tf.bitwise.bitwise_and(4., 4.) raises
    assertTrue(assertThrows(GraphBuildException.class, () -> tf.bitwise.bitwiseAnd(f, f)).getMessage()
        .endsWith("bitwise_and is not defined on float32 (TF's kernel takes integer)"));
    // tf.truncatemod on int8 raises: TruncateMod has int32/int64 kernels only
    Value b = g.constant(Tensor.of(DType.INT8, new byte[] {4}, 1));
    assertTrue(assertThrows(GraphBuildException.class, () -> tf.truncatemod(b, b)).getMessage()
        .contains("truncatemod is not defined on int8"));
  }

  @Test
  void subnormals_areKeptAsIeee_whereTfFlushesThemToZero() {
    Value x = g.constant(Tensor.ofFloats(Float.MIN_VALUE, -100f));
    Value sub = g.constant(Tensor.ofFloats(Float.MIN_VALUE));
    List<Object> out = run(Map.of(), tf.math.sqrt(x), tf.math.exp(x), tf.math.log(sub), sub.cast(DType.BOOL), tf.math.sigmoid(x));
    Tensor sqrt = (Tensor) out.get(0);
    // TF: tf.math.sqrt(1e-45) -> 0. (denormals-are-zero); IEEE: 3.7433921e-23
    assertEquals(Float.floatToRawIntBits((float) Math.sqrt(Float.MIN_VALUE)), Float.floatToRawIntBits((float) sqrt.getDouble(0)));
    // TF: tf.math.exp(-100.) -> 0. (flush-to-zero); IEEE: 3.7835e-44, a subnormal
    Tensor exp = (Tensor) out.get(1);
    assertTrue(exp.getDouble(1) > 0 && exp.getDouble(1) < Float.MIN_NORMAL, "exp(-100f) = " + exp.getDouble(1));
    // TF: tf.math.log(1e-45) -> -inf; IEEE: -103.27893
    assertEquals("[-103.27893]", out.get(2).toString());
    // TF: tf.cast(1e-45, tf.bool) -> False; IEEE: a non-zero value is True
    assertEquals("[True]", out.get(3).toString());
    // TF: tf.math.sigmoid(-100.) -> 0.; IEEE: 3.7835e-44
    assertTrue(((Tensor) out.get(4)).getDouble(1) > 0);
  }

  @Test
  void raggedOfRaggedRank2_andRaggedWithDenseColumn_mapOverFlatValues() {
    RowPartition outer = RowPartition.fromRowSplits(new long[] {0, 2, 3}, DType.INT64, true);
    RowPartition inner = RowPartition.fromRowSplits(new long[] {0, 1, 3, 4}, DType.INT64, true);
    RaggedTensor rt = RaggedTensor.of(RaggedTensor.of(Tensor.ofFloats(4f, 9f, 0.25f, -1f), inner), outer);
    Value x = g.placeholder("rt", Types.ragged(DType.FLOAT32, 2));
    Value col = g.constant(Tensor.of(DType.FLOAT32, new float[] {1f, 2f}, 2, 1));
    Value rt1 = g.ragged(g.constant(Tensor.ofFloats(1f, 2f, 3f)), g.partitionFromRowSplits(new long[] {0, 2, 3}, PartitionOptions.DEFAULT));
    // tf.math.sqrt(tf.ragged.constant([[[4.], [9., 0.25]], [[-1.]]])) -> [[[2.], [3., 0.5]], [[nan]]]
    // tf.math.squared_difference(tf.ragged.constant([[1., 2.], [3.]]), [[1.], [2.]]) -> [[0., 1.], [1.]]
    List<Object> out = run(Map.of("rt", rt), tf.math.sqrt(x), tf.math.squaredDifference(rt1, col));
    assertEquals("[[[2.0], [3.0, 0.5]], [[nan]]]", out.get(0).toString());
    assertEquals("[[0.0, 1.0], [1.0]]", out.get(1).toString());
  }
}
