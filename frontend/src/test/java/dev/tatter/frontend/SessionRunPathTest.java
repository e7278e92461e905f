package dev.tatter.frontend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.runtime.DType;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.Tensor;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Session.run's per-run shortcuts (the last fetch list's plan, feeds counted, not walked) keep every check. */
class SessionRunPathTest {
  @Test
  void alternatingFetchLists_eachGetItsOwnResult() {
    GraphBuilder g = new GraphBuilder();
    Value a = g.placeholder("a", Types.dense(DType.INT64, -1));
    Value b = g.placeholder("b", Types.dense(DType.INT64, -1));
    Value sum = a.add(b);
    Value diff = a.sub(b);
    try (Session s = new Session(g.build())) {
      Map<String, Object> feeds = Map.of("a", Tensor.ofLongs(7), "b", Tensor.ofLongs(2));
      for (int i = 0; i < 3; i++) {
        // tf.add(7, 2) -> 9; tf.subtract(7, 2) -> 5
        assertEquals(Tensor.ofLongs(9), s.run(feeds, sum).get(0));
        assertEquals(Tensor.ofLongs(5), s.run(feeds, diff).get(0));
        assertEquals(List.of(Tensor.ofLongs(5), Tensor.ofLongs(9)), s.run(feeds, diff, sum).values());
        assertEquals(Tensor.ofLongs(9), s.run(feeds, List.of(sum.node())).get(0));
      }
      assertEquals(3, s.compiledSignatures());
    }
  }

  @Test
  void aFetchOfAnotherGraph_isRefusedAfterARunOfThisOne() {
    GraphBuilder g = new GraphBuilder();
    Value x = g.placeholder("x", Types.dense(DType.INT64, -1));
    Value y = x.add(1L);
    GraphBuilder other = new GraphBuilder();
    Value z = other.placeholder("x", Types.dense(DType.INT64, -1)).add(1L);
    other.build();
    try (Session s = new Session(g.build())) {
      s.run(Map.of("x", Tensor.ofLongs(1)), y);
      assertThrows(IllegalArgumentException.class, () -> s.run(Map.of("x", Tensor.ofLongs(1)), z));
      assertThrows(IllegalArgumentException.class, () -> s.run(Map.of("x", Tensor.ofLongs(1)), List.of(z.node())));
    }
  }

  @Test
  void aFeedNamingNoPlaceholder_isReportedFirst_evenWithAnotherBadFeed() {
    GraphBuilder g = new GraphBuilder();
    Value x = g.placeholder("x", Types.dense(DType.INT64, -1));
    Value y = x.add(1L);
    try (Session s = new Session(g.build())) {
      s.run(Map.of("x", Tensor.ofLongs(1)), y);
      InvalidArgumentException unknown = assertThrows(InvalidArgumentException.class,
          () -> s.run(Map.of("x", Tensor.ofFloats(1f), "xx", Tensor.ofLongs(1)), y));
      assertTrue(unknown.getMessage().startsWith("feed 'xx' names no placeholder"), unknown.getMessage());
      InvalidArgumentException alone = assertThrows(InvalidArgumentException.class,
          () -> s.run(Map.of("x", Tensor.ofLongs(1), "w", Tensor.ofLongs(1)), y));
      assertTrue(alone.getMessage().startsWith("feed 'w' names no placeholder"), alone.getMessage());
      InvalidArgumentException missing = assertThrows(InvalidArgumentException.class,
          () -> s.run(Map.of("w", Tensor.ofLongs(1)), y));
      assertTrue(missing.getMessage().startsWith("feed 'w' names no placeholder"), missing.getMessage());
    }
  }
}
