package dev.tatter.runtime.kernels.array;

import dev.tatter.runtime.DType;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.Scalars;
import dev.tatter.runtime.Sizes;
import dev.tatter.runtime.Tensor;
import java.lang.reflect.Array;

/** {@code tf.sequence_mask(lengths, maxlen, dtype)}: {@code mask[i..., j] = j < lengths[i...]}. */
public final class SequenceMaskKernels {
  private SequenceMaskKernels() {}

  /** {@code maxlen < 0} stands for TF's default, the largest length (0 for no lengths). */
  public static Tensor sequenceMask(Tensor lengths, long maxlen, DType dtype) {
    if (dtype == DType.STRING) {
      throw new InvalidArgumentException("sequence_mask cannot produce strings");
    }
    long width = maxlen;
    if (width < 0) {
      width = 0;
      for (int i = 0; i < lengths.size(); i++) {
        width = Math.max(width, lengths.getLong(i));
      }
    }
    int[] shape = lengths.shape();
    int[] out = java.util.Arrays.copyOf(shape, shape.length + 1);
    out[shape.length] = Sizes.toIntSize(width, "maxlen of sequence_mask");
    int count = Sizes.elementCount(out);
    Object data = Array.newInstance(dtype.arrayClass().getComponentType(), count);
    Object one = dtype == DType.BOOL ? (Object) Boolean.TRUE : (Object) 1L;
    int w = out[shape.length];
    for (int i = 0; i < lengths.size(); i++) {
      long length = lengths.getLong(i);
      for (int j = 0; j < w && j < length; j++) {
        Scalars.store(dtype, data, i * w + j, one);
      }
    }
    return Tensor.wrap(dtype, out, data);
  }
}
