package dev.tatter.frontend;

import static dev.tatter.frontend.ErrorTriggers.build;
import static dev.tatter.frontend.ErrorTriggers.run;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.tatter.runtime.DType;
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
    // ---- feature crosses and fingerprints ----
    on.accept("B412", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      g.ops().sparse.cross(java.util.List.of(g.placeholder("r", Types.ragged(DType.STRING, 1))));
    }));
    on.accept("B413", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      g.ops().ragged.crossHashed(java.util.List.of(g.placeholder("r", Types.ragged(DType.STRING, 1))), -1);
    }));
    on.accept("B414", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      g.ops().ragged.cross(java.util.List.of(g.placeholder("r", Types.ragged(DType.FLOAT32, 1))));
    }));
    on.accept("B415", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      g.ops().sparse.cross(java.util.List.of(g.placeholder("s", Types.parse("sparse<int64>[2, 2, 2]"))));
    }));
    on.accept("B416", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      g.ops().ragged.cross(java.util.List.of(g.placeholder("r", Types.ragged(DType.STRING, 2))));
    }));
    on.accept("B417", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      g.ops().sparse.cross(java.util.List.of(g.placeholder("d", Types.dense(DType.STRING, -1))));
    }));
    on.accept("B418", () -> assertThrows(IllegalArgumentException.class,
        () -> new GraphBuilder().ops().ragged.cross(java.util.List.of())));
    on.accept("B419", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      g.ops().fingerprint(g.scalar(DType.INT64, 1));
    }));
    on.accept("B420", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      g.ops().fingerprint(g.indices(DType.INT64, 1, 2), "md5");
    }));
    on.accept("R400", () -> {
      GraphBuilder g = new GraphBuilder();
      Value a = g.placeholder("a", Types.ragged(DType.STRING, 1));
      Value b = g.placeholder("b", Types.ragged(DType.STRING, 1));
      return run(g, Map.of("a", strings(new long[] {0, 1, 2}, "x", "y"), "b", strings(new long[] {0, 1}, "z")),
          g.ops().ragged.cross(java.util.List.of(a, b)));
    });
    on.accept("R401", () -> {
      GraphBuilder g = new GraphBuilder();
      Value s = g.placeholder("s", Types.parse("sparse<int64>[None, None]"));
      Value d = g.placeholder("d", Types.dense(DType.INT64, -1, -1));
      return run(g, Map.of("s", dev.tatter.runtime.SparseTensor.of(new long[][] {{0, 0}}, Tensor.ofLongs(7), 2, 1),
          "d", Tensor.of(DType.INT64, new long[] {1, 2, 3}, 3, 1)), g.ops().sparse.crossHashed(java.util.List.of(d, s)));
    });
  }

  private static dev.tatter.runtime.RaggedTensor strings(long[] splits, String... values) {
    return dev.tatter.runtime.RaggedTensor.of(Tensor.ofStrings(values),
        dev.tatter.runtime.RowPartition.fromRowSplits(splits, DType.INT64, true));
  }
}
