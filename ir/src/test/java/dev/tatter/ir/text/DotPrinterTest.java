package dev.tatter.ir.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.ir.Graph;
import org.junit.jupiter.api.Test;

class DotPrinterTest {
  private static final String FUSED = """
      %x = placeholder() : tensor<float32>[None]
      %c = constant() {value = tensor<float32>[] 2.0} : tensor<float32>[]
      %0 = fused(%x, %c) {expr = "mul($0, $1); add(#0, $0)"} : tensor<float32>[None]
      return %0
      """;

  @Test
  void fusedNode_isDrawnAsAClusterOfItsSteps() {
    String dot = DotPrinter.print(GraphParser.parse(FUSED, "f.tat"));
    assertTrue(dot.contains("subgraph cluster_2 {"), dot);
    assertTrue(dot.contains("n2_s0 [label=\"#0 = mul($0, $1)\""), dot);
    assertTrue(dot.contains("n2_s1 [label=\"#1 = add(#0, $0)\""), dot);
    // inputs feed the steps that read them, steps feed each other, the last step is the node
    assertTrue(dot.contains("n0 -> n2_s0 [label=\"$0: tensor<float32>[None]\"]"), dot);
    assertTrue(dot.contains("n1 -> n2_s0 [label=\"$1: tensor<float32>[]\"]"), dot);
    assertTrue(dot.contains("n0 -> n2_s1"), dot);
    assertTrue(dot.contains("n2_s0 -> n2_s1;"), dot);
    assertTrue(dot.contains("n2_s1 -> n2;"), dot);
    assertEquals(0, dot.split("n0 -> n2 ", -1).length - 1, "no direct operand edge into a fused node");
  }

  @Test
  void plainNode_hasOneTypedEdgePerOperand() {
    Graph g = GraphParser.parse("""
        %a = placeholder() : tensor<int32>[3]
        %0 = add(%a, %a) : tensor<int32>[3]
        return %0
        """, "p.tat");
    String dot = DotPrinter.print(g);
    assertEquals(2, dot.split("n0 -> n1 \\[label=\"(x|y): tensor<int32>\\[3\\]\"\\]", -1).length - 1, dot);
    assertTrue(dot.contains("n1 -> out [label=\"0: tensor<int32>[3]\", style=dashed]"), dot);
  }

  @Test
  void profiledNodes_areFilledRelativeToTheCostliest_andLabelledWithTheirShare() {
    Graph g = GraphParser.parse(FUSED, "f.tat");
    String dot = DotPrinter.print(g, "f", java.util.Map.of(g.nodes().get(0), 0.125, g.nodes().get(2), 0.5));
    assertTrue(dot.contains("n2 [label=\"%0 = fused\\nexpr = \\\"mul($0, $1); add(#0, $0)\\\"\\n50.0 % of run\", "
        + "style=\"rounded,filled\", fillcolor=\"0.000 1.000 1.000\", peripheries=2];"), dot);
    assertTrue(dot.contains("n0 [label=\"%x = placeholder\\n12.5 % of run\", shape=invhouse, style=\"filled\", "
        + "fillcolor=\"0.000 0.250 1.000\"];"), dot);
    assertTrue(dot.contains("n1 [label=\"%c = constant\\nvalue = tensor<float32>[] 2.0\"];"), "not profiled: " + dot);
  }
}
