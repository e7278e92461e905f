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
import dev.tatter.runtime.kernels.strings.StringNGramsKernels;
import dev.tatter.runtime.kernels.strings.StringSplitKernels;
import java.util.List;

/**
 * The producers of ragged text: {@code string_split} (TF's StringSplitV2), {@code bytes_split}
 * and {@code string_ngrams} (StringNGrams). Each splits a string vector into rows of pieces; the
 * builder's {@code Strings.split} and friends apply them to the flat values of ragged input (one
 * more ragged dimension) or of a dense tensor made ragged, as {@code ragged_string_ops.py} does.
 */
public final class StringSplitOps {
  private StringSplitOps() {}

  public static final OpDef STRING_SPLIT =
      OpDef.builder("string_split")
          .summary("each string split at sep (empty: runs of whitespace), at most maxsplit times (negative: no limit), as a row")
          .operands("input")
          .attribute(AttrSpec.optional("sep", AttrKind.STRING, ""))
          .attribute(AttrSpec.optional("maxsplit", AttrKind.INT, -1L))
          .traits(Trait.PURE)
          .type(StringSplitOps::inferRows)
          .kernel(StringSplitKernels.class, "split")
          .example("""
              %s = constant() {value = tensor<string>[2] ["hello world", "a  b c "]} : tensor<string>[2]
              %0 = string_split(%s) : ragged<string>[2, (None)]
              return %0
              """, "[[b'hello', b'world'], [b'a', b'b', b'c']]") // tf.strings.split(["hello world", "a  b c "])
          .example("""
              %s = constant() {value = tensor<string>[3] ["1<>2<>3", "", "1<><>2"]} : tensor<string>[3]
              %0 = string_split(%s) {maxsplit = 1, sep = "<>"} : ragged<string>[3, (None)]
              return %0
              """, "[[b'1', b'2<>3'], [b''], [b'1', b'<>2']]") // tf.strings.split(["1<>2<>3", "", "1<><>2"], "<>", maxsplit=1)
          .tfRawOps("StringSplitV2").tfApi("tf.strings.split")
          .build();

  public static final OpDef BYTES_SPLIT =
      OpDef.builder("bytes_split")
          .summary("each string as a row of its single bytes (tf.strings.bytes_split)")
          .operands("input")
          .traits(Trait.PURE)
          .type(StringSplitOps::inferRows)
          .kernel(StringSplitKernels.class, "bytesSplit")
          .example("""
              %s = constant() {value = tensor<string>[2] ["hello", ""]} : tensor<string>[2]
              %0 = bytes_split(%s) : ragged<string>[2, (None)]
              return %0
              """, "[[b'h', b'e', b'l', b'l', b'o'], []]") // tf.strings.bytes_split(["hello", ""])
          .tfRawOps("StringSplit").tfApi("tf.strings.bytes_split")
          .build();

  public static final OpDef STRING_NGRAMS =
      OpDef.builder("string_ngrams")
          .summary("per row, the n-grams of each width in ngram_widths, padded and joined by separator (TF's StringNGrams)")
          .operands("data")
          .attribute(AttrSpec.required("ngram_widths", AttrKind.INTS))
          .attribute(AttrSpec.optional("separator", AttrKind.STRING, " "))
          .attribute(AttrSpec.optional("left_pad", AttrKind.STRING, ""))
          .attribute(AttrSpec.optional("right_pad", AttrKind.STRING, ""))
          .attribute(AttrSpec.optional("pad_width", AttrKind.INT, 0L))
          .attribute(AttrSpec.optional("preserve_short_sequences", AttrKind.BOOL, false))
          .traits(Trait.PURE)
          .type(StringSplitOps::inferNgrams)
          .kernel(StringNGramsKernels.class, "ngrams")
          .example("""
              %v = constant() {value = tensor<string>[4] ["A", "B", "C", "D"]} : tensor<string>[4]
              %s = constant() {value = tensor<int64>[3] [0, 4, 4]} : tensor<int64>[3]
              %p = partition_from_row_splits(%s) : partition<int64>[2, (None)]
              %rt = ragged(%v, %p) : ragged<string, nvals=[4]>[2, (None)]
              %0 = string_ngrams(%rt) {ngram_widths = [2]} : ragged<string>[2, (None)]
              return %0
              """, "[[b'A B', b'B C', b'C D'], []]") // tf.strings.ngrams(tf.ragged.constant([["A", "B", "C", "D"], []]), 2)
          .tfRawOps("StringNGrams").tfApi("tf.strings.ngrams")
          .build();

  /** A string vector in, one row per string out, int64 row splits (TF's default). */
  static Type inferRows(OpContext ctx) {
    DenseType input = ctx.dense(0, DType.STRING);
    if (input.rank() != 1) {
      throw ctx.fail("input must be a vector of strings, got %s (the builder splits other ranks' flat values)", input);
    }
    return RaggedType.of(DType.STRING, List.of(PartitionType.ragged(DType.INT64, input.dim(0), Dims.UNKNOWN)),
        ImmutableList.of(Dims.UNKNOWN));
  }

  private static Type inferNgrams(OpContext ctx) {
    RaggedType data = ctx.ragged(0);
    if (data.dtype() != DType.STRING || data.raggedRank() != 1 || data.flatValuesShape().size() != 1) {
      throw ctx.fail("data must be a ragged string tensor of shape [nrows, (None)], got %s", data);
    }
    @SuppressWarnings("unchecked")
    List<Long> widths = (List<Long>) ctx.attributes().get("ngram_widths");
    if (widths.isEmpty()) {
      throw ctx.fail("ngram_widths must not be empty");
    }
    for (long w : widths) {
      if (w <= 0 || w > Integer.MAX_VALUE) {
        throw ctx.fail("ngram_widths must contain positive int32 values, got %s", w);
      }
    }
    long padWidth = ctx.attributes().getInt("pad_width");
    if (padWidth < -1 || padWidth > Integer.MAX_VALUE) {
      throw ctx.fail("pad_width must be -1 (width - 1) or a non-negative int32, got %s", padWidth);
    }
    PartitionType p = data.outerPartition();
    return RaggedType.of(DType.STRING, List.of(PartitionType.ragged(p.splitsDType(), p.nrows(), Dims.UNKNOWN)),
        ImmutableList.of(Dims.UNKNOWN));
  }
}
