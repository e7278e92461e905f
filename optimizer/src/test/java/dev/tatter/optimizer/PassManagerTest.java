package dev.tatter.optimizer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.tatter.ir.Graph;
import dev.tatter.ir.text.GraphParser;
import dev.tatter.ir.text.GraphPrinter;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Pipelines by name: each pass answers to the name it is parsed from, and runs in order. */
class PassManagerTest {
  private static final String GRAPH = """
      %x = placeholder() : ragged<int32>[None, (None)]
      %unused = placeholder() : tensor<int32>[]
      %0 = partition(%x) : partition<int64>[None, (None)]
      %1 = row_lengths(%0) : tensor<int64>[None]
      return %1
      """;

  @Test
  void everyPass_isNamedAsThePipelineNamesIt() {
    List<String> names = List.of("cse", "canonicalize", "fold", "dce", "fuse");
    PassManager pipeline = PassManager.parse(" cse, canonicalize,fold,,dce ,fuse");
    assertEquals(names, pipeline.passes().stream().map(Pass::name).toList());
  }

  @Test
  void anUnknownPass_isRefused_namingTheKnownOnes() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> PassManager.parse("cse,nope"));
    assertEquals("unknown pass 'nope'; known passes: [cse, canonicalize, dce, fold, fuse]", e.getMessage());
  }

  @Test
  void run_handsEachPassesNameAndGraphToTheObserver_inOrder() {
    Graph graph = GraphParser.parse(GRAPH, "p.tat");
    List<String> seen = new ArrayList<>();
    Graph out = PassManager.parse("cse,dce").run(graph, (name, g) -> seen.add(name + ":" + g.size()));
    // dce drops %unused: 4 nodes, then 3
    assertEquals(List.of("cse:4", "dce:3"), seen);
    assertEquals(GraphPrinter.print(out), GraphPrinter.print(PassManager.parse("dce").run(graph)));
  }
}
