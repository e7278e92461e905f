package dev.tatter.runtime.kernels.array;

import dev.tatter.runtime.DType;
import dev.tatter.runtime.DTypeLayout;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.Sizes;
import dev.tatter.runtime.Tensor;
import dev.tatter.runtime.kernels.elementwise.Broadcast;
import java.util.Arrays;

/**
 * Dense shapes as values and the ops that read them: {@code shape}, {@code size} (TF's {@code
 * Shape}, {@code Size}), {@code reshape} (TF's {@code Reshape}: a shape vector, at most one -1),
 * {@code squeeze}, {@code broadcast_to} and {@code fill} (TF's {@code BroadcastTo}, {@code Fill}).
 * A shape operand is an int32 or int64 vector; every size it gives is checked against the element
 * limit before anything is allocated. Reshape and squeeze share the input's array (tensors are
 * immutable).
 */
public final class ShapeKernels {
  private ShapeKernels() {}

  /** TF's {@code Shape}: the dims of {@code x} as an {@code outType} (int32 or int64) vector. */
  public static Tensor shape(Tensor x, DType outType) {
    return dims(x.shape(), outType);
  }

  /** TF's {@code Size}: the element count of {@code x} as an {@code outType} scalar. */
  public static Tensor size(Tensor x, DType outType) {
    return outType == DType.INT32 ? Tensor.scalar(DType.INT32, x.size()) : Tensor.scalar(DType.INT64, (long) x.size());
  }

  /** A shape as an int32 or int64 vector. */
  static Tensor dims(int[] shape, DType outType) {
    if (outType == DType.INT32) {
      return Tensor.wrap(DType.INT32, new int[] {shape.length}, shape.clone());
    }
    return Tensor.wrap(DType.INT64, new int[] {shape.length}, Arrays.stream(shape).asLongStream().toArray());
  }

  /** The sizes of a shape vector (int32 or int64), unchecked. */
  static long[] sizes(Tensor shape, String what) {
    if (shape.rank() != 1 || (shape.dtype() != DType.INT32 && shape.dtype() != DType.INT64)) {
      throw new InvalidArgumentException(what + " must be an int32 or int64 vector, got " + shape.dtype()
          + Arrays.toString(shape.shape()));
    }
    return shape.toLongArray();
  }

  /**
   * TF's {@code Reshape}: the same elements in the shape {@code shape} gives, one of whose sizes may
   * be -1 (inferred from the element count), with TF's messages.
   */
  public static Tensor reshape(Tensor x, Tensor shape) {
    return x.reshape(resolve(Arrays.stream(x.shape()).asLongStream().toArray(), sizes(shape, "shape")));
  }

  /**
   * Reshape's target shape for an input of shape {@code input}, as TF's kernel resolves it: sizes
   * checked, a -1 filled in from the element count — where the target has a zero size, from the
   * product of the input's non-zero sizes, so the other sizes can still be inferred (TF's rule) —
   * and the element counts compared.
   */
  public static int[] resolve(long[] input, long[] requested) {
    int unknown = -1;
    long product = 1;
    boolean zeroInTarget = false;
    for (int i = 0; i < requested.length; i++) {
      long d = requested[i];
      if (d == -1) {
        if (unknown >= 0) {
          throw new InvalidArgumentException("only one input size may be -1, not both " + unknown + " and " + i);
        }
        unknown = i;
      } else if (d < 0) {
        throw new InvalidArgumentException("size " + i + " must be non-negative, not " + d);
      } else if (d == 0) {
        zeroInTarget = true;
      } else {
        product = Sizes.checkedProduct(product, d);
      }
    }
    long count = 1;
    for (long d : input) {
      count = Sizes.checkedProduct(count, d);
    }
    long[] out = requested.clone();
    if (unknown >= 0) {
      long counted = 1;
      boolean zeroInInput = false;
      for (long d : input) {
        if (d > 0 || !zeroInTarget) {
          counted *= d;
        } else {
          zeroInInput = true;
        }
      }
      long missing = counted / product;
      if (!zeroInInput && product * missing != counted) {
        throw new InvalidArgumentException("Input to reshape is a tensor with " + counted
            + " values, but the requested shape requires a multiple of " + product);
      }
      out[unknown] = missing;
    }
    long total = 1;
    for (long d : out) {
      total = Sizes.checkedProduct(total, d);
    }
    if (total != count) {
      throw new InvalidArgumentException("Input to reshape is a tensor with " + count
          + " values, but the requested shape has " + total);
    }
    return Sizes.toIntShape(out);
  }

  /**
   * TF's {@code Squeeze}: {@code x} without the dims {@code axis} names (non-negative, sorted by
   * the builder), each of which must have size 1; none named removes every dim of size 1.
   */
  public static Tensor squeeze(Tensor x, long[] axis) {
    int[] shape = x.shape();
    boolean[] drop = new boolean[shape.length];
    if (axis.length == 0) {
      for (int d = 0; d < shape.length; d++) {
        drop[d] = shape[d] == 1;
      }
    }
    for (long a : axis) {
      if (a < 0 || a >= shape.length) {
        throw new InvalidArgumentException("Tried to squeeze dim index " + a + " for tensor with " + shape.length
            + " dimensions.");
      }
      if (shape[(int) a] != 1) {
        throw new InvalidArgumentException("Can not squeeze dim[" + a + "], expected a dimension of 1, got "
            + shape[(int) a]);
      }
      drop[(int) a] = true;
    }
    int[] out = new int[shape.length];
    int r = 0;
    for (int d = 0; d < shape.length; d++) {
      if (!drop[d]) {
        out[r++] = shape[d];
      }
    }
    return x.reshape(Arrays.copyOf(out, r));
  }

  /**
   * TF's {@code BroadcastTo}: {@code x} broadcast to {@code shape} (NumPy's rule, the target's
   * rank at least x's), copying runs of the innermost dims that are not broadcast at once.
   */
  public static Tensor broadcastTo(Tensor x, Tensor shape) {
    int[] target = Sizes.toIntShape(nonNegative(sizes(shape, "shape"), "broadcast_to"));
    int[] from = x.shape();
    boolean fits = from.length <= target.length;
    for (int i = 1; fits && i <= from.length; i++) {
      int f = from[from.length - i];
      fits = f == 1 || f == target[target.length - i];
    }
    if (!fits) {
      throw new InvalidArgumentException("Unable to broadcast tensor of shape " + Arrays.toString(from)
          + " to tensor of shape " + Arrays.toString(target));
    }
    int count = Sizes.elementCount(target);
    Object out = x.dtype().layout().newArray(count);
    if (count == 0) {
      return Tensor.wrap(x.dtype(), target, out);
    }
    // the innermost dims copied whole: those equal to the target's, from the end
    int run = 1;
    int inner = 0;
    while (inner < from.length && from[from.length - 1 - inner] == target[target.length - 1 - inner]) {
      run *= target[target.length - 1 - inner];
      inner++;
    }
    int[] outer = Arrays.copyOf(target, target.length - inner);
    int[] outerFrom = Arrays.copyOf(from, from.length - inner);
    int blocks = count / Math.max(run, 1);
    int[] index = Broadcast.gatherIndex(outer, Broadcast.strides(outerFrom, outer), blocks);
    Object in = x.unsafeData();
    for (int b = 0; b < blocks; b++) {
      x.dtype().layout().copy(in, index[b] * run, out, b * run, run); // strings move as their bytes' places
    }
    return Tensor.wrap(x.dtype(), target, out);
  }

  /** TF's {@code Fill}: a tensor of shape {@code dims} holding the scalar {@code value} everywhere. */
  public static Tensor fill(Tensor dims, Tensor value) {
    if (value.rank() != 0) {
      throw new InvalidArgumentException("value must be a scalar, got shape " + Arrays.toString(value.shape()));
    }
    int[] shape = Sizes.toIntShape(nonNegative(sizes(dims, "dims"), "fill"));
    int count = Sizes.elementCount(shape);
    Object out = value.dtype().layout().newArray(count);
    fillWith(value.dtype().layout(), out, count, value.unsafeData());
    return Tensor.wrap(value.dtype(), shape, out);
  }

  /**
   * {@code out[0, count)} (from {@code layout.newArray}) set to the one element of {@code scalar}
   * (an array of one), by doubling copies.
   */
  static void fillWith(DTypeLayout layout, Object out, int count, Object scalar) {
    if (count == 0) {
      return;
    }
    layout.copy(scalar, 0, out, 0, 1);
    for (int filled = 1; filled < count; filled *= 2) {
      layout.copy(out, 0, out, filled, Math.min(filled, count - filled));
    }
  }

  private static long[] nonNegative(long[] sizes, String op) {
    for (int i = 0; i < sizes.length; i++) {
      if (sizes[i] < 0) {
        throw new InvalidArgumentException(op + ": dimension " + i + " must be non-negative, got " + sizes[i]);
      }
    }
    return sizes;
  }
}
