package dev.tatter.ir.ops;

import dev.tatter.ir.OpDef;
import dev.tatter.runtime.DTypeSet;

/**
 * Logical ops (bool only, as TF's {@code logical_and} and friends that RaggedTensor's {@code &},
 * {@code |}, {@code ^} and {@code ~} call) and comparisons (numeric operands, bool result;
 * {@code eq}/{@code ne} also on bool and string). Dense operands with NumPy broadcasting, as in
 * {@link ElementwiseOps}.
 */
public final class ComparisonOps {
  private ComparisonOps() {}

  public static final OpDef INVERT = ElementwiseOps.unary("invert", "logical not (RaggedTensor's ~), bool only")
      .dtypes(DTypeSet.BOOL)
      .example("""
          %x = constant() {value = tensor<bool>[2] [true, false]} : tensor<bool>[2]
          %0 = invert(%x) : tensor<bool>[2]
          return %0
          """, "[False, True]")
      .build();
  public static final OpDef AND = ElementwiseOps.binary("and", "logical and, bool only", true)
      .dtypes(DTypeSet.BOOL)
      .example("""
          %x = constant() {value = tensor<bool>[1, 2] [[true, false]]} : tensor<bool>[1, 2]
          %y = constant() {value = tensor<bool>[2, 1] [[true], [false]]} : tensor<bool>[2, 1]
          %0 = and(%x, %y) : tensor<bool>[2, 2]
          return %0
          """, "[[True, False], [False, False]]")
      .build();
  public static final OpDef OR = ElementwiseOps.binary("or", "logical or, bool only", true)
      .dtypes(DTypeSet.BOOL)
      .example("""
          %x = constant() {value = tensor<bool>[1, 2] [[true, false]]} : tensor<bool>[1, 2]
          %y = constant() {value = tensor<bool>[2, 1] [[true], [false]]} : tensor<bool>[2, 1]
          %0 = or(%x, %y) : tensor<bool>[2, 2]
          return %0
          """, "[[True, True], [True, False]]")
      .build();
  public static final OpDef XOR = ElementwiseOps.binary("xor", "logical xor, bool only", true)
      .dtypes(DTypeSet.BOOL)
      .example("""
          %x = constant() {value = tensor<bool>[1] [true]} : tensor<bool>[1]
          %y = constant() {value = tensor<bool>[4] [false, true, true, false]} : tensor<bool>[4]
          %0 = xor(%x, %y) : tensor<bool>[4]
          return %0
          """, "[True, False, False, True]")
      .build();

  public static final OpDef LT = ElementwiseOps.binary("lt", "x < y, bool", false)
      .dtypes(DTypeSet.REAL)
      .example("""
          %x = constant() {value = tensor<int32>[3] [5, 4, 6]} : tensor<int32>[3]
          %y = constant() {value = tensor<int32>[1] [5]} : tensor<int32>[1]
          %0 = lt(%x, %y) : tensor<bool>[3]
          return %0
          """, "[False, True, False]")
      .build();
  public static final OpDef LE = ElementwiseOps.binary("le", "x <= y, bool", false)
      .dtypes(DTypeSet.REAL)
      .example("""
          %x = constant() {value = tensor<int32>[3] [5, 4, 6]} : tensor<int32>[3]
          %y = constant() {value = tensor<int32>[3] [5, 6, 6]} : tensor<int32>[3]
          %0 = le(%x, %y) : tensor<bool>[3]
          return %0
          """, "[True, True, True]")
      .build();
  public static final OpDef GT = ElementwiseOps.binary("gt", "x > y, bool", false)
      .dtypes(DTypeSet.REAL)
      .example("""
          %x = constant() {value = tensor<int32>[3] [5, 4, 6]} : tensor<int32>[3]
          %y = constant() {value = tensor<int32>[3] [5, 2, 5]} : tensor<int32>[3]
          %0 = gt(%x, %y) : tensor<bool>[3]
          return %0
          """, "[False, True, True]")
      .build();
  public static final OpDef GE = ElementwiseOps.binary("ge", "x >= y, bool", false)
      .dtypes(DTypeSet.REAL)
      .example("""
          %x = constant() {value = tensor<int32>[4] [5, 4, 6, 7]} : tensor<int32>[4]
          %y = constant() {value = tensor<int32>[4] [5, 2, 5, 10]} : tensor<int32>[4]
          %0 = ge(%x, %y) : tensor<bool>[4]
          return %0
          """, "[True, True, True, False]")
      .build();
  public static final OpDef EQ = ElementwiseOps.binary("eq",
      "x == y, bool (TF's equal: shapes that cannot broadcast are an error; the builder's eq gives False instead)", true)
      .example("""
          %x = constant() {value = tensor<string>[2] ["a", "b"]} : tensor<string>[2]
          %y = constant() {value = tensor<string>[2] ["a", "c"]} : tensor<string>[2]
          %0 = eq(%x, %y) : tensor<bool>[2]
          return %0
          """, "[True, False]")
      .build();
  public static final OpDef NE = ElementwiseOps.binary("ne", "x != y, bool; nan != nan", true)
      .example("""
          %x = constant() {value = tensor<float64>[2] [1.0, nan]} : tensor<float64>[2]
          %y = constant() {value = tensor<float64>[2] [1.0, nan]} : tensor<float64>[2]
          %0 = ne(%x, %y) : tensor<bool>[2]
          return %0
          """, "[False, True]")
      .build();

}
