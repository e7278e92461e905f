package dev.tatter.frontend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.ir.text.GraphParser;
import dev.tatter.ir.text.IrParseException;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.RowPartition;
import dev.tatter.runtime.Tensor;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Ragged nesting is bounded with a clear error, so nothing that walks the levels overflows the stack. */
class DeepRaggedRankTest {
  private static final RowPartition ONE_ROW = RowPartition.fromRowSplits(new long[] {0, 1}, DType.INT64, true);

  @Test
  void nestingPastTheBound_isRefused_javaApi() {
    // used to overflow the stack at 50,000 levels, and toString / to_tensor at 10,000
    InvalidArgumentException e = assertThrows(InvalidArgumentException.class,
        () -> RaggedTensor.ofNested(Tensor.ofInts(7), Collections.nCopies(50_000, ONE_ROW)));
    assertEquals("ragged_rank 101 is more than Tatter supports (100)", e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> Types.ragged(DType.INT32, 10_000));
  }

  @Test
  void nestingPastTheBound_isRefused_text() {
    String shape = "[None" + ", (None)".repeat(10_000) + "]";
    IrParseException e = assertThrows(IrParseException.class, () -> GraphParser.parse(
        "%x = placeholder() : ragged<int32>" + shape + "\nreturn %x\n", "deep.tat"));
    assertTrue(e.getMessage().contains("ragged_rank 10000 is more than Tatter supports (100)"), e.getMessage());
  }

  @Test
  void theDeepestAllowedNesting_printsConvertsAndAdds() {
    RaggedTensor deep = RaggedTensor.ofNested(Tensor.ofInts(7), Collections.nCopies(RaggedTensor.MAX_RAGGED_RANK, ONE_ROW));
    String nested = "[".repeat(101) + "7" + "]".repeat(101);
    // tf.ragged.constant of 100 levels around [7] prints as 101 brackets
    assertEquals(nested, deep.toString());
    GraphBuilder g = new GraphBuilder();
    Value x = g.placeholder("x", Types.ragged(DType.INT32, RaggedTensor.MAX_RAGGED_RANK));
    List<Object> out = Harness.runEverywhere(g.build(x.toTensor(), x.add(x)), Map.of("x", deep));
    assertEquals(nested, out.get(0).toString());
    assertEquals(nested.replace("7", "14"), out.get(1).toString());
  }
}
