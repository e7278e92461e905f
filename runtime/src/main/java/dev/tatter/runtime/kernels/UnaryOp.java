package dev.tatter.runtime.kernels;

import dev.tatter.runtime.DType;
import java.util.function.DoubleUnaryOperator;
import java.util.function.IntUnaryOperator;
import java.util.function.LongUnaryOperator;

/**
 * The unary elementwise ops, each entry holding method references to its {@link
 * ScalarFunctions} overloads, so that {@link ElementwiseKernels#unary} computes exactly what
 * the scalar functions compute.
 */
public enum UnaryOp {
  ABS("abs", ScalarFunctions::abs, ScalarFunctions::abs, ScalarFunctions::abs, ScalarFunctions::abs, null),
  NEG("neg", ScalarFunctions::neg, ScalarFunctions::neg, ScalarFunctions::neg, ScalarFunctions::neg, null),
  INVERT("invert", null, null, null, null, ScalarFunctions::invert);

  @FunctionalInterface
  public interface FloatFn {
    float apply(float a);
  }

  @FunctionalInterface
  public interface BoolFn {
    boolean apply(boolean a);
  }

  private final String scalarFunctionName;
  final IntUnaryOperator ints;
  final LongUnaryOperator longs;
  final FloatFn floats;
  final DoubleUnaryOperator doubles;
  final BoolFn bools;

  UnaryOp(String name, IntUnaryOperator ints, LongUnaryOperator longs, FloatFn floats,
      DoubleUnaryOperator doubles, BoolFn bools) {
    this.scalarFunctionName = name;
    this.ints = ints;
    this.longs = longs;
    this.floats = floats;
    this.doubles = doubles;
    this.bools = bools;
  }

  public String scalarFunctionName() {
    return scalarFunctionName;
  }

  public boolean accepts(DType dtype) {
    return switch (dtype) {
      case BOOL -> bools != null;
      case STRING -> false;
      case INT8, INT16, INT32 -> ints != null;
      case INT64 -> longs != null;
      case FLOAT32 -> floats != null;
      case FLOAT64 -> doubles != null;
    };
  }
}
