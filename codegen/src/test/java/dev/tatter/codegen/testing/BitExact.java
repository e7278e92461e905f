package dev.tatter.codegen.testing;

import static org.junit.jupiter.api.Assertions.fail;

import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.SparseTensor;
import dev.tatter.runtime.Tensor;
import java.lang.reflect.Array;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The rule for comparing values Tatter computes two ways — interpreter and bytecode, fused and
 * unfused, optimized and not, before and after a text round trip: they must agree bit for bit.
 * Floats compare by their raw bits ({@link Float#floatToRawIntBits}, {@link
 * Double#doubleToRawLongBits}), so {@code -0.0} differs from {@code 0.0}; a NaN equals any NaN,
 * because the JVM does not specify which NaN an operation returns (HotSpot's interpreter and its
 * compiled code give NaNs of either sign for {@code inf - inf}); every other element compares
 * exactly. {@code ==} would call {@code -0.0} and {@code 0.0}
 * equal and every NaN unequal to itself; {@link Tensor#equals} (which uses {@link
 * Arrays#equals(float[], float[])}) tells the zeros apart but takes all NaNs for one.
 *
 * <p>Tolerances have no place between two of Tatter's own backends. A test that compares with an
 * external reference whose arithmetic differs (TF's kernels in the {@code -Ptf} oracle, C's
 * {@code pow}) names its tolerance there, in ulps, with the reason.
 *
 * <p>Values: {@link Tensor}, {@link RaggedTensor}, {@link SparseTensor}, lists of them (a run's
 * outputs), maps of them (feeds, by key) and anything else by {@code equals} ({@code RowPartition}, boxed scalars: a boxed
 * {@code Float} or {@code Double} by its raw bits).
 */
public final class BitExact {
  private BitExact() {}

  /** Fails unless {@code actual} is {@code expected} bit for bit; the message starts with {@code context}. */
  public static void assertSameBits(Object expected, Object actual, String context) {
    String difference = difference(expected, actual);
    if (difference != null) {
      fail(context + ": " + difference);
    }
  }

  /**
   * {@code null} if the two are the same bit for bit; otherwise where they first differ and how,
   * e.g. {@code "[0].values: float32 element 3 (index [1, 0]): expected 0.0 (0x00000000), got -0.0 (0x80000000)"}.
   */
  public static String difference(Object expected, Object actual) {
    return difference("", expected, actual);
  }

  private static String difference(String path, Object expected, Object actual) {
    if (expected == null || actual == null) {
      return expected == actual ? null : at(path) + "expected " + expected + ", got " + actual;
    }
    if (expected instanceof List<?> e && actual instanceof List<?> a) {
      if (e.size() != a.size()) {
        return at(path) + "expected " + e.size() + " values, got " + a.size();
      }
      for (int i = 0; i < e.size(); i++) {
        String d = difference(path + "[" + i + "]", e.get(i), a.get(i));
        if (d != null) {
          return d;
        }
      }
      return null;
    }
    if (expected instanceof Map<?, ?> e && actual instanceof Map<?, ?> a) {
      if (!e.keySet().equals(a.keySet())) {
        return at(path) + "expected the keys " + e.keySet() + ", got " + a.keySet();
      }
      for (Map.Entry<?, ?> entry : e.entrySet()) {
        String d = difference(path + "[" + entry.getKey() + "]", entry.getValue(), a.get(entry.getKey()));
        if (d != null) {
          return d;
        }
      }
      return null;
    }
    if (expected.getClass() != actual.getClass()) {
      return at(path) + "expected a " + expected.getClass().getSimpleName() + " (" + expected + "), got a "
          + actual.getClass().getSimpleName() + " (" + actual + ")";
    }
    if (expected instanceof Tensor e) {
      return tensorDifference(path, e, (Tensor) actual);
    }
    if (expected instanceof RaggedTensor e) {
      RaggedTensor a = (RaggedTensor) actual;
      String d = difference(path + ".partition", e.partition(), a.partition());
      return d != null ? d : difference(path + ".values", e.values(), a.values());
    }
    if (expected instanceof SparseTensor e) {
      SparseTensor a = (SparseTensor) actual;
      String d = difference(path + ".indices", e.indices(), a.indices());
      d = d != null ? d : difference(path + ".values", e.values(), a.values());
      return d != null ? d : difference(path + ".dense_shape", e.denseShape(), a.denseShape());
    }
    if (expected instanceof Float || expected instanceof Double) {
      String d = elementDifference(expected, actual);
      return d == null ? null : at(path) + d;
    }
    return expected.equals(actual) ? null : at(path) + "expected " + expected + ", got " + actual;
  }

  private static String tensorDifference(String path, Tensor expected, Tensor actual) {
    if (expected.dtype() != actual.dtype()) {
      return at(path) + "expected dtype " + expected.dtype() + ", got " + actual.dtype();
    }
    if (!Arrays.equals(expected.shape(), actual.shape())) {
      return at(path) + "expected shape " + Arrays.toString(expected.shape()) + ", got " + Arrays.toString(actual.shape());
    }
    Object e = expected.data();
    Object a = actual.data();
    int n = expected.dtype().layout().length(e);
    if (actual.dtype().layout().length(a) != n) {
      return at(path) + "expected " + n + " stored elements, got " + actual.dtype().layout().length(a);
    }
    for (int i = 0; i < n; i++) {
      String d = elementDifference(stored(e, i), stored(a, i));
      if (d != null) {
        return at(path) + expected.dtype() + " element " + i + " (index " + Arrays.toString(multiIndex(i, expected.shape()))
            + "): " + d;
      }
    }
    return null;
  }

  /** Element {@code i} as stored: an array slot, a string's bytes. */
  private static Object stored(Object data, int i) {
    return data instanceof dev.tatter.runtime.StringColumn strings ? strings.bytes(i) : Array.get(data, i);
  }

  /** {@code null} if the two elements have the same bits, else both values in decimal and hex. */
  private static String elementDifference(Object expected, Object actual) {
    if (expected instanceof Float e && actual instanceof Float a) {
      int eb = Float.floatToRawIntBits(e);
      int ab = Float.floatToRawIntBits(a);
      return eb == ab || (e.isNaN() && a.isNaN()) ? null : "expected " + e + " (0x" + hex(eb, 8) + "), got " + a + " (0x" + hex(ab, 8) + ")";
    }
    if (expected instanceof Double e && actual instanceof Double a) {
      long eb = Double.doubleToRawLongBits(e);
      long ab = Double.doubleToRawLongBits(a);
      return eb == ab || (e.isNaN() && a.isNaN()) ? null : "expected " + e + " (0x" + hex(eb, 16) + "), got " + a + " (0x" + hex(ab, 16) + ")";
    }
    if (Objects.deepEquals(expected, actual)) {
      return null;
    }
    if (expected instanceof Number e && actual instanceof Number a) {
      return "expected " + e + " (0x" + Long.toHexString(e.longValue()) + "), got " + a + " (0x"
          + Long.toHexString(a.longValue()) + ")";
    }
    return "expected " + render(expected) + ", got " + render(actual);
  }

  private static String render(Object element) {
    return element instanceof byte[] bytes ? Arrays.toString(bytes) : String.valueOf(element);
  }

  private static String hex(long bits, int digits) {
    String h = Long.toHexString(bits);
    if (h.length() > digits) {
      h = h.substring(h.length() - digits);
    }
    return "0".repeat(digits - h.length()) + h;
  }

  private static int[] multiIndex(int flat, int[] shape) {
    int[] index = new int[shape.length];
    for (int axis = shape.length - 1; axis >= 0; axis--) {
      if (shape[axis] > 0) {
        index[axis] = flat % shape[axis];
        flat /= shape[axis];
      }
    }
    return index;
  }

  private static String at(String path) {
    return path.isEmpty() ? "" : path + ": ";
  }
}
