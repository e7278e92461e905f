package dev.tatter.runtime.io;

import dev.tatter.runtime.StringColumn;
import dev.tatter.runtime.Utf8;
import dev.tatter.runtime.Complex128;
import dev.tatter.runtime.Complex64;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.Tensor;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;

/** One {@code .npy} element type: its {@code descr}, the Tatter dtype it is, its width and byte order. */
final class NpyElement {
  private static final Charset UTF_32LE = Charset.forName("UTF-32LE");
  private static final Charset UTF_32BE = Charset.forName("UTF-32BE");

  final String descr;
  final DType dtype;
  final int width;
  final ByteOrder order;
  /** For strings: 'U' (UTF-32 code points) or 'S' (bytes); 0 otherwise. */
  private final char stringKind;

  private NpyElement(String descr, DType dtype, int width, ByteOrder order, char stringKind) {
    this.descr = descr;
    this.dtype = dtype;
    this.width = width;
    this.order = order;
    this.stringKind = stringKind;
  }

  /** The element type of a header's {@code descr} ({@code '<f4'}, {@code '|b1'}, {@code '<U5'}, ...). */
  static NpyElement of(String descr) {
    if (descr.length() < 3) {
      throw unsupported(descr);
    }
    char byteOrder = descr.charAt(0);
    ByteOrder order = switch (byteOrder) {
      case '<', '|', '=' -> ByteOrder.LITTLE_ENDIAN; // '=' native: NumPy writes '<' on every common machine
      case '>' -> ByteOrder.BIG_ENDIAN;
      default -> throw unsupported(descr);
    };
    char kind = descr.charAt(1);
    int size;
    try {
      size = Integer.parseInt(descr.substring(2));
    } catch (NumberFormatException e) {
      throw unsupported(descr);
    }
    DType dtype = switch (kind) {
      case 'b' -> size == 1 ? DType.BOOL : null;
      case 'i' -> switch (size) {
        case 1 -> DType.INT8;
        case 2 -> DType.INT16;
        case 4 -> DType.INT32;
        case 8 -> DType.INT64;
        default -> null;
      };
      case 'f' -> size == 4 ? DType.FLOAT32 : size == 8 ? DType.FLOAT64 : null;
      case 'c' -> size == 8 ? DType.COMPLEX64 : size == 16 ? DType.COMPLEX128 : null; // re then im, each of size/2
      case 'U', 'S' -> DType.STRING;
      default -> null;
    };
    if (dtype == null) {
      throw unsupported(descr);
    }
    if (dtype == DType.STRING) {
      if (size < 0 || (kind == 'U' && size > (Integer.MAX_VALUE - 8) / 4)) {
        throw unsupported(descr);
      }
      return new NpyElement(descr, dtype, kind == 'U' ? 4 * size : size, order, kind);
    }
    return new NpyElement(descr, dtype, size, order, (char) 0);
  }

  private static InvalidArgumentException unsupported(String descr) {
    // a descr is short printable text in any file NumPy wrote; anything else is quoted as a value
    String shown = descr.length() <= 64 && descr.chars().allMatch(c -> c >= 0x20 && c < 0x7f) ? "'" + descr + "'"
        : dev.tatter.runtime.ByteStrings.quotedText(descr);
    return new InvalidArgumentException("npy: dtype " + shown + " is not supported (bool, int8, int16, int32, "
        + "int64, float32, float64, complex64, complex128 and strings are: |b1, <i1, <i2, <i4, <i8, <f4, <f8, <c8, "
        + "<c16, <Un, |Sn)");
  }

  /**
   * How {@code t} is written: little-endian; strings (TF's byte strings) as {@code <U} of the
   * longest one's code points when every element is valid UTF-8, else losslessly as {@code |S}
   * bytes of the longest one.
   */
  static NpyElement forWriting(Tensor t) {
    DType d = t.dtype();
    if (d == DType.STRING) {
      StringColumn strings = t.stringColumn();
      boolean text = true;
      for (int i = 0; i < strings.size() && text; i++) {
        text = strings.isValidUtf8(i);
      }
      int longest = 0;
      for (int i = 0; i < strings.size(); i++) {
        longest = Math.max(longest, text ? codePoints(strings, i) : strings.length(i));
      }
      return text ? new NpyElement("<U" + longest, d, 4 * longest, ByteOrder.LITTLE_ENDIAN, 'U')
          : new NpyElement("|S" + longest, d, longest, ByteOrder.LITTLE_ENDIAN, 'S');
    }
    String descr = switch (d) {
      case BOOL -> "|b1";
      case INT8 -> "|i1";
      case INT16 -> "<i2";
      case INT32 -> "<i4";
      case INT64 -> "<i8";
      case FLOAT32 -> "<f4";
      case FLOAT64 -> "<f8";
      case COMPLEX64 -> "<c8";
      case COMPLEX128 -> "<c16";
      case STRING, UINT8, UINT16, UINT32, UINT64, FLOAT16, BFLOAT16 ->
          throw new InvalidArgumentException("npy: a " + d + " tensor has no NumPy dtype Tatter writes");
    };
    return of(descr);
  }

  Object decode(ByteBuffer in, int count) {
    switch (dtype) {
      case BOOL -> {
        boolean[] out = new boolean[count];
        for (int i = 0; i < count; i++) {
          byte b = in.get();
          if (b != 0 && b != 1) {
            throw new InvalidArgumentException("npy: bool element " + i + " is the byte " + b + ", not 0 or 1");
          }
          out[i] = b == 1;
        }
        return out;
      }
      case INT8 -> {
        byte[] out = new byte[count];
        in.get(out);
        return out;
      }
      case INT16 -> {
        short[] out = new short[count];
        in.asShortBuffer().get(out);
        return out;
      }
      case INT32 -> {
        int[] out = new int[count];
        in.asIntBuffer().get(out);
        return out;
      }
      case INT64 -> {
        long[] out = new long[count];
        in.asLongBuffer().get(out);
        return out;
      }
      case FLOAT32 -> {
        float[] out = new float[count];
        in.asFloatBuffer().get(out);
        return out;
      }
      case FLOAT64 -> {
        double[] out = new double[count];
        in.asDoubleBuffer().get(out);
        return out;
      }
      case COMPLEX64 -> {
        Complex64[] out = new Complex64[count];
        for (int i = 0; i < count; i++) {
          out[i] = new Complex64(in.getFloat(), in.getFloat()); // operands evaluate left to right: re, then im
        }
        return out;
      }
      case COMPLEX128 -> {
        Complex128[] out = new Complex128[count];
        for (int i = 0; i < count; i++) {
          out[i] = new Complex128(in.getDouble(), in.getDouble());
        }
        return out;
      }
      case STRING -> {
        StringColumn.Builder out = StringColumn.builder(count, stringKind == 'S' ? count * width : count * width / 4);
        byte[] cell = new byte[width];
        for (int i = 0; i < count; i++) {
          in.get(cell);
          decodeString(cell, i, out);
        }
        return out.build();
      }
      default -> throw new AssertionError(dtype);
    }
  }

  /** Appends one cell's string: an {@code S} cell's bytes, a {@code U} cell's code points as UTF-8. */
  private void decodeString(byte[] cell, int index, StringColumn.Builder out) {
    int end = cell.length;
    int unit = stringKind == 'U' ? 4 : 1;
    while (end >= unit && isZero(cell, end - unit, unit)) {
      end -= unit; // NumPy pads with NULs and drops trailing ones on reading
    }
    if (stringKind == 'S') {
      out.append(cell, 0, end);
      return;
    }
    ByteBuffer units = ByteBuffer.wrap(cell, 0, end).order(order);
    for (int k = 0; units.hasRemaining(); k++) {
      int cp = units.getInt();
      if (!Character.isValidCodePoint(cp)) {
        throw new InvalidArgumentException("npy: string element " + index + " holds " + Integer.toHexString(cp)
            + ", not a Unicode code point");
      }
      if (cp >= 0xD800 && cp <= 0xDFFF) {
        throw new InvalidArgumentException(String.format("npy: string element %d holds the lone surrogate U+%04X at"
            + " character %d, which UTF-8 cannot encode", index, cp, k));
      }
      out.putCodePoint(cp);
    }
    out.endElement();
  }

  /** The number of code points of a valid UTF-8 element. */
  private static int codePoints(StringColumn strings, int i) {
    int n = 0;
    byte[] b = strings.unsafeBytes();
    for (int k = strings.start(i); k < strings.end(i); k++) {
      if ((b[k] & 0xC0) != 0x80) {
        n++;
      }
    }
    return n;
  }

  private static boolean isZero(byte[] b, int from, int n) {
    for (int i = from; i < from + n; i++) {
      if (b[i] != 0) {
        return false;
      }
    }
    return true;
  }

  byte[] encode(Tensor t) {
    int count = t.size();
    long bytes = (long) count * width;
    if (bytes > Integer.MAX_VALUE - 8) {
      throw new InvalidArgumentException("npy: " + count + " elements of " + descr + " are " + bytes
          + " bytes, more than one array can hold");
    }
    ByteBuffer out = ByteBuffer.allocate((int) bytes).order(ByteOrder.LITTLE_ENDIAN);
    Object data = t.unsafeData();
    switch (dtype) {
      case BOOL -> {
        for (boolean b : (boolean[]) data) {
          out.put((byte) (b ? 1 : 0));
        }
      }
      case INT8 -> out.put((byte[]) data);
      case INT16 -> out.asShortBuffer().put((short[]) data);
      case INT32 -> out.asIntBuffer().put((int[]) data);
      case INT64 -> out.asLongBuffer().put((long[]) data);
      case FLOAT32 -> out.asFloatBuffer().put((float[]) data);
      case FLOAT64 -> out.asDoubleBuffer().put((double[]) data);
      case COMPLEX64 -> {
        for (Complex64 c : (Complex64[]) data) {
          out.putFloat(c.re()).putFloat(c.im());
        }
      }
      case COMPLEX128 -> {
        for (Complex128 c : (Complex128[]) data) {
          out.putDouble(c.re()).putDouble(c.im());
        }
      }
      case STRING -> {
        StringColumn strings = (StringColumn) data;
        byte[] b = strings.unsafeBytes();
        for (int i = 0; i < strings.size(); i++) {
          int start = out.position();
          if (stringKind == 'U') {
            for (int k = strings.start(i); k < strings.end(i); ) {
              int cp = Utf8.decode(b, k, strings.end(i)); // valid: U is chosen only when every element is
              out.putInt(cp);
              k += Utf8.width(cp);
            }
          } else {
            out.put(b, strings.start(i), strings.length(i));
          }
          out.position(start + width);
        }
      }
      default -> throw new AssertionError(dtype);
    }
    return out.array();
  }
}
