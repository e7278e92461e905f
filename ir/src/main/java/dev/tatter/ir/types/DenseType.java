package dev.tatter.ir.types;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;

import com.google.common.collect.ImmutableList;
import com.google.common.primitives.Longs;
import dev.tatter.runtime.DType;
import java.util.List;
import java.util.stream.Collectors;

/** A dense tensor type: {@code tensor<float32>[2, None]}; rank 0 prints as {@code tensor<float32>[]}. */
public record DenseType(DType dtype, List<Long> shape) implements Type {
  public DenseType {
    shape = ImmutableList.copyOf(checkNotNull(shape, "shape")); // immutable, nulls refused
    checkNotNull(dtype, "dtype");
    checkNotNull(shape, "shape");
    for (long d : shape) {
      checkArgument(d >= Dims.UNKNOWN, "invalid dimension %s in %s", d, shape);
      Dims.checkFits(d, "dimension");
    }
  }

  public static DenseType of(DType dtype, long... shape) {
    return new DenseType(dtype, ImmutableList.copyOf(Longs.asList(shape)));
  }

  public static DenseType scalar(DType dtype) {
    return new DenseType(dtype, ImmutableList.of());
  }

  public int rank() {
    return shape.size();
  }

  public long dim(int axis) {
    return shape.get(axis);
  }

  /** The number of elements, or UNKNOWN. */
  public long elementCount() {
    return Dims.product(shape);
  }

  /** The shape as TF prints a {@code TensorShape}: {@code (2, None)}. */
  public String tfShape() {
    return TypeFormat.tfShape(shape.stream().map(Dims::format).collect(Collectors.toList()));
  }

  @Override
  public String toString() {
    return "tensor<" + dtype + ">" + TypeFormat.bracketed(shape.stream().map(Dims::format).collect(Collectors.toList()));
  }
}
