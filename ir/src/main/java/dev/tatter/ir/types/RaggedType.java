package dev.tatter.ir.types;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;

import com.google.common.collect.ImmutableList;
import dev.tatter.runtime.DType;
import java.util.ArrayList;
import java.util.List;

/**
 * A ragged tensor type, stored as TF stores the value: the partitions from the outermost in,
 * and the shape of the flat values (whose first dimension is the innermost partition's value
 * count). {@code raggedRank()} is the number of partitions.
 *
 * <p>Prints as TF documents ragged shapes, ragged dimensions in parentheses:
 * {@code ragged<float32>[2, (None), 3]}. Options after the dtype carry what the shape cannot:
 * {@code splits=int32} and {@code nvals=[None, 8]} (each partition's value count).
 *
 * <p>Normalized on construction: adjacent partitions agree (partition i's nvals is partition
 * i+1's nrows; the last one's nvals is the flat values' first dimension), sizes known on one
 * side are copied to the other, and conflicting sizes are rejected.
 */
public record RaggedType(
    DType dtype, List<PartitionType> partitions, List<Long> flatValuesShape)
    implements Type {

  public RaggedType {
    partitions = ImmutableList.copyOf(checkNotNull(partitions, "partitions")); // immutable, nulls refused
    flatValuesShape = ImmutableList.copyOf(checkNotNull(flatValuesShape, "flatValuesShape"));
    checkNotNull(dtype, "dtype");
    checkArgument(!partitions.isEmpty(), "a ragged type needs at least one partition");
    checkArgument(partitions.size() <= dev.tatter.runtime.RaggedTensor.MAX_RAGGED_RANK,
        "ragged_rank %s is more than Tatter supports (%s)", partitions.size(), dev.tatter.runtime.RaggedTensor.MAX_RAGGED_RANK);
    checkArgument(!flatValuesShape.isEmpty(), "ragged flat values need rank >= 1");
    for (long d : flatValuesShape) {
      Dims.checkFits(d, "dimension");
    }
    DType splits = partitions.get(0).splitsDType();
    for (PartitionType p : partitions) {
      checkArgument(p.splitsDType() == splits,
          "all partitions of a ragged tensor share one splits dtype: %s vs %s", splits, p.splitsDType());
    }
    List<PartitionType> ps = new ArrayList<>(partitions);
    List<Long> flat = new ArrayList<>(flatValuesShape);
    // Propagate sizes between neighbours until nothing changes (uniform partitions can pass a
    // size from nvals to nrows and back, so one sweep each way may not be enough).
    boolean changed = true;
    while (changed) {
      changed = false;
      for (int i = 0; i < ps.size(); i++) {
        long below = i + 1 < ps.size() ? ps.get(i + 1).nrows() : flat.get(0);
        Long merged = Dims.merge(ps.get(i).nvals(), below);
        checkArgument(merged != null,
            "partition %s covers %s values but the level below has %s rows", i, ps.get(i).nvals(), below);
        if (merged != ps.get(i).nvals()) {
          ps.set(i, ps.get(i).withNvals(merged));
          changed = true;
        }
        if (merged != below) {
          if (i + 1 < ps.size()) {
            ps.set(i + 1, ps.get(i + 1).withNrows(merged));
          } else {
            flat.set(0, merged);
          }
          changed = true;
        }
      }
    }
    partitions = ImmutableList.copyOf(ps);
    flatValuesShape = ImmutableList.copyOf(flat);
  }

  public static RaggedType of(DType dtype, List<PartitionType> partitions, List<Long> flatValuesShape) {
    return new RaggedType(dtype, ImmutableList.copyOf(partitions), ImmutableList.copyOf(flatValuesShape));
  }

  public int raggedRank() {
    return partitions.size();
  }

  public int rank() {
    return partitions.size() + flatValuesShape.size();
  }

  public DType splitsDType() {
    return partitions.get(0).splitsDType();
  }

  public PartitionType outerPartition() {
    return partitions.get(0);
  }

  public long nrows() {
    return partitions.get(0).nrows();
  }

  /** The type of {@code values}: this type one level down (dense at ragged rank 1). */
  public Type valuesType() {
    if (partitions.size() == 1) {
      return new DenseType(dtype, flatValuesShape);
    }
    return new RaggedType(dtype, partitions.subList(1, partitions.size()), flatValuesShape);
  }

  public DenseType flatValuesType() {
    return new DenseType(dtype, flatValuesShape);
  }

  /** This type with other flat values (dtype and inner dims may change; first dim must fit). */
  public RaggedType withFlatValues(DType newDtype, List<Long> newFlatShape) {
    return new RaggedType(newDtype, partitions, newFlatShape);
  }

  /** Each dimension as printed in the textual IR: a size, {@code None}, or {@code (None)} if ragged. */
  public List<String> dimStrings() {
    List<String> dims = new ArrayList<>();
    dims.add(Dims.format(nrows()));
    for (PartitionType p : partitions) {
      dims.add(p.rowLengthDim());
    }
    for (int i = 1; i < flatValuesShape.size(); i++) {
      dims.add(Dims.format(flatValuesShape.get(i)));
    }
    return dims;
  }

  /** The static shape as TF prints it ({@code rt.shape}): {@code (2, None, 3)}. */
  public String tfShape() {
    return TypeFormat.tfShape(dimStrings().stream().map(s -> s.equals("(None)") ? "None" : s).toList());
  }

  /** The ragged rank a reader of the printed shape assumes: the position of the last ragged dimension. */
  int impliedRaggedRank() {
    int implied = 0;
    for (int i = 0; i < partitions.size(); i++) {
      if (!partitions.get(i).uniform()) {
        implied = i + 1;
      }
    }
    return implied;
  }

  /** This type as the printed shape alone would rebuild it (value counts not carried). */
  RaggedType withoutExtraNvals() {
    List<PartitionType> ps = new ArrayList<>();
    for (PartitionType p : partitions) {
      ps.add(new PartitionType(p.splitsDType(), Dims.UNKNOWN, Dims.UNKNOWN, p.uniform(), p.uniformRowLength()));
    }
    ps.set(0, ps.get(0).withNrows(nrows()));
    List<Long> flat = new ArrayList<>(flatValuesShape);
    flat.set(0, Dims.UNKNOWN);
    return of(dtype, ps, flat);
  }

  @Override
  public String toString() {
    List<String> options = new ArrayList<>();
    options.add(dtype.tfName());
    if (splitsDType() != DType.INT64) {
      options.add("splits=" + splitsDType());
    }
    if (impliedRaggedRank() != raggedRank()) {
      options.add("ragged_rank=" + raggedRank());
    }
    if (!withoutExtraNvals().equals(this)) {
      List<String> nvals = new ArrayList<>();
      for (PartitionType p : partitions) {
        nvals.add(Dims.format(p.nvals()));
      }
      options.add("nvals=" + TypeFormat.bracketed(nvals));
    }
    return "ragged<" + String.join(", ", options) + ">" + TypeFormat.bracketed(dimStrings());
  }
}
