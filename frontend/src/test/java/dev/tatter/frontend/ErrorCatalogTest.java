package dev.tatter.frontend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.tatter.codegen.Interpreter;
import dev.tatter.ir.Graph;
import dev.tatter.ir.GraphBuildException;
import dev.tatter.ir.text.GraphParser;
import dev.tatter.ir.text.IrParseException;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.Index;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.RowPartition;
import dev.tatter.runtime.Sizes;
import dev.tatter.runtime.SparseTensor;
import dev.tatter.runtime.Tensor;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Every row of {@code docs/ERRORS.md} triggered and its message asserted. The rows are read from
 * the document itself: a row without a case here, or a case without a row, fails the build, so
 * the catalogue and the code cannot drift apart.
 *
 * <p>Each case returns the exception its bad input raised. The test checks its class against
 * the row's stage, that its message contains the row's message, and that it names where the
 * error arose: the op and source location at build time, the placeholder at feed time, the
 * node, op and location at run time (through both the interpreter and compiled bytecode, which
 * must fail with the same message), and {@code file:line:col} in the text format.
 */
class ErrorCatalogTest {
  private static final Map<String, Supplier<Throwable>> CASES = new LinkedHashMap<>();

  private static void on(String id, Supplier<Throwable> trigger) {
    if (CASES.put(id, trigger) != null) {
      throw new IllegalStateException("case " + id + " defined twice");
    }
  }

  // ---- helpers -------------------------------------------------------------------------------

  private static Throwable build(Runnable r) {
    return assertThrows(GraphBuildException.class, r::run);
  }

  private static Throwable thrown(Runnable r) {
    return assertThrows(RuntimeException.class, r::run);
  }

  /** Runs {@code fetch} interpreted and compiled; both must fail alike (node ids aside). */
  private static Throwable run(GraphBuilder g, Map<String, ?> feeds, Value fetch) {
    Graph graph = g.build(fetch);
    InvalidArgumentException interpreted = assertThrows(InvalidArgumentException.class,
        () -> Interpreter.run(graph, feeds));
    try (Session s = new Session(graph)) {
      InvalidArgumentException compiled = assertThrows(InvalidArgumentException.class, () -> s.run(feeds, fetch));
      assertEquals(interpreted.getMessage().replaceFirst("node #\\d+", "node"),
          compiled.getMessage().replaceFirst("node #\\d+", "node"), "interpreter and bytecode must fail alike");
      return compiled;
    }
  }

  /** Runs {@code fetch} optimized, interpreted and compiled; both must fail alike. */
  private static Throwable runOptimized(GraphBuilder g, Map<String, ?> feeds, Value fetch) {
    Graph graph = g.build(fetch);
    try (Session interpreted = new Session(graph, dev.tatter.optimizer.PassManager.DEFAULT_PIPELINE, Session.Backend.INTERPRETED);
        Session compiled = new Session(graph)) {
      InvalidArgumentException expected = assertThrows(InvalidArgumentException.class, () -> interpreted.run(feeds, fetch));
      InvalidArgumentException e = assertThrows(InvalidArgumentException.class, () -> compiled.run(feeds, fetch));
      assertEquals(expected.getMessage(), e.getMessage(), "interpreter and bytecode must fail alike");
      return e;
    }
  }

  private static Throwable parse(String text) {
    return assertThrows(IrParseException.class, () -> GraphParser.parse(text, "t.tat"));
  }

  private static Value ph(GraphBuilder g, String name, DType dtype, long... shape) {
    return g.placeholder(name, Types.dense(dtype, shape));
  }

  private static RowPartition splits(long... s) {
    return RowPartition.fromRowSplits(s, DType.INT64, true);
  }

  /** Runs with the element limit lowered to {@code limit}, restoring it afterwards. */
  private static Throwable withLimit(long limit, Supplier<Throwable> r) {
    long previous = Sizes.setMaxElements(limit);
    try {
      return r.get();
    } finally {
      Sizes.setMaxElements(previous);
    }
  }

  static {
    StringErrorCases.register(ErrorCatalogTest::on); // text ops and lookup tables
    TextInputErrorCases.register(ErrorCatalogTest::on); // tensorflow_text's model-input builders
    // ---- building ----------------------------------------------------------------------------
    on("B01", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      ph(g, "x", DType.INT32, 1).add(ph(g, "y", DType.FLOAT32, 1));
    }));
    on("B02", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      ph(g, "x", DType.INT32, 2, 3).mul(ph(g, "y", DType.INT32, 2));
    }));
    on("B03", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Value x = ph(g, "x", DType.INT32, 1);
      x.and(x);
    }));
    on("B04", () -> build(() -> ph(new GraphBuilder(), "s", DType.STRING, 1).cast(DType.INT32)));
    on("B05", () -> build(() -> new GraphBuilder().placeholder("rt", Types.ragged(DType.FLOAT32, 1)).reduceSum(2)));
    on("B06", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      g.raggedFromTensor(ph(g, "t", DType.INT32, 3, 3), null, null, 2);
    }));
    on("B07", () -> build(() -> new GraphBuilder().placeholder("rt", Types.ragged(DType.INT32, 2)).mergeDims(2, 1)));
    on("B08", () -> build(() -> new GraphBuilder().placeholder("rt", Types.ragged(DType.INT32, 1)).partition().abs()));
    on("B09", () -> build(() -> ph(new GraphBuilder(), "x", DType.INT32, 4).getItem(4)));
    on("B10", () -> build(() -> ph(new GraphBuilder(), "x", DType.INT32, -1).getItem(0, 0)));
    on("B11", () -> build(() -> ph(new GraphBuilder(), "x", DType.INT32, 2).add(2.5)));
    on("B12", () -> build(() -> new GraphBuilder().partitionFromRowLengths(new long[] {1, 3_000_000_000L},
        PartitionOptions.DEFAULT.withDTypeHint(DType.INT32))));
    on("B13", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      g.partitionFromValueRowids(g.indices(DType.INT32, 0, 1), g.index(DType.INT64, 2));
    }));
    on("B14", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      ph(g, "x", DType.INT32, 1);
      ph(g, "x", DType.INT32, 1);
    }));
    on("B15", () -> build(() -> ph(new GraphBuilder(), "1x", DType.INT32, 1)));
    on("B17", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Value a = g.placeholder("a", Types.ragged(DType.INT32, 1));
      Value b = g.placeholder("b", Types.ragged(DType.INT32, 1, DType.INT32));
      a.add(b);
    }));
    on("B18", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      g.raggedFromSparse(g.sparseTensor(new long[][] {{0, 0, 0}}, Tensor.ofInts(1), 1, 1, 1));
    }));
    on("B19", () -> build(() -> new GraphBuilder().placeholder("rt", Types.ragged(DType.INT32, 1)).getItem(":, 0")));
    on("B20", () -> build(() -> ph(new GraphBuilder(), "x", DType.INT32, -1).getItem("::0")));
    on("B21", () -> build(() -> new GraphBuilder().placeholder("rt", Types.ragged(DType.INT32, 1)).toTensor(0, 2, 3, 4)));
    on("B22", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Value x = g.placeholder("b", Types.dense(DType.BOOL, 1));
      x.add(x);
    }));
    on("B23", () -> thrown(() -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      Value x = ph(g, "x", DType.INT32, 1);
      Graph graph = g.build(x.abs());
      // TF 1.x's habit: the fetch made in the run call, after the graph was built
      new Session(graph).run(Map.of("x", Tensor.ofInts(1)), x.neg());
    }));
    on("B83", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      tf.math.sqrt(ph(g, "x", DType.INT32, 2));
    }));
    on("B84", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      tf.math.addN(ph(g, "x", DType.INT32, 2), ph(g, "y", DType.INT32, 3));
    }));
    on("B85", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      tf.clipByValue(ph(g, "x", DType.FLOAT32, 2), 0f, ph(g, "hi", DType.FLOAT32, 3, 2));
    }));
    on("B86", () -> build(() -> new GraphBuilder().ops().math.addN()));
    on("B87", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      tf.math.reduceVariance(ph(g, "x", DType.INT32, 2), 0, false);
    }));
    on("B88", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      tf.math.reduceLogsumexp(g.placeholder("rt", Types.ragged(DType.FLOAT32, 1)), 0, false);
    }));
    on("B24", () -> thrown(() -> new Session(new GraphBuilder().build(), "cse,nosuchpass", Session.Backend.COMPILED)));
    on("B26", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      g.placeholder("rt", Types.ragged(DType.INT32, 1)).add(ph(g, "d", DType.INT32, -1));
    }));
    on("B16", () -> build(() -> ph(new GraphBuilder(), "x", DType.INT32, 2, 2).toSparse()));
    on("B27", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      tf.sparse.fromDense(ph(g, "x", DType.INT32));
    }));
    on("B89", () -> build(() -> ph(new GraphBuilder(), "u", DType.UINT8, 2).neg()));
    on("B90", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      tf.bitcast(ph(g, "u", DType.UINT8, 3), DType.INT32);
    }));
    on("B91", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      tf.bitcast(ph(g, "b", DType.BOOL, 3), DType.INT8);
    }));
    on("B137", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      tf.reverse(g.constant(Tensor.ofInts(1, 2)), 0, -1);
    }));
    on("B138", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      tf.reverse(tf.ragged.constant(List.of(List.of(List.of(1), List.of()), List.of(List.of(2)))), 1);
    }));
    on("B139", () -> build(() -> {
      Ops tf = new GraphBuilder().ops();
      tf.zerosLike(tf.ragged.constant(List.of(List.of(1, 2), List.of())), DType.STRING);
    }));
    on("B140", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      tf.math.unsortedSegmentSum(tf.ragged.constant(List.of(List.of(1, 2), List.of(3))),
          g.constant(Tensor.of(DType.INT32, new int[] {0, 1}, 1, 2)), g.scalar(DType.INT32, 2));
    }));
    on("B135", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      tf.nn.softmax(g.constant(Tensor.ofInts(1, 2)));
    }));
    on("B136", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      tf.nn.logSoftmax(tf.ragged.constant(List.of(List.of(List.of(1f), List.of()), List.of(List.of(2f))), DType.FLOAT32, 2), 0);
    }));
    on("B141", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      tf.dtypes.saturateCast(ph(g, "b", DType.BOOL, 3), DType.INT32);
    }));
    on("B142", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Strings.substr(ph(g, "s", DType.STRING, 2), g.scalar(DType.INT32, 0), g.scalar(DType.INT32, 1), "CHAR");
    }));
    on("B143", () -> build(() -> Strings.asString(ph(new GraphBuilder(), "x", DType.INT32, 2), 2, false, false, -1, "")));
    on("B144", () -> build(() -> Strings.asString(ph(new GraphBuilder(), "x", DType.FLOAT32, 2), -1, true, true, -1, "")));
    on("B145", () -> build(() -> Strings.asString(ph(new GraphBuilder(), "x", DType.FLOAT32, 2), -1, false, false, 3, "x")));
    on("B146", () -> build(() -> Strings.toNumber(ph(new GraphBuilder(), "s", DType.STRING, 2), DType.INT8)));
    on("B147", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      Strings.join(List.of(ph(g, "a", DType.STRING, 2), ph(g, "b", DType.STRING, 3)), "");
    }));
    on("B148", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      tf.sparse.softmax(g.sparseTensor(new long[][] {{0}}, Tensor.ofFloats(1), 2));
    }));
    on("B149", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      tf.sparse.toIndicator(g.sparseTensor(new long[][] {{0}}, Tensor.ofFloats(1), 2), 3);
    }));
    on("B150", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      tf.sparse.bincount(g.sparseTensor(new long[][] {{0}}, Tensor.ofLongs(1), 2), null, 1, null, null, false);
    }));
    on("B151", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      Value st = g.sparseTensor(new long[][] {{0}}, Tensor.ofLongs(1), 2);
      tf.sparse.bincount(st, g.sparseTensor(new long[][] {{0}}, Tensor.ofFloats(2), 2), 0, null, null, true);
    }));
    on("B152", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      tf.sparse.reduceSum(g.sparseTensor(new long[][] {{0}}, Tensor.ofBools(true), 2));
    }));
    on("B190", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      ph(g, "z", DType.COMPLEX64, 2).lt(ph(g, "w", DType.COMPLEX64, 2));
    }));
    on("B191", () -> build(() -> ph(new GraphBuilder(), "z", DType.COMPLEX128, 2).reduceMax()));
    on("B192", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      tf.complex(ph(g, "re", DType.FLOAT16, 2), ph(g, "im", DType.FLOAT16, 2));
    }));
    on("B171", () -> build(() -> Strings.format("{} {}", ph(new GraphBuilder(), "x", DType.INT32, 2))));
    on("B172", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Value rt = g.raggedFromRowSplits(g.constant(Tensor.ofInts(1)), g.constant(Tensor.ofLongs(0, 1)));
      Strings.format("{}", List.of(rt), "{}", 0);
    }));
    on("B174", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Value rt = g.raggedFromRowSplits(g.constant(Tensor.ofStrings("ab")), g.constant(Tensor.ofLongs(0, 1)));
      Value pos = g.raggedFromRowSplits(g.constant(Tensor.ofInts(0)), g.constant(Tensor.ofLongs(0, 1)));
      Strings.substr(rt, pos, g.scalar(DType.INT32, 1), "BYTE");
    }));
    on("B175", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Value pos = g.raggedFromRowSplits(g.constant(Tensor.ofInts(0)), g.constant(Tensor.ofLongs(0, 1)));
      Strings.substr(ph(g, "s", DType.STRING, 1), pos, pos, "BYTE");
    }));
    on("B176", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Value rt = g.raggedFromRowSplits(g.constant(Tensor.ofStrings("ab")), g.constant(Tensor.ofLongs(0, 1)));
      Value deep = g.raggedFromRowSplits(rt, g.constant(Tensor.ofLongs(0, 1)));
      Value pos = g.raggedFromRowSplits(g.constant(Tensor.ofInts(0)), g.constant(Tensor.ofLongs(0, 1)));
      Strings.substr(deep, pos, pos, "BYTE");
    }));
    on("B177", () -> build(() -> Strings.format("no placeholder", List.of(), "{}", 3)));
    on("B178", () -> build(() -> Strings.reduceJoin(ph(new GraphBuilder(), "s", DType.STRING, 2, 2), new long[] {1, -1}, false, "")));
    on("B179", () -> build(() -> Strings.reduceJoin(ph(new GraphBuilder(), "s", DType.STRING, 2, 2), new long[] {2}, false, "")));
    on("B180", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      g.op(dev.tatter.ir.ops.StringPrintOps.STRING_FORMAT, Map.of("template", "{}", "summarize", 1L << 40), ph(g, "x", DType.INT32, 2));
    }));
    on("B50", () -> build(() -> {
      Value y = ph(new GraphBuilder(), "x", DType.INT32, 2).neg();
      y.add(1);
      y.named("y");
    }));
    on("B51", () -> build(() -> ph(new GraphBuilder(), "x", DType.INT32, 2).named("input")));
    on("B25", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Value rt = g.placeholder("rt", Types.ragged(DType.INT32, 1));
      rt.add(g.placeholder("t", Types.dense(DType.INT32, 2, 2, 2)));
    }));

    // ---- feeding -----------------------------------------------------------------------------
    on("F01", () -> {
      GraphBuilder g = new GraphBuilder();
      Value x = ph(g, "x", DType.FLOAT32, -1);
      return run(g, Map.of("x", Tensor.ofInts(1)), x.abs());
    });
    on("F02", () -> {
      GraphBuilder g = new GraphBuilder();
      Value x = ph(g, "x", DType.INT32, -1);
      return run(g, Map.of("x", Tensor.of(DType.INT32, new int[] {1, 2}, 1, 2)), x.abs());
    });
    on("F03", () -> {
      GraphBuilder g = new GraphBuilder();
      Value x = ph(g, "x", DType.INT32, 2);
      return run(g, Map.of("x", Tensor.ofInts(1, 2, 3)), x.abs());
    });
    on("F04", () -> {
      GraphBuilder g = new GraphBuilder();
      Value x = g.placeholder("x", Types.ragged(DType.INT32, 2));
      return run(g, Map.of("x", RaggedTensor.of(Tensor.ofInts(1, 2), splits(0, 2))), x.abs());
    });
    on("F05", () -> {
      GraphBuilder g = new GraphBuilder();
      Value x = ph(g, "x", DType.INT32, -1);
      return run(g, Map.of("x", RaggedTensor.of(Tensor.ofInts(1, 2), splits(0, 2))), x.abs());
    });
    on("F06", () -> {
      GraphBuilder g = new GraphBuilder();
      Value x = ph(g, "x", DType.INT32, -1);
      Map<String, Object> feeds = new HashMap<>();
      feeds.put("x", null);
      return run(g, feeds, x.abs());
    });
    on("F07", () -> {
      GraphBuilder g = new GraphBuilder();
      Value x = g.placeholder("x", Types.ragged(DType.INT32, 1, DType.INT32));
      return run(g, Map.of("x", RaggedTensor.of(Tensor.ofInts(1, 2),
          RowPartition.fromRowSplits(new long[] {0, 2}, DType.INT64, true))), x.abs());
    });
    on("F08", () -> {
      GraphBuilder g = new GraphBuilder();
      Value x = g.placeholder("x", Types.parse("ragged<int32>[3, (None)]"));
      return run(g, Map.of("x", RaggedTensor.of(Tensor.ofInts(1, 2), splits(0, 1, 2))), x.abs());
    });
    on("F09", () -> {
      GraphBuilder g = new GraphBuilder();
      Value p = g.placeholder("p", Types.parse("partition<int64>[None, 2]"));
      return run(g, Map.of("p", splits(0, 2, 3)), p.rowLengths());
    });
    on("F10", () -> {
      GraphBuilder g = new GraphBuilder();
      Value x = g.placeholder("x", Types.parse("ragged<int32>[None, (None), 2]"));
      return run(g, Map.of("x", RaggedTensor.of(Tensor.ofInts(1, 2, 3), splits(0, 3))), x.abs());
    });
    on("F11", () -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      Value x = g.placeholder("x", Types.parse("sparse<int32>[None, 3]"));
      return run(g, Map.of("x", SparseTensor.of(new long[][] {{0, 4}}, Tensor.ofInts(1), 2, 5)), tf.sparse.toDense(x));
    });
    on("F12", () -> {
      GraphBuilder g = new GraphBuilder();
      Value x = ph(g, "x", DType.INT32, -1);
      return run(g, Map.of(), x.abs());
    });
    on("F13", () -> thrown(() -> {
      GraphBuilder g = new GraphBuilder();
      Value y = ph(g, "x", DType.INT32, -1).abs();
      new Session(g.build()).run(Map.of("x", Tensor.ofInts(1), "nope", Tensor.ofInts(1)), y);
    }));
    on("F14", () -> thrown(() -> RaggedTensor.of(Tensor.ofInts(1, 2, 3), splits(0, 2, 5))));
    on("F15", () -> thrown(() -> splits(0, 3, 2)));
    on("F16", () -> thrown(() -> Tensor.of(DType.INT32, new int[] {1, 2, 3}, 2)));
    on("F17", () -> thrown(() -> SparseTensor.of(new long[][] {{0, 0}, {1}}, Tensor.ofInts(1, 2), 2, 2)));
    on("F18", () -> thrown(() -> SparseTensor.of(new long[][] {{0, 0}}, Tensor.ofInts(1), 2, -2)));
    on("F20", () -> {
      GraphBuilder g = new GraphBuilder();
      Value x = g.placeholder("x", Types.ragged(DType.INT32, 1));
      return run(g, Map.of("x", Tensor.ofInts(1, 2)), x.abs());
    });
    on("F19", () -> thrown(() -> RowPartition.fromRowSplits(new long[] {0, 3_000_000_000L}, DType.INT32, true)));
    on("F71", () -> thrown(() -> Tensor.fromNested(new long[][] {{1, 2}, {3}})));
    on("F72", () -> thrown(() -> Tensor.fromNested(java.util.Arrays.asList(1L, null))));
    on("F73", () -> thrown(() -> RaggedTensor.fromNested(List.of(List.of(1L), List.of(List.of(2L))))));
    on("F74", () -> thrown(() -> Tensor.fromNested(List.of(1, "a"))));
    on("F75", () -> thrown(() -> Tensor.fromNested(List.of(List.of(1, 200)), DType.INT8)));
    on("F76", () -> thrown(() -> RaggedTensor.fromNested(new long[][][] {{{1, 2}}, {{3}}}, null, 1)));
    on("F79", () -> thrown(() -> npy("PK not numpy".getBytes(java.nio.charset.StandardCharsets.ISO_8859_1))));
    on("F80", () -> thrown(() -> npy(npyHeader(1, "{'descr': '<u8', 'fortran_order': False, 'shape': (1,), }"))));
    on("F81", () -> thrown(() -> {
      byte[] whole = dev.tatter.runtime.io.Npy.toBytes(Tensor.fromNested(new long[][] {{1, 2, 3}, {4, 5, 6}}));
      npy(java.util.Arrays.copyOf(whole, whole.length - 3));
    }));
    on("F82", () -> thrown(() -> npy(npyHeader(2, "{" + " ".repeat(70000 - 3) + "}\n"))));
    on("F83", () -> thrown(() -> dev.tatter.runtime.io.Npz.toRagged(Map.of("values", Tensor.ofLongs(1)))));

    // ---- running -----------------------------------------------------------------------------
    on("R01", () -> {
      GraphBuilder g = new GraphBuilder();
      Value p = g.partitionFromRowSplits(ph(g, "s", DType.INT64, -1));
      return run(g, Map.of("s", Tensor.ofLongs(0, 4, 5, 2)), p.rowLengths());
    });
    on("R02", () -> {
      GraphBuilder g = new GraphBuilder();
      Value p = g.partitionFromRowSplits(ph(g, "s", DType.INT64, -1));
      return run(g, Map.of("s", Tensor.ofLongs(1, 2)), p.rowLengths());
    });
    on("R03", () -> {
      GraphBuilder g = new GraphBuilder();
      Value p = g.partitionFromRowLengths(ph(g, "l", DType.INT64, -1));
      return run(g, Map.of("l", Tensor.ofLongs(2, -1)), p.rowSplits());
    });
    on("R04", () -> {
      GraphBuilder g = new GraphBuilder();
      Value p = g.partitionFromValueRowids(ph(g, "ids", DType.INT64, -1));
      return run(g, Map.of("ids", Tensor.ofLongs(0, 2, 1)), p.rowSplits());
    });
    on("R05", () -> {
      GraphBuilder g = new GraphBuilder();
      Value p = g.partitionFromValueRowids(ph(g, "ids", DType.INT64, -1), ph(g, "n", DType.INT64));
      return run(g, Map.of("ids", Tensor.ofLongs(0, 1, 3), "n", Tensor.scalar(DType.INT64, 3)), p.rowSplits());
    });
    on("R06", () -> {
      GraphBuilder g = new GraphBuilder();
      Value rt = g.ragged(ph(g, "v", DType.INT32, -1), g.partitionFromRowSplits(ph(g, "s", DType.INT64, -1)));
      return run(g, Map.of("v", Tensor.ofInts(1, 2, 3), "s", Tensor.ofLongs(0, 2, 5)), rt.toTensor());
    });
    on("R07", () -> {
      GraphBuilder g = new GraphBuilder();
      Value a = g.placeholder("a", Types.ragged(DType.INT32, 1));
      Value b = g.placeholder("b", Types.ragged(DType.INT32, 1));
      return run(g, Map.of("a", RaggedTensor.of(Tensor.ofInts(1, 2, 3), splits(0, 1, 3)),
          "b", RaggedTensor.of(Tensor.ofInts(1, 2, 3), splits(0, 2, 3))), a.add(b));
    });
    on("R08", () -> {
      GraphBuilder g = new GraphBuilder();
      Value x = g.placeholder("x", Types.ragged(DType.INT32, 1));
      return run(g, Map.of("x", RaggedTensor.of(Tensor.ofInts(1, 2), splits(0, 1, 2))), x.getItem(-3));
    });
    on("R09", () -> {
      GraphBuilder g = new GraphBuilder();
      Value x = ph(g, "x", DType.INT32, -1);
      Value y = ph(g, "y", DType.INT32, -1);
      return run(g, Map.of("x", Tensor.ofInts(7, 8), "y", Tensor.ofInts(2, 0)), x.floordiv(y));
    });
    on("R10", () -> {
      GraphBuilder g = new GraphBuilder();
      Value x = ph(g, "x", DType.INT32, -1);
      Value y = ph(g, "y", DType.INT32, -1);
      return run(g, Map.of("x", Tensor.ofInts(2), "y", Tensor.ofInts(-1)), x.pow(y));
    });
    on("R11", () -> withLimit(1000, () -> {
      GraphBuilder g = new GraphBuilder();
      Value rt = g.placeholder("rt", Types.ragged(DType.INT32, 1));
      return run(g, Map.of("rt", RaggedTensor.of(Tensor.ofInts(1, 2), splits(0, 2))), rt.toTensor(0, 100_000, 100_000));
    }));
    on("R12", () -> withLimit(1000, () -> {
      GraphBuilder g = new GraphBuilder();
      Value rt = g.placeholder("rt", Types.ragged(DType.INT32, 1));
      return run(g, Map.of("rt", RaggedTensor.of(Tensor.ofInts(1, 2), RowPartition.fromRowSplits(
          java.util.stream.LongStream.concat(java.util.stream.LongStream.of(0), java.util.stream.LongStream.generate(() -> 2).limit(600)).toArray(),
          DType.INT64, true))), rt.toTensor());
    }));
    on("R13", () -> withLimit(1000, () -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      Value st = g.placeholder("st", Types.parse("sparse<int32>[None, None]"));
      return run(g, Map.of("st", SparseTensor.of(new long[][] {{0, 0}}, Tensor.ofInts(1), 1L << 40, 1L << 40)), tf.sparse.toDense(st));
    }));
    on("R14", () -> {
      GraphBuilder g = new GraphBuilder();
      Value p = g.partitionFromRowLengths(ph(g, "l", DType.INT32, -1));
      return run(g, Map.of("l", Tensor.ofInts(Integer.MAX_VALUE, 1)), p.rowSplits());
    });
    on("R15", () -> {
      GraphBuilder g = new GraphBuilder();
      Value p = g.partitionFromRowLengths(ph(g, "l", DType.INT64, -1));
      return run(g, Map.of("l", Tensor.ofLongs(Long.MAX_VALUE, 1)), p.rowSplits());
    });
    on("R16", () -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      Value st = g.placeholder("st", Types.parse("sparse<int32>[None, None]"));
      return run(g, Map.of("st", SparseTensor.of(new long[][] {{0, 5}}, Tensor.ofInts(1), 2, 3)), tf.sparse.reduceSum(st));
    });
    on("R17", () -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      Value st = g.placeholder("st", Types.parse("sparse<int32>[None, None]"));
      return run(g, Map.of("st", SparseTensor.of(new long[][] {{0, 1}, {0, 1}}, Tensor.ofInts(1, 2), 2, 3)), tf.sparse.toDense(st));
    });
    on("R96", () -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      Value st = g.placeholder("st", Types.parse("sparse<int32>[None, None]"));
      return run(g, Map.of("st", SparseTensor.of(new long[][] {{0, 2}, {0, 1}}, Tensor.ofInts(1, 2), 2, 3)), tf.sparse.toDense(st));
    });
    on("R97", () -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      Value st = g.placeholder("st", Types.parse("sparse<int32>[None, None]"));
      return run(g, Map.of("st", SparseTensor.of(new long[][] {{0, 5}}, Tensor.ofInts(1), 2, 3)), tf.sparse.toDense(st));
    });
    on("R99", () -> {
      GraphBuilder g = new GraphBuilder();
      return run(g, Map.of("s", Tensor.ofStrings("abc")), Strings.substr(ph(g, "s", DType.STRING, -1), 4, 1));
    });
    on("R100", () -> {
      GraphBuilder g = new GraphBuilder();
      Value s = ph(g, "s", DType.STRING, -1);
      return run(g, Map.of("s", Tensor.ofStrings("\ud83d\ude0a")),
          Strings.substr(s, g.scalar(DType.INT64, 2), g.scalar(DType.INT64, 1), "UTF8_CHAR"));
    });
    on("R101", () -> {
      GraphBuilder g = new GraphBuilder();
      Value s = ph(g, "s", DType.STRING, -1, -1, -1);
      return run(g, Map.of("s", Tensor.of(DType.STRING, new String[] {"ab", "cd"}, 1, 1, 2)),
          Strings.substr(s, g.constant(Tensor.ofInts(0, 1)), g.constant(Tensor.ofInts(1, 1)), "BYTE"));
    });
    on("R102", () -> {
      GraphBuilder g = new GraphBuilder();
      return run(g, Map.of("s", Tensor.ofStrings("1.5x")), Strings.toNumber(ph(g, "s", DType.STRING, -1), DType.FLOAT64));
    });
    on("R103", () -> {
      GraphBuilder g = new GraphBuilder();
      Value joined = Strings.join(List.of(ph(g, "a", DType.STRING, -1), ph(g, "b", DType.STRING, -1)), "");
      return run(g, Map.of("a", Tensor.ofStrings("a", "b"), "b", Tensor.ofStrings("a", "b", "c")), joined);
    });
    on("R104", () -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      Value sp = g.placeholder("sp", Types.parse("sparse<int32>[None, None]"));
      return run(g, Map.of("sp", SparseTensor.of(new long[][] {{0, 0}, {1, 0}}, Tensor.ofInts(2, 4), 2, 1)), tf.sparse.toIndicator(sp, 4));
    });
    on("R105", () -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      Value sp = g.placeholder("sp", Types.parse("sparse<int64>[None, None]"));
      return run(g, Map.of("sp", SparseTensor.of(new long[][] {{0, 3}}, Tensor.ofLongs(1), 2, 2)),
          tf.sparse.bincount(sp, null, -1, null, null, false));
    });
    on("R106", () -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      Value sp = g.placeholder("sp", Types.parse("sparse<int64>[None]"));
      Value w = g.placeholder("w", Types.parse("sparse<float32>[None]"));
      return run(g, Map.of("sp", SparseTensor.of(new long[][] {{0}}, Tensor.ofLongs(1), 2),
          "w", SparseTensor.of(new long[][] {{0}, {1}}, Tensor.ofFloats(1, 2), 2)), tf.sparse.bincount(sp, w, 0, null, null, false));
    });
    on("B153", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      tf.sparse.bincount(g.constant(Tensor.of(DType.INT32, new int[8], 2, 2, 2)), null, -1, null, null, false);
    }));
    on("B154", () -> build(() -> {
      Ops tf = new GraphBuilder().ops();
      tf.sparse.bincount(tf.ragged.constant(java.util.List.of(java.util.List.of(java.util.List.of(1)))), null, -1, null, null, false);
    }));
    on("B155", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      tf.sparse.bincount(tf.ragged.constant(java.util.List.of(java.util.List.of(1))), g.constant(Tensor.ofInts(1)), -1, null, null, false);
    }));
    on("B156", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      tf.sparse.bincount(g.constant(Tensor.ofInts(1)), tf.ragged.constant(java.util.List.of(java.util.List.of(1))), 0, null, null, false);
    }));
    on("R107", () -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      Value v = g.placeholder("v", Types.dense(DType.INT32, -1, -1));
      Value w = g.placeholder("w", Types.dense(DType.FLOAT32, -1, -1));
      return run(g, Map.of("v", Tensor.of(DType.INT32, new int[4], 2, 2), "w", Tensor.of(DType.FLOAT32, new float[4], 1, 4)),
          tf.sparse.bincount(v, w, -1, null, null, false));
    });
    on("R108", () -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      Value v = g.placeholder("v", Types.dense(DType.INT32, -1, -1));
      return run(g, Map.of("v", Tensor.of(DType.INT32, new int[0], 0, 3)), tf.sparse.bincount(v, null, -1, null, null, false));
    });
    on("R109", () -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      Value r = g.placeholder("r", Types.ragged(DType.INT64, 1));
      Value w = g.placeholder("w", Types.ragged(DType.FLOAT32, 1));
      return run(g, Map.of("r", dev.tatter.runtime.RaggedTensor.fromNested(new long[][] {{1}, {2, 3}}),
          "w", dev.tatter.runtime.RaggedTensor.fromNested(new float[][] {{1, 1}, {2}})), tf.sparse.bincount(r, w, -1, null, null, false));
    });
    on("R110", () -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      Value r = g.placeholder("r", Types.ragged(DType.INT64, 1));
      return run(g, Map.of("r", dev.tatter.runtime.RaggedTensor.of(Tensor.ofLongs(),
          dev.tatter.runtime.RowPartition.fromRowSplits(new long[] {0}, DType.INT64, true))), tf.sparse.bincount(r, null, -1, null, null, false));
    });
    on("R111", () -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      Value v = g.placeholder("v", Types.dense(DType.INT64, -1));
      return run(g, Map.of("v", Tensor.ofLongs(1, -1)), tf.sparse.bincount(v, null, 0, null, null, false));
    });
    on("B200", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      tf.gather(g.constant(Tensor.of(DType.INT32, new int[6], 2, 3)), g.constant(Tensor.ofInts(0)), 2, 0);
    }));
    on("B201", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      tf.gather(g.constant(Tensor.of(DType.INT32, new int[6], 2, 3)), g.constant(Tensor.of(DType.INT32, new int[2], 2, 1)), 1, 3);
    }));
    on("B202", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      tf.gather(g.constant(Tensor.of(DType.INT32, new int[6], 2, 3)), g.constant(Tensor.of(DType.INT32, new int[2], 2, 1)), 0, 1);
    }));
    on("B203", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      tf.gather(g.constant(Tensor.of(DType.INT32, new int[6], 2, 3)), g.constant(Tensor.of(DType.INT32, new int[3], 3, 1)), 1, 1);
    }));
    on("B240", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      Value rt = g.raggedFromRowSplits(g.constant(Tensor.of(DType.INT32, new int[9], 3, 3)), g.constant(Tensor.ofLongs(0, 2, 3)));
      tf.gather(rt, g.constant(Tensor.of(DType.INT32, new int[3], 3, 1)), 2, 1);
    }));
    on("B241", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      Value ids = g.raggedFromRowSplits(g.constant(Tensor.of(DType.INT32, new int[3], 3, 1)), g.constant(Tensor.ofLongs(0, 2, 3)));
      tf.gather(g.constant(Tensor.of(DType.INT32, new int[12], 2, 2, 3)), ids, 2, 2);
    }));
    on("B242", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      Value rt = tf.ragged.constant(List.of(List.of(List.of(1, 2), List.of(3)), List.of(List.of(4), List.of(5, 6), List.of(7))));
      tf.gather(rt, g.constant(Tensor.of(DType.INT32, new int[4], 2, 2, 1)), 2, 2);
    }));
    on("B205", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      tf.gatherNd(g.constant(Tensor.ofInts(1, 2)), g.constant(Tensor.of(DType.INT32, new int[2], 1, 2)));
    }));
    on("B206", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      tf.gatherNd(g.scalar(DType.INT32, 5), g.constant(Tensor.ofInts(0)));
    }));
    on("B220", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      tf.gatherNd(tf.ragged.constant(List.of(List.of(1, 2), List.of(3))), g.constant(Tensor.of(DType.INT32, new int[2], 2, 1)), 1);
    }));
    on("B221", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      tf.gatherNd(tf.ragged.constant(List.of(List.of(1, 2), List.of(3))), g.constant(Tensor.of(DType.INT32, new int[3], 1, 3)));
    }));
    on("B223", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      Value ids = g.raggedFromRowSplits(g.constant(Tensor.of(DType.INT32, new int[2], 1, 2)), g.constant(Tensor.ofInts(0, 1)));
      tf.gatherNd(tf.ragged.constant(List.of(List.of(1, 2), List.of(3))), ids);
    }));
    on("B222", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      tf.gatherNd(tf.ragged.constant(List.of(List.of(1, 2), List.of(3))), g.placeholder("i", Types.dense(DType.INT32, 2, -1)));
    }));
    on("B208", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      tf.dynamicPartition(g.constant(Tensor.ofInts(1, 2, 3)), g.constant(Tensor.ofInts(0, 1)), 2);
    }));
    on("B209", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      tf.dynamicPartition(g.constant(Tensor.ofInts(1, 2)), g.constant(Tensor.ofInts(0, 0)), 0);
    }));
    on("B230", () -> build(() -> Strings.format("z = {}", ph(new GraphBuilder(), "z", DType.COMPLEX64, 2))));
    on("R170", () -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      Value p = g.placeholder("p", Types.dense(DType.INT32, 2, 3));
      Value i = g.placeholder("i", Types.dense(DType.INT64, 2, 2));
      return run(g, Map.of("p", Tensor.of(DType.INT32, new int[6], 2, 3), "i", Tensor.of(DType.INT64, new long[] {0, 1, -1, 0}, 2, 2)),
          tf.gather(p, i, 1, 0));
    });
    on("R171", () -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      Value p = g.placeholder("p", Types.dense(DType.INT32, -1, 3));
      Value i = g.placeholder("i", Types.dense(DType.INT32, -1, 1));
      return run(g, Map.of("p", Tensor.of(DType.INT32, new int[6], 2, 3), "i", Tensor.of(DType.INT32, new int[3], 3, 1)),
          tf.gather(p, i, 1, 1));
    });
    on("R172", () -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      Value p = g.placeholder("p", Types.dense(DType.INT32, 3));
      Value i = g.placeholder("i", Types.dense(DType.INT32, 1, 2, 1));
      return run(g, Map.of("p", Tensor.ofInts(0, 1, 2), "i", Tensor.of(DType.INT32, new int[] {0, 7}, 1, 2, 1)), tf.gatherNd(p, i));
    });
    on("R175", () -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      Value rt = g.placeholder("rt", Types.ragged(DType.INT32, 1));
      return run(g, Map.of("rt", RaggedTensor.of(Tensor.ofInts(1, 2, 3, 4, 5), splits(0, 3, 5))),
          tf.gather(rt, g.constant(Tensor.ofInts(2)), 1, 0));
    });
    on("R240", () -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      Value p = g.placeholder("p", Types.parse("ragged<int32>[None, (None), (None)]"));
      Value i = g.placeholder("i", Types.parse("ragged<int32>[None, (None), 1]"));
      RaggedTensor params = RaggedTensor.of(RaggedTensor.of(Tensor.ofInts(1, 2, 3, 4, 5), splits(0, 1, 2, 3, 4, 5)), splits(0, 2, 5));
      RaggedTensor indices = RaggedTensor.of(Tensor.of(DType.INT32, new int[5], 5, 1), splits(0, 3, 5));
      return run(g, Map.of("p", params, "i", indices), tf.gather(p, i, 2, 2));
    });
    on("R241", () -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      Value p = g.placeholder("p", Types.parse("ragged<int32>[None, (None), 3]"));
      Value i = g.placeholder("i", Types.dense(DType.INT32, -1, 1));
      RaggedTensor rows = RaggedTensor.of(Tensor.of(DType.INT32, new int[9], 3, 3), splits(0, 2, 3));
      return run(g, Map.of("p", rows, "i", Tensor.of(DType.INT32, new int[3], 3, 1)), tf.gather(p, i, 2, 1));
    });
    on("R220", () -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      Value rt = g.placeholder("rt", Types.ragged(DType.INT32, 1));
      Value i = g.placeholder("i", Types.dense(DType.INT32, 1, 2));
      return run(g, Map.of("rt", RaggedTensor.of(Tensor.ofInts(1, 2, 3, 4, 5, 6, 7), splits(0, 2, 5, 7)),
          "i", Tensor.of(DType.INT32, new int[] {1, 5}, 1, 2)), tf.gatherNd(rt, i));
    });
    on("R174", () -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      Value p = g.placeholder("p", Types.dense(DType.INT32, 2, 0));
      Value i = g.placeholder("i", Types.dense(DType.INT32, 1, 1));
      return run(g, Map.of("p", Tensor.of(DType.INT32, new int[0], 2, 0), "i", Tensor.of(DType.INT32, new int[] {1}, 1, 1)),
          tf.gatherNd(p, i));
    });
    on("R173", () -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      Value d = g.placeholder("d", Types.dense(DType.INT32, 3));
      Value p = g.placeholder("p", Types.dense(DType.INT32, 3));
      return run(g, Map.of("d", Tensor.ofInts(1, 2, 3), "p", Tensor.ofInts(0, 2, 1)), tf.dynamicPartition(d, p, 2).get(0));
    });
    on("R98", () -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      Value st = g.placeholder("st", Types.parse("sparse<int32>[None, None]"));
      return run(g, Map.of("st", SparseTensor.of(new long[][] {{0, 5}}, Tensor.ofInts(1), 2, 3)), tf.sparse.toDense(st, 0, false));
    });
    on("R18", () -> {
      GraphBuilder g = new GraphBuilder();
      Value st = g.placeholder("st", Types.parse("sparse<int32>[None, None]"));
      return run(g, Map.of("st", SparseTensor.of(new long[][] {{0, 1}}, Tensor.ofInts(1), 2, 3)), g.raggedFromSparse(st));
    });
    on("R19", () -> {
      GraphBuilder g = new GraphBuilder();
      Value x = ph(g, "x", DType.INT32, -1, -1);
      Value y = ph(g, "y", DType.INT32, -1);
      return run(g, Map.of("x", Tensor.of(DType.INT32, new int[6], 2, 3), "y", Tensor.ofInts(1, 2)), x.add(y));
    });
    on("R20", () -> {
      GraphBuilder g = new GraphBuilder();
      Value rt = g.placeholder("rt", Types.ragged(DType.INT32, 1));
      Value d = ph(g, "d", DType.INT32, -1, -1);
      return run(g, Map.of("rt", RaggedTensor.of(Tensor.ofInts(1, 2, 3), splits(0, 1, 3)),
          "d", Tensor.of(DType.INT32, new int[3], 3, 1)), rt.add(d));
    });
    on("R21", () -> {
      GraphBuilder g = new GraphBuilder();
      Value p = g.partitionFromUniformRowLength(ph(g, "len", DType.INT64), null, ph(g, "n", DType.INT64), PartitionOptions.DEFAULT);
      return run(g, Map.of("len", Tensor.scalar(DType.INT64, -2), "n", Tensor.scalar(DType.INT64, 2)), p.rowSplits());
    });
    on("R22", () -> {
      GraphBuilder g = new GraphBuilder();
      Value t = ph(g, "t", DType.INT32, -1, -1);
      Value lengths = ph(g, "len", DType.INT64, -1);
      return run(g, Map.of("t", Tensor.of(DType.INT32, new int[4], 2, 2), "len", Tensor.ofLongs(1, 1, 1)),
          g.raggedFromTensor(t, lengths, null, 1));
    });
    on("R23", () -> {
      GraphBuilder g = new GraphBuilder();
      Value st = g.placeholder("st", Types.parse("sparse<int32>[None, None]"));
      return run(g, Map.of("st", SparseTensor.of(new long[][] {{0, 1}}, Tensor.ofInts(1), 2, 3)), st.setShape(4, 4));
    });
    on("R24", () -> {
      GraphBuilder g = new GraphBuilder();
      Value st = g.placeholder("st", Types.parse("sparse<int32>[None, None]"));
      Value d = ph(g, "d", DType.INT32, -1, -1);
      return run(g, Map.of("st", SparseTensor.of(new long[][] {{0, 1}}, Tensor.ofInts(1), 2, 3),
          "d", Tensor.of(DType.INT32, new int[6], 2, 3)), st.div(d));
    });
    on("R25", () -> {
      GraphBuilder g = new GraphBuilder();
      Value p = g.partitionFromRowSplits(ph(g, "s", DType.INT64, -1));
      return run(g, Map.of("s", Tensor.ofLongs()), p.rowLengths());
    });

    on("R26", () -> {
      GraphBuilder g = new GraphBuilder();
      Value rt = g.placeholder("rt", Types.ragged(DType.INT32, 1));
      Value d = ph(g, "d", DType.INT32, -1, -1);
      return run(g, Map.of("rt", RaggedTensor.of(Tensor.ofInts(1, 2, 3), splits(0, 2, 3)),
          "d", Tensor.of(DType.INT32, new int[6], 2, 3)), rt.add(d));
    });

    on("R27", () -> {
      GraphBuilder g = new GraphBuilder();
      Value p = g.partitionFromValueRowids(ph(g, "ids", DType.INT64, -1));
      return run(g, Map.of("ids", Tensor.ofLongs(0, -5)), p.rowSplits());
    });
    on("R28", () -> {
      GraphBuilder g = new GraphBuilder();
      Value p = g.partitionFromValueRowids(ph(g, "ids", DType.INT64, -1));
      return run(g, Map.of("ids", Tensor.ofLongs(Long.MAX_VALUE)), p.rowSplits());
    });

    on("R29", () -> {
      GraphBuilder g = new GraphBuilder();
      // validate=false: a validated ragged node keeps its own check (R06), which fires first
      Value rt = g.raggedFromRowLengths(ph(g, "v", DType.INT32, -1), ph(g, "l", DType.INT64, -1), false);
      return runOptimized(g, Map.of("v", Tensor.ofInts(1, 2), "l", Tensor.ofLongs()), rt.reduceMax(1));
    });

    on("R30", () -> {
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

    on("R74", () -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      Value p = g.placeholder("p", Types.dense(DType.UINT8, -1));
      return run(g, Map.of("p", Tensor.ofUint8(1, 2, 3)), tf.bitcast(p, DType.INT16));
    });
    on("R31", () -> {
      GraphBuilder g = new GraphBuilder();
      Value a = g.placeholder("a", Types.ragged(DType.INT32, 1));
      Value b = g.placeholder("b", Types.ragged(DType.INT32, 1));
      return run(g, Map.of("a", RaggedTensor.of(Tensor.ofInts(1, 2), splits(0, 2)),
          "b", RaggedTensor.of(Tensor.ofInts(1, 2), splits(0, 1, 2))), a.add(b));
    });
    SparseErrorCases.register(ErrorCatalogTest::on);

    // ---- gather on ragged, ragged.range, boolean_mask, where ----------------------------------
    on("B60", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      tf.gather(tf.ragged.constant(List.of(List.of(1), List.of())), g.constant(Tensor.ofFloats(1)));
    }));
    on("B61", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      tf.gather(tf.ragged.constant(List.of(List.of(1), List.of())).withRowSplitsDType(DType.INT32),
          tf.ragged.constant(List.of(List.of(0), List.of(1))));
    }));
    on("B62", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      tf.ragged.range(g.constant(Tensor.ofInts(1, 2)), g.constant(Tensor.ofInts(3, 4, 5)));
    }));
    on("B63", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      tf.ragged.range(g.constant(Tensor.of(DType.INT32, new int[] {1, 2}, 1, 2)));
    }));
    on("B64", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      tf.booleanMask(g.constant(Tensor.ofInts(1, 2)), g.scalar(DType.BOOL, true));
    }));
    on("B65", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      tf.booleanMask(g.constant(Tensor.of(DType.INT32, new int[] {1, 2, 3, 4}, 2, 2)), g.constant(Tensor.ofBools(true, false, true)));
    }));
    on("B66", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      tf.booleanMask(g.constant(Tensor.ofInts(1, 2)), g.constant(Tensor.ofInts(1, 0)));
    }));
    on("B67", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      tf.where(g.constant(Tensor.ofBools(true, false)), g.constant(Tensor.ofInts(1, 2, 3)), g.scalar(DType.INT32, 0));
    }));
    on("B68", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      Value rt = tf.ragged.constant(List.of(List.of(1, 2), List.of(3)));
      tf.where(rt.gt(1), rt, g.constant(Tensor.ofInts(7, 8)));
    }));
    on("B69", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      tf.concat(List.of(tf.ragged.constant(List.of(List.of(1, 2), List.of(3, 4, 5))), g.constant(Tensor.ofInts(1, 2))), 0);
    }));
    on("B70", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      tf.concat(List.of(g.constant(Tensor.of(DType.INT32, new int[] {1, 2}, 1, 2)),
          g.constant(Tensor.of(DType.INT32, new int[] {1, 2, 3}, 1, 3))), 0);
    }));
    on("B71", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      tf.concat(List.of(tf.ragged.constant(List.of(List.of(1, 2), List.of(3, 4, 5))), tf.ragged.constant(List.of(List.of(1)))), 1);
    }));
    on("R67", () -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      Value a = g.placeholder("a", Types.ragged(DType.INT32, 1));
      Value b = g.placeholder("b", Types.ragged(DType.INT32, 1));
      return run(g, Map.of("a", RaggedTensor.of(Tensor.ofInts(1, 2), splits(0, 1, 2)),
          "b", RaggedTensor.of(Tensor.ofInts(3), splits(0, 1))), tf.concat(List.of(a, b), 1));
    });
    on("R68", () -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      Value a = g.placeholder("a", Types.parse("ragged<int32>[None, (None), (None)]"));
      Value b = g.placeholder("b", Types.parse("ragged<int32>[None, (None), (None)]"));
      RaggedTensor inner = RaggedTensor.of(Tensor.ofInts(1, 2), splits(0, 1, 2));
      return run(g, Map.of("a", RaggedTensor.of(inner, splits(0, 1, 2)), "b", RaggedTensor.of(inner, splits(0, 2, 2))),
          tf.concat(List.of(a, b), 2));
    });
    on("B72", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      tf.tile(tf.ragged.constant(List.of(List.of(1, 2), List.of(3))), 2);
    }));
    on("B73", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      tf.tile(tf.ragged.constant(List.of(List.of(1, 2), List.of(3))), 1, -1);
    }));
    on("B74", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      tf.math.cumprod(tf.ragged.constant(List.of(List.of(1, 2), List.of(3))), 0);
    }));
    on("B75", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      tf.math.cumsum(g.constant(Tensor.ofBools(true)), 0);
    }));
    on("B76", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      tf.sequenceMask(g.constant(Tensor.ofInts(1)), -3, DType.BOOL);
    }));
    on("R69", () -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      Value rt = g.placeholder("rt", Types.ragged(DType.INT32, 1));
      return run(g, Map.of("rt", RaggedTensor.of(Tensor.ofInts(1, 2), splits(0, 1, 2))), tf.tile(rt, 1L << 40, 1));
    });
    on("B77", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      tf.math.unsortedSegmentSum(g.constant(Tensor.ofInts(1, 2, 3)), g.constant(Tensor.ofInts(0, 1)), g.scalar(DType.INT32, 2));
    }));
    on("B78", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      tf.math.unsortedSegmentMean(g.constant(Tensor.ofInts(1, 2, 3)), g.constant(Tensor.ofInts(0, 1, 0)), g.scalar(DType.INT32, 2));
    }));
    on("B79", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      tf.math.unsortedSegmentSum(g.constant(Tensor.ofInts(1, 2, 3)), g.constant(Tensor.ofInts(0, 1, 0)), g.scalar(DType.INT32, -2));
    }));
    on("R70", () -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      Value ids = g.placeholder("ids", Types.parse("tensor<int32>[3]"));
      return run(g, Map.of("ids", Tensor.ofInts(0, 3, 1)),
          tf.math.unsortedSegmentSum(g.constant(Tensor.ofInts(1, 2, 3)), ids, g.scalar(DType.INT32, 2)));
    });
    on("R71", () -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      Value ids = g.placeholder("ids", Types.parse("tensor<int32>[3]"));
      return run(g, Map.of("ids", Tensor.ofInts(0, 2, 1)), tf.math.segmentSum(g.constant(Tensor.ofInts(1, 2, 3)), ids));
    });
    on("R72", () -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      Value ids = g.placeholder("ids", Types.parse("tensor<int32>[2]"));
      return run(g, Map.of("ids", Tensor.ofInts(-1, 0)), tf.math.segmentSum(g.constant(Tensor.ofInts(1, 2)), ids));
    });
    on("B80", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      tf.math.bincount(g.constant(Tensor.ofInts(1, 2)), g.constant(Tensor.ofInts(1, 1)), -1, -1, true, false);
    }));
    on("B81", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      tf.math.bincount(g.constant(Tensor.ofFloats(1)));
    }));
    on("B82", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      tf.math.bincount(g.constant(Tensor.ofInts(1, 2)), null, -1, -1, false, true);
    }));
    on("R73", () -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      Value arr = g.placeholder("arr", Types.parse("tensor<int32>[None]"));
      return run(g, Map.of("arr", Tensor.ofInts(1, -1)), tf.math.bincount(arr));
    });
    on("R60", () -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      Value rt = g.placeholder("rt", Types.ragged(DType.INT32, 1));
      return run(g, Map.of("rt", RaggedTensor.of(Tensor.ofInts(1, 2), splits(0, 1, 1, 2, 2))),
          tf.gather(rt, g.constant(Tensor.ofInts(1, 4))));
    });
    on("R61", () -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      Value deltas = g.placeholder("deltas", Types.parse("tensor<int32>[None]"));
      return run(g, Map.of("deltas", Tensor.ofInts(1, 0)), tf.ragged.range(g.scalar(DType.INT32, 0), g.scalar(DType.INT32, 3), deltas));
    });
    on("R62", () -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      Value limits = g.placeholder("limits", Types.parse("tensor<float64>[None]"));
      return run(g, Map.of("limits", Tensor.ofDoubles(Double.NaN)), tf.ragged.range(limits));
    });
    on("R63", () -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      Value starts = g.placeholder("starts", Types.parse("tensor<int32>[None]"));
      Value limits = g.placeholder("limits", Types.parse("tensor<int32>[None]"));
      return run(g, Map.of("starts", Tensor.ofInts(0, 1), "limits", Tensor.ofInts(3, 4, 5)), tf.ragged.range(starts, limits));
    });
    on("R64", () -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      Value data = g.placeholder("data", Types.ragged(DType.INT32, 1));
      Value mask = g.placeholder("mask", Types.ragged(DType.BOOL, 1));
      return run(g, Map.of("data", RaggedTensor.of(Tensor.ofInts(1, 2, 3), splits(0, 2, 3)),
          "mask", RaggedTensor.of(Tensor.ofBools(true, false, true), splits(0, 1, 3))), tf.booleanMask(data, mask));
    });
    on("R65", () -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      Value data = g.placeholder("data", Types.ragged(DType.INT32, 1));
      Value mask = g.placeholder("mask", Types.parse("tensor<bool>[None]"));
      return run(g, Map.of("data", RaggedTensor.of(Tensor.ofInts(1, 2, 3), splits(0, 2, 3, 3)),
          "mask", Tensor.ofBools(true, false)), tf.booleanMask(data, mask));
    });
    on("R66", () -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      Value data = g.placeholder("data", Types.parse("tensor<int32>[None, 2]"));
      Value mask = g.placeholder("mask", Types.parse("tensor<bool>[None]"));
      return run(g, Map.of("data", Tensor.of(DType.INT32, new int[] {1, 2, 3, 4}, 2, 2),
          "mask", Tensor.ofBools(true, false, true)), tf.booleanMask(data, mask));
    });

    // ---- the text format ---------------------------------------------------------------------
    on("T01", () -> parse("%x = placeholder( : tensor<int32>[2]\n"));
    on("T02", () -> parse("%x = frobnicate() : tensor<int32>[2]\n"));
    on("T03", () -> parse("%x = abs(%y) : tensor<int32>[2]\n"));
    on("T04", () -> parse("%x = placeholder() : tensor<int32>[2]\n%y = abs(%x) : tensor<int64>[2]\n"));
    on("T05", () -> parse("%c = constant() {value = tensor<int8>[1] [300]} : tensor<int8>[1]\n"));
    on("T06", () -> parse("%c = constant() {value = tensor<int32>[2] [1, 2, 3]} : tensor<int32>[2]\n"));
    on("T07", () -> parse("%c = constant() {value = tensor<int64>[1] [99999999999999999999]} : tensor<int64>[1]\n"));
    on("T08", () -> parse("%x = placeholder() : tensor<int32>[2]\n%x = abs(%x) : tensor<int32>[2]\n"));
    on("T09", () -> parse("%x = placeholder() : tensor<int32>[2]\n%y = abs(%x) {axis = 1} : tensor<int32>[2]\n"));
    on("T10", () -> parse("%x = placeholder() : tensor<int32>[2]\n%y = cast(%x) {dtype = int64, dtype = int64} : tensor<int64>[2]\n"));
    on("T11", () -> parse("%x = placeholder() : tensor<int32>[2]\n%y = cast(%x) : tensor<int64>[2]\n"));
    on("T12", () -> parse("%x = placeholder() : tensor<int32>[2]\n%y = cast(%x) {dtype = 3} : tensor<int64>[2]\n"));
    on("T13", () -> parse("%x = placeholder() : tensor<int32>[2]\n%y = add(%x) : tensor<int32>[2]\n"));
    on("T14", () -> parse("%x = placeholder() : tensor<int32>[(None)]\n"));
    on("T15", () -> parse("%x = placeholder() : ragged<int32>[(None), 2]\n"));
    on("T16", () -> parse("%x = placeholder() : ragged<int32, color=3>[2, (None)]\n"));
    on("T17", () -> parse("%x = placeholder() : tensor<int32>[-2]\n"));
    on("T18", () -> parse("%x = placeholder() : tensor<int33>[2]\n"));
    on("T19", () -> parse("%x = placeholder() : tensor<int32>[2]\nreturn %z\n"));
    on("T20", () -> parse("%c = constant() {value = tensor<float32>[1] [\"a\"]} : tensor<float32>[1]\n"));
    on("T70", () -> parseSparse("[[1, 2]]"));
    on("T71", () -> parseSparse("SparseTensor(indices=[[0, 0]], values=[1], values=[2], dense_shape=[3, 4])"));
    on("T72", () -> parseSparse("SparseTensor(indices=[], values=[], dense_shape=[3, 5])"));
    robustnessCases();
  }

  private static Throwable parseSparse(String text) {
    return thrown(() -> GraphParser.parseValue(text, GraphParser.parseType("sparse<int32>[3, 4]"), "t.tat"));
  }

  private static void npy(byte[] bytes) {
    try {
      dev.tatter.runtime.io.Npy.read(new java.io.ByteArrayInputStream(bytes));
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  /** An .npy file's magic, version and header (no data). */
  private static byte[] npyHeader(int version, String header) {
    byte[] h = header.getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
    java.nio.ByteBuffer b = java.nio.ByteBuffer.allocate(8 + (version == 1 ? 2 : 4) + h.length)
        .order(java.nio.ByteOrder.LITTLE_ENDIAN);
    b.put(new byte[] {(byte) 0x93, 'N', 'U', 'M', 'P', 'Y', (byte) version, 0});
    if (version == 1) {
      b.putShort((short) h.length);
    } else {
      b.putInt(h.length);
    }
    return b.put(h).array();
  }

  /** Refusals of sizes, nesting, shapes and inputs that used to wrap, overflow or escape as raw exceptions. */
  private static void robustnessCases() {
    on("B28", () -> build(() -> new GraphBuilder().placeholder("rt", Types.ragged(DType.INT32, 1)).toTensor(0, 0, 4294967301L)));
    on("B29", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      g.raggedFromRowSplits(g.constant(Tensor.of(DType.FLOAT32, new float[6], 3, 2)), g.constant(Tensor.ofLongs(0, 1, 3)))
          .toTensor(0f, 2, 3, 1);
    }));
    on("B30", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      g.raggedFromTensor(ph(g, "t", DType.INT32, 1L << 30, 1L << 30, 4), null, null, 2);
    }));
    on("B31", () -> thrown(() -> Types.ragged(DType.INT32, 101)));
    on("F21", () -> thrown(() -> RaggedTensor.ofNested(Tensor.ofInts(1),
        java.util.Collections.nCopies(101, RowPartition.fromRowSplits(new long[] {0, 1}, DType.INT64, false)))));
    on("R32", () -> {
      GraphBuilder g = new GraphBuilder();
      Value rt = g.placeholder("rt", Types.parse("ragged<float32>[None, (None), None]"));
      return run(g, Map.of("rt", RaggedTensor.of(Tensor.of(DType.FLOAT32, new float[6], 3, 2), splits(0, 1, 3))),
          rt.toTensor(0f, 2, 3, 1));
    });
    on("R33", () -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      Value sp = g.placeholder("sp", dev.tatter.ir.types.SparseType.of(DType.INT32, -1, -1));
      return run(g, Map.of("sp", SparseTensor.of(new long[0][], Tensor.ofInts(), 0, 4294967301L)), tf.sparse.toDense(sp));
    });
    on("T21", () -> parse("%x = placeholder() : tensor<float32>[2]\n"
        + "%0 = fused(%x) {expr = \"abs($99999999999)\"} : tensor<float32>[2]\n"));
    on("T73", () -> parse("%v = placeholder() : tensor<int32>[None]\n%m = placeholder() : tensor<bool>[None]\n"
        + "%p = placeholder() : partition<int64>[None, (None)]\n"
        + "%0 = fused(%v, %m, %p) {expr = \"row_boolean_mask($0, $1, $2); row_cumsum(#0, $2)\"} : tensor<int32>[None]\n"));
    on("T74", () -> parse("%v = placeholder() : tensor<int32>[None]\n%m = placeholder() : tensor<bool>[None]\n"
        + "%p = placeholder() : partition<int64>[None, (None)]\n"
        + "%0 = fused(%v, %m, %p) {expr = \"row_boolean_mask($0, $1, $2); add(#0, $0)\"} : ragged<int32>[None, (None)]\n"));
    on("T75", () -> parse("%v = placeholder() : tensor<int32>[4]\n%m = placeholder() : tensor<bool>[2, 2]\n"
        + "%p = placeholder() : partition<int64>[None, (None)]\n"
        + "%0 = row_boolean_mask(%v, %m, %p) : ragged<int32>[None, (None)]\n"));
    on("T76", () -> parse("%v = placeholder() : tensor<int32>[3]\n%m = placeholder() : tensor<bool>[3]\n"
        + "%p = placeholder() : partition<int64>[2, 2]\n"
        + "%0 = row_boolean_mask(%v, %m, %p) : ragged<int32>[2, (None)]\n"));
    on("T90", () -> parse("%x = constant() {value = tensor<complex128>[1] [complex(re=1.0, imag=2.0)]} : tensor<complex128>[1]\n"));
    on("T22", () -> parse("%x = placeholder() : partition<int64>[9223372036854775807, (None)]\n"));
  }

  // == of dense shapes an unknown size leaves open: tensor<bool>[*], taken by invert, reduce_all and reduce_any only
  static {
    on("B243", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      ph(g, "x", DType.INT32, -1).eq(ph(g, "y", DType.INT32, -1)).cast(DType.INT32);
    }));
    on("B244", () -> build(() -> new GraphBuilder().placeholder("u", new dev.tatter.ir.types.UnrankedType(DType.BOOL))));
    on("B245", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      ph(g, "x", DType.INT32, -1).eq(ph(g, "y", DType.INT32, -1)).reduceAll(0);
    }));
    on("T91", () -> parse("%u = placeholder() : tensor<bool>[*]\n"));
    on("T92", () -> parse("""
        %x = placeholder() : tensor<int32>[None]
        %y = placeholder() : tensor<int32>[None]
        %0 = eq(%x, %y) {incompatible_shape_error = false} : tensor<bool>[*]
        %1 = boolean_mask(%x, %0) : tensor<int32>[None]
        """));
    on("T93", () -> parse("%c = constant() {value = tensor<bool>[*] [true]} : tensor<bool>[1]\n"));
    on("T94", () -> parse("""
        %x = placeholder() : tensor<int32>[None]
        %y = placeholder() : tensor<int32>[None]
        %0 = ne(%x, %y) {incompatible_shape_error = false} : tensor<bool>[None]
        """));
    // tf.constant(65520.0, tf.float16): "Can't convert Python sequence with a value out of range for a double-precision float."
    on("T95", () -> parse("%c = constant() {value = tensor<float16>[1] [65520.0]} : tensor<float16>[1]\n"));
    on("T96", () -> parse("%c = constant() {value = tensor<float64>[1] [1.7976931348623159e308]} : tensor<float64>[1]\n"));
    // tf.constant(2**63, tf.bfloat16): "Can't convert Python sequence with out-of-range integer to Tensor."
    on("T97", () -> parse("%c = constant() {value = tensor<bfloat16>[1] [9223372036854775808]} : tensor<bfloat16>[1]\n"));
  }

  // ---- the catalogue -------------------------------------------------------------------------

  private static final java.nio.file.Path DOC = java.nio.file.Path.of("../docs/ERRORS.md");

  /** One catalogue row: its id and the message (or stable part) its case must contain. */
  record Row(String id, String stage, String message) {}

  static List<Row> rows() {
    List<String> lines;
    try {
      lines = java.nio.file.Files.readAllLines(DOC);
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
    java.util.regex.Pattern row = java.util.regex.Pattern.compile("^\\| ([BFRT]\\d{2,3}) \\| (.*) \\| `(.*)` \\|$");
    return lines.stream().map(row::matcher).filter(java.util.regex.Matcher::matches)
        .map(m -> new Row(m.group(1), m.group(1).substring(0, 1), m.group(3).replace("\\|", "|"))).toList();
  }

  @Test
  void everyRowHasACase_andEveryCaseARow() {
    TreeSet<String> documented = new TreeSet<>();
    for (Row r : rows()) {
      assertTrue(documented.add(r.id()), "row " + r.id() + " appears twice in docs/ERRORS.md");
    }
    assertEquals(new TreeSet<>(CASES.keySet()), documented, "docs/ERRORS.md rows vs ErrorCatalogTest cases");
  }

  @TestFactory
  Stream<DynamicTest> everyCataloguedError_isRaisedWithItsMessage() {
    return rows().stream().map(r -> DynamicTest.dynamicTest(r.id() + " " + r.message(), () -> {
      Supplier<Throwable> trigger = CASES.get(r.id());
      if (trigger == null) {
        fail("no case for " + r.id());
      }
      Throwable e = trigger.get();
      String message = e.getMessage();
      if (Boolean.getBoolean("errors.print")) {
        System.out.println(r.id() + " " + e.getClass().getSimpleName() + ": " + message);
      }
      assertTrue(message.contains(r.message()), () -> r.id() + ": expected the message to contain\n  "
          + r.message() + "\nbut it was\n  " + message);
      assertFalse(message.contains("kernel failed with"), message);
      switch (r.stage()) {
        case "B" -> assertTrue(e instanceof GraphBuildException || e instanceof IllegalArgumentException, e::toString);
        case "F" -> assertTrue(e instanceof InvalidArgumentException || e instanceof IllegalArgumentException, e::toString);
        case "R" -> {
          assertInstanceOf(InvalidArgumentException.class, e);
          assertTrue(message.matches("(?s)(%\\w+|node #\\d+) \\(\\w+\\) at (ErrorCatalogTest|SparseErrorCases|StringErrorCases|TextInputErrorCases)\\.java:\\d+: .*"), message);
        }
        case "T" -> {
          assertInstanceOf(IrParseException.class, e);
          assertTrue(message.matches("(?s).*t\\.tat:\\d+:\\d+: .*"), message);
        }
        default -> fail("unknown stage " + r.stage());
      }
    }));
  }

  /** Classifies a message as one of the catalogued errors (for the fuzz test); null if none. */
  static String classify(String message) {
    String body = message.replaceFirst("^(%\\w+|node #\\d+) \\(\\w+\\) at [^:]+:\\d+(:\\d+)?: ", "");
    for (Map.Entry<String, java.util.regex.Pattern> e : Patterns.BY_ID.entrySet()) {
      if (e.getValue().matcher(body).find()) {
        return e.getKey();
      }
    }
    return null;
  }

  /** The rows' patterns, read once. */
  private static final class Patterns {
    static final Map<String, java.util.regex.Pattern> BY_ID = new LinkedHashMap<>();

    static {
      for (Row r : rows()) {
        BY_ID.put(r.id(), pattern(r.message()));
      }
    }
  }

  private static final java.util.regex.Pattern VARIABLE = java.util.regex.Pattern.compile(
      "\\[[-\\w, ():]*\\]|\\([\\w, ]*\\)|-?\\d+|\\b(u?int(8|16|32|64)|float(32|64)|bool|string|None)\\b|%\\w+");

  /** The row's message with numbers, number lists, dtypes and value names as wildcards. */
  static java.util.regex.Pattern pattern(String message) {
    StringBuilder regex = new StringBuilder();
    java.util.regex.Matcher m = VARIABLE.matcher(message);
    int last = 0;
    while (m.find()) {
      regex.append(java.util.regex.Pattern.quote(message.substring(last, m.start())));
      String v = m.group();
      regex.append(v.startsWith("[") ? "\\[[-\\w, ():]*\\]" : v.startsWith("(") ? "\\([\\w, ]*\\)"
          : v.startsWith("%") ? "%\\w+"
          : Character.isLetter(v.charAt(0)) ? "\\w+" : "-?\\d+");
      last = m.end();
    }
    regex.append(java.util.regex.Pattern.quote(message.substring(last)));
    return java.util.regex.Pattern.compile(regex.toString());
  }
}
