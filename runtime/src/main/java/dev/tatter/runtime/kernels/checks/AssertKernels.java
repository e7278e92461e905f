package dev.tatter.runtime.kernels.checks;

import dev.tatter.runtime.ByteStrings;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.Scalars;
import dev.tatter.runtime.Sizes;
import dev.tatter.runtime.Tensor;
import dev.tatter.runtime.kernels.elementwise.Broadcast;
import java.nio.charset.StandardCharsets;

/**
 * TF's run-time checks, {@code tf.debugging.assert_*} (an {@code Assert} of {@code
 * reduce_all(x op y)}) and {@code check_numerics} ({@code CheckNumerics}): each returns its first
 * operand when the check holds and otherwise refuses with TF's message, which the graph's
 * failure wrapper prefixes with the node. The assertion's message lists its data as TF's
 * {@code Assert} kernel does ({@code assertion failed: [message] [Condition x == y did not hold
 * element-wise:] [x = ] [1 2 3] [y = ] [1 2 4]}), each operand's first {@code summarize}
 * elements, flat, then {@code ...} when there are more.
 */
public final class AssertKernels {
  private AssertKernels() {}

  /**
   * {@code assert_compare {comparison, message, summarize, against_zero}}: {@code x comparison y}
   * at every broadcast position, else an error; {@code against_zero} is a unary assertion
   * ({@code x > 0}: y the zero), whose message shows x alone.
   */
  public static Tensor assertCompare(Tensor x, Tensor y, String comparison, String message, long summarize, boolean againstZero) {
    if (x.dtype() != y.dtype()) {
      throw new InvalidArgumentException("x and y must have one dtype, got " + x.dtype() + " and " + y.dtype());
    }
    int[] shape = Broadcast.shape(x.shape(), y.shape());
    int n = Sizes.elementCount(shape);
    int[] xi = Broadcast.gatherIndex(shape, Broadcast.strides(x.shape(), shape), n);
    int[] yi = Broadcast.gatherIndex(shape, Broadcast.strides(y.shape(), shape), n);
    for (int i = 0; i < n; i++) {
      if (!holds(comparison, x, xi[i], y, yi[i])) {
        String condition = againstZero ? "x " + comparison + " 0" : "x " + comparison + " y";
        StringBuilder out = new StringBuilder("assertion failed: [").append(text(message)).append("] [Condition ")
            .append(condition).append(" did not hold element-wise:] [x = ] [").append(summary(x, summarize)).append(']');
        if (!againstZero) {
          out.append(" [y = ] [").append(summary(y, summarize)).append(']');
        }
        throw new InvalidArgumentException(out.toString());
      }
    }
    return x;
  }

  /**
   * {@code check_numerics {message}}: the tensor, when no element is NaN or infinite; else TF's
   * {@code message : Tensor had NaN values} (or {@code -Inf}, {@code +Inf}, or several: {@code -Inf, +Inf, and NaN}).
   */
  public static Tensor checkNumerics(Tensor tensor, String message) {
    boolean nan = false;
    boolean negativeInf = false;
    boolean positiveInf = false;
    for (int i = 0; i < tensor.size(); i++) {
      double v = tensor.getDouble(i);
      nan |= Double.isNaN(v);
      negativeInf |= v == Double.NEGATIVE_INFINITY;
      positiveInf |= v == Double.POSITIVE_INFINITY;
    }
    java.util.List<String> anomalies = new java.util.ArrayList<>();
    if (negativeInf) {
      anomalies.add("-Inf");
    }
    if (positiveInf) {
      anomalies.add("+Inf");
    }
    if (nan) {
      anomalies.add("NaN");
    }
    if (!anomalies.isEmpty()) {
      // TF's wording: "-Inf", "-Inf and NaN", "-Inf, +Inf, and NaN"
      String what = switch (anomalies.size()) {
        case 1 -> anomalies.get(0);
        case 2 -> anomalies.get(0) + " and " + anomalies.get(1);
        default -> anomalies.get(0) + ", " + anomalies.get(1) + ", and " + anomalies.get(2);
      };
      throw new InvalidArgumentException(text(message) + " : Tensor had " + what + " values");
    }
    return tensor;
  }

  private static boolean holds(String comparison, Tensor x, int i, Tensor y, int j) {
    DType dtype = x.dtype();
    int order;
    if (dtype == DType.STRING) {
      boolean same = x.stringColumn().equals(i, y.stringColumn(), j);
      return comparison.equals("==") == same;
    } else if (dtype == DType.BOOL) {
      boolean same = x.get(i).equals(y.get(j));
      return comparison.equals("==") == same;
    } else if (dtype.isFloating()) {
      double a = x.getDouble(i);
      double b = y.getDouble(j);
      if (Double.isNaN(a) || Double.isNaN(b)) {
        return comparison.equals("!="); // every comparison with NaN is false but !=
      }
      order = Double.compare(a == 0 ? 0.0 : a, b == 0 ? 0.0 : b); // -0.0 == 0.0
    } else if (dtype == DType.UINT64) {
      order = Long.compareUnsigned(x.getLong(i), y.getLong(j));
    } else {
      order = Long.compare(x.getLong(i), y.getLong(j));
    }
    return switch (comparison) {
      case "==" -> order == 0;
      case "!=" -> order != 0;
      case "<" -> order < 0;
      case "<=" -> order <= 0;
      case ">" -> order > 0;
      case ">=" -> order >= 0;
      default -> throw new IllegalArgumentException("no comparison " + comparison);
    };
  }

  /** The first {@code summarize} elements of {@code t}, flat and space-separated (TF's SummarizeValue), {@code ...} after. */
  private static String summary(Tensor t, long summarize) {
    long limit = summarize < 0 ? t.size() : Math.min(summarize, t.size());
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < limit; i++) {
      if (i > 0) {
        out.append(' ');
      }
      out.append(t.dtype() == DType.STRING ? text(ByteStrings.of(t.stringColumn().bytes(i))) : Scalars.formatElement(t.get(i), t.dtype()));
    }
    if (limit < t.size()) {
      out.append("...");
    }
    return out.toString();
  }

  /** A byte-string attribute (see {@link ByteStrings}) as the text its UTF-8 bytes spell. */
  private static String text(String byteString) {
    return new String(ByteStrings.bytes(byteString), StandardCharsets.UTF_8);
  }
}
