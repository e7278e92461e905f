package dev.tatter.frontend;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.ir.Graph;
import dev.tatter.ir.GraphBuildException;
import dev.tatter.ir.Node;
import dev.tatter.ir.OpDef;
import dev.tatter.ir.OpExample;
import dev.tatter.ir.ops.OpRegistry;
import dev.tatter.ir.text.GraphParser;
import dev.tatter.ir.text.GraphPrinter;
import dev.tatter.optimizer.PassManager;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.RowPartition;
import dev.tatter.runtime.Sizes;
import dev.tatter.runtime.SparseTensor;
import dev.tatter.runtime.Tensor;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Seeded, bounded fuzzing of the two surfaces users feed: graph text (mutations of every op's
 * examples, as docs/OPS.md shows them, and of the optimizer's golden files) and fed values (hostile
 * splits, lengths, rowids, shapes, indices and dtypes into graphs over every partition consumer).
 * The only outcomes allowed: a build error ({@code GraphBuildException}), or a run whose result is
 * the same bit for bit in the interpreter and the compiled program (optimized or not), or an
 * {@code InvalidArgumentException} in both — never "kernel failed with", another exception, a stack
 * overflow or an OutOfMemoryError. Each surface runs {@value #INPUTS} inputs in CI;
 * {@code -Dtatter.fuzz.seconds=600} runs each for that long instead, from a seed taken from the
 * clock ({@code -Dtatter.fuzz.seed=N} sets it). A failure names the seed and the input.
 */
class RobustnessFuzzTest {
  static final int INPUTS = 10_000;
  private static final long SECONDS = Long.getLong("tatter.fuzz.seconds", 0);
  /**
   * The first input's seed: fixed in CI; a long run starts from the clock unless {@code
   * -Dtatter.fuzz.seed=N} is given (a failure names its seed: rerun from it to reproduce).
   */
  private static final long SEED = Long.getLong("tatter.fuzz.seed", SECONDS > 0 ? System.currentTimeMillis() : 20261201L);

  private static long previousLimit;

  @BeforeAll
  static void smallElementLimit() {
    // hostile shapes must be refused by the size check, not allocated: a small limit keeps the run fast
    previousLimit = Sizes.setMaxElements(100_000);
  }

  @AfterAll
  static void restoreLimit() {
    Sizes.setMaxElements(previousLimit);
  }

  /** Runs {@code input} for INPUTS seeds, or for the configured number of seconds. */
  private static int forEachSeed(long base, java.util.function.LongConsumer input) {
    long deadline = System.nanoTime() + SECONDS * 1_000_000_000L;
    int n = 0;
    while (SECONDS > 0 ? System.nanoTime() < deadline : n < INPUTS) {
      input.accept(base + n);
      n++;
    }
    return n;
  }

  // ---------------------------------------------------------------- surface 1: graph text

  private static final List<String> TEXT_SEEDS = textSeeds();
  private static final String[] NUMBERS = {"0", "1", "-1", "2", "3", "7", "-2", "2147483647", "2147483648", "-2147483649",
      "4294967301", "9223372036854775807", "-9223372036854775808", "100000", "1000000"};
  private static final String[] FLOATS = {"nan", "inf", "-inf", "-0.0", "1.0e38", "3.4028235e38", "1.0e-45"};
  private static final String[] DTYPES = {"int8", "int16", "int32", "int64", "float32", "float64", "bool", "string"};
  private static final String[] KEYS = {"::-1", "1:", "::9223372036854775807", "::-9223372036854775808",
      "-9223372036854775808:9223372036854775807", ":, ::-2", "0", "-1", ":, 0", "5:1:-1"};
  private static final Pattern INT = Pattern.compile("(?<![\\w.%$#])-?\\d+(?![\\w.])");
  private static final Pattern FLOAT = Pattern.compile("-?\\d+\\.\\d+(e-?\\d+)?");
  private static final Pattern DTYPE = Pattern.compile("\\b(int8|int16|int32|int64|float32|float64|bool)\\b");
  private static final Pattern KEY = Pattern.compile("key = \"[^\"]*\"");
  private static final Pattern FACTORY = Pattern.compile("(partition_from_\\w+\\([^)]*\\))( :)");

  private static List<String> textSeeds() {
    List<String> out = new ArrayList<>();
    for (OpDef op : OpRegistry.ALL) {
      for (OpExample ex : op.examples()) {
        out.add(ex.ir());
      }
    }
    Path golden = Path.of("../optimizer/src/test/resources/golden");
    if (Files.isDirectory(golden)) {
      try (Stream<Path> files = Files.walk(golden)) {
        files.filter(p -> p.toString().endsWith(".tat")).sorted().forEach(p -> {
          try {
            out.add(Files.readString(p));
          } catch (IOException e) {
            throw new UncheckedIOException(e);
          }
        });
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    return out;
  }

  /** One to three edits: a number, a float, a dtype, a key, a factory's validate flag, a line dropped. */
  static String mutate(String text, Random r) {
    String s = text;
    int edits = 1 + r.nextInt(3);
    for (int e = 0; e < edits; e++) {
      s = switch (r.nextInt(7)) {
        case 0, 1, 2 -> replaceOne(s, INT, r, m -> NUMBERS[r.nextInt(NUMBERS.length)]);
        case 3 -> replaceOne(s, FLOAT, r, m -> FLOATS[r.nextInt(FLOATS.length)]);
        case 4 -> r.nextBoolean() ? replaceOne(s, DTYPE, r, m -> DTYPES[r.nextInt(DTYPES.length)])
            : replaceOne(s, KEY, r, m -> "key = \"" + KEYS[r.nextInt(KEYS.length)] + "\"");
        case 5 -> replaceOne(s, FACTORY, r, m -> m.group(1) + " {validate = false}" + m.group(2));
        default -> dropLine(s, r);
      };
    }
    return s;
  }

  private static String replaceOne(String s, Pattern p, Random r, Function<Matcher, String> replacement) {
    Matcher m = p.matcher(s);
    List<int[]> spans = new ArrayList<>();
    while (m.find()) {
      spans.add(new int[] {m.start(), m.end()});
    }
    if (spans.isEmpty()) {
      return s;
    }
    int[] span = spans.get(r.nextInt(spans.size()));
    Matcher one = p.matcher(s);
    one.find(span[0]);
    return s.substring(0, span[0]) + replacement.apply(one) + s.substring(span[1]);
  }

  private static String dropLine(String s, Random r) {
    List<String> lines = new ArrayList<>(s.lines().toList());
    if (lines.size() > 2) {
      lines.remove(r.nextInt(lines.size() - 1));
    }
    return String.join("\n", lines) + "\n";
  }

  @Test
  void mutatedGraphText_buildsAndRunsAlikeOrFailsWithADocumentedError() {
    int[] ran = new int[1];
    // a mutant that prints as one already run is the same input: each distinct graph is compiled once
    java.util.Set<String> seen = new java.util.HashSet<>();
    int n = forEachSeed(SEED, seed -> {
      Random r = new Random(seed);
      String text = mutate(TEXT_SEEDS.get(r.nextInt(TEXT_SEEDS.size())), r);
      Graph graph;
      try {
        graph = GraphParser.parse(text, "fuzz.tat");
      } catch (GraphBuildException e) {
        return;
      } catch (RuntimeException | StackOverflowError e) {
        throw new AssertionError("seed " + seed + ": parsing threw " + e + "\n" + text, e);
      }
      if (graph.outputs().isEmpty() || !graph.placeholders().isEmpty() || !seen.add(GraphPrinter.print(graph))) {
        return;
      }
      ran[0]++;
      checkText(seed, graph, text);
    });
    assertTrue(n >= INPUTS || SECONDS > 0, "ran " + n);
    System.out.println("RobustnessFuzzTest: " + n + " mutants, " + ran[0] + " distinct graphs run");
    // (a long run repeats many mutants, so only the CI run's share of distinct graphs is checked)
    assertTrue(SECONDS > 0 || ran[0] > n / 10, "only " + ran[0] + " of " + n + " mutants ran: the mutations are too destructive");
  }

  // ---------------------------------------------------------------- surface 2: fed values

  private static final String[] FACTORIES = {"row_splits", "row_lengths", "value_rowids", "row_starts", "row_limits"};

  /** The consumers of a partition that index values through it. */
  private static final Map<String, Function<Value, Value>> CONSUMERS = consumers();

  private static Map<String, Function<Value, Value>> consumers() {
    Map<String, Function<Value, Value>> ops = new LinkedHashMap<>();
    ops.put("value_rowids", Value::valueRowids);
    ops.put("row_lengths", Value::rowLengths);
    ops.put("offsets_in_rows", Value::offsetsInRows);
    ops.put("bounding_shape", Value::boundingShape);
    ops.put("to_tensor", rt -> rt.toTensor());
    ops.put("to_tensor(shape)", rt -> rt.toTensor(0f, 3, 2));
    ops.put("reduce_sum(1)", rt -> rt.reduceSum(1));
    ops.put("fused row max", rt -> rt.mul(2f).add(1f).reduceMax(1));
    ops.put("reduce_sum(0)", rt -> rt.reduceSum(0));
    ops.put("reduce_mean()", Value::reduceMean);
    ops.put("to_sparse", Value::toSparse);
    ops.put("getitem", rt -> rt.getItem("1:, ::-1"));
    ops.put("getitem row", rt -> rt.getItem(-1));
    ops.put("row_gather", rt -> rt.add(rt.builder().placeholder("col", Types.dense(DType.FLOAT32, -1, 1))));
    ops.put("ragged + ragged", rt -> rt.add(rt.builder().placeholder("other", Types.ragged(DType.FLOAT32, 1))));
    ops.put("merge_dims", rt -> rt.mergeDims(0, 1));
    ops.put("int32 splits", rt -> rt.withRowSplitsDType(DType.INT32).rowLengths());
    ops.put("to_tensor of sparse", rt -> rt.graph().ops().sparse.toDense(rt.toSparse()));
    return ops;
  }

  private record FeedGraph(String name, boolean validate, Graph graph, Session interpreter, Session compiled,
      Session optimizedInterpreter, Session optimized) {}

  private static Value factory(GraphBuilder g, String factory, Value v, Value e, boolean validate) {
    return switch (factory) {
      case "row_splits" -> g.raggedFromRowSplits(v, e, validate);
      case "row_lengths" -> g.raggedFromRowLengths(v, e, validate);
      case "value_rowids" -> g.raggedFromValueRowids(v, e, g.placeholder("n", Types.dense(e.dtype())), validate);
      case "row_starts" -> g.raggedFromRowStarts(v, e, validate);
      default -> g.raggedFromRowLimits(v, e, validate);
    };
  }

  @Test
  void hostileFeeds_runAlikeOrFailWithAnInvalidArgument() {
    List<FeedGraph> graphs = new ArrayList<>();
    for (String f : FACTORIES) {
      for (boolean validate : new boolean[] {false, true}) {
        for (DType splits : new DType[] {DType.INT64, DType.INT32}) {
          for (Map.Entry<String, Function<Value, Value>> c : CONSUMERS.entrySet()) {
            GraphBuilder g = new GraphBuilder();
            Value e = g.placeholder("e", Types.dense(splits, -1));
            Value v = g.placeholder("v", Types.dense(DType.FLOAT32, -1));
            Value rt = factory(g, f, v, e, validate);
            Value out;
            try {
              out = c.getValue().apply(rt);
            } catch (GraphBuildException ex) {
              continue; // e.g. ragged + ragged of two splits dtypes
            }
            Graph graph = g.build(out);
            graphs.add(new FeedGraph(f + (validate ? "" : " (validate=false) ") + splits + " -> " + c.getKey(), validate, graph,
                new Session(graph, "", Session.Backend.INTERPRETED), new Session(graph, "", Session.Backend.COMPILED),
                new Session(graph, PassManager.DEFAULT_PIPELINE, Session.Backend.INTERPRETED), new Session(graph)));
          }
        }
      }
    }
    try {
      forEachSeed(SEED, seed -> {
        Random r = new Random(seed);
        FeedGraph fg = graphs.get(r.nextInt(graphs.size()));
        Map<String, Object> feeds = hostileFeeds(r, fg.graph());
        check(seed, fg, feeds);
      });
    } finally {
      graphs.forEach(fg -> {
        fg.interpreter().close();
        fg.compiled().close();
        fg.optimizedInterpreter().close();
        fg.optimized().close();
      });
    }
  }

  private static final long[] EXTREMES = {-1, 0, 1, 2, 3, 5, Integer.MAX_VALUE, Integer.MIN_VALUE, 1L << 32, 3_000_000_000L,
      Long.MAX_VALUE, Long.MIN_VALUE, 100_001};

  private static Map<String, Object> hostileFeeds(Random r, Graph graph) {
    int nrows = r.nextInt(5);
    long[] splits = new long[nrows + 1];
    for (int i = 0; i < nrows; i++) {
      splits[i + 1] = splits[i] + r.nextInt(4);
    }
    int nvals = (int) splits[nrows];
    long[] encoding = splits;
    Node e = graph.placeholders().stream().filter(p -> p.name().orElseThrow().equals("e")).findFirst().orElseThrow();
    DType splitsDType = e.type().dtype();
    // most feeds are broken one way or another: that is the point
    int k = r.nextInt(8);
    encoding = switch (k) {
      case 0 -> random(r, 1 + r.nextInt(5));
      case 1 -> { long[] c = splits.clone(); c[r.nextInt(c.length)] = EXTREMES[r.nextInt(EXTREMES.length)]; yield c; }
      case 2 -> new long[0];
      case 3 -> { long[] c = splits.clone(); if (c.length > 1) { c[c.length - 1] = c[0] - 1; } yield c; }
      default -> splits;
    };
    Map<String, Object> feeds = new HashMap<>();
    feeds.put("e", splitsDType == DType.INT32 ? ints(encoding) : Tensor.ofLongs(encoding));
    feeds.put("v", floats(r, r.nextInt(6) == 0 ? nvals + r.nextInt(3) - 1 : nvals));
    feeds.put("n", Tensor.scalar(splitsDType, r.nextInt(5) == 0 ? EXTREMES[r.nextInt(EXTREMES.length)] : nrows));
    int colRows = Math.max(0, nrows + r.nextInt(3) - 1);
    feeds.put("col", Tensor.of(DType.FLOAT32, floats(r, colRows).unsafeData(), colRows, 1));
    feeds.put("other", otherRagged(r, splits));
    switch (r.nextInt(30)) { // wrong kinds and dtypes, which the feed check must name
      case 0 -> feeds.put("v", Tensor.ofInts(1, 2));
      case 1 -> feeds.put("e", Tensor.ofFloats(0, 1));
      case 2 -> feeds.put("v", null);
      case 3 -> feeds.put("e", Tensor.of(splitsDType == DType.INT32 ? DType.INT32 : DType.INT64,
          splitsDType == DType.INT32 ? new int[4] : new long[4], 2, 2));
      default -> { }
    }
    feeds.keySet().retainAll(graph.placeholders().stream().map(p -> p.name().orElseThrow()).toList());
    return feeds;
  }

  private static Object otherRagged(Random r, long[] splits) {
    try {
      long[] s = r.nextInt(4) == 0 ? random(r, splits.length) : splits;
      RowPartition p = r.nextBoolean() ? RowPartition.fromRowSplits(s, DType.INT64, false)
          : RowPartition.adoptingRowSplits(s.clone(), DType.INT64);
      return RaggedTensor.of(floats(r, p.nvals()), p);
    } catch (InvalidArgumentException e) {
      // the Java API refuses broken splits at construction, whatever validate says
      return RaggedTensor.of(floats(r, 0), RowPartition.fromRowSplits(new long[] {0}, DType.INT64, true));
    }
  }

  private static long[] random(Random r, int n) {
    long[] out = new long[n];
    for (int i = 0; i < n; i++) {
      out[i] = r.nextInt(3) == 0 ? EXTREMES[r.nextInt(EXTREMES.length)] : r.nextInt(7) - 1;
    }
    return out;
  }

  private static Tensor ints(long[] values) {
    int[] out = new int[values.length];
    for (int i = 0; i < values.length; i++) {
      out[i] = (int) values[i]; // an extreme value wraps here, in the test's input, on purpose
    }
    return Tensor.ofInts(out);
  }

  private static Tensor floats(Random r, int n) {
    float[] out = new float[Math.max(0, n)];
    for (int i = 0; i < out.length; i++) {
      out[i] = switch (r.nextInt(10)) {
        case 0 -> Float.NaN;
        case 1 -> -0.0f;
        case 2 -> Float.NEGATIVE_INFINITY;
        case 3 -> Float.MAX_VALUE;
        default -> r.nextInt(100) / 4f - 12;
      };
    }
    return Tensor.ofFloats(out);
  }

  // ---------------------------------------------------------------- the oracle

  private static void check(long seed, FeedGraph fg, Map<String, Object> feeds) {
    String context = "seed " + seed + ", graph " + fg.name() + "\nfeeds " + feeds;
    List<Node> fetches = fg.graph().outputs();
    Outcome oracle = outcome(() -> fg.interpreter().run(feeds, fetches).values(), context);
    same(oracle, outcome(() -> fg.compiled().run(feeds, fetches).values(), context), "compiled vs interpreted\n" + context);
    Outcome optimized = outcome(() -> fg.optimized().run(feeds, fetches).values(), context);
    same(outcome(() -> fg.optimizedInterpreter().run(feeds, fetches).values(), context), optimized,
        "compiled vs interpreted, optimized\n" + context);
    // Without validate, the optimizer may forward an encoding the partition would have recomputed
    // (unsorted value_rowids come back as given, as in TF; docs/SEMANTICS.md): only validated
    // graphs must give the unoptimized values.
    if (oracle.error() == null && fg.validate()) {
      same(oracle, optimized, "optimized vs unoptimized\n" + context);
    }
  }

  private static void checkText(long seed, Graph graph, String text) {
    Map<String, Object> feeds = Map.of();
    String context = "seed " + seed + "\n" + text + "\nprinted:\n" + GraphPrinter.print(graph);
    List<Node> fetches = graph.outputs();
    Outcome oracle;
    try (Session interpreter = new Session(graph, "", Session.Backend.INTERPRETED)) {
      oracle = outcome(() -> interpreter.run(feeds, fetches).values(), context);
    }
    try (Session optimized = new Session(graph)) {
      Outcome compiled = outcome(() -> optimized.run(feeds, fetches).values(), context);
      if (oracle.error() == null) {
        same(oracle, compiled, "optimized bytecode vs interpreter\n" + context);
      }
    }
  }

  /** Values, or the message of an InvalidArgumentException (node ids aside). */
  private record Outcome(List<Object> values, String error) {}

  private static void same(Outcome a, Outcome b, String context) {
    if (a.error() != null || b.error() != null) {
      String x = a.error() == null ? "values " + a.values() : a.error().replaceFirst("node #\\d+", "node");
      String y = b.error() == null ? "values " + b.values() : b.error().replaceFirst("node #\\d+", "node");
      if (!x.equals(y)) {
        throw new AssertionError(context + "\n  " + x + "\nvs\n  " + y);
      }
      return;
    }
    if (!BitExact.equal(a.values(), b.values())) {
      throw new AssertionError(context + "\n  " + a.values() + "\nvs\n  " + b.values());
    }
  }

  private static Outcome outcome(java.util.function.Supplier<List<Object>> run, String context) {
    try {
      return new Outcome(run.get(), null);
    } catch (InvalidArgumentException e) {
      if (e.getMessage().contains("kernel failed with")) {
        throw new AssertionError("a kernel threw something else than InvalidArgumentException: " + e.getMessage()
            + "\n" + context, e);
      }
      return new Outcome(null, e.getMessage());
    } catch (GraphBuildException e) {
      // an optimizer pass rebuilding a graph hits a build-time refusal (folding constants, say)
      return new Outcome(null, "build: " + e.getMessage());
    } catch (RuntimeException | Error e) {
      throw new AssertionError("a run threw " + e + "\n" + context, e);
    }
  }
}
