package dev.tatter.runtime.kernels.sort;

import dev.tatter.runtime.DType;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.Tensor;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * TF's {@code Unique} and {@code UniqueWithCounts} of a vector: the distinct values in the order
 * they first occur ({@code y}), each element's position in {@code y} ({@code idx}) and how often
 * each occurs ({@code count}). TF's kernel keys a hash map by the element, so -0.0 and 0.0 are one
 * value (the first occurrence's bits are kept) and every NaN is a value of its own. TF returns the
 * three at once; the IR has one node per result ({@code output} 0, 1 or 2), each computing the map.
 */
public final class UniqueKernels {
  private UniqueKernels() {}

  public static Tensor unique(Tensor x, DType outIdx, long output) {
    if (x.rank() != 1) {
      throw new InvalidArgumentException("unique expects a 1D vector, got shape " + Arrays.toString(x.shape()));
    }
    int n = x.size();
    int[] idx = new int[n];
    int[] firsts = new int[n];
    int distinct = 0;
    Map<Object, Integer> seen = new HashMap<>();
    Object[] keys = keys(x);
    for (int i = 0; i < n; i++) {
      Object key = keys[i];
      Integer at = key == null ? null : seen.get(key);
      if (at == null) {
        at = distinct;
        firsts[distinct++] = i;
        if (key != null) {
          seen.put(key, at);
        }
      }
      idx[i] = at;
    }
    if (output == 0) {
      Object y = x.dtype().layout().newArray(distinct);
      Object data = x.unsafeData();
      for (int u = 0; u < distinct; u++) {
        x.dtype().layout().copy(data, firsts[u], y, u, 1); // strings move as their bytes
      }
      return Tensor.wrap(x.dtype(), new int[] {distinct}, y);
    }
    long[] out;
    if (output == 1) {
      out = Arrays.stream(idx).asLongStream().toArray();
    } else {
      out = new long[distinct];
      for (int i : idx) {
        out[i]++;
      }
    }
    if (outIdx == DType.INT32) {
      return Tensor.wrap(DType.INT32, new int[] {out.length}, Arrays.stream(out).mapToInt(v -> (int) v).toArray());
    }
    return Tensor.wrap(DType.INT64, new int[] {out.length}, out);
  }

  /**
   * Each element's map key: its order key (null for a NaN: never equal to another), a string's
   * bytes (as TF's tstring compares: two byte strings that decode to the same text are distinct) or a bool.
   */
  private static Object[] keys(Tensor x) {
    int n = x.size();
    Object[] keys = new Object[n];
    if (x.dtype() == DType.STRING) {
      for (int i = 0; i < n; i++) {
        keys[i] = ByteBuffer.wrap(x.getBytes(i)); // equals and hashCode by content
      }
      return keys;
    }
    if (x.dtype() == DType.BOOL) {
      for (int i = 0; i < n; i++) {
        keys[i] = x.get(i);
      }
      return keys;
    }
    long[] order = OrderKeys.of(x, "unique");
    boolean floating = x.dtype().isFloating();
    for (int i = 0; i < n; i++) {
      keys[i] = floating && order[i] == OrderKeys.NAN ? null : (Object) order[i];
    }
    return keys;
  }
}
