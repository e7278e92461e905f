package dev.tatter.runtime.kernels;

import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.Sizes;
import dev.tatter.runtime.Tensor;
import java.lang.reflect.Array;

/** Kernels that move whole slices of dense tensors: gather and expand_dims. */
public final class ArrayKernels {
  private ArrayKernels() {}

  /**
   * {@code gather}: the slices {@code params[indices[i]]} (TF's {@code tf.gather}, axis 0); the
   * result has shape {@code indices.shape + params.shape[1:]}. An index outside
   * {@code [0, params.shape[0])} is an error naming it, as on TF's CPU.
   */
  public static Tensor gather(Tensor params, Tensor indices) {
    int[] shape = params.shape();
    if (shape.length == 0) {
      throw new InvalidArgumentException("gather params must have rank >= 1, got a scalar");
    }
    int rows = shape[0];
    int slice = 1;
    for (int i = 1; i < shape.length; i++) {
      slice *= shape[i];
    }
    int[] indexShape = indices.shape();
    int[] outShape = new int[indexShape.length + shape.length - 1];
    System.arraycopy(indexShape, 0, outShape, 0, indexShape.length);
    System.arraycopy(shape, 1, outShape, indexShape.length, shape.length - 1);
    int count = Sizes.elementCount(outShape);
    Object in = params.unsafeData();
    Object out = Array.newInstance(in.getClass().getComponentType(), count);
    int n = indices.size();
    for (int i = 0; i < n; i++) {
      long index = indices.getLong(i);
      if (index < 0 || index >= rows) {
        throw new InvalidArgumentException("indices[" + i + "] = " + index + " is not in [0, " + rows + ")");
      }
      System.arraycopy(in, (int) index * slice, out, i * slice, slice);
    }
    return Tensor.wrap(params.dtype(), outShape, out);
  }

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
