package dev.tatter.spark;

import dev.tatter.ir.types.DenseType;
import dev.tatter.ir.types.RaggedType;
import dev.tatter.ir.types.Type;
import dev.tatter.runtime.DType;
import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.Metadata;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * The Spark column type of a Tatter value with one row per DataFrame row. A value's dimensions
 * after the batch are nested arrays, ragged or not: {@code ragged<int64>[None, (None)]} is
 * {@code array<bigint>}, {@code ragged<int32>[None, (None), (None)]} is
 * {@code array<array<int>>}, {@code tensor<float32>[None]} is {@code float} and
 * {@code tensor<float32>[None, 3]} is {@code array<float>} (each row three long). Every dtype has
 * a column type ({@link #elementType}).
 */
public final class SparkTypes {
  private SparkTypes() {}

  /**
   * The Spark type of one element of {@code dtype}. Spark has no unsigned, 16-bit float or complex
   * type, so those dtypes are carried in a type that holds every value of them, both ways:
   * <ul>
   *   <li>uint8, uint16, uint32 in {@code smallint}, {@code int}, {@code bigint}, and uint64 in
   *       {@code decimal(20,0)}: the types Spark itself reads Parquet's {@code UINT_8} .. {@code UINT_64}
   *       as; a value read back outside the dtype's range is refused, naming the row and the value;
   *   <li>float16 and bfloat16 in {@code float}, which holds each of their values exactly; a float
   *       read into them is rounded to nearest even (an overflow to infinity), as TF's {@code cast}
   *       from float32 rounds;
   *   <li>complex64 and complex128 in {@code struct<real: float, imag: float>} and {@code struct<real:
   *       double, imag: double>}, NumPy's names for the parts (and {@code tatter-arrow}'s layout);
   *       a null part is refused.
   * </ul>
   */
  public static DataType elementType(DType dtype) {
    return switch (dtype) {
      case BOOL -> DataTypes.BooleanType;
      case INT8 -> DataTypes.ByteType;
      case INT16, UINT8 -> DataTypes.ShortType;
      case INT32, UINT16 -> DataTypes.IntegerType;
      case INT64, UINT32 -> DataTypes.LongType;
      case UINT64 -> DataTypes.createDecimalType(20, 0);
      case FLOAT32, FLOAT16, BFLOAT16 -> DataTypes.FloatType;
      case FLOAT64 -> DataTypes.DoubleType;
      case COMPLEX64, COMPLEX128 -> complexType(elementType(dtype.realDType()));
      case STRING -> DataTypes.StringType;
    };
  }

  private static StructType complexType(DataType part) {
    return new StructType(new StructField[] {
        new StructField("real", part, false, Metadata.empty()),
        new StructField("imag", part, false, Metadata.empty())});
  }

  /**
   * How many nested arrays a row of {@code type} is: the dimensions after the batch, ragged or
   * uniform. Refuses a scalar, a partition and a sparse value, which have no row per input row.
   */
  static int nestingDepth(Type type, String what) {
    if (type instanceof DenseType d && d.rank() >= 1) {
      return d.rank() - 1;
    }
    if (type instanceof RaggedType r) {
      return r.raggedRank() + r.flatValuesShape().size() - 1;
    }
    throw new IllegalArgumentException("spark: " + what + " has type " + type
          + ", which has no row per DataFrame row (a column takes a dense tensor of rank >= 1 or a ragged tensor)");
  }

  /** The column type of a value of {@code type} ({@code what} names it in the refusal). */
  public static DataType columnType(Type type, String what) {
    int depth = nestingDepth(type, what);
    DataType element = elementType(type.dtype());
    DataType result = element;
    for (int i = 0; i < depth; i++) {
      result = new ArrayType(result, false);
    }
    return result;
  }

  /**
   * Whether a column of type {@code actual} can feed a placeholder whose column type is
   * {@code expected}: the same nesting and element type, nulls allowed anywhere (they are
   * checked row by row: see {@link NullPolicy}).
   */
  static boolean feeds(DataType actual, DataType expected) {
    if (expected instanceof ArrayType e) {
      return actual instanceof ArrayType a && feeds(a.elementType(), e.elementType());
    }
    if (expected instanceof StructType e) { // a complex element: the same fields in order, nullable or not
      if (!(actual instanceof StructType a) || a.fields().length != e.fields().length) {
        return false;
      }
      for (int i = 0; i < e.fields().length; i++) {
        if (!a.fields()[i].name().equals(e.fields()[i].name()) || !feeds(a.fields()[i].dataType(), e.fields()[i].dataType())) {
          return false;
        }
      }
      return true;
    }
    return actual.equals(expected);
  }
}
