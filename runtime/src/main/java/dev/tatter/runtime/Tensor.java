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
 * DType#arrayClass()}). Tensors are immutable: the factories copy their input, kernels never
 * write an array after returning it, and {@link #data()} hands out the backing array only for
 * reading.
 */
public final class Tensor {
  private final DType dtype;
  private final int[] shape;
  private final Object data;

  private Tensor(DType dtype, int[] shape, Object data) {
    this.dtype = dtype;
    this.shape = shape;
    this.data = data;
  }

  /**
   * Wraps {@code data} without copying it. The caller gives up the array: it must never be
   * written again. Kernels use this for arrays they have just filled.
   */
  public static Tensor wrap(DType dtype, int[] shape, Object data) {
    checkNotNull(dtype, "dtype");
    checkNotNull(data, "data");
    checkArgument(
        dtype.arrayClass().isInstance(data),
        "a %s tensor needs a %s, got %s",
        dtype,
        dtype.arrayClass().getSimpleName(),
        data.getClass().getSimpleName());
    int[] dims = shape.clone();
    long count = Sizes.elementCount(dims);
    int length = Array.getLength(data);
    checkArgument(
        count == length,
        "shape %s holds %s elements but the array has %s",
        Arrays.toString(dims),
        count,
        length);
    return new Tensor(dtype, dims, data);
  }

  /**
   * A copy of {@code data} (any primitive or String array) as a tensor of the given shape; the
   * elements of a String array are byte strings (see {@link ByteStrings}; {@link #ofStrings}
   * takes Java text).
   */
  public static Tensor of(DType dtype, Object data, int... shape) {
    checkNotNull(data, "data");
    int length = Array.getLength(data);
    Object copy = Array.newInstance(data.getClass().getComponentType(), length);
    System.arraycopy(data, 0, copy, 0, length);
    if (copy instanceof String[] strings) {
      for (int i = 0; i < strings.length; i++) {
        checkArgument(strings[i] == null || ByteStrings.isByteString(strings[i]),
            "element %s of a string tensor is Java text, not a byte string (use Tensor.ofStrings, which encodes UTF-8)", i);
      }
    }
    return wrap(dtype, shape, copy);
  }

  public static Tensor ofBools(boolean... values) {
    return of(DType.BOOL, values, values.length);
  }

  public static Tensor ofBytes(byte... values) {
    return of(DType.INT8, values, values.length);
  }

  public static Tensor ofShorts(short... values) {
    return of(DType.INT16, values, values.length);
  }

  public static Tensor ofInts(int... values) {
    return of(DType.INT32, values, values.length);
  }

  public static Tensor ofLongs(long... values) {
    return of(DType.INT64, values, values.length);
  }

  public static Tensor ofFloats(float... values) {
    return of(DType.FLOAT32, values, values.length);
  }

  public static Tensor ofDoubles(double... values) {
    return of(DType.FLOAT64, values, values.length);
  }

  /** A string vector of Java text, each element stored as its UTF-8 bytes ({@code tf.constant(["é"])}). */
  public static Tensor ofStrings(String... values) {
    String[] bytes = new String[values.length];
    for (int i = 0; i < values.length; i++) {
      bytes[i] = ByteStrings.fromText(values[i]);
    }
    return of(DType.STRING, bytes, values.length);
  }

  /** A string vector of raw byte strings, each element exactly the given bytes. */
  public static Tensor ofByteStrings(byte[]... values) {
    String[] bytes = new String[values.length];
    for (int i = 0; i < values.length; i++) {
      bytes[i] = ByteStrings.of(values[i]);
    }
    return of(DType.STRING, bytes, values.length);
  }

  /** A 0-d tensor holding {@code value} converted to {@code dtype} as TF converts constants. */
  public static Tensor scalar(DType dtype, Object value) {
    Object array = Array.newInstance(dtype.arrayClass().getComponentType(), 1);
    Scalars.store(dtype, array, 0, value);
    return new Tensor(dtype, new int[0], array);
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
    return Array.getLength(data);
  }

  /** The backing array, for reading only. */
  public Object data() {
    return data;
  }

  /** Element {@code i} of the flat data as a long (integer and bool dtypes). */
  public long getLong(int i) {
    return Scalars.loadLong(dtype, data, i);
  }

  /** Element {@code i} of the flat data as a double (numeric dtypes). */
  public double getDouble(int i) {
    return Scalars.loadDouble(dtype, data, i);
  }

  /** Element {@code i} of the flat data, boxed (Boolean, Byte, ..., String). */
  public Object get(int i) {
    return Array.get(data, i);
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
        && Objects.deepEquals(data, that.data);
  }

  @Override
  public int hashCode() {
    return 31 * (31 * dtype.hashCode() + Arrays.hashCode(shape)) + Scalars.hashArray(data);
  }

  /** The values as TF prints a list of them: {@code [[1, 2], [3, 4]]}. */
  @Override
  public String toString() {
    return ValueFormat.formatList(toList(), dtype);
  }
}
