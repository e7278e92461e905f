package dev.tatter.runtime;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;

import java.lang.reflect.Array;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * A dense tensor: a dtype, a shape and one row-major primitive array (see {@link
 * DType#arrayClass()}; a string tensor's elements are a {@link StringColumn}, offsets into one
 * byte buffer). Tensors are immutable from the caller's side: {@link #of} copies its
 * input and {@link #data()} returns a copy. Two methods share the backing array and say so:
 * {@link #wrap} takes ownership of the caller's array (the caller must never write it again), and
 * {@link #unsafeData()} hands the array itself to kernels and generated code, which only read it.
 * Since no caller can write a tensor, values may be shared freely: a fetched result may be the
 * very tensor that was fed or that a graph holds as a constant.
 *
 * <pre>{@code
 * Tensor t = Tensor.fromNested(new float[][] {{1, 2}, {3, 4}}); // float32 [2, 2], copied
 * t.toString();                                                  // [[1.0, 2.0], [3.0, 4.0]]
 * float[][] back = (float[][]) t.toNestedArray();
 * }</pre>
 */
public final class Tensor {
  private final DType dtype;
  private final int[] shape;
  private final Object data;
  private final int size;

  private Tensor(DType dtype, int[] shape, Object data, int size) {
    this.dtype = dtype;
    this.shape = shape;
    this.data = data;
    this.size = size;
  }

  /**
   * Wraps {@code data} without copying it: the tensor takes ownership, and the caller must never
   * write the array again (the tensor, every value computed from it and every graph holding it
   * as a constant would see the change). Kernels use this for arrays they have just filled; a
   * caller feeding large arrays may use it to save the copy {@link #of} makes.
   */
  public static Tensor wrap(DType dtype, int[] shape, Object data) {
    checkNotNull(dtype, "dtype");
    checkNotNull(data, "data");
    // the messages are built only on failure: every kernel result passes here (the session-overhead benchmark, W6)
    Object stored = dtype.arrayClass().isInstance(data) ? data : dtype.layout().seal(data);
    int[] dims = shape.clone();
    long count = Sizes.elementCount(dims);
    int length = dtype.layout().length(stored);
    if (count != length) {
      throw new IllegalArgumentException(String.format("shape %s holds %s elements but the array has %s",
          Arrays.toString(dims), count, length));
    }
    return new Tensor(dtype, dims, stored, length);
  }

  /**
   * A copy of {@code data} (any primitive array of the dtype's storage) as a tensor of the given
   * shape. A string tensor takes Java text ({@code String[]}, each element stored as its UTF-8
   * bytes, as {@link #ofStrings}), raw bytes ({@code byte[][]}, as {@link #ofByteStrings}) or a
   * {@link StringColumn}; a null element and a lone surrogate are refused, naming the element.
   */
  public static Tensor of(DType dtype, Object data, int... shape) {
    checkNotNull(data, "data");
    if (dtype.kind() == DType.Kind.STRING) {
      StringColumn column = data instanceof String[] text ? StringColumn.ofText(text)
          : data instanceof byte[][] bytes ? StringColumn.ofBytes(bytes)
          : data instanceof StringColumn c ? c
          : null;
      checkArgument(column != null, "a string tensor takes a String[] (text), a byte[][] or a StringColumn, got %s",
          data.getClass().getSimpleName());
      return wrap(dtype, shape, column);
    }
    int length = Array.getLength(data);
    Object copy = Array.newInstance(data.getClass().getComponentType(), length);
    System.arraycopy(data, 0, copy, 0, length);
    if (dtype.isComplex()) {
      Object[] elements = (Object[]) copy;
      for (int i = 0; i < elements.length; i++) {
        checkArgument(elements[i] != null, "element %s of a %s tensor is null", i, dtype);
      }
    }
    return wrap(dtype, shape, copy);
  }

  public static Tensor ofBools(boolean... values) {
    checkNotNull(values, "values");
    return of(DType.BOOL, values, values.length);
  }

  public static Tensor ofBytes(byte... values) {
    checkNotNull(values, "values");
    return of(DType.INT8, values, values.length);
  }

  public static Tensor ofShorts(short... values) {
    checkNotNull(values, "values");
    return of(DType.INT16, values, values.length);
  }

  public static Tensor ofInts(int... values) {
    checkNotNull(values, "values");
    return of(DType.INT32, values, values.length);
  }

  public static Tensor ofLongs(long... values) {
    checkNotNull(values, "values");
    return of(DType.INT64, values, values.length);
  }

  public static Tensor ofFloats(float... values) {
    checkNotNull(values, "values");
    return of(DType.FLOAT32, values, values.length);
  }

  public static Tensor ofDoubles(double... values) {
    checkNotNull(values, "values");
    return of(DType.FLOAT64, values, values.length);
  }

  /**
   * A uint8 vector of {@code values}, each from 0 to 255 (any other value is refused, never
   * wrapped). Raw bytes go in as they are with {@code Tensor.of(DType.UINT8, bytes, n)}.
   */
  public static Tensor ofUint8(int... values) {
    checkNotNull(values, "values");
    return ofUnsigned(DType.UINT8, java.util.Arrays.stream(values).asLongStream().toArray());
  }

  /** A float16 vector of {@code values}, each rounded to the nearest float16 (ties to even). */
  public static Tensor ofFloat16(float... values) {
    checkNotNull(values, "values");
    short[] bits = new short[values.length];
    for (int i = 0; i < bits.length; i++) {
      bits[i] = HalfFloats.floatToFloat16(values[i]);
    }
    return wrap(DType.FLOAT16, new int[] {values.length}, bits);
  }

  /** A bfloat16 vector of {@code values}, each rounded to the nearest bfloat16 (ties to even). */
  public static Tensor ofBfloat16(float... values) {
    checkNotNull(values, "values");
    short[] bits = new short[values.length];
    for (int i = 0; i < bits.length; i++) {
      bits[i] = HalfFloats.floatToBfloat16(values[i]);
    }
    return wrap(DType.BFLOAT16, new int[] {values.length}, bits);
  }

  /** A uint16 vector of {@code values}, each from 0 to 65535. */
  public static Tensor ofUint16(int... values) {
    checkNotNull(values, "values");
    return ofUnsigned(DType.UINT16, java.util.Arrays.stream(values).asLongStream().toArray());
  }

  /** A uint32 vector of {@code values}, each from 0 to 2^32 - 1. */
  public static Tensor ofUint32(long... values) {
    checkNotNull(values, "values");
    return ofUnsigned(DType.UINT32, values);
  }

  /**
   * A uint64 vector of raw bits: a negative long is a value of 2^63 or more ({@code -1L} is
   * 2^64 - 1), as {@link Long#parseUnsignedLong} gives it.
   */
  public static Tensor ofUint64(long... rawBits) {
    checkNotNull(rawBits, "rawBits");
    return of(DType.UINT64, rawBits, rawBits.length);
  }

  private static Tensor ofUnsigned(DType dtype, long[] values) {
    Object array = dtype.layout().newArray(values.length);
    for (int i = 0; i < values.length; i++) {
      checkArgument(values[i] >= 0 && values[i] <= dtype.maxInteger(),
          "%s does not fit %s [0, %s]", values[i], dtype, dtype.maxInteger());
      Scalars.store(dtype, array, i, values[i]);
    }
    return wrap(dtype, new int[] {values.length}, array);
  }

  /**
   * A complex64 vector from interleaved parts, {@code re0, im0, re1, im1, ...} (the layout of
   * NumPy's and TF's complex buffers): {@code ofComplex64(1, 2, 0, -1)} is {@code [(1+2j), -1j]}.
   */
  public static Tensor ofComplex64(float... interleaved) {
    checkNotNull(interleaved, "interleaved");
    checkArgument(interleaved.length % 2 == 0, "complex parts come in (re, im) pairs, got %s floats", interleaved.length);
    Complex64[] elements = new Complex64[interleaved.length / 2];
    for (int i = 0; i < elements.length; i++) {
      elements[i] = new Complex64(interleaved[2 * i], interleaved[2 * i + 1]);
    }
    return wrap(DType.COMPLEX64, new int[] {elements.length}, elements);
  }

  /** A complex128 vector from interleaved parts, {@code re0, im0, re1, im1, ...}. */
  public static Tensor ofComplex128(double... interleaved) {
    checkNotNull(interleaved, "interleaved");
    checkArgument(interleaved.length % 2 == 0, "complex parts come in (re, im) pairs, got %s doubles", interleaved.length);
    Complex128[] elements = new Complex128[interleaved.length / 2];
    for (int i = 0; i < elements.length; i++) {
      elements[i] = new Complex128(interleaved[2 * i], interleaved[2 * i + 1]);
    }
    return wrap(DType.COMPLEX128, new int[] {elements.length}, elements);
  }

  /** The real part of element {@code i} of a complex tensor (as a double; exact for complex64's floats). */
  public double real(int i) {
    Object e = complexElement(i, "real");
    return e instanceof Complex64 c ? c.re() : ((Complex128) e).re();
  }

  /** The imaginary part of element {@code i} of a complex tensor. */
  public double imag(int i) {
    Object e = complexElement(i, "imag");
    return e instanceof Complex64 c ? c.im() : ((Complex128) e).im();
  }

  /** The parts of a complex tensor, interleaved {@code re0, im0, re1, ...} (a copy; complex64's parts widen exactly). */
  public double[] toInterleavedArray() {
    double[] out = new double[2 * size()];
    for (int i = 0; i < size(); i++) {
      out[2 * i] = real(i);
      out[2 * i + 1] = imag(i);
    }
    return out;
  }

  private Object complexElement(int i, String method) {
    if (!dtype.isComplex()) {
      throw new IllegalArgumentException(method + " needs a complex tensor, got " + dtype);
    }
    return ((Object[]) data)[i];
  }

  /**
   * A string vector of Java text, each element stored as its UTF-8 bytes ({@code tf.constant(["é"])}
   * is {@code [b'\xc3\xa9']}).
   *
   * @throws IllegalArgumentException for a null element or a lone surrogate, naming the element
   */
  public static Tensor ofStrings(String... values) {
    checkNotNull(values, "values");
    return wrap(DType.STRING, new int[] {values.length}, StringColumn.ofText(values));
  }

  /** A string vector of raw byte strings, each element exactly the given bytes (copied). */
  public static Tensor ofByteStrings(byte[]... values) {
    checkNotNull(values, "values");
    return wrap(DType.STRING, new int[] {values.length}, StringColumn.ofBytes(values));
  }

  /**
   * A string tensor of {@code shape} holding {@code column}'s elements (shared: a column is
   * immutable). Build one from Arrow-style buffers with {@link StringColumn#fromOffsets}.
   */
  public static Tensor ofStrings(StringColumn column, int... shape) {
    checkNotNull(column, "column");
    return wrap(DType.STRING, shape, column);
  }

  /**
   * A tensor of nested Java data, copied: {@code new long[][] {{1, 2}, {3, 4}}} is an int64
   * matrix, {@code List.of(List.of(1.5f, 2f))} a float32 one. The dtype comes from the Java
   * element type ({@code long}/{@code Long}: int64, {@code float}: float32, ... as TF takes a
   * NumPy array's; no elements: float32); rows must all have one length.
   *
   * @param data nested arrays or {@code List}s of numbers, booleans or strings (or one scalar)
   * @return a new tensor of {@code data}'s shape
   * @throws IllegalArgumentException naming the element or row where the data is ragged, null,
   *     nested unevenly or of mixed kinds
   */
  public static Tensor fromNested(Object data) {
    return NestedArrays.tensor(data, null);
  }

  /**
   * A tensor of nested Java data as {@code dtype}, copied; an integer that does not fit the dtype
   * is refused, not wrapped.
   *
   * @param data nested arrays or {@code List}s of numbers, booleans or strings
   * @param dtype the element dtype
   * @return a new tensor of {@code data}'s shape
   */
  public static Tensor fromNested(Object data, DType dtype) {
    checkNotNull(dtype, "dtype");
    return NestedArrays.tensor(data, dtype);
  }

  /** A 0-d tensor holding {@code value} converted to {@code dtype} as TF converts constants. */
  public static Tensor scalar(DType dtype, Object value) {
    checkNotNull(dtype, "dtype");
    Object array = dtype.layout().newArray(1);
    Scalars.store(dtype, array, 0, value);
    return wrap(dtype, new int[0], array);
  }

  /** This tensor with a new shape of the same element count; shares the data. */
  public Tensor reshape(int... newShape) {
    return wrap(dtype, newShape, data);
  }

  public DType dtype() {
    return dtype;
  }

  public int[] shape() {
    return shape.clone();
  }

  public int dim(int axis) {
    return shape[axis];
  }

  public int rank() {
    return shape.length;
  }

  public int size() {
    return size;
  }

  /**
   * A copy of the elements, row-major, as an array of {@link DType#arrayClass()} (a string
   * tensor's {@link StringColumn} itself: it is immutable).
   */
  public Object data() {
    if (data instanceof StringColumn) {
      return data;
    }
    int length = size;
    Object copy = Array.newInstance(data.getClass().getComponentType(), length);
    System.arraycopy(data, 0, copy, 0, length);
    return copy;
  }

  /**
   * The backing array itself, without a copy, for kernels and generated code that only read it.
   * Writing to it would change this tensor and every value sharing its array: never do.
   */
  public Object unsafeData() {
    return data;
  }

  /**
   * Element {@code i} of the flat data as a long (integer and bool dtypes; an unsigned element
   * widened to its value, a uint64 one above {@code Long.MAX_VALUE} refused: read it with
   * {@link #get} as raw bits).
   */
  public long getLong(int i) {
    return Scalars.loadLong(dtype, data, i);
  }

  /** Element {@code i} of the flat data as a double (numeric dtypes). */
  public double getDouble(int i) {
    return Scalars.loadDouble(dtype, data, i);
  }

  /**
   * Element {@code i} of the flat data, boxed (Boolean, Byte, ..., String); a float16 or bfloat16
   * element is its value as a Float (the bits are in {@link #data()}, a short[]). An unsigned element
   * is widened to its value: an Integer for uint8 and uint16, a Long for uint32; a uint64 element
   * is a Long holding its raw bits (read it with {@link Long#toUnsignedString(long)} or
   * {@link Long#compareUnsigned}), as TF Java's unsigned tensors hold them. A string element is
   * its text, as {@link #getText} decodes it.
   */
  public Object get(int i) {
    if (data instanceof StringColumn c) {
      return c.text(i);
    }
    return dtype.isUnsigned() || dtype.isFloating() ? dtype.layout().get(data, i) : Array.get(data, i);
  }

  /**
   * Element {@code i} of a string tensor decoded as UTF-8: valid UTF-8 gives its text exactly; each
   * maximal ill-formed subpart of invalid UTF-8 becomes one U+FFFD (see {@link StringColumn#text}).
   * {@link #getBytes} gives the bytes as they are.
   */
  public String getText(int i) {
    return strings("getText").text(i);
  }

  /** Element {@code i} of a string tensor: its bytes (a new array). */
  public byte[] getBytes(int i) {
    return strings("getBytes").bytes(i);
  }

  /** A string tensor's elements: offsets into one byte buffer (immutable, shared). */
  public StringColumn stringColumn() {
    return strings("stringColumn");
  }

  private StringColumn strings(String method) {
    if (!(data instanceof StringColumn c)) {
      throw new IllegalArgumentException(method + " needs a string tensor, got " + dtype);
    }
    return c;
  }

  /** Flat element {@code i} as TF prints it inside a list ({@code 1.5}, {@code True}, {@code b'caf\xc3\xa9'}). */
  public String formatElement(int i) {
    return dtype.layout().format(data, i);
  }

  /**
   * Flat element {@code i} as an error message quotes it: {@link #formatElement}, except that a
   * string's bytes are cut after {@value ByteStrings#MAX_QUOTED_BYTES}, as {@link
   * ByteStrings#quoted(byte[], int, int)} cuts any user value, so a long key gives a short message.
   */
  public String quotedElement(int i) {
    return data instanceof StringColumn c ? c.quoted(i) : formatElement(i);
  }

  /**
   * The values as a fresh nested Java array of the dtype's element type: {@code long[][]} for an
   * int64 matrix, {@code float[]} for a float32 vector, a one-element array for a scalar.
   *
   * @return a new array; writing it leaves this tensor unchanged
   */
  public Object toNestedArray() {
    return NestedArrays.toNestedArray(this);
  }

  /**
   * The flat values (row-major) as longs: a copy, for integer and bool dtypes.
   *
   * @return a new array of {@link #size()} elements
   * @throws IllegalArgumentException for a float or string tensor
   */
  public long[] toLongArray() {
    if (!dtype.isInteger() && dtype != DType.BOOL) {
      throw new IllegalArgumentException("toLongArray needs an integer or bool tensor, got " + dtype);
    }
    long[] out = new long[size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = getLong(i);
    }
    return out;
  }

  /**
   * The flat values (row-major) as doubles: a copy, for numeric dtypes (int64 beyond 2^53 rounds).
   *
   * @return a new array of {@link #size()} elements
   * @throws IllegalArgumentException for a bool or string tensor
   */
  public double[] toDoubleArray() {
    if (!dtype.isNumeric()) {
      throw new IllegalArgumentException("toDoubleArray needs a numeric tensor, got " + dtype);
    }
    double[] out = new double[size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = getDouble(i);
    }
    return out;
  }

  /**
   * The flat values of a tensor whose elements are Java {@code int}s (int32), copied.
   *
   * @return a new array of {@link #size()} elements
   * @throws IllegalArgumentException for another dtype
   */
  public int[] toIntArray() {
    return (int[]) flatCopy(int[].class, "toIntArray");
  }

  /**
   * The flat values of a float32 tensor, copied.
   *
   * @return a new array of {@link #size()} elements
   * @throws IllegalArgumentException for another dtype
   */
  public float[] toFloatArray() {
    return (float[]) flatCopy(float[].class, "toFloatArray");
  }

  /**
   * The flat values of a bool tensor, copied.
   *
   * @return a new array of {@link #size()} elements
   * @throws IllegalArgumentException for another dtype
   */
  public boolean[] toBooleanArray() {
    return (boolean[]) flatCopy(boolean[].class, "toBooleanArray");
  }

  /**
   * The flat values of a string tensor as text, each decoded as {@link #getText} decodes it.
   *
   * @return a new array of {@link #size()} elements
   * @throws IllegalArgumentException for another dtype
   */
  public String[] toStringArray() {
    StringColumn c = strings("toStringArray");
    String[] out = new String[size];
    for (int i = 0; i < out.length; i++) {
      out[i] = c.text(i);
    }
    return out;
  }

  /**
   * The flat values of a string tensor as their bytes, copied.
   *
   * @return a new array of {@link #size()} byte arrays
   * @throws IllegalArgumentException for another dtype
   */
  public byte[][] toByteArrays() {
    StringColumn c = strings("toByteArrays");
    byte[][] out = new byte[size][];
    for (int i = 0; i < out.length; i++) {
      out[i] = c.bytes(i);
    }
    return out;
  }

  private Object flatCopy(Class<?> arrayClass, String method) {
    if (dtype.arrayClass() != arrayClass || (arrayClass == int[].class && dtype != DType.INT32)) {
      throw new IllegalArgumentException(method + " needs a tensor stored as " + arrayClass.getSimpleName()
          + ", got " + dtype + (dtype.isNumeric() ? " (toLongArray and toDoubleArray convert)" : ""));
    }
    Object out = Array.newInstance(arrayClass.getComponentType(), size);
    System.arraycopy(data, 0, out, 0, size);
    return out;
  }

  /** The values as nested Java lists (a boxed scalar for rank 0), like TF's {@code tolist}. */
  public Object toList() {
    if (shape.length == 0) {
      return get(0);
    }
    return toList(0, 0);
  }

  private List<Object> toList(int axis, int offset) {
    int stride = 1;
    for (int a = axis + 1; a < shape.length; a++) {
      stride *= shape[a];
    }
    List<Object> out = new ArrayList<>(shape[axis]);
    for (int i = 0; i < shape[axis]; i++) {
      if (axis == shape.length - 1) {
        out.add(get(offset + i));
      } else {
        out.add(toList(axis + 1, offset + i * stride));
      }
    }
    return out;
  }

  @Override
  public boolean equals(Object o) {
    if (!(o instanceof Tensor)) {
      return false;
    }
    Tensor that = (Tensor) o;
    return dtype == that.dtype
        && Arrays.equals(shape, that.shape)
        && (dtype.isFloating() && data instanceof short[] ? Arrays.equals(canonicalHalves(), that.canonicalHalves())
            : Objects.deepEquals(data, that.data));
  }

  /**
   * A 16-bit float tensor's bits with every NaN made one NaN, so that equality compares bits
   * (-0.0 is not 0.0) but not NaN payloads, as {@link Arrays#equals(float[], float[])} does.
   */
  private short[] canonicalHalves() {
    short[] bits = ((short[]) data).clone();
    for (int i = 0; i < bits.length; i++) {
      if (Float.isNaN((Float) get(i))) {
        bits[i] = (short) 0x7FFF;
      }
    }
    return bits;
  }

  @Override
  public int hashCode() {
    Object hashed = dtype.isFloating() && data instanceof short[] ? canonicalHalves() : data;
    return 31 * (31 * dtype.hashCode() + Arrays.hashCode(shape)) + Scalars.hashArray(hashed);
  }

  /**
   * The values as TF prints a list of them: {@code [[1, 2], [3, 4]]}; past
   * {@link TensorPrinter#THRESHOLD} elements summarised as NumPy does ({@code [0, 1, 2, ..., 997, 998, 999]}).
   * {@link TensorPrinter#repr} adds the shape and dtype.
   */
  @Override
  public String toString() {
    return TensorPrinter.toString(this);
  }
}
