package dev.tatter.runtime;

import java.lang.reflect.Array;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * Java data in and out of tensors: nested Java arrays ({@code long[][]}, {@code float[][]},
 * jagged or not) and nested {@code List}s become tensors, always copied; tensors become fresh
 * nested Java arrays. Behind {@link Tensor#fromNested}, {@link RaggedTensor#fromNested} and
 * their {@code toNestedArray} methods.
 *
 * <p>The dtype, when not given, comes from the Java element type, as TF takes a NumPy array's:
 * {@code long} and {@code Long} are int64, {@code int} int32, {@code short} int16, {@code byte}
 * int8, {@code float} float32, {@code double} float64, {@code boolean} bool, {@code String}
 * string. Boxed numbers of several kinds widen (integers to the widest, with a {@code Double}
 * to float64, with only {@code Float}s to float32); data without any element is float32, TF's
 * default. Given a dtype, an integer that does not fit it is refused (TF refuses
 * {@code tf.constant(200, tf.int8)}) rather than wrapped.
 */
final class NestedArrays {
  private NestedArrays() {}

  private static final Map<Class<?>, DType> BY_JAVA_TYPE = Map.ofEntries(
      Map.entry(long.class, DType.INT64), Map.entry(Long.class, DType.INT64),
      Map.entry(int.class, DType.INT32), Map.entry(Integer.class, DType.INT32),
      Map.entry(short.class, DType.INT16), Map.entry(Short.class, DType.INT16),
      Map.entry(byte.class, DType.INT8), Map.entry(Byte.class, DType.INT8),
      Map.entry(float.class, DType.FLOAT32), Map.entry(Float.class, DType.FLOAT32),
      Map.entry(double.class, DType.FLOAT64), Map.entry(Double.class, DType.FLOAT64),
      Map.entry(Complex64.class, DType.COMPLEX64), Map.entry(Complex128.class, DType.COMPLEX128));

  /** A dense tensor of the rectangular nested data; {@code dtype} null infers it. */
  static Tensor tensor(Object nested, DType dtype) {
    if (nested == null) {
      throw new IllegalArgumentException("data is null");
    }
    List<Integer> dims = new ArrayList<>();
    for (Object probe = nested; isNested(probe); probe = length(probe) == 0 ? null : get(probe, 0)) {
      dims.add(length(probe));
    }
    // an empty typed array keeps its static rank: new long[0][] is a [0, 0] int64 tensor
    int staticRank = 0;
    for (Class<?> c = nested.getClass(); c.isArray(); c = c.getComponentType()) {
      staticRank++;
    }
    while (dims.size() < staticRank && dims.get(dims.size() - 1) == 0) {
      dims.add(0);
    }
    int[] shape = dims.stream().mapToInt(Integer::intValue).toArray();
    checkRectangular(nested, shape, 0, "data");
    DType resolved = dtype != null ? dtype : infer(nested);
    Object array = resolved.layout().newArray(Sizes.elementCount(shape));
    int[] next = {0};
    fill(nested, shape.length, resolved, array, next, "data");
    return Tensor.wrap(resolved, shape, array);
  }

  /**
   * A ragged tensor of the nested data: {@code raggedRank} outer levels (-1: all but the
   * innermost, as {@code tf.ragged.constant}) become partitions of {@code splits} dtype, the
   * levels below must be uniform.
   */
  static RaggedTensor ragged(Object nested, DType dtype, int raggedRank, DType splits) {
    if (nested == null) {
      throw new IllegalArgumentException("data is null");
    }
    if (!isNested(nested)) {
      throw new IllegalArgumentException("ragged data must be an array or a List, got " + describe(nested));
    }
    int depth = depth(nested, 0, "data");
    if (depth < 2) {
      throw new IllegalArgumentException("ragged data must be nested at least 2 deep (a list of rows), got data nested "
          + depth + " deep");
    }
    int rank = raggedRank < 0 ? depth - 1 : raggedRank;
    if (rank < 1 || rank >= depth) {
      throw new IllegalArgumentException("ragged_rank must be in [1, " + (depth - 1) + "] for data nested "
          + depth + " deep, got " + raggedRank);
    }
    DType resolved = dtype != null ? dtype : infer(nested);
    List<RowPartition> partitions = new ArrayList<>(rank);
    List<Object> items = new ArrayList<>(List.of(nested));
    List<String> paths = new ArrayList<>(List.of("data"));
    for (int level = 0; level <= rank; level++) {
      List<Object> next = new ArrayList<>();
      List<String> nextPaths = new ArrayList<>();
      long[] rowSplits = new long[items.size() + 1];
      for (int r = 0; r < items.size(); r++) {
        Object row = items.get(r);
        int n = length(row);
        rowSplits[r + 1] = rowSplits[r] + n;
        Sizes.toIntSize(rowSplits[r + 1], "the number of values at ragged level " + level);
        for (int i = 0; i < n; i++) {
          next.add(get(row, i));
          nextPaths.add(paths.get(r) + "[" + i + "]");
        }
      }
      if (level > 0) {
        partitions.add(RowPartition.fromRowSplits(rowSplits, splits, false));
      }
      items = next;
      paths = nextPaths;
    }
    // items: the rows of the flat values, each a (depth - rank - 1)-deep uniform block
    int[] inner = innerShape(items, depth - rank - 1);
    int[] shape = new int[inner.length + 1];
    shape[0] = items.size();
    System.arraycopy(inner, 0, shape, 1, inner.length);
    for (int i = 0; i < items.size(); i++) {
      checkInnerShape(items.get(i), inner, 0, paths.get(i));
    }
    Object array = resolved.layout().newArray(Sizes.elementCount(shape));
    int[] next = {0};
    for (int i = 0; i < items.size(); i++) {
      fill(items.get(i), inner.length, resolved, array, next, paths.get(i));
    }
    return RaggedTensor.ofNested(Tensor.wrap(resolved, shape, array), partitions);
  }

  /** A fresh nested Java array of the tensor ({@code long[][]} for an int64 matrix); rank 0 gives a 1-element array. */
  static Object toNestedArray(Tensor t) {
    if (t.rank() == 0) {
      return copyRange(t, 0, 1);
    }
    return nestedBlock(t, t.shape(), 0, 0);
  }

  private static Object nestedBlock(Tensor t, int[] shape, int axis, int offset) {
    int stride = 1;
    for (int a = axis + 1; a < shape.length; a++) {
      stride *= shape[a];
    }
    if (axis == shape.length - 1) {
      return copyRange(t, offset, shape[axis]);
    }
    Object out = Array.newInstance(arrayTypeOfRank(t.dtype(), shape.length - axis - 1), shape[axis]);
    for (int i = 0; i < shape[axis]; i++) {
      Array.set(out, i, nestedBlock(t, shape, axis + 1, offset + i * stride));
    }
    return out;
  }

  /** A fresh jagged Java array of the ragged tensor: one array level per dimension. */
  static Object toNestedArray(RaggedTensor rt) {
    Tensor flat = rt.flatValues();
    int innerRank = flat.rank() - 1;
    List<RowPartition> partitions = rt.nestedPartitions();
    return raggedBlock(flat, partitions, 0, 0, rt.nrows(), innerRank);
  }

  private static Object raggedBlock(Tensor flat, List<RowPartition> partitions, int level, int start, int count,
      int innerRank) {
    if (level == partitions.size() && innerRank == 0) {
      return copyRange(flat, start, count);
    }
    int totalRank = partitions.size() + innerRank + 1 - level;
    Object out = Array.newInstance(arrayTypeOfRank(flat.dtype(), totalRank - 1), count);
    if (level == partitions.size()) {
      int[] shape = flat.shape();
      int rowSize = Arrays.stream(shape, 1, shape.length).reduce(1, (a, b) -> a * b);
      for (int i = 0; i < count; i++) {
        Array.set(out, i, nestedBlock(flat, shape, 1, (start + i) * rowSize));
      }
      return out;
    }
    RowPartition p = partitions.get(level);
    for (int i = 0; i < count; i++) {
      int row = start + i;
      Array.set(out, i, raggedBlock(flat, partitions, level + 1, p.rowStart(row), p.rowLength(row), innerRank));
    }
    return out;
  }

  private static Object copyRange(Tensor t, int from, int count) {
    if (t.unsafeData() instanceof StringColumn strings) {
      String[] out = new String[count]; // Java text, decoded as Tensor.getText decodes it
      for (int i = 0; i < count; i++) {
        out[i] = strings.text(from + i);
      }
      return out;
    }
    Object out = Array.newInstance(t.dtype().arrayClass().getComponentType(), count);
    System.arraycopy(t.unsafeData(), from, out, 0, count);
    return out;
  }

  /** The Java type of one element in a nested array: the storage array's component, String (text) for strings. */
  private static Class<?> elementClass(DType dtype) {
    return dtype.kind() == DType.Kind.STRING ? String.class : dtype.arrayClass().getComponentType();
  }

  private static Class<?> arrayTypeOfRank(DType dtype, int rank) {
    Class<?> c = elementClass(dtype);
    for (int i = 0; i < rank; i++) {
      c = c.arrayType();
    }
    return c;
  }

  private static boolean isNested(Object o) {
    return o instanceof List<?> || (o != null && o.getClass().isArray());
  }

  private static int length(Object o) {
    return o instanceof List<?> list ? list.size() : Array.getLength(o);
  }

  private static Object get(Object o, int i) {
    return o instanceof List<?> list ? list.get(i) : Array.get(o, i);
  }

  private static String describe(Object o) {
    return o == null ? "null" : o.getClass().getSimpleName() + " " + o;
  }

  private static void checkRectangular(Object v, int[] shape, int axis, String path) {
    if (axis == shape.length) {
      if (isNested(v)) {
        throw new IllegalArgumentException(path + " is nested deeper than " + path.replaceAll("\\[\\d+]", "[0]")
            .replaceFirst("\\[0]$", "") + "'s other elements (all elements must sit " + shape.length + " deep)");
      }
      return;
    }
    if (!isNested(v)) {
      throw new IllegalArgumentException(path + " is " + describe(v) + " where an array or List of "
          + shape[axis] + " elements was expected (all elements must sit " + shape.length + " deep)");
    }
    int n = length(v);
    if (n != shape[axis]) {
      throw new IllegalArgumentException(path + " has " + n + " elements where data's first has " + shape[axis]
          + " (a dense tensor needs rectangular data; RaggedTensor.fromNested takes rows of any length)");
    }
    for (int i = 0; i < n; i++) {
      checkRectangular(get(v, i), shape, axis + 1, path + "[" + i + "]");
    }
  }

  /** How deep the scalars sit, the same everywhere; data without scalars counts its deepest level. */
  private static int depth(Object v, int level, String path) {
    int[] found = {-1};
    String[] where = {null};
    int deepest = walk(v, level, path, found, where);
    return found[0] >= 0 ? found[0] : deepest;
  }

  private static int walk(Object v, int level, String path, int[] found, String[] where) {
    if (!isNested(v)) {
      if (found[0] < 0) {
        found[0] = level;
        where[0] = path;
      } else if (found[0] != level) {
        throw new IllegalArgumentException("all elements must sit at the same depth: " + path + " is " + level
            + " deep but " + where[0] + " is " + found[0] + " deep");
      }
      return level;
    }
    int n = length(v);
    if (n == 0 && v.getClass().isArray() && arrayDims(v.getClass()) > 0) {
      // an empty array of a scalar type says its elements' depth by its type ({@code new long[0][]}: 2)
      return checkEmptyLeaf(level + arrayDims(v.getClass()), path, found, where);
    }
    int deepest = level + 1;
    for (int i = 0; i < n; i++) {
      deepest = Math.max(deepest, walk(get(v, i), level + 1, path + "[" + i + "]", found, where));
    }
    return deepest;
  }

  /**
   * How many array levels a Java array type has down to a scalar type ({@code long[][]}: 2; {@code
   * Long[]}: 1), or 0 where the element type could hold anything ({@code Object[]}, lists).
   */
  private static int arrayDims(Class<?> type) {
    int dims = 0;
    while (type.isArray()) {
      type = type.getComponentType();
      dims++;
    }
    boolean scalar = type.isPrimitive() || Number.class.isAssignableFrom(type) || type == Boolean.class
        || type == String.class || type == Complex64.class || type == Complex128.class;
    return scalar ? dims : 0;
  }

  /** An empty array of a scalar type says its elements' depth although it holds none. */
  private static int checkEmptyLeaf(int level, String path, int[] found, String[] where) {
    if (found[0] >= 0 && found[0] != level) {
      throw new IllegalArgumentException("all elements must sit at the same depth: " + path + " holds elements "
          + level + " deep but " + where[0] + " is " + found[0] + " deep");
    }
    found[0] = level;
    where[0] = path + "[0]";
    return level;
  }

  private static int[] innerShape(List<Object> rows, int rank) {
    int[] shape = new int[rank];
    if (rows.isEmpty()) {
      return shape;
    }
    Object probe = rows.get(0);
    for (int d = 0; d < rank && probe != null; d++) {
      shape[d] = length(probe);
      probe = shape[d] == 0 ? null : get(probe, 0);
    }
    return shape;
  }

  private static void checkInnerShape(Object v, int[] shape, int axis, String path) {
    if (axis == shape.length) {
      return;
    }
    int n = length(v);
    if (n != shape[axis]) {
      throw new IllegalArgumentException("dimensions below ragged_rank must be uniform: " + path + " has " + n
          + " elements where the first row's has " + shape[axis] + " (raise ragged_rank to make it ragged)");
    }
    for (int i = 0; i < n; i++) {
      checkInnerShape(get(v, i), shape, axis + 1, path + "[" + i + "]");
    }
  }

  /** Stores the scalars of {@code v} (nested {@code levels} deep) from {@code next[0]} on. */
  private static void fill(Object v, int levels, DType dtype, Object array, int[] next, String path) {
    if (levels == 0) {
      store(dtype, array, next[0]++, v, path);
      return;
    }
    int n = length(v);
    Class<?> component = v.getClass().isArray() ? v.getClass().getComponentType() : null;
    if (levels == 1 && component != null && component == array.getClass().getComponentType()) {
      System.arraycopy(v, 0, array, next[0], n); // a primitive row of the dtype's own type: one copy
      next[0] += n;
      return;
    }
    for (int i = 0; i < n; i++) {
      fill(get(v, i), levels - 1, dtype, array, next, path + "[" + i + "]");
    }
  }

  private static void store(DType dtype, Object array, int index, Object value, String path) {
    if (value == null) {
      throw new IllegalArgumentException(path + " is null");
    }
    boolean integral = value instanceof Long || value instanceof Integer || value instanceof Short
        || value instanceof Byte;
    boolean ok = switch (dtype.kind()) {
      case BOOL -> value instanceof Boolean;
      case INTEGER, UNSIGNED -> integral;
      case FLOATING -> value instanceof Number;
      case COMPLEX -> value instanceof Complex64 || value instanceof Complex128 || value instanceof Number;
      case STRING -> value instanceof String;
    };
    if (!ok) {
      throw new IllegalArgumentException(path + " = " + describe(value) + " cannot be a " + dtype + " element");
    }
    if (dtype.isInteger()) {
      long v = ((Number) value).longValue();
      // uint64's maxInteger is the raw bits of 2^64 - 1 (the long -1): every non-negative long fits
      boolean fits = dtype.isUnsigned() && dtype.bits() == 64 ? v >= 0
          : v >= dtype.minInteger() && v <= dtype.maxInteger();
      if (!fits) {
        throw new IllegalArgumentException(path + " = " + v + " does not fit " + dtype + " ["
            + dtype.minInteger() + ", " + dtype.maxInteger() + "]");
      }
    }
    try {
      Scalars.store(dtype, array, index, value);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(path + ": " + e.getMessage(), e); // a lone surrogate in text, named by its place
    }
  }

  /** The dtype of the data's elements, from their Java types (see the class comment). */
  static DType infer(Object nested) {
    DType[] seen = {null};
    boolean[] any = {false};
    scan(nested, seen, any, "data");
    return seen[0] == null ? DType.FLOAT32 : seen[0];
  }

  private static void scan(Object v, DType[] seen, boolean[] any, String path) {
    if (v != null && v.getClass().isArray()) {
      // a typed array (long[][], Float[]) says its dtype even when empty
      Class<?> c = v.getClass();
      while (c.isArray()) {
        c = c.getComponentType();
      }
      DType d = c == boolean.class || c == Boolean.class ? DType.BOOL
          : c == String.class ? DType.STRING : BY_JAVA_TYPE.get(c);
      if (d != null) {
        seen[0] = join(seen[0], d, path);
        return;
      }
    }
    if (isNested(v)) {
      int n = length(v);
      for (int i = 0; i < n; i++) {
        scan(get(v, i), seen, any, path + "[" + i + "]");
      }
      return;
    }
    if (v == null) {
      throw new IllegalArgumentException(path + " is null");
    }
    DType d = v instanceof Boolean ? DType.BOOL : v instanceof String ? DType.STRING : BY_JAVA_TYPE.get(v.getClass());
    if (d == null) {
      throw new IllegalArgumentException(path + " = " + describe(v) + " is not a number, bool or string");
    }
    seen[0] = join(seen[0], d, path);
  }

  private static DType join(DType a, DType b, String path) {
    if (a == null || a == b) {
      return b;
    }
    if (a.isNumeric() && b.isNumeric()) {
      if (a.isFloating() || b.isFloating()) {
        return a == DType.FLOAT64 || b == DType.FLOAT64 ? DType.FLOAT64 : DType.FLOAT32;
      }
      return a.bits() >= b.bits() ? a : b;
    }
    throw new IllegalArgumentException("data mixes " + a + " and " + b + " elements (at " + path + ")");
  }
}
