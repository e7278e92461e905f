package dev.tatter.runtime.kernels.strings;

import dev.tatter.runtime.ByteStrings;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.StringColumn;
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
    StringColumn in = input.stringColumn();
    if (pos.rank() == 0 || Arrays.equals(input.shape(), pos.shape())) {
      StringColumn.Selection out = StringColumn.selection(in.unsafeBytes(), in.size());
      boolean scalar = pos.rank() == 0;
      for (int i = 0; i < in.size(); i++) {
        one(in, i, at(pos, scalar ? 0 : i), at(len, scalar ? 0 : i), chars, Integer.toString(i), out);
      }
      return Tensor.wrap(DType.STRING, input.shape(), out.build());
    }
    int[] shape = broadcast(input.shape(), pos.shape());
    if (shape.length > 2) {
      throw new InvalidArgumentException("Substr broadcast not implemented for " + shape.length + " dimensions");
    }
    int[] is = padded(input.shape(), shape.length);
    int[] ps = padded(pos.shape(), shape.length);
    int rows = shape.length == 2 ? shape[0] : 1;
    int cols = shape[shape.length - 1];
    StringColumn.Selection out = StringColumn.selection(in.unsafeBytes(), rows * cols);
    for (int r = 0; r < rows; r++) {
      for (int c = 0; c < cols; c++) {
        int inAt = flat(is, r, c);
        int posAt = flat(ps, r, c);
        // TF names a 2-d position "(i, j)" in bytes, but only the row in characters
        String where = shape.length == 1 ? Integer.toString(c) : chars ? Integer.toString(r) : "(" + r + ", " + c + ")";
        one(in, inAt, at(pos, posAt), at(len, posAt), chars, where, out);
      }
    }
    return Tensor.wrap(DType.STRING, shape, out.build());
  }

  /** Selects element {@code i}'s substring (a byte range of it) into {@code out}. */
  private static void one(StringColumn in, int i, long pos, long len, boolean chars, String where, StringColumn.Selection out) {
    Bytes s = new Bytes(in.unsafeBytes(), in.start(i), in.length(i));
    if (!chars) {
      long start = pos < 0 ? s.length() + pos : pos;
      if (start < 0 || start > s.length()) {
        // TF prints b'<the raw bytes>'; quoted here as a value is printed, so no newline of it reaches the message
        throw new InvalidArgumentException("pos " + pos + " out of range for string "
            + ByteStrings.quoted(in.unsafeBytes(), in.start(i), in.end(i)) + " at index " + where);
      }
      // a negative len is a huge size_t to TF's substr: the rest of the string (start + len, compared
      // without overflow: a len past the end is the rest too)
      long end = len < 0 || len > s.length() - start ? s.length() : start + len;
      out.select(s.base + (int) start, s.base + (int) end);
      return;
    }
    long[] range = pos >= 0 ? forwardRange(s, pos, len) : backwardRange(s, pos, len);
    if (range == null) {
      throw new InvalidArgumentException("pos " + pos + " out of range for string at index " + where);
    }
    out.select(s.base + (int) range[0], s.base + (int) range[1]);
  }

  /** One element's bytes in place: {@code b[base, base + length)}, positions relative to {@code base}. */
  private record Bytes(byte[] b, int base, int length) {
    byte at(int k) {
      return b[base + k];
    }
  }

  /** TF's {@code UpdatePositivePosAndLenForUtf8}: start after {@code pos} characters, at most {@code len} more. */
  private static long[] forwardRange(Bytes s, long pos, long len) {
    long[] at = {0};
    if (!forward(s, pos, at)) {
      return null;
    }
    long start = at[0];
    forward(s, len, at); // capped at the end, whether or not there were len characters
    return new long[] {start, at[0]};
  }

  /** TF's {@code UpdateNegativePosAndLenForUtf8}: both ends found by stepping back from the end. */
  private static long[] backwardRange(Bytes s, long pos, long len) {
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
  private static boolean forward(Bytes s, long n, long[] pos) {
    long counted = 0;
    while (counted < n && pos[0] < s.length()) {
      do {
        pos[0]++;
      } while (pos[0] < s.length() && isTrailByte(s.at((int) pos[0])));
      counted++;
    }
    return counted == n;
  }

  /** TF's {@code BackNUTF8CharPositions} (a negative {@code n} fails, as in TF). */
  private static boolean backward(Bytes s, long n, long[] pos) {
    long counted = 0;
    while (counted < n && pos[0] > 0) {
      do {
        pos[0]--;
      } while (pos[0] > 0 && isTrailByte(s.at((int) pos[0])));
      counted++;
    }
    return counted == n;
  }

  private static boolean isTrailByte(byte b) {
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
