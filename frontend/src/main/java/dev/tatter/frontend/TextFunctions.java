package dev.tatter.frontend;

import dev.tatter.ir.ops.TextNormalizeOps;
import dev.tatter.ir.ops.TextSplitOps;
import dev.tatter.ir.types.DenseType;
import dev.tatter.ir.types.RaggedType;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * tensorflow_text's functions over strings in {@code tf.text}: the normalizers ({@code
 * normalize_utf8}, {@code case_fold_utf8}, {@code coerce_to_structurally_valid_utf8}, {@code
 * normalize_utf8_with_offsets_map} and {@code find_source_offsets}) and {@code regex_split(_with_offsets)},
 * each applied as TF Text's Python does: to the flat values of ragged input.
 */
@BuilderApi
final class TextFunctions {
  private TextFunctions() {}

  /** {@code text.normalize_utf8(input)}: NFKC. */
  @TfApi("text.normalize_utf8")
  static Value normalizeUtf8(Value input) {
    return normalizeUtf8(input, "NFKC");
  }

  /** {@code text.normalize_utf8(input, normalization_form)}: NFC, NFKC, NFD or NFKD (any case). */
  @TfApi("text.normalize_utf8")
  static Value normalizeUtf8(Value input, String normalizationForm) {
    return Strings.elementwise("text.normalize_utf8", TextNormalizeOps.NORMALIZE_UTF8,
        Map.of("normalization_form", normalizationForm), input);
  }

  /** {@code text.case_fold_utf8(input)}: ICU's NFKC_Casefold. */
  @TfApi("text.case_fold_utf8")
  static Value caseFoldUtf8(Value input) {
    return Strings.elementwise("text.case_fold_utf8", TextNormalizeOps.CASE_FOLD_UTF8, Map.of(), input);
  }

  /** {@code text.coerce_to_structurally_valid_utf8(input)}: ill-formed subparts become U+FFFD. */
  @TfApi("text.coerce_to_structurally_valid_utf8")
  static Value coerceToStructurallyValidUtf8(Value input) {
    return coerceToStructurallyValidUtf8(input, 0xFFFD);
  }

  /** {@code text.coerce_to_structurally_valid_utf8(input, replacement_char)}. */
  @TfApi("text.coerce_to_structurally_valid_utf8")
  static Value coerceToStructurallyValidUtf8(Value input, int replacementChar) {
    return Strings.elementwise("text.coerce_to_structurally_valid_utf8", TextNormalizeOps.COERCE_TO_VALID_UTF8,
        Map.of("replacement_char", (long) replacementChar), input);
  }

  /** {@code text.normalize_utf8_with_offsets_map(input)}: NFKC. */
  @TfApi("text.normalize_utf8_with_offsets_map")
  static List<Value> normalizeUtf8WithOffsetsMap(Value input) {
    return normalizeUtf8WithOffsetsMap(input, "NFKC");
  }

  /**
   * {@code text.normalize_utf8_with_offsets_map(input, normalization_form)}: the normalized strings
   * and their offsets map, here an int64 tensor of one more ragged dimension than the input (per
   * string, the source offset of each normalized byte offset and of its end), where TF Text has a
   * variant of the input's shape.
   */
  @TfApi("text.normalize_utf8_with_offsets_map")
  static List<Value> normalizeUtf8WithOffsetsMap(Value input, String normalizationForm) {
    Map<String, Object> attrs = Map.of("normalization_form", normalizationForm);
    Value normalized = Strings.elementwise("text.normalize_utf8_with_offsets_map", TextNormalizeOps.NORMALIZE_UTF8, attrs, input);
    Value map = Strings.applyToFlatValues("text.normalize_utf8_with_offsets_map", TextNormalizeOps.NORMALIZE_UTF8_OFFSETS_MAP,
        attrs, input);
    return List.of(normalized, map);
  }

  /**
   * {@code text.find_source_offsets(offsets_map, input_offsets)}: offsets into the normalized
   * strings (one dimension more than the strings, dense or ragged) mapped to offsets into the
   * strings before normalization; dense offsets give a dense result.
   */
  @TfApi("text.find_source_offsets")
  static Value findSourceOffsets(Value offsetsMap, Value inputOffsets) {
    String where = "text.find_source_offsets at " + CallSite.find();
    NullArguments.check(offsetsMap, "the offsets_map of " + where);
    NullArguments.check(inputOffsets, "the input_offsets of " + where);
    if (!(offsetsMap.type() instanceof RaggedType || offsetsMap.type() instanceof DenseType d && d.rank() == 1)) {
      throw GraphBuilder.misuse(where + ": offsets_map must be what normalize_utf8_with_offsets_map gives", offsetsMap);
    }
    if (TextRows.rank(inputOffsets) != TextRows.rank(offsetsMap)) {
      throw GraphBuilder.misuse(where + ": input_offsets needs the offsets map's rank (" + TextRows.rank(offsetsMap)
          + "), got rank " + TextRows.rank(inputOffsets), inputOffsets);
    }
    GraphBuilder b = offsetsMap.builder();
    if (offsetsMap.type() instanceof DenseType) { // the map of one scalar string
      return findSourceOffsets(Conversions.fromTensor(ArrayFunctions.expandDims(offsetsMap, 0), null, null, 1),
          ArrayFunctions.expandDims(inputOffsets, 0)).values();
    }
    boolean dense = inputOffsets.type() instanceof DenseType;
    Value offsets = dense ? Conversions.fromTensor(inputOffsets, null, null, TextRows.rank(inputOffsets) - 1) : inputOffsets;
    GraphBuilder.Decomposed m = b.decompose(offsetsMap);
    GraphBuilder.Decomposed o = b.decompose(offsets);
    if (m.partitions().size() != o.partitions().size()) {
      throw GraphBuilder.misuse(where + ": input_offsets needs the offsets map's ragged dimensions ("
          + m.partitions().size() + "), got " + o.partitions().size(), inputOffsets);
    }
    int last = m.partitions().size() - 1;
    Value mapRows = b.ragged(m.flatValues(), m.partitions().get(last));
    Value offsetRows = b.ragged(o.flatValues(), o.partitions().get(last));
    Value found = b.op(TextNormalizeOps.FIND_SOURCE_OFFSETS, Map.of(), mapRows, offsetRows);
    Value result = b.rebuild(found.values(), o.partitions());
    return dense ? result.toTensor() : result;
  }

  /** {@code text.regex_split(input, delim_regex_pattern)}: the tokens between the delimiters' matches. */
  @TfApi("text.regex_split")
  static Value regexSplit(Value input, String delimRegexPattern) {
    return regexSplit(input, delimRegexPattern, "");
  }

  /**
   * {@code text.regex_split(input, delim_regex_pattern, keep_delim_regex_pattern)}: delimiters that
   * fully match {@code keep_delim_regex_pattern} are tokens too. RE2 syntax (re2j), over the bytes.
   */
  @TfApi("text.regex_split")
  static Value regexSplit(Value input, String delimRegexPattern, String keepDelimRegexPattern) {
    return regex("text.regex_split", input, delimRegexPattern, keepDelimRegexPattern, "tokens");
  }

  /** {@code text.regex_split_with_offsets(input, delim_regex_pattern)}: tokens, start and end byte offsets. */
  @TfApi("text.regex_split_with_offsets")
  static List<Value> regexSplitWithOffsets(Value input, String delimRegexPattern) {
    return regexSplitWithOffsets(input, delimRegexPattern, "");
  }

  /** {@code text.regex_split_with_offsets(input, delim_regex_pattern, keep_delim_regex_pattern)}. */
  @TfApi("text.regex_split_with_offsets")
  static List<Value> regexSplitWithOffsets(Value input, String delimRegexPattern, String keepDelimRegexPattern) {
    String where = "text.regex_split_with_offsets";
    return List.of(regex(where, input, delimRegexPattern, keepDelimRegexPattern, "tokens"),
        regex(where, input, delimRegexPattern, keepDelimRegexPattern, "starts"),
        regex(where, input, delimRegexPattern, keepDelimRegexPattern, "ends"));
  }

  private static Value regex(String where, Value input, String delim, String keep, String result) {
    Map<String, Object> attrs = new HashMap<>(Splitter.regexAttributes(delim, keep));
    attrs.put("result", result);
    return Strings.applyToFlatValues(where, TextSplitOps.REGEX_SPLIT, attrs, input);
  }
}
