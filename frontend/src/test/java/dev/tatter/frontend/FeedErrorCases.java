package dev.tatter.frontend;

import static dev.tatter.frontend.ErrorTriggers.*;

import dev.tatter.runtime.DType;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.RowPartition;
import dev.tatter.runtime.SparseTensor;
import dev.tatter.runtime.Tensor;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;
import java.util.function.Supplier;

/** The {@code docs/ERRORS.md} cases of feeds and runtime values, registered by {@link ErrorCatalogTest}. */
final class FeedErrorCases {
  private FeedErrorCases() {}

  static void register(BiConsumer<String, Supplier<Throwable>> on) {
    on.accept("F01", () -> {
      GraphBuilder g = new GraphBuilder();
      Value x = ph(g, "x", DType.FLOAT32, -1);
      return run(g, Map.of("x", Tensor.ofInts(1)), x.abs());
    });
    on.accept("F02", () -> {
      GraphBuilder g = new GraphBuilder();
      Value x = ph(g, "x", DType.INT32, -1);
      return run(g, Map.of("x", Tensor.of(DType.INT32, new int[] {1, 2}, 1, 2)), x.abs());
    });
    on.accept("F03", () -> {
      GraphBuilder g = new GraphBuilder();
      Value x = ph(g, "x", DType.INT32, 2);
      return run(g, Map.of("x", Tensor.ofInts(1, 2, 3)), x.abs());
    });
    on.accept("F04", () -> {
      GraphBuilder g = new GraphBuilder();
      Value x = g.placeholder("x", Types.ragged(DType.INT32, 2));
      return run(g, Map.of("x", RaggedTensor.of(Tensor.ofInts(1, 2), splits(0, 2))), x.abs());
    });
    on.accept("F05", () -> {
      GraphBuilder g = new GraphBuilder();
      Value x = ph(g, "x", DType.INT32, -1);
      return run(g, Map.of("x", RaggedTensor.of(Tensor.ofInts(1, 2), splits(0, 2))), x.abs());
    });
    on.accept("F06", () -> {
      GraphBuilder g = new GraphBuilder();
      Value x = ph(g, "x", DType.INT32, -1);
      Map<String, Object> feeds = new HashMap<>();
      feeds.put("x", null);
      return run(g, feeds, x.abs());
    });
    on.accept("F07", () -> {
      GraphBuilder g = new GraphBuilder();
      Value x = g.placeholder("x", Types.ragged(DType.INT32, 1, DType.INT32));
      return run(g, Map.of("x", RaggedTensor.of(Tensor.ofInts(1, 2),
          RowPartition.fromRowSplits(new long[] {0, 2}, DType.INT64, true))), x.abs());
    });
    on.accept("F08", () -> {
      GraphBuilder g = new GraphBuilder();
      Value x = g.placeholder("x", Types.parse("ragged<int32>[3, (None)]"));
      return run(g, Map.of("x", RaggedTensor.of(Tensor.ofInts(1, 2), splits(0, 1, 2))), x.abs());
    });
    on.accept("F09", () -> {
      GraphBuilder g = new GraphBuilder();
      Value p = g.placeholder("p", Types.parse("partition<int64>[None, 2]"));
      return run(g, Map.of("p", splits(0, 2, 3)), p.rowLengths());
    });
    on.accept("F10", () -> {
      GraphBuilder g = new GraphBuilder();
      Value x = g.placeholder("x", Types.parse("ragged<int32>[None, (None), 2]"));
      return run(g, Map.of("x", RaggedTensor.of(Tensor.ofInts(1, 2, 3), splits(0, 3))), x.abs());
    });
    on.accept("F11", () -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      Value x = g.placeholder("x", Types.parse("sparse<int32>[None, 3]"));
      return run(g, Map.of("x", SparseTensor.of(new long[][] {{0, 4}}, Tensor.ofInts(1), 2, 5)), tf.sparse.toDense(x));
    });
    on.accept("F12", () -> {
      GraphBuilder g = new GraphBuilder();
      Value x = ph(g, "x", DType.INT32, -1);
      return run(g, Map.of(), x.abs());
    });
    on.accept("F13", () -> thrown(() -> {
      GraphBuilder g = new GraphBuilder();
      Value y = ph(g, "x", DType.INT32, -1).abs();
      new Session(g.build()).run(Map.of("x", Tensor.ofInts(1), "nope", Tensor.ofInts(1)), y);
    }));
    on.accept("F14", () -> thrown(() -> RaggedTensor.of(Tensor.ofInts(1, 2, 3), splits(0, 2, 5))));
    on.accept("F15", () -> thrown(() -> splits(0, 3, 2)));
    on.accept("F16", () -> thrown(() -> Tensor.of(DType.INT32, new int[] {1, 2, 3}, 2)));
    on.accept("F17", () -> thrown(() -> SparseTensor.of(new long[][] {{0, 0}, {1}}, Tensor.ofInts(1, 2), 2, 2)));
    on.accept("F18", () -> thrown(() -> SparseTensor.of(new long[][] {{0, 0}}, Tensor.ofInts(1), 2, -2)));
    on.accept("F20", () -> {
      GraphBuilder g = new GraphBuilder();
      Value x = g.placeholder("x", Types.ragged(DType.INT32, 1));
      return run(g, Map.of("x", Tensor.ofInts(1, 2)), x.abs());
    });
    on.accept("F19", () -> thrown(() -> RowPartition.fromRowSplits(new long[] {0, 3_000_000_000L}, DType.INT32, true)));
    on.accept("F71", () -> thrown(() -> Tensor.fromNested(new long[][] {{1, 2}, {3}})));
    on.accept("F72", () -> thrown(() -> Tensor.fromNested(java.util.Arrays.asList(1L, null))));
    on.accept("F73", () -> thrown(() -> RaggedTensor.fromNested(List.of(List.of(1L), List.of(List.of(2L))))));
    on.accept("F74", () -> thrown(() -> Tensor.fromNested(List.of(1, "a"))));
    on.accept("F75", () -> thrown(() -> Tensor.fromNested(List.of(List.of(1, 200)), DType.INT8)));
    on.accept("F76", () -> thrown(() -> RaggedTensor.fromNested(new long[][][] {{{1, 2}}, {{3}}}, null, 1)));
    on.accept("F79", () -> thrown(() -> npy("PK not numpy".getBytes(java.nio.charset.StandardCharsets.ISO_8859_1))));
    on.accept("F80", () -> thrown(() -> npy(npyHeader(1, "{'descr': '<u8', 'fortran_order': False, 'shape': (1,), }"))));
    on.accept("F81", () -> thrown(() -> {
      byte[] whole = dev.tatter.runtime.io.Npy.toBytes(Tensor.fromNested(new long[][] {{1, 2, 3}, {4, 5, 6}}));
      npy(java.util.Arrays.copyOf(whole, whole.length - 3));
    }));
    on.accept("F82", () -> thrown(() -> npy(npyHeader(2, "{" + " ".repeat(70000 - 3) + "}\n"))));
    on.accept("F83", () -> thrown(() -> dev.tatter.runtime.io.Npz.toRagged(Map.of("values", Tensor.ofLongs(1)))));
    on.accept("F86", () -> thrown(() -> npy(npyHeader(1, "{'descr': '<i4', 'fortran_order': False, 'shape': (0, 4294967301), }\n"))));
    on.accept("F87", () -> thrown(() -> npy(npyHeader(1, "{'descr': '<i4', 'descr': '<i8', 'fortran_order': False, 'shape': (1,), }\n"))));
    on.accept("F84", () -> thrown(() -> {
      GraphBuilder g = new GraphBuilder();
      Value x = ph(g, "x", DType.INT32, -1);
      Value q = g.ops().math.floordiv(7, x); // 7 // x: synthetic integers include 0, whatever the fill
      try (Session s = new Session(g.build())) {
        s.runner(q).warmUp(java.time.Duration.ofSeconds(1));
      }
    }));
  }
}
