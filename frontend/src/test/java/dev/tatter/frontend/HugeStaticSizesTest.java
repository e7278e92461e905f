package dev.tatter.frontend;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.ir.GraphBuildException;
import dev.tatter.ir.text.GraphParser;
import dev.tatter.ir.text.IrParseException;
import dev.tatter.runtime.DType;
import org.junit.jupiter.api.Test;

/**
 * A static size no run-time value can have is refused where the type is written, so type rules
 * never compute a wrapped {@code nrows + 1} nor throw {@code ArithmeticException} (they used to:
 * {@code row_splits} of {@code 2^63-1} rows had {@code -2^63} splits).
 */
class HugeStaticSizesTest {
  private static String parseError(String ir) {
    return assertThrows(IrParseException.class, () -> GraphParser.parse(ir, "h.tat")).getMessage();
  }

  @Test
  void encodingsOfAPartitionWithMoreRowsThanAnArrayHolds_areParseErrors() {
    for (String op : new String[] {"row_splits", "row_starts", "row_limits", "row_lengths"}) {
      String message = parseError("""
          %p = placeholder() : partition<int64>[9223372036854775807, (None)]
          %0 = OP(%p) : tensor<int64>[None]
          return %0
          """.replace("OP", op));
      assertTrue(message.contains("nrows 9223372036854775807 is more than a tensor can hold (2147483639)"), message);
    }
    String cumsum = parseError("""
        %l = placeholder() : tensor<int64>[9223372036854775807]
        %0 = cumsum0(%l) : tensor<int64>[None]
        return %0
        """);
    assertTrue(cumsum.contains("dimension 9223372036854775807 is more than a tensor can hold"), cumsum);
  }

  @Test
  void aRaggedLiteralWithAHugeInnerDim_isAParseError() {
    // found by RobustnessFuzzTest (seed 1796164184924): the flat values' dims were checked only
    // when their DenseType was made, outside the parser's handling of bad types
    String message = parseError("""
        %0 = ragged_constant() {value = ragged<int32>[2, (None), 9223372036854775807] [[[0, 1]], [[1, 2], [7, 4]]]} : ragged<int32>[2, (None), 2]
        return %0
        """);
    assertTrue(message.contains("dimension 9223372036854775807 is more than a tensor can hold"), message);
  }

  @Test
  void fromTensorOfAHugeStaticShape_isABuildError_notArithmeticException() {
    String message = parseError("""
        %t = placeholder() : tensor<int32>[4611686018427387904, 4]
        %0 = from_tensor(%t) : ragged<int32>[None, (None)]
        return %0
        """);
    assertTrue(message.contains("is more than a tensor can hold"), message);
    // sizes that each fit but whose product (the inner partition's rows) does not
    GraphBuilder g = new GraphBuilder();
    Value t = g.placeholder("t", Types.dense(DType.INT32, 1L << 30, 1L << 30, 4));
    GraphBuildException e = assertThrows(GraphBuildException.class, () -> g.raggedFromTensor(t, null, null, 2));
    assertTrue(e.getMessage().contains("is more than a tensor can hold (2147483639)"), e.getMessage());
  }
}
