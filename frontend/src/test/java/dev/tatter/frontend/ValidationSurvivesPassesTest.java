package dev.tatter.frontend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.ir.Graph;
import dev.tatter.optimizer.PassManager;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.Tensor;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import org.junit.jupiter.api.Test;

/**
 * A check the user asked for ({@code validate=True}, the factories' default) fails the run under
 * every pipeline: canonicalization may not forward a validated {@code ragged}'s values or
 * partition past it, which let DCE drop the check.
 */
class ValidationSurvivesPassesTest {
  private static final List<String> PIPELINES = List.of("", "canonicalize,dce", PassManager.DEFAULT_PIPELINE);

  private static void failsEverywhere(Graph graph, Map<String, ?> feeds, String expected) {
    for (String pipeline : PIPELINES) {
      for (Session.Backend backend : Session.Backend.values()) {
        try (Session s = new Session(graph, pipeline, backend)) {
          InvalidArgumentException e = assertThrows(InvalidArgumentException.class, () -> s.run(feeds, graph.outputs()),
              "[" + pipeline + "] " + backend);
          assertTrue(e.getMessage().contains(expected), e.getMessage());
        }
      }
    }
  }

  @Test
  void valuesOfAValidatedRaggedTensor_checkThatTheValuesFit() {
    // tf.RaggedTensor.from_row_lengths([1., 2.], [1]).values raises: the lengths cover 1 value, not 2
    BiFunction<GraphBuilder, Value, Value> values = (g, v) -> g.raggedFromRowLengths(v, g.constant(Tensor.ofLongs(1))).values();
    GraphBuilder g = new GraphBuilder();
    Value v = g.placeholder("v", Types.dense(DType.FLOAT32, -1));
    Graph graph = g.build(values.apply(g, v));
    failsEverywhere(graph, Map.of("v", Tensor.ofFloats(1, 2)), "the partition covers 1 values but values has 2 rows");
    // and the partition of one
    GraphBuilder h = new GraphBuilder();
    Value w = h.placeholder("v", Types.dense(DType.FLOAT32, -1));
    Graph lengths = h.build(h.raggedFromRowLengths(w, h.constant(Tensor.ofLongs(1))).rowLengths());
    failsEverywhere(lengths, Map.of("v", Tensor.ofFloats(1, 2)), "the partition covers 1 values but values has 2 rows");
  }

  @Test
  void rowLengthsPastTheLimit_failUnderEveryPipeline() {
    GraphBuilder g = new GraphBuilder();
    Value v = g.placeholder("v", Types.dense(DType.FLOAT32, -1));
    Graph graph = g.build(g.raggedFromRowLengths(v, g.constant(Tensor.ofLongs(Long.MAX_VALUE))).values());
    failsEverywhere(graph, Map.of("v", Tensor.ofFloats(1)), "row_lengths[0..0] sum to 9223372036854775807");
  }

  @Test
  void withoutValidate_theOptimizerStillForwards_andAFittingFeedRuns() {
    GraphBuilder g = new GraphBuilder();
    Value v = g.placeholder("v", Types.dense(DType.FLOAT32, -1));
    Graph graph = g.build(g.raggedFromRowLengths(v, g.constant(Tensor.ofLongs(2)), true).values());
    // tf.RaggedTensor.from_row_lengths([1., 2.], [2]).values -> [1., 2.]
    assertEquals(Tensor.ofFloats(1, 2), Harness.runEverywhere(graph, Map.of("v", Tensor.ofFloats(1, 2))).get(0));
  }
}
