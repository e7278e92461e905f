package dev.tatter.frontend;

import dev.tatter.ir.ops.ElementwiseOps;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.HalfFloats;
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
        boolean f16 = dtype == DType.FLOAT16;
        short bits = f16 ? HalfFloats.doubleToFloat16(limit.doubleValue()) : HalfFloats.doubleToBfloat16(limit.doubleValue());
        float v = f16 ? HalfFloats.float16ToFloat(bits) : HalfFloats.bfloat16ToFloat(bits);
        if (new BigDecimal(v).abs().compareTo(limit.abs()) > 0) {
          bits = (short) (bits - 1); // sign and magnitude: one step smaller in magnitude
          v = f16 ? HalfFloats.float16ToFloat(bits) : HalfFloats.bfloat16ToFloat(bits);
        }
        yield Tensor.scalar(dtype, (double) v);
      }
      default -> throw new IllegalStateException("no saturate_cast bound for " + dtype);
    };
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
    return switch (d) {
      case FLOAT16 -> new BigDecimal(65504);
      case BFLOAT16 -> new BigDecimal(HalfFloats.bfloat16ToFloat((short) 0x7F7F));
      case FLOAT32 -> new BigDecimal(Float.MAX_VALUE);
      case FLOAT64 -> new BigDecimal(Double.MAX_VALUE);
      default -> throw new IllegalStateException(d + " is not a float");
    };
  }
}
