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
import java.util.BitSet;
import java.util.List;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.UnsafeArrayData;
import org.apache.spark.sql.catalyst.util.ArrayData;

/**
 * Gathers one column of a batch of rows into the value its placeholder takes: the innermost
 * elements into one buffer ({@link Leaf}; an array in Spark's binary form is copied in bulk),
 * each ragged level's lengths into row splits, and each uniform level's length checked against
 * the placeholder's static size (or the batch's first row, where the type leaves it unknown).
 * Null rows follow the {@link NullPolicy}; under {@code PROPAGATE} the batch's null rows are
 * recorded ({@link #nullRows}) and stood in for by an empty row, or zeros where the first
 * dimension is uniform. Every refusal names the column and the row ({@link RowNames}).
 */
final class InputColumn {
  private final String column;
  private final int ordinal;
  private final String placeholder;
  private final Type type;
  private final NullPolicy nullPolicy;
  private final RowNames rowNames;
  /** Whether an {@code UnsafeArrayData}'s elements are copied in bulk (else read one by one). */
  private final boolean bulkArrays;
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
  private int rows;
  /** The batch's null rows (under PROPAGATE), by their index in the batch. */
  private BitSet nulls = new BitSet();
  /** {@link #nulls} of the batch {@link #take} took last. */
  private BitSet takenNulls = new BitSet();
  /**
   * Null rows of a dense column read before any row of the batch gave its inner lengths: their
   * zeros are inserted once a row does, or counted as empty when none does.
   */
  private int nullsAwaitingLength;

  InputColumn(String column, int ordinal, String placeholder, Type type, NullPolicy nullPolicy, RowNames rowNames,
      boolean bulkArrays) {
    this.bulkArrays = bulkArrays;
    this.column = column;
    this.ordinal = ordinal;
    this.placeholder = placeholder;
    this.type = type;
    this.nullPolicy = nullPolicy;
    this.rowNames = rowNames;
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

  String column() {
    return column;
  }

  /** Appends {@code row}'s value; {@code rowInPartition} names it in a refusal ({@link RowNames}). */
  void read(InternalRow row, long rowInPartition) {
    try {
      if (row.isNullAt(ordinal)) {
        readNull(row, rowInPartition);
      } else if (depth == 0) {
        leaf.appendScalar(row, ordinal);
      } else {
        readLevel(row.getArray(ordinal), 0, row, rowInPartition);
      }
    } catch (Leaf.Refused bad) {
      String where = bad.index < 0 ? "" : " (element " + bad.index + " of an array at depth " + depth + ")";
      throw refuse(row, rowInPartition, "holds " + bad.element + where + bad.why);
    } catch (IllegalStateException tooMany) {
      throw refuse(row, rowInPartition, "brings the batch past " + Leaf.MAX_VALUES + " values or rows (lower batchSize)");
    }
    rows++;
  }

  private void readNull(InternalRow row, long rowInPartition) {
    if (nullPolicy == NullPolicy.PROPAGATE) {
      nulls.set(rows);
      standIn();
      return;
    }
    if (depth == 0) {
      throw refuse(row, rowInPartition, "is null (a tensor has no null values; nullPolicy \"propagate\" gives NULL outputs)");
    }
    if (nullPolicy == NullPolicy.ERROR) {
      throw refuse(row, rowInPartition, "is null (a ragged tensor has no null rows; nullPolicy \"empty\" reads it as an"
          + " empty row, \"propagate\" gives NULL outputs)");
    }
    count(0, 0, row, rowInPartition);
  }

  /** A value for a null row that any batch takes: an empty row, or zeros where the first dimension is uniform. */
  private void standIn() {
    if (depth == 0) {
      leaf.appendZeros(1);
    } else if (raggedLevels > 0) {
      count(0, 0, null, -1);
    } else {
      long perRow = knownRowSize();
      if (perRow < 0) {
        nullsAwaitingLength++;
      } else {
        leaf.appendZeros(Math.toIntExact(perRow));
      }
    }
  }

  /** The elements of a row of this dense column, or -1 while a level's length is still unknown. */
  private long knownRowSize() {
    long n = 1;
    for (int level = 0; level < depth; level++) {
      long length = staticLength[level] >= 0 ? staticLength[level] : seenLength[level];
      if (length == 0) {
        return 0;
      }
      if (length < 0) {
        return -1;
      }
      n *= length;
    }
    return n;
  }

  private void readLevel(ArrayData array, int level, InternalRow row, long rowInPartition) {
    int n = array.numElements();
    count(level, n, row, rowInPartition);
    if (level == depth - 1) {
      int nullAt = bulkArrays && array instanceof UnsafeArrayData u ? leaf.appendUnsafe(u) : leaf.appendAll(array);
      if (nullAt >= 0) {
        throw refuse(row, rowInPartition, "holds a null value (element " + nullAt + " of an array at depth " + (level + 1)
            + "; a tensor has no null values)");
      }
      if (level == 0 && nullsAwaitingLength > 0) {
        insertAwaitedNulls(n);
      }
      return;
    }
    for (int i = 0; i < n; i++) {
      if (array.isNullAt(i)) {
        if (nullPolicy == NullPolicy.ERROR) {
          throw refuse(row, rowInPartition, "holds a null array (element " + i + " at depth " + (level + 1)
              + "; nullPolicy \"empty\" reads it as an empty one)");
        }
        count(level + 1, 0, row, rowInPartition);
      } else {
        readLevel(array.getArray(i), level + 1, row, rowInPartition);
      }
    }
    if (level == 0 && nullsAwaitingLength > 0) {
      insertAwaitedNulls(-1);
    }
  }

  /** The first row of a dense column that gave its lengths has just been read: its null predecessors' zeros go before it. */
  private void insertAwaitedNulls(int rowElements) {
    long perRow = rowElements >= 0 ? rowElements : knownRowSize();
    if (perRow < 0) {
      return; // lengths still unknown below an empty level: the row has no elements, nor will the null rows
    }
    long zeros = perRow * nullsAwaitingLength;
    leaf.insertZeros(Math.toIntExact(leaf.size - perRow), Math.toIntExact(zeros));
    nullsAwaitingLength = 0;
  }

  /** Records that a row at {@code level} has {@code n} elements ({@code row} null: a stand-in, never refused). */
  private void count(int level, int n, InternalRow row, long rowInPartition) {
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
      throw refuse(row, rowInPartition, "has an array of length " + n + " at depth " + (level + 1) + " where placeholder %"
          + placeholder + " (" + type + ") is uniform: " + required);
    }
  }

  private InvalidArgumentException refuse(InternalRow row, long rowInPartition, String what) {
    return new RowFailure("spark: column " + column + " in " + rowNames.name(row, rowInPartition) + " " + what);
  }

  /** The batch's null rows under PROPAGATE (empty otherwise), as of the last {@link #take}. */
  BitSet nullRows() {
    return takenNulls;
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
      takenNulls = nulls;
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
    nulls = new BitSet();
    nullsAwaitingLength = 0;
    leaf.clear();
    Arrays.fill(splitsSize, 1);
    for (long[] s : splits) {
      s[0] = 0;
    }
    Arrays.fill(seenLength, -1);
  }
}
