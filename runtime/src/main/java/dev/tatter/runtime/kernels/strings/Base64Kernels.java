package dev.tatter.runtime.kernels.strings;

import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.StringColumn;
import dev.tatter.runtime.Tensor;

/**
 * TF's {@code tf.io.encode_base64} and {@code decode_base64} (raw {@code EncodeBase64},
 * {@code DecodeBase64}): the web-safe alphabet of RFC 4648 section 5 ({@code -} and {@code _}
 * for 62 and 63), each string's bytes as they are. Encoding pads with {@code =} only when asked;
 * decoding takes a string padded or not and refuses what TF's decoder refuses, with its message: a
 * character outside the alphabet (the standard alphabet's {@code +} and {@code /} too), a
 * {@code =} anywhere but the last one or two places of the last four, and a length of 1 modulo
 * 4. Like TF's, the decoder ignores the unused low bits of a last group.
 */
public final class Base64Kernels {
  private Base64Kernels() {}

  private static final byte[] ALPHABET =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".getBytes(java.nio.charset.StandardCharsets.US_ASCII);

  /** Each byte's 6-bit value, or -1 for a byte outside the web-safe alphabet ({@code =} included). */
  private static final int[] SEXTET = new int[256];

  static {
    java.util.Arrays.fill(SEXTET, -1);
    for (int v = 0; v < ALPHABET.length; v++) {
      SEXTET[ALPHABET[v]] = v;
    }
  }

  /** {@code encode_base64}: each string as web-safe base64, padded to a multiple of 4 with {@code =} when {@code pad}. */
  public static Tensor encode(Tensor input, boolean pad) {
    StringColumn in = input.stringColumn();
    byte[] b = in.unsafeBytes();
    long total = 0;
    for (int i = 0; i < in.size(); i++) {
      long n = in.length(i);
      total += pad ? (n + 2) / 3 * 4 : (n * 4 + 2) / 3;
    }
    StringColumn.Builder out = StringColumn.builder(in.size(), StringColumn.checkedBytes(total, "encode_base64's result"));
    for (int i = 0; i < in.size(); i++) {
      int p = in.start(i);
      int end = in.end(i);
      for (; end - p >= 3; p += 3) {
        int bits = (b[p] & 0xFF) << 16 | (b[p + 1] & 0xFF) << 8 | (b[p + 2] & 0xFF);
        out.put(ALPHABET[bits >>> 18]).put(ALPHABET[bits >>> 12 & 63]).put(ALPHABET[bits >>> 6 & 63]).put(ALPHABET[bits & 63]);
      }
      if (end - p == 2) {
        int bits = (b[p] & 0xFF) << 16 | (b[p + 1] & 0xFF) << 8;
        out.put(ALPHABET[bits >>> 18]).put(ALPHABET[bits >>> 12 & 63]).put(ALPHABET[bits >>> 6 & 63]);
        if (pad) {
          out.put((byte) '=');
        }
      } else if (end - p == 1) {
        int bits = (b[p] & 0xFF) << 16;
        out.put(ALPHABET[bits >>> 18]).put(ALPHABET[bits >>> 12 & 63]);
        if (pad) {
          out.put((byte) '=').put((byte) '=');
        }
      }
      out.endElement();
    }
    return Tensor.ofStrings(out.build(), input.shape());
  }

  /** {@code decode_base64}: each web-safe base64 string's bytes; an invalid string is an error naming its element. */
  public static Tensor decode(Tensor input) {
    StringColumn in = input.stringColumn();
    byte[] b = in.unsafeBytes();
    StringColumn.Builder out = StringColumn.builder(in.size(), (int) Math.min(in.byteCount() / 4 * 3 + 3, StringColumn.MAX_BYTES));
    for (int i = 0; i < in.size(); i++) {
      int p = in.start(i);
      int end = in.end(i);
      if (p == end) {
        out.endElement();
        continue;
      }
      for (; end - p > 4; p += 4) {
        int bits = quad(b[p], b[p + 1], b[p + 2], b[p + 3], i);
        out.put((byte) (bits >>> 16)).put((byte) (bits >>> 8)).put((byte) bits);
      }
      // the last four: one or two '=' at its end are padding (TF's rule, so "x=y=" is not padding but an error)
      if (end - p == 4 && b[p + 3] == '=') {
        end -= b[p + 2] == '=' ? 2 : 1;
      }
      int remain = end - p;
      if (remain == 1) {
        throw new InvalidArgumentException("decode_base64: element " + i + ": Base64 string length cannot be 1 modulo 4.");
      }
      byte c2 = remain > 2 ? b[p + 2] : ALPHABET[0];
      byte c3 = remain > 3 ? b[p + 3] : ALPHABET[0];
      int bits = quad(b[p], b[p + 1], c2, c3, i);
      out.put((byte) (bits >>> 16));
      if (remain > 2) {
        out.put((byte) (bits >>> 8));
      }
      if (remain > 3) {
        out.put((byte) bits);
      }
      out.endElement();
    }
    return Tensor.ofStrings(out.build(), input.shape());
  }

  private static int quad(byte c0, byte c1, byte c2, byte c3, int element) {
    int s0 = SEXTET[c0 & 0xFF];
    int s1 = SEXTET[c1 & 0xFF];
    int s2 = SEXTET[c2 & 0xFF];
    int s3 = SEXTET[c3 & 0xFF];
    if ((s0 | s1 | s2 | s3) < 0) {
      throw new InvalidArgumentException("decode_base64: element " + element + ": Invalid character found in base64.");
    }
    return s0 << 18 | s1 << 12 | s2 << 6 | s3;
  }
}
