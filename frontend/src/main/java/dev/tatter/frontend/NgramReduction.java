package dev.tatter.frontend;

/** tensorflow_text's {@code text.Reduction}: how {@code text.ngrams} reduces each window. */
public enum NgramReduction {
  /** {@code Reduction.SUM}: the window's values added. */
  SUM,
  /** {@code Reduction.MEAN}: the window's values averaged. */
  MEAN,
  /** {@code Reduction.STRING_JOIN}: the window's strings joined with the separator. */
  STRING_JOIN
}
