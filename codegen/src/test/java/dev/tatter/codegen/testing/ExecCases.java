package dev.tatter.codegen.testing;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.tatter.codegen.CompiledGraph;
import dev.tatter.codegen.FeedChecker;
import dev.tatter.codegen.Interpreter;
import dev.tatter.ir.Graph;
import dev.tatter.ir.Lowering;
import dev.tatter.ir.Node;
import dev.tatter.ir.text.GraphParser;
import dev.tatter.runtime.InvalidArgumentException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.function.Executable;

/**
 * Execution cases: a graph in the textual IR with its feeds and the values it must compute,
 * run by the reference interpreter and by the compiled bytecode (verified by ASM). The
 * directives are comment lines, so a case file is a graph the parser reads as it stands:
 *
 * <pre>
 * # feed x = [[1.0, 2.0], [], [3.0]]
 * # tf: tf.ragged.constant([[1., 2.], [], [3.]]) * 2
 * # expect %0 = [[2.0, 4.0], [], [6.0]]
 * %x = placeholder() : ragged&lt;float32&gt;[None, (None)]
 * %c = constant() {value = tensor&lt;float32&gt;[] 2.0} : tensor&lt;float32&gt;[]
 * %v = values(%x) : tensor&lt;float32&gt;[None]
 * ...
 * return %0
 * </pre>
 *
 * <ul>
 *   <li>{@code # feed NAME = VALUE}: one per placeholder. VALUE is nested lists read as the
 *       placeholder's declared type, optionally after that type (as {@code tatter run --feed}
 *       reads it: {@link GraphParser#parseValue}); a partition is given by its row splits.
 *   <li>{@code # expect %NAME = PRINTED}: one per returned value, PRINTED being the value as
 *       TF prints its {@code to_list()} / {@code numpy()} ({@code toString()} of Tatter's values:
 *       {@code True}, {@code nan}, {@code b'a'}, {@code SparseTensor(indices=..., ...)}).
 *   <li>{@code # expect-error TEXT}: instead of expect lines; the run must fail with an
 *       {@link InvalidArgumentException} whose message contains TEXT, in both backends, with
 *       the same message.
 *   <li>{@code # tf: ...}: an expect or expect-error line (or a run of them) must directly follow
 *       one, naming the TF call that gives the value: expected values come from TF's semantics,
 *       never from Tatter's output.
 * </ul>
 *
 * Other comment lines are free text, except that one whose first word starts with feed, expect
 * or tf is taken for a misspelt directive and refused. Each case checks: both backends print
 * the expected values; their values are the same bit for bit ({@link BitExact}); each value fits its
 * node's static type; the runs leave the fed values unchanged.
 */
public final class ExecCases {
  private static final Pattern VALUE_NAME = Pattern.compile("%[A-Za-z0-9_.]+");
  private static final Pattern RETURN = Pattern.compile("^\\s*return\\b(.*)$");
  private static final Pattern DIRECTIVE = Pattern.compile("^#\\s*(feed\\s|expect-error\\s|expect\\s|tf:)(.*)$");
  private static final Pattern LOOKS_LIKE_DIRECTIVE = Pattern.compile("^#\\s*(feed|expect|tf)\\S*");

  private ExecCases() {}

  /** One dynamic test per {@code .tat} file under {@code root}, named by its relative path. */
  public static Stream<DynamicTest> under(Path root) {
    List<Path> files;
    try (Stream<Path> walk = Files.walk(root)) {
      files = walk.filter(p -> p.toString().endsWith(".tat")).sorted().toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    assertFalse(files.isEmpty(), "no execution cases under " + root.toAbsolutePath());
    // no test source URI: surefire would then not count the tests under the calling class
    return files.stream().map(file -> DynamicTest.dynamicTest(root.relativize(file).toString().replace('\\', '/'),
        () -> check(file)));
  }

  /** Runs the case in {@code file}; its messages and the graph's source locations name the file. */
  public static void check(Path file) throws IOException {
    check(Files.readString(file, StandardCharsets.UTF_8), file.getFileName().toString());
  }

  /** Runs the case {@code text}; {@code file} names it in messages and source locations. */
  public static void check(String text, String file) {
    Case c = Case.read(text, file);
    Graph graph = GraphParser.parse(text, file);
    assertEquals(graph.outputs().size(), c.returned().size(), file + ": the return line lists " + c.returned()
        + " but the graph has " + graph.outputs().size() + " outputs");
    for (Node placeholder : graph.placeholders()) {
      assertTrue(c.feeds().containsKey(placeholder.name().orElseThrow()),
          file + ": no '# feed " + placeholder.name().get() + " = ...' line for placeholder " + placeholder.describe());
    }
    for (String name : c.feeds().keySet()) {
      assertTrue(graph.node(name).filter(n -> n.op().lowering() instanceof Lowering.Feed).isPresent(),
          file + ": '# feed " + name + "' names no placeholder");
    }
    // each run gets its own copy of the feeds; a third, untouched, shows whether a run changed one
    Map<String, Object> pristine = c.feedValues(graph);
    Map<String, Object> interpreterFeeds = c.feedValues(graph);
    Map<String, Object> bytecodeFeeds = c.feedValues(graph);

    Outcome interpreted = Outcome.of(() -> Interpreter.run(graph, interpreterFeeds));
    CompiledGraph compiled = VerifiedCompile.compile(graph);
    Outcome bytecode = Outcome.of(() -> compiled.run(bytecodeFeeds));

    BitExact.assertSameBits(pristine, interpreterFeeds, file + ": the interpreter changed a fed value");
    BitExact.assertSameBits(pristine, bytecodeFeeds, file + ": the bytecode changed a fed value");
    if (c.expectedError() != null) {
      checkError(file, c.expectedError(), interpreted, bytecode);
    } else {
      checkValues(file, c, graph, interpreted, bytecode);
    }
  }

  private static void checkError(String file, String expected, Outcome interpreted, Outcome bytecode) {
    if (interpreted.error() == null) {
      fail(file + ": expected an error containing '" + expected + "', the interpreter returned " + interpreted.values());
    }
    if (bytecode.error() == null) {
      fail(file + ": expected an error containing '" + expected + "', the bytecode returned " + bytecode.values());
    }
    String fromInterpreter = interpreted.error().getMessage();
    String fromBytecode = bytecode.error().getMessage();
    assertAll(
        () -> assertTrue(fromInterpreter.contains(expected),
            file + ": the interpreter's error does not contain '" + expected + "': " + fromInterpreter),
        () -> assertTrue(fromBytecode.contains(expected),
            file + ": the bytecode's error does not contain '" + expected + "': " + fromBytecode),
        () -> assertEquals(fromInterpreter, fromBytecode, file + ": the backends fail with different messages"));
  }

  private static void checkValues(String file, Case c, Graph graph, Outcome interpreted, Outcome bytecode) {
    if (interpreted.error() != null) {
      throw new AssertionError(file + ": the interpreter failed", interpreted.error());
    }
    if (bytecode.error() != null) {
      throw new AssertionError(file + ": the bytecode failed", bytecode.error());
    }
    List<Executable> checks = new ArrayList<>();
    for (int i = 0; i < c.returned().size(); i++) {
      String name = c.returned().get(i);
      Node node = graph.outputs().get(i);
      String expected = c.expected().get(name);
      Object fromInterpreter = interpreted.values().get(i);
      Object fromBytecode = bytecode.values().get(i);
      checks.add(() -> assertEquals(expected, String.valueOf(fromInterpreter), file + ": " + name + " from the interpreter"));
      checks.add(() -> assertEquals(expected, String.valueOf(fromBytecode), file + ": " + name + " from the bytecode"));
      checks.add(() -> BitExact.assertSameBits(fromInterpreter, fromBytecode, file + ": " + name + ": the backends' values differ"));
      checks.add(() -> assertNull(FeedChecker.mismatch(node.type(), fromInterpreter),
          file + ": " + name + " from the interpreter does not fit its type " + node.type()));
      checks.add(() -> assertNull(FeedChecker.mismatch(node.type(), fromBytecode),
          file + ": " + name + " from the bytecode does not fit its type " + node.type()));
    }
    assertAll(checks);
  }

  /** A run's result: the outputs, or the run-time error. */
  private record Outcome(List<Object> values, InvalidArgumentException error) {
    static Outcome of(Supplier<List<Object>> run) {
      try {
        return new Outcome(run.get(), null);
      } catch (InvalidArgumentException e) {
        return new Outcome(null, e);
      }
    }
  }

  /** A case's directives. {@code feeds}: name to (value text, line). */
  private record Case(String file, Map<String, Feed> feeds, Map<String, String> expected, String expectedError,
                      List<String> returned) {
    record Feed(String text, int line) {}

    Map<String, Object> feedValues(Graph graph) {
      Map<String, Object> values = new LinkedHashMap<>();
      feeds.forEach((name, feed) -> values.put(name,
          GraphParser.parseValue(feed.text(), graph.node(name).orElseThrow().type(), file + ":" + feed.line())));
      return values;
    }

    static Case read(String text, String file) {
      Map<String, Feed> feeds = new LinkedHashMap<>();
      Map<String, String> expected = new LinkedHashMap<>();
      String expectedError = null;
      List<String> returned = null;
      boolean cited = false; // the directive lines just above are a '# tf:' line and expect lines
      String[] lines = text.split("\r?\n", -1);
      for (int i = 0; i < lines.length; i++) {
        String line = lines[i].strip();
        String at = file + ":" + (i + 1) + ": ";
        Matcher d = DIRECTIVE.matcher(line);
        if (!d.matches()) {
          if (LOOKS_LIKE_DIRECTIVE.matcher(line).lookingAt()) {
            fail(at + "unknown directive: " + line + " (expected '# feed', '# expect', '# expect-error' or '# tf:')");
          }
          Matcher r = RETURN.matcher(line);
          if (r.matches()) {
            assertNull(returned, at + "a second return line");
            returned = new ArrayList<>();
            Matcher v = VALUE_NAME.matcher(r.group(1).split("#|//", 2)[0]);
            while (v.find()) {
              returned.add(v.group());
            }
          }
          cited = false;
          continue;
        }
        String kind = d.group(1).strip();
        String rest = d.group(2).strip();
        switch (kind) {
          case "tf:" -> {
            assertFalse(rest.isEmpty(), at + "'# tf:' names no TF call");
            cited = true;
          }
          case "feed" -> {
            int eq = rest.indexOf('=');
            assertTrue(eq > 0, at + "expected '# feed NAME = VALUE', got: " + line);
            String name = rest.substring(0, eq).strip();
            name = name.startsWith("%") ? name.substring(1) : name;
            assertNull(feeds.put(name, new Feed(rest.substring(eq + 1).strip(), i + 1)), at + name + " is fed twice");
            cited = false;
          }
          case "expect" -> {
            assertTrue(cited, at + "an expect line must follow a '# tf:' line naming the TF call that gives the value");
            int eq = rest.indexOf('=');
            assertTrue(eq > 0 && rest.startsWith("%"), at + "expected '# expect %NAME = VALUE', got: " + line);
            String name = rest.substring(0, eq).strip();
            assertNull(expected.put(name, rest.substring(eq + 1).strip()), at + name + " is expected twice");
          }
          case "expect-error" -> {
            assertTrue(cited, at + "an expect-error line must follow a '# tf:' line naming the TF call that raises");
            assertFalse(rest.isEmpty(), at + "'# expect-error' needs the text the message must contain");
            assertNull(expectedError, at + "a second expect-error line");
            expectedError = rest;
          }
          default -> throw new IllegalStateException(kind);
        }
      }
      assertTrue(returned != null && !returned.isEmpty(), file + ": a case needs a return line");
      if (expectedError != null) {
        assertTrue(expected.isEmpty(), file + ": a case expects either values or an error, not both");
      } else {
        assertEquals(new java.util.LinkedHashSet<>(returned), expected.keySet(),
            file + ": the expect lines must name the returned values, each once");
      }
      return new Case(file, feeds, expected, expectedError, List.copyOf(returned));
    }
  }
}
