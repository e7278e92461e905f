package dev.tatter.runtime.kernels.elementwise;

import dev.tatter.runtime.DType;
import dev.tatter.runtime.kernels.scalar.OverloadSet;
import dev.tatter.runtime.kernels.elementwise.PointwiseKernels;
import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * The element-level definition of an elementwise op: the public static overloads named
 * {@code name} in an {@link OverloadSet} (the classes of the op's family, or one class), one per
 * compute type ({@link DType#computeType()}): {@code (int,
 * int)} for int8/int16/int32, {@code (long, long)}, {@code (float, float)}, {@code (double,
 * double)}, {@code (boolean, boolean)}, {@code (String, String)}; unary ops take one argument. An
 * op is defined on a dtype exactly when it has the overload for that dtype's compute type, and its
 * result has the operand's dtype (an overload returning the compute type) or is bool (one
 * returning {@code boolean}). The interpreter's generic loops, constant folding and fused loops
 * all call these same methods, so they agree bit for bit.
 *
 * <p>Unsigned dtypes resolve to the overloads named {@code <name>Unsigned} instead (in the same
 * set): {@code (int, int)} for uint8/uint16, whose values arrive
 * zero-extended, and {@code (long, long)} for uint32 (zero-extended) and uint64 (its raw bits,
 * so the overload must divide, compare and convert them as unsigned: {@link
 * Long#divideUnsigned}, {@link Long#compareUnsigned}). An op is defined on the unsigned dtypes
 * exactly where such an overload exists, never through the signed ones: a signed overload that
 * happened to fit would divide or compare uint64 wrongly without a word, and TF's kernels refuse
 * several ops (neg, abs, sign, pow) on unsigned dtypes anyway.
 *
 * <p>float16 and bfloat16 compute in float and are rounded when stored, so their float overloads
 * serve them — except where TF rounds an intermediate to the 16-bit format, which an overload
 * named {@code <name>Float16} or {@code <name>Bfloat16} then says ({@code floordiv} floors the
 * rounded quotient, as Eigen's {@code floor(half(x / y))} does).
 */
public final class ScalarFunction {
  private final OverloadSet overloadSet;
  private final String name;
  private final List<Method> overloads;
  private final List<Method> unsignedOverloads;
  /** Per dtype, the overloads named for it alone (see {@link #dtypeSpecificName}); mostly empty. */
  private final java.util.EnumMap<DType, List<Method>> dtypeSpecific = new java.util.EnumMap<>(DType.class);
  /** Per arity and dtype ordinal, the element step the generic loop runs (built on first use). */
  private final java.util.concurrent.atomic.AtomicReferenceArray<Object> steps =
      new java.util.concurrent.atomic.AtomicReferenceArray<>(3 * DTYPES);

  /**
   * Per arity (0 to {@link #CACHED_ARITIES} - 1) and dtype ordinal, {@link #candidate}'s answer,
   * found once: type inference asks it for every elementwise node a pass rebuilds. Racy but safe:
   * an {@code Optional} is immutable (final fields), and two threads compute the same one.
   */
  @SuppressWarnings("unchecked")
  private final Optional<Method>[] candidates = new Optional[CACHED_ARITIES * DType.values().length];

  private static final int CACHED_ARITIES = 4;

  /** How many dtypes there are (DType.values() copies its array on every call). */
  static final int DTYPES = DType.values().length;

  /** The function {@code name} of a family: its overloads among the public static methods of the set's classes. */
  public ScalarFunction(OverloadSet overloadSet, String name) {
    this.overloadSet = overloadSet;
    this.name = name;
    this.overloads = overloadSet.staticMethods(name);
    this.unsignedOverloads = overloadSet.staticMethods(unsignedName(name));
    for (DType dtype : DType.values()) {
      dtypeSpecific.put(dtype, overloadSet.staticMethods(dtypeSpecificName(name, dtype)));
    }
    if (overloads.isEmpty() && unsignedOverloads.isEmpty()) {
      throw new IllegalArgumentException("no public static method " + overloadSet.name() + "." + name);
    }
  }

  /** The function {@code name} of one class: its overloads among the public static methods {@code owner} declares. */
  public ScalarFunction(Class<?> owner, String name) {
    this(OverloadSet.of(owner), name);
  }

  /** The name of the overloads that define {@code name} on unsigned dtypes. */
  public static String unsignedName(String name) {
    return name + "Unsigned";
  }

  /** The classes whose public static methods the overloads are found among. */
  public OverloadSet overloadSet() {
    return overloadSet;
  }

  public String name() {
    return name;
  }

  /** The signed overload whose parameters are all {@code computeType}, if the op is defined there. */
  public Optional<Method> overload(Class<?> computeType, int arity) {
    return find(overloads, computeType, arity);
  }

  private static Optional<Method> find(List<Method> overloads, Class<?> computeType, int arity) {
    for (Method m : overloads) {
      if (m.getParameterCount() == arity && allOf(m.getParameterTypes(), computeType)) {
        return Optional.of(m);
      }
    }
    return Optional.empty();
  }

  private static boolean allOf(Class<?>[] types, Class<?> type) {
    for (Class<?> t : types) {
      if (t != type) {
        return false;
      }
    }
    return true;
  }

  /**
   * The overload for {@code arity} operands of {@code dtype}, if the op is defined on it: a method
   * named for the dtype ({@code leftShiftInt8}: for the few ops whose result depends on the
   * storage width, which the shared {@code int} compute type of int8/int16/int32 hides) if the
   * set has one, else the compute type's overload ({@code <name>Unsigned} for unsigned dtypes).
   */
  public Optional<Method> overload(DType dtype, int arity) {
    return candidate(dtype, arity).filter(m -> resultDType(dtype, m) != null);
  }

  /**
   * A method named for the dtype ({@code leftShiftInt8}, {@code floordivFloat16}) if the set has
   * one, else the unsigned or signed overload of the compute type.
   */
  private Optional<Method> candidate(DType dtype, int arity) {
    if (arity < 0 || arity >= CACHED_ARITIES) {
      return findCandidate(dtype, arity);
    }
    int slot = arity * DTYPES + dtype.ordinal();
    Optional<Method> found = candidates[slot];
    if (found == null) {
      found = findCandidate(dtype, arity);
      candidates[slot] = found;
    }
    return found;
  }

  private Optional<Method> findCandidate(DType dtype, int arity) {
    Optional<Method> own = find(dtypeSpecific.get(dtype), dtype.computeType(), arity);
    if (own.isPresent()) {
      return own;
    }
    return find(dtype.isUnsigned() ? unsignedOverloads : overloads, dtype.computeType(), arity);
  }

  /** The name of an overload that defines {@code name} on {@code dtype} alone. */
  public static String dtypeSpecificName(String name, DType dtype) {
    return name + Character.toUpperCase(dtype.tfName().charAt(0)) + dtype.tfName().substring(1);
  }

  /** The dtype of the result on operands of {@code dtype}, if the op is defined on it. */
  public Optional<DType> resultDType(DType dtype, int arity) {
    return candidate(dtype, arity).map(m -> resultDType(dtype, m));
  }

  private static DType resultDType(DType operand, Method m) {
    if (m.getReturnType() == operand.computeType()) {
      return operand;
    }
    if (m.getReturnType() == boolean.class) {
      return DType.BOOL;
    }
    // complex to its part type (abs, real, angle) and two parts to their complex dtype (complex)
    if (operand.isComplex() && m.getReturnType() == operand.realDType().computeType()) {
      return operand.realDType();
    }
    return operand.complexDType().filter(c -> m.getReturnType() == c.computeType()).orElse(null);
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
    return o instanceof ScalarFunction f && f.overloadSet.equals(overloadSet) && f.name.equals(name);
  }

  @Override
  public int hashCode() {
    return overloadSet.hashCode() * 31 + name.hashCode();
  }

  @Override
  public String toString() {
    return overloadSet.name() + "." + name;
  }
}
