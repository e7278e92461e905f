package dev.tatter.runtime.kernels;

import dev.tatter.runtime.DType;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * The element-level definition of an elementwise op: the public static overloads named
 * {@code name} in {@code owner}, one per compute type ({@link DType#computeType()}): {@code (int,
 * int)} for int8/int16/int32, {@code (long, long)}, {@code (float, float)}, {@code (double,
 * double)}, {@code (boolean, boolean)}, {@code (String, String)}; unary ops take one argument. An
 * op is defined on a dtype exactly when it has the overload for that dtype's compute type, and its
 * result has the operand's dtype (an overload returning the compute type) or is bool (one
 * returning {@code boolean}). The interpreter's generic loops, constant folding and fused loops
 * all call these same methods, so they agree bit for bit.
 */
public final class ScalarFunction {
  private final Class<?> owner;
  private final String name;
  private final List<Method> overloads;
  /** Per arity and dtype ordinal, the element step the generic loop runs (built on first use). */
  private final java.util.concurrent.atomic.AtomicReferenceArray<Object> steps =
      new java.util.concurrent.atomic.AtomicReferenceArray<>(3 * DTYPES);

  /** How many dtypes there are (DType.values() copies its array on every call). */
  static final int DTYPES = DType.values().length;

  public ScalarFunction(Class<?> owner, String name) {
    this.owner = owner;
    this.name = name;
    this.overloads = Arrays.stream(owner.getMethods())
        .filter(m -> m.getName().equals(name) && Modifier.isStatic(m.getModifiers()))
        .toList();
    if (overloads.isEmpty()) {
      throw new IllegalArgumentException("no public static method " + owner.getSimpleName() + "." + name);
    }
  }

  public Class<?> owner() {
    return owner;
  }

  public String name() {
    return name;
  }

  /** The overload whose parameters are all {@code computeType}, if the op is defined there. */
  public Optional<Method> overload(Class<?> computeType, int arity) {
    return overloads.stream()
        .filter(m -> m.getParameterCount() == arity
            && Arrays.stream(m.getParameterTypes()).allMatch(p -> p == computeType))
        .findFirst();
  }

  /**
   * The overload for {@code arity} operands of {@code dtype}, if the op is defined on it: a method
   * named for the dtype ({@code leftShiftInt8}: for the few ops whose result depends on the
   * storage width, which the shared {@code int} compute type of int8/int16/int32 hides) if the
   * owner has one, else the compute type's overload.
   */
  public Optional<Method> overload(DType dtype, int arity) {
    Optional<Method> specific = widthSpecific(dtype, arity);
    if (specific.isPresent()) {
      return specific;
    }
    return overload(dtype.computeType(), arity).filter(m -> resultDType(dtype, m) != null);
  }

  private Optional<Method> widthSpecific(DType dtype, int arity) {
    String specificName = name + Character.toUpperCase(dtype.tfName().charAt(0)) + dtype.tfName().substring(1);
    return Arrays.stream(owner.getMethods())
        .filter(m -> m.getName().equals(specificName) && Modifier.isStatic(m.getModifiers())
            && m.getParameterCount() == arity
            && Arrays.stream(m.getParameterTypes()).allMatch(p -> p == dtype.computeType())
            && resultDType(dtype, m) != null)
        .findFirst();
  }

  /** The dtype of the result on operands of {@code dtype}, if the op is defined on it. */
  public Optional<DType> resultDType(DType dtype, int arity) {
    return overload(dtype.computeType(), arity).map(m -> resultDType(dtype, m));
  }

  private static DType resultDType(DType operand, Method m) {
    if (m.getReturnType() == operand.computeType()) {
      return operand;
    }
    return m.getReturnType() == boolean.class ? DType.BOOL : null;
  }

  /** Whether the op is defined on {@code dtype}. */
  public boolean accepts(DType dtype, int arity) {
    return resultDType(dtype, arity).isPresent();
  }

  /**
   * The cached value of {@code make} for ({@code dtype}, {@code arity}): how {@link PointwiseKernels}
   * keeps the element step of this function on a dtype, so a run resolves nothing but an array slot.
   */
  <T> T cached(DType dtype, int arity, java.util.function.Supplier<T> make) {
    int slot = arity * DTYPES + dtype.ordinal();
    Object value = steps.get(slot);
    if (value == null) {
      value = make.get();
      steps.set(slot, value);
    }
    @SuppressWarnings("unchecked")
    T t = (T) value;
    return t;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof ScalarFunction f && f.owner == owner && f.name.equals(name);
  }

  @Override
  public int hashCode() {
    return owner.hashCode() * 31 + name.hashCode();
  }

  @Override
  public String toString() {
    return owner.getSimpleName() + "." + name;
  }
}
