package dev.tatter.frontend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.ir.Graph;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.Tensor;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Session's boundary: errors of the documented types (D14), a bounded program cache (D15), and
 * values that no caller can change behind a compiled program's back (D4).
 */
class SessionApiTest {
  @Test
  void aFeedNamingNoPlaceholder_isAnInvalidArgument_andNullFeedsANamedNpe() {
    GraphBuilder g = new GraphBuilder();
    Value x = g.placeholder("x", Types.dense(DType.FLOAT32, -1));
    Value y = x.abs();
    try (Session s = new Session(g.build(y))) {
      InvalidArgumentException e = assertThrows(InvalidArgumentException.class,
          () -> s.run(Map.of("x", Tensor.ofFloats(1), "nope", Tensor.ofFloats(1)), y));
      assertEquals("feed 'nope' names no placeholder; placeholders: [x]", e.getMessage());
      NullPointerException npe = assertThrows(NullPointerException.class, () -> s.run((Map<String, ?>) null, y));
      assertTrue(npe.getMessage().startsWith("feeds"), npe.getMessage());
    }
  }

  @Test
  void nullKeysAndNullFetches_areNamedMisuse_notTheJvmsNpeText() {
    GraphBuilder g = new GraphBuilder();
    Value x = g.placeholder("x", Types.dense(DType.FLOAT32, -1));
    Value y = x.abs();
    try (Session s = new Session(g.build(y))) {
      java.util.Map<String, Object> feeds = new java.util.HashMap<>();
      feeds.put("x", Tensor.ofFloats(1));
      feeds.put(null, Tensor.ofFloats(2));
      for (Session.Backend backend : Session.Backend.values()) {
        try (Session b = new Session(g.build(y), dev.tatter.optimizer.PassManager.DEFAULT_PIPELINE, backend)) {
          NullPointerException e = assertThrows(NullPointerException.class, () -> b.run(feeds, y));
          assertEquals("feeds has a null key; each key names a placeholder", e.getMessage());
        }
      }
      NullPointerException e = assertThrows(NullPointerException.class, () -> s.run(Map.of("x", Tensor.ofFloats(1)), y, null));
      assertEquals("fetches[1] is null", e.getMessage());
      e = assertThrows(NullPointerException.class, () -> s.run(Map.of("x", Tensor.ofFloats(1)), "y", null));
      assertEquals("fetchNames[1] is null", e.getMessage());
      e = assertThrows(NullPointerException.class, () -> s.runner((Value) null));
      assertEquals("fetches[0] is null", e.getMessage());
    }
  }

  @Test
  void theProgramCacheIsBounded() {
    GraphBuilder g = new GraphBuilder();
    Value x = g.placeholder("x", Types.dense(DType.INT32, -1));
    Value[] outs = new Value[Session.MAX_CACHED_PROGRAMS + 20];
    for (int i = 0; i < outs.length; i++) {
      outs[i] = x.add(i);
    }
    Graph graph = g.build(outs);
    try (Session s = new Session(graph)) {
      for (int i = 0; i < outs.length; i++) {
        // tf.constant([1]) + i -> [1 + i]
        assertEquals(Tensor.ofInts(1 + i), s.run(Map.of("x", Tensor.ofInts(1)), outs[i]).get(0));
        assertTrue(s.compiledSignatures() <= Session.MAX_CACHED_PROGRAMS);
      }
      // an evicted program is compiled again when asked for
      assertEquals(Tensor.ofInts(1), s.run(Map.of("x", Tensor.ofInts(1)), outs[0]).get(0));
    }
  }

  @Test
  void noCallerCanWriteAValueAProgramHolds() {
    GraphBuilder g = new GraphBuilder();
    Tensor c = Tensor.ofInts(1, 2);
    Value constant = g.constant(c);
    Value x = g.placeholder("x", Types.dense(DType.INT32, 2));
    Value sum = x.add(constant);
    try (Session s = new Session(g.build(sum, constant))) {
      Result first = s.run(Map.of("x", Tensor.ofInts(10, 20)), sum, constant);
      ((int[]) c.data())[0] = -7; // a copy: the constant keeps its value
      ((int[]) first.tensor(1).data())[0] = -7; // so is the fetched constant's data
      Result second = s.run(Map.of("x", Tensor.ofInts(10, 20)), sum, constant);
      // tf.constant([10, 20]) + [1, 2] -> [11, 22]
      assertEquals(Tensor.ofInts(11, 22), second.get(0));
      assertEquals(Tensor.ofInts(1, 2), second.get(1));
      assertNotSame(c.data(), c.data());
    }
    RaggedTensor rt = RaggedTensor.of(Tensor.ofInts(1, 2, 3),
        dev.tatter.runtime.RowPartition.fromRowSplits(new long[] {0, 1, 3}, DType.INT64, true));
    rt.partition().rowSplitsArray()[1] = 3;
    assertEquals(1, rt.partition().rowLength(0));
  }
}
