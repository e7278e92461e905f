package dev.tatter.ir.ops;

import dev.tatter.ir.AttrKind;
import dev.tatter.ir.AttrSpec;
import dev.tatter.ir.OpContext;
import dev.tatter.ir.OpDef;
import dev.tatter.ir.Trait;
import dev.tatter.ir.types.DenseType;
import dev.tatter.ir.types.Type;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.kernels.strings.StringElementwiseKernels;

/**
 * TF's per-string ops, each on a dense string tensor of any shape (ragged input through its flat
 * values, by the builder): length, case, whitespace stripping and RE2 regular expressions
 * (pattern and rewrite are attributes, as in TF's Static* kernels; a pattern is compiled once, not per run).
 */
public final class StringElementwiseOps {
  private StringElementwiseOps() {}

  public static final OpDef STRING_LENGTH =
      OpDef.builder("string_length")
          .summary("each string's length in bytes, or in UTF-8 characters (unit = \"UTF8_CHAR\"), int32")
          .operands("input")
          .attribute(AttrSpec.optional("unit", AttrKind.STRING, "BYTE"))
          .traits(Trait.PURE)
          .type(ctx -> {
            String unit = (String) ctx.attributes().get("unit");
            if (!unit.equals("BYTE") && !unit.equals("UTF8_CHAR")) {
              throw ctx.fail("unit must be BYTE or UTF8_CHAR, got %s", unit);
            }
            return sameShape(ctx, DType.INT32);
          })
          .kernel(StringElementwiseKernels.class, "length")
          .example("""
              %s = constant() {value = tensor<string>[2] ["hello", "😊"]} : tensor<string>[2]
              %0 = string_length(%s) {unit = "UTF8_CHAR"} : tensor<int32>[2]
              return %0
              """, "[5, 1]") // tf.strings.length(["hello", "😊"], unit="UTF8_CHAR") -> [5, 1] (bytes: [5, 4])
          .tfRawOps("StringLength").tfApi("tf.strings.length")
          .build();

  // tf.strings.lower(["CamelCase", "ÉtÉ"]) -> [b'camelcase', b'\xc3\x89t\xc3\x89'] (encoding "": ASCII letters only)
  public static final OpDef STRING_LOWER = caseOp("string_lower", "lower", "each string in lower case: ASCII (encoding \"\") or UTF-8 text (\"utf-8\")",
      "[b'camelcase', b'\\xc3\\x89t\\xc3\\x89']")
      .tfRawOps("StringLower").tfApi("tf.strings.lower")
      .build();

  // tf.strings.upper(["CamelCase", "ÉtÉ"]) -> [b'CAMELCASE', b'\xc3\x89T\xc3\x89']
  public static final OpDef STRING_UPPER = caseOp("string_upper", "upper", "each string in upper case: ASCII (encoding \"\") or UTF-8 text (\"utf-8\")",
      "[b'CAMELCASE', b'\\xc3\\x89T\\xc3\\x89']")
      .tfRawOps("StringUpper").tfApi("tf.strings.upper")
      .build();

  public static final OpDef STRING_STRIP =
      OpDef.builder("string_strip")
          .summary("each string without leading and trailing ASCII whitespace (tf.strings.strip)")
          .operands("input")
          .traits(Trait.PURE)
          .type(ctx -> sameShape(ctx, DType.STRING))
          .kernel(StringElementwiseKernels.class, "strip")
          .example("""
              %s = constant() {value = tensor<string>[2] ["\\nTensorFlow", "     The python library    "]} : tensor<string>[2]
              %0 = string_strip(%s) : tensor<string>[2]
              return %0
              """, "[b'TensorFlow', b'The python library']") // tf.strings.strip(["\nTensorFlow", "     The python library    "])
          .tfRawOps("StringStrip").tfApi("tf.strings.strip")
          .build();

  public static final OpDef REGEX_FULL_MATCH =
      OpDef.builder("regex_full_match")
          .summary("whether each whole string matches the RE2 pattern, bool (tf.strings.regex_full_match)")
          .operands("input")
          .attribute(AttrSpec.required("pattern", AttrKind.STRING))
          .traits(Trait.PURE)
          .type(ctx -> sameShape(ctx, DType.BOOL))
          .kernel(StringElementwiseKernels.class, "regexFullMatch")
          .example("""
              %s = constant() {value = tensor<string>[2] ["TF lib", "lib TF"]} : tensor<string>[2]
              %0 = regex_full_match(%s) {pattern = "TF.*"} : tensor<bool>[2]
              return %0
              """, "[True, False]") // tf.strings.regex_full_match(["TF lib", "lib TF"], "TF.*") -> [True, False]
          .tfRawOps("StaticRegexFullMatch", "RegexFullMatch").tfApi("tf.strings.regex_full_match")
          .build();

  public static final OpDef REGEX_REPLACE =
      OpDef.builder("regex_replace")
          .summary("each string with the first (replace_global: every) RE2 match replaced by rewrite (\\1 a group)")
          .operands("input")
          .attribute(AttrSpec.required("pattern", AttrKind.STRING))
          .attribute(AttrSpec.required("rewrite", AttrKind.STRING))
          .attribute(AttrSpec.optional("replace_global", AttrKind.BOOL, true))
          .traits(Trait.PURE)
          .type(ctx -> sameShape(ctx, DType.STRING))
          .kernel(StringElementwiseKernels.class, "regexReplace")
          .example("""
              %s = constant() {value = tensor<string>[1] ["Text with tags.<br /><b>contains html</b>"]} : tensor<string>[1]
              %0 = regex_replace(%s) {pattern = "<[^>]+>", rewrite = " "} : tensor<string>[1]
              return %0
              """, "[b'Text with tags.  contains html ']")
          // tf.strings.regex_replace("Text with tags.<br /><b>contains html</b>", "<[^>]+>", " ") -> b'Text with tags.  contains html '
          .tfRawOps("StaticRegexReplace", "RegexReplace").tfApi("tf.strings.regex_replace")
          .build();

  private static OpDef.Builder caseOp(String name, String kernel, String summary, String expected) {
    return OpDef.builder(name)
        .summary(summary)
        .operands("input")
        .attribute(AttrSpec.optional("encoding", AttrKind.STRING, ""))
        .traits(Trait.PURE)
        .type(ctx -> {
          String encoding = (String) ctx.attributes().get("encoding");
          if (!encoding.isEmpty() && !encoding.equals("utf-8")) {
            throw ctx.fail("encoding must be \"\" (ASCII) or \"utf-8\", got %s", encoding);
          }
          return sameShape(ctx, DType.STRING);
        })
        .kernel(StringElementwiseKernels.class, kernel)
        .example("""
            %s = constant() {value = tensor<string>[2] ["CamelCase", "ÉtÉ"]} : tensor<string>[2]
            %0 = NAME(%s) : tensor<string>[2]
            return %0
            """.replace("NAME", name), expected);
  }

  private static Type sameShape(OpContext ctx, DType out) {
    DenseType input = ctx.dense(0, DType.STRING);
    return new DenseType(out, input.shape());
  }
}
