package dev.tatter.frontend;

import dev.tatter.ir.OpDef;
import dev.tatter.ir.ops.TextSplitOps;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * tensorflow_text's splitters that cut each string into a row of tokens by looking at the text
 * alone: {@code WhitespaceTokenizer}, {@code UnicodeScriptTokenizer} and {@code RegexSplitter}.
 * {@code tokenize} (or {@code split}) gives the tokens, {@code tokenizeWithOffsets} the tokens and
 * each token's start and end byte offsets into its string, as TF Text's tuple. Input of any shape:
 * a dense tensor's strings get one more, ragged, dimension of tokens; a ragged tensor is split in
 * its flat values.
 */
@BuilderApi
public final class Splitter {
  private final String name;
  private final OpDef op;
  private final Map<String, Object> attributes;

  private Splitter(String name, OpDef op, Map<String, Object> attributes) {
    this.name = name;
    this.op = op;
    this.attributes = attributes;
  }

  /** {@code text.WhitespaceTokenizer()}: tokens are the runs of characters that are not Unicode White_Space. */
  @TfApi("text.WhitespaceTokenizer")
  public static Splitter whitespaceTokenizer() {
    return new Splitter("WhitespaceTokenizer", TextSplitOps.WHITESPACE_TOKENIZE, Map.of());
  }

  /** {@code text.UnicodeScriptTokenizer()}: a token ends where the ICU script changes; whitespace is dropped. */
  @TfApi("text.UnicodeScriptTokenizer")
  public static Splitter unicodeScriptTokenizer() {
    return unicodeScriptTokenizer(false);
  }

  /** {@code text.UnicodeScriptTokenizer(keep_whitespace)}: runs of whitespace are tokens too when kept. */
  @TfApi("text.UnicodeScriptTokenizer")
  public static Splitter unicodeScriptTokenizer(boolean keepWhitespace) {
    return new Splitter("UnicodeScriptTokenizer", TextSplitOps.UNICODE_SCRIPT_TOKENIZE, Map.of("keep_whitespace", keepWhitespace));
  }

  /** {@code text.RegexSplitter()}: split at newlines ({@code \r?\n}). */
  @TfApi("text.RegexSplitter")
  public static Splitter regexSplitter() {
    return regexSplitter("\r?\n");
  }

  /** {@code text.RegexSplitter(split_regex)}: split at the matches of an RE2 pattern (empty or null: newlines). */
  @TfApi("text.RegexSplitter")
  public static Splitter regexSplitter(String splitRegex) {
    String pattern = splitRegex == null || splitRegex.isEmpty() ? "\r?\n" : splitRegex;
    return new Splitter("RegexSplitter", TextSplitOps.REGEX_SPLIT, regexAttributes(pattern, ""));
  }

  static Map<String, Object> regexAttributes(String delim, String keepDelim) {
    Map<String, Object> attrs = new HashMap<>();
    attrs.put("delim_regex_pattern", Strings.bytesOf(delim));
    attrs.put("keep_delim_regex_pattern", Strings.bytesOf(keepDelim));
    return attrs;
  }

  /** {@code tokenizer.tokenize(input)}: the tokens, one more ragged dimension than the input. */
  public Value tokenize(Value input) {
    return apply(input, "tokens", name + ".tokenize");
  }

  /** {@code tokenizer.tokenize_with_offsets(input)}: tokens, start offsets and end offsets (int64 bytes). */
  public List<Value> tokenizeWithOffsets(Value input) {
    String where = name + ".tokenize_with_offsets";
    return List.of(apply(input, "tokens", where), apply(input, "starts", where), apply(input, "ends", where));
  }

  /** {@code splitter.split(input)}: the same as {@link #tokenize}. */
  public Value split(Value input) {
    return tokenize(input);
  }

  /** {@code splitter.split_with_offsets(input)}: the same as {@link #tokenizeWithOffsets}. */
  public List<Value> splitWithOffsets(Value input) {
    return tokenizeWithOffsets(input);
  }

  private Value apply(Value input, String result, String where) {
    Map<String, Object> attrs = new HashMap<>(attributes);
    attrs.put("result", result);
    return Strings.applyToFlatValues(where, op, attrs, input);
  }

  @Override
  public String toString() {
    return name + attributes;
  }
}
