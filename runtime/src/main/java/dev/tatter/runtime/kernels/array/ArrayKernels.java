package dev.tatter.runtime.kernels.array;

import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.Tensor;
import dev.tatter.runtime.kernels.gather.GatherKernels;

/** Kernels that reshape dense tensors without copying: expand_dims (gathers are {@link GatherKernels}). */
public final class ArrayKernels {
  private ArrayKernels() {}

  /** {@code expand_dims}: the same values with a dimension of size 1 inserted at {@code axis} (already >= 0). */
  public static Tensor expandDims(Tensor x, long axis) {
    int[] shape = x.shape();
    if (axis < 0 || axis > shape.length) {
      throw new InvalidArgumentException("axis " + axis + " is out of range for a tensor of rank " + shape.length);
    }
    int[] out = new int[shape.length + 1];
    System.arraycopy(shape, 0, out, 0, (int) axis);
    out[(int) axis] = 1;
    System.arraycopy(shape, (int) axis, out, (int) axis + 1, shape.length - (int) axis);
    return x.reshape(out);
  }

}
