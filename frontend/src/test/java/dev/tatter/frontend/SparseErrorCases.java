package dev.tatter.frontend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.tatter.codegen.Interpreter;
import dev.tatter.ir.Graph;
import dev.tatter.ir.GraphBuildException;
import dev.tatter.ir.types.SparseType;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.SparseTensor;
import dev.tatter.runtime.Tensor;
import java.util.Map;
import java.util.function.BiConsumer;
import java.util.function.Supplier;

/** The {@code docs/ERRORS.md} cases of the tf.sparse ops, registered by {@link ErrorCatalogTest}. */
final class SparseErrorCases {
  private SparseErrorCases() {}

  private static Throwable build(Runnable r) {
    return assertThrows(GraphBuildException.class, r::run);
  }

  /** Runs {@code fetch} interpreted and compiled; both must fail alike. */
  private static Throwable run(GraphBuilder g, Map<String, ?> feeds, Value fetch) {
    Graph graph = g.build(fetch);
    InvalidArgumentException interpreted = assertThrows(InvalidArgumentException.class, () -> Interpreter.run(graph, feeds));
    try (Session s = new Session(graph)) {
      InvalidArgumentException compiled = assertThrows(InvalidArgumentException.class, () -> s.run(feeds, fetch));
      assertEquals(interpreted.getMessage().replaceFirst("node #\\d+", "node"),
          compiled.getMessage().replaceFirst("node #\\d+", "node"), "interpreter and bytecode must fail alike");
      return compiled;
    }
  }

  private static Value sp(GraphBuilder g, String name, DType dtype, int rank) {
    long[] shape = new long[rank];
    java.util.Arrays.fill(shape, -1);
    return g.placeholder(name, SparseType.of(dtype, shape));
  }

  private static SparseTensor empty(DType dtype, long... shape) {
    Tensor values = Tensor.wrap(dtype, new int[] {0}, java.lang.reflect.Array.newInstance(dtype.arrayClass().getComponentType(), 0));
    return SparseTensor.of(new long[0][], values, shape);
  }

  private static Value abc(GraphBuilder g) {
    return g.sparseTensor(new long[][] {{0, 2}, {1, 0}, {1, 1}}, Tensor.ofInts(1, 2, 3), 2, 3);
  }

  static void register(BiConsumer<String, Supplier<Throwable>> on) {
    on.accept("B92", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      sp(g, "a", DType.FLOAT32, 2).sparseAdd(g.sparseTensor(new long[][] {{0}}, Tensor.ofFloats(1), 3));
    }));
    on.accept("B93", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      g.sparseConcat(2, abc(g), abc(g));
    }));
    on.accept("B94", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      g.sparseConcat(1, g.sparseTensor(new long[][] {{0, 0}}, Tensor.ofInts(1), 3, 3), abc(g));
    }));
    on.accept("B95", () -> build(() -> abc(new GraphBuilder()).sparseSlice(new long[] {-1, 0}, new long[] {1, 1})));
    on.accept("B96", () -> build(() -> abc(new GraphBuilder()).sparseReshape(-1, -1)));
    on.accept("B97", () -> build(() -> abc(new GraphBuilder()).sparseReshape(4, -1)));
    on.accept("B98", () -> build(() -> abc(new GraphBuilder()).sparseTranspose(0, 0)));
    on.accept("B99", () -> build(() -> abc(new GraphBuilder()).sparseExpandDims(3)));
    on.accept("B100", () -> build(() -> abc(new GraphBuilder()).sparseResetShape(new long[] {1, 3})));
    on.accept("B101", () -> build(() -> abc(new GraphBuilder()).sparseReduceSum(new long[] {2}, false)));
    on.accept("B102", () -> build(() -> abc(new GraphBuilder()).sparseReduceSumSparse(null, false)));
    on.accept("B103", () -> build(() -> {
      Value a = abc(new GraphBuilder());
      a.sparseAdd(a, 0.5);
    }));
    on.accept("B104", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Value d = g.constant(Tensor.ofInts(1));
      d.sparseAdd(d);
    }));

    on.accept("B108", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      g.sparseSegmentMean(g.constant(Tensor.ofInts(1, 2)), g.constant(Tensor.ofInts(0)), g.constant(Tensor.ofInts(0)), -1);
    }));
    on.accept("B105", () -> build(() -> abc(new GraphBuilder()).sparseSplit(4, 1)));
    on.accept("B106", () -> build(() -> new GraphBuilder().sparseEye(-1, 2, DType.FLOAT32)));
    on.accept("B107", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      abc(g).sparseFillEmptyRows(g.scalar(DType.FLOAT64, 1.5));
    }));
    on.accept("R83", () -> {
      GraphBuilder g = new GraphBuilder();
      Value a = sp(g, "a", DType.FLOAT32, 2);
      Value b = sp(g, "b", DType.FLOAT32, 2);
      return run(g, Map.of("a", empty(DType.FLOAT32, 2, 3), "b", empty(DType.FLOAT32, 2, 4)), a.sparseAdd(b));
    });
    on.accept("R84", () -> {
      GraphBuilder g = new GraphBuilder();
      Value a = sp(g, "a", DType.FLOAT32, 2);
      Value d = g.placeholder("d", Types.dense(DType.FLOAT32, -1, -1));
      return run(g, Map.of("a", empty(DType.FLOAT32, 2, 3), "d", Tensor.of(DType.FLOAT32, new float[4], 2, 2)), a.sparseAdd(d));
    });
    on.accept("R85", () -> {
      GraphBuilder g = new GraphBuilder();
      Value a = sp(g, "a", DType.INT32, 2);
      Value b = sp(g, "b", DType.INT32, 2);
      return run(g, Map.of("a", empty(DType.INT32, 2, 3), "b", empty(DType.INT32, 2, 4)), g.sparseConcat(0, a, b));
    });
    on.accept("R86", () -> {
      GraphBuilder g = new GraphBuilder();
      Value p = sp(g, "p", DType.INT32, 2);
      return run(g, Map.of("p", empty(DType.INT32, 2, 3)), p.sparseReshape(4, -1));
    });
    on.accept("R87", () -> {
      GraphBuilder g = new GraphBuilder();
      Value p = sp(g, "p", DType.INT32, 2);
      return run(g, Map.of("p", empty(DType.INT32, 2, 3)), p.sparseReshape(7));
    });
    on.accept("R75", () -> {
      GraphBuilder g = new GraphBuilder();
      Value p = sp(g, "p", DType.INT32, 2);
      return run(g, Map.of("p", empty(DType.INT32, 0, 3)), p.sparseReshape(0, -1));
    });
    on.accept("R77", () -> {
      GraphBuilder g = new GraphBuilder();
      Value p = sp(g, "p", DType.INT32, 2);
      Value keep = g.placeholder("k", Types.dense(DType.BOOL, -1));
      return run(g, Map.of("p", SparseTensor.of(new long[][] {{0, 0}}, Tensor.ofInts(1), 2, 2), "k", Tensor.ofBools(true, false)),
          p.sparseRetain(keep));
    });
    on.accept("R78", () -> {
      GraphBuilder g = new GraphBuilder();
      Value p = sp(g, "p", DType.INT32, 2);
      return run(g, Map.of("p", SparseTensor.of(new long[][] {{3, 0}}, Tensor.ofInts(1), 3, 2)), p.sparseFillEmptyRows(0).get(0));
    });
    on.accept("R79", () -> {
      GraphBuilder g = new GraphBuilder();
      Value p = sp(g, "p", DType.INT32, 2);
      return run(g, Map.of("p", empty(DType.INT32, 2, 2)), p.sparseSplit(3, 0).get(0));
    });
    on.accept("R80", () -> {
      GraphBuilder g = new GraphBuilder();
      Value ids = g.placeholder("ids", Types.dense(DType.INT32, -1));
      return run(g, Map.of("ids", Tensor.ofInts(1, 0)), g.sparseSegmentSum(g.constant(Tensor.ofInts(1, 2)), g.constant(Tensor.ofInts(0, 1)), ids, -1));
    });
    on.accept("R81", () -> {
      GraphBuilder g = new GraphBuilder();
      Value idx = g.placeholder("idx", Types.dense(DType.INT32, -1));
      return run(g, Map.of("idx", Tensor.ofInts(0, 3)), g.sparseSegmentSum(g.constant(Tensor.ofInts(1, 2, 3)), idx, g.constant(Tensor.ofInts(0, 0)), -1));
    });
    on.accept("R82", () -> {
      GraphBuilder g = new GraphBuilder();
      Value ids = g.placeholder("ids", Types.dense(DType.INT32, -1));
      return run(g, Map.of("ids", Tensor.ofInts(2)), g.sparseSegmentSum(g.constant(Tensor.ofInts(1, 2)), g.constant(Tensor.ofInts(0)), ids, 1));
    });
    on.accept("R76", () -> {
      GraphBuilder g = new GraphBuilder();
      Value p = sp(g, "p", DType.INT32, 2);
      return run(g, Map.of("p", empty(DType.INT32, 3, 3)), p.sparseResetShape(new long[] {2, 4}));
    });
  }
}
