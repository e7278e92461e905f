package dev.tatter.frontend;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tatter.ir.Graph;
import dev.tatter.ir.text.GraphPrinter;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.Tensor;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SmokeTest {
  @Test
  void fromRowSplits() {
    GraphBuilder g = new GraphBuilder();
    Value rt = g.raggedFromRowSplits(g.constant(Tensor.ofInts(3, 1, 4, 1, 5, 9, 2, 6)), g.constant(Tensor.ofLongs(0, 4, 4, 7, 8, 8)));
    Value x = g.placeholder("x", Types.ragged(DType.FLOAT32, 1));
    Value y = x.mul(2).add(1);
    Graph graph = g.build(rt, rt.rowLengths(), rt.valueRowids(), y, y.toTensor());
    System.out.println(GraphPrinter.print(graph));
    try (Session s = new Session(graph)) {
      Result r = s.run(Map.of("x", dev.tatter.runtime.RaggedTensor.of(Tensor.ofFloats(1, 2, 3), dev.tatter.runtime.RowPartition.fromRowSplits(new long[] {0, 2, 2, 3}, DType.INT64, true))),
          graph.outputs());
      System.out.println(r);
      assertEquals("[[3, 1, 4, 1], [], [5, 9, 2], [6], []]", r.get(0).toString());
    }
  }
}
