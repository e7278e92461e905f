package dev.tatter.frontend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.ir.GraphBuildException;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.Tensor;
import org.junit.jupiter.api.Test;

/** argmax/argmin, top_k, in_top_k, sort/argsort, one_hot, unique, searchsorted and bucketize, run everywhere. */
class RankingEncodingTest {
  private static String run(GraphBuilder g, Value out) {
    return Harness.runFirst(g, out);
  }

  @Test
  void argmaxArgmin() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    // tf.math.argmax([2, 20, 30, 3, 6]) -> 2; tf.math.argmin(...) -> 0
    Value v = g.constant(Tensor.ofInts(2, 20, 30, 3, 6));
    assertEquals("2", run(g, tf.math.argmax(v)));
    assertEquals("0", run(g, tf.math.argmin(v)));
    // tf.math.argmax([[1, 9, 9], [7, 2, 7]], axis=1) -> [1, 0] (the first of equal ones), axis=0 -> [1, 0, 0]
    Value m = g.constant(Tensor.of(DType.INT32, new int[] {1, 9, 9, 7, 2, 7}, 2, 3));
    assertEquals("[1, 0]", run(g, tf.argmax(m, 1)));
    assertEquals("[1, 0, 0]", run(g, tf.argmax(m, 0, DType.INT32)));
    assertEquals("tensor<int32>[3]", tf.argmax(m, 0, DType.INT32).type().toString());
    // -0.0 equals 0.0: tf.math.argmax([-0., 0.]) -> 0
    assertEquals("0", run(g, tf.math.argmax(g.constant(Tensor.ofFloats(-0f, 0f)))));
    // per ragged row (TF has none): [[3, 5, 5], [], [-1, -2]] -> [1, -1, 0]
    Value rt = tf.ragged.constant(new int[][] {{3, 5, 5}, {}, {-1, -2}});
    assertEquals("[1, -1, 0]", run(g, tf.math.argmax(rt, 1)));
    assertEquals("[0, -1, 1]", run(g, tf.math.argmin(rt, -1)));
    GraphBuildException e = assertThrows(GraphBuildException.class, () -> tf.math.argmax(m, 2));
    assertTrue(e.getMessage().contains("axis 2 is out of range for rank 2"), e.getMessage());
  }

  @Test
  void topK_denseAndRagged_andInTopK() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    // tf.math.top_k([1, 3, 2, 3], k=2) -> values [3, 3], indices [1, 3]
    TopK top = tf.math.topK(g.constant(Tensor.ofInts(1, 3, 2, 3)), 2);
    assertEquals("[3, 3]", run(g, top.values()));
    assertEquals("[1, 3]", run(g, top.indices()));
    // rows: tf.math.top_k([[0.5, -1., 2.], [7., 7., 0.]], k=2) -> values [[2., 0.5], [7., 7.]], indices [[2, 0], [0, 1]]
    Value m = g.constant(Tensor.of(DType.FLOAT32, new float[] {0.5f, -1f, 2f, 7f, 7f, 0f}, 2, 3));
    TopK rows = tf.nn.topK(m, 2);
    assertEquals("[[2.0, 0.5], [7.0, 7.0]]", run(g, rows.values()));
    assertEquals("[[2, 0], [0, 1]]", run(g, rows.indices()));
    // k below an eighth of the row uses the heap path: the 3 largest of 0..39 permuted by i -> 17 i mod 40
    int[] wide = new int[40];
    for (int i = 0; i < 40; i++) {
      wide[i] = (i * 17) % 40;
    }
    TopK heap = tf.math.topK(g.constant(Tensor.ofInts(wide)), 3);
    // 17 i = 39 (mod 40) at i = 7, 38 at i = 14, 37 at i = 21
    assertEquals("[39, 38, 37]", run(g, heap.values()));
    assertEquals("[7, 14, 21]", run(g, heap.indices()));
    // per ragged row, min(k, length): [[3, 5, 4], [], [1, 2]] k=2 -> values [[5, 4], [], [2, 1]], indices [[1, 2], [], [1, 0]]
    TopK ragged = tf.math.topK(tf.ragged.constant(new int[][] {{3, 5, 4}, {}, {1, 2}}), 2);
    assertEquals("[[5, 4], [], [2, 1]]", run(g, ragged.values()));
    assertEquals("[[1, 2], [], [1, 0]]", run(g, ragged.indices()));
    GraphBuildException e = assertThrows(GraphBuildException.class, () -> tf.math.topK(m, 4));
    assertTrue(e.getMessage().contains("input must have at least k columns. Had 3, needed 4"), e.getMessage());
    // tf.math.in_top_k([2, 0, 5], [[0.1, 0.8, 0.3], [0.5, 0.2, 0.9], [1., 2., 3.]], k=1) -> [False, False, False]
    Value predictions = g.constant(Tensor.of(DType.FLOAT32, new float[] {0.1f, 0.8f, 0.3f, 0.5f, 0.2f, 0.9f, 1f, 2f, 3f}, 3, 3));
    assertEquals("[False, False, False]", run(g, tf.math.inTopK(g.constant(Tensor.ofInts(2, 0, 5)), predictions, 1)));
    // k=2: [True, True, False] (target 5 is out of range)
    assertEquals("[True, True, False]", run(g, tf.math.inTopK(g.constant(Tensor.ofInts(2, 0, 5)), predictions, 2)));
  }

  @Test
  void sortAndArgsort() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value v = g.constant(Tensor.ofFloats(1f, 10f, 26.9f, 2.8f, 166.32f, 62.3f));
    // tf.sort([1, 10, 26.9, 2.8, 166.32, 62.3]) -> [1., 2.8, 10., 26.9, 62.3, 166.32]
    assertEquals("[1.0, 2.8, 10.0, 26.9, 62.3, 166.32]", run(g, tf.sort(v)));
    // tf.argsort(...) -> [0, 3, 1, 2, 5, 4]; direction='DESCENDING' -> [4, 5, 2, 1, 3, 0]
    assertEquals("[0, 3, 1, 2, 5, 4]", run(g, tf.argsort(v)));
    assertEquals("[4, 5, 2, 1, 3, 0]", run(g, tf.argsort(v, -1, "DESCENDING")));
    // integers ascending through -x - 1 (no overflow at the minimum): tf.sort([3, -2147483648, 2147483647, 0])
    Value ints = g.constant(Tensor.ofInts(3, Integer.MIN_VALUE, Integer.MAX_VALUE, 0));
    assertEquals("[-2147483648, 0, 3, 2147483647]", run(g, tf.sort(ints)));
    // unsigned through max - x: tf.sort(tf.constant([200, 3, 255], tf.uint8)) -> [3, 200, 255]
    assertEquals("[3, 200, 255]", run(g, tf.sort(g.constant(Tensor.ofUint8(200, 3, 255)))));
    // along axis 0: tf.sort([[3, 1], [2, 4]], axis=0) -> [[2, 1], [3, 4]]
    Value m = g.constant(Tensor.of(DType.INT32, new int[] {3, 1, 2, 4}, 2, 2));
    assertEquals("[[2, 1], [3, 4]]", run(g, tf.sort(m, 0, "ASCENDING")));
  }

  @Test
  void oneHot() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    // tf.one_hot([0, 1, 2], 3) -> identity of float32
    assertEquals("[[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]]", run(g, tf.oneHot(g.constant(Tensor.ofInts(0, 1, 2)), 3)));
    // tf.one_hot([0, 2, -1, 1], 3, on_value=5.0, off_value=0.0, axis=-1) -> [[5., 0., 0.], [0., 0., 5.], [0., 0., 0.], [0., 5., 0.]]
    assertEquals("[[5.0, 0.0, 0.0], [0.0, 0.0, 5.0], [0.0, 0.0, 0.0], [0.0, 5.0, 0.0]]",
        run(g, tf.oneHot(g.constant(Tensor.ofInts(0, 2, -1, 1)), 3, 5.0f, 0.0f, -1)));
    // axis=0: tf.one_hot([[0, 2], [1, -1]], 3, axis=0) -> shape [3, 2, 2]
    Value idx = g.constant(Tensor.of(DType.INT64, new long[] {0, 2, 1, -1}, 2, 2));
    assertEquals("[[[1, 0], [0, 0]], [[0, 0], [1, 0]], [[0, 1], [0, 0]]]", run(g, tf.oneHot(idx, 3, 1, 0, 0)));
    // ragged indices encode their flat values: tf.one_hot(tf.ragged.constant([[1], [0, 1]]), 2) -> [[[0., 1.]], [[1., 0.], [0., 1.]]]
    assertEquals("[[[0.0, 1.0]], [[1.0, 0.0], [0.0, 1.0]]]", run(g, tf.oneHot(tf.ragged.constant(new int[][] {{1}, {0, 1}}), 2)));
  }

  @Test
  void uniqueSearchsortedBucketize() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value x = g.constant(Tensor.ofInts(1, 1, 2, 4, 4, 4, 7, 8, 8));
    // tf.unique([1, 1, 2, 4, 4, 4, 7, 8, 8]) -> y [1, 2, 4, 7, 8], idx [0, 0, 1, 2, 2, 2, 3, 4, 4]
    UniqueResult u = tf.uniqueWithCounts(x);
    assertEquals("[1, 2, 4, 7, 8]", run(g, u.y()));
    assertEquals("[0, 0, 1, 2, 2, 2, 3, 4, 4]", run(g, u.idx()));
    assertEquals("[2, 1, 3, 1, 2]", run(g, u.count()));
    // -0.0 and 0.0 are one value, every NaN its own: tf.unique([0., -0., nan, nan]).y -> [0., nan, nan]
    assertEquals("[0.0, nan, nan]", run(g, tf.unique(g.constant(Tensor.ofFloats(0f, -0f, Float.NaN, Float.NaN))).y()));
    // strings are their bytes: b'\xff' and b'\xfe' are two values though both read as U+FFFD as text
    // tf.unique([b"\xff", b"\xfe", b"\xff", "é"]) -> y [b'\xff', b'\xfe', b'\xc3\xa9'], idx [0, 1, 0, 2]
    UniqueResult s = tf.unique(g.constant(Tensor.ofByteStrings(new byte[] {(byte) 0xff}, new byte[] {(byte) 0xfe},
        new byte[] {(byte) 0xff}, new byte[] {(byte) 0xc3, (byte) 0xa9})));
    assertEquals("[b'\\xff', b'\\xfe', b'\\xc3\\xa9']", run(g, s.y()));
    assertEquals("[0, 1, 0, 2]", run(g, s.idx()));
    // tf.searchsorted([[0, 3, 9, 9, 10], [1, 2, 3, 4, 5]], [[2, 4, 9], [0, 2, 6]]) -> [[1, 2, 2], [0, 1, 5]]
    Value seq = g.constant(Tensor.of(DType.INT32, new int[] {0, 3, 9, 9, 10, 1, 2, 3, 4, 5}, 2, 5));
    Value vals = g.constant(Tensor.of(DType.INT32, new int[] {2, 4, 9, 0, 2, 6}, 2, 3));
    assertEquals("[[1, 2, 2], [0, 1, 5]]", run(g, tf.searchsorted(seq, vals)));
    // side='right' -> [[1, 2, 4], [0, 2, 5]]
    assertEquals("[[1, 2, 4], [0, 2, 5]]", run(g, tf.searchsorted(seq, vals, "right", DType.INT64)));
    // a vector: tf.searchsorted([1., 2., 3.], [2.5, 0.]) -> [2, 0]
    assertEquals("[2, 0]", run(g, tf.searchsorted(g.constant(Tensor.ofFloats(1f, 2f, 3f)), g.constant(Tensor.ofFloats(2.5f, 0f)))));
    // tf.raw_ops.Bucketize(input=[[-5, 10000], [150, 10], [5, 100]], boundaries=[0., 10., 100.]) -> [[0, 3], [3, 2], [1, 3]]
    Value in = g.constant(Tensor.of(DType.INT32, new int[] {-5, 10000, 150, 10, 5, 100}, 3, 2));
    assertEquals("[[0, 3], [3, 2], [1, 3]]", run(g, tf.rawOps.bucketize(in, Tensor.ofFloats(0f, 10f, 100f))));
  }
}
