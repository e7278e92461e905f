package example;

import dev.tatter.frontend.Session;
import dev.tatter.ir.Graph;
import dev.tatter.ir.text.GraphParser;
import dev.tatter.runtime.Tensor;
import java.util.Map;

/**
 * A graph read from the textual IR in a program that has its own, older ANTLR runtime on the
 * class path (as a host application may): Tatter's parser runs on the runtime relocated inside
 * tatter-ir, so the host's version does not matter.
 */
public final class ParsedGraph {
  public static void main(String[] args) {
    Graph graph = GraphParser.parse("""
        %x = placeholder() : tensor<int64>[None]
        %y = add(%x, %x) : tensor<int64>[None]
        return %y
        """, "inline.tat");
    try (Session session = new Session(graph)) {
      System.out.println(session.run(Map.of("x", Tensor.ofLongs(1, 2, 3)), "y").get(0)); // [2, 4, 6]
    }
    // the TF namespaces are generated into the installed tatter-frontend jar
    dev.tatter.frontend.GraphBuilder g = new dev.tatter.frontend.GraphBuilder();
    dev.tatter.frontend.Value x = g.placeholder("x", dev.tatter.frontend.Types.dense(dev.tatter.runtime.DType.FLOAT32, -1));
    dev.tatter.frontend.Value root = g.ops().math.sqrt(x);
    try (Session session = new Session(g.build(root))) {
      System.out.println(session.run(Map.of("x", Tensor.ofFloats(1f, 4f)), root).get(0)); // [1.0, 2.0]
    }
    System.out.println("host ANTLR runtime " + org.antlr.v4.runtime.RuntimeMetaData.getRuntimeVersion()); // the loaded class's, not a constant inlined here
  }
}
