package dev.tatter.runtime.kernels.strings;

import dev.tatter.runtime.ByteStrings;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.RowPartition;
import dev.tatter.runtime.StringColumn;
import dev.tatter.runtime.Tensor;
import dev.tatter.runtime.kernels.elementwise.Broadcast;
import java.util.ArrayList;
import java.util.List;

/**
 * TF's {@code StringFormat} of one value: the template with its one placeholder replaced by the
 * value printed. A dense tensor prints as TF's kernel prints it ({@code Tensor::SummarizeValue(summarize,
 * print_v2=true)}: NumPy-like brackets, the first and last {@code summarize} entries of each
 * dimension around {@code ...}, strings in double quotes escaped by {@code absl::Utf8SafeCEscape},
 * bools as 1 and 0, floats as {@code %.6g} (float) or {@code %.15g} (double) widened to 9 or 17
 * digits when that does not read back); a ragged tensor as TF's {@code ragged_tensor_to_string}
 * prints it ({@code [[1, 2], []]}: elements by {@code as_string}, strings in single quotes with
 * {@code '} and {@code \} escaped, each list summarised to its first and last {@code summarize}
 * items).
 */
public final class StringFormatKernels {
  private StringFormatKernels() {}

  /** {@code string_format(input) {template, placeholder, summarize}}: a scalar string. */
  public static Tensor format(Object input, String template, String placeholder, long summarize) {
    List<String> pieces = splitTemplate(template, placeholder);
    String printed = input instanceof Tensor t ? summarizeDense(t, summarize) : summarizeRagged((RaggedTensor) input, summarize);
    String result = pieces.get(0) + printed + pieces.get(1); // a byte string: the template's bytes, the values printed
    return Tensor.wrap(DType.STRING, new int[0], StringColumn.builder(1, result.length()).putLatin1(result).endElement().build());
  }

  /**
   * The template cut at each placeholder as {@code absl::StrSplit} cuts it (TF splits so): empty
   * pieces kept, an empty placeholder cutting between every two bytes.
   */
  public static List<String> splitTemplate(String template, String placeholder) {
    List<String> out = new ArrayList<>();
    if (placeholder.isEmpty()) {
      if (template.isEmpty()) {
        out.add("");
      }
      for (int i = 0; i < template.length(); i++) {
        out.add(template.substring(i, i + 1));
      }
      return out;
    }
    int at = 0;
    for (int k = template.indexOf(placeholder); k >= 0; k = template.indexOf(placeholder, at)) {
      out.add(template.substring(at, k));
      at = k + placeholder.length();
    }
    out.add(template.substring(at));
    return out;
  }

  // ---- dense: Tensor::SummarizeValue(max_entries, print_v2 = true) ----

  static String summarizeDense(Tensor t, long summarize) {
    long count = t.size();
    long limit = Math.min(summarize < 0 ? count : summarize, count);
    if (t.dtype() == DType.BOOL && limit == 0) {
      return ""; // TF's bool printer returns "" when it is handed no data
    }
    int[] shape = t.shape();
    StringBuilder out = new StringBuilder();
    if (shape.length == 0) {
      if (limit > 0) {
        out.append(element(t, 0));
      }
      if (count > limit) {
        out.append("...");
      }
      return out.toString();
    }
    printDim(t, shape, 0, limit, 0, out);
    return out.toString();
  }

  /** TF's {@code PrintOneDimV2}: {@code ends} entries at each end of every dimension. */
  private static void printDim(Tensor t, int[] shape, int dim, long ends, long offset, StringBuilder out) {
    if (dim == shape.length) {
      out.append(element(t, (int) offset));
      return;
    }
    out.append('[');
    long n = shape[dim];
    long startOfEnd = Math.max(ends, n - ends);
    long stride = 1;
    for (int d = dim + 1; d < shape.length; d++) {
      stride *= shape[d];
    }
    for (long i = 0; i < ends && i < n; i++) {
      if (i > 0) {
        spacing(dim, shape.length, out);
      }
      printDim(t, shape, dim + 1, ends, offset + stride * i, out);
    }
    if (n > 2 * ends) {
      spacing(dim, shape.length, out);
      out.append("...");
    }
    for (long i = startOfEnd; i < n; i++) {
      spacing(dim, shape.length, out);
      printDim(t, shape, dim + 1, ends, offset + stride * i, out);
    }
    out.append(']');
  }

  /** TF's {@code PrintDimSpacing}: a space in the last dimension, else newlines and an indent. */
  private static void spacing(int dim, int rank, StringBuilder out) {
    if (dim == rank - 1) {
      out.append(' ');
      return;
    }
    out.append("\n".repeat(rank - dim - 1)).append(" ".repeat(dim + 1));
  }

  /** TF's {@code PrintOneElement(x, print_v2 = true)}: {@code StrCat} of a number, a quoted escaped string. */
  static String element(Tensor t, int i) {
    return switch (t.dtype()) {
      case STRING -> '"' + utf8SafeCEscape(ByteStrings.of(t.getBytes(i))) + '"';
      case BOOL -> ((boolean[]) t.unsafeData())[i] ? "1" : "0";
      case FLOAT32, FLOAT16, BFLOAT16 -> floatText(((Number) t.get(i)).floatValue());
      case FLOAT64 -> doubleText(((double[]) t.unsafeData())[i]);
      case UINT64 -> Long.toUnsignedString(((long[]) t.unsafeData())[i]);
      case INT8, INT16, INT32, INT64, UINT8, UINT16, UINT32, COMPLEX64, COMPLEX128 -> String.valueOf(t.get(i));
    };
  }

  /** TF's {@code FloatToBuffer}: {@code %.6g}, or {@code %.9g} when six digits do not read back as the float. */
  static String floatText(float v) {
    if (Float.isNaN(v)) {
      return (Float.floatToRawIntBits(v) < 0 ? "-" : "") + "nan";
    }
    String six = new CFormat('\0', -1, 6, 'g').floating(v);
    if (Float.isInfinite(v) || Float.parseFloat(six) == v) {
      return six;
    }
    return new CFormat('\0', -1, 9, 'g').floating(v);
  }

  /** TF's {@code DoubleToBuffer}: {@code %.15g}, or {@code %.17g} when fifteen digits do not read back. */
  static String doubleText(double v) {
    if (Double.isNaN(v)) {
      return (Double.doubleToRawLongBits(v) < 0 ? "-" : "") + "nan";
    }
    String fifteen = new CFormat('\0', -1, 15, 'g').floating(v);
    if (Double.isInfinite(v) || Double.parseDouble(fifteen) == v) {
      return fifteen;
    }
    return new CFormat('\0', -1, 17, 'g').floating(v);
  }

  /**
   * {@code absl::Utf8SafeCEscape} of a byte string (one char per byte): {@code \n \r \t \" \' \\}
   * escaped, other ASCII control bytes as three octal digits, bytes from 0x80 up kept as they are.
   */
  static String utf8SafeCEscape(String s) {
    StringBuilder out = new StringBuilder(s.length() + 8);
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '\n' -> out.append("\\n");
        case '\r' -> out.append("\\r");
        case '\t' -> out.append("\\t");
        case '"' -> out.append("\\\"");
        case '\'' -> out.append("\\'");
        case '\\' -> out.append("\\\\");
        default -> {
          if (c < 0x20 || c == 0x7f) {
            out.append('\\').append((char) ('0' + (c >> 6))).append((char) ('0' + ((c >> 3) & 7))).append((char) ('0' + (c & 7)));
          } else {
            out.append(c);
          }
        }
      }
    }
    return out.toString();
  }

  // ---- ragged: ragged_tensor_to_string(rt, summarize) ----

  /** Walks a ragged tensor's nested rows, then its flat values' dense dimensions. */
  private record RaggedPrinter(List<RowPartition> partitions, Tensor flat, int[] strides, long summarize) {
    /** The list of items {@code [start, end)} at {@code level} (a partition's rows, then flat dims). */
    void list(int level, int start, int end, int offset, StringBuilder out) {
      out.append('[');
      int n = end - start;
      boolean cut = summarize != -1 && n > 2 * summarize;
      int head = cut ? (int) summarize : n;
      for (int i = 0; i < head; i++) {
        if (i > 0) {
          out.append(", ");
        }
        item(level, start + i, offset, out);
      }
      if (cut) {
        out.append(", ...");
        for (int i = n - (int) summarize; i < n; i++) {
          out.append(", ");
          item(level, start + i, offset, out);
        }
      }
      out.append(']');
    }

    private void item(int level, int index, int offset, StringBuilder out) {
      int k = partitions.size();
      if (level < k) {
        RowPartition p = partitions.get(level);
        list(level + 1, p.rowStart(index), p.rowLimit(index), 0, out);
        return;
      }
      int dim = level - k; // a dimension of the flat values
      int at = offset + index * strides[dim];
      if (dim == strides.length - 1) {
        out.append(text(at));
      } else {
        list(level + 1, 0, flat.shape()[dim + 1], at, out);
      }
    }

    private String text(int i) {
      if (flat.dtype() == DType.STRING) {
        String s = ByteStrings.of(flat.getBytes(i));
        return "'" + s.replace("\\", "\\\\").replace("'", "\\'") + "'";
      }
      return StringNumberKernels.asStringElement(flat, i, StringNumberKernels.DEFAULT_FORMAT);
    }
  }

  static String summarizeRagged(RaggedTensor rt, long summarize) {
    Tensor flat = rt.flatValues();
    int[] strides = Broadcast.strides(flat.shape());
    StringBuilder out = new StringBuilder();
    new RaggedPrinter(rt.nestedPartitions(), flat, strides, summarize).list(0, 0, rt.nrows(), 0, out);
    return out.toString();
  }
}
