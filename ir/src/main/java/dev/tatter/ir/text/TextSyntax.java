package dev.tatter.ir.text;

import com.google.common.collect.ImmutableList;
import dev.tatter.runtime.ByteStrings;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.Scalars;
import dev.tatter.runtime.Tensor;
import dev.tatter.runtime.Utf8;
import java.util.ArrayList;
import java.util.List;

/** How attribute values and literals are spelled in the textual IR; the parser reads the same spelling. */
public final class TextSyntax {
  private TextSyntax() {}

  /** An attribute value as printed: {@code true}, {@code 3}, {@code 2.5}, {@code "s"}, {@code int32}, a tensor or a list. */
  public static String formatAttribute(Object value) {
    if (value instanceof Tensor t) {
      return formatTensor(t);
    }
    if (value instanceof dev.tatter.runtime.RaggedTensor rt) {
      StringBuilder out = new StringBuilder();
      out.append(dev.tatter.ir.ops.RaggedConstantOps.typeOf(rt)).append(' ');
      appendLiteral(out, rt.dtype() == DType.STRING ? byteStrings(rt) : rt.toList(), rt.dtype());
      return out.toString();
    }
    if (value instanceof Double d) {
      return Scalars.formatFloat(d, false);
    }
    if (value instanceof String s) {
      return quote(s);
    }
    if (value instanceof ImmutableList<?> list) {
      return "[" + String.join(", ", list.stream().map(String::valueOf).toList()) + "]";
    }
    return String.valueOf(value);
  }

  /** A dense tensor literal: its type, then its values as nested lists: {@code tensor<int32>[2] [1, 2]}. */
  public static String formatTensor(Tensor t) {
    StringBuilder out = new StringBuilder();
    out.append(dev.tatter.ir.ops.CoreOps.typeOf(t)).append(' ');
    appendLiteral(out, t.dtype() == DType.STRING ? byteStrings(t, t.shape(), 0, 0) : t.toList(), t.dtype());
    return out.toString();
  }

  /**
   * A string tensor's elements as nested lists of byte strings ({@link #quote} prints each byte
   * exactly; {@code toList} would decode them as text).
   */
  private static Object byteStrings(Tensor t, int[] shape, int axis, int offset) {
    if (axis == shape.length) {
      return ByteStrings.of(t.getBytes(offset));
    }
    int stride = 1;
    for (int a = axis + 1; a < shape.length; a++) {
      stride *= shape[a];
    }
    List<Object> out = new ArrayList<>(shape[axis]);
    for (int i = 0; i < shape[axis]; i++) {
      out.add(byteStrings(t, shape, axis + 1, offset + i * stride));
    }
    return out;
  }

  /** A ragged string tensor's rows as nested lists of byte strings. */
  private static Object byteStrings(dev.tatter.runtime.RaggedTensor rt) {
    Tensor flat = rt.flatValues();
    int[] inner = java.util.Arrays.copyOfRange(flat.shape(), 1, flat.rank());
    int rowSize = java.util.Arrays.stream(inner).reduce(1, (a, b) -> a * b);
    return rows(rt.nestedPartitions(), 0, 0, rt.nrows(), flat, inner, rowSize);
  }

  private static List<Object> rows(List<dev.tatter.runtime.RowPartition> partitions, int level, int start, int count, Tensor flat,
      int[] inner, int rowSize) {
    List<Object> out = new ArrayList<>(count);
    for (int r = start; r < start + count; r++) {
      if (level == partitions.size()) {
        out.add(inner.length == 0 ? ByteStrings.of(flat.getBytes(r)) : byteStrings(flat, inner, 0, r * rowSize));
      } else {
        dev.tatter.runtime.RowPartition p = partitions.get(level);
        out.add(rows(partitions, level + 1, p.rowStart(r), p.rowLength(r), flat, inner, rowSize));
      }
    }
    return out;
  }

  private static void appendLiteral(StringBuilder out, Object nested, DType dtype) {
    if (nested instanceof List<?> list) {
      out.append('[');
      for (int i = 0; i < list.size(); i++) {
        if (i > 0) {
          out.append(", ");
        }
        appendLiteral(out, list.get(i), dtype);
      }
      out.append(']');
    } else if (dtype == DType.UINT64 && nested instanceof Long raw) {
      out.append(Long.toUnsignedString(raw));
    } else if (nested instanceof dev.tatter.runtime.Complex64 c) {
      out.append("complex(re=").append(Scalars.formatFloat(c.re(), true))
          .append(", im=").append(Scalars.formatFloat(c.im(), true)).append(')');
    } else if (nested instanceof dev.tatter.runtime.Complex128 c) {
      out.append("complex(re=").append(Scalars.formatFloat(c.re(), false))
          .append(", im=").append(Scalars.formatFloat(c.im(), false)).append(')');
    } else if (dtype.isFloating() && nested instanceof Float f) {
      out.append(Scalars.formatFloat(f, dtype)); // the shortest digits that read back as this dtype
    } else {
      out.append(formatScalar(nested));
    }
  }

  /** One element: floats round-trip exactly (shortest digits, {@code nan}, {@code -inf}, {@code -0.0}). */
  public static String formatScalar(Object element) {
    if (element instanceof Float f) {
      return Scalars.formatFloat(f, true);
    }
    if (element instanceof Double d) {
      return Scalars.formatFloat(d, false);
    }
    if (element instanceof String s) {
      return quote(s);
    }
    return String.valueOf(element);
  }

  /**
   * A string literal of a byte string (see {@link dev.tatter.runtime.ByteStrings}): valid UTF-8
   * prints as its characters, {@code "} and {@code \\} escaped, {@code \n \r \t} by name, other
   * control characters as {@code \\uXXXX}, and each byte that is not part of valid UTF-8 as
   * {@code \\xNN}, so that any value prints on one line and reads back exactly. A string holding
   * chars above 0xFF is taken as Java text and printed as its UTF-8 encoding.
   */
  public static String quote(String s) {
    byte[] b = ByteStrings.bytes(ByteStrings.isByteString(s) ? s : ByteStrings.fromText(s));
    StringBuilder out = new StringBuilder("\"");
    int i = 0;
    while (i < b.length) {
      int c = Utf8.decode(b, i, b.length);
      int width = c < 0 ? 1 : Utf8.width(c);
      if (c < 0) {
        out.append(String.format("\\x%02x", b[i] & 0xFF));
      } else if (c == '"') {
        out.append("\\\"");
      } else if (c == '\\') {
        out.append("\\\\");
      } else if (c == '\n') {
        out.append("\\n");
      } else if (c == '\r') {
        out.append("\\r");
      } else if (c == '\t') {
        out.append("\\t");
      } else if (c < 0x20 || (c >= 0x7f && c < 0xa0) || Character.getType(c) == Character.FORMAT
          || Character.getType(c) == Character.UNASSIGNED || c == 0x2028 || c == 0x2029) {
        if (c > 0xFFFF) {
          for (char unit : Character.toChars(c)) {
            out.append(String.format("\\u%04x", (int) unit));
          }
        } else {
          out.append(String.format("\\u%04x", c));
        }
      } else {
        out.appendCodePoint(c);
      }
      i += width;
    }
    return out.append('"').toString();
  }

  /**
   * The inverse of {@link #quote}: the byte string a literal denotes. {@code quoted} includes the
   * quotes and is a STRING token of the grammar, which also admits JSON's {@code \\/ \\b \\f};
   * characters and {@code \\u} escapes (a surrogate pair of escapes is one character) stand for
   * their UTF-8 bytes, {@code \\xNN} for the byte NN.
   */
  public static String unquote(String quoted) {
    StringBuilder text = new StringBuilder();
    StringBuilder out = new StringBuilder();
    for (int i = 1; i < quoted.length() - 1; i++) {
      char c = quoted.charAt(i);
      if (c != '\\') {
        text.append(c);
        continue;
      }
      char e = quoted.charAt(++i);
      switch (e) {
        case 'n' -> text.append('\n');
        case 'r' -> text.append('\r');
        case 't' -> text.append('\t');
        case 'b' -> text.append('\b');
        case 'f' -> text.append('\f');
        case 'u' -> {
          text.append((char) Integer.parseInt(quoted.substring(i + 1, i + 5), 16));
          i += 4;
        }
        case 'x' -> {
          out.append(dev.tatter.runtime.ByteStrings.fromText(text.toString()));
          text.setLength(0);
          out.append((char) Integer.parseInt(quoted.substring(i + 1, i + 3), 16));
          i += 2;
        }
        default -> text.append(e); // " \ /
      }
    }
    return out.append(dev.tatter.runtime.ByteStrings.fromText(text.toString())).toString();
  }
}
