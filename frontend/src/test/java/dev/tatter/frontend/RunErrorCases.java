package dev.tatter.frontend;

import static dev.tatter.frontend.ErrorTriggers.*;

import dev.tatter.runtime.DType;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.RowPartition;
import dev.tatter.runtime.Sizes;
import dev.tatter.runtime.SparseTensor;
import dev.tatter.runtime.Tensor;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;
import java.util.function.Supplier;

/** The {@code docs/ERRORS.md} cases raised while a graph runs, registered by {@link ErrorCatalogTest}. */
final class RunErrorCases {
  private RunErrorCases() {}

  static void register(BiConsumer<String, Supplier<Throwable>> on) {
    on.accept("R680", () -> {
      GraphBuilder g = new GraphBuilder();
      return run(g, Map.of("a", Tensor.ofLongs(Long.MAX_VALUE)), g.ops().math.bincount(ph(g, "a", DType.INT64, -1)));
    });
    on.accept("R01", () -> {
      GraphBuilder g = new GraphBuilder();
      Value p = g.partitionFromRowSplits(ph(g, "s", DType.INT64, -1));
      return run(g, Map.of("s", Tensor.ofLongs(0, 4, 5, 2)), p.rowLengths());
    });
    on.accept("R02", () -> {
      GraphBuilder g = new GraphBuilder();
      Value p = g.partitionFromRowSplits(ph(g, "s", DType.INT64, -1));
      return run(g, Map.of("s", Tensor.ofLongs(1, 2)), p.rowLengths());
    });
    on.accept("R03", () -> {
      GraphBuilder g = new GraphBuilder();
      Value p = g.partitionFromRowLengths(ph(g, "l", DType.INT64, -1));
      return run(g, Map.of("l", Tensor.ofLongs(2, -1)), p.rowSplits());
    });
    on.accept("R04", () -> {
      GraphBuilder g = new GraphBuilder();
      Value p = g.partitionFromValueRowids(ph(g, "ids", DType.INT64, -1));
      return run(g, Map.of("ids", Tensor.ofLongs(0, 2, 1)), p.rowSplits());
    });
    on.accept("R05", () -> {
      GraphBuilder g = new GraphBuilder();
      Value p = g.partitionFromValueRowids(ph(g, "ids", DType.INT64, -1), ph(g, "n", DType.INT64));
      return run(g, Map.of("ids", Tensor.ofLongs(0, 1, 3), "n", Tensor.scalar(DType.INT64, 3)), p.rowSplits());
    });
    on.accept("R06", () -> {
      GraphBuilder g = new GraphBuilder();
      Value rt = g.ragged(ph(g, "v", DType.INT32, -1), g.partitionFromRowSplits(ph(g, "s", DType.INT64, -1)));
      return run(g, Map.of("v", Tensor.ofInts(1, 2, 3), "s", Tensor.ofLongs(0, 2, 5)), rt.toTensor());
    });
    on.accept("R07", () -> {
      GraphBuilder g = new GraphBuilder();
      Value a = g.placeholder("a", Types.ragged(DType.INT32, 1));
      Value b = g.placeholder("b", Types.ragged(DType.INT32, 1));
      return run(g, Map.of("a", RaggedTensor.of(Tensor.ofInts(1, 2, 3), splits(0, 1, 3)),
          "b", RaggedTensor.of(Tensor.ofInts(1, 2, 3), splits(0, 2, 3))), a.add(b));
    });
    on.accept("R08", () -> {
      GraphBuilder g = new GraphBuilder();
      Value x = g.placeholder("x", Types.ragged(DType.INT32, 1));
      return run(g, Map.of("x", RaggedTensor.of(Tensor.ofInts(1, 2), splits(0, 1, 2))), x.getItem(-3));
    });
    on.accept("R09", () -> {
      GraphBuilder g = new GraphBuilder();
      Value x = ph(g, "x", DType.INT32, -1);
      Value y = ph(g, "y", DType.INT32, -1);
      return run(g, Map.of("x", Tensor.ofInts(7, 8), "y", Tensor.ofInts(2, 0)), x.floordiv(y));
    });
    on.accept("R10", () -> {
      GraphBuilder g = new GraphBuilder();
      Value x = ph(g, "x", DType.INT32, -1);
      Value y = ph(g, "y", DType.INT32, -1);
      return run(g, Map.of("x", Tensor.ofInts(2), "y", Tensor.ofInts(-1)), x.pow(y));
    });
    on.accept("R11", () -> withLimit(1000, () -> {
      GraphBuilder g = new GraphBuilder();
      Value rt = g.placeholder("rt", Types.ragged(DType.INT32, 1));
      return run(g, Map.of("rt", RaggedTensor.of(Tensor.ofInts(1, 2), splits(0, 2))), rt.toTensor(0, 100_000, 100_000));
    }));
    on.accept("R12", () -> withLimit(1000, () -> {
      GraphBuilder g = new GraphBuilder();
      Value rt = g.placeholder("rt", Types.ragged(DType.INT32, 1));
      return run(g, Map.of("rt", RaggedTensor.of(Tensor.ofInts(1, 2), RowPartition.fromRowSplits(
          java.util.stream.LongStream.concat(java.util.stream.LongStream.of(0), java.util.stream.LongStream.generate(() -> 2).limit(600)).toArray(),
          DType.INT64, true))), rt.toTensor());
    }));
    on.accept("R13", () -> withLimit(1000, () -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      Value st = g.placeholder("st", Types.parse("sparse<int32>[None, None]"));
      return run(g, Map.of("st", SparseTensor.of(new long[][] {{0, 0}}, Tensor.ofInts(1), 1L << 40, 1L << 40)), tf.sparse.toDense(st));
    }));
    on.accept("R14", () -> {
      GraphBuilder g = new GraphBuilder();
      Value p = g.partitionFromRowLengths(ph(g, "l", DType.INT32, -1));
      return run(g, Map.of("l", Tensor.ofInts(Integer.MAX_VALUE, 1)), p.rowSplits());
    });
    on.accept("R15", () -> {
      GraphBuilder g = new GraphBuilder();
      Value p = g.partitionFromRowLengths(ph(g, "l", DType.INT64, -1));
      return run(g, Map.of("l", Tensor.ofLongs(Long.MAX_VALUE, 1)), p.rowSplits());
    });
    on.accept("R16", () -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      Value st = g.placeholder("st", Types.parse("sparse<int32>[None, None]"));
      return run(g, Map.of("st", SparseTensor.of(new long[][] {{0, 5}}, Tensor.ofInts(1), 2, 3)), tf.sparse.reduceSum(st));
    });
    on.accept("R17", () -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      Value st = g.placeholder("st", Types.parse("sparse<int32>[None, None]"));
      return run(g, Map.of("st", SparseTensor.of(new long[][] {{0, 1}, {0, 1}}, Tensor.ofInts(1, 2), 2, 3)), tf.sparse.toDense(st));
    });
    on.accept("R96", () -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      Value st = g.placeholder("st", Types.parse("sparse<int32>[None, None]"));
      return run(g, Map.of("st", SparseTensor.of(new long[][] {{0, 2}, {0, 1}}, Tensor.ofInts(1, 2), 2, 3)), tf.sparse.toDense(st));
    });
    on.accept("R97", () -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      Value st = g.placeholder("st", Types.parse("sparse<int32>[None, None]"));
      return run(g, Map.of("st", SparseTensor.of(new long[][] {{0, 5}}, Tensor.ofInts(1), 2, 3)), tf.sparse.toDense(st));
    });
    on.accept("R99", () -> {
      GraphBuilder g = new GraphBuilder();
      return run(g, Map.of("s", Tensor.ofStrings("abc")), Strings.substr(ph(g, "s", DType.STRING, -1), 4, 1));
    });
    on.accept("R100", () -> {
      GraphBuilder g = new GraphBuilder();
      Value s = ph(g, "s", DType.STRING, -1);
      return run(g, Map.of("s", Tensor.ofStrings("\ud83d\ude0a")),
          Strings.substr(s, g.scalar(DType.INT64, 2), g.scalar(DType.INT64, 1), "UTF8_CHAR"));
    });
    on.accept("R101", () -> {
      GraphBuilder g = new GraphBuilder();
      Value s = ph(g, "s", DType.STRING, -1, -1, -1);
      return run(g, Map.of("s", Tensor.of(DType.STRING, new String[] {"ab", "cd"}, 1, 1, 2)),
          Strings.substr(s, g.constant(Tensor.ofInts(0, 1)), g.constant(Tensor.ofInts(1, 1)), "BYTE"));
    });
    on.accept("R102", () -> {
      GraphBuilder g = new GraphBuilder();
      return run(g, Map.of("s", Tensor.ofStrings("1.5x")), Strings.toNumber(ph(g, "s", DType.STRING, -1), DType.FLOAT64));
    });
    on.accept("R103", () -> {
      GraphBuilder g = new GraphBuilder();
      Value joined = Strings.join(List.of(ph(g, "a", DType.STRING, -1), ph(g, "b", DType.STRING, -1)), "");
      return run(g, Map.of("a", Tensor.ofStrings("a", "b"), "b", Tensor.ofStrings("a", "b", "c")), joined);
    });
    on.accept("R104", () -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      Value sp = g.placeholder("sp", Types.parse("sparse<int32>[None, None]"));
      return run(g, Map.of("sp", SparseTensor.of(new long[][] {{0, 0}, {1, 0}}, Tensor.ofInts(2, 4), 2, 1)), tf.sparse.toIndicator(sp, 4));
    });
    on.accept("R105", () -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      Value sp = g.placeholder("sp", Types.parse("sparse<int64>[None, None]"));
      return run(g, Map.of("sp", SparseTensor.of(new long[][] {{0, 3}}, Tensor.ofLongs(1), 2, 2)),
          tf.sparse.bincount(sp, null, -1, null, null, false));
    });
    on.accept("R106", () -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      Value sp = g.placeholder("sp", Types.parse("sparse<int64>[None]"));
      Value w = g.placeholder("w", Types.parse("sparse<float32>[None]"));
      return run(g, Map.of("sp", SparseTensor.of(new long[][] {{0}}, Tensor.ofLongs(1), 2),
          "w", SparseTensor.of(new long[][] {{0}, {1}}, Tensor.ofFloats(1, 2), 2)), tf.sparse.bincount(sp, w, 0, null, null, false));
    });
    on.accept("B153", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      tf.sparse.bincount(g.constant(Tensor.of(DType.INT32, new int[8], 2, 2, 2)), null, -1, null, null, false);
    }));
    on.accept("B154", () -> build(() -> {
      Ops tf = new GraphBuilder().ops();
      tf.sparse.bincount(tf.ragged.constant(java.util.List.of(java.util.List.of(java.util.List.of(1)))), null, -1, null, null, false);
    }));
    on.accept("B155", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      tf.sparse.bincount(tf.ragged.constant(java.util.List.of(java.util.List.of(1))), g.constant(Tensor.ofInts(1)), -1, null, null, false);
    }));
    on.accept("B156", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      tf.sparse.bincount(g.constant(Tensor.ofInts(1)), tf.ragged.constant(java.util.List.of(java.util.List.of(1))), 0, null, null, false);
    }));
    on.accept("R107", () -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      Value v = g.placeholder("v", Types.dense(DType.INT32, -1, -1));
      Value w = g.placeholder("w", Types.dense(DType.FLOAT32, -1, -1));
      return run(g, Map.of("v", Tensor.of(DType.INT32, new int[4], 2, 2), "w", Tensor.of(DType.FLOAT32, new float[4], 1, 4)),
          tf.sparse.bincount(v, w, -1, null, null, false));
    });
    on.accept("R108", () -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      Value v = g.placeholder("v", Types.dense(DType.INT32, -1, -1));
      return run(g, Map.of("v", Tensor.of(DType.INT32, new int[0], 0, 3)), tf.sparse.bincount(v, null, -1, null, null, false));
    });
    on.accept("R109", () -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      Value r = g.placeholder("r", Types.ragged(DType.INT64, 1));
      Value w = g.placeholder("w", Types.ragged(DType.FLOAT32, 1));
      return run(g, Map.of("r", dev.tatter.runtime.RaggedTensor.fromNested(new long[][] {{1}, {2, 3}}),
          "w", dev.tatter.runtime.RaggedTensor.fromNested(new float[][] {{1, 1}, {2}})), tf.sparse.bincount(r, w, -1, null, null, false));
    });
    on.accept("R110", () -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      Value r = g.placeholder("r", Types.ragged(DType.INT64, 1));
      return run(g, Map.of("r", dev.tatter.runtime.RaggedTensor.of(Tensor.ofLongs(),
          dev.tatter.runtime.RowPartition.fromRowSplits(new long[] {0}, DType.INT64, true))), tf.sparse.bincount(r, null, -1, null, null, false));
    });
    on.accept("R111", () -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      Value v = g.placeholder("v", Types.dense(DType.INT64, -1));
      return run(g, Map.of("v", Tensor.ofLongs(1, -1)), tf.sparse.bincount(v, null, 0, null, null, false));
    });
    on.accept("B200", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      tf.gather(g.constant(Tensor.of(DType.INT32, new int[6], 2, 3)), g.constant(Tensor.ofInts(0)), 2, 0);
    }));
    on.accept("B201", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      tf.gather(g.constant(Tensor.of(DType.INT32, new int[6], 2, 3)), g.constant(Tensor.of(DType.INT32, new int[2], 2, 1)), 1, 3);
    }));
    on.accept("B202", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      tf.gather(g.constant(Tensor.of(DType.INT32, new int[6], 2, 3)), g.constant(Tensor.of(DType.INT32, new int[2], 2, 1)), 0, 1);
    }));
    on.accept("B203", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      tf.gather(g.constant(Tensor.of(DType.INT32, new int[6], 2, 3)), g.constant(Tensor.of(DType.INT32, new int[3], 3, 1)), 1, 1);
    }));
    on.accept("B240", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      Value rt = g.raggedFromRowSplits(g.constant(Tensor.of(DType.INT32, new int[9], 3, 3)), g.constant(Tensor.ofLongs(0, 2, 3)));
      tf.gather(rt, g.constant(Tensor.of(DType.INT32, new int[3], 3, 1)), 2, 1);
    }));
    on.accept("B241", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      Value ids = g.raggedFromRowSplits(g.constant(Tensor.of(DType.INT32, new int[3], 3, 1)), g.constant(Tensor.ofLongs(0, 2, 3)));
      tf.gather(g.constant(Tensor.of(DType.INT32, new int[12], 2, 2, 3)), ids, 2, 2);
    }));
    on.accept("B242", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      Value rt = tf.ragged.constant(List.of(List.of(List.of(1, 2), List.of(3)), List.of(List.of(4), List.of(5, 6), List.of(7))));
      tf.gather(rt, g.constant(Tensor.of(DType.INT32, new int[4], 2, 2, 1)), 2, 2);
    }));
    on.accept("B205", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      tf.gatherNd(g.constant(Tensor.ofInts(1, 2)), g.constant(Tensor.of(DType.INT32, new int[2], 1, 2)));
    }));
    on.accept("B206", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      tf.gatherNd(g.scalar(DType.INT32, 5), g.constant(Tensor.ofInts(0)));
    }));
    on.accept("B220", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      tf.gatherNd(tf.ragged.constant(List.of(List.of(1, 2), List.of(3))), g.constant(Tensor.of(DType.INT32, new int[2], 2, 1)), 1);
    }));
    on.accept("B221", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      tf.gatherNd(tf.ragged.constant(List.of(List.of(1, 2), List.of(3))), g.constant(Tensor.of(DType.INT32, new int[3], 1, 3)));
    }));
    on.accept("B223", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      Value ids = g.raggedFromRowSplits(g.constant(Tensor.of(DType.INT32, new int[2], 1, 2)), g.constant(Tensor.ofInts(0, 1)));
      tf.gatherNd(tf.ragged.constant(List.of(List.of(1, 2), List.of(3))), ids);
    }));
    on.accept("B222", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      tf.gatherNd(tf.ragged.constant(List.of(List.of(1, 2), List.of(3))), g.placeholder("i", Types.dense(DType.INT32, 2, -1)));
    }));
    on.accept("B208", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      tf.dynamicPartition(g.constant(Tensor.ofInts(1, 2, 3)), g.constant(Tensor.ofInts(0, 1)), 2);
    }));
    on.accept("B209", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      tf.dynamicPartition(g.constant(Tensor.ofInts(1, 2)), g.constant(Tensor.ofInts(0, 0)), 0);
    }));
    on.accept("B230", () -> build(() -> Strings.format("z = {}", ph(new GraphBuilder(), "z", DType.COMPLEX64, 2))));
    on.accept("R170", () -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      Value p = g.placeholder("p", Types.dense(DType.INT32, 2, 3));
      Value i = g.placeholder("i", Types.dense(DType.INT64, 2, 2));
      return run(g, Map.of("p", Tensor.of(DType.INT32, new int[6], 2, 3), "i", Tensor.of(DType.INT64, new long[] {0, 1, -1, 0}, 2, 2)),
          tf.gather(p, i, 1, 0));
    });
    on.accept("R171", () -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      Value p = g.placeholder("p", Types.dense(DType.INT32, -1, 3));
      Value i = g.placeholder("i", Types.dense(DType.INT32, -1, 1));
      return run(g, Map.of("p", Tensor.of(DType.INT32, new int[6], 2, 3), "i", Tensor.of(DType.INT32, new int[3], 3, 1)),
          tf.gather(p, i, 1, 1));
    });
    on.accept("R172", () -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      Value p = g.placeholder("p", Types.dense(DType.INT32, 3));
      Value i = g.placeholder("i", Types.dense(DType.INT32, 1, 2, 1));
      return run(g, Map.of("p", Tensor.ofInts(0, 1, 2), "i", Tensor.of(DType.INT32, new int[] {0, 7}, 1, 2, 1)), tf.gatherNd(p, i));
    });
    on.accept("R175", () -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      Value rt = g.placeholder("rt", Types.ragged(DType.INT32, 1));
      return run(g, Map.of("rt", RaggedTensor.of(Tensor.ofInts(1, 2, 3, 4, 5), splits(0, 3, 5))),
          tf.gather(rt, g.constant(Tensor.ofInts(2)), 1, 0));
    });
    on.accept("R240", () -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      Value p = g.placeholder("p", Types.parse("ragged<int32>[None, (None), (None)]"));
      Value i = g.placeholder("i", Types.parse("ragged<int32>[None, (None), 1]"));
      RaggedTensor params = RaggedTensor.of(RaggedTensor.of(Tensor.ofInts(1, 2, 3, 4, 5), splits(0, 1, 2, 3, 4, 5)), splits(0, 2, 5));
      RaggedTensor indices = RaggedTensor.of(Tensor.of(DType.INT32, new int[5], 5, 1), splits(0, 3, 5));
      return run(g, Map.of("p", params, "i", indices), tf.gather(p, i, 2, 2));
    });
    on.accept("R241", () -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      Value p = g.placeholder("p", Types.parse("ragged<int32>[None, (None), 3]"));
      Value i = g.placeholder("i", Types.dense(DType.INT32, -1, 1));
      RaggedTensor rows = RaggedTensor.of(Tensor.of(DType.INT32, new int[9], 3, 3), splits(0, 2, 3));
      return run(g, Map.of("p", rows, "i", Tensor.of(DType.INT32, new int[3], 3, 1)), tf.gather(p, i, 2, 1));
    });
    on.accept("R220", () -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      Value rt = g.placeholder("rt", Types.ragged(DType.INT32, 1));
      Value i = g.placeholder("i", Types.dense(DType.INT32, 1, 2));
      return run(g, Map.of("rt", RaggedTensor.of(Tensor.ofInts(1, 2, 3, 4, 5, 6, 7), splits(0, 2, 5, 7)),
          "i", Tensor.of(DType.INT32, new int[] {1, 5}, 1, 2)), tf.gatherNd(rt, i));
    });
    on.accept("R174", () -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      Value p = g.placeholder("p", Types.dense(DType.INT32, 2, 0));
      Value i = g.placeholder("i", Types.dense(DType.INT32, 1, 1));
      return run(g, Map.of("p", Tensor.of(DType.INT32, new int[0], 2, 0), "i", Tensor.of(DType.INT32, new int[] {1}, 1, 1)),
          tf.gatherNd(p, i));
    });
    on.accept("R173", () -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      Value d = g.placeholder("d", Types.dense(DType.INT32, 3));
      Value p = g.placeholder("p", Types.dense(DType.INT32, 3));
      return run(g, Map.of("d", Tensor.ofInts(1, 2, 3), "p", Tensor.ofInts(0, 2, 1)), tf.dynamicPartition(d, p, 2).get(0));
    });
    on.accept("R98", () -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      Value st = g.placeholder("st", Types.parse("sparse<int32>[None, None]"));
      return run(g, Map.of("st", SparseTensor.of(new long[][] {{0, 5}}, Tensor.ofInts(1), 2, 3)), tf.sparse.toDense(st, 0, false));
    });
    on.accept("R18", () -> {
      GraphBuilder g = new GraphBuilder();
      Value st = g.placeholder("st", Types.parse("sparse<int32>[None, None]"));
      return run(g, Map.of("st", SparseTensor.of(new long[][] {{0, 1}}, Tensor.ofInts(1), 2, 3)), g.raggedFromSparse(st));
    });
    on.accept("R19", () -> {
      GraphBuilder g = new GraphBuilder();
      Value x = ph(g, "x", DType.INT32, -1, -1);
      Value y = ph(g, "y", DType.INT32, -1);
      return run(g, Map.of("x", Tensor.of(DType.INT32, new int[6], 2, 3), "y", Tensor.ofInts(1, 2)), x.add(y));
    });
    on.accept("R20", () -> {
      GraphBuilder g = new GraphBuilder();
      Value rt = g.placeholder("rt", Types.ragged(DType.INT32, 1));
      Value d = ph(g, "d", DType.INT32, -1, -1);
      return run(g, Map.of("rt", RaggedTensor.of(Tensor.ofInts(1, 2, 3), splits(0, 1, 3)),
          "d", Tensor.of(DType.INT32, new int[3], 3, 1)), rt.add(d));
    });
    on.accept("R21", () -> {
      GraphBuilder g = new GraphBuilder();
      Value p = g.partitionFromUniformRowLength(ph(g, "len", DType.INT64), null, ph(g, "n", DType.INT64), PartitionOptions.DEFAULT);
      return run(g, Map.of("len", Tensor.scalar(DType.INT64, -2), "n", Tensor.scalar(DType.INT64, 2)), p.rowSplits());
    });
    on.accept("R22", () -> {
      GraphBuilder g = new GraphBuilder();
      Value t = ph(g, "t", DType.INT32, -1, -1);
      Value lengths = ph(g, "len", DType.INT64, -1);
      return run(g, Map.of("t", Tensor.of(DType.INT32, new int[4], 2, 2), "len", Tensor.ofLongs(1, 1, 1)),
          g.raggedFromTensor(t, lengths, null, 1));
    });
    on.accept("R23", () -> {
      GraphBuilder g = new GraphBuilder();
      Value st = g.placeholder("st", Types.parse("sparse<int32>[None, None]"));
      return run(g, Map.of("st", SparseTensor.of(new long[][] {{0, 1}}, Tensor.ofInts(1), 2, 3)), st.setShape(4, 4));
    });
    on.accept("R24", () -> {
      GraphBuilder g = new GraphBuilder();
      Value st = g.placeholder("st", Types.parse("sparse<int32>[None, None]"));
      Value d = ph(g, "d", DType.INT32, -1, -1);
      return run(g, Map.of("st", SparseTensor.of(new long[][] {{0, 1}}, Tensor.ofInts(1), 2, 3),
          "d", Tensor.of(DType.INT32, new int[6], 2, 3)), st.div(d));
    });
    on.accept("R25", () -> {
      GraphBuilder g = new GraphBuilder();
      Value p = g.partitionFromRowSplits(ph(g, "s", DType.INT64, -1));
      return run(g, Map.of("s", Tensor.ofLongs()), p.rowLengths());
    });

    on.accept("R26", () -> {
      GraphBuilder g = new GraphBuilder();
      Value rt = g.placeholder("rt", Types.ragged(DType.INT32, 1));
      Value d = ph(g, "d", DType.INT32, -1, -1);
      return run(g, Map.of("rt", RaggedTensor.of(Tensor.ofInts(1, 2, 3), splits(0, 2, 3)),
          "d", Tensor.of(DType.INT32, new int[6], 2, 3)), rt.add(d));
    });

    on.accept("R27", () -> {
      GraphBuilder g = new GraphBuilder();
      Value p = g.partitionFromValueRowids(ph(g, "ids", DType.INT64, -1));
      return run(g, Map.of("ids", Tensor.ofLongs(0, -5)), p.rowSplits());
    });
    on.accept("R28", () -> {
      GraphBuilder g = new GraphBuilder();
      Value p = g.partitionFromValueRowids(ph(g, "ids", DType.INT64, -1));
      return run(g, Map.of("ids", Tensor.ofLongs(Long.MAX_VALUE)), p.rowSplits());
    });

    on.accept("R29", () -> {
      GraphBuilder g = new GraphBuilder();
      // validate=false: a validated ragged node keeps its own check (R06), which fires first
      Value rt = g.raggedFromRowLengths(ph(g, "v", DType.INT32, -1), ph(g, "l", DType.INT64, -1), false);
      return runOptimized(g, Map.of("v", Tensor.ofInts(1, 2), "l", Tensor.ofLongs()), rt.reduceMax(1));
    });

    on.accept("R30", () -> {
      // 2,147,395,600 int64 elements (17 GB): under the limit once a user raises it to the
      // array limit, but more than the heap holds
      org.junit.jupiter.api.Assumptions.assumeTrue(Runtime.getRuntime().maxMemory() < 16L << 30,
          "the heap could hold the tensor");
      long previous = dev.tatter.runtime.Sizes.setMaxElements(dev.tatter.runtime.Sizes.MAX_ELEMENTS);
      try {
        GraphBuilder g = new GraphBuilder();
        Value rt = g.placeholder("rt", Types.ragged(DType.INT64, 1));
        return run(g, Map.of("rt", RaggedTensor.of(Tensor.ofLongs(1), splits(0, 1))), rt.toTensor(0, 46_340, 46_340));
      } finally {
        dev.tatter.runtime.Sizes.setMaxElements(previous);
      }
    });

    on.accept("R74", () -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      Value p = g.placeholder("p", Types.dense(DType.UINT8, -1));
      return run(g, Map.of("p", Tensor.ofUint8(1, 2, 3)), tf.bitcast(p, DType.INT16));
    });
    on.accept("R31", () -> {
      GraphBuilder g = new GraphBuilder();
      Value a = g.placeholder("a", Types.ragged(DType.INT32, 1));
      Value b = g.placeholder("b", Types.ragged(DType.INT32, 1));
      return run(g, Map.of("a", RaggedTensor.of(Tensor.ofInts(1, 2), splits(0, 2)),
          "b", RaggedTensor.of(Tensor.ofInts(1, 2), splits(0, 1, 2))), a.add(b));
    });
  }
}
