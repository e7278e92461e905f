package dev.tatter.runtime.kernels.text;

import java.nio.charset.StandardCharsets;

/**
 * The options of TF Text's {@code WordpieceTokenizer} (its kernel's attributes), with TF's defaults
 * in {@link #defaults()}.
 *
 * @param suffixIndicator prepended to a piece that continues a word ({@code "##"})
 * @param maxBytesPerWord a longer word is one unknown token (100)
 * @param maxCharsPerToken the longest piece tried, in characters; 0 for no limit
 * @param useUnknownToken whether an unknown word becomes {@code unknownToken} (else it stays itself)
 * @param unknownToken {@code "[UNK]"}
 * @param splitUnknownCharacters whether an unknown character is split off on its own rather than
 *     making its whole word unknown
 */
public record WordpieceOptions(byte[] suffixIndicator, int maxBytesPerWord, int maxCharsPerToken, boolean useUnknownToken,
    byte[] unknownToken, boolean splitUnknownCharacters) {

  public static WordpieceOptions defaults() {
    return new WordpieceOptions(utf8("##"), 100, 0, true, utf8("[UNK]"), false);
  }

  public WordpieceOptions withSuffixIndicator(String s) {
    return new WordpieceOptions(utf8(s), maxBytesPerWord, maxCharsPerToken, useUnknownToken, unknownToken, splitUnknownCharacters);
  }

  public WordpieceOptions withMaxBytesPerWord(int n) {
    return new WordpieceOptions(suffixIndicator, n, maxCharsPerToken, useUnknownToken, unknownToken, splitUnknownCharacters);
  }

  public WordpieceOptions withMaxCharsPerToken(int n) {
    return new WordpieceOptions(suffixIndicator, maxBytesPerWord, n, useUnknownToken, unknownToken, splitUnknownCharacters);
  }

  /** TF's {@code unknown_token}: a string, or {@code null} for none (unknown words stay themselves). */
  public WordpieceOptions withUnknownToken(String s) {
    return s == null
        ? new WordpieceOptions(suffixIndicator, maxBytesPerWord, maxCharsPerToken, false, utf8("[UNK]"), splitUnknownCharacters)
        : new WordpieceOptions(suffixIndicator, maxBytesPerWord, maxCharsPerToken, true, utf8(s), splitUnknownCharacters);
  }

  public WordpieceOptions withSplitUnknownCharacters(boolean b) {
    return new WordpieceOptions(suffixIndicator, maxBytesPerWord, maxCharsPerToken, useUnknownToken, unknownToken, b);
  }

  static byte[] utf8(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }
}
