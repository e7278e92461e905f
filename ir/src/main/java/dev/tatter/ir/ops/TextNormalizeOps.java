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
import dev.tatter.runtime.Utf8;
import dev.tatter.runtime.kernels.text.TextNormalizeKernels;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * tensorflow_text's normalizers, each on a dense string tensor of any shape (ragged input through
 * its flat values, by the builder): {@code normalize_utf8} (NFC, NFKC, NFD, NFKD), {@code
 * case_fold_utf8} (ICU's NFKC_Casefold), {@code coerce_to_structurally_valid_utf8}, and the offsets
 * map of {@code normalize_utf8_with_offsets_map} with its reader {@code find_source_offsets} (the
 * map a ragged int64 table where TF Text has a variant; see {@link TextNormalizeKernels}). ICU4J
 * does the Unicode work (ICU 77.1, Unicode 16.0).
 */
public final class TextNormalizeOps {
  private TextNormalizeOps() {}

  private static final Set<String> FORMS = Set.of("NFC", "NFKC", "NFD", "NFKD");

  public static final OpDef NORMALIZE_UTF8 =
      OpDef.builder("normalize_utf8")
          .summary("each UTF-8 string in Unicode normalization form NFC, NFKC, NFD or NFKD (ICU; ill-formed bytes copied)")
          .operands("input")
          .attribute(AttrSpec.optional("normalization_form", AttrKind.STRING, "NFKC"))
          .traits(Trait.PURE)
          .type(ctx -> {
            checkForm(ctx);
            return sameShapeStrings(ctx);
          })
          .kernel(TextNormalizeKernels.class, "normalize")
          .example("""
              %s = constant() {value = tensor<string>[2] ["株式会社", "ＫＡＤＯＫＡＷＡ"]} : tensor<string>[2]
              %0 = normalize_utf8(%s) : tensor<string>[2]
              return %0
              """, "[b'\\xe6\\xa0\\xaa\\xe5\\xbc\\x8f\\xe4\\xbc\\x9a\\xe7\\xa4\\xbe', b'KADOKAWA']")
          // text.normalize_utf8(["株式会社", "ＫＡＤＯＫＡＷＡ"]) -> [b'\xe6\xa0\xaa\xe5\xbc\x8f\xe4\xbc\x9a\xe7\xa4\xbe', b'KADOKAWA']
          .tfRawOps("NormalizeUTF8").tfApi("text.normalize_utf8")
          .build();

  public static final OpDef CASE_FOLD_UTF8 =
      OpDef.builder("case_fold_utf8")
          .summary("each UTF-8 string case-folded with NFKC normalization (ICU's NFKC_Casefold; ill-formed bytes copied)")
          .operands("input")
          .traits(Trait.PURE)
          .type(TextNormalizeOps::sameShapeStrings)
          .kernel(TextNormalizeKernels.class, "caseFold")
          .example("""
              %s = constant() {value = tensor<string>[3] ["The   Quick-Brown", "CAT jumped over", "the lazy dog  !!  "]} : tensor<string>[3]
              %0 = case_fold_utf8(%s) : tensor<string>[3]
              return %0
              """, "[b'the   quick-brown', b'cat jumped over', b'the lazy dog  !!  ']")
          // text.case_fold_utf8(['The   Quick-Brown', 'CAT jumped over', 'the lazy dog  !!  '])
          .tfRawOps("CaseFoldUTF8").tfApi("text.case_fold_utf8")
          .build();

  public static final OpDef COERCE_TO_VALID_UTF8 =
      OpDef.builder("coerce_to_valid_utf8")
          .summary("each string with every ill-formed UTF-8 subpart replaced by replacement_char (tf.strings.unicode_transcode, errors=replace)")
          .operands("input")
          .attribute(AttrSpec.optional("replacement_char", AttrKind.INT, 0xFFFDL))
          .traits(Trait.PURE)
          .type(ctx -> {
            long r = ctx.attributes().getInt("replacement_char");
            if (!Utf8.isScalarValue(r)) {
              throw ctx.fail("replacement_char must be a Unicode scalar value (0 to 0x10FFFF, no surrogate), got %s", r);
            }
            return sameShapeStrings(ctx);
          })
          .kernel(TextNormalizeKernels.class, "coerceToValidUtf8")
          .example("""
              %s = constant() {value = tensor<string>[2] ["abc", "\\u00ff\\u00ff"]} : tensor<string>[2]
              %0 = coerce_to_valid_utf8(%s) {replacement_char = 63} : tensor<string>[2]
              return %0
              """, "[b'abc', b'\\xc3\\xbf\\xc3\\xbf']")
          // text.coerce_to_structurally_valid_utf8(["abc", "ÿÿ"], replacement_char=63) -> [b'abc', b'\xc3\xbf\xc3\xbf'] (already valid)
          .tfRawOps("UnicodeTranscode").tfApi("text.coerce_to_structurally_valid_utf8")
          .tfPythonLevel("text.coerce_to_structurally_valid_utf8: tf.strings.unicode_transcode(input, 'UTF-8', 'UTF-8', errors='replace', replacement_char)")
          .build();

  public static final OpDef NORMALIZE_UTF8_OFFSETS_MAP =
      OpDef.builder("normalize_utf8_offsets_map")
          .summary("per string, the source byte offset of each byte offset 0..n of its normalized form (normalize_utf8_with_offsets_map's map)")
          .operands("input")
          .attribute(AttrSpec.optional("normalization_form", AttrKind.STRING, "NFKC"))
          .traits(Trait.PURE)
          .type(ctx -> {
            checkForm(ctx);
            DenseType input = ctx.dense(0, DType.STRING);
            if (input.rank() != 1) {
              throw ctx.fail("input must be a vector of strings, got %s (the builder maps other ranks' flat values)", input);
            }
            return RaggedType.of(DType.INT64, List.of(PartitionType.ragged(DType.INT64, input.dim(0), Dims.UNKNOWN)),
                ImmutableList.of(Dims.UNKNOWN));
          })
          .kernel(TextNormalizeKernels.class, "offsetsMap")
          .example("""
              %s = constant() {value = tensor<string>[2] ["株式会社", "ＫＡＤＯ"]} : tensor<string>[2]
              %0 = normalize_utf8_offsets_map(%s) : ragged<int64>[2, (None)]
              return %0
              """, "[[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], [0, 3, 6, 9, 12]]")
          // normalized, m = text.normalize_utf8_with_offsets_map(["株式会社", "ＫＡＤＯ"]);
          // text.find_source_offsets(m, [[0, ..., 12], [0, 1, 2, 3, 4]]) -> [[0, ..., 12], [0, 3, 6, 9, 12]]
          .tfRawOps("NormalizeUTF8WithOffsetsMap").tfApi("text.normalize_utf8_with_offsets_map")
          .build();

  public static final OpDef FIND_SOURCE_OFFSETS =
      OpDef.builder("find_source_offsets")
          .summary("each byte offset into a normalized string mapped back to its source string through the offsets map")
          .operands("offsets_map", "input_offsets")
          .traits(Trait.PURE)
          .type(ctx -> {
            RaggedType map = ctx.ragged(0);
            RaggedType offsets = ctx.ragged(1);
            if (map.dtype() != DType.INT64 || map.raggedRank() != 1 || map.flatValuesShape().size() != 1) {
              throw ctx.fail("offsets_map must be the int64 map normalize_utf8_offsets_map gives, got %s", map);
            }
            if (!offsets.dtype().isInteger() || offsets.raggedRank() != 1 || offsets.flatValuesShape().size() != 1) {
              throw ctx.fail("input_offsets must be ragged integer offsets of shape [nrows, (None)], got %s", offsets);
            }
            return offsets.withFlatValues(DType.INT64, offsets.flatValuesShape());
          })
          .kernel(TextNormalizeKernels.class, "findSourceOffsets")
          .example("""
              %s = constant() {value = tensor<string>[2] ["株式会社", "ＫＡＤＯＫＡＷＡ"]} : tensor<string>[2]
              %m = normalize_utf8_offsets_map(%s) : ragged<int64>[2, (None)]
              %v = constant() {value = tensor<int64>[6] [0, 1, 2, 0, 1, 2]} : tensor<int64>[6]
              %r = constant() {value = tensor<int64>[3] [0, 3, 6]} : tensor<int64>[3]
              %p = partition_from_row_splits(%r) : partition<int64>[2, (None)]
              %o = ragged(%v, %p) : ragged<int64, nvals=[6]>[2, (None)]
              %0 = find_source_offsets(%m, %o) : ragged<int64, nvals=[6]>[2, (None)]
              return %0
              """, "[[0, 1, 2], [0, 3, 6]]")
          // text.find_source_offsets(offsets_map, [[0, 1, 2], [0, 1, 2]]) -> [[0, 1, 2], [0, 3, 6]] (TF Text's docstring)
          .tfRawOps("FindSourceOffsets").tfApi("text.find_source_offsets")
          .build();

  private static void checkForm(OpContext ctx) {
    String form = (String) ctx.attributes().get("normalization_form");
    if (!FORMS.contains(form.toUpperCase(Locale.ROOT))) {
      throw ctx.fail("Unknown normalization form requested: %s (normalization_form is NFC, NFKC, NFD or NFKD)", form);
    }
  }

  private static Type sameShapeStrings(OpContext ctx) {
    DenseType input = ctx.dense(0, DType.STRING);
    return new DenseType(DType.STRING, input.shape());
  }
}
