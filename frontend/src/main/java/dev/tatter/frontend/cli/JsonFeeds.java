package dev.tatter.frontend.cli;

import dev.tatter.frontend.cli.TatterCommand.CliException;
import dev.tatter.ir.TypeException;
import dev.tatter.ir.text.Literals;
import dev.tatter.ir.types.DenseType;
import dev.tatter.ir.types.Dims;
import dev.tatter.ir.types.PartitionType;
import dev.tatter.ir.types.RaggedType;
import dev.tatter.ir.types.SparseType;
import dev.tatter.ir.types.Type;
import dev.tatter.runtime.ByteStrings;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.RowPartition;
import dev.tatter.runtime.SparseTensor;
import dev.tatter.runtime.Tensor;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Feeds written as JSON objects, for the values nested lists cannot say: a ragged tensor as its
 * components {@code {"values": ..., "row_splits": [...]}} (TF's {@code
 * RaggedTensor.from_row_splits}; {@code values} nested lists, or again such an object for a
 * ragged tensor of higher ragged rank), and a sparse tensor as {@code {"indices": [[...], ...],
 * "values": [...], "dense_shape": [...]}} (TF's {@code SparseTensor}). Nested lists keep going
 * through the IR's value syntax, of which a JSON array is a case. The parts are checked as
 * TF's constructors check them, and the value against the placeholder's type when it is fed.
 */
final class JsonFeeds {
  private static final Set<String> RAGGED_KEYS = Set.of("values", "row_splits");
  private static final Set<String> SPARSE_KEYS = Set.of("indices", "values", "dense_shape");

  private JsonFeeds() {}

  /** Whether a feed is read as JSON: a {@code .json} file, or text that is an object (first non-blank '{'). */
  static boolean isJson(String text, String fileName) {
    return fileName != null && fileName.endsWith(".json") || text.strip().startsWith("{");
  }

  /**
   * The value of a JSON feed (an object, or nested lists read as the IR's literals are, with
   * Python's {@code NaN}/{@code Infinity}) for a placeholder of type {@code expected}.
   */
  static Object parse(String text, Type expected, String source) {
    Object json = JsonReader.read(text, source);
    try {
      if (json instanceof Map<?, ?> map && map.containsKey("dtype")) {
        return described(map, expected, source);
      }
      if (!(json instanceof Map<?, ?>) && !(expected instanceof SparseType)) {
        return Literals.toValue(expected, plain(json, expected.dtype(), source, "$"));
      }
      if (expected instanceof RaggedType ragged) {
        return ragged(ragged, json, source, "$");
      }
      if (expected instanceof SparseType sparse) {
        return sparse(sparse, json, source);
      }
    } catch (TypeException | InvalidArgumentException | IllegalArgumentException e) {
      throw new CliException(source + ": " + e.getMessage());
    }
    throw new CliException(source + ": a JSON object feeds a ragged or sparse placeholder; this one is "
        + expected + " (write its value as nested lists)");
  }

  /**
   * A value as {@code tatter run --output json} writes it: its parts as above plus {@code dtype},
   * {@code shape} (and {@code row_splits_dtype} for ragged), which must be the placeholder's dtype
   * and the value's own shape; a dense value is {@code {"dtype", "shape", "values"}}.
   */
  private static Object described(Map<?, ?> map, Type expected, String source) {
    Map<Object, Object> parts = new LinkedHashMap<>(map);
    Object dtype = parts.remove("dtype");
    if (!expected.dtype().tfName().equals(dtype)) {
      throw new CliException(source + ": $.dtype is " + JsonResults.jsonText(dtype) + " where the placeholder's type is " + expected);
    }
    Object splitsDType = parts.remove("row_splits_dtype");
    if (splitsDType != null && !(expected instanceof RaggedType r && r.outerPartition().splitsDType().tfName()
        .equals(splitsDType))) {
      throw new CliException(source + ": $.row_splits_dtype is " + JsonResults.jsonText(splitsDType)
          + " where the placeholder's type is " + expected);
    }
    boolean hasShape = parts.containsKey("shape");
    Object shape = parts.remove("shape");
    Object value;
    if (expected instanceof DenseType && parts.keySet().equals(Set.of("values"))) {
      Object values = plain(parts.get("values"), expected.dtype(), source, "$.values");
      int zeroAt = shape instanceof List<?> dims ? dims.indexOf(0L) : -1;
      value = zeroAt < 0 ? Literals.toValue(expected, values) : emptyOfShape((List<?>) shape, zeroAt, values, expected, source);
    } else if (expected instanceof DenseType) {
      throw new CliException(source + ": $ must have the keys {\"dtype\": ..., \"shape\": [...], \"values\": [...]}, got "
          + map.keySet());
    } else if (expected instanceof RaggedType ragged) {
      value = ragged(ragged, parts, source, "$");
    } else if (expected instanceof SparseType sparse) {
      value = sparse(sparse, parts, source);
    } else {
      throw new CliException(source + ": a JSON object feeds a tensor, ragged or sparse placeholder; this one is "
          + expected);
    }
    List<Object> actual = JsonResults.shapeOf(value);
    Object written = shape instanceof List<?> l ? l.stream().map(d -> d == JsonReader.Null.NULL ? null : d).toList()
        : shape;
    if (hasShape && !actual.equals(written)) {
      throw new CliException(source + ": $.shape is " + JsonResults.jsonText(written) + " where the value's shape is "
          + JsonResults.jsonText(actual));
    }
    return value;
  }

  /**
   * A dense value with no elements, of the written shape: nested lists stop at its first zero
   * dimension ({@code [0, 1]} is written {@code []}, {@code [2, 0, 3]} as {@code [[], []]}), so the
   * dimensions after it are read from {@code shape} alone, as NumPy's {@code reshape} would.
   */
  private static Tensor emptyOfShape(List<?> shape, int zeroAt, Object values, Type expected, String source) {
    int[] dims = new int[shape.size()];
    for (int i = 0; i < dims.length; i++) {
      if (!(shape.get(i) instanceof Long d) || d < 0 || d > dev.tatter.runtime.Sizes.MAX_ELEMENTS) {
        throw new CliException(source + ": $.shape[" + i + "] is " + JsonResults.jsonText(shape.get(i))
            + " where a dense shape holds sizes from 0 to " + dev.tatter.runtime.Sizes.MAX_ELEMENTS);
      }
      dims[i] = (int) (long) d;
    }
    long[] prefix = new long[zeroAt + 1];
    java.util.Arrays.fill(prefix, Dims.UNKNOWN);
    Tensor read = null;
    try {
      read = (Tensor) Literals.toValue(DenseType.of(expected.dtype(), prefix), values);
    } catch (TypeException | InvalidArgumentException e) {
      // deeper or uneven lists: refused below as lists that do not fit the written shape
    }
    if (read == null || !java.util.Arrays.equals(read.shape(), java.util.Arrays.copyOf(dims, zeroAt + 1))) {
      throw new CliException(source + ": $.values does not fit $.shape " + JsonResults.jsonText(shape) + ", which has no"
          + " elements from dimension " + zeroAt + " on (write its lists up to that dimension, empty there: "
          + JsonResults.jsonText(emptyLists(dims, zeroAt)) + ")");
    }
    return read.reshape(dims);
  }

  /** The nested lists of a shape with no elements, up to its first zero dimension. */
  private static Object emptyLists(int[] dims, int zeroAt) {
    Object lists = List.of();
    for (int d = zeroAt - 1; d >= 0; d--) {
      lists = java.util.Collections.nCopies(Math.min(dims[d], 3), lists); // a few rows suffice to show the form
    }
    return lists;
  }

  private static RaggedTensor ragged(RaggedType type, Object json, String source, String path) {
    Map<String, Object> parts = parts(json, RAGGED_KEYS, "{\"values\": [...], \"row_splits\": [...]}", source, path);
    PartitionType outer = type.outerPartition();
    if (outer.uniform()) {
      throw new CliException(source + ": " + path + ": the outer dimension of " + type
          + " is uniform; write the value as nested lists");
    }
    Tensor splitsTensor = (Tensor) Literals.toValue(DenseType.of(outer.splitsDType(), Dims.UNKNOWN),
        plain(parts.get("row_splits"), outer.splitsDType(), source, path + ".row_splits"));
    long[] splits = new long[splitsTensor.size()];
    for (int i = 0; i < splits.length; i++) {
      splits[i] = splitsTensor.getLong(i);
    }
    RowPartition partition = RowPartition.fromRowSplits(splits, outer.splitsDType(), true);
    Type valuesType = type.valuesType();
    Object valuesJson = parts.get("values");
    Object values;
    if (valuesType instanceof RaggedType inner && valuesJson instanceof Map<?, ?>) {
      values = ragged(inner, valuesJson, source, path + ".values");
    } else if (valuesType instanceof DenseType dense && valuesJson instanceof List<?> l && l.isEmpty()
        && dense.shape().stream().skip(1).allMatch(Dims::isKnown)) {
      // no flat values: [] holds no list to read the inner dims from, so they are the type's (as TF's
      // RaggedTensor.from_row_splits(tf.zeros([0, 2]), [0, 0]) is written by --output json)
      int[] dims = new int[dense.shape().size()];
      for (int i = 1; i < dims.length; i++) {
        dims[i] = dev.tatter.runtime.Sizes.toIntSize(dense.shape().get(i), "inner dimension " + i);
      }
      values = ((Tensor) Literals.toValue(DenseType.of(dense.dtype(), Dims.UNKNOWN), l)).reshape(dims);
    } else {
      values = Literals.toValue(valuesType, plain(valuesJson, valuesType.dtype(), source, path + ".values"));
    }
    return RaggedTensor.of(values, partition);
  }

  private static SparseTensor sparse(SparseType type, Object json, String source) {
    Map<String, Object> parts = parts(json, SPARSE_KEYS,
        "{\"indices\": [[...], ...], \"values\": [...], \"dense_shape\": [...]}", source, "$");
    int rank = type.rank();
    Object indexRows = plain(parts.get("indices"), DType.INT64, source, "$.indices");
    // no stored values: [] stands for the [0, rank] index matrix
    Tensor indices = indexRows instanceof List<?> l && l.isEmpty()
        ? Tensor.wrap(DType.INT64, new int[] {0, rank}, new long[0])
        : (Tensor) Literals.toValue(DenseType.of(DType.INT64, Dims.UNKNOWN, rank), indexRows);
    Tensor values = (Tensor) Literals.toValue(DenseType.of(type.dtype(), Dims.UNKNOWN),
        plain(parts.get("values"), type.dtype(), source, "$.values"));
    Tensor denseShape = (Tensor) Literals.toValue(DenseType.of(DType.INT64, rank),
        plain(parts.get("dense_shape"), DType.INT64, source, "$.dense_shape"));
    return SparseTensor.of(indices, values, denseShape);
  }

  /** The object's parts, which must be exactly {@code keys}. */
  @SuppressWarnings("unchecked")
  private static Map<String, Object> parts(Object json, Set<String> keys, String form, String source, String path) {
    if (!(json instanceof Map<?, ?> map)) {
      throw new CliException(source + ": " + path + " must be an object " + form + ", got " + describe(json));
    }
    if (!map.keySet().equals(keys)) {
      throw new CliException(source + ": " + path + " must have the keys " + form + ", got " + map.keySet());
    }
    return (Map<String, Object>) map;
  }

  /**
   * {@code json} as nested lists of scalars, a {@code {"b64": "..."}} object read as the byte
   * string it encodes (as {@code --output json} writes a string that is not UTF-8), a {@code
   * {"real": ..., "imag": ...}} object read as the complex number it names (for a complex {@code
   * dtype}); another object or a null inside is refused with its path.
   */
  private static Object plain(Object json, DType dtype, String source, String path) {
    if (json instanceof List<?> items) {
      List<Object> out = new ArrayList<>(items.size());
      for (int i = 0; i < items.size(); i++) {
        out.add(plain(items.get(i), dtype, source, path + "[" + i + "]"));
      }
      return out;
    }
    if (json instanceof Map<?, ?> map && (map.containsKey("real") || map.containsKey("imag"))) {
      return complex(map, dtype, source, path);
    }
    if (json instanceof Map<?, ?> map && map.keySet().equals(Set.of("b64"))) {
      try {
        return ByteStrings.of(Base64.getDecoder().decode(String.valueOf(map.get("b64"))));
      } catch (IllegalArgumentException e) {
        throw new CliException(source + ": " + path + ".b64 is not base64: " + e.getMessage());
      }
    }
    if (json instanceof Map<?, ?> || json == JsonReader.Null.NULL) {
      throw new CliException(source + ": " + path + " is " + describe(json) + " where a number, string, bool or list"
          + " was expected");
    }
    return json;
  }

  /**
   * A complex element as NumPy names its parts, {@code {"real": 1.0, "imag": -2.0}} (each part a
   * JSON number, {@code NaN}/{@code Infinity} included), as the IR's {@code complex(re=, im=)}
   * literal; a bare number stays a real one (imaginary part 0, as the IR literal reads it).
   */
  private static Literals.Struct complex(Map<?, ?> map, DType dtype, String source, String path) {
    if (!map.keySet().equals(Set.of("real", "imag"))) {
      throw new CliException(source + ": " + path + " must have the keys {\"real\": ..., \"imag\": ...}, got "
          + map.keySet());
    }
    if (!dtype.isComplex()) {
      throw new CliException(source + ": " + path + " is a complex number where the placeholder's dtype is " + dtype);
    }
    Map<String, Object> parts = new LinkedHashMap<>();
    parts.put("re", complexPart(map.get("real"), source, path + ".real"));
    parts.put("im", complexPart(map.get("imag"), source, path + ".imag"));
    return new Literals.Struct("complex", parts);
  }

  private static Object complexPart(Object json, String source, String path) {
    if (json instanceof java.math.BigInteger big) {
      return new Literals.Decimal(big.toString()); // above int64: read as the float it rounds to
    }
    if (json instanceof Long || json instanceof Double || json instanceof Literals.Decimal) {
      return json;
    }
    throw new CliException(source + ": " + path + " is " + describe(json) + " where a number was expected");
  }

  private static String describe(Object json) {
    if (json instanceof Map<?, ?>) {
      return "an object";
    }
    if (json instanceof List<?>) {
      return "a list";
    }
    if (json == JsonReader.Null.NULL) {
      return "null";
    }
    if (json instanceof Boolean) {
      return "a bool";
    }
    return json instanceof String ? "a string" : String.valueOf(json instanceof Literals.Decimal d ? d.text() : json);
  }
}
