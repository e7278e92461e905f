package dev.tatter.spark;

import dev.tatter.ir.types.DenseType;
import dev.tatter.ir.types.RaggedType;
import dev.tatter.ir.types.Type;
import dev.tatter.runtime.DType;
import java.util.Optional;
import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;

/**
 * The Spark column type of a Tatter value with one row per DataFrame row. A value's dimensions
 * after the batch are nested arrays, ragged or not: {@code ragged<int64>[None, (None)]} is
 * {@code array<bigint>}, {@code ragged<int32>[None, (None), (None)]} is
 * {@code array<array<int>>}, {@code tensor<float32>[None]} is {@code float} and
 * {@code tensor<float32>[None, 3]} is {@code array<float>} (each row three long).
 */
public final class SparkTypes {
  private SparkTypes() {}

  /** The Spark type of one element of {@code dtype}, if Spark has one (no unsigned or 16-bit float type). */
  public static Optional<DataType> elementType(DType dtype) {
    return Optional.ofNullable(switch (dtype) {
      case BOOL -> DataTypes.BooleanType;
      case INT8 -> DataTypes.ByteType;
      case INT16 -> DataTypes.ShortType;
      case INT32 -> DataTypes.IntegerType;
      case INT64 -> DataTypes.LongType;
      case FLOAT32 -> DataTypes.FloatType;
      case FLOAT64 -> DataTypes.DoubleType;
      case STRING -> DataTypes.StringType;
      default -> null;
    });
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
    DataType element = elementType(type.dtype()).orElseThrow(() -> new IllegalArgumentException(
        "spark: " + what + " has dtype " + type.dtype() + ", which no Spark column type holds"
            + " (Spark has boolean, tinyint, smallint, int, bigint, float, double and string; cast it in the graph)"));
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
    return actual.equals(expected);
  }
}
