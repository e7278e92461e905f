package dev.tatter.frontend.cli;

import dev.tatter.runtime.ByteStrings;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.RowPartition;
import dev.tatter.runtime.SparseTensor;
import dev.tatter.runtime.Tensor;
import dev.tatter.runtime.kernels.Utf8;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;

/**
 * {@code tatter run --output json}: the fetched values as one JSON object, a member per value
 * (named as the graph prints it, without {@code %}), in fetch order, one per line:
 * <ul>
 *   <li>a tensor: {@code {"dtype": "float32", "shape": [2, 2], "values": [[1.0, 2.0], [3.0, 4.0]]}}
 *       ({@code values} nested lists as TF's {@code tolist()} gives them, a bare scalar for rank 0);
 *   <li>a ragged tensor: its components as {@code RaggedTensor.from_row_splits} takes them, {@code
 *       {"dtype": ..., "shape": [3, null], "row_splits_dtype": "int64", "values": [...], "row_splits":
 *       [...]}}, {@code null} for a ragged dimension as TF's {@code TensorShape} prints {@code None};
 *       for a higher ragged rank {@code values} is again {@code {"values": ..., "row_splits": ...}};
 *   <li>a sparse tensor: {@code {"dtype": ..., "shape": ..., "indices": [[0, 1], ...], "values":
 *       [...], "dense_shape": [...]}};
 *   <li>a row partition: {@code {"dtype": "int64", "row_splits": [...]}}.
 * </ul>
 * The objects are the ones {@code --feed} reads, so a result can be fed back. Numbers: integers
 * exactly (uint64 above 2^63 too), floats in the shortest form Java gives that reads back to the
 * same value, and {@code NaN}, {@code Infinity}, {@code -Infinity} as Python's {@code json} writes
 * them. Strings: a string that is valid UTF-8 is a JSON string of its text, written ASCII-only
 * ({@code \\uXXXX} escapes, as Python's {@code json.dumps} does by default) so the output never
 * depends on the terminal's encoding and no value can break a line; a string that is not valid
 * UTF-8 is the object {@code {"b64": "<its bytes in base64>"}}, the convention of TF Serving's JSON
 * API for binary values.
 */
final class JsonResults {
  private JsonResults() {}

  /** Writes {@code values} (name to value, in order) as one JSON object to {@code out}. */
  static void write(Map<String, Object> values, PrintWriter out) {
    out.println("{");
    int n = 0;
    for (Map.Entry<String, Object> e : values.entrySet()) {
      StringBuilder line = new StringBuilder("  ");
      string(e.getKey(), line);
      line.append(": ");
      value(e.getValue(), line);
      out.println(line.append(++n < values.size() ? "," : ""));
    }
    out.println("}");
  }

  /** One value as its JSON object. */
  static String toJson(Object value) {
    StringBuilder out = new StringBuilder();
    value(value, out);
    return out.toString();
  }

  private static void value(Object value, StringBuilder out) {
    if (value instanceof Tensor t) {
      out.append("{\"dtype\": \"").append(t.dtype().tfName()).append("\", \"shape\": ").append(jsonText(shapeOf(t)));
      out.append(", \"values\": ");
      nested(t, 0, 0, out);
    } else if (value instanceof RaggedTensor rt) {
      out.append("{\"dtype\": \"").append(rt.dtype().tfName()).append("\", \"shape\": ").append(jsonText(shapeOf(rt)));
      out.append(", \"row_splits_dtype\": \"").append(rt.partition().splitsDType().tfName()).append("\", ");
      components(rt, out);
    } else if (value instanceof SparseTensor st) {
      out.append("{\"dtype\": \"").append(st.dtype().tfName()).append("\", \"shape\": ").append(jsonText(shapeOf(st)));
      out.append(", \"indices\": ");
      nested(st.indices(), 0, 0, out);
      out.append(", \"values\": ");
      nested(st.values(), 0, 0, out);
      out.append(", \"dense_shape\": ");
      longs(st.denseShapeArray(), out);
    } else if (value instanceof RowPartition p) {
      out.append("{\"dtype\": \"").append(p.splitsDType().tfName()).append("\", \"row_splits\": ");
      longs(p.unsafeRowSplits(), out);
    } else {
      throw new IllegalArgumentException("no JSON form for a " + value.getClass().getSimpleName());
    }
    out.append('}');
  }

  /** {@code "values": ..., "row_splits": ...}, the inner values again such an object when ragged. */
  private static void components(RaggedTensor rt, StringBuilder out) {
    out.append("\"values\": ");
    if (rt.values() instanceof RaggedTensor inner) {
      out.append('{');
      components(inner, out);
      out.append('}');
    } else {
      nested((Tensor) rt.values(), 0, 0, out);
    }
    out.append(", \"row_splits\": ");
    longs(rt.partition().unsafeRowSplits(), out);
  }

  /**
   * The shape written for a value: a tensor's dims, a sparse tensor's dense shape, and for a ragged
   * tensor TF's {@code rt.shape} (rows, then each partition's uniform row length or {@code null},
   * then the flat values' inner dims); {@code null} for a row partition.
   */
  static List<Object> shapeOf(Object value) {
    List<Object> dims = new ArrayList<>();
    if (value instanceof Tensor t) {
      for (int d : t.shape()) {
        dims.add((long) d);
      }
    } else if (value instanceof SparseTensor st) {
      for (long d : st.denseShapeArray()) {
        dims.add(d);
      }
    } else if (value instanceof RaggedTensor rt) {
      dims.add((long) rt.nrows());
      for (RowPartition p : rt.nestedPartitions()) {
        dims.add(p.isUniform() ? p.uniformRowLength() : null);
      }
      int[] inner = rt.flatValues().shape();
      for (int i = 1; i < inner.length; i++) {
        dims.add((long) inner[i]);
      }
    } else {
      return null;
    }
    return dims;
  }

  /** A shape, or a scalar or list read from JSON, as JSON text (for messages too). */
  static String jsonText(Object shape) {
    if (shape instanceof List<?> dims) {
      StringBuilder out = new StringBuilder("[");
      for (int i = 0; i < dims.size(); i++) {
        out.append(i > 0 ? ", " : "").append(jsonText(dims.get(i)));
      }
      return out.append(']').toString();
    }
    if (shape instanceof String s) {
      StringBuilder out = new StringBuilder();
      string(s, out);
      return out.toString();
    }
    return String.valueOf(shape);
  }

  private static void nested(Tensor t, int axis, int offset, StringBuilder out) {
    int[] shape = t.shape();
    if (axis == shape.length) {
      element(t, offset, out);
      return;
    }
    int stride = 1;
    for (int a = axis + 1; a < shape.length; a++) {
      stride *= shape[a];
    }
    out.append('[');
    for (int i = 0; i < shape[axis]; i++) {
      if (i > 0) {
        out.append(", ");
      }
      nested(t, axis + 1, offset + i * stride, out);
    }
    out.append(']');
  }

  private static void element(Tensor t, int i, StringBuilder out) {
    DType dtype = t.dtype();
    Object v = t.get(i);
    if (dtype == DType.UINT64) {
      out.append(Long.toUnsignedString((Long) v));
    } else if (v instanceof Float f) {
      number(f, Float.toString(f), out);
    } else if (v instanceof Double d) {
      number(d, Double.toString(d), out);
    } else if (v instanceof String s) {
      byteString(s, out);
    } else {
      out.append(v); // Boolean, or an integer boxed at its value
    }
  }

  /** A float's shortest text, or Python's words for the non-finite values. */
  private static void number(double value, String text, StringBuilder out) {
    if (Double.isNaN(value)) {
      out.append("NaN");
    } else if (Double.isInfinite(value)) {
      out.append(value > 0 ? "Infinity" : "-Infinity");
    } else {
      out.append(text);
    }
  }

  private static void byteString(String bytes, StringBuilder out) {
    int i = 0;
    while (i < bytes.length()) {
      int c = Utf8.decode(bytes, i, bytes.length());
      if (c < 0) {
        out.append("{\"b64\": \"").append(Base64.getEncoder().encodeToString(ByteStrings.bytes(bytes))).append("\"}");
        return;
      }
      i += Utf8.width(c);
    }
    string(ByteStrings.toText(bytes), out);
  }

  /** A JSON string, ASCII only. */
  private static void string(String text, StringBuilder out) {
    out.append('"');
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      switch (c) {
        case '"' -> out.append("\\\"");
        case '\\' -> out.append("\\\\");
        case '\n' -> out.append("\\n");
        case '\r' -> out.append("\\r");
        case '\t' -> out.append("\\t");
        case '\b' -> out.append("\\b");
        case '\f' -> out.append("\\f");
        default -> {
          if (c < 0x20 || c >= 0x7F) {
            out.append(String.format("\\u%04x", (int) c));
          } else {
            out.append(c);
          }
        }
      }
    }
    out.append('"');
  }

  private static void longs(long[] values, StringBuilder out) {
    out.append('[');
    for (int i = 0; i < values.length; i++) {
      out.append(i > 0 ? ", " : "").append(values[i]);
    }
    out.append(']');
  }
}
