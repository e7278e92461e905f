package dev.tatter.spark;

import dev.tatter.ir.types.DenseType;
import dev.tatter.ir.types.RaggedType;
import dev.tatter.ir.types.Type;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.RowPartition;
import dev.tatter.runtime.Tensor;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.util.ArrayData;

/**
 * Gathers one column of a batch of rows into the value its placeholder takes: the innermost
 * elements into one primitive array ({@link Leaf}), each ragged level's lengths into row splits,
 * and each uniform level's length checked against the placeholder's static size (or the batch's
 * first row, where the type leaves it unknown). Reads Spark's {@code InternalRow}/{@code ArrayData}
 * with their primitive getters: no element is boxed. Every refusal names the column and the row.
 */
final class InputColumn {
  private final String column;
  private final int ordinal;
  private final String placeholder;
  private final Type type;
  private final NullPolicy nullPolicy;
  /** Nested array levels of a row: the dimensions after the batch. */
  private final int depth;
  /** Levels {@code [0, raggedLevels)} are ragged (row splits), the rest uniform. */
  private final int raggedLevels;
  /** Per uniform level: the length its placeholder's type requires, or -1 for unknown. */
  private final long[] staticLength;
  private final DType splitsDType;
  private final Leaf leaf;
  private final long[][] splits;
  private final int[] splitsSize;
  private final long[] seenLength;
  /** How a refusal names the rows' partition. */
  private final String partitionName;
  private int rows;

  InputColumn(String column, int ordinal, String placeholder, Type type, NullPolicy nullPolicy, int partition) {
    this.partitionName = " of partition " + partition;
    this.column = column;
    this.ordinal = ordinal;
    this.placeholder = placeholder;
    this.type = type;
    this.nullPolicy = nullPolicy;
    this.depth = SparkTypes.nestingDepth(type, placeholder);
    this.staticLength = new long[depth];
    Arrays.fill(staticLength, -1);
    if (type instanceof RaggedType r) {
      raggedLevels = r.raggedRank();
      splitsDType = r.splitsDType();
      for (int i = 1; i < r.flatValuesShape().size(); i++) {
        staticLength[raggedLevels + i - 1] = r.flatValuesShape().get(i);
      }
    } else {
      DenseType d = (DenseType) type;
      raggedLevels = 0;
      splitsDType = DType.INT64;
      for (int i = 1; i < d.rank(); i++) {
        staticLength[i - 1] = d.dim(i);
      }
    }
    this.leaf = Leaf.of(type.dtype());
    this.splits = new long[raggedLevels][];
    this.splitsSize = new int[raggedLevels];
    for (int i = 0; i < raggedLevels; i++) {
      splits[i] = new long[64];
    }
    this.seenLength = new long[depth];
    clear();
  }

  String placeholder() {
    return placeholder;
  }

  /** Appends {@code row}'s value; {@code rowNumber} (within the partition) names it in a refusal. */
  void read(InternalRow row, long rowNumber) {
    try {
      if (row.isNullAt(ordinal)) {
        if (depth == 0) {
          throw refuse(rowNumber, "is null (a tensor has no null values)");
        }
        if (nullPolicy == NullPolicy.ERROR) {
          throw refuse(rowNumber, "is null (a ragged tensor has no null rows; nullPolicy \"empty\" reads it as an empty row)");
        }
        empty(0, rowNumber);
      } else if (depth == 0) {
        leaf.appendScalar(row, ordinal);
      } else {
        readLevel(row.getArray(ordinal), 0, rowNumber);
      }
    } catch (Leaf.Refused bad) {
      String where = bad.index < 0 ? "" : " (element " + bad.index + " of an array at depth " + depth + ")";
      throw refuse(rowNumber, "holds " + bad.element + where + bad.why);
    } catch (IllegalStateException tooMany) {
      throw refuse(rowNumber, "brings the batch past " + Leaf.MAX_VALUES + " values or rows (lower batchSize)");
    }
    rows++;
  }

  private void readLevel(ArrayData array, int level, long rowNumber) {
    int n = array.numElements();
    count(level, n, rowNumber);
    if (level == depth - 1) {
      int nullAt = leaf.appendAll(array);
      if (nullAt >= 0) {
        throw refuse(rowNumber, "holds a null value (element " + nullAt + " of an array at depth " + (level + 1)
            + "; a tensor has no null values)");
      }
      return;
    }
    for (int i = 0; i < n; i++) {
      if (array.isNullAt(i)) {
        if (nullPolicy == NullPolicy.ERROR) {
          throw refuse(rowNumber, "holds a null array (element " + i + " at depth " + (level + 1)
              + "; nullPolicy \"empty\" reads it as an empty one)");
        }
        empty(level + 1, rowNumber);
      } else {
        readLevel(array.getArray(i), level + 1, rowNumber);
      }
    }
  }

  private void empty(int level, long rowNumber) {
    count(level, 0, rowNumber);
  }

  /** Records that a row at {@code level} has {@code n} elements. */
  private void count(int level, int n, long rowNumber) {
    if (level < raggedLevels) {
      long[] s = splits[level];
      int size = splitsSize[level];
      if (size == s.length) {
        if (size >= Leaf.MAX_VALUES) {
          throw new IllegalStateException("too many rows");
        }
        s = splits[level] = Arrays.copyOf(s, (int) Math.min(Leaf.MAX_VALUES, 2L * size));
      }
      s[size] = s[size - 1] + n;
      splitsSize[level] = size + 1;
      return;
    }
    long expected = staticLength[level] >= 0 ? staticLength[level] : seenLength[level];
    if (expected < 0) {
      seenLength[level] = n;
    } else if (expected != n) {
      String required = staticLength[level] >= 0 ? "its type requires " + expected
          : "an earlier row of the batch has " + expected + " (a dense dimension has one length in a batch)";
      throw refuse(rowNumber, "has an array of length " + n + " at depth " + (level + 1) + " where placeholder %"
          + placeholder + " (" + type + ") is uniform: " + required);
    }
  }

  private InvalidArgumentException refuse(long rowNumber, String what) {
    return new InvalidArgumentException("spark: column " + column + " row " + rowNumber + partitionName + " " + what);
  }

  /** The batch read so far as the placeholder's value; the column starts over empty. */
  Object take() {
    try {
      int[] inner = new int[depth - raggedLevels];
      for (int level = raggedLevels; level < depth; level++) {
        long length = staticLength[level] >= 0 ? staticLength[level] : Math.max(0, seenLength[level]);
        inner[level - raggedLevels] = Math.toIntExact(length);
      }
      if (raggedLevels == 0) {
        return leaf.toTensor(prepend(rows, inner));
      }
      List<RowPartition> partitions = new ArrayList<>(raggedLevels);
      for (int level = 0; level < raggedLevels; level++) {
        partitions.add(RowPartition.adoptingRowSplits(Arrays.copyOf(splits[level], splitsSize[level]), splitsDType));
      }
      long flatRows = splits[raggedLevels - 1][splitsSize[raggedLevels - 1] - 1];
      Tensor flat = leaf.toTensor(prepend(Math.toIntExact(flatRows), inner));
      return RaggedTensor.ofNested(flat, partitions);
    } finally {
      clear();
    }
  }

  private static int[] prepend(int first, int[] rest) {
    int[] shape = new int[rest.length + 1];
    shape[0] = first;
    System.arraycopy(rest, 0, shape, 1, rest.length);
    return shape;
  }

  private void clear() {
    rows = 0;
    leaf.clear();
    Arrays.fill(splitsSize, 1);
    for (long[] s : splits) {
      s[0] = 0;
    }
    Arrays.fill(seenLength, -1);
  }
}
