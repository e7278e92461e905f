package dev.tatter.frontend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.tatter.runtime.DType;
import dev.tatter.runtime.Tensor;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Session.run's check of feed names (done against a set built once, not by scanning the graph per run). */
class SessionFeedNamesTest {
  @Test
  void run_refusesAFeedThatNamesNoPlaceholder_listingThePlaceholders() {
    GraphBuilder g = new GraphBuilder();
    Value a = g.placeholder("a", Types.dense(DType.FLOAT32));
    Value b = g.placeholder("b", Types.dense(DType.FLOAT32));
    Value sum = a.add(b);
    try (Session s = new Session(g.build())) {
      Tensor one = Tensor.scalar(DType.FLOAT32, 1);
      assertEquals("2.0", s.run(Map.of("a", one, "b", one), sum).get(0).toString());
      // F13 in docs/ERRORS.md: a feeding error, an InvalidArgumentException like the others
      dev.tatter.runtime.InvalidArgumentException e = assertThrows(dev.tatter.runtime.InvalidArgumentException.class,
          () -> s.run(Map.of("a", one, "c", one), sum));
      assertEquals("feed 'c' names no placeholder; placeholders: [a, b]", e.getMessage());
    }
  }
}
