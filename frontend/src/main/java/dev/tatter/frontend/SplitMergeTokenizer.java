package dev.tatter.frontend;

import dev.tatter.ir.ops.TextSplitOps;
import dev.tatter.runtime.DType;
import java.util.List;
import java.util.Map;

/**
 * tensorflow_text's {@code SplitMergeTokenizer}: tokens made of each string's characters by one
 * label per character (0: start a token, 1: add to the one before), Unicode White_Space dropped
 * and, by default, starting a new token after it. Labels are int32, one dimension more than the
 * input (dense or ragged); a string needs a label for each of its characters.
 */
@BuilderApi
public final class SplitMergeTokenizer {
  private SplitMergeTokenizer() {}

  /** {@code text.SplitMergeTokenizer()}. */
  @TfApi("text.SplitMergeTokenizer")
  public static SplitMergeTokenizer splitMergeTokenizer() {
    return new SplitMergeTokenizer();
  }

  /** {@code tokenizer.tokenize(input, labels)}, splitting at whitespace. */
  public Value tokenize(Value input, Value labels) {
    return tokenize(input, labels, true);
  }

  /** {@code tokenizer.tokenize(input, labels, force_split_at_break_character)}. */
  public Value tokenize(Value input, Value labels, boolean forceSplitAtBreakCharacter) {
    return apply("SplitMergeTokenizer.tokenize", input, labels, forceSplitAtBreakCharacter, "tokens");
  }

  /** {@code tokenizer.tokenize_with_offsets(input, labels)}: tokens, start and end byte offsets (int64). */
  public List<Value> tokenizeWithOffsets(Value input, Value labels) {
    return tokenizeWithOffsets(input, labels, true);
  }

  /** {@code tokenizer.tokenize_with_offsets(input, labels, force_split_at_break_character)}. */
  public List<Value> tokenizeWithOffsets(Value input, Value labels, boolean forceSplitAtBreakCharacter) {
    String where = "SplitMergeTokenizer.tokenize_with_offsets";
    return List.of(apply(where, input, labels, forceSplitAtBreakCharacter, "tokens"),
        apply(where, input, labels, forceSplitAtBreakCharacter, "starts"),
        apply(where, input, labels, forceSplitAtBreakCharacter, "ends"));
  }

  private static Value apply(String where, Value input, Value labels, boolean force, String result) {
    NullArguments.check(labels, "the labels of " + where);
    if (labels.dtype() != DType.INT32) {
      throw GraphBuilder.misuse(where + ": labels must be int32, got " + labels.dtype().tfName(), labels);
    }
    return TextRows.alongRows(where, input, List.of(labels), (strings, rows) -> strings.builder().op(
        TextSplitOps.SPLIT_MERGE_TOKENIZE, Map.of("force_split_at_break_character", force, "result", result), strings, rows.get(0)));
  }

  @Override
  public String toString() {
    return "SplitMergeTokenizer";
  }
}
