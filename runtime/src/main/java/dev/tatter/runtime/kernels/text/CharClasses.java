package dev.tatter.runtime.kernels.text;

import com.ibm.icu.lang.UCharacter;
import com.ibm.icu.lang.UCharacterCategory;
import com.ibm.icu.lang.UProperty;

/**
 * The character classes TF Text's tokenizers test, from ICU4J's property data (Unicode 16.0), in
 * one table over the Basic Multilingual Plane (a byte per code point, 64 KiB) and the same
 * properties asked of ICU for the other planes.
 */
public final class CharClasses {
  private CharClasses() {}

  /** General category Cc or Cf: {@code BasicTokenizer}'s {@code \p{Cc}|\p{Cf}}, replaced by a space. */
  public static final int CONTROL = 1;
  /** General category Mn: stripped by {@code BasicTokenizer.lower_case}'s {@code \p{Mn}}. */
  public static final int NONSPACING_MARK = 2;
  /** BERT's punctuation: ASCII <code>[!-/:-@\[-`&#123;-~]</code> and {@code \p{P}}. */
  public static final int PUNCTUATION = 4;
  /** The CJK ideograph blocks BERT splits one by one. */
  public static final int CJK = 8;
  /** The White_Space property (ICU's {@code u_isUWhiteSpace}). */
  public static final int WHITE_SPACE = 16;
  /** RE2's {@code \s}: {@code [\t\n\f\r ]}. */
  public static final int RE2_SPACE = 32;

  private static final byte[] BMP = new byte[0x10000];

  static {
    for (int c = 0; c < 0x10000; c++) {
      BMP[c] = (byte) compute(c);
    }
  }

  /** The class bits of a code point (0 for a negative value: an ill-formed sequence is none of them). */
  public static int of(int c) {
    if (c < 0) {
      return 0;
    }
    return c < 0x10000 ? BMP[c] : compute(c);
  }

  private static int compute(int c) {
    int bits = 0;
    int type = UCharacter.getType(c);
    if (type == UCharacterCategory.CONTROL || type == UCharacterCategory.FORMAT) {
      bits |= CONTROL;
    }
    if (type == UCharacterCategory.NON_SPACING_MARK) {
      bits |= NONSPACING_MARK;
    }
    if (isAsciiPunctuation(c) || isPunctuationCategory(type)) {
      bits |= PUNCTUATION;
    }
    if (isCjk(c)) {
      bits |= CJK;
    }
    if (UCharacter.hasBinaryProperty(c, UProperty.WHITE_SPACE)) {
      bits |= WHITE_SPACE;
    }
    if (c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r') {
      bits |= RE2_SPACE;
    }
    return bits;
  }

  static boolean isAsciiPunctuation(int c) {
    return (c >= 33 && c <= 47) || (c >= 58 && c <= 64) || (c >= 91 && c <= 96) || (c >= 123 && c <= 126);
  }

  private static boolean isPunctuationCategory(int type) {
    return type == UCharacterCategory.CONNECTOR_PUNCTUATION || type == UCharacterCategory.DASH_PUNCTUATION
        || type == UCharacterCategory.START_PUNCTUATION || type == UCharacterCategory.END_PUNCTUATION
        || type == UCharacterCategory.INITIAL_PUNCTUATION || type == UCharacterCategory.FINAL_PUNCTUATION
        || type == UCharacterCategory.OTHER_PUNCTUATION;
  }

  /** TF Text's list of CJK blocks ({@code bert_tokenizer.py}'s {@code _DELIM_REGEX}, FastWordpiece's). */
  static boolean isCjk(int c) {
    return (c >= 0x4E00 && c <= 0x9FFF) || (c >= 0x3400 && c <= 0x4DBF) || (c >= 0x20000 && c <= 0x2A6DF)
        || (c >= 0x2A700 && c <= 0x2B73F) || (c >= 0x2B740 && c <= 0x2B81F) || (c >= 0x2B820 && c <= 0x2CEAF)
        || (c >= 0xF900 && c <= 0xFAFF) || (c >= 0x2F800 && c <= 0x2FA1F);
  }
}
