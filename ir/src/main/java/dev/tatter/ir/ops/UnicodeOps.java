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
import dev.tatter.runtime.kernels.strings.UnicodeKernels;
import dev.tatter.runtime.Utf8;
import java.util.List;
import java.util.Set;

/**
 * TF's UTF-8 ops: {@code unicode_decode} (code points) and {@code unicode_decode_offsets} (their
 * byte offsets) are the two results of TF's {@code UnicodeDecodeWithOffsets}, one op each since a
 * node has one result; {@code unicode_split} cuts strings at those offsets; {@code unicode_encode}
 * turns rows of code points back into strings. Only the UTF-8 encoding is supported.
 */
public final class UnicodeOps {
  private UnicodeOps() {}

  private static final Set<String> ERRORS = Set.of("strict", "replace", "ignore");

  public static final OpDef UNICODE_DECODE = decoder("unicode_decode", DType.INT32, "decode",
      "each UTF-8 string's code points as a row, int32 (tf.strings.unicode_decode)",
      "[[72, 195, 108, 108, 246], [128512]]")
      .tfRawOps("UnicodeDecode").tfApi("tf.strings.unicode_decode")
      .build();

  public static final OpDef UNICODE_DECODE_OFFSETS = decoder("unicode_decode_offsets", DType.INT64, "decodeOffsets",
      "the byte offset where each decoded code point starts (tf.strings.unicode_decode_with_offsets' second result)",
      "[[0, 1, 3, 4, 5], [0]]")
      .tfRawOps("UnicodeDecodeWithOffsets").tfApi("tf.strings.unicode_decode_with_offsets")
      .build();

  public static final OpDef UNICODE_SPLIT = decoder("unicode_split", DType.STRING, "split",
      "each UTF-8 string cut into its characters' bytes (tf.strings.unicode_split)",
      "[[b'H', b'\\xc3\\x83', b'l', b'l', b'\\xc3\\xb6'], [b'\\xf0\\x9f\\x98\\x80']]")
      .tfApi("tf.strings.unicode_split")
      .tfPythonLevel("tf.strings.unicode_split: the code points UnicodeDecode finds, each encoded back on its own by UnicodeEncode")
      .build();

  public static final OpDef UNICODE_ENCODE =
      OpDef.builder("unicode_encode")
          .summary("each row of code points as one UTF-8 string (tf.strings.unicode_encode)")
          .operands("input")
          .attribute(AttrSpec.optional("output_encoding", AttrKind.STRING, "UTF-8"))
          .attribute(AttrSpec.optional("errors", AttrKind.STRING, "replace"))
          .attribute(AttrSpec.optional("replacement_char", AttrKind.INT, 0xFFFDL))
          .traits(Trait.PURE)
          .type(ctx -> {
            RaggedType in = ctx.ragged(0);
            if (in.raggedRank() != 1 || in.flatValuesShape().size() != 1 || !in.dtype().isInteger()) {
              throw ctx.fail("input must be ragged integer code points of shape [nrows, (None)], got %s", in);
            }
            checkOptions(ctx, "output_encoding");
            return new DenseType(DType.STRING, ImmutableList.of(in.nrows()));
          })
          .kernel(UnicodeKernels.class, "encode")
          .example("""
              %v = constant() {value = tensor<int32>[6] [71, 246, 246, 100, 110, 105]} : tensor<int32>[6]
              %s = constant() {value = tensor<int64>[3] [0, 4, 6]} : tensor<int64>[3]
              %p = partition_from_row_splits(%s) : partition<int64>[2, (None)]
              %rt = ragged(%v, %p) : ragged<int32, nvals=[6]>[2, (None)]
              %0 = unicode_encode(%rt) : tensor<string>[2]
              return %0
              """, "[b'G\\xc3\\xb6\\xc3\\xb6d', b'ni']")
          // tf.strings.unicode_encode(tf.ragged.constant([[71, 246, 246, 100], [110, 105]]), "UTF-8") -> [b'G\xc3\xb6\xc3\xb6d', b'ni']
          .tfRawOps("UnicodeEncode").tfApi("tf.strings.unicode_encode")
          .build();

  private static OpDef.Builder decoder(String name, DType out, String kernel, String summary, String expected) {
    return OpDef.builder(name)
        .summary(summary)
        .operands("input")
        .attribute(AttrSpec.optional("input_encoding", AttrKind.STRING, "UTF-8"))
        .attribute(AttrSpec.optional("errors", AttrKind.STRING, "replace"))
        .attribute(AttrSpec.optional("replacement_char", AttrKind.INT, 0xFFFDL))
        .attribute(AttrSpec.optional("replace_control_characters", AttrKind.BOOL, false))
        .traits(Trait.PURE)
        .type(ctx -> {
          DenseType input = ctx.dense(0, DType.STRING);
          if (input.rank() != 1) {
            throw ctx.fail("input must be a vector of strings, got %s (the builder decodes other ranks' flat values)", input);
          }
          checkOptions(ctx, "input_encoding");
          return RaggedType.of(out, List.of(PartitionType.ragged(DType.INT64, input.dim(0), Dims.UNKNOWN)),
              ImmutableList.of(Dims.UNKNOWN));
        })
        .kernel(UnicodeKernels.class, kernel)
        // tf.strings.unicode_decode(["HÃllö", "😀"], "UTF-8") -> [[72, 195, 108, 108, 246], [128512]];
        // tf.strings.unicode_decode_with_offsets(...)[1] -> [[0, 1, 3, 4, 5], [0]];
        // tf.strings.unicode_split(...) -> [[b'H', b'\xc3\x83', b'l', b'l', b'\xc3\xb6'], [b'\xf0\x9f\x98\x80']]
        .example("""
            %s = constant() {value = tensor<string>[2] ["HÃllö", "😀"]} : tensor<string>[2]
            %0 = %NAME(%s) : ragged<%OUT>[2, (None)]
            return %0
            """.replace("%NAME", name).replace("%OUT", out.tfName()), expected);
  }

  private static void checkOptions(OpContext ctx, String encodingAttr) {
    String encoding = (String) ctx.attributes().get(encodingAttr);
    if (!encoding.equals("UTF-8")) {
      throw ctx.fail("%s %s is not supported (only UTF-8)", encodingAttr, encoding);
    }
    String errors = (String) ctx.attributes().get("errors");
    if (!ERRORS.contains(errors)) {
      throw ctx.fail("errors must be one of strict, replace, ignore, got %s", errors);
    }
    long replacement = ctx.attributes().getInt("replacement_char");
    if (!Utf8.isScalarValue(replacement)) {
      throw ctx.fail("replacement_char must be a Unicode scalar value (0 to 0x10FFFF, no surrogate), got %s", replacement);
    }
  }
}
