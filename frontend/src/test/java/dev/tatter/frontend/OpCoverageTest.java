package dev.tatter.frontend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.ir.AttrSpec;
import dev.tatter.ir.Graph;
import dev.tatter.ir.Lowering;
import dev.tatter.ir.OpDef;
import dev.tatter.ir.OpExample;
import dev.tatter.ir.ops.OpRegistry;
import dev.tatter.ir.text.GraphParser;
import dev.tatter.ir.text.GraphPrinter;
import dev.tatter.ir.text.TextSyntax;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Every op in the registry has examples, and each example prints, parses, interprets and runs
 * compiled (verified) to the value it promises. Also keeps docs/OPS.md — generated from the op
 * definitions — current; {@code -Ddocs.update=true} rewrites it.
 */
class OpCoverageTest {
  private static final Path OPS_DOC = Path.of("../docs/OPS.md");
  private static final String UPDATE_COMMAND =
      "mvn -B -pl frontend -am test -Dtest=OpCoverageTest -Dsurefire.failIfNoSpecifiedTests=false -Ddocs.update=true";

  @TestFactory
  Stream<DynamicTest> everyOpExample_runsEverywhere() {
    return OpRegistry.ALL.stream()
        .filter(op -> !(op.lowering() instanceof Lowering.Feed))
        .flatMap(op -> {
          assertFalse(op.examples().isEmpty(), op.mnemonic() + " has no example");
          return op.examples().stream().map(ex -> DynamicTest.dynamicTest(op.mnemonic(), () -> {
            Graph graph = GraphParser.parse(ex.ir(), op.mnemonic() + ".tat");
            String before = GraphPrinter.print(graph);
            List<Object> out = Harness.runEverywhere(graph, Map.of());
            assertEquals(ex.expected(), String.valueOf(out.get(0)), ex.ir());
            // Constants print with their values: a kernel that wrote into an input would show here.
            assertEquals(before, GraphPrinter.print(graph), "running the graph modified its inputs");
          }));
        });
  }

  @Test
  void opsDoc_isCurrent() throws IOException {
    String doc = render();
    if (Boolean.getBoolean("docs.update")) {
      Files.writeString(OPS_DOC, doc, StandardCharsets.UTF_8);
    }
    // Never written unasked: a file written here would be compared with itself and pass.
    assertTrue(Files.exists(OPS_DOC), () -> "docs/OPS.md is missing; create it with `" + UPDATE_COMMAND + "`");
    assertEquals(doc, Files.readString(OPS_DOC, StandardCharsets.UTF_8),
        "docs/OPS.md is out of date; regenerate it with `" + UPDATE_COMMAND + "`");
  }

  static String render() {
    StringBuilder out = new StringBuilder();
    out.append("# Tatter ops\n\n");
    out.append("Generated from the op definitions in `ir/src/main/java/dev/tatter/ir/ops/` by\n");
    out.append("`OpCoverageTest` (run the frontend tests with `-Ddocs.update=true` to refresh).\n");
    out.append("Every example below is run by the tests through the parser, the interpreter and\n");
    out.append("the bytecode backend.\n\n");
    out.append("| op | operands | attributes | traits | result | TensorFlow |\n|---|---|---|---|---|---|\n");
    for (OpDef op : OpRegistry.ALL) {
      out.append("| `").append(op.mnemonic()).append("` | ")
          .append(op.operandNames().stream().collect(Collectors.joining(", ")))
          .append(op.isVariadic() ? "..." : "").append(" | ")
          .append(op.attributes().stream().map(OpCoverageTest::attr).collect(Collectors.joining(", "))).append(" | ")
          .append(op.traits().stream().map(t -> t.name().toLowerCase()).collect(Collectors.joining(", "))).append(" | ")
          .append(op.summary().replace("|", "\\|")).append(" | ").append(tf(op.tf()).replace("|", "\\|")).append(" |\n");
    }
    out.append("\n## Examples\n");
    for (OpDef op : OpRegistry.ALL) {
      for (OpExample ex : op.examples()) {
        out.append("\n### `").append(op.mnemonic()).append("`\n\n```\n").append(ex.ir()).append("```\n\nprints `")
            .append(ex.expected()).append("`\n");
      }
    }
    return out.toString();
  }

  /** The op's TF binding as the table shows it: raw ops and API paths, TF's Python composition, or why none. */
  private static String tf(dev.tatter.ir.TfBinding b) {
    if (!b.noCounterpart().isEmpty()) {
      return "none: " + b.noCounterpart();
    }
    List<String> parts = new java.util.ArrayList<>();
    b.apis().forEach(a -> parts.add("`" + a + "`"));
    b.rawOps().forEach(r -> parts.add("raw `" + r + "`"));
    if (!b.pythonLevel().isEmpty()) {
      parts.add("Python: " + b.pythonLevel());
    }
    return String.join(", ", parts);
  }

  private static String attr(AttrSpec spec) {
    return spec.name() + ": " + spec.kind().name().toLowerCase()
        + (spec.defaultValue() == null ? "" : " = " + TextSyntax.formatAttribute(spec.defaultValue()));
  }
}
