package dev.tatter.frontend;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tatter.codegen.testing.BitExact;
import dev.tatter.codegen.Interpreter;
import dev.tatter.ir.Graph;
import dev.tatter.ir.GraphBuildException;
import dev.tatter.ir.Lowering;
import dev.tatter.ir.Node;
import dev.tatter.ir.OpDef;
import dev.tatter.ir.ops.OpRegistry;
import dev.tatter.ir.text.GraphParser;
import dev.tatter.runtime.Tensor;
import java.lang.reflect.Array;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * A run never writes into the values fed to it. Every op's example is rebuilt with its dense
 * constants turned into placeholders (those whose values the type rules need stay constant),
 * fed fresh arrays, and run interpreted and compiled, optimized and not; afterwards each fed
 * array must still equal its untouched copy. (OpCoverageTest checks the same for constants.)
 */
class FedInputsUnchangedTest {
  private static final OpDef CONSTANT = OpRegistry.lookup("constant").orElseThrow();
  private static final OpDef PLACEHOLDER = OpRegistry.lookup("placeholder").orElseThrow();

  @TestFactory
  Stream<DynamicTest> everyOpExample_leavesItsFedInputsUnchanged() {
    return OpRegistry.ALL.stream()
        .filter(op -> !(op.lowering() instanceof Lowering.Feed))
        .flatMap(op -> op.examples().stream().map(ex -> DynamicTest.dynamicTest(op.mnemonic(), () -> {
          Graph example = GraphParser.parse(ex.ir(), op.mnemonic() + ".tat");
          List<Node> constants = example.nodes().stream().filter(n -> n.op() == CONSTANT).toList();
          // feed as many constants as the type rules allow: those needed as build-time values stay
          Set<Integer> fed = new HashSet<>();
          for (Node c : constants) {
            fed.add(c.id());
            if (rebuild(example, fed) == null) {
              fed.remove(c.id());
            }
          }
          Graph graph = rebuild(example, fed);
          Map<String, Tensor> feeds = new HashMap<>();
          Map<String, Tensor> copies = new HashMap<>();
          for (Node c : constants) {
            if (fed.contains(c.id())) {
              Tensor value = c.attributes().getTensor("value");
              feeds.put("fed" + c.id(), copy(value));
              copies.put("fed" + c.id(), copy(value));
            }
          }
          List<Object> expected = Interpreter.run(example, Map.of());
          try (Session plain = new Session(graph, "", Session.Backend.COMPILED);
              Session optimized = new Session(graph)) {
            BitExact.assertSameBits(expected, Interpreter.run(graph, feeds), "interpreter\n" + ex.ir());
            BitExact.assertSameBits(expected, plain.run(feeds, graph.outputs()).values(), "bytecode\n" + ex.ir());
            BitExact.assertSameBits(expected, optimized.run(feeds, graph.outputs()).values(), "optimized bytecode\n" + ex.ir());
          }
          BitExact.assertSameBits(copies, feeds, "a run modified a fed input of\n" + ex.ir());
        })));
  }

  /** {@code example} with the constants {@code fed} as placeholders, or null if it no longer type-checks. */
  private static Graph rebuild(Graph example, Set<Integer> fed) {
    Graph.Builder b = Graph.builder();
    List<Node> mapped = new ArrayList<>();
    try {
      for (Node n : example.nodes()) {
        List<Node> inputs = n.inputs().stream().map(i -> mapped.get(i.id())).toList();
        Node copy = fed.contains(n.id())
            ? b.add(PLACEHOLDER, List.of(), Map.of(), "fed" + n.id(), n.location(), n.type())
            : b.copy(n, inputs);
        mapped.add(copy);
      }
    } catch (GraphBuildException e) {
      return null;
    }
    for (Node out : example.outputs()) {
      b.addOutput(mapped.get(out.id()));
    }
    return b.build();
  }

  /** A deep copy: a new array with the same elements. */
  private static Tensor copy(Tensor t) {
    Object data = t.data();
    int n = t.size();
    Object out = t.dtype().layout().newArray(n);
    t.dtype().layout().copy(data, 0, out, 0, n);
    return Tensor.wrap(t.dtype(), t.shape(), out);
  }
}
