package dev.tatter.runtime;

import java.util.List;

/** Prints values the way TF prints their {@code to_list()}: {@code [[1, 2], [], [3]]}. */
final class ValueFormat {
  private ValueFormat() {}

  static String formatList(Object nested, DType dtype) {
    StringBuilder out = new StringBuilder();
    append(out, nested, dtype);
    return out.toString();
  }

  private static void append(StringBuilder out, Object nested, DType dtype) {
    if (nested instanceof List) {
      out.append('[');
      List<?> list = (List<?>) nested;
      for (int i = 0; i < list.size(); i++) {
        if (i > 0) {
          out.append(", ");
        }
        append(out, list.get(i), dtype);
      }
      out.append(']');
    } else {
      out.append(Scalars.formatElement(nested, dtype));
    }
  }

}
