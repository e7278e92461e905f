package dev.tatter.ir.types;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;

import com.google.common.collect.ImmutableList;
import com.google.common.primitives.Longs;
import dev.tatter.runtime.DType;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The type of a sparse tensor: the dtype of its values and the static shape of the dense tensor
 * it stands for (TF's {@code st.shape}); the number of stored values is never static. Prints as
 * {@code sparse<float32>[4, 3]}.
 */
public record SparseType(DType dtype, List<Long> shape) implements Type {
  public SparseType {
    shape = ImmutableList.copyOf(checkNotNull(shape, "shape")); // immutable, nulls refused
    checkNotNull(dtype, "dtype");
    checkNotNull(shape, "shape");
    checkArgument(!shape.isEmpty(), "a sparse tensor has rank >= 1");
    for (long d : shape) {
      checkArgument(d >= Dims.UNKNOWN, "invalid dimension %s in %s", d, shape);
    }
  }

  public static SparseType of(DType dtype, long... shape) {
    return new SparseType(dtype, ImmutableList.copyOf(Longs.asList(shape)));
  }

  public int rank() {
    return shape.size();
  }

  public long dim(int axis) {
    return shape.get(axis);
  }

  /** The dense shape as TF prints a {@code TensorShape}: {@code (3, 4)}. */
  public String tfShape() {
    return TypeFormat.tfShape(shape.stream().map(Dims::format).collect(Collectors.toList()));
  }

  @Override
  public String toString() {
    return "sparse<" + dtype + ">" + TypeFormat.bracketed(shape.stream().map(Dims::format).collect(Collectors.toList()));
  }
}
