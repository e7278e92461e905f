package dev.tatter.spark;

import org.apache.spark.sql.catalyst.CatalystTypeConverters;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.types.DataType;

/**
 * How an error names a row, the same in every partition: by the value of the row key column when
 * the stage has one ({@code row id = 12345}), else by the {@code monotonically_increasing_id()}
 * Spark gives the row in this input — the partition's index in the upper 31 bits, the row's
 * position in it in the lower 33 — which {@code input.withColumn("row_id",
 * monotonically_increasing_id())} shows beside the row, for the same input partitioned the same way.
 */
final class RowNames {
  private final int partition;
  private final String keyColumn;
  private final int keyOrdinal;
  private final DataType keyType;

  /** {@code keyColumn} empty: no key column. */
  RowNames(int partition, String keyColumn, int keyOrdinal, DataType keyType) {
    this.partition = partition;
    this.keyColumn = keyColumn;
    this.keyOrdinal = keyOrdinal;
    this.keyType = keyType;
  }

  /** Spark's {@code monotonically_increasing_id()} of row {@code rowInPartition} of this partition. */
  long id(long rowInPartition) {
    return ((long) partition << 33) + rowInPartition;
  }

  /** The row as an error names it: {@code row id = 42}, or {@code row 8589934594 (monotonically_increasing_id())}. */
  String name(InternalRow row, long rowInPartition) {
    if (keyColumn.isEmpty()) {
      return "row " + id(rowInPartition) + " (monotonically_increasing_id())";
    }
    return "row " + keyColumn + " = " + preview(row, keyOrdinal, keyType);
  }

  /** Field {@code ordinal} of {@code row} as Spark SQL shows a value ({@code [1, 9]}, {@code NULL}), cut at 80 chars. */
  static String preview(InternalRow row, int ordinal, DataType type) {
    if (row.isNullAt(ordinal)) {
      return "NULL";
    }
    Object value = CatalystTypeConverters.convertToScala(row.get(ordinal, type), type);
    String text = value instanceof scala.collection.Iterable<?> items ? items.mkString("[", ", ", "]") : String.valueOf(value);
    return text.length() > 80 ? text.substring(0, 77) + "..." : text;
  }
}
