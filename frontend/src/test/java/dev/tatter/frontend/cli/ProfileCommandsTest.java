package dev.tatter.frontend.cli;

import static dev.tatter.frontend.cli.CliRuns.tatter;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.frontend.GraphBuilder;
import dev.tatter.frontend.Session;
import dev.tatter.frontend.Types;
import dev.tatter.frontend.Value;
import dev.tatter.frontend.cli.CliRuns.Run;
import dev.tatter.ir.text.Literals;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.Tensor;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code tatter run --profile / --trace} and {@code tatter dot --profile}; the trace read back as strict JSON. */
class ProfileCommandsTest {
  private static final String SCORES = """
      %scores = placeholder() : ragged<float32>[None, (None)]
      %two = constant() {value = tensor<float32>[] 2.0} : tensor<float32>[]
      %v = values(%scores) : tensor<float32>[None]
      %p = partition(%scores) : partition<int64>[None, (None)]
      %scaled = mul(%v, %two) : tensor<float32>[None]
      %out = ragged(%scaled, %p) : ragged<float32>[None, (None)]
      %sums = row_sum(%scaled, %p) : tensor<float32>[None]
      return %out, %sums
      """;
  private static final String FEED = "scores=[[1.0, 2.5], [], [3]]";

  @TempDir
  Path dir;
  private Path scores;

  @BeforeEach
  void writeGraph() throws IOException {
    scores = dir.resolve("scores.tat");
    Files.writeString(scores, SCORES, StandardCharsets.UTF_8);
  }

  @Test
  void runProfile_printsTheValuesAsBefore_andTheNodeTableOnStandardError() {
    Run plain = tatter("run", scores, "--feed", FEED);
    Run profiled = tatter("run", scores, "--feed", FEED, "--profile");
    assertEquals(0, profiled.code(), profiled.err());
    assertEquals(plain.out(), profiled.out());
    List<String> lines = profiled.err().lines().toList();
    assertTrue(lines.get(0).startsWith("run: ") && lines.get(0).contains("; compile: "), lines.get(0));
    assertTrue(lines.get(1).contains("wall ms") && lines.get(1).contains("source"), lines.get(1));
    // one line per executed node, each with its source location in the file and its IR line
    List<String> rows = lines.subList(2, lines.size());
    assertTrue(rows.stream().anyMatch(r -> r.contains("placeholder") && r.contains("scores.tat:1:1")
        && r.contains("%scores = placeholder() : ragged<float32>[None, (None)]")), rows.toString());
    assertTrue(rows.stream().allMatch(r -> r.contains("scores.tat:")), rows.toString());

    Run top1 = tatter("run", scores, "--feed", FEED, "--profile", "--profile-top", "1");
    List<String> topLines = top1.err().lines().toList();
    assertEquals(4, topLines.size(), top1.err());
    assertTrue(topLines.get(3).matches("\\.\\.\\. \\d+ more nodes, .* ms"), topLines.get(3));
  }

  @Test
  void runTrace_writesChromeTraceJson_withNestedCompileAndRunSpans() throws IOException {
    Path trace = dir.resolve("out.json");
    Run r = tatter("run", scores, "--feed", FEED, "--trace", trace);
    assertEquals(0, r.code(), r.err());
    assertEquals("wrote " + trace + "\n", r.err());
    List<Map<?, ?>> spans = spans(Files.readString(trace));
    Map<?, ?> compile = only(spans, "compile");
    Map<?, ?> run = only(spans, "run");
    for (String phase : List.of("optimize", "codegen", "define class")) {
      assertInside(only(spans, phase), compile);
    }
    assertTrue(micros(compile, "ts") + micros(compile, "dur") <= micros(run, "ts") + 1e-3, "compile before run");
    List<Map<?, ?>> nodes = spans.stream().filter(e -> "node".equals(e.get("cat"))).toList();
    assertTrue(nodes.size() >= 4, nodes.toString());
    for (Map<?, ?> node : nodes) {
      assertInside(node, run);
      assertEquals(run.get("tid"), node.get("tid"));
      Map<?, ?> args = (Map<?, ?>) node.get("args");
      for (String key : List.of("value", "op", "ir", "source", "output", "outputBytes", "allocatedBytes", "cpuNanos")) {
        assertTrue(args.containsKey(key), key + " in " + args);
      }
    }
  }

  @Test
  void aSplitLoop_hasItsPiecesOnTheWorkerThreadsThatRanThem() {
    GraphBuilder g = new GraphBuilder();
    Value x = g.placeholder("x", Types.dense(DType.FLOAT32, -1));
    Value y = x.abs().mul(3f);
    String json;
    try (Session s = new Session(g.build(y))) {
      json = s.runProfiled(Map.of("x", Tensor.ofFloats(new float[4 << 20])), y).chromeTrace();
    }
    List<Map<?, ?>> spans = spans(json);
    Map<?, ?> run = only(spans, "run");
    List<Map<?, ?>> loops = spans.stream().filter(e -> "loop".equals(e.get("cat"))).toList();
    assertTrue(loops.size() >= 2, loops.toString());
    long elements = loops.stream().mapToLong(e -> {
      Map<?, ?> args = (Map<?, ?>) e.get("args");
      return (Long) args.get("to") - (Long) args.get("from");
    }).sum();
    assertEquals(4 << 20, elements);
    // each worker thread that ran a piece is named by a thread_name metadata event
    Set<Object> named = metadata(json).stream().map(e -> e.get("tid")).collect(Collectors.toSet());
    for (Map<?, ?> loop : loops) {
      assertTrue(named.contains(loop.get("tid")), loop.toString());
      assertInside(loop, run);
    }
    boolean onPool = metadata(json).stream().anyMatch(e -> ((Map<?, ?>) e.get("args")).get("name").toString()
        .startsWith("ForkJoinPool.commonPool-worker"));
    assertTrue(onPool || Runtime.getRuntime().availableProcessors() == 1, json);
  }

  @Test
  void dotProfile_fillsNodesByTheirShare() throws IOException {
    Path trace = dir.resolve("out.json");
    assertEquals(0, tatter("run", scores, "--feed", FEED, "--trace", trace).code());
    Run dot = tatter("dot", scores, "--profile", trace);
    assertEquals(0, dot.code(), dot.err());
    assertEquals("", dot.err());
    assertTrue(dot.out().startsWith("digraph \"scores.tat profiled\""), dot.out());
    assertTrue(dot.out().contains("fillcolor=\"0.000 "), dot.out());
    assertTrue(dot.out().contains("% of run"), dot.out());
    // the graph as it ran (after all passes), every node of it coloured: each ran once
    List<String> nodesAfterPasses = tatter("dot", scores, "--after", "all").out().lines()
        .filter(l -> l.matches("  n\\d+ \\[label=.*")).toList();
    List<String> coloured = dot.out().lines().filter(l -> l.matches("  n\\d+ \\[label=.*")).toList();
    assertEquals(nodesAfterPasses.size(), coloured.size());
    assertTrue(coloured.stream().allMatch(l -> l.contains("% of run") && l.contains("fillcolor=")), coloured.toString());
  }

  @Test
  void badUses_areErrorsNamingTheProblem() throws IOException {
    Run interpreted = tatter("run", scores, "--feed", FEED, "--interpret", "--profile");
    assertEquals(2, interpreted.code());
    assertTrue(interpreted.err().contains("--profile and --trace profile the compiled program; drop --interpret"),
        interpreted.err());
    Path notATrace = dir.resolve("feeds.json");
    Files.writeString(notATrace, "[1, 2]");
    Run dot = tatter("dot", scores, "--profile", notATrace);
    assertEquals(new Run(1, "", "error: " + notATrace
        + ": not a Chrome trace (no \"traceEvents\" list); write one with tatter run --trace\n"), dot);
    Path noRun = dir.resolve("empty.json");
    Files.writeString(noRun, "{\"traceEvents\": []}");
    assertTrue(tatter("dot", scores, "--profile", noRun).err().contains("the trace has no run span"));
    Run missingDir = tatter("run", scores, "--feed", FEED, "--trace", dir.resolve("no/such/dir/t.json"));
    assertEquals(1, missingDir.code());
    assertTrue(missingDir.err().startsWith("error: cannot write " + dir.resolve("no/such/dir/t.json") + ": the directory "
        + dir.resolve("no/such/dir") + " does not exist"), missingDir.err());
    Run after = tatter("dot", scores, "--profile", noRun, "--after", "cse");
    assertEquals(2, after.code());
    assertTrue(after.err().contains("--profile draws the graph as it ran, after all passes; drop --after cse"),
        after.err());
  }

  /** The trace's complete events, each checked for the documented fields. */
  private static List<Map<?, ?>> spans(String json) {
    Object parsed = JsonReader.read(json, "trace");
    List<?> events = (List<?>) assertInstanceOf(Map.class, parsed).get("traceEvents");
    List<Map<?, ?>> spans = new ArrayList<>();
    for (Object o : events) {
      Map<?, ?> e = assertInstanceOf(Map.class, o);
      assertInstanceOf(String.class, e.get("name"), e.toString());
      assertInstanceOf(Long.class, e.get("pid"), e.toString());
      assertInstanceOf(Long.class, e.get("tid"), e.toString());
      assertInstanceOf(Map.class, e.get("args"), e.toString());
      if ("X".equals(e.get("ph"))) {
        assertTrue(micros(e, "ts") >= 0 && micros(e, "dur") >= 0, e.toString());
        assertInstanceOf(String.class, e.get("cat"), e.toString());
        spans.add(e);
      } else {
        assertEquals("M", e.get("ph"), e.toString());
      }
    }
    return spans;
  }

  private static List<Map<?, ?>> metadata(String json) {
    List<?> events = (List<?>) ((Map<?, ?>) JsonReader.read(json, "trace")).get("traceEvents");
    return events.stream().<Map<?, ?>>map(o -> (Map<?, ?>) o).filter(e -> "M".equals(e.get("ph"))).toList();
  }

  private static Map<?, ?> only(List<Map<?, ?>> spans, String name) {
    List<Map<?, ?>> found = spans.stream().filter(e -> name.equals(e.get("name"))).toList();
    assertEquals(1, found.size(), name + " in " + spans);
    return found.get(0);
  }

  private static double micros(Map<?, ?> event, String key) {
    Object v = event.get(key);
    return v instanceof Long l ? l : Double.parseDouble(assertInstanceOf(Literals.Decimal.class, v).text());
  }

  /** {@code inner}'s span lies within {@code outer}'s (to the trace's microsecond rounding). */
  private static void assertInside(Map<?, ?> inner, Map<?, ?> outer) {
    double slack = 0.002;
    assertTrue(micros(inner, "ts") >= micros(outer, "ts") - slack
        && micros(inner, "ts") + micros(inner, "dur") <= micros(outer, "ts") + micros(outer, "dur") + slack,
        inner + " inside " + outer);
  }
}
