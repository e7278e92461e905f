package dev.tatter.ir.text;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The {@code $N}/{@code #N} references of a fused expression: a bad number is a parse error, never a raw exception. */
class FusedExprIndexTest {
  private static String parseError(String expr) {
    String ir = """
        %x = constant() {value = tensor<float32>[3] [1.0, 2.0, 3.0]} : tensor<float32>[3]
        %0 = fused(%x, %x) {expr = "EXPR"} : tensor<float32>[3]
        return %0
        """.replace("EXPR", expr);
    IrParseException e = assertThrows(IrParseException.class, () -> GraphParser.parse(ir, "f.tat"), expr);
    return e.getMessage();
  }

  @Test
  void badReferences_areParseErrors() {
    // each used to escape as NumberFormatException or IndexOutOfBoundsException
    assertTrue(parseError("mul($99999999999, $0)").contains("index $99999999999 is too large"));
    assertTrue(parseError("mul($-1, $0)").contains("expected the number of an input after '$'"));
    assertTrue(parseError("mul($0, $0); add(#-1, $0)").contains("expected the number of a step after '#'"));
    assertTrue(parseError("mul($1.5, $0)").contains("f.tat:2:"));
    assertTrue(parseError("mul($, $0)").contains("expected the number of an input"));
    assertTrue(parseError("mul($7, $0)").contains("reads $7 but the node has 2 operand(s)"));
    assertTrue(parseError("mul($0, $0); add(#4, $0)").contains("may only read earlier steps, not #4"));
  }
}
