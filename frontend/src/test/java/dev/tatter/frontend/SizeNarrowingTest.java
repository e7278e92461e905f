package dev.tatter.frontend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.ir.Graph;
import dev.tatter.ir.GraphBuildException;
import dev.tatter.ir.text.GraphParser;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.RowPartition;
import dev.tatter.runtime.SparseTensor;
import dev.tatter.runtime.Tensor;
import dev.tatter.runtime.kernels.conversion.ConversionKernels;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Sizes are checked in {@code long} before they are narrowed: a dimension past what a tensor
 * dimension holds is refused even when the element count is 0 (it used to wrap: {@code [0,
 * 4294967301]} became {@code [0, 5]}); and {@code to_tensor}'s shape may not change the flat
 * values' inner dims (TF's {@code CombineRaggedTensorToTensorShapes}).
 */
class SizeNarrowingTest {
  private static final String RT = """
      %s = constant() {value = tensor<int64>[3] [0, 1, 2]} : tensor<int64>[3]
      %p = partition_from_row_splits(%s) : partition<int64>[2, (None)]
      %v = constant() {value = tensor<int32>[2] [1, 2]} : tensor<int32>[2]
      %rt = ragged(%v, %p) : ragged<int32, nvals=[2]>[2, (None)]
      %d = constant() {value = tensor<int32>[] 0} : tensor<int32>[]
      """;

  @Test
  void toTensorShapeBeyondADimension_isABuildError() {
    for (String dim : new String[] {"4294967301", "4611686018427387904"}) {
      GraphBuildException e = assertThrows(GraphBuildException.class, () -> GraphParser.parse(RT
          + "%0 = to_tensor(%rt, %d) {shape = [0, " + dim + "]} : tensor<int32>[0, None]\nreturn %0\n", "n.tat"));
      assertTrue(e.getMessage().contains("dimension 1 is " + dim + ", more than a tensor dimension can hold"), e.getMessage());
    }
  }

  @Test
  void kernelNarrowingIsCheckedToo() {
    RaggedTensor rt = RaggedTensor.of(Tensor.ofInts(1, 2), RowPartition.fromRowSplits(new long[] {0, 1, 2}, DType.INT64, true));
    InvalidArgumentException e = assertThrows(InvalidArgumentException.class,
        () -> ConversionKernels.toTensor(rt, Tensor.scalar(DType.INT32, 0), new long[] {0, 4294967301L}));
    assertEquals("dimension 1 of shape [0, 4294967301] is 4294967301, more than a tensor dimension can hold (2147483639)",
        e.getMessage());
  }

  @Test
  void sparseToDenseOfAHugeFedShape_failsAtRunTime_andAHugeStaticOne_atBuildTime() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value sp = g.placeholder("sp", dev.tatter.ir.types.SparseType.of(DType.INT32, -1, -1));
    Value dense = tf.sparse.toDense(sp);
    Graph graph = g.build(dense);
    SparseTensor hostile = SparseTensor.of(new long[0][], Tensor.ofInts(), 0, 4294967301L);
    for (Session.Backend backend : Session.Backend.values()) {
      try (Session s = new Session(graph, "", backend)) {
        InvalidArgumentException e = assertThrows(InvalidArgumentException.class, () -> s.run(Map.of("sp", hostile), dense));
        assertTrue(e.getMessage().endsWith("dimension 1 of shape [0, 4294967301] is 4294967301, more than a tensor dimension"
            + " can hold (2147483639)"), e.getMessage());
      }
    }
    GraphBuilder h = new GraphBuilder();
    Value big = h.placeholder("sp", dev.tatter.ir.types.SparseType.of(DType.INT32, 0, 4294967301L));
    GraphBuildException e = assertThrows(GraphBuildException.class, () -> big.graph().ops().sparse.toDense(big));
    assertTrue(e.getMessage().contains("dimension 1 is 4294967301, more than a tensor dimension can hold"), e.getMessage());
  }

  @Test
  void toTensorShapeThatChangesAKnownInnerDim_isABuildError_withTfsCondition() {
    // tf.RaggedTensor.from_row_splits(tf.zeros([3, 2]), [0, 1, 3]).to_tensor(shape=[2, 3, 1]) raises
    // "rt_input.shape and shape=[2,3,1] are incompatible: rt_input.shape[2] = 2 but shape[2] = 1"
    GraphBuilder g = new GraphBuilder();
    Value rt = g.raggedFromRowSplits(g.constant(Tensor.of(DType.FLOAT32, new float[6], 3, 2)), g.constant(Tensor.ofLongs(0, 1, 3)));
    GraphBuildException e = assertThrows(GraphBuildException.class, () -> rt.toTensor(0f, 2, 3, 1));
    assertTrue(e.getMessage().endsWith("rt_input.shape and shape=[2,3,1] are incompatible: rt_input.shape[2] = 2 but shape[2] = 1"),
        e.getMessage());
  }

  @Test
  void toTensorShapeThatChangesAnInnerDimKnownOnlyAtRunTime_failsAtRunTime() {
    Graph graph = GraphParser.parse("""
        %x = placeholder() : ragged<float32>[None, (None), None]
        %d = constant() {value = tensor<float32>[] 0.0} : tensor<float32>[]
        %t = to_tensor(%x, %d) {shape = [2, 3, 1]} : tensor<float32>[2, 3, 1]
        return %t
        """, "inner.tat");
    RaggedTensor x = RaggedTensor.of(Tensor.of(DType.FLOAT32, new float[6], 3, 2),
        RowPartition.fromRowSplits(new long[] {0, 1, 3}, DType.INT64, true));
    String message = PartitionValidationTest.runFailure(graph, Map.of("x", x));
    assertTrue(message.endsWith("rt_input.shape and shape=[2,3,1] are incompatible: rt_input.shape[2] = 2 but shape[2] = 1"),
        message);
    // the values' own inner size is accepted
    RaggedTensor one = RaggedTensor.of(Tensor.of(DType.FLOAT32, new float[] {1, 2, 3}, 3, 1),
        RowPartition.fromRowSplits(new long[] {0, 1, 3}, DType.INT64, true));
    assertEquals("[[[1.0], [0.0], [0.0]], [[2.0], [3.0], [0.0]]]", Harness.runEverywhere(graph, Map.of("x", one)).get(0).toString());
  }

  @Test
  void tileOfAZeroElementTensor_pastATensorDimension_isRefusedNotNarrowed() {
    // tf.tile(tf.zeros([0, 1], tf.int32), [1, 2**32 + 1]) has shape [0, 4294967297]: TF can hold it, a Tatter
    // tensor dimension cannot, so the run is refused (it used to give shape [0, 1])
    GraphBuilder g = new GraphBuilder();
    Value x = g.placeholder("x", Types.dense(DType.INT32, -1, -1));
    Value tiled = g.ops().tile(x, 1, (1L << 32) + 1);
    String message = Harness.runtimeError(g, tiled, Map.of("x", Tensor.of(DType.INT32, new int[0], 0, 1)));
    assertTrue(message.endsWith("dimension 1 of shape [0, 4294967297] is 4294967297, more than a tensor dimension can hold"
        + " (2147483639)"), message);
  }
}
