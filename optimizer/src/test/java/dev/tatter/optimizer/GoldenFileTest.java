package dev.tatter.optimizer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.ir.Graph;
import dev.tatter.ir.text.GraphParser;
import dev.tatter.ir.text.GraphPrinter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Pass tests as text in, text out (MLIR's lit tests). Each {@code golden/<pass>/<case>.tat}
 * starts with {@code # passes: a,b,c}; the pipeline's output must equal
 * {@code <case>.expected.tat} exactly. Every case must also round-trip through the printer and
 * parser, and be a fixpoint: running the pipeline on the expected output changes nothing.
 * Expected files are written only with {@code -Dgolden.update=true} (then read the diff before
 * committing it); a case without one fails, naming the command that creates it.
 */
class GoldenFileTest {
  static final Path ROOT = Path.of("src/test/resources/golden");
  private static final boolean UPDATE = Boolean.getBoolean("golden.update");
  static final String UPDATE_COMMAND =
      "mvn -B -pl optimizer -am test -Dtest=GoldenFileTest -Dsurefire.failIfNoSpecifiedTests=false -Dgolden.update=true";

  @TestFactory
  Stream<DynamicTest> goldenFiles() throws IOException {
    List<Path> cases;
    try (Stream<Path> files = Files.walk(ROOT)) {
      cases = files.filter(p -> p.toString().endsWith(".tat") && !p.toString().endsWith(".expected.tat"))
          .sorted().toList();
    }
    assertTrue(!cases.isEmpty(), "no golden files under " + ROOT.toAbsolutePath());
    return cases.stream().map(c -> DynamicTest.dynamicTest(ROOT.relativize(c).toString(), () -> check(c)));
  }

  private static void check(Path input) throws IOException {
    String text = Files.readString(input, StandardCharsets.UTF_8);
    String header = text.lines().findFirst().orElse("");
    assertTrue(header.startsWith("# passes:"), input + " must start with '# passes: <list>'");
    PassManager pipeline = PassManager.parse(header.substring("# passes:".length()).trim());
    Graph graph = GraphParser.parse(text, input.getFileName().toString());
    String printed = GraphPrinter.print(graph);
    assertEquals(printed, GraphPrinter.print(GraphParser.parse(printed, "reprinted.tat")), "round trip of the input");

    String actual = GraphPrinter.print(pipeline.run(graph));
    Path expectedFile = input.resolveSibling(input.getFileName().toString().replace(".tat", ".expected.tat"));
    if (UPDATE) {
      Files.writeString(expectedFile, actual, StandardCharsets.UTF_8);
    }
    // A missing expected file is a failure, never written on the fly: written here, it would be
    // compared with the output it was just written from and pass whatever the pass does.
    assertTrue(Files.exists(expectedFile), () -> "missing expected file " + expectedFile
        + "; create it with `" + UPDATE_COMMAND + "` and read it before committing it");
    assertEquals(Files.readString(expectedFile, StandardCharsets.UTF_8), actual, "output of " + header);
    Graph expected = GraphParser.parse(actual, expectedFile.getFileName().toString());
    assertEquals(actual, GraphPrinter.print(pipeline.run(expected)), "the output must be a fixpoint of the pipeline");
  }
}
