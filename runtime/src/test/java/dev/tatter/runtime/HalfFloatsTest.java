package dev.tatter.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * {@link HalfFloats} against reference definitions written from the formats' specifications, not
 * from the code: each of the 65536 float16 and bfloat16 bit patterns widens to the value its sign,
 * exponent and fraction fields denote; narrowing picks the nearest representable value by searching the sorted values
 * (ties to the even fraction, beyond the largest finite to infinity) for every midpoint between
 * neighbours, one float either side of it, and a million random floats.
 */
class HalfFloatsTest {
  /** IEEE binary16: (-1)^s 2^(e-15) (1 + f/2^10), subnormal 2^-14 (f/2^10), e = 31 inf/NaN. */
  private static double float16Reference(int bits) {
    int s = bits >>> 15, e = (bits >>> 10) & 0x1F, f = bits & 0x3FF;
    double sign = s == 1 ? -1 : 1;
    if (e == 31) {
      return f == 0 ? sign * Double.POSITIVE_INFINITY : Double.NaN;
    }
    double magnitude = e == 0 ? Math.scalb(f / 1024.0, -14) : Math.scalb(1 + f / 1024.0, e - 15);
    return sign * magnitude;
  }

  /** bfloat16: (-1)^s 2^(e-127) (1 + f/2^7), subnormal 2^-126 (f/2^7), e = 255 inf/NaN. */
  private static double bfloat16Reference(int bits) {
    int s = bits >>> 15, e = (bits >>> 7) & 0xFF, f = bits & 0x7F;
    double sign = s == 1 ? -1 : 1;
    if (e == 255) {
      return f == 0 ? sign * Double.POSITIVE_INFINITY : Double.NaN;
    }
    double magnitude = e == 0 ? Math.scalb(f / 128.0, -126) : Math.scalb(1 + f / 128.0, e - 127);
    return sign * magnitude;
  }

  @Test
  void everyFloat16Pattern_widensToTheValueItsFieldsDenote() {
    for (int bits = 0; bits < 0x10000; bits++) {
      double expected = float16Reference(bits);
      float actual = HalfFloats.float16ToFloat((short) bits);
      if (Double.isNaN(expected)) {
        assertTrue(Float.isNaN(actual), Integer.toHexString(bits));
        // the payload moves to the top of float32's fraction, as Eigen's half_to_float does
        int b = bits;
        assertEquals((bits & 0x3FF) << 13, Float.floatToRawIntBits(actual) & 0x7FFFFF, () -> Integer.toHexString(b));
      } else {
        int b = bits;
        assertEquals(Double.doubleToRawLongBits(expected), Double.doubleToRawLongBits(actual), () -> Integer.toHexString(b));
      }
    }
  }

  @Test
  void everyBfloat16Pattern_widensToTheValueItsFieldsDenote() {
    for (int bits = 0; bits < 0x10000; bits++) {
      double expected = bfloat16Reference(bits);
      float actual = HalfFloats.bfloat16ToFloat((short) bits);
      if (Double.isNaN(expected)) {
        assertTrue(Float.isNaN(actual), Integer.toHexString(bits));
      } else {
        assertEquals(Double.doubleToRawLongBits(expected), Double.doubleToRawLongBits(actual), Integer.toHexString(bits));
      }
    }
  }

  /** The non-negative finite values of a format, ascending, with their bit patterns. */
  private record Format(double[] values, int[] bits, int infinity, boolean half) {
    static Format of(boolean half) {
      List<double[]> rows = new ArrayList<>();
      for (int b = 0; b < 0x8000; b++) {
        double v = half ? float16Reference(b) : bfloat16Reference(b);
        if (!Double.isNaN(v) && !Double.isInfinite(v)) {
          rows.add(new double[] {v, b});
        }
      }
      rows.sort((a, c) -> Double.compare(a[0], c[0]));
      double[] values = rows.stream().mapToDouble(r -> r[0]).toArray();
      int[] bits = rows.stream().mapToInt(r -> (int) r[1]).toArray();
      return new Format(values, bits, half ? 0x7C00 : 0x7F80, half);
    }

    /**
     * The nearest value, ties to the even pattern; from the midpoint above the largest finite
     * value on, infinity. Comparisons are against midpoints of neighbours, which doubles hold
     * exactly (as they hold every float and every 16-bit float), so no rounding enters.
     */
    int nearest(float f) {
      double x = Math.abs((double) f);
      int sign = Float.floatToRawIntBits(f) < 0 ? 0x8000 : 0;
      int n = values.length;
      double top = values[n - 1];
      double overflow = top + (top - values[n - 2]) / 2; // half an ulp above the largest finite
      if (x >= overflow) {
        return sign | infinity;
      }
      int lo = 0, hi = n - 1;
      while (hi - lo > 1) {
        int mid = (lo + hi) >>> 1;
        if (values[mid] <= x) {
          lo = mid;
        } else {
          hi = mid;
        }
      }
      double midpoint = (values[lo] + values[hi]) / 2;
      int pick = x < midpoint ? lo : x > midpoint ? hi : ((bits[lo] & 1) == 0 ? lo : hi);
      return sign | bits[pick];
    }

    short narrow(float f) {
      return half ? HalfFloats.floatToFloat16(f) : HalfFloats.floatToBfloat16(f);
    }
  }

  @Test
  void narrowing_roundsToNearestEven_atEveryMidpointAndAroundIt() {
    for (boolean half : new boolean[] {true, false}) {
      Format format = Format.of(half);
      List<Float> probes = new ArrayList<>();
      for (int i = 0; i + 1 < format.values().length; i++) {
        float mid = (float) ((format.values()[i] + format.values()[i + 1]) / 2); // exact in float
        probes.add(mid);
        probes.add(Math.nextUp(mid));
        probes.add(Math.nextDown(mid));
        probes.add((float) format.values()[i]);
      }
      probes.add(65520f);
      probes.add(Math.nextDown(65520f));
      probes.add(Float.MAX_VALUE);
      probes.add(Float.MIN_VALUE);
      for (float p : probes) {
        for (float f : new float[] {p, -p}) {
          int expected = format.nearest(f), actual = format.narrow(f) & 0xFFFF;
          if (expected != actual) {
            assertEquals(expected, actual, (half ? "float16 " : "bfloat16 ") + f + " (" + Integer.toHexString(Float.floatToRawIntBits(f)) + ")");
          }
        }
      }
    }
  }

  @Test
  void narrowing_matchesTheReference_onRandomFloats() {
    SplittableRandom r = new SplittableRandom(16);
    Format f16 = Format.of(true), bf16 = Format.of(false);
    for (int i = 0; i < 100_000; i++) {
      float f = Float.intBitsToFloat(r.nextInt());
      if (Float.isNaN(f)) {
        continue;
      }
      float value = f;
      assertEquals(f16.nearest(f), HalfFloats.floatToFloat16(f) & 0xFFFF, () -> "float16 " + value);
      assertEquals(bf16.nearest(f), HalfFloats.floatToBfloat16(f) & 0xFFFF, () -> "bfloat16 " + value);
    }
  }

  @Test
  void specials() {
    assertEquals(0x7C00, HalfFloats.floatToFloat16(Float.POSITIVE_INFINITY) & 0xFFFF);
    assertEquals(0xFC00, HalfFloats.floatToFloat16(Float.NEGATIVE_INFINITY) & 0xFFFF);
    assertEquals(0x7E00, HalfFloats.floatToFloat16(Float.NaN) & 0xFFFF);
    assertEquals(0xFE00, HalfFloats.floatToFloat16(Float.intBitsToFloat(0xFFC00001)) & 0xFFFF);
    assertEquals(0x8000, HalfFloats.floatToFloat16(-0.0f) & 0xFFFF);
    assertEquals(0x7FC0, HalfFloats.floatToBfloat16(Float.intBitsToFloat(0x7F800001)) & 0xFFFF);
    assertEquals(0xFFC0, HalfFloats.floatToBfloat16(Float.intBitsToFloat(0xFFFFFFFF)) & 0xFFFF);
    // every non-NaN pattern survives the round trip
    for (int b = 0; b < 0x10000; b++) {
      if (!Float.isNaN(HalfFloats.float16ToFloat((short) b))) {
        assertEquals(b, HalfFloats.floatToFloat16(HalfFloats.float16ToFloat((short) b)) & 0xFFFF);
      }
      if (!Float.isNaN(HalfFloats.bfloat16ToFloat((short) b))) {
        assertEquals(b, HalfFloats.floatToBfloat16(HalfFloats.bfloat16ToFloat((short) b)) & 0xFFFF);
      }
    }
  }
}
