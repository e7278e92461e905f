package dev.tatter.frontend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.tatter.codegen.Interpreter;
import dev.tatter.ir.Graph;
import dev.tatter.ir.GraphBuildException;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.Tensor;
import java.util.Map;
import java.util.function.BiConsumer;
import java.util.function.Supplier;

/**
 * The {@code docs/ERRORS.md} cases of the feature ops (embedding lookups, feature crosses and
 * hashing, and the TF ops around them), registered by {@link ErrorCatalogTest}.
 */
final class FeatureErrorCases {
  private FeatureErrorCases() {}

  private static Throwable build(Runnable r) {
    return assertThrows(GraphBuildException.class, r::run);
  }

  /** Runs {@code fetch} interpreted and compiled; both must fail alike. */
  static Throwable run(GraphBuilder g, Map<String, ?> feeds, Value fetch) {
    Graph graph = g.build(fetch);
    InvalidArgumentException interpreted = assertThrows(InvalidArgumentException.class, () -> Interpreter.run(graph, feeds));
    try (Session s = new Session(graph)) {
      InvalidArgumentException compiled = assertThrows(InvalidArgumentException.class, () -> s.run(feeds, fetch));
      assertEquals(interpreted.getMessage().replaceFirst("node #\\d+", "node"),
          compiled.getMessage().replaceFirst("node #\\d+", "node"), "interpreter and bytecode must fail alike");
      return compiled;
    }
  }

  private static Value table(GraphBuilder g) {
    return g.constant(Tensor.of(DType.FLOAT32, new float[] {1, 2, 3, 4}, 2, 2));
  }

  static void register(BiConsumer<String, Supplier<Throwable>> on) {
    // ---- embeddings ----
    on.accept("B400", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      g.ops().nn.embeddingLookupSparse(table(g), g.placeholder("ids", Types.parse("sparse<int64>[2, 2]")), null, "max");
    }));
    on.accept("B401", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      g.ops().nn.embeddingLookupSparse(table(g), g.placeholder("ids", Types.dense(DType.INT64, -1)), null, "sum");
    }));
    on.accept("B402", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      g.ops().nn.embeddingLookupSparse(table(g), g.placeholder("ids", Types.parse("sparse<int64>[2, 2]")),
          g.placeholder("w", Types.ragged(DType.FLOAT32, 1)), "sum");
    }));
    on.accept("B403", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      g.ops().nn.embeddingLookupSparse(table(g), g.placeholder("ids", Types.ragged(DType.INT64, 2)), null, "sum");
    }));
    on.accept("B404", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      g.ops().nn.embeddingLookup(table(g), g.placeholder("ids", Types.ragged(DType.FLOAT32, 1)));
    }));
    on.accept("B405", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      g.ops().nn.embeddingLookup(g.placeholder("t", Types.ragged(DType.FLOAT32, 1)), g.indices(DType.INT64, 0));
    }));
    on.accept("B406", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      g.ops().nn.safeEmbeddingLookupSparse(table(g), g.placeholder("ids", Types.parse("sparse<int64>[2, 2]")),
          g.placeholder("w", Types.parse("sparse<float64>[2, 2]")), "mean");
    }));
    on.accept("B407", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      g.ops().nn.safeEmbeddingLookupSparse(table(g), g.placeholder("ids", Types.parse("sparse<int64>[2, 2, 2]")));
    }));
    on.accept("B408", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      g.ops().clipByNorm(g.indices(DType.INT32, 3, 4), 1);
    }));
    on.accept("B409", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      g.ops().clipByNorm(table(g), 1, new long[] {2});
    }));
    on.accept("B410", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      g.ops().nn.embeddingLookup(table(g), g.placeholder("ids", Types.parse("sparse<int64>[2, 2]")));
    }));
    on.accept("B411", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      g.ops().nn.embeddingLookupSparse(table(g), g.placeholder("ids", Types.parse("sparse<int64>[2, 2]")),
          g.placeholder("w", Types.dense(DType.FLOAT32, -1)), "sum");
    }));
  }
}
