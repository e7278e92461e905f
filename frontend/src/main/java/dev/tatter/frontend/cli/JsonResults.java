package dev.tatter.frontend.cli;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonFactoryBuilder;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.PrettyPrinter;
import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.io.CharacterEscapes;
import com.fasterxml.jackson.core.json.JsonWriteFeature;
import dev.tatter.runtime.Complex128;
import dev.tatter.runtime.Complex64;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.RowPartition;
import dev.tatter.runtime.Scalars;
import dev.tatter.runtime.SparseTensor;
import dev.tatter.runtime.StringColumn;
import dev.tatter.runtime.Tensor;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
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
 * same value (float16 and bfloat16 in the shortest digits that read back to the same 16 bits, as
 * NumPy's {@code repr}: {@code 0.1}, {@code 65504.0}, {@code 6e-08}), and {@code NaN}, {@code Infinity},
 * {@code -Infinity} as Python's {@code json} writes them; a complex element is {@code {"real": 1.0,
 * "imag": -2.0}} (NumPy's names for the parts; JSON has no complex numbers). Strings: a string that is valid UTF-8 is a JSON string of its text, written ASCII-only
 * ({@code \\uXXXX} escapes, as Python's {@code json.dumps} does by default) so the output never
 * depends on the terminal's encoding and no value can break a line; a string that is not valid
 * UTF-8 is the object {@code {"b64": "<its bytes in base64>"}}, the convention of TF Serving's JSON
 * API for binary values. Written through Jackson's streaming generator ({@code NaN} unquoted, hex
 * escapes in lower case as Python writes them), laid out by {@link Layout}.
 */
final class JsonResults {
  private static final JsonFactory FACTORY = new JsonFactoryBuilder()
      .disable(JsonWriteFeature.WRITE_NAN_AS_STRINGS) // NaN, Infinity bare, as Python's json
      .enable(JsonWriteFeature.ESCAPE_NON_ASCII)
      .disable(JsonWriteFeature.WRITE_HEX_UPPER_CASE) // \u00e9, as Python's json
      .characterEscapes(new PythonAsciiEscapes())
      .build();

  /** JSON's escapes, and DEL (U+007F) escaped too, as Python's {@code json.dumps} escapes it. */
  private static final class PythonAsciiEscapes extends CharacterEscapes {
    private final int[] ascii = standardAsciiEscapesForJSON();

    PythonAsciiEscapes() {
      ascii[0x7F] = ESCAPE_STANDARD;
    }

    @Override
    public int[] getEscapeCodesForAscii() {
      return ascii;
    }

    @Override
    public SerializableString getEscapeSequence(int ch) {
      return null; // no custom sequences: every escape is JSON's standard one
    }
  }

  private JsonResults() {}

  /** Writes {@code values} (name to value, in order) as one JSON object to {@code out}. */
  static void write(Map<String, Object> values, PrintWriter out) {
    generate(out, true, g -> {
      g.writeStartObject();
      for (Map.Entry<String, Object> e : values.entrySet()) {
        g.writeFieldName(e.getKey());
        value(e.getValue(), g);
      }
      g.writeEndObject();
    });
    out.println();
  }

  /** A shape, or a scalar or list read from JSON, as JSON text (for messages too). */
  static String jsonText(Object shape) {
    StringWriter out = new StringWriter();
    generate(out, false, g -> plain(shape, g));
    return out.toString();
  }

  private interface Body {
    void write(JsonGenerator g) throws IOException;
  }

  private static void generate(Writer out, boolean memberPerLine, Body body) {
    try (JsonGenerator g = FACTORY.createGenerator(out)) {
      g.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
      g.setPrettyPrinter(new Layout(memberPerLine));
      body.write(g);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static void plain(Object value, JsonGenerator g) throws IOException {
    if (value instanceof List<?> items) {
      g.writeStartArray();
      for (Object item : items) {
        plain(item, g);
      }
      g.writeEndArray();
    } else if (value instanceof String s) {
      g.writeString(s);
    } else if (value == null) {
      g.writeNull();
    } else {
      g.writeRawValue(String.valueOf(value));
    }
  }

  private static void value(Object value, JsonGenerator g) throws IOException {
    g.writeStartObject();
    if (value instanceof Tensor t) {
      described(t.dtype(), shapeOf(t), g);
      g.writeFieldName("values");
      nested(t, 0, 0, g);
    } else if (value instanceof RaggedTensor rt) {
      described(rt.dtype(), shapeOf(rt), g);
      g.writeStringField("row_splits_dtype", rt.partition().splitsDType().tfName());
      components(rt, g);
    } else if (value instanceof SparseTensor st) {
      described(st.dtype(), shapeOf(st), g);
      g.writeFieldName("indices");
      nested(st.indices(), 0, 0, g);
      g.writeFieldName("values");
      nested(st.values(), 0, 0, g);
      g.writeFieldName("dense_shape");
      longs(st.denseShapeArray(), g);
    } else if (value instanceof RowPartition p) {
      g.writeStringField("dtype", p.splitsDType().tfName());
      g.writeFieldName("row_splits");
      longs(p.unsafeRowSplits(), g);
    } else {
      throw new IllegalArgumentException("no JSON form for a " + value.getClass().getSimpleName());
    }
    g.writeEndObject();
  }

  private static void described(DType dtype, List<Object> shape, JsonGenerator g) throws IOException {
    g.writeStringField("dtype", dtype.tfName());
    g.writeFieldName("shape");
    plain(shape, g);
  }

  /** {@code "values": ..., "row_splits": ...}, the inner values again such an object when ragged. */
  private static void components(RaggedTensor rt, JsonGenerator g) throws IOException {
    g.writeFieldName("values");
    if (rt.values() instanceof RaggedTensor inner) {
      g.writeStartObject();
      components(inner, g);
      g.writeEndObject();
    } else {
      nested((Tensor) rt.values(), 0, 0, g);
    }
    g.writeFieldName("row_splits");
    longs(rt.partition().unsafeRowSplits(), g);
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

  private static void nested(Tensor t, int axis, int offset, JsonGenerator g) throws IOException {
    int[] shape = t.shape();
    if (axis == shape.length) {
      element(t, offset, g);
      return;
    }
    int stride = 1;
    for (int a = axis + 1; a < shape.length; a++) {
      stride *= shape[a];
    }
    g.writeStartArray();
    for (int i = 0; i < shape[axis]; i++) {
      nested(t, axis + 1, offset + i * stride, g);
    }
    g.writeEndArray();
  }

  private static void element(Tensor t, int i, JsonGenerator g) throws IOException {
    if (t.unsafeData() instanceof StringColumn strings) {
      byteString(strings, i, g);
      return;
    }
    Object v = t.get(i);
    if (t.dtype() == DType.UINT64) {
      g.writeNumber(Long.toUnsignedString((Long) v));
    } else if (t.dtype() != DType.FLOAT32 && v instanceof Float f && Float.isFinite(f)) {
      // a float stored narrower than float32 (float16, bfloat16): the shortest digits that read back
      // to the same bits (0.1, not float32's 0.099975586)
      g.writeNumber(Scalars.formatFloat(f, t.dtype()));
    } else if (v instanceof Complex64 c) {
      complex(c.re(), c.im(), true, g);
    } else if (v instanceof Complex128 c) {
      complex(c.re(), c.im(), false, g);
    } else if (v instanceof Float f) {
      g.writeNumber(f.floatValue()); // Float.toString: the shortest text Java gives that reads back
    } else if (v instanceof Double d) {
      g.writeNumber(d.doubleValue());
    } else if (v instanceof Boolean b) {
      g.writeBoolean(b);
    } else {
      g.writeNumber(((Number) v).longValue()); // an integer boxed at its value
    }
  }

  /** {@code {"real": 1.0, "imag": -2.0}}: NumPy's names for the parts, each written as a float of the part dtype. */
  private static void complex(double re, double im, boolean isFloat32, JsonGenerator g) throws IOException {
    g.writeStartObject();
    g.writeFieldName("real");
    part(re, isFloat32, g);
    g.writeFieldName("imag");
    part(im, isFloat32, g);
    g.writeEndObject();
  }

  private static void part(double value, boolean isFloat32, JsonGenerator g) throws IOException {
    if (isFloat32) {
      g.writeNumber((float) value);
    } else {
      g.writeNumber(value);
    }
  }

  /** A string element: its text when it is valid UTF-8, else {@code {"b64": ...}} of its bytes (read back as they were). */
  private static void byteString(StringColumn strings, int i, JsonGenerator g) throws IOException {
    if (strings.isValidUtf8(i)) {
      g.writeString(strings.text(i));
      return;
    }
    g.writeStartObject();
    g.writeStringField("b64", Base64.getEncoder().encodeToString(strings.bytes(i)));
    g.writeEndObject();
  }

  private static void longs(long[] values, JsonGenerator g) throws IOException {
    g.writeArray(values, 0, values.length);
  }

  /**
   * The layout: {@code ": "} after a key and {@code ", "} between items, as Python's {@code
   * json.dumps} writes; with {@code memberPerLine}, the outermost object's members one per line,
   * indented by two spaces. One instance per generator (it counts the nesting).
   */
  private static final class Layout implements PrettyPrinter {
    private final boolean memberPerLine;
    private int depth;

    Layout(boolean memberPerLine) {
      this.memberPerLine = memberPerLine;
    }

    private boolean outermost() {
      return memberPerLine && depth == 1;
    }

    @Override
    public void writeRootValueSeparator(JsonGenerator g) throws IOException {
      g.writeRaw(' ');
    }

    @Override
    public void writeStartObject(JsonGenerator g) throws IOException {
      depth++;
      g.writeRaw('{');
    }

    @Override
    public void beforeObjectEntries(JsonGenerator g) throws IOException {
      if (outermost()) {
        g.writeRaw("\n  ");
      }
    }

    @Override
    public void writeObjectFieldValueSeparator(JsonGenerator g) throws IOException {
      g.writeRaw(": ");
    }

    @Override
    public void writeObjectEntrySeparator(JsonGenerator g) throws IOException {
      g.writeRaw(outermost() ? ",\n  " : ", ");
    }

    @Override
    public void writeEndObject(JsonGenerator g, int entries) throws IOException {
      g.writeRaw(outermost() ? "\n}" : "}");
      depth--;
    }

    @Override
    public void writeStartArray(JsonGenerator g) throws IOException {
      depth++;
      g.writeRaw('[');
    }

    @Override
    public void beforeArrayValues(JsonGenerator g) {}

    @Override
    public void writeArrayValueSeparator(JsonGenerator g) throws IOException {
      g.writeRaw(", ");
    }

    @Override
    public void writeEndArray(JsonGenerator g, int values) throws IOException {
      g.writeRaw(']');
      depth--;
    }
  }
}
