package dev.tatter.runtime.kernels.elementwise;

import dev.tatter.runtime.InvalidArgumentException;
import java.util.Arrays;

/** NumPy broadcasting of two shapes, and the strides that read an operand in row-major or in the result's order. */
public final class Broadcast {
  private Broadcast() {}

  /** Whether NumPy broadcasting accepts {@code a} and {@code b}: from the right, each pair of sizes equal or one of them 1. */
  public static boolean compatible(int[] a, int[] b) {
    for (int i = 1; i <= Math.min(a.length, b.length); i++) {
      int da = a[a.length - i];
      int db = b[b.length - i];
      if (da != db && da != 1 && db != 1) {
        return false;
      }
    }
    return true;
  }

  /** The broadcast shape of {@code a} and {@code b}; throws naming both if they are incompatible. */
  public static int[] shape(int[] a, int[] b) {
    if (!compatible(a, b)) {
      throw new InvalidArgumentException("incompatible shapes: " + Arrays.toString(a) + " vs " + Arrays.toString(b));
    }
    int rank = Math.max(a.length, b.length);
    int[] out = new int[rank];
    for (int i = 0; i < rank; i++) {
      int da = i < rank - a.length ? 1 : a[i - (rank - a.length)];
      int db = i < rank - b.length ? 1 : b[i - (rank - b.length)];
      out[i] = da == 1 ? db : da;
    }
    return out;
  }

  /** The row-major strides of {@code shape}: the flat distance between neighbours along each axis. */
  public static int[] strides(int[] shape) {
    int[] strides = new int[shape.length];
    int stride = 1;
    for (int d = shape.length - 1; d >= 0; d--) {
      strides[d] = stride;
      stride *= shape[d];
    }
    return strides;
  }

  /** Row-major strides to read an operand of {@code shape} at each index of {@code outShape}; 0 where broadcast. */
  public static int[] strides(int[] shape, int[] outShape) {
    int[] strides = new int[outShape.length];
    int stride = 1;
    for (int i = outShape.length - 1; i >= 0; i--) {
      int j = i - (outShape.length - shape.length);
      if (j < 0) {
        strides[i] = 0;
      } else {
        strides[i] = shape[j] == 1 ? 0 : stride;
        stride *= shape[j];
      }
    }
    return strides;
  }

  /**
   * For each flat index of {@code outShape}, the flat index into an operand read with
   * {@code strides}. Used by the unfused kernels; fused loops compute the same offsets inline.
   */
  public static int[] gatherIndex(int[] outShape, int[] strides, int count) {
    int[] index = new int[count];
    int rank = outShape.length;
    int[] counter = new int[rank];
    int offset = 0;
    for (int i = 0; i < count; i++) {
      index[i] = offset;
      for (int axis = rank - 1; axis >= 0; axis--) {
        counter[axis]++;
        offset += strides[axis];
        if (counter[axis] < outShape[axis]) {
          break;
        }
        offset -= strides[axis] * counter[axis];
        counter[axis] = 0;
      }
    }
    return index;
  }
}
