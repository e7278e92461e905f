package dev.tatter.frontend;

import dev.tatter.runtime.DType;
import java.util.ArrayList;
import java.util.List;

/**
 * A plain, slow statement of TF's reductions on nested lists (what {@code to_list()} gives),
 * written without looking at the kernels, for the property tests to compare against:
 *
 * <ul>
 *   <li>reducing axis {@code a} maps down {@code a} levels and folds the items found there
 *       position by position (rows of different lengths: a position takes whatever items
 *       have it), in order;
 *   <li>every fold starts from the reduction's starting value, which for a ragged input's axes
 *       up to its ragged rank is the segment ops' ({@code -FLT_MAX} for a float max) and
 *       otherwise Eigen's ({@code -inf}); no items at all give that value in the shape of the
 *       remaining uniform dimensions, or an empty list where the next dimension is ragged;
 *   <li>all axes fold the elements in row-major order, from Eigen's starting value;
 *   <li>mean is sum over count: truncated in the dtype (summed in int64) for dense integers,
 *       in the dtype for dense floats, and a true division for ragged inputs, with the count
 *       first cast to the input's dtype.
 * </ul>
 */
final class ReductionReference {
  private ReductionReference() {}

  /** One dimension of the input: ragged, or uniform of {@code size}. */
  record Dim(boolean ragged, int size) {}

  /** The reduction of {@code nested} (its dims and dtype given) over {@code axis}, or all axes if null. */
  static Object reduce(String op, Object nested, List<Dim> dims, DType dtype, Integer axis, boolean keepdims, boolean raggedInput) {
    if (op.equals("mean")) {
      return mean(nested, dims, dtype, axis, keepdims, raggedInput);
    }
    if (axis == null) {
      Object acc = identity(op, dtype, false);
      for (Object x : flatten(nested, new ArrayList<>())) {
        acc = combine(op, dtype, acc, x, false);
      }
      for (int i = 0; i < (keepdims ? dims.size() : 0); i++) {
        acc = List.of(acc);
      }
      return acc;
    }
    int raggedRank = (int) dims.stream().filter(Dim::ragged).count();
    boolean segment = raggedInput && axis <= raggedRank;
    Object result = reduceAt(op, nested, dims, dtype, axis, segment);
    return keepdims ? wrapAt(result, axis) : result;
  }

  private static Object reduceAt(String op, Object x, List<Dim> dims, DType dtype, int axis, boolean segment) {
    List<?> items = (List<?>) x;
    if (axis > 0) {
      List<Object> out = new ArrayList<>();
      for (Object item : items) {
        out.add(reduceAt(op, item, dims.subList(1, dims.size()), dtype, axis - 1, segment));
      }
      return out;
    }
    Object start = identity(op, dtype, segment);
    if (items.isEmpty()) {
      return filled(dims.subList(1, dims.size()), start);
    }
    Object folded = items.get(0);
    for (int i = 1; i < items.size(); i++) {
      folded = zipFold(op, dtype, folded, items.get(i), segment);
    }
    return mapLeaves(folded, leaf -> combine(op, dtype, start, leaf, segment));
  }

  /** Position by position; a position only one side has is taken as it is. */
  private static Object zipFold(String op, DType dtype, Object a, Object b, boolean segment) {
    if (!(a instanceof List<?> la)) {
      return combine(op, dtype, a, b, segment);
    }
    List<?> lb = (List<?>) b;
    List<Object> out = new ArrayList<>();
    for (int i = 0; i < Math.max(la.size(), lb.size()); i++) {
      out.add(i >= la.size() ? lb.get(i) : i >= lb.size() ? la.get(i) : zipFold(op, dtype, la.get(i), lb.get(i), segment));
    }
    return out;
  }

  private static Object filled(List<Dim> dims, Object value) {
    if (dims.isEmpty()) {
      return value;
    }
    List<Object> out = new ArrayList<>();
    if (!dims.get(0).ragged()) {
      for (int i = 0; i < dims.get(0).size(); i++) {
        out.add(filled(dims.subList(1, dims.size()), value));
      }
    }
    return out;
  }

  private static Object wrapAt(Object x, int axis) {
    if (axis == 0) {
      return List.of(x);
    }
    List<Object> out = new ArrayList<>();
    for (Object item : (List<?>) x) {
      out.add(wrapAt(item, axis - 1));
    }
    return out;
  }

  private static Object mean(Object nested, List<Dim> dims, DType dtype, Integer axis, boolean keepdims, boolean raggedInput) {
    Object count = reduce("sum", mapLeaves(nested, x -> 1L), dims, DType.INT64, axis, keepdims, raggedInput);
    if (!raggedInput && dtype.isInteger()) {
      Object sum = reduce("sum", mapLeaves(nested, x -> ((Number) x).longValue()), dims, DType.INT64, axis, keepdims, false);
      return zipLeaves(sum, count, (s, c) -> {
        long n = (Long) c;
        return box(dtype, n == 0 ? 0 : (Long) s / n);
      });
    }
    Object sum = reduce("sum", nested, dims, dtype, axis, keepdims, raggedInput);
    if (!raggedInput) {
      return zipLeaves(sum, count, (s, c) -> dtype == DType.FLOAT32
          ? (Object) ((Float) s / (float) (long) (Long) c)
          : (Object) ((Double) s / (double) (long) (Long) c));
    }
    boolean toFloat32 = dtype == DType.FLOAT32 || dtype == DType.INT8 || dtype == DType.INT16;
    return zipLeaves(sum, count, (s, c) -> {
      Number countInDtype = (Number) box(dtype, (Long) c);
      return toFloat32
          ? (Object) (((Number) s).floatValue() / countInDtype.floatValue())
          : (Object) (((Number) s).doubleValue() / countInDtype.doubleValue());
    });
  }

  static Object identity(String op, DType dtype, boolean segment) {
    return switch (op) {
      case "sum" -> box(dtype, 0);
      case "prod" -> box(dtype, 1);
      case "all" -> true;
      case "any" -> false;
      case "max" -> switch (dtype) {
        case INT8 -> Byte.MIN_VALUE;
        case INT16 -> Short.MIN_VALUE;
        case INT32 -> Integer.MIN_VALUE;
        case INT64 -> Long.MIN_VALUE;
        case FLOAT32 -> segment ? -Float.MAX_VALUE : Float.NEGATIVE_INFINITY;
        default -> segment ? -Double.MAX_VALUE : Double.NEGATIVE_INFINITY;
      };
      case "min" -> switch (dtype) {
        case INT8 -> Byte.MAX_VALUE;
        case INT16 -> Short.MAX_VALUE;
        case INT32 -> Integer.MAX_VALUE;
        case INT64 -> Long.MAX_VALUE;
        case FLOAT32 -> segment ? Float.MAX_VALUE : Float.POSITIVE_INFINITY;
        default -> segment ? Double.MAX_VALUE : Double.POSITIVE_INFINITY;
      };
      default -> throw new IllegalArgumentException(op);
    };
  }

  /**
   * One step of the fold, {@code a} the accumulator: float min and max as TF's CPU kernels take
   * them (measured with TF 2.18): the later of two equal values; on a ragged axis
   * ({@code unsorted_segment_*}) a NaN accumulator is replaced by the next value, on a uniform axis
   * (Eigen) it stays.
   */
  static Object combine(String op, DType dtype, Object a, Object b, boolean segment) {
    if ((op.equals("min") || op.equals("max")) && dtype.isFloating()) {
      double x = ((Number) a).doubleValue();
      double y = ((Number) b).doubleValue();
      if (!segment && Double.isNaN(x)) {
        return a;
      }
      boolean keep = op.equals("min") ? x < y : x > y;
      return keep ? a : b;
    }
    return combine(op, dtype, a, b);
  }

  static Object combine(String op, DType dtype, Object a, Object b) {
    if (dtype == DType.BOOL) {
      return op.equals("all") ? (Boolean) a && (Boolean) b : (Boolean) a || (Boolean) b;
    }
    if (dtype == DType.FLOAT32) {
      float x = (Float) a;
      float y = (Float) b;
      return switch (op) {
        case "sum" -> x + y;
        case "prod" -> x * y;
        case "min" -> Math.min(x, y);
        default -> Math.max(x, y);
      };
    }
    if (dtype == DType.FLOAT64) {
      double x = (Double) a;
      double y = (Double) b;
      return switch (op) {
        case "sum" -> x + y;
        case "prod" -> x * y;
        case "min" -> Math.min(x, y);
        default -> Math.max(x, y);
      };
    }
    long x = ((Number) a).longValue();
    long y = ((Number) b).longValue();
    long r = switch (op) {
      case "sum" -> x + y;
      case "prod" -> x * y;
      case "min" -> Math.min(x, y);
      default -> Math.max(x, y);
    };
    return box(dtype, r);
  }

  /** {@code value} as a boxed element of {@code dtype}, wrapping integers. */
  static Object box(DType dtype, long value) {
    return switch (dtype) {
      case INT8 -> (byte) value;
      case INT16 -> (short) value;
      case INT32 -> (int) value;
      case INT64 -> value;
      case FLOAT32 -> (float) value;
      case FLOAT64 -> (double) value;
      default -> throw new IllegalArgumentException(dtype.toString());
    };
  }

  private static List<Object> flatten(Object x, List<Object> out) {
    if (x instanceof List<?> list) {
      for (Object item : list) {
        flatten(item, out);
      }
    } else {
      out.add(x);
    }
    return out;
  }

  static Object mapLeaves(Object x, java.util.function.Function<Object, Object> f) {
    if (x instanceof List<?> list) {
      List<Object> out = new ArrayList<>();
      for (Object item : list) {
        out.add(mapLeaves(item, f));
      }
      return out;
    }
    return f.apply(x);
  }

  private static Object zipLeaves(Object a, Object b, java.util.function.BinaryOperator<Object> f) {
    if (a instanceof List<?> la) {
      List<?> lb = (List<?>) b;
      List<Object> out = new ArrayList<>();
      for (int i = 0; i < la.size(); i++) {
        out.add(zipLeaves(la.get(i), lb.get(i), f));
      }
      return out;
    }
    return f.apply(a, b);
  }
}
