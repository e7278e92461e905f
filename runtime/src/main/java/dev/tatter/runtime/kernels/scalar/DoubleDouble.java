package dev.tatter.runtime.kernels.scalar;

/**
 * An unevaluated sum {@code hi + lo} of two doubles with |lo| at most half an ulp of hi: about 106
 * bits of precision, for the special functions whose double result must be rounded once from a
 * more precise value ({@link ErrorFunctions}). Operations follow Dekker's and Knuth's exact
 * transformations (two-sum, and two-product through {@link Math#fma}); each result is
 * renormalized. {@link #value()} is the nearest double.
 */
record DoubleDouble(double hi, double lo) {
  static final DoubleDouble ZERO = new DoubleDouble(0, 0);
  static final DoubleDouble ONE = new DoubleDouble(1, 0);
  static final DoubleDouble TWO = new DoubleDouble(2, 0);

  private static final double LN2_HI = 0.6931471805599453;
  private static final double LN2_LO = 2.3190468138462996e-17;
  /** exp reduces its argument to |r| <= ln 2 / 2, divides it by 2^8 and squares the result back 8 times. */
  private static final int SQUARINGS = 8;

  double value() {
    return hi + lo;
  }

  /** a² exactly. */
  static DoubleDouble square(double a) {
    double p = a * a;
    return new DoubleDouble(p, Math.fma(a, a, -p));
  }

  DoubleDouble plus(double b) {
    double s = hi + b;
    double bb = s - hi;
    double err = (hi - (s - bb)) + (b - bb);
    return normalized(s, err + lo);
  }

  DoubleDouble plus(DoubleDouble b) {
    double s = hi + b.hi;
    double bb = s - hi;
    double err = (hi - (s - bb)) + (b.hi - bb);
    return normalized(s, err + lo + b.lo);
  }

  DoubleDouble minus(DoubleDouble b) {
    return plus(new DoubleDouble(-b.hi, -b.lo));
  }

  DoubleDouble times(double b) {
    double p = hi * b;
    return normalized(p, Math.fma(hi, b, -p) + lo * b);
  }

  DoubleDouble times(DoubleDouble b) {
    double p = hi * b.hi;
    return normalized(p, Math.fma(hi, b.hi, -p) + (hi * b.lo + lo * b.hi));
  }

  DoubleDouble dividedBy(double b) {
    double q = hi / b;
    // the remainder (hi + lo) - q b, with q b exact as a two-product
    double p = q * b;
    double remainder = (hi - p - Math.fma(q, b, -p)) + lo;
    return normalized(q, remainder / b);
  }

  /** e^(-a²) 2^scale, for a² below 745 + scale ln 2 (the result is then a normal double). */
  static DoubleDouble expOfMinusSquare(double a, int scale) {
    DoubleDouble y = square(a);
    // e^-(hi + lo) = e^-hi (1 - lo + ...): lo is below 2^-53 hi, so lo² is below the precision kept
    return exp(-y.hi, scale).times(ONE.plus(-y.lo));
  }

  /** log(this) for a positive normal value, to about 100 bits: one Newton step from the double log. */
  DoubleDouble log() {
    double guess = Math.log(hi);
    // log(v) = g + log(v e^-g), and v e^-g = 1 + d with d about 2^-52: log(1 + d) = d - d²/2 to 2^-156
    DoubleDouble d = times(exp(-guess, 0)).plus(-1);
    return new DoubleDouble(guess, 0).plus(d).plus(-0.5 * d.hi * d.hi);
  }

  /** e^y 2^scale for a double y, to about 100 bits. */
  private static DoubleDouble exp(double y, int scale) {
    double k = Math.rint(y / LN2_HI);
    // r = y - k ln 2, with k ln 2 as an exact two-product plus k times ln 2's low part
    double p = k * LN2_HI;
    DoubleDouble r = new DoubleDouble(y, 0).plus(-p).plus(-Math.fma(k, LN2_HI, -p)).plus(-k * LN2_LO);
    DoubleDouble small = new DoubleDouble(Math.scalb(r.hi, -SQUARINGS), Math.scalb(r.lo, -SQUARINGS));
    // Taylor series of e^small - 1 (|small| < 2^-9: ten terms reach 2^-110)
    DoubleDouble term = small;
    DoubleDouble sum = small;
    for (int n = 2; n <= 10; n++) {
      term = term.times(small).dividedBy(n);
      sum = sum.plus(term);
    }
    // (1 + s)² - 1 = s (2 + s), kept as e^x - 1 so its small digits survive the squarings
    for (int i = 0; i < SQUARINGS; i++) {
      sum = sum.times(sum.plus(2));
    }
    DoubleDouble e = sum.plus(1);
    int exponent = (int) k + scale;
    return new DoubleDouble(Math.scalb(e.hi, exponent), Math.scalb(e.lo, exponent));
  }

  private static DoubleDouble normalized(double s, double e) {
    double hi = s + e;
    return new DoubleDouble(hi, e - (hi - s));
  }
}
