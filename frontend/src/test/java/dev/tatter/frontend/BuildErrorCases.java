package dev.tatter.frontend;

import static dev.tatter.frontend.ErrorTriggers.*;

import dev.tatter.ir.Graph;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.Tensor;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;
import java.util.function.Supplier;

/** The {@code docs/ERRORS.md} cases raised while a graph is built, registered by {@link ErrorCatalogTest}. */
final class BuildErrorCases {
  private BuildErrorCases() {}

  static void register(BiConsumer<String, Supplier<Throwable>> on) {
    on.accept("B01", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      ph(g, "x", DType.INT32, 1).add(ph(g, "y", DType.FLOAT32, 1));
    }));
    on.accept("B02", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      ph(g, "x", DType.INT32, 2, 3).mul(ph(g, "y", DType.INT32, 2));
    }));
    on.accept("B03", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Value x = ph(g, "x", DType.INT32, 1);
      x.and(x);
    }));
    on.accept("B04", () -> build(() -> ph(new GraphBuilder(), "s", DType.STRING, 1).cast(DType.INT32)));
    on.accept("B05", () -> build(() -> new GraphBuilder().placeholder("rt", Types.ragged(DType.FLOAT32, 1)).reduceSum(2)));
    on.accept("B06", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      g.raggedFromTensor(ph(g, "t", DType.INT32, 3, 3), null, null, 2);
    }));
    on.accept("B07", () -> build(() -> new GraphBuilder().placeholder("rt", Types.ragged(DType.INT32, 2)).mergeDims(2, 1)));
    on.accept("B08", () -> build(() -> new GraphBuilder().placeholder("rt", Types.ragged(DType.INT32, 1)).partition().abs()));
    on.accept("B09", () -> build(() -> ph(new GraphBuilder(), "x", DType.INT32, 4).getItem(4)));
    on.accept("B10", () -> build(() -> ph(new GraphBuilder(), "x", DType.INT32, -1).getItem(0, 0)));
    on.accept("B11", () -> build(() -> ph(new GraphBuilder(), "x", DType.INT32, 2).add(2.5)));
    on.accept("B12", () -> build(() -> new GraphBuilder().partitionFromRowLengths(new long[] {1, 3_000_000_000L},
        PartitionOptions.DEFAULT.withDTypeHint(DType.INT32))));
    on.accept("B13", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      g.partitionFromValueRowids(g.indices(DType.INT32, 0, 1), g.index(DType.INT64, 2));
    }));
    on.accept("B14", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      ph(g, "x", DType.INT32, 1);
      ph(g, "x", DType.INT32, 1);
    }));
    on.accept("B15", () -> build(() -> ph(new GraphBuilder(), "1x", DType.INT32, 1)));
    on.accept("B17", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Value a = g.placeholder("a", Types.ragged(DType.INT32, 1));
      Value b = g.placeholder("b", Types.ragged(DType.INT32, 1, DType.INT32));
      a.add(b);
    }));
    on.accept("B18", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      g.raggedFromSparse(g.sparseTensor(new long[][] {{0, 0, 0}}, Tensor.ofInts(1), 1, 1, 1));
    }));
    on.accept("B19", () -> build(() -> new GraphBuilder().placeholder("rt", Types.ragged(DType.INT32, 1)).getItem(":, 0")));
    on.accept("B20", () -> build(() -> ph(new GraphBuilder(), "x", DType.INT32, -1).getItem("::0")));
    on.accept("B21", () -> build(() -> new GraphBuilder().placeholder("rt", Types.ragged(DType.INT32, 1)).toTensor(0, 2, 3, 4)));
    on.accept("B22", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Value x = g.placeholder("b", Types.dense(DType.BOOL, 1));
      x.add(x);
    }));
    on.accept("B23", () -> thrown(() -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      Value x = ph(g, "x", DType.INT32, 1);
      Graph graph = g.build(x.abs());
      // TF 1.x's habit: the fetch made in the run call, after the graph was built
      new Session(graph).run(Map.of("x", Tensor.ofInts(1)), x.neg());
    }));
    on.accept("B83", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      tf.math.sqrt(ph(g, "x", DType.INT32, 2));
    }));
    on.accept("B84", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      tf.math.addN(ph(g, "x", DType.INT32, 2), ph(g, "y", DType.INT32, 3));
    }));
    on.accept("B85", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      tf.clipByValue(ph(g, "x", DType.FLOAT32, 2), 0f, ph(g, "hi", DType.FLOAT32, 3, 2));
    }));
    on.accept("B86", () -> build(() -> new GraphBuilder().ops().math.addN()));
    on.accept("B87", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      tf.math.reduceVariance(ph(g, "x", DType.INT32, 2), 0, false);
    }));
    on.accept("B88", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      tf.math.reduceLogsumexp(g.placeholder("rt", Types.ragged(DType.FLOAT32, 1)), 0, false);
    }));
    on.accept("B24", () -> thrown(() -> new Session(new GraphBuilder().build(), "cse,nosuchpass", Session.Backend.COMPILED)));
    on.accept("B26", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      g.placeholder("rt", Types.ragged(DType.INT32, 1)).add(ph(g, "d", DType.INT32, -1));
    }));
    on.accept("B16", () -> build(() -> ph(new GraphBuilder(), "x", DType.INT32, 2, 2).toSparse()));
    on.accept("B27", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      tf.sparse.fromDense(ph(g, "x", DType.INT32));
    }));
    on.accept("B89", () -> build(() -> ph(new GraphBuilder(), "u", DType.UINT8, 2).neg()));
    on.accept("B90", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      tf.bitcast(ph(g, "u", DType.UINT8, 3), DType.INT32);
    }));
    on.accept("B91", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      tf.bitcast(ph(g, "b", DType.BOOL, 3), DType.INT8);
    }));
    on.accept("B137", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      tf.reverse(g.constant(Tensor.ofInts(1, 2)), 0, -1);
    }));
    on.accept("B138", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      tf.reverse(tf.ragged.constant(List.of(List.of(List.of(1), List.of()), List.of(List.of(2)))), 1);
    }));
    on.accept("B139", () -> build(() -> {
      Ops tf = new GraphBuilder().ops();
      tf.zerosLike(tf.ragged.constant(List.of(List.of(1, 2), List.of())), DType.STRING);
    }));
    on.accept("B140", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      tf.math.unsortedSegmentSum(tf.ragged.constant(List.of(List.of(1, 2), List.of(3))),
          g.constant(Tensor.of(DType.INT32, new int[] {0, 1}, 1, 2)), g.scalar(DType.INT32, 2));
    }));
    on.accept("B135", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      tf.nn.softmax(g.constant(Tensor.ofInts(1, 2)));
    }));
    on.accept("B136", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      tf.nn.logSoftmax(tf.ragged.constant(List.of(List.of(List.of(1f), List.of()), List.of(List.of(2f))), DType.FLOAT32, 2), 0);
    }));
    on.accept("B141", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      tf.dtypes.saturateCast(ph(g, "b", DType.BOOL, 3), DType.INT32);
    }));
    on.accept("B142", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Strings.substr(ph(g, "s", DType.STRING, 2), g.scalar(DType.INT32, 0), g.scalar(DType.INT32, 1), "CHAR");
    }));
    on.accept("B143", () -> build(() -> Strings.asString(ph(new GraphBuilder(), "x", DType.INT32, 2), 2, false, false, -1, "")));
    on.accept("B144", () -> build(() -> Strings.asString(ph(new GraphBuilder(), "x", DType.FLOAT32, 2), -1, true, true, -1, "")));
    on.accept("B145", () -> build(() -> Strings.asString(ph(new GraphBuilder(), "x", DType.FLOAT32, 2), -1, false, false, 3, "x")));
    on.accept("B146", () -> build(() -> Strings.toNumber(ph(new GraphBuilder(), "s", DType.STRING, 2), DType.INT8)));
    on.accept("B147", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      Strings.join(List.of(ph(g, "a", DType.STRING, 2), ph(g, "b", DType.STRING, 3)), "");
    }));
    on.accept("B148", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      tf.sparse.softmax(g.sparseTensor(new long[][] {{0}}, Tensor.ofFloats(1), 2));
    }));
    on.accept("B149", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      tf.sparse.toIndicator(g.sparseTensor(new long[][] {{0}}, Tensor.ofFloats(1), 2), 3);
    }));
    on.accept("B150", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      tf.sparse.bincount(g.sparseTensor(new long[][] {{0}}, Tensor.ofLongs(1), 2), null, 1, null, null, false);
    }));
    on.accept("B151", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      Value st = g.sparseTensor(new long[][] {{0}}, Tensor.ofLongs(1), 2);
      tf.sparse.bincount(st, g.sparseTensor(new long[][] {{0}}, Tensor.ofFloats(2), 2), 0, null, null, true);
    }));
    on.accept("B152", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      tf.sparse.reduceSum(g.sparseTensor(new long[][] {{0}}, Tensor.ofBools(true), 2));
    }));
    on.accept("B190", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      ph(g, "z", DType.COMPLEX64, 2).lt(ph(g, "w", DType.COMPLEX64, 2));
    }));
    on.accept("B191", () -> build(() -> ph(new GraphBuilder(), "z", DType.COMPLEX128, 2).reduceMax()));
    on.accept("B192", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      tf.complex(ph(g, "re", DType.FLOAT16, 2), ph(g, "im", DType.FLOAT16, 2));
    }));
    on.accept("B171", () -> build(() -> Strings.format("{} {}", ph(new GraphBuilder(), "x", DType.INT32, 2))));
    on.accept("B172", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Value rt = g.raggedFromRowSplits(g.constant(Tensor.ofInts(1)), g.constant(Tensor.ofLongs(0, 1)));
      Strings.format("{}", List.of(rt), "{}", 0);
    }));
    on.accept("B174", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Value rt = g.raggedFromRowSplits(g.constant(Tensor.ofStrings("ab")), g.constant(Tensor.ofLongs(0, 1)));
      Value pos = g.raggedFromRowSplits(g.constant(Tensor.ofInts(0)), g.constant(Tensor.ofLongs(0, 1)));
      Strings.substr(rt, pos, g.scalar(DType.INT32, 1), "BYTE");
    }));
    on.accept("B175", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Value pos = g.raggedFromRowSplits(g.constant(Tensor.ofInts(0)), g.constant(Tensor.ofLongs(0, 1)));
      Strings.substr(ph(g, "s", DType.STRING, 1), pos, pos, "BYTE");
    }));
    on.accept("B176", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Value rt = g.raggedFromRowSplits(g.constant(Tensor.ofStrings("ab")), g.constant(Tensor.ofLongs(0, 1)));
      Value deep = g.raggedFromRowSplits(rt, g.constant(Tensor.ofLongs(0, 1)));
      Value pos = g.raggedFromRowSplits(g.constant(Tensor.ofInts(0)), g.constant(Tensor.ofLongs(0, 1)));
      Strings.substr(deep, pos, pos, "BYTE");
    }));
    on.accept("B177", () -> build(() -> Strings.format("no placeholder", List.of(), "{}", 3)));
    on.accept("B178", () -> build(() -> Strings.reduceJoin(ph(new GraphBuilder(), "s", DType.STRING, 2, 2), new long[] {1, -1}, false, "")));
    on.accept("B179", () -> build(() -> Strings.reduceJoin(ph(new GraphBuilder(), "s", DType.STRING, 2, 2), new long[] {2}, false, "")));
    on.accept("B180", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      g.op(dev.tatter.ir.ops.StringPrintOps.STRING_FORMAT, Map.of("template", "{}", "summarize", 1L << 40), ph(g, "x", DType.INT32, 2));
    }));
    on.accept("B50", () -> build(() -> {
      Value y = ph(new GraphBuilder(), "x", DType.INT32, 2).neg();
      y.add(1);
      y.named("y");
    }));
    on.accept("B51", () -> build(() -> ph(new GraphBuilder(), "x", DType.INT32, 2).named("input")));
    on.accept("B25", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Value rt = g.placeholder("rt", Types.ragged(DType.INT32, 1));
      rt.add(g.placeholder("t", Types.dense(DType.INT32, 2, 2, 2)));
    }));
  }
}
