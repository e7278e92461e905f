package dev.tatter.frontend;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tatter.frontend.cli.TatterCommand;
import dev.tatter.runtime.Sizes;
import dev.tatter.runtime.Tensor;
import dev.tatter.runtime.io.Npy;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.io.TempDir;

/**
 * The CI fuzz job's command-line part (not run by {@code mvn verify}: {@code .ci/run} runs it with
 * {@code -Dtatter.fuzz.seconds=N}): the {@code tatter} command fed what users feed it, each call's
 * outcome classified as a value (exit 0), a clear error (exit 1 and one {@code error: } line, or a
 * graph file's errors one per line, each at its {@code file:line:col}), a raw
 * exception (anything else: a stack trace, {@code kernel failed with}, an exception out of the
 * command) or a hang (no answer within {@value #HANG_SECONDS} s). Raw outcomes and hangs fail it.
 *
 * <p>Two surfaces, alternating: every registered op's examples as graph text ({@link
 * RobustnessFuzzTest#mutate}d, so the registry drives it), run, and graphs over string, sparse and
 * structural ops fed hostile JSON and {@code .npy} files (valid files with their bytes or numbers
 * changed, truncated ones, hostile shapes). The seed is printed; {@code -Dtatter.fuzz.seed=N}
 * repeats a run, and a failure names its seed and input.
 */
@EnabledIfSystemProperty(named = "tatter.fuzz.seconds", matches = "[1-9][0-9]*")
class CliFuzzTest {
  private static final long SECONDS = Long.getLong("tatter.fuzz.seconds", 0);
  private static final long SEED = Long.getLong("tatter.fuzz.seed", System.currentTimeMillis());
  private static final int HANG_SECONDS = 30;

  enum Outcome { VALUE, CLEAR_ERROR, RAW, HANG }

  /** Placeholder graphs over string, sparse and structural ops, each fed as {@code x}, as graph text. */
  private static final List<String> FED_GRAPHS = fedGraphs();

  private static List<String> fedGraphs() {
    List<String> out = new ArrayList<>();
    GraphBuilder g = new GraphBuilder();
    Value s = g.placeholder("x", Types.parse("tensor<string>[None]"));
    out.add(dev.tatter.ir.text.GraphPrinter.print(g.build(Strings.split(s), Strings.toNumber(s, dev.tatter.runtime.DType.FLOAT32),
        Strings.substr(s, 1, 2))));
    g = new GraphBuilder();
    Value st = g.placeholder("x", Types.parse("sparse<int64>[None, None]"));
    out.add(dev.tatter.ir.text.GraphPrinter.print(g.build(g.ops().sparse.toDense(st))));
    g = new GraphBuilder();
    Value rt = g.placeholder("x", Types.parse("ragged<float32>[None, (None)]"));
    out.add(dev.tatter.ir.text.GraphPrinter.print(g.build(rt.toTensor(), rt.rowLengths())));
    g = new GraphBuilder();
    Value d = g.placeholder("x", Types.parse("tensor<int32>[None, None]"));
    out.add(dev.tatter.ir.text.GraphPrinter.print(g.build(g.ops().concat(List.of(d, d), 1), g.ops().math.reduceSum(d))));
    return out;
  }

  private static final String[] JSON_ATOMS = {"0", "-1", "1e309", "NaN", "-Infinity", "18446744073709551616", "\"a\"",
      "\"\\n error: forged\"", "\"\\ud800\"", "null", "true", "[]", "{}", "[[]]", "1.5", "9223372036854775807",
      "{\"indices\": [[0, 1]], \"values\": [1], \"dense_shape\": [1, 2]}", "{\"values\": [1.0], \"row_splits\": [0, 1]}",
      "{\"indices\": [[0, 9]], \"values\": [1], \"dense_shape\": [1, 2]}", "{\"values\": [], \"row_splits\": [0, 5]}",
      "{\"dtype\": \"float32\", \"shape\": [0, 1], \"values\": []}", "{\"b64\": \"!!\"}", "{\"real\": 1, \"imag\": 2}"};

  @TempDir Path dir;

  @Test
  void theCommand_givesValuesOrClearErrors_neverRawOrHanging() throws Exception {
    System.out.println("CliFuzzTest: seed " + SEED + " (-Dtatter.fuzz.seed=" + SEED + " repeats this run), "
        + SECONDS + " s");
    List<String> examples = new ArrayList<>();
    for (dev.tatter.ir.OpDef op : dev.tatter.ir.ops.OpRegistry.ALL) {
      op.examples().forEach(e -> examples.add(e.ir()));
    }
    Map<Outcome, Integer> counts = new EnumMap<>(Outcome.class);
    List<String> failures = new ArrayList<>();
    long previousLimit = Sizes.setMaxElements(1_000_000); // hostile sizes are refused by the check, not allocated
    ExecutorService runner = Executors.newSingleThreadExecutor(r -> {
      Thread t = new Thread(r, "cli-fuzz");
      t.setDaemon(true); // a hung call must not keep the JVM alive
      return t;
    });
    try {
      long deadline = System.nanoTime() + SECONDS * 1_000_000_000L;
      for (long n = 0; System.nanoTime() < deadline && failures.size() < 10; n++) {
        long seed = SEED + n;
        Random r = new Random(seed);
        String[] args = n % 2 == 0 ? graphArgs(r, examples) : feedArgs(r, seed);
        Future<String[]> call = runner.submit(() -> run(args));
        Outcome outcome;
        String detail;
        try {
          String[] result = call.get(HANG_SECONDS, TimeUnit.SECONDS);
          outcome = classify(Integer.parseInt(result[0]), result[1]);
          detail = result[1];
        } catch (TimeoutException e) {
          call.cancel(true);
          outcome = Outcome.HANG;
          detail = "no answer within " + HANG_SECONDS + " s";
          runner.shutdownNow();
          runner = Executors.newSingleThreadExecutor();
        }
        counts.merge(outcome, 1, Integer::sum);
        if (outcome == Outcome.RAW || outcome == Outcome.HANG) {
          failures.add(outcome + " at seed " + seed + ": tatter " + String.join(" ", args) + "\n" + inputs(args) + detail);
        }
      }
    } finally {
      runner.shutdownNow();
      Sizes.setMaxElements(previousLimit);
    }
    System.out.println("CliFuzzTest: outcomes " + counts);
    assertEquals(List.of(), failures, "seed " + SEED);
  }

  private static String[] run(String[] args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code;
    try {
      code = TatterCommand.execute(new PrintWriter(out), new PrintWriter(err), args);
    } catch (RuntimeException | StackOverflowError | OutOfMemoryError e) {
      return new String[] {"-1", "thrown out of the command: " + e};
    }
    return new String[] {Integer.toString(code), err.toString()};
  }

  static Outcome classify(int code, String err) {
    if (code == 0) {
      return Outcome.VALUE;
    }
    // one "error: " line, or (graph text) one line per error of the file, each naming file:line:col
    boolean clear = err.startsWith("error: ") && err.strip().lines().skip(1).allMatch(l -> l.matches("\\S+:\\d+:\\d+: .*"));
    boolean raw = err.contains("kernel failed with") || err.contains("\tat ") || err.contains("Exception:")
        || err.contains("because \"");
    return code == 1 && clear && !raw ? Outcome.CLEAR_ERROR : Outcome.RAW;
  }

  /** A mutated op example, run compiled or interpreted, printed or as JSON. */
  private String[] graphArgs(Random r, List<String> examples) throws IOException {
    String text = RobustnessFuzzTest.mutate(examples.get(r.nextInt(examples.size())), r);
    Path graph = write("g" + r.nextInt(1 << 20) + ".tat", text.getBytes(StandardCharsets.UTF_8));
    List<String> args = new ArrayList<>(List.of("run", graph.toString()));
    if (r.nextBoolean()) {
      args.addAll(List.of("--output", "json"));
    }
    if (r.nextInt(4) == 0) {
      args.add("--interpret");
    }
    return args.toArray(new String[0]);
  }

  /** A string, sparse or structural graph fed a hostile JSON or .npy file. */
  private String[] feedArgs(Random r, long seed) throws IOException {
    Path graph = write("f" + seed + ".tat", FED_GRAPHS.get(r.nextInt(FED_GRAPHS.size())).getBytes(StandardCharsets.UTF_8));
    Path feed = r.nextInt(3) == 0 ? write("x" + seed + ".npy", npy(r)) : write("x" + seed + ".json", json(r, 0)
        .getBytes(StandardCharsets.UTF_8));
    return new String[] {"run", graph.toString(), "--feed", "x=@" + feed, "--output", "json"};
  }

  private static String json(Random r, int depth) {
    if (depth > 3 || r.nextInt(3) == 0) {
      return JSON_ATOMS[r.nextInt(JSON_ATOMS.length)];
    }
    StringBuilder s = new StringBuilder("[");
    int n = r.nextInt(4);
    for (int i = 0; i < n; i++) {
      s.append(i > 0 ? ", " : "").append(json(r, depth + 1));
    }
    String list = s.append(']').toString();
    return r.nextInt(10) == 0 ? list.substring(0, r.nextInt(list.length() + 1)) : list; // sometimes cut short
  }

  /** A valid .npy of a small tensor, then some of its bytes changed or the file cut short. */
  private static byte[] npy(Random r) {
    Tensor t = switch (r.nextInt(4)) {
      case 0 -> Tensor.ofStrings("a", "b\nc", "");
      case 1 -> Tensor.ofLongs(1, -2, Long.MAX_VALUE);
      case 2 -> Tensor.ofInts(1, 2, 3, 4).reshape(2, 2);
      default -> Tensor.ofFloats(Float.NaN, 1.5f);
    };
    byte[] b = Npy.toBytes(t);
    int edits = r.nextInt(4);
    for (int i = 0; i < edits; i++) {
      b[r.nextInt(b.length)] = (byte) r.nextInt(256);
    }
    return r.nextInt(5) == 0 ? java.util.Arrays.copyOf(b, r.nextInt(b.length + 1)) : b;
  }

  private Path write(String name, byte[] bytes) {
    try {
      return Files.write(dir.resolve(name), bytes);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The input files of a call, for a failure's report (cut at 2,000 characters each). */
  private static String inputs(String[] args) {
    StringBuilder s = new StringBuilder();
    for (String a : args) {
      String path = a.startsWith("x=@") ? a.substring(3) : a;
      if (path.endsWith(".tat") || path.endsWith(".json")) {
        try {
          String text = Files.readString(Path.of(path));
          s.append(path).append(":\n").append(text, 0, Math.min(text.length(), 2000)).append('\n');
        } catch (IOException | RuntimeException e) {
          s.append(path).append(": unreadable (").append(e.getMessage()).append(")\n");
        }
      }
    }
    return s.toString();
  }
}
