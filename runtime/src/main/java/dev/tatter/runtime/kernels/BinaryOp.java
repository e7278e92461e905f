package dev.tatter.runtime.kernels;

import dev.tatter.runtime.DType;
import java.util.function.DoubleBinaryOperator;
import java.util.function.IntBinaryOperator;
import java.util.function.LongBinaryOperator;

/**
 * A table of the binary elementwise ops, each entry holding method references to its {@link
 * ScalarFunctions} overloads (and nothing else), so that one dense loop per dtype in {@link
 * ElementwiseKernels} serves every op and computes exactly what the scalar functions compute.
 * An op is defined on a dtype exactly when it has the overload for that dtype's computation type.
 */
public enum BinaryOp {
  ADD("add", ScalarFunctions::add, ScalarFunctions::add, ScalarFunctions::add, ScalarFunctions::add),
  SUB("sub", ScalarFunctions::sub, ScalarFunctions::sub, ScalarFunctions::sub, ScalarFunctions::sub),
  MUL("mul", ScalarFunctions::mul, ScalarFunctions::mul, ScalarFunctions::mul, ScalarFunctions::mul),
  TRUEDIV("truediv", null, null, ScalarFunctions::truediv, ScalarFunctions::truediv),
  DIV("div", ScalarFunctions::div, ScalarFunctions::div, ScalarFunctions::div, ScalarFunctions::div),
  FLOORDIV("floordiv", ScalarFunctions::floordiv, ScalarFunctions::floordiv, ScalarFunctions::floordiv,
      ScalarFunctions::floordiv),
  MOD("mod", ScalarFunctions::mod, ScalarFunctions::mod, ScalarFunctions::mod, ScalarFunctions::mod),
  POW("pow", ScalarFunctions::pow, ScalarFunctions::pow, ScalarFunctions::pow, ScalarFunctions::pow),
  AND("and", ScalarFunctions::and),
  OR("or", ScalarFunctions::or),
  XOR("xor", ScalarFunctions::xor),
  LT(Comparison.of("lt", ScalarFunctions::lt, ScalarFunctions::lt, ScalarFunctions::lt, ScalarFunctions::lt, null, null)),
  LE(Comparison.of("le", ScalarFunctions::le, ScalarFunctions::le, ScalarFunctions::le, ScalarFunctions::le, null, null)),
  GT(Comparison.of("gt", ScalarFunctions::gt, ScalarFunctions::gt, ScalarFunctions::gt, ScalarFunctions::gt, null, null)),
  GE(Comparison.of("ge", ScalarFunctions::ge, ScalarFunctions::ge, ScalarFunctions::ge, ScalarFunctions::ge, null, null)),
  EQ(Comparison.of("eq", ScalarFunctions::eq, ScalarFunctions::eq, ScalarFunctions::eq, ScalarFunctions::eq,
      ScalarFunctions::eq, ScalarFunctions::eq)),
  NE(Comparison.of("ne", ScalarFunctions::ne, ScalarFunctions::ne, ScalarFunctions::ne, ScalarFunctions::ne,
      ScalarFunctions::ne, ScalarFunctions::ne));

  /** A float operator (java.util.function has none). */
  @FunctionalInterface
  public interface FloatOp {
    float apply(float a, float b);
  }

  @FunctionalInterface
  public interface BoolOp {
    boolean apply(boolean a, boolean b);
  }

  @FunctionalInterface
  public interface IntTest {
    boolean test(int a, int b);
  }

  @FunctionalInterface
  public interface LongTest {
    boolean test(long a, long b);
  }

  @FunctionalInterface
  public interface FloatTest {
    boolean test(float a, float b);
  }

  @FunctionalInterface
  public interface DoubleTest {
    boolean test(double a, double b);
  }

  @FunctionalInterface
  public interface StringTest {
    boolean test(String a, String b);
  }

  /** The overloads of a comparison, any of which may be null where it is not defined. */
  record Comparison(String name, IntTest ints, LongTest longs, FloatTest floats, DoubleTest doubles,
      BoolOp bools, StringTest strings) {
    static Comparison of(String name, IntTest ints, LongTest longs, FloatTest floats, DoubleTest doubles,
        BoolOp bools, StringTest strings) {
      return new Comparison(name, ints, longs, floats, doubles, bools, strings);
    }
  }

  private final String scalarFunctionName;
  final IntBinaryOperator ints;
  final LongBinaryOperator longs;
  final FloatOp floats;
  final DoubleBinaryOperator doubles;
  final BoolOp bools;
  final Comparison comparison;

  BinaryOp(String name, IntBinaryOperator ints, LongBinaryOperator longs, FloatOp floats, DoubleBinaryOperator doubles) {
    this(name, ints, longs, floats, doubles, null, null);
  }

  BinaryOp(String name, BoolOp bools) {
    this(name, null, null, null, null, bools, null);
  }

  BinaryOp(Comparison comparison) {
    this(comparison.name(), null, null, null, null, null, comparison);
  }

  BinaryOp(String name, IntBinaryOperator ints, LongBinaryOperator longs, FloatOp floats,
      DoubleBinaryOperator doubles, BoolOp bools, Comparison comparison) {
    this.scalarFunctionName = name;
    this.ints = ints;
    this.longs = longs;
    this.floats = floats;
    this.doubles = doubles;
    this.bools = bools;
    this.comparison = comparison;
  }

  /** The name of this op's static methods in {@link ScalarFunctions}. */
  public String scalarFunctionName() {
    return scalarFunctionName;
  }

  /** Whether this op yields bool whatever its operands' dtype. */
  public boolean isComparison() {
    return comparison != null;
  }

  /** Whether this op is defined on {@code dtype}. */
  public boolean accepts(DType dtype) {
    if (comparison != null) {
      return switch (dtype) {
        case BOOL -> comparison.bools() != null;
        case STRING -> comparison.strings() != null;
        case INT8, INT16, INT32 -> comparison.ints() != null;
        case INT64 -> comparison.longs() != null;
        case FLOAT32 -> comparison.floats() != null;
        case FLOAT64 -> comparison.doubles() != null;
      };
    }
    return switch (dtype) {
      case BOOL -> bools != null;
      case STRING -> false;
      case INT8, INT16, INT32 -> ints != null;
      case INT64 -> longs != null;
      case FLOAT32 -> floats != null;
      case FLOAT64 -> doubles != null;
    };
  }

  /** The dtype of the result on operands of {@code dtype}. */
  public DType resultDType(DType dtype) {
    return comparison != null ? DType.BOOL : dtype;
  }
}
