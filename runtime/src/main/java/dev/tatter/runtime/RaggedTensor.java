package dev.tatter.runtime;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;

import com.google.common.collect.ImmutableList;
import java.util.ArrayList;
import java.util.List;

/**
 * A ragged tensor, as TF builds it: {@code values} (a dense {@link Tensor} or another
 * RaggedTensor) split into rows by one {@link RowPartition}. The ragged rank is the number of
 * nested partitions. Immutable; the partition's nvals always equals the values' row count.
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
    checkArgument(!partitions.isEmpty(), "a ragged tensor needs at least one partition");
    Object result = flatValues;
    for (int i = partitions.size() - 1; i >= 0; i--) {
      result = of(result, partitions.get(i));
    }
    return (RaggedTensor) result;
  }

  /** The number of rows of a dense or ragged value (its outermost dimension). */
  public static int outerDim(Object value) {
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
  public ImmutableList<RowPartition> nestedPartitions() {
    ImmutableList.Builder<RowPartition> out = ImmutableList.builder();
    Object v = this;
    while (v instanceof RaggedTensor) {
      out.add(((RaggedTensor) v).partition);
      v = ((RaggedTensor) v).values;
    }
    return out.build();
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
    Object slice = java.lang.reflect.Array.newInstance(t.dtype().arrayClass().getComponentType(), stride);
    System.arraycopy(t.unsafeData(), index * stride, slice, 0, stride);
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

  /** The values as TF prints them: {@code [[3, 1, 4, 1], [], [5, 9, 2], [6], []]}. */
  @Override
  public String toString() {
    return ValueFormat.formatList(toList(), dtype());
  }
}
