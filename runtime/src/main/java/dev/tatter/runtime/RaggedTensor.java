package dev.tatter.runtime;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;

import java.util.ArrayList;
import java.util.List;

/**
 * A ragged tensor, as TF builds it: {@code values} (a dense {@link Tensor} or another
 * RaggedTensor) split into rows by one {@link RowPartition}. The ragged rank is the number of
 * nested partitions. Immutable; the partition's nvals always equals the values' row count.
 *
 * <pre>{@code
 * RaggedTensor rt = RaggedTensor.fromNested(new long[][] {{3, 1, 4}, {}, {1, 5}}); // tf.ragged.constant(...)
 * rt.partition().rowSplitsArray(); // [0, 3, 3, 5]
 * long[][] rows = (long[][]) rt.toNestedArray();
 * }</pre>
 */
public final class RaggedTensor {
  /**
   * The deepest nesting Tatter builds. Code that walks the levels (printing, {@code to_tensor},
   * {@code to_sparse}, equality, the elementwise lowering) may then recurse without risking the
   * stack; TF's own ragged ops are used with a handful of levels.
   */
  public static final int MAX_RAGGED_RANK = 100;

  private final Object values;
  private final RowPartition partition;
  private final int raggedRank;

  private RaggedTensor(Object values, RowPartition partition) {
    this.values = values;
    this.partition = partition;
    this.raggedRank = values instanceof RaggedTensor rt ? rt.raggedRank + 1 : 1;
  }

  /** {@code values} split by {@code partition}; checks that the partition covers every value. */
  public static RaggedTensor of(Object values, RowPartition partition) {
    checkNotNull(partition, "partition");
    checkArgument(
        values instanceof Tensor || values instanceof RaggedTensor,
        "values must be a Tensor or a RaggedTensor, got %s",
        values == null ? "null" : values.getClass().getSimpleName());
    if (values instanceof Tensor && ((Tensor) values).rank() == 0) {
      throw new InvalidArgumentException("ragged values must have rank >= 1, got a scalar");
    }
    long rows = outerDim(values);
    if (rows != partition.nvals()) {
      throw new InvalidArgumentException(
          "the partition covers "
              + partition.nvals()
              + " values but values has "
              + rows
              + " rows (row_splits[-1] must equal nrows(values))");
    }
    if (values instanceof RaggedTensor rt && rt.raggedRank >= MAX_RAGGED_RANK) {
      throw new InvalidArgumentException("ragged_rank " + (rt.raggedRank + 1) + " is more than Tatter supports ("
          + MAX_RAGGED_RANK + ")");
    }
    if (values instanceof RaggedTensor
        && ((RaggedTensor) values).partition.splitsDType() != partition.splitsDType()) {
      throw new InvalidArgumentException(
          "nested partitions must share a row splits dtype: "
              + partition.splitsDType()
              + " vs "
              + ((RaggedTensor) values).partition.splitsDType());
    }
    return new RaggedTensor(values, partition);
  }

  /** Builds {@code flatValues} split by {@code partitions}, outermost first. */
  public static RaggedTensor ofNested(Tensor flatValues, List<RowPartition> partitions) {
    checkNotNull(flatValues, "flatValues");
    checkNotNull(partitions, "partitions");
    checkArgument(!partitions.isEmpty(), "a ragged tensor needs at least one partition");
    Object result = flatValues;
    for (int i = partitions.size() - 1; i >= 0; i--) {
      result = of(result, partitions.get(i));
    }
    return (RaggedTensor) result;
  }

  /**
   * A ragged tensor of nested Java data, copied, as {@code tf.ragged.constant} builds one: every
   * level but the innermost becomes a row partition (int64 splits). {@code new long[][] {{3, 1},
   * {}, {5}}} and {@code List.of(List.of(3L, 1L), List.of(), List.of(5L))} are both
   * {@code [[3, 1], [], [5]]}, int64. The dtype comes from the Java element type, as in
   * {@link Tensor#fromNested(Object)}.
   *
   * @param data nested arrays or {@code List}s, rows of any length, at least two levels deep
   * @return a new ragged tensor of ragged rank depth - 1
   * @throws IllegalArgumentException naming the element where the data is null, nested unevenly
   *     or of mixed kinds
   */
  public static RaggedTensor fromNested(Object data) {
    return NestedArrays.ragged(data, null, -1, DType.INT64);
  }

  /**
   * A ragged tensor of nested Java data, copied, with {@code raggedRank} partitions (the levels
   * below must be uniform and become the flat values' inner dimensions).
   *
   * @param data nested arrays or {@code List}s
   * @param dtype the element dtype, or null to infer it from the Java element type
   * @param raggedRank the number of ragged dimensions, at least 1 and below data's depth (-1: depth - 1)
   * @return a new ragged tensor with int64 row splits
   */
  public static RaggedTensor fromNested(Object data, DType dtype, int raggedRank) {
    return NestedArrays.ragged(data, dtype, raggedRank, DType.INT64);
  }

  /**
   * As {@link #fromNested(Object, DType, int)}, with row splits of {@code splitsDType} (int32 or int64).
   *
   * @param data nested arrays or {@code List}s
   * @param dtype the element dtype, or null to infer it
   * @param raggedRank the number of ragged dimensions (-1: depth - 1)
   * @param splitsDType int32 or int64
   * @return a new ragged tensor
   */
  public static RaggedTensor fromNested(Object data, DType dtype, int raggedRank, DType splitsDType) {
    checkNotNull(splitsDType, "splitsDType");
    checkArgument(splitsDType.isSplitsDType(), "row splits dtype must be int32 or int64, got %s", splitsDType);
    return NestedArrays.ragged(data, dtype, raggedRank, splitsDType);
  }

  /**
   * The values as a fresh jagged Java array, one array level per dimension: {@code long[][]}
   * for an int64 ragged matrix ({@code [[3, 1], [], [5]]} is {@code {{3, 1}, {}, {5}}}).
   *
   * @return a new array; writing it leaves this tensor unchanged
   */
  public Object toNestedArray() {
    return NestedArrays.toNestedArray(this);
  }

  /** The number of rows of a dense or ragged value (its outermost dimension). */
  public static int outerDim(Object value) {
    checkNotNull(value, "value");
    if (value instanceof RaggedTensor) {
      return ((RaggedTensor) value).nrows();
    }
    return ((Tensor) value).dim(0);
  }

  public Object values() {
    return values;
  }

  public RowPartition partition() {
    return partition;
  }

  public int nrows() {
    return partition.nrows();
  }

  public int raggedRank() {
    return raggedRank;
  }

  public Tensor flatValues() {
    Object v = values;
    while (v instanceof RaggedTensor) {
      v = ((RaggedTensor) v).values;
    }
    return (Tensor) v;
  }

  /** The partitions from the outermost to the innermost. */
  public List<RowPartition> nestedPartitions() {
    List<RowPartition> out = new ArrayList<>();
    Object v = this;
    while (v instanceof RaggedTensor) {
      out.add(((RaggedTensor) v).partition);
      v = ((RaggedTensor) v).values;
    }
    return List.copyOf(out);
  }

  public DType dtype() {
    return flatValues().dtype();
  }

  /** The values as nested Java lists, like TF's {@code to_list()}. */
  public List<Object> toList() {
    List<Object> rows = new ArrayList<>(nrows());
    for (int r = 0; r < nrows(); r++) {
      List<Object> row = new ArrayList<>(partition.rowLength(r));
      for (int i = partition.rowStart(r); i < partition.rowLimit(r); i++) {
        row.add(elementToList(values, i));
      }
      rows.add(row);
    }
    return rows;
  }

  private static Object elementToList(Object values, int index) {
    if (values instanceof RaggedTensor) {
      RaggedTensor rt = (RaggedTensor) values;
      RowPartition p = rt.partition;
      List<Object> row = new ArrayList<>(p.rowLength(index));
      for (int i = p.rowStart(index); i < p.rowLimit(index); i++) {
        row.add(elementToList(rt.values, i));
      }
      return row;
    }
    Tensor t = (Tensor) values;
    if (t.rank() == 1) {
      return t.get(index);
    }
    int[] shape = t.shape();
    int stride = t.size() / shape[0];
    int[] inner = java.util.Arrays.copyOfRange(shape, 1, shape.length);
    Object slice = t.dtype().layout().newArray(stride);
    t.dtype().layout().copy(t.unsafeData(), index * stride, slice, 0, stride);
    return Tensor.wrap(t.dtype(), inner, slice).toList();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof RaggedTensor
        && ((RaggedTensor) o).partition.equals(partition)
        && ((RaggedTensor) o).values.equals(values);
  }

  @Override
  public int hashCode() {
    return partition.hashCode() * 31 + values.hashCode();
  }

  /**
   * The static shape as TF's {@code rt.shape} gives it: the row count, -1 ({@code None}) for each
   * ragged dimension, then the flat values' inner dimensions ({@code [5, -1]} for a ragged matrix of 5 rows).
   *
   * @return a new array of rank {@code raggedRank() + flatValues().rank()}
   */
  public long[] shape() {
    int[] inner = flatValues().shape();
    int rank = raggedRank();
    long[] out = new long[1 + rank + inner.length - 1];
    out[0] = nrows();
    for (int i = 1; i <= rank; i++) {
      out[i] = -1;
    }
    for (int i = 1; i < inner.length; i++) {
      out[rank + i] = inner[i];
    }
    return out;
  }

  /**
   * The values as TF prints them: {@code [[3, 1, 4, 1], [], [5, 9, 2], [6], []]}; past
   * {@link TensorPrinter#THRESHOLD} values summarised as NumPy does, each dimension keeping its
   * first and last {@link TensorPrinter#EDGE_ITEMS} entries around {@code ...}.
   */
  @Override
  public String toString() {
    return TensorPrinter.toString(this);
  }
}
