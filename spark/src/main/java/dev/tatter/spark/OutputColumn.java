package dev.tatter.spark;

import dev.tatter.ir.types.Type;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.Tensor;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.UnsafeArrayData;
import org.apache.spark.sql.catalyst.util.ArrayData;
import org.apache.spark.sql.catalyst.util.GenericArrayData;
import org.apache.spark.unsafe.Platform;

/**
 * Writes one fetched value back as a column. Each ragged level's row splits and each uniform
 * dimension give a row's range of the flat values; a dense {@code [batch]} value fills a scalar
 * column. An array column is laid out for the whole batch at once, in Spark's binary form: every
 * row's {@code UnsafeArrayData} (header, then the elements copied in bulk from the primitive data,
 * or each string's bytes; nested arrays inside their parent) back to back in one {@code byte[]},
 * so a row's array is a view of it, which Spark's projection copies with one move. Element types
 * Spark holds as objects (decimal, struct) are built as generic arrays instead ({@link Leaf#slice}).
 */
final class OutputColumn {
  private final String fetch;
  private final int ordinal;
  private final int depth;
  private final Leaf leaf;
  /** Whether array columns are written in Spark's binary form in bulk (else as generic arrays, element by element). */
  private final boolean bulkArrays;

  OutputColumn(String fetch, int ordinal, Type type, boolean bulkArrays) {
    this.bulkArrays = bulkArrays;
    this.fetch = fetch;
    this.ordinal = ordinal;
    this.depth = SparkTypes.nestingDepth(type, "%" + fetch);
    this.leaf = Leaf.of(type.dtype());
  }

  /** A fetched value laid out for writing rows. */
  final class Rows {
    /** Row splits of each ragged level, outermost first. */
    private final long[][] splits;
    /** Length of each uniform level below the ragged ones. */
    private final int[] uniform;
    private final Object data;
    private final BitSet nullRows;
    /** Every row's binary array, back to back (null: the generic path, or a batch past one Java array). */
    private byte[] buffer;
    /** Where row r's array starts in {@link #buffer}, and where the next one does. */
    private long[] starts;

    private Rows(long[][] splits, int[] uniform, Object data, BitSet nullRows, int rows) {
      this.splits = splits;
      this.uniform = uniform;
      this.data = data;
      this.nullRows = nullRows;
      if (bulkArrays && depth > 0 && leaf.unsafeElementBytes() > 0) {
        layOut(rows);
      }
    }

    private void layOut(int rows) {
      starts = new long[rows + 1];
      for (int r = 0; r < rows; r++) {
        starts[r + 1] = starts[r] + (nullRows.get(r) ? 0 : arrayBytes(0, r));
      }
      if (starts[rows] <= Leaf.MAX_VALUES) {
        buffer = new byte[(int) starts[rows]];
        for (int r = 0; r < rows; r++) {
          if (!nullRows.get(r)) {
            writeArray(0, r, buffer, Platform.BYTE_ARRAY_OFFSET + starts[r]);
          }
        }
      }
    }

    /** Sets field {@link #ordinal} of {@code out} to row {@code row} of the value. */
    void write(InternalRow out, int row) {
      if (nullRows.get(row)) {
        out.setNullAt(ordinal);
      } else if (depth == 0) {
        leaf.setScalar(out, ordinal, data, row);
      } else if (starts == null) {
        out.update(ordinal, genericArray(0, row));
      } else {
        out.update(ordinal, unsafeArray(row));
      }
    }

    private UnsafeArrayData unsafeArray(int row) {
      UnsafeArrayData array = new UnsafeArrayData();
      int size = (int) (starts[row + 1] - starts[row]);
      if (buffer != null) {
        array.pointTo(buffer, Platform.BYTE_ARRAY_OFFSET + starts[row], size);
      } else { // the batch's arrays outgrow one Java array: this row's alone
        byte[] own = new byte[size];
        writeArray(0, row, own, Platform.BYTE_ARRAY_OFFSET);
        array.pointTo(own, Platform.BYTE_ARRAY_OFFSET, size);
      }
      return array;
    }

    /** Element {@code index} of {@code level}'s range of the level below: [from, to). */
    private long from(int level, long index) {
      return level < splits.length ? splits[level][(int) index] : index * uniform[level - splits.length];
    }

    private long to(int level, long index) {
      return level < splits.length ? splits[level][(int) index + 1] : (index + 1) * uniform[level - splits.length];
    }

    /** The bytes of element {@code index} at {@code level} as an {@code UnsafeArrayData}. */
    private long arrayBytes(int level, long index) {
      long from = from(level, index);
      long to = to(level, index);
      int n = (int) (to - from);
      long bytes = UnsafeArrayData.calculateHeaderPortionInBytes(n);
      if (level == depth - 1) {
        return bytes + Leaf.roundToWord((long) n * leaf.unsafeElementBytes())
            + leaf.unsafeVariableBytes(data, (int) from, (int) to);
      }
      bytes += 8L * n;
      for (long i = from; i < to; i++) {
        bytes += arrayBytes(level + 1, i);
      }
      return bytes;
    }

    /** Writes element {@code index} at {@code level} as an {@code UnsafeArrayData} at {@code start} of {@code target}. */
    private void writeArray(int level, long index, byte[] target, long start) {
      long from = from(level, index);
      long to = to(level, index);
      int n = (int) (to - from);
      Platform.putLong(target, start, n);
      long elements = start + UnsafeArrayData.calculateHeaderPortionInBytes(n);
      if (level == depth - 1) {
        leaf.writeUnsafe(data, (int) from, (int) to, target, start, elements);
        return;
      }
      long cursor = elements + 8L * n;
      for (long i = from; i < to; i++) {
        long size = arrayBytes(level + 1, i);
        writeArray(level + 1, i, target, cursor);
        Platform.putLong(target, elements + 8L * (i - from), ((cursor - start) << 32) | size);
        cursor += size;
      }
    }

    private ArrayData genericArray(int level, long index) {
      long from = from(level, index);
      long to = to(level, index);
      if (level == depth - 1) {
        return leaf.slice(data, (int) from, (int) to);
      }
      Object[] children = new Object[(int) (to - from)];
      for (long i = from; i < to; i++) {
        children[(int) (i - from)] = genericArray(level + 1, i);
      }
      return new GenericArrayData(children);
    }
  }

  /**
   * Lays out {@code value} (a {@code Tensor} or {@code RaggedTensor}, as the fetch's type says),
   * refusing one whose row count is not the batch's: a column has one row per input row. Rows in
   * {@code nullRows} are written as NULL.
   */
  Rows rows(Object value, int batchRows, BitSet nullRows) {
    List<long[]> splits = new ArrayList<>();
    Object level = value;
    long rows = value instanceof RaggedTensor rt ? rt.nrows() : ((Tensor) value).shape()[0];
    if (rows != batchRows) {
      throw new RowFailure("spark: fetch %" + fetch + " has " + rows + " rows for a batch of " + batchRows
          + " rows; an output column needs one row per input row");
    }
    while (level instanceof RaggedTensor rt) {
      splits.add(rt.partition().unsafeRowSplits());
      level = rt.values();
    }
    Tensor flat = (Tensor) level;
    int[] shape = flat.shape();
    int[] uniform = new int[shape.length - 1];
    System.arraycopy(shape, 1, uniform, 0, uniform.length);
    return new Rows(splits.toArray(new long[0][]), uniform, flat.unsafeData(), nullRows, batchRows);
  }
}
