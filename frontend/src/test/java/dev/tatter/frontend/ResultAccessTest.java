package dev.tatter.frontend;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.runtime.DType;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.SparseTensor;
import dev.tatter.runtime.Tensor;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Java data fed and fetched through a session: typed results, sparse fetches, names, a closed session. */
class ResultAccessTest {
  @Test
  void raggedFedFromJavaArrays_comesBackAsJavaArrays() {
    GraphBuilder g = new GraphBuilder();
    Value scores = g.placeholder("scores", Types.ragged(DType.FLOAT32, 1));
    Value scaled = scores.mul(2);
    Value lengths = scores.rowLengths();
    Value padded = scaled.toTensor(0);
    try (Session s = new Session(g.build(scaled, lengths, padded))) {
      Result r = s.run(Map.of("scores", RaggedTensor.fromNested(new float[][] {{0.5f, 1.5f}, {}, {-1f}})),
          scaled, lengths, padded);
      // tf.ragged.constant([[0.5, 1.5], [], [-1.]]) * 2 -> [[1.0, 3.0], [], [-2.0]]
      assertTrue(Arrays.deepEquals(new float[][] {{1f, 3f}, {}, {-2f}}, (float[][]) r.ragged(0).toNestedArray()));
      assertArrayEquals(new long[] {2, 0, 1}, r.tensor(1).toLongArray());
      assertTrue(Arrays.deepEquals(new float[][] {{1f, 3f}, {0f, 0f}, {-2f, 0f}}, (float[][]) r.tensor(2).toNestedArray()));
      assertEquals(3, r.values().size());
      assertThrows(UnsupportedOperationException.class, () -> r.values().add("x"));
    }
  }

  @Test
  void sparseFetch_andAccessorsOfTheWrongKind_sayWhichFetch() {
    GraphBuilder g = new GraphBuilder();
    Value rt = g.placeholder("rt", Types.ragged(DType.INT64, 1));
    Value sparse = rt.toSparse();
    try (Session s = new Session(g.build(sparse, rt))) {
      Result r = s.run(Map.of("rt", RaggedTensor.fromNested(List.of(List.of(7L), List.of(), List.of(8L, 9L)))),
          sparse, rt);
      SparseTensor st = r.sparse(0);
      // tf.ragged.constant([[7], [], [8, 9]]).to_sparse(): indices [[0, 0], [2, 0], [2, 1]], dense_shape [3, 2]
      assertArrayEquals(new long[] {0, 0, 2, 0, 2, 1}, st.indicesArray());
      assertArrayEquals(new long[] {3, 2}, st.denseShapeArray());
      IllegalStateException e = assertThrows(IllegalStateException.class, () -> r.tensor(1));
      assertEquals("fetch 1 (%rt) is a RaggedTensor, not a Tensor", e.getMessage());
      e = assertThrows(IllegalStateException.class, () -> r.ragged(0));
      assertEquals("fetch 0 (#" + sparse.node().id() + ") is a SparseTensor, not a RaggedTensor", e.getMessage());
    }
  }

  @Test
  void misspelledFeedAndFetchNames_suggestTheClosest() {
    GraphBuilder g = new GraphBuilder();
    Value scores = g.placeholder("scores", Types.dense(DType.INT64, -1));
    Value other = g.placeholder("weights", Types.dense(DType.INT64, -1));
    Value sum = scores.add(other);
    try (Session s = new Session(g.build(sum))) {
      Tensor one = Tensor.ofLongs(1);
      // a feed naming no placeholder is data, not API misuse: an InvalidArgumentException (ERRORS.md F13)
      RuntimeException feed = assertThrows(dev.tatter.runtime.InvalidArgumentException.class,
          () -> s.run(Map.of("socres", one, "weights", one), sum));
      assertEquals("feed 'socres' names no placeholder; did you mean 'scores'?; placeholders: [scores, weights]",
          feed.getMessage());
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> s.run(Map.of("scores", one, "weights", one), "weight"));
      assertEquals("no value named 'weight' in the graph; did you mean 'weights'?", e.getMessage());
      e = assertThrows(IllegalArgumentException.class, () -> s.run(Map.of("scores", one, "weights", one), "zzz"));
      assertEquals("no value named 'zzz' in the graph", e.getMessage());
    }
  }

  @Test
  void runAfterClose_isAnIllegalStateException() {
    GraphBuilder g = new GraphBuilder();
    Value x = g.placeholder("x", Types.dense(DType.INT64, -1));
    Session s = new Session(g.build(x));
    assertEquals(1L, s.run(Map.of("x", Tensor.ofLongs(1)), x).tensor(0).getLong(0));
    s.close();
    IllegalStateException e = assertThrows(IllegalStateException.class, () -> s.run(Map.of("x", Tensor.ofLongs(1)), x));
    assertEquals("this session is closed", e.getMessage());
  }

  @Test
  void didYouMean_distanceCountsASwapAsOneEdit() {
    assertEquals(1, DidYouMean.distance("socres", "scores"));
    assertEquals(3, DidYouMean.distance("abc", ""));
    assertEquals("", DidYouMean.suggest("x", List.of("y")));
  }
}
