package dev.tatter.runtime.kernels.array;

import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.Sizes;
import dev.tatter.runtime.Tensor;
import java.util.Arrays;

/**
 * TF's {@code OneHot}: the indices' shape with a dimension of size {@code depth} inserted at
 * {@code axis}; {@code on_value} where the index equals the position along it, {@code off_value}
 * elsewhere (an index outside {@code [0, depth)}, negative included, gives a row of off values, as
 * in TF).
 */
public final class OneHotKernels {
  private OneHotKernels() {}

  public static Tensor oneHot(Tensor indices, Tensor onValue, Tensor offValue, long depth, long axis) {
    if (depth < 0) {
      throw new InvalidArgumentException("depth must be non-negative, got: " + depth);
    }
    if (onValue.rank() != 0 || offValue.rank() != 0) {
      throw new InvalidArgumentException("on_value and off_value must be scalars, got shapes "
          + Arrays.toString(onValue.shape()) + " and " + Arrays.toString(offValue.shape()));
    }
    int[] shape = indices.shape();
    if (axis < 0 || axis > shape.length) {
      throw new InvalidArgumentException("Expected axis to be -1 or between [0, " + (shape.length + 1) + ").  But received: "
          + axis);
    }
    int a = (int) axis;
    int[] outShape = new int[shape.length + 1];
    System.arraycopy(shape, 0, outShape, 0, a);
    outShape[a] = Sizes.toIntSize(depth, "depth");
    System.arraycopy(shape, a, outShape, a + 1, shape.length - a);
    int count = Sizes.elementCount(outShape);
    Object out = onValue.dtype().layout().newArray(count);
    ShapeKernels.fillWith(onValue.dtype().layout(), out, count, offValue.unsafeData());
    int suffix = 1;
    for (int d = a; d < shape.length; d++) {
      suffix *= shape[d];
    }
    long[] idx = indices.toLongArray();
    Object on = onValue.unsafeData();
    int d = outShape[a];
    for (int i = 0; i < idx.length; i++) {
      long v = idx[i];
      if (v >= 0 && v < d) {
        int prefix = i / suffix;
        int within = i % suffix;
        onValue.dtype().layout().copy(on, 0, out, (prefix * d + (int) v) * suffix + within, 1);
      }
    }
    return Tensor.wrap(onValue.dtype(), outShape, out);
  }
}
