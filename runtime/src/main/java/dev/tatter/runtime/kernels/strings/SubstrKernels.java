package dev.tatter.runtime.kernels.strings;

import dev.tatter.runtime.DType;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.Tensor;
import java.util.Arrays;

/**
 * TF's {@code Substr}: for each string, {@code len} bytes or UTF-8 characters from {@code pos}.
 * A negative {@code pos} counts from the end; {@code pos} past either end is an error; a
 * {@code len} running past the end stops there. {@code pos} and {@code len} share one shape:
 * a scalar, the input's shape, or (as TF) a shape broadcasting with the input's to a result of
 * rank 1 or 2. Byte arithmetic follows TF's kernel exactly, including its corners: in bytes a
 * negative {@code len} takes the rest of the string (it becomes a huge unsigned length); in
 * characters a negative {@code len} gives "" from a non-negative {@code pos} and an error from
 * a negative one.
 */
public final class SubstrKernels {
  private SubstrKernels() {}

  /** {@code substr(input, pos, len) {unit}}. */
  public static Tensor substr(Tensor input, Tensor pos, Tensor len, String unit) {
    if (!Arrays.equals(pos.shape(), len.shape())) {
      throw new InvalidArgumentException("pos and len should have the same shape, got: " + tfShape(pos.shape()) + " vs. "
          + tfShape(len.shape()));
    }
    if (pos.size() == 0) {
      throw new InvalidArgumentException("received empty tensor pos_tensor: " + tfShape(pos.shape()));
    }
    boolean chars = unit.equals("UTF8_CHAR");
    String[] in = (String[]) input.unsafeData();
    if (pos.rank() == 0 || Arrays.equals(input.shape(), pos.shape())) {
      String[] out = new String[in.length];
      boolean scalar = pos.rank() == 0;
      for (int i = 0; i < in.length; i++) {
        out[i] = one(in[i], at(pos, scalar ? 0 : i), at(len, scalar ? 0 : i), chars, Integer.toString(i));
      }
      return Tensor.wrap(DType.STRING, input.shape(), out);
    }
    int[] shape = broadcast(input.shape(), pos.shape());
    if (shape.length > 2) {
      throw new InvalidArgumentException("Substr broadcast not implemented for " + shape.length + " dimensions");
    }
    int[] is = padded(input.shape(), shape.length);
    int[] ps = padded(pos.shape(), shape.length);
    int rows = shape.length == 2 ? shape[0] : 1;
    int cols = shape[shape.length - 1];
    String[] out = new String[rows * cols];
    for (int r = 0; r < rows; r++) {
      for (int c = 0; c < cols; c++) {
        int inAt = flat(is, r, c);
        int posAt = flat(ps, r, c);
        // TF names a 2-d position "(i, j)" in bytes, but only the row in characters
        String where = shape.length == 1 ? Integer.toString(c) : chars ? Integer.toString(r) : "(" + r + ", " + c + ")";
        out[r * cols + c] = one(in[inAt], at(pos, posAt), at(len, posAt), chars, where);
      }
    }
    return Tensor.wrap(DType.STRING, shape, out);
  }

  private static String one(String s, long pos, long len, boolean chars, String where) {
    if (!chars) {
      long start = pos < 0 ? s.length() + pos : pos;
      if (start < 0 || start > s.length()) {
        throw new InvalidArgumentException("pos " + pos + " out of range for string b'" + s + "' at index " + where);
      }
      // a negative len is a huge size_t to TF's substr: the rest of the string (start + len, compared
      // without overflow: a len past the end is the rest too)
      long end = len < 0 || len > s.length() - start ? s.length() : start + len;
      return s.substring((int) start, (int) end);
    }
    long[] range = pos >= 0 ? forwardRange(s, pos, len) : backwardRange(s, pos, len);
    if (range == null) {
      throw new InvalidArgumentException("pos " + pos + " out of range for string at index " + where);
    }
    return s.substring((int) range[0], (int) range[1]);
  }

  /** TF's {@code UpdatePositivePosAndLenForUtf8}: start after {@code pos} characters, at most {@code len} more. */
  private static long[] forwardRange(String s, long pos, long len) {
    long[] at = {0};
    if (!forward(s, pos, at)) {
      return null;
    }
    long start = at[0];
    forward(s, len, at); // capped at the end, whether or not there were len characters
    return new long[] {start, at[0]};
  }

  /** TF's {@code UpdateNegativePosAndLenForUtf8}: both ends found by stepping back from the end. */
  private static long[] backwardRange(String s, long pos, long len) {
    long[] end = {s.length()};
    // TF computes skip = -pos - len and zeroes it if negative; its compiled code tests -pos < len,
    // so where -pos - len passes int64 the wrapped, negative skip remains and fails as TF's does
    long skip = -pos < len ? 0 : -pos - len;
    if (!backward(s, skip, end)) {
      return null;
    }
    long[] start = {end[0]};
    if (!backward(s, -pos - skip, start)) {
      return null;
    }
    return new long[] {start[0], end[0]};
  }

  /** TF's {@code ForwardNUTF8CharPositions}: whether {@code n} characters were there to step over. */
  private static boolean forward(String s, long n, long[] pos) {
    long counted = 0;
    while (counted < n && pos[0] < s.length()) {
      do {
        pos[0]++;
      } while (pos[0] < s.length() && isTrailByte(s.charAt((int) pos[0])));
      counted++;
    }
    return counted == n;
  }

  /** TF's {@code BackNUTF8CharPositions} (a negative {@code n} fails, as in TF). */
  private static boolean backward(String s, long n, long[] pos) {
    long counted = 0;
    while (counted < n && pos[0] > 0) {
      do {
        pos[0]--;
      } while (pos[0] > 0 && isTrailByte(s.charAt((int) pos[0])));
      counted++;
    }
    return counted == n;
  }

  private static boolean isTrailByte(char b) {
    return (b & 0xC0) == 0x80;
  }

  private static long at(Tensor t, int i) {
    return t.unsafeData() instanceof int[] a ? a[i] : ((long[]) t.unsafeData())[i];
  }

  private static int[] broadcast(int[] a, int[] b) {
    int rank = Math.max(a.length, b.length);
    int[] pa = padded(a, rank);
    int[] pb = padded(b, rank);
    int[] out = new int[rank];
    for (int d = 0; d < rank; d++) {
      if (pa[d] != pb[d] && pa[d] != 1 && pb[d] != 1) {
        throw new InvalidArgumentException("Incompatible shapes: " + tfShape(a) + " vs. " + tfShape(b));
      }
      out[d] = pa[d] == 1 ? pb[d] : pa[d];
    }
    return out;
  }

  private static int[] padded(int[] shape, int rank) {
    int[] out = new int[rank];
    Arrays.fill(out, 1);
    System.arraycopy(shape, 0, out, rank - shape.length, shape.length);
    return out;
  }

  private static int flat(int[] shape, int r, int c) {
    int col = shape[shape.length - 1] == 1 ? 0 : c;
    if (shape.length == 1) {
      return col;
    }
    return (shape[0] == 1 ? 0 : r) * shape[1] + col;
  }

  static String tfShape(int[] shape) {
    return "[" + String.join(",", Arrays.stream(shape).mapToObj(Integer::toString).toList()) + "]";
  }
}
