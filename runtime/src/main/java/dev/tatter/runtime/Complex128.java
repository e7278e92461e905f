package dev.tatter.runtime;

/**
 * One complex128 element: a double real and a double imaginary part (TF's {@code
 * std::complex<double>}); held as {@link Complex64} is, one object per array slot.
 */
public record Complex128(double re, double im) {
  public static final Complex128 ZERO = new Complex128(0.0, 0.0);

  @Override
  public String toString() {
    return Scalars.formatComplex(re, im, false);
  }
}
