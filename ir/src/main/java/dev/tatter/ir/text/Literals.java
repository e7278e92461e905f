package dev.tatter.ir.text;

import com.google.common.collect.ImmutableList;
import dev.tatter.ir.TypeException;
import dev.tatter.ir.types.DenseType;
import dev.tatter.ir.types.Dims;
import dev.tatter.ir.types.PartitionType;
import dev.tatter.ir.types.RaggedType;
import dev.tatter.ir.types.SparseType;
import dev.tatter.ir.types.Type;
import dev.tatter.runtime.ByteStrings;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.Scalars;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.RowPartition;
import dev.tatter.runtime.SparseTensor;
import dev.tatter.runtime.Tensor;
import java.lang.reflect.Array;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Turns nested lists of scalars into values of a given type: a dense {@link Tensor}, a {@link
 * RaggedTensor} (rows as lists of varying length), a {@link RowPartition} (its row splits) or a
 * {@link SparseTensor} (a {@link Struct} of its three parts, as it prints).
 * Scalars are Long, Double, {@link Decimal} (a float as written, so that float32 is read from
 * the digits and never rounded twice), Boolean and String.
 *
 * <p>Strict: the nesting must match the shape exactly and an integer that does not fit an
 * integer dtype is an error, never a silent truncation. Numbers convert to a floating dtype as
 * {@code tf.constant} converts Python numbers ({@link #toFloat}).
 */
public final class Literals {
  private Literals() {}

  /**
   * The float and complex dtypes {@code tf.constant} converts a Python number to directly
   * (py_seq_tensor.cc's {@code ConvertOneFloat}/{@code ConvertOneComplex}); any other one — bfloat16,
   * complex64 — is built as float64 or complex128 and cast ({@link #toFloat}'s {@code cast}).
   */
  private static final Set<DType> DIRECT_CONVERTERS = java.util.EnumSet.of(DType.FLOAT16, DType.FLOAT32, DType.FLOAT64,
      DType.COMPLEX128);

  /** A floating-point literal exactly as written ({@code 0.1}, {@code -0.0}, {@code 1e-45}). */
  public record Decimal(String text) {
    /**
     * The value as {@code dtype} (a real floating dtype), converted as {@code tf.constant}
     * converts a Python float to it; see {@link Literals#toFloat}.
     */
    public double value(DType dtype) {
      return toFloat(this, dtype, !DIRECT_CONVERTERS.contains(dtype));
    }
  }

  /**
   * A value with named parts, written {@code Name(part=literal, ...)} as TF prints a {@code
   * SparseTensor}; the parts keep the order they were written in.
   */
  public record Struct(String name, Map<String, Object> parts) {
    public Struct {
      parts = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(parts));
    }
  }

  /** A dense tensor of a fully known type. */
  public static Tensor toTensor(DenseType type, Object nested) {
    int[] shape = new int[type.rank()];
    for (int i = 0; i < shape.length; i++) {
      long d = type.dim(i);
      if (!Dims.isKnown(d) || d > Integer.MAX_VALUE) {
        throw new TypeException("a constant's shape must be fully known, got " + type);
      }
      shape[i] = (int) d;
    }
    List<Object> flat = new ArrayList<>();
    flatten(nested, 0, shape, flat, "");
    Object array = type.dtype().layout().newArray(flat.size());
    for (int i = 0; i < flat.size(); i++) {
      store(type.dtype(), array, i, flat.get(i));
    }
    try {
      return Tensor.wrap(type.dtype(), shape, array);
    } catch (InvalidArgumentException e) {
      throw new TypeException(e.getMessage());
    }
  }

  /**
   * A value of {@code type} (dense, ragged or partition) from nested lists; unknown sizes are
   * read from the data, known ones are checked against it.
   */
  public static Object toValue(Type type, Object nested) {
    try {
      if (type instanceof DenseType dense) {
        return toTensor(withShapeOf(dense, nested, ""), nested);
      }
      if (type instanceof RaggedType ragged) {
        return toRagged(ragged, nested);
      }
      if (type instanceof SparseType sparse) {
        return toSparse(sparse, nested);
      }
      PartitionType p = (PartitionType) type;
      Tensor splits = toValueTensor(DenseType.of(p.splitsDType(), Dims.UNKNOWN), nested, " (row splits)");
      long[] s = new long[splits.size()];
      for (int i = 0; i < s.length; i++) {
        s[i] = splits.getLong(i);
      }
      return RowPartition.adoptingRowSplits(s, p.splitsDType());
    } catch (InvalidArgumentException e) {
      throw new TypeException(e.getMessage());
    }
  }

  private static final Set<String> SPARSE_PARTS = Set.of("indices", "values", "dense_shape");

  /**
   * A sparse value from {@code SparseTensor(indices=..., values=..., dense_shape=...)}: the parts
   * must fit together as {@link SparseTensor#of} checks, and the dense shape the type's known dims.
   */
  private static SparseTensor toSparse(SparseType type, Object nested) {
    if (!(nested instanceof Struct s) || !s.name().equals("SparseTensor") || !s.parts().keySet().equals(SPARSE_PARTS)) {
      throw new TypeException("a value of type " + type + " is written SparseTensor(indices=[[...], ...], values=[...], "
          + "dense_shape=[...]), got " + describe(nested));
    }
    int rank = type.rank();
    Object indexRows = s.parts().get("indices");
    // no stored values: [] stands for the [0, ndims] matrix (TF prints it so too)
    Tensor indices = indexRows instanceof List<?> l && l.isEmpty()
        ? Tensor.wrap(DType.INT64, new int[] {0, rank}, new long[0])
        : toValueTensor(DenseType.of(DType.INT64, Dims.UNKNOWN, rank), indexRows, " (indices)");
    Tensor values = toValueTensor(DenseType.of(type.dtype(), Dims.UNKNOWN), s.parts().get("values"), " (values)");
    Tensor denseShape = toValueTensor(DenseType.of(DType.INT64, rank), s.parts().get("dense_shape"), " (dense_shape)");
    SparseTensor st = SparseTensor.of(indices, values, denseShape);
    long[] shape = st.denseShapeArray();
    for (int d = 0; d < rank; d++) {
      if (Dims.isKnown(type.dim(d)) && type.dim(d) != shape[d]) {
        throw new TypeException("literal (dense_shape) is " + Arrays.toString(shape) + " where the type " + type
            + " wants " + type.shape().stream().map(Dims::format).toList());
      }
    }
    return st;
  }

  private static Tensor toValueTensor(DenseType type, Object nested, String what) {
    return toTensor(withShapeOf(type, nested, what), nested);
  }

  /**
   * A ragged value of {@code type} from nested lists (a ragged constant or a feed): partitions
   * follow the type (uniform where it says so), unknown sizes are read from the data and known
   * ones checked; scalars convert strictly.
   */
  public static RaggedTensor toRagged(RaggedType type, Object nested) {
    List<Object> rows = asList(nested, "", "the outer dimension");
    if (Dims.isKnown(type.nrows()) && rows.size() != type.nrows()) {
      throw new TypeException("literal has " + rows.size() + " rows where the type " + type + " wants " + type.nrows());
    }
    List<RowPartition> partitions = new ArrayList<>();
    String path = "";
    for (int level = 0; level < type.raggedRank(); level++) {
      PartitionType pt = type.partitions().get(level);
      long[] splits = new long[rows.size() + 1];
      List<Object> next = new ArrayList<>();
      long uniformLength = pt.uniformRowLength();
      for (int r = 0; r < rows.size(); r++) {
        List<Object> row = asList(rows.get(r), path + "[" + r + "]", "ragged dimension " + (level + 1));
        if (pt.uniform()) {
          if (!Dims.isKnown(uniformLength)) {
            uniformLength = row.size(); // the first row fixes an unknown uniform length
          }
          if (row.size() != uniformLength) {
            throw new TypeException("literal" + path + "[" + r + "] has " + row.size()
                + " elements but dimension " + (level + 1) + " is uniform with length " + uniformLength);
          }
        }
        next.addAll(row);
        splits[r + 1] = splits[r] + row.size();
      }
      partitions.add(pt.uniform()
          ? RowPartition.uniform(Math.max(0, uniformLength), rows.size(), pt.splitsDType())
          : RowPartition.adoptingRowSplits(splits, pt.splitsDType()));
      rows = next;
      path += "[*]";
    }
    Tensor flat = toValueTensor(type.flatValuesType(), rows, path);
    return RaggedTensor.ofNested(flat, partitions);
  }

  /** {@code type} with its unknown sizes read from {@code nested}; known sizes must agree. */
  private static DenseType withShapeOf(DenseType type, Object nested, String what) {
    List<Long> shape = new ArrayList<>();
    Object level = nested;
    for (int axis = 0; axis < type.rank(); axis++) {
      long size;
      if (level instanceof List<?> list) {
        size = list.size();
        level = list.isEmpty() ? null : list.get(0);
      } else {
        size = Dims.UNKNOWN;
      }
      long declared = type.dim(axis);
      if (Dims.isKnown(declared) && size != declared) {
        throw new TypeException("literal" + what + " has " + (size < 0 ? "no list" : size + " elements")
            + " at dimension " + axis + " where the type " + type + " wants " + declared);
      }
      shape.add(size < 0 ? (Dims.isKnown(declared) ? declared : 0) : size);
    }
    return new DenseType(type.dtype(), ImmutableList.copyOf(shape));
  }

  @SuppressWarnings("unchecked")
  private static List<Object> asList(Object nested, String path, String what) {
    if (!(nested instanceof List<?>)) {
      throw new TypeException("literal" + path + " is a scalar where " + what + " wants a list");
    }
    return (List<Object>) nested;
  }

  private static void flatten(Object nested, int axis, int[] shape, List<Object> out, String path) {
    if (axis == shape.length) {
      if (nested instanceof List) {
        throw new TypeException("literal" + path + " is a list where the shape " + Arrays.toString(shape) + " wants a scalar");
      }
      out.add(nested);
      return;
    }
    if (!(nested instanceof List<?> list)) {
      throw new TypeException("literal" + path + " is a scalar where the shape " + Arrays.toString(shape) + " wants a list");
    }
    if (list.size() != shape[axis]) {
      throw new TypeException("literal" + path + " has " + list.size() + " elements where the shape "
          + Arrays.toString(shape) + " wants " + shape[axis]);
    }
    for (int i = 0; i < list.size(); i++) {
      flatten(list.get(i), axis + 1, shape, out, path + "[" + i + "]");
    }
  }

  /** A literal as the element of {@code dtype}: integers must fit its range, floats any number. */
  private static void store(DType dtype, Object array, int i, Object v) {
    Object element = switch (dtype.kind()) {
      case BOOL -> expect(Boolean.class, v, dtype);
      case INTEGER -> fit(v, dtype, dtype.minInteger(), dtype.maxInteger());
      case UNSIGNED -> fitUnsigned(v, dtype);
      case FLOATING -> number(v, dtype);
      case COMPLEX -> complex(v, dtype);
      case STRING -> expect(String.class, v, dtype);
    };
    if (dtype.kind() == DType.Kind.STRING) {
      dtype.layout().set(array, i, ByteStrings.bytes((String) element)); // a byte string (TextSyntax.unquote): its bytes
    } else {
      Scalars.store(dtype, array, i, element);
    }
  }

  private static long fit(Object v, DType dtype, long min, long max) {
    if (v instanceof java.math.BigInteger) { // beyond int64, read for uint64's sake
      throw new TypeException("literal " + v + " does not fit " + dtype + " [" + min + ", " + max + "]");
    }
    long x = expect(Long.class, v, dtype);
    if (x < min || x > max) {
      throw new TypeException("literal " + x + " does not fit " + dtype + " [" + min + ", " + max + "]");
    }
    return x;
  }

  /**
   * An unsigned literal from 0 to the dtype's maximum; a uint64 above {@code Long.MAX_VALUE}
   * arrives as a {@link java.math.BigInteger} and is kept as its raw bits.
   */
  private static long fitUnsigned(Object v, DType dtype) {
    java.math.BigInteger max = new java.math.BigInteger(Long.toUnsignedString(dtype.maxInteger()));
    java.math.BigInteger x = v instanceof java.math.BigInteger b ? b
        : java.math.BigInteger.valueOf(expect(Long.class, v, dtype));
    if (x.signum() < 0 || x.compareTo(max) > 0) {
      throw new TypeException("literal " + x + " does not fit " + dtype + " [0, " + max + "]");
    }
    return x.longValue();
  }

  private static double number(Object v, DType dtype) {
    return toFloat(v, dtype, !DIRECT_CONVERTERS.contains(dtype));
  }

  /**
   * A number as the real floating {@code dtype}, as {@code tf.constant} converts a Python int or
   * float (tensorflow/python/lib/core/py_seq_tensor.cc); the result is a double that holds the
   * dtype's value exactly.
   *
   * <p>float16, float32, float64 have direct converters ({@code ConvertOneFloat}): an int goes
   * through {@code PyLong_AsDouble} and is then narrowed with no check, so {@code 65520} is inf
   * in float16; a float is refused when it is finite as a double and inf in the dtype ({@code
   * CheckForOverflow}), so {@code 65520.0} is refused. {@code cast} is true for the dtypes with
   * no direct converter (bfloat16, the parts of complex64): TF builds an int64 or float64 tensor
   * and casts it, which rounds an overflow to inf, and an int beyond int64 is refused there.
   *
   * <p>A decimal is read as Python reads a float, to the nearest double, and whether it overflows
   * is decided from that double, as TF decides it; a finite float32 alone is then read from the
   * digits (rounded once, where {@code float(text)} then float32 rounds twice; the two differ only
   * within half a float64 ulp of a float32 midpoint). A decimal no double holds is
   * refused, as {@code PyLong_AsDouble} refuses such an int: the literal names a finite number,
   * and an infinity is written {@code inf}. float16 and bfloat16 round through float32, as
   * Eigen's {@code half(double)} and {@code bfloat16(double)} do.
   */
  static double toFloat(Object v, DType dtype, boolean cast) {
    if (v instanceof Double d) { // nan, inf, -inf: no overflow to speak of
      return narrow(d, dtype);
    }
    if (v instanceof Long l) {
      // int64 -> float32 (a cast) converts directly; PyLong_AsDouble rounds to a double first
      return cast && dtype != DType.FLOAT64 ? narrow((float) (long) l, dtype) : narrow((double) l, dtype);
    }
    if (v instanceof java.math.BigInteger b) { // 2^63 .. 2^64 - 1, read for uint64's sake
      if (cast) {
        throw new TypeException("literal " + b + " does not fit int64, through which tf.constant converts an integer to "
            + dtype);
      }
      return narrow(b.doubleValue(), dtype); // correctly rounded, as PyLong_AsDouble
    }
    Decimal decimal = expect(Decimal.class, v, dtype);
    double d = Double.parseDouble(decimal.text());
    if (Double.isInfinite(d)) {
      throw new TypeException("literal " + decimal.text() + " is out of range for " + dtype
          + ": no float64 holds it (write inf or -inf for an infinity)");
    }
    double value = narrow(d, dtype);
    if (Double.isInfinite(value)) {
      if (!cast) {
        throw new TypeException("literal " + decimal.text() + " is out of range for " + dtype
            + ": finite as a float64, it rounds to inf, which tf.constant refuses (write inf or -inf for an infinity)");
      }
      return value;
    }
    // overflow as TF decides it (from the double), a finite float32 from the digits
    return dtype == DType.FLOAT32 ? Float.parseFloat(decimal.text()) : value;
  }

  /**
   * {@code d} rounded to {@code dtype}, as a double holding the result exactly: a dtype computed in
   * float through float32, then its layout (Eigen's {@code half(double)} rounds twice so).
   */
  private static double narrow(double d, DType dtype) {
    return switch (dtype) {
      case FLOAT64 -> d;
      case FLOAT32, FLOAT16, BFLOAT16 -> dtype.layout().roundTrip((float) d);
      case BOOL, INT8, INT16, INT32, INT64, STRING, UINT8, UINT16, UINT32, UINT64, COMPLEX64, COMPLEX128 ->
          throw new IllegalArgumentException("not a real floating dtype: " + dtype);
    };
  }

  /**
   * A complex literal, {@code complex(re=1.5, im=-2.0)} (each part a number, as a float literal of
   * the part dtype), or a real number, whose imaginary part is then +0.0.
   */
  private static Object complex(Object v, DType dtype) {
    double re;
    double im = 0;
    if (v instanceof Struct s) {
      if (!s.name().equals("complex") || !s.parts().keySet().equals(Set.of("re", "im"))) {
        throw new TypeException("literal " + describe(v) + " is not a valid " + dtype + " (write complex(re=1.0, im=2.0))");
      }
      re = complexPart(s.parts().get("re"), dtype);
      im = complexPart(s.parts().get("im"), dtype);
    } else {
      re = complexPart(v, dtype);
    }
    return dtype == DType.COMPLEX64 ? new dev.tatter.runtime.Complex64((float) re, (float) im)
        : new dev.tatter.runtime.Complex128(re, im);
  }

  /**
   * A part of a complex literal: complex128 converts directly (its parts as float64), complex64
   * by a cast from complex128 or float64, so an overflow of its parts rounds to inf.
   */
  private static double complexPart(Object v, DType dtype) {
    return toFloat(v, dtype.realDType(), !DIRECT_CONVERTERS.contains(dtype));
  }

  private static <T> T expect(Class<T> kind, Object v, DType dtype) {
    if (!kind.isInstance(v)) {
      throw new TypeException("literal " + describe(v) + " is not a valid " + dtype);
    }
    return kind.cast(v);
  }

  private static String describe(Object v) {
    if (v instanceof java.math.BigInteger b) {
      return b.toString();
    }
    if (v instanceof Decimal d) {
      return d.text();
    }
    if (v instanceof List<?>) {
      return "list";
    }
    if (v instanceof Struct s) {
      return s.name() + "(" + String.join(", ", s.parts().keySet()) + ")";
    }
    return v == null ? "null" : TextSyntax.formatScalar(v);
  }
}
