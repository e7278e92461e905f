package dev.tatter.runtime;

import java.lang.reflect.Array;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Builds ragged tensors from nested literals, as TF's {@code tf.ragged.constant} does: every
 * scalar sits at the same depth K; the outer {@code ragged_rank} levels become row partitions
 * (by default K - 1 of them) and the levels below must be uniform, forming the flat values'
 * inner dims. Nested Java lists and arrays (of any primitive or boxed element) are accepted.
 */
public final class RaggedLiterals {
  private RaggedLiterals() {}

  /** Stores one scalar into a values array, converting it to the dtype (or refusing it). */
  @FunctionalInterface
  public interface ScalarStore {
    void store(DType dtype, Object array, int index, Object scalar);
  }

  /** Nested Java arrays and lists as nested lists; scalars as they are. */
  public static Object toNestedList(Object value) {
    if (value instanceof List<?> list) {
      List<Object> out = new ArrayList<>(list.size());
      for (Object o : list) {
        out.add(toNestedList(o));
      }
      return out;
    }
    if (value != null && value.getClass().isArray()) {
      int n = Array.getLength(value);
      List<Object> out = new ArrayList<>(n);
      for (int i = 0; i < n; i++) {
        out.add(toNestedList(Array.get(value, i)));
      }
      return out;
    }
    return value;
  }

  /**
   * The depth K at which the scalars sit (a list of scalars has depth 1), checking it is the same
   * everywhere; a literal without scalars counts its deepest list.
   */
  public static int depth(Object nested) {
    int[] found = {-1};
    String[] where = {null};
    int deepestList = walk(nested, 0, "", found, where);
    return found[0] >= 0 ? found[0] : deepestList;
  }

  private static int walk(Object v, int depth, String path, int[] found, String[] where) {
    if (!(v instanceof List<?> list)) {
      if (found[0] < 0) {
        found[0] = depth;
        where[0] = path;
      } else if (found[0] != depth) {
        throw new IllegalArgumentException("all scalars must have the same nesting depth: literal" + path
            + " is at depth " + depth + " but literal" + where[0] + " at depth " + found[0]);
      }
      return depth;
    }
    int deepest = depth + 1;
    for (int i = 0; i < list.size(); i++) {
      deepest = Math.max(deepest, walk(list.get(i), depth + 1, path + "[" + i + "]", found, where));
    }
    return deepest;
  }

  /** The dtype TF gives a Python literal: ints int32, floats float32 (also when mixed with ints), bool, string. */
  public static DType inferDType(Object nested) {
    boolean[] seen = new boolean[4]; // int, float, bool, string
    DType[] fromArray = {null};
    scan(nested, seen, fromArray);
    if (fromArray[0] != null) {
      return fromArray[0];
    }
    if (seen[3]) return DType.STRING;
    if (seen[2]) return DType.BOOL;
    if (seen[1] || !seen[0]) return DType.FLOAT32;
    return DType.INT32;
  }

  private static void scan(Object v, boolean[] seen, DType[] fromArray) {
    if (v != null && v.getClass().isArray() && v.getClass().getComponentType().isPrimitive()) {
      Class<?> c = v.getClass().getComponentType();
      for (DType d : DType.values()) {
        if (d.arrayClass().getComponentType() == c && fromArray[0] == null) {
          fromArray[0] = d;
        }
      }
      return;
    }
    if (v instanceof Iterable<?> it) {
      it.forEach(o -> scan(o, seen, fromArray));
    } else if (v instanceof Object[] arr) {
      for (Object o : arr) {
        scan(o, seen, fromArray);
      }
    } else if (v instanceof Float || v instanceof Double) {
      seen[1] = true;
    } else if (v instanceof Number) {
      seen[0] = true;
    } else if (v instanceof Boolean) {
      seen[2] = true;
    } else if (v instanceof String) {
      seen[3] = true;
    }
  }

  /**
   * The ragged tensor of {@code nested} (nested lists, see {@link #toNestedList}) with
   * {@code raggedRank} partitions (at least 1, less than the depth) of {@code splits} dtype.
   */
  public static RaggedTensor build(Object nested, DType dtype, int raggedRank, DType splits, ScalarStore store) {
    int k = depth(nested);
    if (!(nested instanceof List)) {
      throw new IllegalArgumentException("a ragged literal must be a list, got a scalar");
    }
    if (raggedRank < 1 || raggedRank >= k) {
      throw new IllegalArgumentException("ragged_rank must be in [1, " + (k - 1) + "] for a literal of depth " + k
          + ", got " + raggedRank);
    }
    List<RowPartition> partitions = new ArrayList<>();
    List<?> items = (List<?>) nested;
    for (int level = 0; level < raggedRank; level++) {
      long[] rowSplits = new long[items.size() + 1];
      List<Object> next = new ArrayList<>();
      for (int r = 0; r < items.size(); r++) {
        List<?> row = (List<?>) items.get(r);
        rowSplits[r + 1] = rowSplits[r] + row.size();
        next.addAll(row);
      }
      partitions.add(RowPartition.adoptingRowSplits(rowSplits, splits));
      items = next;
    }
    int[] inner = innerShape(items, k - 1 - raggedRank);
    int[] shape = new int[inner.length + 1];
    shape[0] = items.size();
    System.arraycopy(inner, 0, shape, 1, inner.length);
    Object array = dtype.layout().newArray(Sizes.elementCount(shape));
    int[] next = {0};
    for (Object item : items) {
      fill(item, dtype, array, next, store);
    }
    return RaggedTensor.ofNested(Tensor.wrap(dtype, shape, array), partitions);
  }

  /** The common shape of the items' uniform inner dims ({@code rank} of them); refuses ragged ones. */
  private static int[] innerShape(List<?> items, int rank) {
    int[] shape = new int[rank];
    if (items.isEmpty()) {
      return shape;
    }
    Object probe = items.get(0);
    for (int d = 0; d < rank; d++) {
      shape[d] = ((List<?>) probe).size();
      probe = shape[d] == 0 ? null : ((List<?>) probe).get(0);
      if (probe == null) {
        break;
      }
    }
    for (int i = 0; i < items.size(); i++) {
      checkShape(items.get(i), shape, 0, "[" + i + "]");
    }
    return shape;
  }

  private static void checkShape(Object v, int[] shape, int axis, String path) {
    if (axis == shape.length) {
      return;
    }
    List<?> list = (List<?>) v;
    if (list.size() != shape[axis]) {
      throw new IllegalArgumentException("inner dimensions below ragged_rank must be uniform: values" + path
          + " has " + list.size() + " elements where others have " + shape[axis]
          + " (inner shape " + Arrays.toString(shape) + "; raise ragged_rank to make it ragged)");
    }
    for (int i = 0; i < list.size(); i++) {
      checkShape(list.get(i), shape, axis + 1, path + "[" + i + "]");
    }
  }

  private static void fill(Object v, DType dtype, Object array, int[] next, ScalarStore store) {
    if (v instanceof List<?> list) {
      for (Object o : list) {
        fill(o, dtype, array, next, store);
      }
    } else {
      store.store(dtype, array, next[0]++, v);
    }
  }
}
