package dev.tatter.frontend;

import dev.tatter.ir.ops.ElementwiseOps;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.DTypeLayout;
import dev.tatter.runtime.Tensor;
import java.math.BigDecimal;

/**
 * {@code tf.dtypes.saturate_cast(x, dtype)}: clamps x to the target dtype's finite range, with the
 * bounds held in x's own dtype, then casts. As TF's Python does, a bound that rounds beyond the
 * target's range in x's dtype is moved one step toward zero ({@code float32 -> int32} clamps at
 * 2147483520, the largest float32 below 2^31), and a side is clamped only where x's dtype reaches
 * past the target's finite range (so float16 {@code inf -> int32} is a plain cast, as in TF: the
 * finite float16 range fits int32). A NaN passes the clamp and is cast ({@code maximum} and
 * {@code minimum} propagate it).
 */
final class SaturateCast {
  private SaturateCast() {}

  /**
   * TF's {@code tf.dtypes.saturate_cast(value, dtype)}: x clamped to {@code to}'s finite range (the
   * bounds held in x's dtype, as TF's Python does), then cast. Numeric dtypes only.
   */
  @TfApi("tf.dtypes.saturate_cast")
  static Value apply(Value x, DType to) {
    DType from = x.dtype();
    for (DType d : new DType[] {from, to}) {
      if (!d.isNumeric()) {
        throw GraphBuilder.misuse("saturate_cast is not defined on " + d
            + " (TF: \"Cannot find minimum value of " + d + "\"; numeric dtypes only)", x);
      }
    }
    Value clamped = x;
    if (min(from).compareTo(min(to)) < 0) {
      clamped = MathFunctions.binary(ElementwiseOps.MAXIMUM, clamped, bound(from, min(to)));
    }
    if (max(from).compareTo(max(to)) > 0) {
      clamped = MathFunctions.binary(ElementwiseOps.MINIMUM, clamped, bound(from, max(to)));
    }
    return clamped.cast(to);
  }

  /**
   * {@code limit} in {@code dtype}: exact for integers (it lies in their range here), rounded to
   * nearest for floats, then moved toward zero if that rounding left the target's range.
   */
  private static Tensor bound(DType dtype, BigDecimal limit) {
    if (dtype.isInteger()) {
      return Tensor.scalar(dtype, limit.toBigIntegerExact().longValue());
    }
    return switch (dtype) {
      case FLOAT64 -> {
        double v = limit.doubleValue();
        if (new BigDecimal(v).abs().compareTo(limit.abs()) > 0) {
          v = v > 0 ? Math.nextDown(v) : Math.nextUp(v);
        }
        yield Tensor.scalar(dtype, v);
      }
      case FLOAT32 -> {
        float v = limit.floatValue();
        if (new BigDecimal(v).abs().compareTo(limit.abs()) > 0) {
          v = v > 0 ? Math.nextDown(v) : Math.nextUp(v);
        }
        yield Tensor.scalar(dtype, (double) v);
      }
      case FLOAT16, BFLOAT16 -> {
        DTypeLayout layout = dtype.layout();
        float v = (float) layout.nearest(limit.doubleValue());
        if (new BigDecimal(v).abs().compareTo(limit.abs()) > 0) {
          v = towardZero(layout, v);
        }
        yield Tensor.scalar(dtype, (double) v);
      }
      case BOOL, INT8, INT16, INT32, INT64, STRING, UINT8, UINT16, UINT32, UINT64, COMPLEX64, COMPLEX128 ->
          throw new IllegalStateException("no saturate_cast bound for " + dtype);
    };
  }

  /**
   * The value of a dtype computed in float next to {@code v} toward zero (from an infinity, the
   * largest finite one). Every value of such a dtype is a float, so it is the rounding, through the
   * dtype's layout, of the last float below |v| that the rounding keeps below |v|: a binary search
   * over the ordered bit patterns of the non-negative floats.
   */
  private static float towardZero(DTypeLayout layout, float v) {
    float magnitude = Math.abs(v);
    int lo = 0; // +0.0, below |v| in every float dtype
    int hi = Float.floatToRawIntBits(magnitude) - 1;
    while (lo < hi) {
      int mid = (lo + hi + 1) >>> 1;
      if (layout.roundTrip(Float.intBitsToFloat(mid)) < magnitude) {
        lo = mid;
      } else {
        hi = mid - 1;
      }
    }
    return Math.copySign(layout.roundTrip(Float.intBitsToFloat(lo)), v);
  }

  private static BigDecimal min(DType d) {
    return d.isInteger() ? BigDecimal.valueOf(d.minInteger()) : maxFinite(d).negate();
  }

  private static BigDecimal max(DType d) {
    if (d.isInteger()) {
      return d.isUnsigned() && d.bits() == 64 ? new BigDecimal(new java.math.BigInteger(Long.toUnsignedString(d.maxInteger())))
          : BigDecimal.valueOf(d.maxInteger());
    }
    return maxFinite(d);
  }

  private static BigDecimal maxFinite(DType d) {
    return new BigDecimal(d.maxFloat());
  }
}
