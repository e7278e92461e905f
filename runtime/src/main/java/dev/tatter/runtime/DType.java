package dev.tatter.runtime;

import com.google.common.collect.ImmutableMap;
import com.google.common.collect.Maps;
import java.util.Arrays;

/**
 * The element types of Tatter's tensors, named as TensorFlow names them ({@code int32},
 * {@code float32}, ...). Each constant is a row of data — its kind, the Java type one element is
 * stored as, the Java type it is computed in, its width — and {@link #layout()} derives from
 * that row how to read, write and narrow an element. Nothing else in Tatter switches over dtypes
 * to learn how they are stored: a new dtype is a new row here (with its storage conversions in
 * {@link ElementStorage}, if its storage is not a JVM primitive of its compute type) and the
 * scalar overloads for its compute type.
 */
public enum DType {
  BOOL("bool", Kind.BOOL, boolean.class, boolean.class, 1),
  INT8("int8", Kind.INTEGER, byte.class, int.class, 8),
  INT16("int16", Kind.INTEGER, short.class, int.class, 16),
  INT32("int32", Kind.INTEGER, int.class, int.class, 32),
  INT64("int64", Kind.INTEGER, long.class, long.class, 64),
  FLOAT32("float32", Kind.FLOATING, float.class, float.class, 32),
  FLOAT64("float64", Kind.FLOATING, double.class, double.class, 64),
  // Strings have no fixed width (0): a string tensor's elements are offsets into one byte buffer
  // (its layout's array is a StringColumn); an element, read alone, is its bytes.
  STRING("string", Kind.STRING, byte[].class, byte[].class, 0),
  // Unsigned integers keep their raw bits in the signed primitive of their width (as TF Java's
  // TUint8 does) and are computed zero-extended in a wider type, except uint64, computed on its
  // raw bits in a long: their scalar overloads are the "<name>Unsigned" ones (see ScalarFunction).
  UINT8("uint8", Kind.UNSIGNED, byte.class, int.class, 8),
  UINT16("uint16", Kind.UNSIGNED, short.class, int.class, 16),
  UINT32("uint32", Kind.UNSIGNED, int.class, long.class, 32),
  UINT64("uint64", Kind.UNSIGNED, long.class, long.class, 64),
  // 16-bit floats keep their bits in a short (as TF Java's TFloat16 and TBfloat16 do) and compute
  // in float, rounded to nearest even when stored: what Eigen's half and bfloat16 arithmetic does.
  FLOAT16("float16", Kind.FLOATING, short.class, float.class, 16),
  BFLOAT16("bfloat16", Kind.FLOATING, short.class, float.class, 16),
  // Complex numbers are one immutable (re, im) object per array slot, stored and computed as that
  // object: element-moving kernels treat them as they treat strings, and fused loops leave them out.
  COMPLEX64("complex64", Kind.COMPLEX, Complex64.class, Complex64.class, 64),
  COMPLEX128("complex128", Kind.COMPLEX, Complex128.class, Complex128.class, 128);

  /** What an element is, for type rules: TF's dtype predicates are questions about the kind. */
  public enum Kind {
    BOOL,
    /** Signed two's-complement integers. */
    INTEGER,
    /** Unsigned integers (TF's {@code is_unsigned}); {@link DType#isInteger()} includes them. */
    UNSIGNED,
    FLOATING,
    /** complex64 and complex128: a real and an imaginary float part. */
    COMPLEX,
    STRING
  }

  private static final ImmutableMap<String, DType> BY_NAME =
      Maps.uniqueIndex(Arrays.asList(values()), DType::tfName);

  private final String tfName;
  private final Kind kind;
  private final Class<?> storageType;
  private final Class<?> computeType;
  private final int bits;
  private final DTypeLayout layout;

  DType(String tfName, Kind kind, Class<?> storageType, Class<?> computeType, int bits) {
    this.tfName = tfName;
    this.kind = kind;
    this.storageType = storageType;
    this.computeType = computeType;
    this.bits = bits;
    this.layout = new DTypeLayout(this); // reads only the fields above
  }

  /** The name TensorFlow prints and the textual IR uses, e.g. {@code float32}. */
  public String tfName() {
    return tfName;
  }

  public Kind kind() {
    return kind;
  }

  /** The Java type one element is stored as ({@code byte} for int8). */
  public Class<?> storageType() {
    return storageType;
  }

  /**
   * The Java type scalar functions compute this dtype in: {@code int} for int8/int16/int32 (the
   * result is narrowed when stored, which wraps as the narrow arithmetic would), {@code long},
   * {@code float}, {@code double}, {@code boolean}, {@code byte[]} (a string element's bytes).
   */
  public Class<?> computeType() {
    return computeType;
  }

  /** The array class that holds this dtype's elements ({@link StringColumn} for strings). */
  public Class<?> arrayClass() {
    return layout().arrayClass();
  }

  /** How elements are read, written and narrowed (derived from this row). */
  public DTypeLayout layout() {
    return layout;
  }

  /** Width in bits of one element (0 for strings, whose elements have no fixed width). */
  public int bits() {
    return bits;
  }

  /** TF's {@code is_integer}: signed and unsigned integers. */
  public boolean isInteger() {
    return kind == Kind.INTEGER || kind == Kind.UNSIGNED;
  }

  /** TF's {@code is_unsigned}: the unsigned integers (TF also counts bool; Tatter does not). */
  public boolean isUnsigned() {
    return kind == Kind.UNSIGNED;
  }

  /** TF's {@code is_complex}: complex64 and complex128. */
  public boolean isComplex() {
    return kind == Kind.COMPLEX;
  }

  /**
   * The dtype of one part of a complex dtype (float32 for complex64, float64 for complex128), what
   * {@code real}, {@code imag}, {@code abs} and {@code angle} return (TF's {@code dtype.real_dtype});
   * a real dtype is its own.
   */
  public DType realDType() {
    return switch (this) {
      case COMPLEX64 -> FLOAT32;
      case COMPLEX128 -> FLOAT64;
      case BOOL, INT8, INT16, INT32, INT64, FLOAT32, FLOAT64, STRING, UINT8, UINT16, UINT32, UINT64, FLOAT16, BFLOAT16 ->
          this;
    };
  }

  /**
   * The complex dtype whose parts are this float dtype (complex64 for float32, complex128 for
   * float64: what TF's {@code Complex} op builds); empty for any other dtype.
   */
  public java.util.Optional<DType> complexDType() {
    return switch (this) {
      case FLOAT32 -> java.util.Optional.of(COMPLEX64);
      case FLOAT64 -> java.util.Optional.of(COMPLEX128);
      case BOOL, INT8, INT16, INT32, INT64, STRING, UINT8, UINT16, UINT32, UINT64, FLOAT16, BFLOAT16, COMPLEX64, COMPLEX128 ->
          java.util.Optional.empty();
    };
  }

  public boolean isFloating() {
    return kind == Kind.FLOATING;
  }

  public boolean isNumeric() {
    return isInteger() || isFloating();
  }

  /** Whether fused loops can hold this dtype: its compute type is a JVM primitive. */
  public boolean isPrimitive() {
    return computeType.isPrimitive();
  }

  /** Whether this dtype may hold row splits (TF allows int32 and int64). */
  public boolean isSplitsDType() {
    return kind == Kind.INTEGER && bits >= 32;
  }

  /** The largest finite value of a float dtype (TF's {@code dtype.max}): 65504 for float16. */
  public double maxFloat() {
    return switch (this) {
      case FLOAT16 -> 65504.0;
      case BFLOAT16 -> 0x1.FEp127;
      case FLOAT32 -> Float.MAX_VALUE;
      case FLOAT64 -> Double.MAX_VALUE;
      case BOOL, INT8, INT16, INT32, INT64, STRING, UINT8, UINT16, UINT32, UINT64, COMPLEX64, COMPLEX128 ->
          throw new IllegalArgumentException(this + " is not a float dtype");
    };
  }

  /** The smallest value of an integer dtype (0 for the unsigned ones). */
  public long minInteger() {
    checkInteger();
    return kind == Kind.UNSIGNED ? 0 : -(1L << (bits - 1));
  }

  /**
   * The largest value of an integer dtype, as its compute type holds it: for uint64 the raw bits
   * of 2^64 - 1, which is the long -1.
   */
  public long maxInteger() {
    checkInteger();
    if (kind == Kind.UNSIGNED) {
      return bits == 64 ? -1L : (1L << bits) - 1;
    }
    return (1L << (bits - 1)) - 1; // for 64 bits: MIN_VALUE - 1 wraps to MAX_VALUE
  }

  /**
   * The float dtype a true division of this dtype computes in (TF's {@code truediv} table, as
   * NumPy: float32 for integers of up to 16 bits, float64 above); a float dtype is its own.
   */
  public DType trueDivDType() {
    if (kind == Kind.FLOATING) {
      return this;
    }
    if (!isInteger()) {
      throw new IllegalArgumentException(this + " has no true division");
    }
    return bits <= 16 ? FLOAT32 : FLOAT64;
  }

  private void checkInteger() {
    if (!isInteger()) {
      throw new IllegalArgumentException(this + " is not an integer dtype");
    }
  }

  /** Looks a dtype up by its TF name; throws {@link IllegalArgumentException} if unknown. */
  public static DType fromName(String name) {
    DType dtype = BY_NAME.get(name);
    if (dtype == null) {
      throw new IllegalArgumentException(
          "unknown dtype '" + name + "'; expected one of " + BY_NAME.keySet());
    }
    return dtype;
  }

  @Override
  public String toString() {
    return tfName;
  }
}
