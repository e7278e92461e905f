package dev.tatter.runtime;

/**
 * One complex64 element: a float real and a float imaginary part (TF's {@code std::complex<float>}).
 * A complex tensor holds one of these per element in a {@code Complex64[]}, so every kernel that
 * moves elements without computing on them (gather, concat, reshape, masks, ...) handles complex
 * values as it handles strings, one element per array slot.
 *
 * <p>{@link #equals} compares the parts as {@link Float#compare} does (a record's rule for float
 * components): NaN equals NaN and -0.0 is not 0.0, which is what value equality of tensors wants.
 * TF's {@code ==} on complex values (IEEE on each part) is {@code ComplexFunctions.equal}.
 */
public record Complex64(float re, float im) {
  public static final Complex64 ZERO = new Complex64(0f, 0f);

  @Override
  public String toString() {
    return Scalars.formatComplex(re, im, true);
  }
}
