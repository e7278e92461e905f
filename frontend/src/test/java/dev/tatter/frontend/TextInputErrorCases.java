package dev.tatter.frontend;

import static dev.tatter.frontend.ErrorTriggers.build;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.tatter.runtime.DType;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.Tensor;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;
import java.util.function.Supplier;

/** The cases of docs/ERRORS.md for tensorflow_text's model-input builders (rows B300–B319, R300–R309). */
final class TextInputErrorCases {
  private TextInputErrorCases() {}

  private static Value ids(GraphBuilder g) {
    return g.ops().ragged.constant(List.of(List.of(1, 2, 3), List.of(4)));
  }

  private static Throwable run(GraphBuilder g, List<Value> outs, Map<String, ?> feeds) {
    try (Session s = new Session(g.build(outs.toArray(Value[]::new)))) {
      return assertThrows(InvalidArgumentException.class, () -> s.run(feeds, outs.toArray(Value[]::new)));
    }
  }

  static void register(BiConsumer<String, Supplier<Throwable>> on) {
    on.accept("B300", () -> build(() -> new GraphBuilder().ops().text.roundRobinTrimmer(3).trim(List.of())));
    on.accept("B301", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Value cube = g.constant(Tensor.of(DType.INT32, new int[] {1, 2}, 1, 1, 2));
      g.ops().text.waterfallTrimmer(3).generateMask(List.of(cube));
    }));
    on.accept("B302", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      g.ops().text.shrinkLongestTrimmer(g.constant(Tensor.ofFloats(2f))).trim(List.of(ids(g)));
    }));
    on.accept("B303", () -> build(() -> new GraphBuilder().ops().text.waterfallTrimmer(2.5)));
    on.accept("B304", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      g.ops().text.firstNItemSelector(1).getSelectionMask(ids(g), 2);
    }));
    on.accept("B305", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      g.ops().text.lastNItemSelector(1).getSelectionMask(g.ops().ragged.constant(List.of(List.of(1.5f))), 1);
    }));
    on.accept("B306", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      g.ops().text.combineSegments(List.of(g.ops().ragged.constant(List.of(List.of(1.5f)))), 101, 102);
    }));
    on.accept("B307", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      g.ops().text.concatenateSegments(List.of(ids(g), g.ops().ragged.constant(List.of(List.of(1L), List.of(2L)), DType.INT64, 1)));
    }));
    on.accept("B308", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      g.ops().text.padModelInputs(ids(g), -1);
    }));
    on.accept("B309", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      g.ops().text.padModelInputs(g.constant(Tensor.scalar(DType.INT32, 3)), 4);
    }));
    on.accept("B310", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      g.ops().text.slidingWindow(ids(g), 0);
    }));
    on.accept("B311", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      g.ops().text.slidingWindow(ids(g), 2, 2);
    }));
    on.accept("B312", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      g.ops().text.ngrams(g.ops().ragged.constant(List.of(List.of("a", "b"))), 2, 0, NgramReduction.STRING_JOIN, " ");
    }));
    on.accept("B313", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      g.ops().text.ngrams(ids(g), 2, -1, null);
    }));
    on.accept("B314", () -> build(() -> new GraphBuilder().ops().text.combineSegments(List.of(), 101, 102)));
    on.accept("R300", () -> {
      GraphBuilder g = new GraphBuilder();
      Value a = g.placeholder("a", Types.ragged(DType.INT64, 1));
      Value b = g.placeholder("b", Types.ragged(DType.INT64, 1));
      return run(g, g.ops().text.roundRobinTrimmer(3).trim(List.of(a, b)), Map.of(
          "a", RaggedTensor.fromNested(List.of(List.of(1L), List.of(2L))),
          "b", RaggedTensor.fromNested(List.of(List.of(1L)))));
    });
    on.accept("R301", () -> {
      GraphBuilder g = new GraphBuilder();
      Value a = g.placeholder("a", Types.ragged(DType.INT64, 1));
      Value budget = g.placeholder("budget", Types.dense(DType.INT64, -1));
      return run(g, g.ops().text.waterfallTrimmer(budget).trim(List.of(a)), Map.of(
          "a", RaggedTensor.fromNested(List.of(List.of(1L), List.of(2L))), "budget", Tensor.ofLongs(1, 2, 3)));
    });
  }
}
