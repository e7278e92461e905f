package dev.tatter.runtime.kernels.text;

import com.ibm.icu.text.Normalizer2;
import dev.tatter.runtime.InvalidArgumentException;
import java.util.Locale;

/**
 * The Unicode normalizations TF Text's kernels ask ICU for: the four forms of {@code
 * normalize_utf8} and {@code case_fold_utf8}'s NFKC_Casefold. Each is one of ICU4J's built-in
 * {@link Normalizer2} instances (the data of the ICU4J on the class path: 77.1, Unicode 16.0, as
 * TF Text builds with ICU 77.1).
 */
public enum NormalizationForm {
  NFC(Normalizer2.getNFCInstance(), false),
  NFKC(Normalizer2.getNFKCInstance(), false),
  NFD(Normalizer2.getNFDInstance(), false),
  NFKD(Normalizer2.getNFKDInstance(), false),
  /** ICU's NFKC_Casefold ({@code case_fold_utf8}): NFKC, full case folding, default ignorables removed. */
  NFKC_CF(Normalizer2.getNFKCCasefoldInstance(), true);

  private final Normalizer2 icu;
  private final boolean lowersAscii;

  NormalizationForm(Normalizer2 icu, boolean lowersAscii) {
    this.icu = icu;
    this.lowersAscii = lowersAscii;
  }

  /** ICU's normalizer for this form. */
  public Normalizer2 icu() {
    return icu;
  }

  /**
   * What the form does to an ASCII character followed by another ASCII character (or nothing): NFC,
   * NFKC, NFD and NFKD keep it, NFKC_Casefold lowers A-Z (checked against ICU for all 128 in the tests).
   */
  public byte ascii(byte b) {
    return lowersAscii && b >= 'A' && b <= 'Z' ? (byte) (b + 32) : b;
  }

  /**
   * The form TF Text's {@code normalize_utf8} names, case-insensitively as its kernel upper-cases the
   * attribute ({@code "nfkc"} is NFKC); anything else is TF's "Unknown normalization form" error.
   */
  public static NormalizationForm ofTfName(String name) {
    switch (name.toUpperCase(Locale.ROOT)) {
      case "NFC":
        return NFC;
      case "NFKC":
        return NFKC;
      case "NFD":
        return NFD;
      case "NFKD":
        return NFKD;
      default:
        throw new InvalidArgumentException("Unknown normalization form requested: " + name.toUpperCase(Locale.ROOT)
            + " (normalize_utf8 takes NFC, NFKC, NFD or NFKD)");
    }
  }
}
