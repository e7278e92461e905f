package dev.tatter.frontend;

import static dev.tatter.frontend.ErrorTriggers.build;
import static dev.tatter.frontend.ErrorTriggers.ph;
import static dev.tatter.frontend.ErrorTriggers.run;

import dev.tatter.ir.types.SparseType;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.SparseTensor;
import dev.tatter.runtime.Tensor;
import java.util.Map;
import java.util.function.BiConsumer;
import java.util.function.Supplier;

/**
 * The {@code docs/ERRORS.md} cases of the last TF gaps: segment ids and row splits, base64,
 * unsorted_segment_join, the tf.debugging checks, map_flat_values/map_values of several
 * operands and SparseDenseCwise*; registered by {@link ErrorCatalogTest}.
 */
final class GapErrorCases {
  private GapErrorCases() {}

  static void register(BiConsumer<String, Supplier<Throwable>> on) {
    on.accept("B660", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      g.ops().ragged.segmentIdsToRowSplits(ph(g, "ids", DType.INT32, 2, 2));
    }));
    on.accept("B661", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      g.ops().ragged.segmentIdsToRowSplits(ph(g, "ids", DType.INT32, -1), -2, null);
    }));
    on.accept("B662", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      g.ops().ragged.segmentIdsToRowSplits(ph(g, "ids", DType.INT32, -1), -1, DType.FLOAT32);
    }));
    on.accept("B663", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      g.ops().ragged.rowSplitsToSegmentIds(ph(g, "s", DType.FLOAT32, -1));
    }));
    on.accept("B664", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      g.ops().ragged.rowSplitsToSegmentIds(ph(g, "s", DType.INT64, 2, 2));
    }));
    on.accept("B665", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      g.ops().ragged.rowSplitsToSegmentIds(ph(g, "s", DType.INT64, 0));
    }));
    on.accept("B666", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      g.ops().io.encodeBase64(ph(g, "x", DType.INT32, 2));
    }));
    on.accept("B667", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      g.ops().strings.unsortedSegmentJoin(ph(g, "s", DType.STRING, 3), ph(g, "ids", DType.INT32, 4), 2);
    }));
    on.accept("B668", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      g.ops().strings.unsortedSegmentJoin(g.placeholder("s", Types.ragged(DType.STRING, 1)), ph(g, "ids", DType.INT32, 2), 2);
    }));
    on.accept("B669", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Value s = ph(g, "s", DType.STRING, 2);
      g.ops().debugging.assertLess(s, s);
    }));
    on.accept("B670", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      g.ops().debugging.assertEqual(ph(g, "x", DType.INT32, 2), ph(g, "y", DType.INT64, 2));
    }));
    on.accept("B671", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      g.ops().debugging.assertEqual(ph(g, "x", DType.INT32, 2), ph(g, "y", DType.INT32, 3));
    }));
    on.accept("B672", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      g.ops().debugging.assertPositive(g.placeholder("x", Types.ragged(DType.INT32, 1)));
    }));
    on.accept("B673", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      g.ops().debugging.checkNumerics(ph(g, "x", DType.INT32, 2), "ints");
    }));
    on.accept("B674", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      tf.ragged.mapFlatValues(v -> tf.math.add(v.get(0), v.get(1)), g.placeholder("a", Types.ragged(DType.INT32, 1)),
          g.placeholder("b", Types.ragged(DType.INT32, 2)));
    }));
    on.accept("B675", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      tf.sparse.mapValues(v -> tf.math.add(v.get(0), v.get(1)), ph(g, "a", DType.INT32, 2), ph(g, "b", DType.INT32, 2));
    }));
    on.accept("B676", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      g.ops().rawOps.sparseDenseCwiseAdd(g.placeholder("st", SparseType.of(DType.FLOAT32, 0)), ph(g, "d", DType.FLOAT32, 1));
    }));
    on.accept("B677", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Value c = ph(g, "c", DType.COMPLEX64, 2);
      g.ops().debugging.assertEqual(c, c);
    }));
    on.accept("B678", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      g.ops().sparse.reshape(g.placeholder("st", SparseType.of(DType.INT32, -1, -1)), ph(g, "to", DType.INT64, -1));
    }));
    on.accept("B679", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      g.ops().sparse.slice(g.placeholder("st", SparseType.of(DType.INT32, -1, -1, -1)), ph(g, "start", DType.INT64, 2),
          ph(g, "size", DType.INT64, 3));
    }));

    on.accept("R660", () -> {
      GraphBuilder g = new GraphBuilder();
      Value s = ph(g, "s", DType.STRING, -1);
      return run(g, Map.of("s", Tensor.ofStrings("Zm9v", "Zm+v")), g.ops().io.decodeBase64(s));
    });
    on.accept("R661", () -> {
      GraphBuilder g = new GraphBuilder();
      Value s = ph(g, "s", DType.STRING, -1);
      return run(g, Map.of("s", Tensor.ofStrings("Zm9vY")), g.ops().io.decodeBase64(s));
    });
    on.accept("R662", () -> {
      GraphBuilder g = new GraphBuilder();
      Value ids = ph(g, "ids", DType.INT64, -1);
      return run(g, Map.of("ids", Tensor.ofLongs(0, 2)),
          g.ops().strings.unsortedSegmentJoin(g.constant(Tensor.ofStrings("a", "b")), ids, 2));
    });
    on.accept("R663", () -> {
      GraphBuilder g = new GraphBuilder();
      Value n = ph(g, "n", DType.INT64);
      return run(g, Map.of("n", Tensor.scalar(DType.INT64, -1L)),
          g.ops().strings.unsortedSegmentJoin(g.constant(Tensor.ofStrings("a")), g.constant(Tensor.ofLongs(0)), n, ""));
    });
    on.accept("R664", () -> {
      GraphBuilder g = new GraphBuilder();
      Value x = ph(g, "x", DType.INT32, -1);
      return run(g, Map.of("x", Tensor.ofInts(1, 2, 3)), g.ops().debugging.assertEqual(x, g.constant(Tensor.ofInts(1, 2, 4))));
    });
    on.accept("R665", () -> {
      GraphBuilder g = new GraphBuilder();
      Value x = ph(g, "x", DType.FLOAT32, -1);
      return run(g, Map.of("x", Tensor.ofFloats(1f, Float.NaN)), g.ops().debugging.checkNumerics(x, "logits"));
    });
    on.accept("R666", () -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      Value p = g.placeholder("p", SparseType.of(DType.INT32, -1));
      Value q = g.placeholder("q", SparseType.of(DType.INT32, -1));
      return run(g, Map.of("p", SparseTensor.of(new long[][] {{0}}, Tensor.ofInts(1), 3),
          "q", SparseTensor.of(new long[][] {{2}}, Tensor.ofInts(1), 3)), tf.sparse.mapValues(v -> tf.math.add(v.get(0), v.get(1)), p, q));
    });
    on.accept("R667", () -> {
      GraphBuilder g = new GraphBuilder();
      Value p = g.placeholder("p", SparseType.of(DType.FLOAT32, -1, -1));
      return run(g, Map.of("p", SparseTensor.of(new long[][] {{0, 0}}, Tensor.ofFloats(1f), 2, 4)),
          g.ops().rawOps.sparseDenseCwiseAdd(p, g.constant(Tensor.of(DType.FLOAT32, new float[3], 3, 1))));
    });
    on.accept("R668", () -> {
      GraphBuilder g = new GraphBuilder();
      Value ids = ph(g, "ids", DType.INT64, -1);
      return run(g, Map.of("ids", Tensor.ofLongs(0, 1)),
          g.ops().strings.unsortedSegmentJoin(g.constant(Tensor.ofStrings("a", "b", "c")), ids, 2));
    });
  }
}
