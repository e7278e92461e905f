package dev.tatter.ir.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Every parse and type error names {@code file:line:col}, the offending token or op and what
 * was expected; the errors of one file are reported together.
 */
class ParseErrorTest {
  private static List<String> errors(String text) {
    return assertThrows(IrParseException.class, () -> GraphParser.parse(text, "g.tat")).errors();
  }

  @Test
  void syntaxErrors_onSeveralLines_areAllReported() {
    List<String> errors = errors("""
        %x = placeholder() : tensor<int64>[None]
        %a = row_lengths(%x : tensor<int64>[None]
        %b = nrows(%x)) : tensor<int64>[]
        return %a
        """);
    assertEquals(List.of(
        "g.tat:2:21: mismatched input ':' expecting {',', ')'}",
        "g.tat:3:15: extraneous input ')' expecting {':', '{'}"), errors);
  }

  @Test
  void semanticErrors_onSeveralLines_areAllReported() {
    List<String> errors = errors("""
        %x = placeholder() : tensor<float32>[None]
        %a = frobnicate(%x) : tensor<float32>[None]
        %b = partition_from_row_splits(%x) : partition<int64>[None, (None)]
        %c = add(%x, %y) : tensor<float32>[None]
        %d = add(%x, %x) : tensor<float64>[None]
        %e = to_tensor(%a, %x) : tensor<float32>[None]
        return %q
        """);
    assertEquals(List.of(
        "g.tat:2:6: unknown op 'frobnicate'; expected one of "
            + dev.tatter.ir.ops.OpRegistry.ALL.stream().map(dev.tatter.ir.OpDef::mnemonic).sorted().toList(),
        "g.tat:3:1: partition_from_row_splits(tensor<float32>[None]): operand 'row_splits' must have dtype [int32, int64], got float32",
        "g.tat:4:14: undefined value %y",
        "g.tat:5:1: add(tensor<float32>[None], tensor<float32>[None]): declared type tensor<float64>[None] differs from "
            + "the inferred type tensor<float32>[None]",
        "g.tat:7:8: undefined value %q"), errors);
  }

  @Test
  void valueUsedBeforeItsDefinition_saysWhereItIsDefined() {
    assertEquals(List.of("g.tat:1:18: value %x is used before its definition on line 2"), errors("""
        %a = row_lengths(%x) : tensor<int64>[None]
        %x = placeholder() : partition<int64>[None, (None)]
        """));
  }

  @Test
  void valueDefinedTwice_namesTheFirstLine() {
    assertEquals(List.of("g.tat:2:1: value %x is defined twice (first on line 1)"), errors("""
        %x = placeholder() : tensor<int64>[None]
        %x = placeholder() : tensor<int64>[None]
        """));
  }

  @Test
  void unnamedPlaceholder_isRefused() {
    assertEquals(List.of("g.tat:1:1: a placeholder needs a name, e.g. %x, to be fed by; got %0"),
        errors("%0 = placeholder() : tensor<int64>[None]\n"));
  }

  @Test
  void badAttributes_sayWhatWasExpected() {
    assertEquals(List.of(
        "g.tat:2:37: unknown attribute 'valid'; partition_from_row_splits takes [validate]",
        "g.tat:3:48: attribute 'validate' must be BOOL, got 3",
        "g.tat:4:26: literal[1] is a scalar where the shape [2, 1] wants a list"), errors("""
        %s = placeholder() : tensor<int64>[None]
        %p = partition_from_row_splits(%s) {valid = false} : partition<int64>[None, (None)]
        %q = partition_from_row_splits(%s) {validate = 3} : partition<int64>[None, (None)]
        %c = constant() {value = tensor<int64>[2, 1] [[1], 2]} : tensor<int64>[2, 1]
        """));
  }

  @Test
  void badTypes_sayWhatWasExpected() {
    assertEquals(List.of(
        "g.tat:1:29: unknown dtype 'float8'; expected one of [bool, int8, int16, int32, int64, float32, float64, string, uint8, uint16, uint32, uint64, float16, bfloat16, complex64, complex128]",
        "g.tat:2:36: unknown type option 'rank'; expected one of [nvals, ragged_rank, splits]",
        "g.tat:3:50: ragged_rank 3 does not fit the shape [None,(None)] (it must be at least 1, at least the position "
            + "of the last ragged dimension, and below the rank)",
        "g.tat:4:36: type option 'splits' needs a dtype (int32 or int64), got splits=5",
        "g.tat:5:45: type option 'nvals' needs a size from 0 to 9223372036854775807, got 99999999999999999999",
        "g.tat:6:22: invalid type partition<int64>[9223372036854775807,2]: nrows 9223372036854775807 is more than a tensor can hold (2147483639)"), errors("""
        %a = placeholder() : tensor<float8>[None]
        %b = placeholder() : ragged<int64, rank=2>[None, (None)]
        %c = placeholder() : ragged<int64, ragged_rank=3>[None, (None)]
        %d = placeholder() : ragged<int64, splits=5>[None, (None)]
        %e = placeholder() : partition<int64, nvals=99999999999999999999>[None, (None)]
        %f = placeholder() : partition<int64>[9223372036854775807, 2]
        """));
  }

  @Test
  void deepNesting_isRefusedBeforeParsing() {
    String deep = "%c = constant() {value = tensor<int64>[] " + "[".repeat(100_000) + "}";
    assertEquals(List.of("g.tat:1:141: brackets nested deeper than 100 levels"), errors(deep));
  }

  @Test
  void lexicalGarbage_isReportedWithItsPosition() {
    assertEquals(List.of("g.tat:1:6: token recognition error at: '$'"),
        errors("%x = $placeholder() : tensor<int64>[]\n").subList(0, 1));
  }
}
