package dev.tatter.runtime;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Array;
import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.Optional;

/**
 * How one dtype's elements live in memory, derived from its {@link DType} row: the array class
 * (for a dtype of fixed width a primitive or object array, one slot per element; for strings, whose
 * width is 0 — variable — a {@link StringColumn}, offsets into one byte buffer), the lanes per
 * element, and the conversions between storage and compute type — as {@link Method}s
 * for the bytecode backend (which emits an array load or store and, where needed, a call of the
 * conversion) and as {@link MethodHandle}s for the interpreter's generic loops. The conversions
 * are found by convention in {@link ElementStorage}: {@code to<Dtype>(compute) -> storage} and,
 * for a storage type the JVM does not widen by itself, {@code from<Dtype>(storage) -> compute}.
 * Two element questions kernels ask of any dtype — is this element zero, are these two elements
 * equal — are answered here too, by the {@code isZero}/{@code equal} overload of the compute type
 * (below), so no kernel switches over dtypes to ask them. So is the one rounding question: what a
 * computed value becomes when it is stored ({@link #roundTrip}, the runtime twin of codegen's
 * {@code ElementCode.wrap}), which is how a kernel rounds each step of a float16 or bfloat16
 * computation without naming either format. Kernels that only move elements ask the layout too —
 * {@link #newArray}, {@link #copy}, {@link #fill}, {@link #length} — so they move strings as they
 * move numbers: for strings {@code newArray} gives writable slots ({@link StringSlots}) that
 * {@link #seal} (which {@link Tensor#wrap} calls) turns into the column.
 */
public final class DTypeLayout {
  private final Class<?> storageType;
  private final Class<?> arrayClass;
  /** Strings (width 0) live in a column; every other dtype in an array. */
  private final boolean column;
  private final Method toStorage;
  private final Method fromStorage;
  private final MethodHandle getter;
  private final MethodHandle setter;
  private final MethodHandle isZero;
  private final MethodHandle equal;
  private final MethodHandle roundTrip;
  private final boolean floatCompute;
  private final String name;
  private final DType dtype;

  DTypeLayout(DType dtype) {
    this.storageType = dtype.storageType();
    this.column = dtype.bits() == 0;
    this.arrayClass = column ? StringColumn.class : Array.newInstance(dtype.storageType(), 0).getClass();
    String suffix = Character.toUpperCase(dtype.tfName().charAt(0)) + dtype.tfName().substring(1);
    this.toStorage = dtype.storageType() == dtype.computeType() ? null
        : conversion("to" + suffix, dtype.computeType(), dtype.storageType());
    this.fromStorage = dtype.storageType() == dtype.computeType() || (!dtype.isUnsigned() && widensImplicitly(dtype.storageType(), dtype.computeType()))
        ? null : conversion("from" + suffix, dtype.storageType(), dtype.computeType());
    try {
      MethodHandles.Lookup lookup = MethodHandles.publicLookup();
      MethodHandles.Lookup own = MethodHandles.lookup();
      MethodHandle get = column
          ? own.findStatic(StringSlots.class, "element", MethodType.methodType(byte[].class, Object.class, int.class))
          : MethodHandles.arrayElementGetter(arrayClass);
      if (fromStorage != null) {
        get = MethodHandles.filterReturnValue(get, lookup.unreflect(fromStorage));
      }
      this.getter = get.asType(MethodType.methodType(dtype.computeType(), Object.class, int.class));
      MethodHandle set = column
          ? own.findStatic(StringSlots.class, "setElement", MethodType.methodType(void.class, Object.class, int.class, byte[].class))
          : MethodHandles.arrayElementSetter(arrayClass);
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
      this.dtype = dtype;
      // the compute type's overloads, composed with the getter: (array, i) and (a, i, b, j)
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
    if (array instanceof StringColumn c) {
      return c.length(i) == 0;
    }
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
    if (a instanceof StringColumn x && b instanceof StringColumn y) {
      return x.equals(i, y, j);
    }
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

  private static boolean isZero(byte[] x) {
    return x.length == 0;
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

  private static boolean equal(byte[] x, byte[] y) {
    return Arrays.equals(x, y);
  }

  private static boolean equal(Complex64 x, Complex64 y) {
    return x.re() == y.re() && x.im() == y.im();
  }

  private static boolean equal(Complex128 x, Complex128 y) {
    return x.re() == y.re() && x.im() == y.im();
  }

  /**
   * A new zeroed array of {@code n} elements (a complex array is filled with 0j, never nulls; for
   * strings, {@code n} writable empty slots, which {@link #seal} makes a column).
   */
  public Object newArray(int n) {
    if (column) {
      return new StringSlots(n);
    }
    Object array = Array.newInstance(storageType, n * lanes());
    if (storageType == Complex64.class) {
      Arrays.fill((Object[]) array, Complex64.ZERO);
    } else if (storageType == Complex128.class) {
      Arrays.fill((Object[]) array, Complex128.ZERO);
    }
    return array;
  }

  /**
   * What a kernel wrote, as the tensor's storage: an array as it is; for strings, the column of
   * slots from {@link #newArray} (or a column as it is).
   *
   * @throws IllegalArgumentException for anything else (a Java array of text for a string tensor, say)
   */
  public Object seal(Object written) {
    if (arrayClass.isInstance(written)) {
      return written;
    }
    if (column && written instanceof StringSlots slots) {
      return slots.seal();
    }
    throw new IllegalArgumentException(String.format("a %s tensor needs a %s, got %s%s", name, arrayClass.getSimpleName(),
        written.getClass().getSimpleName(), column && written instanceof String[]
            ? " (Tensor.ofStrings encodes Java text as UTF-8; Tensor.of(DType.STRING, String[], shape) too)" : ""));
  }

  /** The number of elements an array (a column, slots) holds. */
  public int length(Object data) {
    if (column) {
      return data instanceof StringColumn c ? c.size() : ((StringSlots) data).size();
    }
    return Array.getLength(data);
  }

  /**
   * Copies {@code n} elements from {@code src[srcPos..]} to {@code dst[dstPos..]}, as
   * {@link System#arraycopy} does for arrays; {@code dst} comes from {@link #newArray} (for strings
   * it records where the bytes are, copying none).
   */
  public void copy(Object src, int srcPos, Object dst, int dstPos, int n) {
    if (column) {
      ((StringSlots) dst).copy(src, srcPos, dstPos, n);
    } else {
      System.arraycopy(src, srcPos, dst, dstPos, n);
    }
  }

  /** Sets {@code dst[from, to)} to element {@code srcPos} of {@code src}. */
  public void fill(Object dst, int from, int to, Object src, int srcPos) {
    if (dst instanceof float[] a) Arrays.fill(a, from, to, ((float[]) src)[srcPos]);
    else if (dst instanceof double[] a) Arrays.fill(a, from, to, ((double[]) src)[srcPos]);
    else if (dst instanceof int[] a) Arrays.fill(a, from, to, ((int[]) src)[srcPos]);
    else if (dst instanceof long[] a) Arrays.fill(a, from, to, ((long[]) src)[srcPos]);
    else if (dst instanceof short[] a) Arrays.fill(a, from, to, ((short[]) src)[srcPos]);
    else if (dst instanceof byte[] a) Arrays.fill(a, from, to, ((byte[]) src)[srcPos]);
    else if (dst instanceof boolean[] a) Arrays.fill(a, from, to, ((boolean[]) src)[srcPos]);
    else if (dst instanceof Object[] a) Arrays.fill(a, from, to, ((Object[]) src)[srcPos]);
    else {
      for (int i = from; i < to; i++) {
        copy(src, srcPos, dst, i, 1);
      }
    }
  }

  /** Element {@code i} as TF prints it in a list ({@code 1.5}, {@code True}, {@code b'caf\xc3\xa9'}). */
  public String format(Object data, int i) {
    return column ? ((StringColumn) data).repr(i) : Scalars.formatElement(get(data, i), dtype);
  }

  /** Element {@code i}, boxed in its compute type (Integer for int8; the bytes of a string). */
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
