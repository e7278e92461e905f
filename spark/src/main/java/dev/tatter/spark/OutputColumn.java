package dev.tatter.spark;

import dev.tatter.ir.types.Type;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.Tensor;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.util.ArrayData;
import org.apache.spark.sql.catalyst.util.GenericArrayData;

/**
 * Writes one fetched value back as a column, row by row: each ragged level's row splits and
 * each uniform dimension give a row's range of the flat values, and the innermost range becomes
 * one Spark array copied from the primitive data ({@link Leaf#slice}); a dense {@code [batch]}
 * value fills a scalar column.
 */
final class OutputColumn {
  private final String fetch;
  private final int ordinal;
  private final int depth;
  private final Leaf leaf;

  OutputColumn(String fetch, int ordinal, Type type) {
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

    private Rows(long[][] splits, int[] uniform, Object data) {
      this.splits = splits;
      this.uniform = uniform;
      this.data = data;
    }

    /** Sets field {@link #ordinal} of {@code out} to row {@code row} of the value. */
    void write(InternalRow out, int row) {
      if (depth == 0) {
        leaf.setScalar(out, ordinal, data, row);
      } else {
        out.update(ordinal, array(0, row));
      }
    }

    private ArrayData array(int level, long index) {
      long from;
      long to;
      if (level < splits.length) {
        from = splits[level][(int) index];
        to = splits[level][(int) index + 1];
      } else {
        int length = uniform[level - splits.length];
        from = index * length;
        to = from + length;
      }
      if (level == depth - 1) {
        return leaf.slice(data, (int) from, (int) to);
      }
      Object[] children = new Object[(int) (to - from)];
      for (long i = from; i < to; i++) {
        children[(int) (i - from)] = array(level + 1, i);
      }
      return new GenericArrayData(children);
    }
  }

  /**
   * Lays out {@code value} (a {@code Tensor} or {@code RaggedTensor}, as the fetch's type says),
   * refusing one whose row count is not the batch's: a column has one row per input row.
   */
  Rows rows(Object value, int batchRows, String batch) {
    List<long[]> splits = new ArrayList<>();
    Object level = value;
    long rows = value instanceof RaggedTensor rt ? rt.nrows() : ((Tensor) value).shape()[0];
    if (rows != batchRows) {
      throw new InvalidArgumentException("spark: fetch %" + fetch + " has " + rows + " rows for a batch of " + batchRows
          + " rows (" + batch + "); an output column needs one row per input row");
    }
    while (level instanceof RaggedTensor rt) {
      splits.add(rt.partition().unsafeRowSplits());
      level = rt.values();
    }
    Tensor flat = (Tensor) level;
    int[] shape = flat.shape();
    int[] uniform = new int[shape.length - 1];
    System.arraycopy(shape, 1, uniform, 0, uniform.length);
    return new Rows(splits.toArray(new long[0][]), uniform, flat.unsafeData());
  }
}
