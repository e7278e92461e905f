package dev.tatter.optimizer;

import dev.tatter.ir.Graph;
import dev.tatter.ir.Node;
import dev.tatter.ir.OpDef;
import dev.tatter.ir.Trait;
import dev.tatter.ir.ops.ElementwiseOps;
import dev.tatter.ir.ops.LinalgOps;
import dev.tatter.ir.text.GraphPrinter;
import dev.tatter.ir.types.DenseType;
import dev.tatter.runtime.Tensor;
import dev.tatter.runtime.kernels.linalg.Activation;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The first step of the fuse pass: a dense layer, {@code activation(add(matmul(a, b), bias))} or
 * {@code add(matmul(a, b), bias)}, becomes one {@code fused_matmul(a, b, bias)} node whose
 * kernel adds the bias and applies the activation to each element as it leaves the product, so
 * the product is never stored and read back. It fires only where nothing is lost: the matmul and
 * the add have no other user and are not fetched, the bias is a vector of the product's last
 * size (TF's BiasAdd), and the activation is one {@link Activation} names (leaky_relu with a
 * constant scalar alpha). Every refusal of a matmul that has a bias-shaped add after it is a
 * remark. The kernel calls the unfused ops' scalar functions in the unfused order, so the fused
 * graph gives the same bits.
 */
final class MatmulEpilogue {
  private MatmulEpilogue() {}

  /** {@code graph} with its dense layers fused (the same instance when there are none). */
  static Graph fuse(Graph graph, List<String> notes) {
    List<List<Node>> users = new ArrayList<>();
    for (int i = 0; i < graph.size(); i++) {
      users.add(new ArrayList<>());
    }
    for (Node node : graph.nodes()) {
      for (Node input : node.inputs().stream().distinct().toList()) {
        users.get(input.id()).add(node);
      }
    }
    BitSet isOutput = new BitSet();
    graph.outputs().forEach(n -> isOutput.set(n.id()));
    Map<Node, String> names = null;
    // the root of each layer (the activation, or the add) -> what it becomes
    Map<Integer, Layer> layers = new HashMap<>();
    for (Node add : graph.nodes()) {
      if (add.op() != ElementwiseOps.ADD) {
        continue;
      }
      int side = add.input(0).op() == LinalgOps.MATMUL ? 0 : add.input(1).op() == LinalgOps.MATMUL ? 1 : -1;
      if (side < 0) {
        continue;
      }
      Node matmul = add.input(side);
      Node bias = add.input(1 - side);
      DenseType product = (DenseType) matmul.type();
      if (!(bias.type() instanceof DenseType b) || b.rank() != 1 || b.dim(0) < 0
          || b.dim(0) != product.dim(product.rank() - 1) || !add.type().equals(product)) {
        continue;
      }
      if (names == null) {
        names = GraphPrinter.valueNames(graph);
      }
      String why = isOutput.get(matmul.id()) ? "it is fetched" : users.get(matmul.id()).size() > 1
          ? "it is also used by " + names.get(users.get(matmul.id()).get(users.get(matmul.id()).get(0) == add ? 1 : 0)) : null;
      if (why != null) {
        notes.add(names.get(matmul) + " (matmul) not fused with its bias " + names.get(add) + ": " + why);
        continue;
      }
      Node root = add;
      Activation act = Activation.NONE;
      double alpha = 0.2;
      if (!isOutput.get(add.id()) && users.get(add.id()).size() == 1) {
        Node next = users.get(add.id()).get(0);
        Activation candidate = activationOf(next.op());
        Double slope = candidate == Activation.LEAKY_RELU ? scalarConstant(next, add) : Double.valueOf(alpha);
        if (candidate != null && next.input(0) == add && slope != null && next.type().equals(product)) {
          root = next;
          act = candidate;
          alpha = slope;
        }
      }
      layers.put(root.id(), new Layer(matmul, bias, act, alpha));
    }
    if (layers.isEmpty()) {
      return graph;
    }
    Graph.Builder out = Graph.builder();
    Node[] mapping = new Node[graph.size()];
    for (Node node : graph.nodes()) {
      Layer layer = layers.get(node.id());
      if (layer == null) {
        mapping[node.id()] = out.copy(node, node.inputs().stream().map(n -> mapping[n.id()]).toList());
        continue;
      }
      Node matmul = layer.matmul();
      mapping[node.id()] = out.add(LinalgOps.FUSED_MATMUL,
          List.of(mapping[matmul.input(0).id()], mapping[matmul.input(1).id()], mapping[layer.bias().id()]),
          Map.of("transpose_a", matmul.attributes().getBool("transpose_a"),
              "transpose_b", matmul.attributes().getBool("transpose_b"),
              "activation", layer.act().mnemonic(), "alpha", layer.alpha()),
          node.name().orElse(null), node.location(), null);
    }
    for (Node output : graph.outputs()) {
      out.addOutput(mapping[output.id()]);
    }
    Graph fused = out.build();
    return new DcePass().run(fused);
  }

  /** The activation an op is, or null. */
  private static Activation activationOf(OpDef op) {
    for (Activation a : Activation.values()) {
      if (a != Activation.NONE && a.mnemonic().equals(op.mnemonic())) {
        return a;
      }
    }
    return null;
  }

  /** leaky_relu's alpha when it is a constant scalar, else null. */
  private static Double scalarConstant(Node leaky, Node add) {
    Node alpha = leaky.input(1);
    if (alpha == add || !alpha.op().has(Trait.CONSTANT)) {
      return null;
    }
    Tensor t = alpha.attributes().getTensor("value");
    return t.rank() == 0 ? t.getDouble(0) : null;
  }

  /** A layer to fuse: its matmul, its bias and the activation after the add. */
  private record Layer(Node matmul, Node bias, Activation act, double alpha) {}
}
