package dev.tatter.frontend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.ir.Graph;
import dev.tatter.ir.GraphBuildException;
import dev.tatter.ir.text.GraphParser;
import dev.tatter.ir.text.GraphPrinter;
import dev.tatter.optimizer.PassManager;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.Tensor;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@link Value#named}: user names for intermediate values in the IR, in errors and in fetches. */
class NamedValuesTest {
  @Test
  void namedIntermediate_printsAsItsNameAndRoundTrips() {
    GraphBuilder g = new GraphBuilder();
    Value x = g.placeholder("x", Types.dense(DType.INT64, -1));
    Value scores = x.mul(2).named("scores");
    Value out = scores.add(1);
    Graph graph = g.build(out);
    String text = GraphPrinter.print(graph);
    assertTrue(text.contains("%scores = mul(%x, %0)"), text);
    assertTrue(text.contains("= add(%scores, %1)"), text);
    Graph parsed = GraphParser.parse(text, "named.tat");
    assertEquals(text, GraphPrinter.print(parsed));
    assertEquals("scores", parsed.node("scores").orElseThrow().name().orElseThrow());
  }

  @Test
  void namedValue_isFetchedByNameOnBothBackends() {
    GraphBuilder g = new GraphBuilder();
    Value x = g.placeholder("x", Types.dense(DType.INT64, -1));
    Value out = x.mul(2).named("scores").add(1);
    Graph graph = g.build(out);
    for (Session.Backend backend : Session.Backend.values()) {
      try (Session s = new Session(graph, PassManager.DEFAULT_PIPELINE, backend)) {
        // x * 2 for x = [1, 2, 3] -> [2, 4, 6]
        assertEquals(Tensor.ofLongs(2, 4, 6), s.run(Map.of("x", Tensor.ofLongs(1, 2, 3)), "scores").tensor(0));
        assertEquals(Tensor.ofLongs(3, 5, 7), s.run(Map.of("x", Tensor.ofLongs(1, 2, 3)), out).tensor(0));
      }
    }
  }

  @Test
  void runTimeError_namesTheNamedNode_interpretedAndCompiled() {
    GraphBuilder g = new GraphBuilder();
    Value splits = g.placeholder("splits", Types.dense(DType.INT64, -1));
    Value values = g.placeholder("values", Types.dense(DType.INT64, -1));
    Value partition = g.partitionFromRowSplits(splits).named("tokens");
    Value out = g.ragged(values, partition).rowLengths();
    Graph graph = g.build(out);
    for (Session.Backend backend : Session.Backend.values()) {
      for (String pipeline : new String[] {"", PassManager.DEFAULT_PIPELINE}) {
        try (Session s = new Session(graph, pipeline, backend)) {
          InvalidArgumentException e = assertThrows(InvalidArgumentException.class,
              () -> s.run(Map.of("splits", Tensor.ofLongs(0, 2, 1), "values", Tensor.ofLongs(1, 2)), out));
          assertTrue(e.getMessage().contains("%tokens (partition_from_row_splits) at NamedValuesTest.java:"), backend + " [" + pipeline + "]: " + e.getMessage());
          assertTrue(!e.getMessage().contains("node #"), e.getMessage());
        }
      }
    }
  }

  @Test
  void runTimeError_inAFusedStep_namesTheStepsName() {
    GraphBuilder g = new GraphBuilder();
    Value a = g.placeholder("a", Types.dense(DType.INT32, -1));
    Value b = g.placeholder("b", Types.dense(DType.INT32, -1));
    Value out = a.floordiv(b).named("quotient").add(1).mul(3);
    Graph graph = g.build(out);
    String fused = GraphPrinter.print(PassManager.parse(PassManager.DEFAULT_PIPELINE).run(graph));
    assertTrue(fused.contains("fused"), fused);
    for (Session.Backend backend : Session.Backend.values()) {
      try (Session s = new Session(graph, PassManager.DEFAULT_PIPELINE, backend)) {
        // tf.math.floordiv([1], [0]) on int32 -> InvalidArgumentError: Integer division by zero
        InvalidArgumentException e = assertThrows(InvalidArgumentException.class,
            () -> s.run(Map.of("a", Tensor.ofInts(1), "b", Tensor.ofInts(0)), out));
        assertTrue(e.getMessage().contains("%quotient (floordiv)"), backend + ": " + e.getMessage());
        assertTrue(e.getMessage().contains("Integer division by zero"), e.getMessage());
      }
    }
  }

  @Test
  void duplicateName_isRefusedNamingBothSites() {
    GraphBuilder g = new GraphBuilder();
    Value x = g.placeholder("x", Types.dense(DType.INT64, -1));
    x.mul(2).named("scores");
    Value other = x.add(2);
    GraphBuildException e = assertThrows(GraphBuildException.class, () -> other.named("scores"));
    String m = e.getMessage();
    assertTrue(m.startsWith("named(\"scores\") at NamedValuesTest.java:"), m);
    assertTrue(m.contains("the name %scores is already used by %scores (mul) at NamedValuesTest.java:"), m);
    // a placeholder's name counts too
    assertThrows(GraphBuildException.class, () -> x.add(3).named("x"));
  }

  @Test
  void invalidName_isRefused() {
    GraphBuilder g = new GraphBuilder();
    Value x = g.placeholder("x", Types.dense(DType.INT64, -1));
    for (String bad : new String[] {"", "3d", "a b", "%s", "a-b", "12"}) {
      GraphBuildException e = assertThrows(GraphBuildException.class, () -> x.neg().named(bad));
      assertTrue(e.getMessage().contains("invalid value name '" + bad + "'"), e.getMessage());
    }
    assertEquals("%a.b_1", x.neg().named("a.b_1").toString());
  }

  @Test
  void namingAfterUse_orRenaming_isRefused_sameNameAgainIsANoOp() {
    GraphBuilder g = new GraphBuilder();
    Value x = g.placeholder("x", Types.dense(DType.INT64, -1));
    Value y = x.mul(2);
    y.add(1);
    GraphBuildException used = assertThrows(GraphBuildException.class, () -> y.named("y"));
    assertTrue(used.getMessage().contains("is already an input of"), used.getMessage());
    Value z = x.sub(1).named("z");
    assertSame(z, z.named("z"));
    GraphBuildException again = assertThrows(GraphBuildException.class, () -> z.named("w"));
    assertTrue(again.getMessage().contains("%z (sub)") && again.getMessage().contains("already has the name %z"),
        again.getMessage());
    assertThrows(GraphBuildException.class, () -> x.named("input"));
  }

  @Test
  void cse_keepsTheFirstNodeAndItsName_fuseNamesTheFusedNodeByItsRoot() {
    GraphBuilder g = new GraphBuilder();
    Value x = g.placeholder("x", Types.dense(DType.INT64, -1));
    Value first = x.mul(2).named("first");
    Value second = x.mul(2).named("second");
    Value sum = first.add(second).named("sum");
    Graph optimized = PassManager.parse("cse,dce").run(g.build(sum));
    String text = GraphPrinter.print(optimized);
    assertTrue(text.contains("%first = mul(%x, %0)"), text);
    assertTrue(text.contains("%sum = add(%first, %first)"), text);
    assertTrue(!text.contains("%second"), text);
    Graph fused = PassManager.parse(PassManager.DEFAULT_PIPELINE).run(g.build(sum));
    String fusedText = GraphPrinter.print(fused);
    assertTrue(fusedText.contains("%sum = fused("), fusedText);
    assertEquals(fusedText, GraphPrinter.print(GraphParser.parse(fusedText, "fused.tat")));
  }
}
