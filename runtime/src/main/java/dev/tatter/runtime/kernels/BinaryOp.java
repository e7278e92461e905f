package dev.tatter.runtime.kernels;

import dev.tatter.runtime.DType;

/**
 * A table of the binary elementwise ops, each delegating to its {@link ScalarFunctions}
 * overloads, so that one dense loop per dtype in {@link ElementwiseKernels} serves every op.
 * {@link #scalarFunctionName()} names the static methods codegen invokes.
 */
public enum BinaryOp {
  ADD("add") {
    @Override public int applyInt(int a, int b) { return ScalarFunctions.add(a, b); }
    @Override public long applyLong(long a, long b) { return ScalarFunctions.add(a, b); }
    @Override public float applyFloat(float a, float b) { return ScalarFunctions.add(a, b); }
    @Override public double applyDouble(double a, double b) { return ScalarFunctions.add(a, b); }
  },
  MUL("mul") {
    @Override public int applyInt(int a, int b) { return ScalarFunctions.mul(a, b); }
    @Override public long applyLong(long a, long b) { return ScalarFunctions.mul(a, b); }
    @Override public float applyFloat(float a, float b) { return ScalarFunctions.mul(a, b); }
    @Override public double applyDouble(double a, double b) { return ScalarFunctions.mul(a, b); }
  };

  private final String scalarFunctionName;

  BinaryOp(String scalarFunctionName) {
    this.scalarFunctionName = scalarFunctionName;
  }

  /** The name of this op's static methods in {@link ScalarFunctions}. */
  public String scalarFunctionName() {
    return scalarFunctionName;
  }

  /** Whether this op is defined on {@code dtype}. */
  public boolean accepts(DType dtype) {
    return dtype.isNumeric();
  }

  public abstract int applyInt(int a, int b);

  public abstract long applyLong(long a, long b);

  public abstract float applyFloat(float a, float b);

  public abstract double applyDouble(double a, double b);
}
