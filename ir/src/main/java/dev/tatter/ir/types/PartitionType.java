package dev.tatter.ir.types;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;

import dev.tatter.runtime.DType;
import java.util.ArrayList;
import java.util.List;

/**
 * The type of a row partition: splits dtype, row count, value count, and whether every row has
 * the same length (a uniform partition, whose length may itself be known). Prints as
 * {@code partition<int64>[5, (None)]} (5 rows of ragged length) or {@code partition<int64>[4, 2]}
 * (4 rows of 2); a value count that the shape does not imply is printed as {@code nvals=8}.
 *
 * <p>Normalized on construction: for a uniform partition of known length, a known row count
 * implies the value count and a known value count implies the row count.
 */
public record PartitionType(
    DType splitsDType, long nrows, long nvals, boolean uniform, long uniformRowLength)
    implements Type {

  public PartitionType {
    checkNotNull(splitsDType, "splitsDType");
    checkArgument(splitsDType.isSplitsDType(), "row splits dtype must be int32 or int64, got %s", splitsDType);
    checkArgument(nrows >= Dims.UNKNOWN && nvals >= Dims.UNKNOWN, "invalid sizes nrows=%s nvals=%s", nrows, nvals);
    checkArgument(uniform || uniformRowLength == Dims.UNKNOWN, "a ragged partition has no uniform row length");
    checkArgument(uniformRowLength >= Dims.UNKNOWN, "invalid uniform row length %s", uniformRowLength);
    Dims.checkFits(nrows, "nrows");
    Dims.checkFits(nvals, "nvals");
    if (uniform && uniformRowLength >= 0) {
      if (nrows >= 0) {
        long implied = Dims.product(java.util.List.of(nrows, uniformRowLength));
        checkArgument(implied >= 0, "%s rows of length %s hold more values than a long counts", nrows, uniformRowLength);
        Dims.checkFits(implied, "nvals = nrows * uniform_row_length =");
        checkArgument(nvals < 0 || nvals == implied,
            "%s rows of length %s hold %s values, not %s", nrows, uniformRowLength, implied, nvals);
        nvals = implied;
      } else if (nvals >= 0 && uniformRowLength > 0) {
        checkArgument(nvals % uniformRowLength == 0,
            "%s values do not split into rows of length %s", nvals, uniformRowLength);
        nrows = nvals / uniformRowLength;
      }
    }
  }

  /** A partition into rows of varying length. */
  public static PartitionType ragged(DType splitsDType, long nrows, long nvals) {
    return new PartitionType(splitsDType, nrows, nvals, false, Dims.UNKNOWN);
  }

  /** A partition into rows of one length (possibly unknown). */
  public static PartitionType uniform(DType splitsDType, long nrows, long nvals, long rowLength) {
    return new PartitionType(splitsDType, nrows, nvals, true, rowLength);
  }

  @Override
  public DType dtype() {
    return splitsDType;
  }

  public PartitionType withNrows(long n) {
    return new PartitionType(splitsDType, n, nvals, uniform, uniformRowLength);
  }

  public PartitionType withNvals(long n) {
    return new PartitionType(splitsDType, nrows, n, uniform, uniformRowLength);
  }

  public PartitionType withSplitsDType(DType dtype) {
    return new PartitionType(dtype, nrows, nvals, uniform, uniformRowLength);
  }

  /** The row-length dimension as printed: {@code (None)} if ragged, else the length or None. */
  String rowLengthDim() {
    return uniform ? Dims.format(uniformRowLength) : "(None)";
  }

  /** Whether {@link #nvals} follows from the other fields (and so need not be printed). */
  boolean nvalsImplied() {
    return nvals == Dims.UNKNOWN || (uniform && uniformRowLength >= 0 && nrows >= 0);
  }

  @Override
  public String toString() {
    List<String> options = new ArrayList<>();
    options.add(splitsDType.tfName());
    if (!nvalsImplied()) {
      options.add("nvals=" + nvals);
    }
    return "partition<" + String.join(", ", options) + ">["
        + Dims.format(nrows) + ", " + rowLengthDim() + "]";
  }
}
