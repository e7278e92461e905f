package dev.tatter.frontend;

import static dev.tatter.frontend.ErrorTriggers.build;
import static dev.tatter.frontend.ErrorTriggers.run;

import dev.tatter.ir.types.SparseType;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.SparseTensor;
import dev.tatter.runtime.Tensor;
import java.util.Map;
import java.util.function.BiConsumer;
import java.util.function.Supplier;

/** The {@code docs/ERRORS.md} cases of the tf.sparse ops, registered by {@link ErrorCatalogTest}. */
final class SparseErrorCases {
  private SparseErrorCases() {}

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
      Ops tf = g.ops();
      tf.sparse.add(sp(g, "a", DType.FLOAT32, 2), g.sparseTensor(new long[][] {{0}}, Tensor.ofFloats(1), 3));
    }));
    on.accept("B93", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      tf.sparse.concat(2, abc(g), abc(g));
    }));
    on.accept("B94", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      tf.sparse.concat(1, g.sparseTensor(new long[][] {{0, 0}}, Tensor.ofInts(1), 3, 3), abc(g));
    }));
    on.accept("B95", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      tf.sparse.slice(abc(g), new long[] {-1, 0}, new long[] {1, 1});
    }));
    on.accept("B96", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      tf.sparse.reshape(abc(g), -1, -1);
    }));
    on.accept("B97", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      tf.sparse.reshape(abc(g), 4, -1);
    }));
    on.accept("B98", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      tf.sparse.transpose(abc(g), 0, 0);
    }));
    on.accept("B99", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      tf.sparse.expandDims(abc(g), 3);
    }));
    on.accept("B100", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      tf.sparse.resetShape(abc(g), new long[] {1, 3});
    }));
    on.accept("B101", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      tf.sparse.reduceSum(abc(g), new long[] {2}, false);
    }));
    on.accept("B102", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      tf.sparse.reduceSum(abc(g), null, false, true);
    }));
    on.accept("B103", () -> build(() -> {
      Value a = abc(new GraphBuilder());
      a.graph().ops().sparse.add(a, a, 0.5);
    }));
    on.accept("B104", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      Value d = g.constant(Tensor.ofInts(1));
      tf.sparse.add(d, d);
    }));

    on.accept("B108", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      tf.sparse.segmentMean(g.constant(Tensor.ofInts(1, 2)), g.constant(Tensor.ofInts(0)), g.constant(Tensor.ofInts(0)), -1);
    }));
    on.accept("B105", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      tf.sparse.split(abc(g), 4, 1);
    }));
    on.accept("B106", () -> build(() -> new GraphBuilder().ops().sparse.eye(-1, 2, DType.FLOAT32)));
    on.accept("B107", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      tf.sparse.fillEmptyRows(abc(g), g.scalar(DType.FLOAT64, 1.5));
    }));
    on.accept("R83", () -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      Value a = sp(g, "a", DType.FLOAT32, 2);
      Value b = sp(g, "b", DType.FLOAT32, 2);
      return run(g, Map.of("a", empty(DType.FLOAT32, 2, 3), "b", empty(DType.FLOAT32, 2, 4)), tf.sparse.add(a, b));
    });
    on.accept("R84", () -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      Value a = sp(g, "a", DType.FLOAT32, 2);
      Value d = g.placeholder("d", Types.dense(DType.FLOAT32, -1, -1));
      return run(g, Map.of("a", empty(DType.FLOAT32, 2, 3), "d", Tensor.of(DType.FLOAT32, new float[4], 2, 2)), tf.sparse.add(a, d));
    });
    on.accept("R85", () -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      Value a = sp(g, "a", DType.INT32, 2);
      Value b = sp(g, "b", DType.INT32, 2);
      return run(g, Map.of("a", empty(DType.INT32, 2, 3), "b", empty(DType.INT32, 2, 4)), tf.sparse.concat(0, a, b));
    });
    on.accept("R86", () -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      Value p = sp(g, "p", DType.INT32, 2);
      return run(g, Map.of("p", empty(DType.INT32, 2, 3)), tf.sparse.reshape(p, 4, -1));
    });
    on.accept("R87", () -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      Value p = sp(g, "p", DType.INT32, 2);
      return run(g, Map.of("p", empty(DType.INT32, 2, 3)), tf.sparse.reshape(p, 7));
    });
    on.accept("R75", () -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      Value p = sp(g, "p", DType.INT32, 2);
      return run(g, Map.of("p", empty(DType.INT32, 0, 3)), tf.sparse.reshape(p, 0, -1));
    });
    on.accept("R77", () -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      Value p = sp(g, "p", DType.INT32, 2);
      Value keep = g.placeholder("k", Types.dense(DType.BOOL, -1));
      return run(g, Map.of("p", SparseTensor.of(new long[][] {{0, 0}}, Tensor.ofInts(1), 2, 2), "k", Tensor.ofBools(true, false)),
          tf.sparse.retain(p, keep));
    });
    on.accept("R78", () -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      Value p = sp(g, "p", DType.INT32, 2);
      return run(g, Map.of("p", SparseTensor.of(new long[][] {{3, 0}}, Tensor.ofInts(1), 3, 2)), tf.sparse.fillEmptyRows(p, 0).get(0));
    });
    on.accept("R79", () -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      Value p = sp(g, "p", DType.INT32, 2);
      return run(g, Map.of("p", empty(DType.INT32, 2, 2)), tf.sparse.split(p, 3, 0).get(0));
    });
    on.accept("R80", () -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      Value ids = g.placeholder("ids", Types.dense(DType.INT32, -1));
      return run(g, Map.of("ids", Tensor.ofInts(1, 0)), tf.sparse.segmentSum(g.constant(Tensor.ofInts(1, 2)), g.constant(Tensor.ofInts(0, 1)), ids, -1));
    });
    on.accept("R81", () -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      Value idx = g.placeholder("idx", Types.dense(DType.INT32, -1));
      return run(g, Map.of("idx", Tensor.ofInts(0, 3)), tf.sparse.segmentSum(g.constant(Tensor.ofInts(1, 2, 3)), idx, g.constant(Tensor.ofInts(0, 0)), -1));
    });
    on.accept("R82", () -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      Value ids = g.placeholder("ids", Types.dense(DType.INT32, -1));
      return run(g, Map.of("ids", Tensor.ofInts(2)), tf.sparse.segmentSum(g.constant(Tensor.ofInts(1, 2)), g.constant(Tensor.ofInts(0)), ids, 1));
    });
    on.accept("R76", () -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      Value p = sp(g, "p", DType.INT32, 2);
      return run(g, Map.of("p", empty(DType.INT32, 3, 3)), tf.sparse.resetShape(p, new long[] {2, 4}));
    });
  }
}
