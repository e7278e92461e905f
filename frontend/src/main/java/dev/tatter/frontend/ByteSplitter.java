package dev.tatter.frontend;

import dev.tatter.ir.ops.TextSplitOps;
import java.util.List;
import java.util.Map;

/**
 * tensorflow_text's {@code ByteSplitter}: each string as its bytes (uint8 values), with each byte's
 * start and end offset (int32, as TF Text), and {@code split_by_offsets}, the substrings that rows
 * of byte offsets name. Input of any shape; one more ragged dimension out.
 */
@BuilderApi
public final class ByteSplitter {
  private ByteSplitter() {}

  /** {@code text.ByteSplitter()}. */
  @TfApi("text.ByteSplitter")
  public static ByteSplitter byteSplitter() {
    return new ByteSplitter();
  }

  /** {@code splitter.split(input)}: each string's bytes as uint8 values. */
  public Value split(Value input) {
    return Strings.applyToFlatValues("ByteSplitter.split", TextSplitOps.BYTE_SPLIT, Map.of(), input);
  }

  /** {@code splitter.split_with_offsets(input)}: the bytes, and each byte's start and end offset (int32). */
  public List<Value> splitWithOffsets(Value input) {
    String where = "ByteSplitter.split_with_offsets";
    return List.of(Strings.applyToFlatValues(where, TextSplitOps.BYTE_SPLIT, Map.of(), input),
        Strings.applyToFlatValues(where, TextSplitOps.BYTE_SPLIT_OFFSETS, Map.of("ends", false), input),
        Strings.applyToFlatValues(where, TextSplitOps.BYTE_SPLIT_OFFSETS, Map.of("ends", true), input));
  }

  /**
   * {@code splitter.split_by_offsets(input, start_offsets, end_offsets)}: per string, the substrings
   * {@code [start, end)} (byte offsets; one dimension more than the input, dense or ragged).
   */
  public Value splitByOffsets(Value input, Value startOffsets, Value endOffsets) {
    return TextRows.alongRows("ByteSplitter.split_by_offsets", input, List.of(startOffsets, endOffsets),
        (strings, rows) -> strings.builder().op(TextSplitOps.BYTE_SPLIT_BY_OFFSETS, Map.of(), strings, rows.get(0), rows.get(1)));
  }

  @Override
  public String toString() {
    return "ByteSplitter";
  }
}
