package dev.tatter.optimizer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.ir.Graph;
import dev.tatter.ir.text.GraphParser;
import dev.tatter.ir.text.GraphPrinter;
import org.junit.jupiter.api.Test;

/** Constant folding where a consumer's type rule reads constant operands. */
class FoldPassTest {
  @Test
  void aFoldedValueThatAConsumersTypeRuleRefuses_staysComputed() {
    // nrows = 1 + 2 is 3 only once folded; then 3 rows of length 3 cannot cover nvals = 3, which
    // the factory's type rule checks on constant operands: that is the run's error, not the pass's
    Graph g = GraphParser.parse("""
        %one = constant() {value = tensor<int64>[] 1} : tensor<int64>[]
        %two = constant() {value = tensor<int64>[] 2} : tensor<int64>[]
        %nrows = add(%one, %two) : tensor<int64>[]
        %len = constant() {value = tensor<int64>[] 3} : tensor<int64>[]
        %nvals = constant() {value = tensor<int64>[] 3} : tensor<int64>[]
        %p = partition_from_uniform_row_length(%len, %nvals, %nrows) : partition<int64>[1, 3]
        %l = row_lengths(%p) : tensor<int64>[1]
        return %l
        """, "t.tat");
    FoldPass pass = new FoldPass();
    String folded = GraphPrinter.print(pass.run(g));
    assertTrue(folded.contains("add("), folded);
    assertEquals(folded, GraphPrinter.print(pass.run(GraphParser.parse(folded, "t.tat"))));
  }

  @Test
  void aFoldedValueTheConsumerAccepts_isFolded() {
    Graph g = GraphParser.parse("""
        %one = constant() {value = tensor<int64>[] 1} : tensor<int64>[]
        %nrows = add(%one, %one) : tensor<int64>[]
        %len = constant() {value = tensor<int64>[] 3} : tensor<int64>[]
        %nvals = constant() {value = tensor<int64>[] 6} : tensor<int64>[]
        %p = partition_from_uniform_row_length(%len, %nvals, %nrows) : partition<int64>[2, 3]
        %l = row_lengths(%p) : tensor<int64>[2]
        return %l
        """, "t.tat");
    String folded = GraphPrinter.print(new FoldPass().run(g));
    assertTrue(!folded.contains("add("), folded);
  }
}
