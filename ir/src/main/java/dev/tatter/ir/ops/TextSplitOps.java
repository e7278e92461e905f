package dev.tatter.ir.ops;

import com.google.common.collect.ImmutableList;
import dev.tatter.ir.AttrKind;
import dev.tatter.ir.AttrSpec;
import dev.tatter.ir.OpContext;
import dev.tatter.ir.OpDef;
import dev.tatter.ir.Trait;
import dev.tatter.ir.types.DenseType;
import dev.tatter.ir.types.Dims;
import dev.tatter.ir.types.PartitionType;
import dev.tatter.ir.types.RaggedType;
import dev.tatter.ir.types.Type;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.kernels.text.TextSplitKernels;
import java.util.List;

/**
 * tensorflow_text's splitters, each from a string vector to one row per string (the builder
 * applies them to the flat values of ragged or higher-rank input): {@code whitespace_tokenize},
 * {@code unicode_script_tokenize}, {@code regex_split} and {@code split_merge_tokenize} give, as
 * their {@code result} attribute says, the tokens ({@code "tokens"}) or their start or end byte
 * offsets ({@code "starts"}, {@code "ends"}, int64) — TF Text's three results of a {@code
 * _with_offsets} call, one node each as a node has one result; {@code byte_split} (uint8 codes)
 * with {@code byte_split_offsets} (int32) and {@code byte_split_by_offsets} are {@code
 * ByteSplitter}'s; {@code unicode_script} is TF's per-code-point ICU script code.
 */
public final class TextSplitOps {
  private TextSplitOps() {}

  public static final OpDef WHITESPACE_TOKENIZE =
      splitter("whitespace_tokenize", "whitespaceTokenize",
          "each string's runs of characters that are not Unicode White_Space, or their byte offsets (result)")
          .example("""
              %s = constant() {value = tensor<string>[2] ["hello world", "a b c"]} : tensor<string>[2]
              %0 = whitespace_tokenize(%s) : ragged<string>[2, (None)]
              return %0
              """, "[[b'hello', b'world'], [b'a', b'b', b'c']]") // text.WhitespaceTokenizer().tokenize(["hello world", "a b c"])
          .example("""
              %s = constant() {value = tensor<string>[1] ["a bb ccc"]} : tensor<string>[1]
              %0 = whitespace_tokenize(%s) {result = "ends"} : ragged<int64>[1, (None)]
              return %0
              """, "[[1, 4, 8]]") // text.WhitespaceTokenizer().tokenize_with_offsets("a bb ccc")[2] -> [1 4 8]
          .tfRawOps("WhitespaceTokenizeWithOffsetsV2")
          .tfApi("text.WhitespaceTokenizer.tokenize", "text.WhitespaceTokenizer.tokenize_with_offsets")
          .build();

  public static final OpDef UNICODE_SCRIPT_TOKENIZE =
      splitter("unicode_script_tokenize", "unicodeScriptTokenize",
          "each string cut where the ICU script changes, whitespace dropped unless keep_whitespace, or the tokens' byte offsets (result)")
          .attribute(AttrSpec.optional("keep_whitespace", AttrKind.BOOL, false))
          .example("""
              %s = constant() {value = tensor<string>[3] ["xy.,z de", "fg?h", "abαβ"]} : tensor<string>[3]
              %0 = unicode_script_tokenize(%s) : ragged<string>[3, (None)]
              return %0
              """, "[[b'xy', b'.,', b'z', b'de'], [b'fg', b'?', b'h'], [b'ab', b'\\xce\\xb1\\xce\\xb2']]")
          // text.UnicodeScriptTokenizer().tokenize(["xy.,z de", "fg?h", "abαβ"])
          .example("""
              %s = constant() {value = tensor<string>[2] ["xy.,z de", "abαβ"]} : tensor<string>[2]
              %0 = unicode_script_tokenize(%s) {result = "ends"} : ragged<int64>[2, (None)]
              return %0
              """, "[[2, 4, 5, 8], [2, 6]]")
          // text.UnicodeScriptTokenizer().tokenize_with_offsets(["xy.,z de", "abαβ"])[2]
          .tfRawOps("UnicodeScriptTokenizeWithOffsets")
          .tfApi("text.UnicodeScriptTokenizer.tokenize", "text.UnicodeScriptTokenizer.tokenize_with_offsets")
          .build();

  public static final OpDef REGEX_SPLIT =
      splitter("regex_split", "regexSplit",
          "each string split at the matches of delim_regex_pattern (RE2), those matching keep_delim_regex_pattern kept as tokens, or the tokens' byte offsets (result)")
          .attribute(AttrSpec.required("delim_regex_pattern", AttrKind.STRING))
          .attribute(AttrSpec.optional("keep_delim_regex_pattern", AttrKind.STRING, ""))
          .example("""
              %s = constant() {value = tensor<string>[1] ["hello there"]} : tensor<string>[1]
              %0 = regex_split(%s) {delim_regex_pattern = "\\\\s", keep_delim_regex_pattern = "\\\\s"} : ragged<string>[1, (None)]
              return %0
              """, "[[b'hello', b' ', b'there']]")
          // text.regex_split(["hello there"], "\s", "\s") -> [[b'hello', b' ', b'there']]
          .example("""
              %s = constant() {value = tensor<string>[1] ["hello  there"]} : tensor<string>[1]
              %0 = regex_split(%s) {delim_regex_pattern = "\\\\s", result = "starts"} : ragged<int64>[1, (None)]
              return %0
              """, "[[0, 7]]")
          // text.regex_split_with_offsets(["hello  there"], "\s")[1] -> [[0, 7]]
          .tfRawOps("RegexSplitWithOffsets")
          .tfApi("text.regex_split", "text.regex_split_with_offsets", "text.RegexSplitter.split",
              "text.RegexSplitter.split_with_offsets")
          .build();

  public static final OpDef SPLIT_MERGE_TOKENIZE =
      OpDef.builder("split_merge_tokenize")
          .summary("each string's characters joined into tokens by their labels (0 split, 1 merge), White_Space dropped, or the tokens' byte offsets (result)")
          .operands("input", "labels")
          .attribute(AttrSpec.optional("force_split_at_break_character", AttrKind.BOOL, true))
          .attribute(AttrSpec.optional("result", AttrKind.STRING, "tokens"))
          .traits(Trait.PURE)
          .type(ctx -> {
            RaggedType labels = ctx.ragged(1);
            if (labels.dtype() != DType.INT32 || labels.raggedRank() != 1 || labels.flatValuesShape().size() != 1) {
              throw ctx.fail("labels must be ragged int32 of shape [nrows, (None)], got %s", labels);
            }
            return rows(ctx);
          })
          .kernel(TextSplitKernels.class, "splitMergeTokenize")
          .example("""
              %s = constant() {value = tensor<string>[2] ["HelloMonday", "DearFriday"]} : tensor<string>[2]
              %v = constant() {value = tensor<int32>[21] [0, 1, 1, 1, 1, 0, 1, 1, 1, 1, 1, 0, 1, 1, 1, 0, 1, 1, 1, 1, 1]} : tensor<int32>[21]
              %r = constant() {value = tensor<int64>[3] [0, 11, 21]} : tensor<int64>[3]
              %p = partition_from_row_splits(%r) : partition<int64>[2, (None)]
              %l = ragged(%v, %p) : ragged<int32, nvals=[21]>[2, (None)]
              %0 = split_merge_tokenize(%s, %l) : ragged<string>[2, (None)]
              return %0
              """, "[[b'Hello', b'Monday'], [b'Dear', b'Friday']]")
          // text.SplitMergeTokenizer().tokenize(["HelloMonday", "DearFriday"], [[0,1,1,1,1,0,1,1,1,1,1], [0,1,1,1,0,1,1,1,1,1,0]])
          // (the docstring's second row has 11 labels for 10 characters; the extra one is ignored, here left out)
          .tfRawOps("SplitMergeTokenizeWithOffsets")
          .tfApi("text.SplitMergeTokenizer.tokenize", "text.SplitMergeTokenizer.tokenize_with_offsets")
          .build();

  public static final OpDef BYTE_SPLIT =
      OpDef.builder("byte_split")
          .summary("each string's bytes as a row of uint8 values (ByteSplitter.split)")
          .operands("input")
          .traits(Trait.PURE)
          .type(ctx -> rowsOf(ctx, DType.UINT8))
          .kernel(TextSplitKernels.class, "byteSplit")
          .example("""
              %s = constant() {value = tensor<string>[2] ["hello", ""]} : tensor<string>[2]
              %0 = byte_split(%s) : ragged<uint8>[2, (None)]
              return %0
              """, "[[104, 101, 108, 108, 111], []]") // text.ByteSplitter().split(["hello", ""])
          .tfRawOps("ByteSplitWithOffsets")
          .tfApi("text.ByteSplitter.split")
          .build();

  public static final OpDef BYTE_SPLIT_OFFSETS =
      OpDef.builder("byte_split_offsets")
          .summary("each byte's start offset k, or end offset k + 1 (ends), int32 as TF Text's ByteSplitter gives them")
          .operands("input")
          .attribute(AttrSpec.optional("ends", AttrKind.BOOL, false))
          .traits(Trait.PURE)
          .type(ctx -> rowsOf(ctx, DType.INT32))
          .kernel(TextSplitKernels.class, "byteSplitOffsets")
          .example("""
              %s = constant() {value = tensor<string>[1] ["hello"]} : tensor<string>[1]
              %0 = byte_split_offsets(%s) {ends = true} : ragged<int32>[1, (None)]
              return %0
              """, "[[1, 2, 3, 4, 5]]") // text.ByteSplitter().split_with_offsets("hello")[2] -> [1 2 3 4 5]
          .tfRawOps("ByteSplitWithOffsets")
          .tfApi("text.ByteSplitter.split_with_offsets")
          .build();

  public static final OpDef BYTE_SPLIT_BY_OFFSETS =
      OpDef.builder("byte_split_by_offsets")
          .summary("per string, the substrings [start, end) its row of byte offsets names (ByteSplitter.split_by_offsets)")
          .operands("input", "start_offsets", "end_offsets")
          .traits(Trait.PURE)
          .type(ctx -> {
            for (int i = 1; i <= 2; i++) {
              RaggedType o = ctx.ragged(i);
              if (!o.dtype().isInteger() || o.raggedRank() != 1 || o.flatValuesShape().size() != 1) {
                throw ctx.fail("%s must be ragged integer offsets of shape [nrows, (None)], got %s",
                    i == 1 ? "start_offsets" : "end_offsets", o);
              }
            }
            return rowsOf(ctx, DType.STRING);
          })
          .kernel(TextSplitKernels.class, "byteSplitByOffsets")
          .example("""
              %s = constant() {value = tensor<string>[1] ["hello"]} : tensor<string>[1]
              %a = constant() {value = tensor<int32>[2] [0, 4]} : tensor<int32>[2]
              %z = constant() {value = tensor<int32>[2] [4, 5]} : tensor<int32>[2]
              %r = constant() {value = tensor<int64>[2] [0, 2]} : tensor<int64>[2]
              %p = partition_from_row_splits(%r) : partition<int64>[1, (None)]
              %ra = ragged(%a, %p) : ragged<int32, nvals=[2]>[1, (None)]
              %rz = ragged(%z, %p) : ragged<int32, nvals=[2]>[1, (None)]
              %0 = byte_split_by_offsets(%s, %ra, %rz) : ragged<string>[1, (None)]
              return %0
              """, "[[b'hell', b'o']]") // text.ByteSplitter().split_by_offsets("hello", [0, 4], [4, 5]) -> [b'hell' b'o']
          .tfRawOps("ByteSplitByOffsets")
          .tfApi("text.ByteSplitter.split_by_offsets")
          .build();

  public static final OpDef UNICODE_SCRIPT =
      OpDef.builder("unicode_script")
          .summary("each code point's ICU script code (UScriptCode), -1 for a value that is no code point (tf.strings.unicode_script)")
          .operands("input")
          .traits(Trait.PURE)
          .type(ctx -> new DenseType(DType.INT32, ctx.dense(0, DType.INT32).shape()))
          .kernel(TextSplitKernels.class, "unicodeScript")
          .example("""
              %c = constant() {value = tensor<int32>[5] [1040, 1041, 1042, 20540, -1]} : tensor<int32>[5]
              %0 = unicode_script(%c) : tensor<int32>[5]
              return %0
              """, "[8, 8, 8, 17, -1]")
          // tf.strings.unicode_script([1040, 1041, 1042, 20540, -1]) -> [8, 8, 8, 17, -1]: ICU's uscript.h numbers
          // USCRIPT_CYRILLIC 8 (А Б В), USCRIPT_HAN 17 (与), and -1 is no code point (USCRIPT_INVALID_CODE)
          .tfRawOps("UnicodeScript").tfApi("tf.strings.unicode_script")
          .build();

  /** A splitter of one string vector with a {@code result} attribute. */
  private static OpDef.Builder splitter(String name, String kernel, String summary) {
    return OpDef.builder(name)
        .summary(summary)
        .operands("input")
        .attribute(AttrSpec.optional("result", AttrKind.STRING, "tokens"))
        .traits(Trait.PURE)
        .type(TextSplitOps::rows)
        .kernel(TextSplitKernels.class, kernel);
  }

  /** A string vector in, one row per string out: the tokens or (result starts/ends) int64 offsets. */
  private static Type rows(OpContext ctx) {
    String result = (String) ctx.attributes().get("result");
    DType out = switch (result) {
      case "tokens" -> DType.STRING;
      case "starts", "ends" -> DType.INT64;
      default -> throw ctx.fail("result must be tokens, starts or ends, got %s", result);
    };
    return rowsOf(ctx, out);
  }

  private static Type rowsOf(OpContext ctx, DType out) {
    DenseType input = ctx.dense(0, DType.STRING);
    if (input.rank() != 1) {
      throw ctx.fail("input must be a vector of strings, got %s (the builder splits other ranks' flat values)", input);
    }
    return RaggedType.of(out, List.of(PartitionType.ragged(DType.INT64, input.dim(0), Dims.UNKNOWN)),
        ImmutableList.of(Dims.UNKNOWN));
  }
}
