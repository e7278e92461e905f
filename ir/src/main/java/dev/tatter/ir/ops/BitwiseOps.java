package dev.tatter.ir.ops;

import static dev.tatter.ir.ops.ElementwiseOps.example;

import dev.tatter.ir.OpDef;
import dev.tatter.runtime.DTypeSet;
import dev.tatter.runtime.kernels.scalar.BitwiseFunctions;

/**
 * TF's {@code tf.bitwise} ops on integers: and, or, xor, invert and the shifts (a shift amount
 * outside {@code [0, width - 1]} is clamped into it, as TF's kernel does).
 */
public final class BitwiseOps {
  private BitwiseOps() {}

  private static OpDef.Builder binary(String name, String function, String summary, boolean commutative) {
    return ElementwiseOps.binary(name, BitwiseFunctions.class, function, summary, commutative).dtypes(DTypeSet.INTEGER);
  }

  // tf.bitwise.bitwise_and(tf.constant([12, -1], tf.int64), tf.constant([10, 5], tf.int64)) -> [8, 5]
  public static final OpDef BITWISE_AND = binary("bitwise_and", "bitwiseAnd", "x & y (TF's BitwiseAnd)", true)
      .example(example("bitwise_and", "int64", "int64", "12, -1", "10, 5"), "[8, 5]")
      .tfRawOps("BitwiseAnd").tfApi("tf.bitwise.bitwise_and")
      .build();
  // tf.bitwise.bitwise_or(tf.constant([12, 0], tf.int8), tf.constant([10, -128], tf.int8)) -> [14, -128]
  public static final OpDef BITWISE_OR = binary("bitwise_or", "bitwiseOr", "x | y (TF's BitwiseOr)", true)
      .example(example("bitwise_or", "int8", "int8", "12, 0", "10, -128"), "[14, -128]")
      .tfRawOps("BitwiseOr").tfApi("tf.bitwise.bitwise_or")
      .build();
  // tf.bitwise.bitwise_xor(tf.constant([12, -1]), tf.constant([10, 5])) -> [6, -6]
  public static final OpDef BITWISE_XOR = binary("bitwise_xor", "bitwiseXor", "x ^ y (TF's BitwiseXor)", true)
      .example(example("bitwise_xor", "int32", "int32", "12, -1", "10, 5"), "[6, -6]")
      .tfRawOps("BitwiseXor").tfApi("tf.bitwise.bitwise_xor")
      .build();
  // tf.bitwise.invert(tf.constant([0, -128, 127], tf.int8)) -> [-1, 127, -128]
  public static final OpDef BITWISE_INVERT = ElementwiseOps.unary("bitwise_invert", BitwiseFunctions.class, "bitwiseInvert",
          "~x, every bit flipped (tf.bitwise.invert)")
      .dtypes(DTypeSet.INTEGER)
      .example(example("bitwise_invert", "int8", "int8", "0, -128, 127"), "[-1, 127, -128]")
      .tfRawOps("Invert").tfApi("tf.bitwise.invert")
      .build();
  // tf.bitwise.left_shift(tf.constant([1, 1, 1, 5], tf.int8), tf.constant([6, 7, 9, -1], tf.int8)) -> [64, -128, -128, 5]
  public static final OpDef LEFT_SHIFT = binary("left_shift", "leftShift",
      "x << y; y is clamped into [0, width - 1] (TF's LeftShift)", false)
      .example(example("left_shift", "int8", "int8", "1, 1, 1, 5", "6, 7, 9, -1"), "[64, -128, -128, 5]")
      .tfRawOps("LeftShift").tfApi("tf.bitwise.left_shift")
      .build();
  // tf.bitwise.right_shift(tf.constant([-8, -8, 8, 8]), tf.constant([1, 32, 40, -1])) -> [-4, -1, 0, 8]
  public static final OpDef RIGHT_SHIFT = binary("right_shift", "rightShift",
      "x >> y, arithmetic on signed integers; y is clamped into [0, width - 1] (TF's RightShift)", false)
      .example(example("right_shift", "int32", "int32", "-8, -8, 8, 8", "1, 32, 40, -1"), "[-4, -1, 0, 8]")
      .tfRawOps("RightShift").tfApi("tf.bitwise.right_shift")
      .build();
}
