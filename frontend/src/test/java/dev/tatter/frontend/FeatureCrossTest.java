package dev.tatter.frontend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.runtime.DType;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.RowPartition;
import dev.tatter.runtime.SparseTensor;
import dev.tatter.runtime.Tensor;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@code tf.ragged.cross(_hashed)}, {@code tf.sparse.cross(_hashed)} and {@code tf.fingerprint}: TF's docstring cases. */
class FeatureCrossTest {
  private static RaggedTensor strings(long[] splits, String... values) {
    return RaggedTensor.of(Tensor.ofStrings(values), RowPartition.fromRowSplits(splits, DType.INT64, true));
  }

  private static String run(GraphBuilder g, Value out, Map<String, ?> feeds) {
    return Harness.runEverywhere(g.build(out), feeds).get(0).toString();
  }

  @Test
  void raggedCross_docstring_stringsAndHashes() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value a = g.placeholder("a", Types.ragged(DType.STRING, 1));
    Value b = g.placeholder("b", Types.ragged(DType.STRING, 1));
    Value c = g.placeholder("c", Types.ragged(DType.STRING, 1));
    Map<String, Object> feeds = Map.of("a", strings(new long[] {0, 1, 3}, "a", "b", "c"),
        "b", strings(new long[] {0, 1, 2}, "d", "e"), "c", strings(new long[] {0, 1, 2}, "f", "g"));
    // tf.ragged.cross([tf.ragged.constant([['a'], ['b', 'c']]), tf.ragged.constant([['d'], ['e']]),
    //                  tf.ragged.constant([['f'], ['g']])]) -> [[b'a_X_d_X_f'], [b'b_X_e_X_g', b'c_X_e_X_g']]
    assertEquals("[[b'a_X_d_X_f'], [b'b_X_e_X_g', b'c_X_e_X_g']]", run(g, tf.ragged.cross(List.of(a, b, c)), feeds));
    // tf.ragged.cross_hashed([...the same...], num_buckets=100) -> [[78], [66, 74]]
    assertEquals("[[78], [66, 74]]", run(g, tf.ragged.crossHashed(List.of(a, b, c), 100), feeds));
  }

  @Test
  void raggedCross_intFeaturesPrintAsDecimal_denseInputsAreRows() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value ids = g.placeholder("ids", Types.ragged(DType.INT32, 1, DType.INT32));
    Value words = g.constant(Tensor.ofStrings("x", "y").reshape(2, 1));
    RaggedTensor feed = RaggedTensor.of(Tensor.ofInts(-1, 20, 3), RowPartition.fromRowSplits(new long[] {0, 2, 3}, DType.INT32, true));
    // tf.ragged.cross([tf.ragged.constant([[-1, 20], [3]], row_splits_dtype=tf.int32), [['x'], ['y']]])
    //   -> [[b'-1_X_x', b'20_X_x'], [b'3_X_y']] with int32 row splits (its one ragged input's)
    Value out = tf.ragged.cross(List.of(ids, words));
    assertEquals("[[b'-1_X_x', b'20_X_x'], [b'3_X_y']]", run(g, out, Map.of("ids", feed)));
    assertEquals(DType.INT32, ((dev.tatter.ir.types.RaggedType) out.type()).splitsDType());
  }

  @Test
  void sparseCross_docstring_sparseFirstThenDense() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value s0 = g.sparseTensor(new long[][] {{0, 0}, {1, 0}, {1, 1}}, Tensor.ofStrings("a", "b", "c"), 2, 2);
    Value s1 = g.sparseTensor(new long[][] {{0, 0}, {1, 0}}, Tensor.ofStrings("d", "e"), 2, 1);
    Value d = g.constant(Tensor.ofStrings("f", "g").reshape(2, 1));
    // tf.sparse.cross([s0, s1, d]): [0, 0]: "a_X_d_X_f", [1, 0]: "b_X_e_X_g", [1, 1]: "c_X_e_X_g", shape [2, 2];
    // the dense input given first still comes after the sparse ones (TF's kernel takes them so)
    String expected = "SparseTensor(indices=[[0, 0], [1, 0], [1, 1]], values=[b'a_X_d_X_f', b'b_X_e_X_g', b'c_X_e_X_g'], "
        + "dense_shape=[2, 2])";
    assertEquals(expected, Harness.runFirst(g, tf.sparse.cross(List.of(s0, s1, d))));
    assertEquals(expected, Harness.runFirst(g, tf.sparse.cross(List.of(d, s0, s1))));
    // tf.sparse.cross([tf.constant([['a'], ['b']]), tf.constant([['c'], ['d']])], separator='_Y_').values -> [b'a_Y_c', b'b_Y_d']
    Value out = tf.sparse.cross(List.of(g.constant(Tensor.ofStrings("a", "b").reshape(2, 1)),
        g.constant(Tensor.ofStrings("c", "d").reshape(2, 1))), "_Y_");
    assertEquals("[b'a_Y_c', b'b_Y_d']", Harness.runFirst(g, out.values()));
    // tf.sparse.cross([tf.constant([['a']]), tf.constant([['b']])], separator='é').values -> [b'a\xc3\xa9b']: the separator's UTF-8
    Value accented = tf.sparse.cross(List.of(g.constant(Tensor.ofStrings("a").reshape(1, 1)),
        g.constant(Tensor.ofStrings("b").reshape(1, 1))), "\u00e9");
    assertEquals("[b'a\\xc3\\xa9b']", Harness.runFirst(g, accented.values()));
  }

  @Test
  void batchSizesThatDiffer_failAtRunTime_withTfsMessages() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value a = g.placeholder("a", Types.ragged(DType.STRING, 1));
    Value b = g.placeholder("b", Types.ragged(DType.STRING, 1));
    Map<String, Object> feeds = Map.of("a", strings(new long[] {0, 1, 3}, "a", "b", "c"), "b", strings(new long[] {0, 1}, "d"));
    // tf.ragged.cross of 2 rows and 1 row: InvalidArgumentError: inputs must all have the same batch dimension size.
    String error = Harness.sessionError(g, tf.ragged.cross(List.of(a, b)), feeds);
    assertTrue(error.contains("inputs must all have the same batch dimension size."), error);
    Value s = g.placeholder("s", Types.parse("sparse<int64>[None, None]"));
    Value d = g.placeholder("d", Types.dense(DType.INT64, -1, -1));
    Map<String, Object> sparseFeeds = Map.of("s", SparseTensor.of(new long[][] {{0, 0}}, Tensor.ofLongs(7), 2, 1),
        "d", Tensor.of(DType.INT64, new long[] {1, 2, 3}, 3, 1));
    // tf.sparse.cross([s (batch 2), d (batch 3)]): Expected batch size 2 got 3 at dense tensor 0
    error = Harness.sessionError(g, tf.sparse.crossHashed(List.of(d, s)), sparseFeeds);
    assertTrue(error.contains("Expected batch size 2 got 3 at dense tensor 0"), error);
  }

  @Test
  void fingerprint_ofRowsOfSeveralStrings_fingerprintsTheirFingerprints() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    // TF's Fingerprint: a row of one string is its Fingerprint64 little-endian: Fingerprint64("a") = 0xb3454265b6df75e3
    assertEquals("[[227, 117, 223, 182, 101, 66, 69, 179]]",
        Harness.runFirst(g, tf.fingerprint(g.constant(Tensor.ofStrings("a").reshape(1, 1)))));
    // tf.fingerprint(tf.constant([[1, 2], [3, 4]])) (TF 2.18)
    assertEquals("[[76, 18, 253, 133, 168, 204, 240, 10], [254, 162, 60, 240, 103, 244, 53, 255]]",
        Harness.runFirst(g, tf.fingerprint(g.constant(Tensor.ofInts(1, 2, 3, 4).reshape(2, 2)))));
  }
}
