package dev.tatter.codegen.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tatter.ir.Graph;
import dev.tatter.ir.Node;
import dev.tatter.ir.text.GraphParser;
import dev.tatter.ir.text.GraphPrinter;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A compile profile names its fetches as the printer names them, without naming every node. */
class CompilationFetchesTest {
  @Test
  void fetches_areThePrintedNamesOfTheOutputs_namedOrNumbered() {
    Graph graph = GraphParser.parse("""
        %x = placeholder() : tensor<float32>[None]
        %0 = mul(%x, %x) : tensor<float32>[None]
        %y = add(%0, %x) : tensor<float32>[None]
        %1 = mul(%y, %x) : tensor<float32>[None]
        %2 = add(%1, %1) : tensor<float32>[None]
        return %2, %y, %0, %2
        """, "fetches.tat");
    Map<Node, String> printed = GraphPrinter.valueNames(graph);
    String expected = String.join(", ", graph.outputs().stream().map(printed::get).toList());
    assertEquals("%2, %y, %0, %2", expected);
    assertEquals(expected, Compilation.fetches(graph));
  }
}
