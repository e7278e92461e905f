package dev.tatter.frontend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.ir.GraphBuildException;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.RowPartition;
import dev.tatter.runtime.SparseTensor;
import dev.tatter.runtime.Tensor;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@code tf.nn.embedding_lookup}, {@code embedding_lookup_sparse}, {@code safe_embedding_lookup_sparse} and {@code tf.clip_by_norm}. */
class EmbeddingLookupTest {
  /** The docstring's params [[1, 2], [3, 4], [5, 6], [7, 8]]. */
  private static final Tensor PARAMS = Tensor.of(DType.FLOAT32, new float[] {1, 2, 3, 4, 5, 6, 7, 8}, 4, 2);

  private static String run(GraphBuilder g, Value out, Map<String, ?> feeds) {
    return Harness.runEverywhere(g.build(out), feeds).get(0).toString();
  }

  private static SparseTensor sparse(long[][] indices, Tensor values, long... shape) {
    return SparseTensor.of(indices, values, shape);
  }

  @Test
  void embeddingLookup_denseAndRaggedIds_likeTf() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value params = g.constant(Tensor.of(DType.FLOAT32, new float[] {0.1f, 0.2f, 0.3f, 0.4f, 0.5f, 0.6f}, 3, 2));
    // tf.nn.embedding_lookup([[0.1, 0.2], [0.3, 0.4], [0.5, 0.6]], [1, 0, 2]) -> [[0.3, 0.4], [0.1, 0.2], [0.5, 0.6]]
    assertEquals("[[0.3, 0.4], [0.1, 0.2], [0.5, 0.6]]",
        Harness.runFirst(g, tf.nn.embeddingLookup(params, g.indices(DType.INT32, 1, 0, 2))));
    // tf.nn.embedding_lookup(params, tf.ragged.constant([[1, 0], [], [2]])) -> [[[0.3, 0.4], [0.1, 0.2]], [], [[0.5, 0.6]]]
    Value ids = g.placeholder("ids", Types.ragged(DType.INT64, 1));
    RaggedTensor feed = RaggedTensor.of(Tensor.ofLongs(1, 0, 2), RowPartition.fromRowSplits(new long[] {0, 2, 2, 3}, DType.INT64, true));
    assertEquals("[[[0.3, 0.4], [0.1, 0.2]], [], [[0.5, 0.6]]]", run(g, tf.nn.embeddingLookup(params, ids), Map.of("ids", feed)));
  }

  @Test
  void embeddingLookup_maxNorm_clipsRowsLongerThanIt() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value params = g.constant(Tensor.of(DType.FLOAT32, new float[] {3, 4, 0.3f, 0.4f, 0, 0}, 3, 2));
    // tf.nn.embedding_lookup([[3., 4.], [.3, .4], [0., 0.]], [0, 1, 2], max_norm=1.) -> [[0.6, 0.8], [0.3, 0.4], [0., 0.]]
    // (a norm of 5 scales by 1 / 5; 0.5 and 0 keep the row: x * 1 / max(norm, 1))
    assertEquals("[[0.6, 0.8], [0.3, 0.4], [0.0, 0.0]]",
        Harness.runFirst(g, tf.nn.embeddingLookup(params, g.indices(DType.INT64, 0, 1, 2), 1.0)));
    // tf.clip_by_norm([[3., 4.]], 2.) -> [[1.2, 1.6]]
    assertEquals("[[1.2, 1.6]]", Harness.runFirst(g, tf.clipByNorm(g.constant(Tensor.of(DType.FLOAT32, new float[] {3, 4}, 1, 2)), 2)));
  }

  @Test
  void embeddingLookupSparse_docstringExamples_sparseAndRagged() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value params = g.constant(PARAMS);
    Value spIds = g.placeholder("sp_ids", Types.parse("sparse<int64>[3, 2]"));
    Value spWeights = g.placeholder("sp_weights", Types.parse("sparse<float32>[3, 2]"));
    long[][] idx = {{0, 0}, {0, 1}, {1, 0}, {2, 0}};
    Map<String, Object> feeds = Map.of("sp_ids", sparse(idx, Tensor.ofLongs(0, 1, 3, 2), 3, 2),
        "sp_weights", sparse(idx, Tensor.ofFloats(0.1f, 1, 0.5f, 2), 3, 2));
    // tf.nn.embedding_lookup_sparse(params, sp_ids, sp_weights=None, combiner='sum') -> [[4., 6.], [7., 8.], [5., 6.]]
    assertEquals("[[4.0, 6.0], [7.0, 8.0], [5.0, 6.0]]", run(g, tf.nn.embeddingLookupSparse(params, spIds, null, "sum"), feeds));
    // tf.nn.embedding_lookup_sparse(params, sp_ids, sp_weights=sparse_weights, combiner='sum') -> [[3.1, 4.2], [3.5, 4.], [10., 12.]]
    assertEquals("[[3.1, 4.2], [3.5, 4.0], [10.0, 12.0]]", run(g, tf.nn.embeddingLookupSparse(params, spIds, spWeights, "sum"), feeds));
    // the same ids as a ragged tensor: tf.ragged.constant([[0, 1], [3], [2]])
    Value rIds = g.placeholder("r_ids", Types.ragged(DType.INT64, 1));
    Value rWeights = g.placeholder("r_weights", Types.ragged(DType.FLOAT32, 1));
    RowPartition rows = RowPartition.fromRowSplits(new long[] {0, 2, 3, 4}, DType.INT64, true);
    Map<String, Object> ragged = Map.of("r_ids", RaggedTensor.of(Tensor.ofLongs(0, 1, 3, 2), rows),
        "r_weights", RaggedTensor.of(Tensor.ofFloats(0.1f, 1, 0.5f, 2), rows));
    assertEquals("[[3.1, 4.2], [3.5, 4.0], [10.0, 12.0]]", run(g, tf.nn.embeddingLookupSparse(params, rIds, rWeights, "sum"), ragged));
    assertEquals("[[2.0, 3.0], [7.0, 8.0], [5.0, 6.0]]", run(g, tf.nn.embeddingLookupSparse(params, rIds, null), ragged));
  }

  @Test
  void embeddingLookupSparse_combiners_andRowsAsTfsSegmentsGiveThem() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value params = g.constant(PARAMS);
    Value spIds = g.placeholder("sp_ids", Types.parse("sparse<int64>[5, 3]"));
    Value spWeights = g.placeholder("sp_weights", Types.parse("sparse<float32>[5, 3]"));
    // rows 0 and 2 hold ids, rows 1, 3 and 4 are empty
    long[][] idx = {{0, 0}, {0, 1}, {2, 0}};
    Map<String, Object> feeds = Map.of("sp_ids", sparse(idx, Tensor.ofLongs(0, 1, 3), 5, 3),
        "sp_weights", sparse(idx, Tensor.ofFloats(3, 4, 2), 5, 3));
    // embedding_lookup_sparse(..., combiner='sqrtn'): row 0 = ([1, 2] * 3 + [3, 4] * 4) / sqrt(9 + 16) = [3., 4.4];
    // the empty row 1 is div_no_nan(0, 0) = 0, and the result stops at the last row holding an id (segment_sum)
    assertEquals("[[3.0, 4.4], [0.0, 0.0], [7.0, 8.0]]", run(g, tf.nn.embeddingLookupSparse(params, spIds, spWeights, "sqrtn"), feeds));
    // combiner='mean': ([1, 2] * 3 + [3, 4] * 4) / 7 = [15 / 7, 22 / 7]; row 2 is [7, 8] * 2 / 2
    assertEquals("[[2.142857, 3.142857], [0.0, 0.0], [7.0, 8.0]]",
        run(g, tf.nn.embeddingLookupSparse(params, spIds, spWeights, "mean"), feeds));
    // no weights, combiner='mean' (SparseSegmentMean): [[2., 3.], [0., 0.], [7., 8.]]
    assertEquals("[[2.0, 3.0], [0.0, 0.0], [7.0, 8.0]]", run(g, tf.nn.embeddingLookupSparse(params, spIds, null, "mean"), feeds));
    // max_norm=5. clips [7, 8] to [7, 8] * 5 / sqrt(113) = [3.292523, 3.7628834] (float32); sqrtn without weights
    // is SparseSegmentSqrtN: row 0 = ([1, 2] + [3, 4]) / sqrt(2)
    assertEquals("[[2.828427, 4.2426405], [0.0, 0.0], [3.292523, 3.7628834]]",
        run(g, tf.nn.embeddingLookupSparse(params, spIds, null, "sqrtn", 5.0), feeds));
  }

  @Test
  void safeEmbeddingLookupSparse_prunesFillsAndZeroesEmptyRows() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value params = g.constant(PARAMS);
    Value ids = g.placeholder("ids", Types.parse("sparse<int64>[4, 4]"));
    Value weights = g.placeholder("weights", Types.parse("sparse<float32>[4, 4]"));
    // the docstring's case: [0, 0]: id 1 weight 2; [0, 1]: id 3 weight 0.5; [1, 0]: id -1 weight 1; [2, 3]: id 1 weight 3;
    // and [2, 0]: id 2 with weight 0 (pruned by 'mean'); row 3 empty
    long[][] idx = {{0, 0}, {0, 1}, {1, 0}, {2, 0}, {2, 3}};
    Map<String, Object> feeds = Map.of("ids", sparse(idx, Tensor.ofLongs(1, 3, -1, 2, 1), 4, 4),
        "weights", sparse(idx, Tensor.ofFloats(2, 0.5f, 1, 0, 3), 4, 4));
    // output[0] = (params[1] * 2 + params[3] * 0.5) / 2.5 = [3.8, 4.8]; rows 1 and 3 have no valid id: zeros
    assertEquals("[[3.8, 4.8], [0.0, 0.0], [3.0, 4.0], [0.0, 0.0]]",
        run(g, tf.nn.safeEmbeddingLookupSparse(params, ids, weights, "mean"), feeds));
    // default_id=0: the empty rows take params[0]
    assertEquals("[[3.8, 4.8], [1.0, 2.0], [3.0, 4.0], [1.0, 2.0]]",
        run(g, tf.nn.safeEmbeddingLookupSparse(params, ids, weights, "mean", 0L, null), feeds));
    // combiner='sum' keeps the weight-0 entry: row 2 = params[2] * 0 + params[1] * 3
    assertEquals("[[9.5, 12.0], [0.0, 0.0], [9.0, 12.0], [0.0, 0.0]]",
        run(g, tf.nn.safeEmbeddingLookupSparse(params, ids, weights, "sum"), feeds));
    // the same as ragged ids: [[1, 3], [-1], [2, 1], []]
    Value rIds = g.placeholder("r_ids", Types.ragged(DType.INT64, 1));
    Value rWeights = g.placeholder("r_weights", Types.ragged(DType.FLOAT32, 1));
    RowPartition rows = RowPartition.fromRowSplits(new long[] {0, 2, 3, 5, 5}, DType.INT64, true);
    Map<String, Object> ragged = Map.of("r_ids", RaggedTensor.of(Tensor.ofLongs(1, 3, -1, 2, 1), rows),
        "r_weights", RaggedTensor.of(Tensor.ofFloats(2, 0.5f, 1, 0, 3), rows));
    assertEquals("[[3.8, 4.8], [0.0, 0.0], [3.0, 4.0], [0.0, 0.0]]",
        run(g, tf.nn.safeEmbeddingLookupSparse(params, rIds, rWeights, "mean"), ragged));
    // no weights, 'mean': row 0 = (params[1] + params[3]) / 2, row 2 = (params[2] + params[1]) / 2
    assertEquals("[[5.0, 6.0], [0.0, 0.0], [4.0, 5.0], [0.0, 0.0]]", run(g, tf.nn.safeEmbeddingLookupSparse(params, rIds), ragged));
  }

  @Test
  void badArguments_areRefusedWithTfsMessages() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value params = g.constant(PARAMS);
    Value ids = g.placeholder("ids", Types.parse("sparse<int64>[4, 4]"));
    Value dense = g.placeholder("dense", Types.dense(DType.INT64, -1));
    Value floats = g.placeholder("floats", Types.ragged(DType.FLOAT32, 1));
    List<Runnable> bad = List.of(
        () -> tf.nn.embeddingLookupSparse(params, ids, null, "max"),
        () -> tf.nn.embeddingLookupSparse(params, dense, null, "sum"),
        () -> tf.nn.embeddingLookupSparse(params, ids, floats, "sum"),
        () -> tf.nn.embeddingLookup(params, floats),
        () -> tf.nn.safeEmbeddingLookupSparse(params, ids, g.placeholder("w64", Types.parse("sparse<float64>[4, 4]")), "mean"));
    List<String> expected = List.of("combiner must be one of 'mean', 'sqrtn' or 'sum', got max",
        "sp_ids must be SparseTensor or RaggedTensor", "sp_ids must be of the same type as sp_weights",
        "The values contained by the inputs have type float32 and cannot be processed",
        "Tensor conversion requested dtype float64 for Tensor with dtype float32");
    for (int i = 0; i < bad.size(); i++) {
      String message = assertThrows(GraphBuildException.class, bad.get(i)::run).getMessage();
      assertTrue(message.contains(expected.get(i)), message);
    }
  }

  @Test
  void idOutOfRange_failsAtRunTime_namingTheKernel() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value ids = g.placeholder("ids", Types.parse("sparse<int64>[2, 2]"));
    Value out = tf.nn.embeddingLookupSparse(g.constant(PARAMS), ids, null, "sum");
    String error = Harness.sessionError(g, out, Map.of("ids", sparse(new long[][] {{0, 0}, {1, 1}}, Tensor.ofLongs(0, 4), 2, 2)));
    assertTrue(error.contains("sparse_segment_sum") && error.contains("4"), error);
  }
}
