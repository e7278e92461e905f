package dev.tatter.ir.ops;

import dev.tatter.ir.AttrKind;
import dev.tatter.ir.AttrSpec;
import dev.tatter.ir.OpContext;
import dev.tatter.ir.OpDef;
import dev.tatter.ir.Trait;
import dev.tatter.ir.types.DenseType;
import dev.tatter.ir.types.RaggedType;
import dev.tatter.ir.types.Type;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.kernels.strings.StringFormatKernels;

/**
 * Values printed into text: TF's {@code StringFormat} of one dense or ragged value (the builder's
 * {@code tf.strings.format} of several inputs joins one such node per input with the template's
 * pieces, as TF's ragged dispatch of {@code tf.strings.format} does).
 */
public final class StringPrintOps {
  private StringPrintOps() {}

  public static final OpDef STRING_FORMAT =
      OpDef.builder("string_format")
          .summary("the template with its one placeholder replaced by the value printed as TF prints it "
              + "(dense: StringFormat's Tensor::SummarizeValue; ragged: ragged_tensor_to_string), the first and last "
              + "summarize entries of each dimension (-1: all)")
          .operands("input")
          .attribute(AttrSpec.required("template", AttrKind.STRING))
          .attribute(AttrSpec.optional("placeholder", AttrKind.STRING, "{}"))
          .attribute(AttrSpec.optional("summarize", AttrKind.INT, 3L))
          .traits(Trait.PURE)
          .type(StringPrintOps::formatType)
          .kernel(StringFormatKernels.class, "format")
          // tf.strings.format("tensor: {}, suffix", tf.range(5)) -> b'tensor: [0 1 2 3 4], suffix'
          .example("""
              %x = constant() {value = tensor<int32>[5] [0, 1, 2, 3, 4]} : tensor<int32>[5]
              %0 = string_format(%x) {template = "tensor: {}, suffix"} : tensor<string>[]
              return %0
              """, "b'tensor: [0 1 2 3 4], suffix'")
          // tf.strings.format("{}", tf.range(10), summarize=2) -> b'[0 1 ... 8 9]'
          .example("""
              %x = constant() {value = tensor<int64>[10] [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]} : tensor<int64>[10]
              %0 = string_format(%x) {summarize = 2, template = "{}"} : tensor<string>[]
              return %0
              """, "b'[0 1 ... 8 9]'")
          // tf.strings.format("{}", tf.ragged.constant([['a', 'b'], [], ["it's"]])) -> b"[['a', 'b'], [], ['it\\'s']]"
          .example("""
              %v = constant() {value = tensor<string>[3] ["a", "b", "it's"]} : tensor<string>[3]
              %s = constant() {value = tensor<int64>[4] [0, 2, 2, 3]} : tensor<int64>[4]
              %p = partition_from_row_splits(%s) : partition<int64>[3, (None)]
              %rt = ragged(%v, %p) : ragged<string, nvals=[3]>[3, (None)]
              %0 = string_format(%rt) {template = "x = {}"} : tensor<string>[]
              return %0
              """, "b\"x = [['a', 'b'], [], ['it\\\\'s']]\"")
          .tfRawOps("StringFormat").tfApi("tf.strings.format")
          .build();

  private static Type formatType(OpContext ctx) {
    Type input = ctx.tensor(0);
    String template = (String) ctx.attributes().get("template");
    String placeholder = (String) ctx.attributes().get("placeholder");
    long summarize = ctx.attributes().getInt("summarize");
    int placeholders = StringFormatKernels.splitTemplate(template, placeholder).size() - 1;
    if (placeholders != 1) {
      throw ctx.fail("num placeholders in template and num inputs must match: %d vs. 1", placeholders);
    }
    DType dtype = input.dtype();
    if (dtype.isComplex()) {
      throw ctx.fail("string_format prints real numbers, bool and string, got %s", dtype);
    }
    if (input instanceof RaggedType && summarize != -1 && summarize <= 0) {
      throw ctx.fail("Expected summarize to be -1 or a positive int, got %d", summarize);
    }
    if (summarize < Integer.MIN_VALUE || summarize > Integer.MAX_VALUE) {
      throw ctx.fail("summarize must fit TF's int32 attribute, got %d", summarize);
    }
    return DenseType.scalar(DType.STRING);
  }
}
