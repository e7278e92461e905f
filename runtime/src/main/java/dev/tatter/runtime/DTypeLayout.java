package dev.tatter.runtime;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Array;
import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.Optional;

/**
 * How one dtype's elements live in memory, derived from its {@link DType} row: the array class,
 * the lanes per element, and the conversions between storage and compute type — as {@link Method}s
 * for the bytecode backend (which emits an array load or store and, where needed, a call of the
 * conversion) and as {@link MethodHandle}s for the interpreter's generic loops. The conversions
 * are found by convention in {@link ElementStorage}: {@code to<Dtype>(compute) -> storage} and,
 * for a storage type the JVM does not widen by itself, {@code from<Dtype>(storage) -> compute}.
 * Two element questions kernels ask of any dtype — is this element zero, are these two elements
 * equal — are answered here too, by the {@code isZero}/{@code equal} overload of the compute type
 * (below), so no kernel switches over dtypes to ask them. So is the one rounding question: what a
 * computed value becomes when it is stored ({@link #roundTrip}, the runtime twin of codegen's
 * {@code ElementCode.wrap}), which is how a kernel rounds each step of a float16 or bfloat16
 * computation without naming either format.
 */
public final class DTypeLayout {
  private final Class<?> storageType;
  private final Class<?> arrayClass;
  private final Method toStorage;
  private final Method fromStorage;
  private final MethodHandle getter;
  private final MethodHandle setter;
  private final MethodHandle isZero;
  private final MethodHandle equal;
  private final MethodHandle roundTrip;
  private final boolean floatCompute;
  private final String name;

  DTypeLayout(DType dtype) {
    this.storageType = dtype.storageType();
    this.arrayClass = Array.newInstance(dtype.storageType(), 0).getClass();
    String suffix = Character.toUpperCase(dtype.tfName().charAt(0)) + dtype.tfName().substring(1);
    this.toStorage = dtype.storageType() == dtype.computeType() ? null
        : conversion("to" + suffix, dtype.computeType(), dtype.storageType());
    this.fromStorage = dtype.storageType() == dtype.computeType() || (!dtype.isUnsigned() && widensImplicitly(dtype.storageType(), dtype.computeType()))
        ? null : conversion("from" + suffix, dtype.storageType(), dtype.computeType());
    try {
      MethodHandles.Lookup lookup = MethodHandles.publicLookup();
      MethodHandle get = MethodHandles.arrayElementGetter(arrayClass);
      if (fromStorage != null) {
        get = MethodHandles.filterReturnValue(get, lookup.unreflect(fromStorage));
      }
      this.getter = get.asType(MethodType.methodType(dtype.computeType(), Object.class, int.class));
      MethodHandle set = MethodHandles.arrayElementSetter(arrayClass);
      if (toStorage != null) {
        set = MethodHandles.filterArguments(set, 2, lookup.unreflect(toStorage));
      }
      this.setter = set.asType(MethodType.methodType(void.class, Object.class, int.class, dtype.computeType()));
      MethodHandle trip = MethodHandles.identity(dtype.computeType());
      if (toStorage != null) {
        trip = MethodHandles.filterReturnValue(trip, lookup.unreflect(toStorage));
      }
      if (fromStorage != null) {
        trip = MethodHandles.filterReturnValue(trip, lookup.unreflect(fromStorage));
      }
      // the JVM's own widening of a byte or short load (int8, int16) is the asType
      this.roundTrip = trip.asType(MethodType.methodType(dtype.computeType(), dtype.computeType()));
      this.floatCompute = dtype.computeType() == float.class;
      this.name = dtype.tfName();
      // the compute type's overloads, composed with the getter: (array, i) and (a, i, b, j)
      MethodHandles.Lookup own = MethodHandles.lookup();
      Class<?> c = dtype.computeType();
      MethodHandle zero = own.findStatic(DTypeLayout.class, "isZero", MethodType.methodType(boolean.class, c));
      this.isZero = MethodHandles.collectArguments(zero, 0, getter);
      MethodHandle eq = own.findStatic(DTypeLayout.class, "equal", MethodType.methodType(boolean.class, c, c));
      this.equal = MethodHandles.collectArguments(MethodHandles.collectArguments(eq, 1, getter), 0, getter);
    } catch (NoSuchMethodException e) {
      throw new IllegalStateException("DTypeLayout has no isZero/equal overload for " + dtype.computeType(), e);
    } catch (IllegalAccessException e) {
      throw new IllegalStateException("storage conversions of " + dtype + " must be public", e);
    }
  }

  /** JVM array loads widen byte and short to int by themselves (sign-extending: right for signed dtypes only). */
  private static boolean widensImplicitly(Class<?> storage, Class<?> compute) {
    return compute == int.class && (storage == byte.class || storage == short.class);
  }

  private static Method conversion(String name, Class<?> from, Class<?> to) {
    Method m = Arrays.stream(ElementStorage.class.getMethods())
        .filter(c -> c.getName().equals(name) && c.getParameterCount() == 1 && c.getParameterTypes()[0] == from)
        .findFirst()
        .orElseThrow(() -> new IllegalStateException("ElementStorage has no " + name + "(" + from + ")"));
    if (m.getReturnType() != to) {
      throw new IllegalStateException("ElementStorage." + name + " must return " + to);
    }
    return m;
  }

  /** The array class that holds the elements ({@code byte[]} for int8). */
  public Class<?> arrayClass() {
    return arrayClass;
  }

  /** Array slots per element: 1 for every dtype (a complex element is one object, see {@link Complex64}). */
  public int lanes() {
    return 1;
  }

  /** The method turning a computed value into its stored form, if the two types differ. */
  public Optional<Method> toStorage() {
    return Optional.ofNullable(toStorage);
  }

  /** The method turning a stored element into its compute type, if the JVM does not do it. */
  public Optional<Method> fromStorage() {
    return Optional.ofNullable(fromStorage);
  }

  /** {@code (Object array, int i) -> compute}: element {@code i}, in the compute type. */
  public MethodHandle getter() {
    return getter;
  }

  /** {@code (Object array, int i, compute value) -> void}: stores a computed value, narrowing it. */
  public MethodHandle setter() {
    return setter;
  }

  /**
   * {@code (compute) -> compute}: what storing a computed value and loading it back keeps — int8
   * wraps, float16 and bfloat16 round to nearest even, the identity where the dtype stores what it
   * computes. Kernels that compute several steps in the compute type round each step through
   * this, as a stored step would be; codegen's {@code ElementCode.wrap} emits the same two calls.
   */
  public MethodHandle roundTrip() {
    return roundTrip;
  }

  /**
   * {@link #roundTrip()} of a dtype computed in {@code float} (float32, float16, bfloat16): the
   * float {@code value} rounded to the dtype, exactly held in a float.
   */
  public float roundTrip(float value) {
    requireFloatCompute();
    try {
      return (float) roundTrip.invokeExact(value);
    } catch (Throwable t) {
      throw unchecked(t);
    }
  }

  /** Element {@code i} of a dtype computed in {@code float}, widened to its float value (the getter, unboxed). */
  public float getFloat(Object array, int i) {
    requireFloatCompute();
    try {
      return (float) getter.invokeExact(array, i);
    } catch (Throwable t) {
      throw unchecked(t);
    }
  }

  /** Stores a float value at {@code i} of a dtype computed in {@code float}, rounded to it (the setter, unboxed). */
  public void setFloat(Object array, int i, float value) {
    requireFloatCompute();
    try {
      setter.invokeExact(array, i, value);
    } catch (Throwable t) {
      throw unchecked(t);
    }
  }

  /**
   * The value of this floating dtype nearest {@code value}, rounded once (ties to even), as a
   * double that holds it exactly: what NumPy's {@code np.float16(x)} gives for a Python float. A
   * dtype stored narrower than its float compute type rounds the double to odd in float first,
   * which keeps the one rounding exact ({@link HalfFloats#doubleToFloat16}), then through
   * {@link #roundTrip(float)}.
   */
  public double nearest(double value) {
    if (roundTrip.type().returnType() == double.class) {
      return value; // float64
    }
    requireFloatCompute();
    return toStorage == null ? (float) value : roundTrip(HalfFloats.roundToOdd(value));
  }

  private void requireFloatCompute() {
    if (!floatCompute) {
      throw new IllegalStateException(name + " does not compute in float");
    }
  }

  /**
   * Whether element {@code i} is zero as TF's {@code x != 0} sees it: either zero's sign is zero,
   * NaN is not; false and "" are zero; a complex element is zero when both parts are.
   */
  public boolean isZero(Object array, int i) {
    try {
      return (boolean) isZero.invokeExact(array, i);
    } catch (Throwable t) {
      throw unchecked(t);
    }
  }

  /**
   * Whether {@code a[i]} equals {@code b[j]} as TF's {@code Equal} compares them: NaN equals
   * nothing, -0.0 equals 0.0, strings by their bytes, complex part by part.
   */
  public boolean equal(Object a, int i, Object b, int j) {
    try {
      return (boolean) equal.invokeExact(a, i, b, j);
    } catch (Throwable t) {
      throw unchecked(t);
    }
  }

  // ---- the overloads isZero and equal are made of, one per compute type (found by reflection) ----

  private static boolean isZero(boolean x) {
    return !x;
  }

  private static boolean isZero(int x) {
    return x == 0;
  }

  private static boolean isZero(long x) {
    return x == 0; // uint64's raw bits are zero exactly when the value is
  }

  private static boolean isZero(float x) {
    return x == 0f;
  }

  private static boolean isZero(double x) {
    return x == 0d;
  }

  private static boolean isZero(String x) {
    return x.isEmpty();
  }

  private static boolean isZero(Complex64 x) {
    return x.re() == 0f && x.im() == 0f;
  }

  private static boolean isZero(Complex128 x) {
    return x.re() == 0d && x.im() == 0d;
  }

  private static boolean equal(boolean x, boolean y) {
    return x == y;
  }

  private static boolean equal(int x, int y) {
    return x == y;
  }

  private static boolean equal(long x, long y) {
    return x == y;
  }

  private static boolean equal(float x, float y) {
    return x == y;
  }

  private static boolean equal(double x, double y) {
    return x == y;
  }

  private static boolean equal(String x, String y) {
    return x.equals(y);
  }

  private static boolean equal(Complex64 x, Complex64 y) {
    return x.re() == y.re() && x.im() == y.im();
  }

  private static boolean equal(Complex128 x, Complex128 y) {
    return x.re() == y.re() && x.im() == y.im();
  }

  /** A new zeroed array of {@code n} elements (a complex array is filled with 0j, never nulls). */
  public Object newArray(int n) {
    Object array = Array.newInstance(storageType, n * lanes());
    if (storageType == Complex64.class) {
      Arrays.fill((Object[]) array, Complex64.ZERO);
    } else if (storageType == Complex128.class) {
      Arrays.fill((Object[]) array, Complex128.ZERO);
    }
    return array;
  }

  /** Element {@code i}, boxed in its compute type (Integer for int8). */
  public Object get(Object array, int i) {
    try {
      return getter.invoke(array, i);
    } catch (Throwable t) {
      throw unchecked(t);
    }
  }

  /** Stores {@code value}, boxed in the compute type, at {@code i}. */
  public void set(Object array, int i, Object value) {
    try {
      setter.invoke(array, i, value);
    } catch (Throwable t) {
      throw unchecked(t);
    }
  }

  /** An array access throws only unchecked exceptions (a wrong array class, an index out of range). */
  private static RuntimeException unchecked(Throwable t) {
    if (t instanceof Error e) {
      throw e;
    }
    return t instanceof RuntimeException r ? r : new IllegalStateException(t);
  }
}
