package dev.tatter.ir.text;

import com.google.common.collect.ImmutableList;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.Scalars;
import dev.tatter.runtime.Tensor;
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
      appendLiteral(out, rt.toList(), rt.dtype());
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
    appendLiteral(out, t.toList(), t.dtype());
    return out.toString();
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
    } else if ((dtype == DType.FLOAT16 || dtype == DType.BFLOAT16) && nested instanceof Float f) {
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
   * A string literal: {@code "} and {@code \\} escaped, {@code \n \r \t} by name, every other
   * control character and any unpaired surrogate as {@code \\uXXXX}, so that any Java string
   * prints on one line and reads back exactly.
   */
  public static String quote(String s) {
    StringBuilder out = new StringBuilder("\"");
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '"' -> out.append("\\\"");
        case '\\' -> out.append("\\\\");
        case '\n' -> out.append("\\n");
        case '\r' -> out.append("\\r");
        case '\t' -> out.append("\\t");
        default -> {
          boolean pairedHigh = Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1));
          if (pairedHigh) {
            out.append(c).append(s.charAt(++i));
          } else if (c < 0x20 || c == 0x7f || Character.isSurrogate(c)) {
            out.append(String.format("\\u%04x", (int) c));
          } else {
            out.append(c);
          }
        }
      }
    }
    return out.append('"').toString();
  }

  /**
   * The inverse of {@link #quote}; {@code quoted} includes the quotes and is a STRING token of the
   * grammar, which also admits JSON's {@code \\/ \\b \\f}.
   */
  public static String unquote(String quoted) {
    StringBuilder out = new StringBuilder();
    for (int i = 1; i < quoted.length() - 1; i++) {
      char c = quoted.charAt(i);
      if (c != '\\') {
        out.append(c);
        continue;
      }
      char e = quoted.charAt(++i);
      switch (e) {
        case 'n' -> out.append('\n');
        case 'r' -> out.append('\r');
        case 't' -> out.append('\t');
        case 'b' -> out.append('\b');
        case 'f' -> out.append('\f');
        case 'u' -> {
          out.append((char) Integer.parseInt(quoted.substring(i + 1, i + 5), 16));
          i += 4;
        }
        default -> out.append(e); // " \ /
      }
    }
    return out.toString();
  }
}
