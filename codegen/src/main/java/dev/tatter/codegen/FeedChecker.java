package dev.tatter.codegen;

import dev.tatter.ir.Node;
import dev.tatter.ir.types.DenseType;
import dev.tatter.ir.types.Dims;
import dev.tatter.ir.types.PartitionType;
import dev.tatter.ir.types.RaggedType;
import dev.tatter.ir.types.SparseType;
import dev.tatter.ir.types.UnrankedType;
import dev.tatter.ir.types.Type;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.RowPartition;
import dev.tatter.runtime.SparseTensor;
import dev.tatter.runtime.Tensor;
import java.util.List;

/**
 * Checks a fed value against its placeholder's static type: kind, dtype, rank, ragged rank,
 * splits dtype, every known size, and uniform row lengths. Compiled code trusts its static
 * types, so no feed reaches it unchecked. One difference is made good instead of refused, where
 * it loses nothing: row splits of a narrower dtype than the type's (int32 where it says int64, as
 * an Arrow {@code ListVector}'s offsets are) are widened ({@link #admit}); the reverse is refused.
 */
public final class FeedChecker {
  private FeedChecker() {}

  /**
   * The value {@code placeholder} takes for the feed {@code value}: the feed itself, or the feed
   * with its row splits widened to the dtype the placeholder's type says where theirs is narrower
   * (int32 to int64: lossless, and cheap, as a partition holds its splits as longs). Anything else
   * that does not fit is refused as {@link #check} refuses it, int64 splits fed for int32 ones
   * included.
   */
  public static Object admit(Node placeholder, Object value) {
    Object admitted = widenSplits(placeholder.type(), value);
    check(placeholder, admitted);
    return admitted;
  }

  /** {@code value} with each partition whose splits dtype is narrower than {@code type}'s widened to it; else {@code value} itself. */
  static Object widenSplits(Type type, Object value) {
    if (type instanceof PartitionType partition && value instanceof RowPartition p) {
      return widen(partition, p);
    }
    if (type instanceof RaggedType ragged && value instanceof RaggedTensor rt && rt.raggedRank() == ragged.raggedRank()
        && narrower(ragged, rt)) {
      List<RowPartition> given = rt.nestedPartitions();
      List<RowPartition> widened = new java.util.ArrayList<>(given.size());
      for (int i = 0; i < given.size(); i++) {
        widened.add(widen(ragged.partitions().get(i), given.get(i)));
      }
      return RaggedTensor.ofNested(rt.flatValues(), widened);
    }
    return value;
  }

  /** Whether some level of {@code rt} has narrower splits than {@code type}'s (walked without allocating: a run's feeds usually fit). */
  private static boolean narrower(RaggedType type, RaggedTensor rt) {
    Object level = rt;
    for (int i = 0; level instanceof RaggedTensor r; i++, level = r.values()) {
      if (r.partition().splitsDType().bits() < type.partitions().get(i).splitsDType().bits()) {
        return true;
      }
    }
    return false;
  }

  /** Splits dtypes are signed integers: a wider one holds every value of a narrower one. */
  private static RowPartition widen(PartitionType type, RowPartition p) {
    return p.splitsDType().bits() < type.splitsDType().bits() ? p.withSplitsDType(type.splitsDType()) : p;
  }

  /** Throws {@link InvalidArgumentException} naming the placeholder, the expected and the given type. */
  public static void check(Node placeholder, Object value) {
    String problem = mismatch(placeholder.type(), value);
    if (problem != null) {
      throw new InvalidArgumentException("feed for placeholder " + placeholder.describe()
          + " does not match its type " + placeholder.type() + ": " + problem);
    }
  }

  /** Why {@code value} does not fit {@code type}, or null if it does. */
  public static String mismatch(Type type, Object value) {
    if (value == null) {
      return "got null";
    }
    if (type instanceof DenseType dense) {
      if (!(value instanceof Tensor t)) {
        return "expected a dense Tensor, got " + describe(value);
      }
      if (t.dtype() != dense.dtype()) {
        return "dtype " + t.dtype() + " instead of " + dense.dtype();
      }
      return shapeMismatch(dense.shape(), t.shape(), "shape");
    }
    if (type instanceof RaggedType ragged) {
      if (!(value instanceof RaggedTensor rt)) {
        return "expected a RaggedTensor of ragged_rank " + ragged.raggedRank() + ", got " + describe(value);
      }
      if (rt.raggedRank() != ragged.raggedRank()) {
        return "ragged_rank " + rt.raggedRank() + " instead of " + ragged.raggedRank();
      }
      if (rt.dtype() != ragged.dtype()) {
        return "dtype " + rt.dtype() + " instead of " + ragged.dtype();
      }
      List<RowPartition> partitions = rt.nestedPartitions();
      for (int i = 0; i < partitions.size(); i++) {
        String p = partitionMismatch(ragged.partitions().get(i), partitions.get(i));
        if (p != null) {
          return "partition " + i + ": " + p;
        }
      }
      return shapeMismatch(ragged.flatValuesShape(), rt.flatValues().shape(), "flat values shape");
    }
    if (type instanceof SparseType sparse) {
      return sparseMismatch(sparse, value);
    }
    if (type instanceof UnrankedType unranked) {
      // a result of == whose rank the run decides (no placeholder has this type): any rank fits
      if (!(value instanceof Tensor t)) {
        return "expected a dense Tensor, got " + describe(value);
      }
      return t.dtype() == unranked.dtype() ? null : "dtype " + t.dtype() + " instead of " + unranked.dtype();
    }
    PartitionType partition = (PartitionType) type;
    if (!(value instanceof RowPartition p)) {
      return "expected a RowPartition, got " + describe(value);
    }
    return partitionMismatch(partition, p);
  }

  /** A sparse feed: dtype, rank and each known size of its dense shape. */
  private static String sparseMismatch(SparseType type, Object value) {
    if (!(value instanceof SparseTensor st)) {
      return "expected a SparseTensor, got " + describe(value);
    }
    if (st.dtype() != type.dtype()) {
      return "dtype " + st.dtype() + " instead of " + type.dtype();
    }
    long[] shape = ((long[]) st.denseShape().unsafeData());
    if (shape.length != type.rank()) {
      return "dense_shape has rank " + shape.length + " instead of " + type.rank();
    }
    for (int i = 0; i < shape.length; i++) {
      if (Dims.isKnown(type.dim(i)) && type.dim(i) != shape[i]) {
        return "dense_shape " + java.util.Arrays.toString(shape) + " instead of "
            + type.shape().stream().map(Dims::format).toList();
      }
    }
    return null;
  }

  private static String partitionMismatch(PartitionType type, RowPartition p) {
    if (p.splitsDType() != type.splitsDType()) {
      return "row splits dtype " + p.splitsDType() + " instead of " + type.splitsDType();
    }
    if (Dims.isKnown(type.nrows()) && type.nrows() != p.nrows()) {
      return p.nrows() + " rows instead of " + type.nrows();
    }
    if (Dims.isKnown(type.nvals()) && type.nvals() != p.nvals()) {
      return p.nvals() + " values instead of " + type.nvals();
    }
    if (type.uniform()) {
      long length = type.uniformRowLength();
      if (p.isUniform() && (!Dims.isKnown(length) || p.uniformRowLength() == length)) {
        return null; // built uniform: every row has the partition's length by construction, checked once then
      }
      for (int r = 0; r < p.nrows(); r++) {
        if (Dims.isKnown(length) ? p.rowLength(r) != length : p.rowLength(r) != p.rowLength(0)) {
          return "row " + r + " has length " + p.rowLength(r) + " but the partition is uniform"
              + (Dims.isKnown(length) ? " with length " + length : "");
        }
      }
    }
    return null;
  }

  private static String shapeMismatch(List<Long> expected, int[] actual, String what) {
    if (expected.size() != actual.length) {
      return what + " has rank " + actual.length + " instead of " + expected.size();
    }
    for (int i = 0; i < actual.length; i++) {
      if (Dims.isKnown(expected.get(i)) && expected.get(i) != actual[i]) {
        return what + " " + java.util.Arrays.toString(actual) + " instead of " + expected;
      }
    }
    return null;
  }

  private static String describe(Object value) {
    if (value instanceof RaggedTensor rt) {
      return "a RaggedTensor of ragged_rank " + rt.raggedRank();
    }
    return "a " + value.getClass().getSimpleName();
  }
}
