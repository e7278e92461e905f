package dev.tatter.ir.ops;

import dev.tatter.ir.AttrKind;
import dev.tatter.ir.AttrSpec;
import dev.tatter.ir.OpContext;
import dev.tatter.ir.OpDef;
import dev.tatter.ir.Trait;
import dev.tatter.ir.types.DenseType;
import dev.tatter.ir.types.Dims;
import dev.tatter.ir.types.RaggedType;
import dev.tatter.ir.types.Type;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.kernels.lookup.SplitLookupKernels;
import java.util.List;

/**
 * A split's pieces looked up in a static table without storing the pieces: the fuse pass's
 * rewrite of {@code lookup(values(string_split(s)))}, the first step of every text model (words
 * to ids). Each op takes {@code string_split}'s operand and attributes and the lookup's table
 * attributes, and gives the ragged tensor of ids the unfused ops put under the split's partition.
 */
public final class SplitLookupOps {
  private SplitLookupOps() {}

  public static final OpDef STRING_SPLIT_LOOKUP =
      OpDef.builder("string_split_lookup")
          .summary("hash_table_lookup(values(string_split(input))) under the split's partition, in one pass that stores no piece")
          .operands("input")
          .attribute(AttrSpec.optional("sep", AttrKind.STRING, ""))
          .attribute(AttrSpec.optional("maxsplit", AttrKind.INT, -1L))
          .attribute(AttrSpec.required("table_keys", AttrKind.TENSOR))
          .attribute(AttrSpec.required("table_values", AttrKind.TENSOR))
          .attribute(AttrSpec.required("default_value", AttrKind.TENSOR))
          .traits(Trait.PURE)
          .type(ctx -> rows(ctx, LookupOps.checkHashTable(ctx, pieces())))
          .kernel(SplitLookupKernels.class, "splitFind")
          // table = tf.lookup.StaticHashTable(tf.lookup.KeyValueTensorInitializer(['apple', 'banana', 'orange'],
          //     tf.constant([0, 1, 2], tf.int64)), -1)
          // table.lookup(tf.strings.split(['apple  banana', '', 'cherry apple'])) -> [[0, 1], [], [-1, 0]]
          .example("""
              %s = constant() {value = tensor<string>[3] ["apple  banana", "", "cherry apple"]} : tensor<string>[3]
              %0 = string_split_lookup(%s) {default_value = tensor<int64>[] -1, table_keys = tensor<string>[3] ["apple", "banana", "orange"], table_values = tensor<int64>[3] [0, 1, 2]} : ragged<int64>[3, (None)]
              return %0
              """, "[[0, 1], [], [-1, 0]]")
          .noTfCounterpart("the fusion of tf.strings.split and StaticHashTable.lookup that the fuse pass makes; TF runs "
              + "StringSplitV2 and LookupTableFindV2 apart")
          .build();

  public static final OpDef STRING_SPLIT_VOCAB_LOOKUP =
      OpDef.builder("string_split_vocab_lookup")
          .summary("vocab_table_lookup(values(string_split(input))) under the split's partition, in one pass that stores no "
              + "piece")
          .operands("input")
          .attribute(AttrSpec.optional("sep", AttrKind.STRING, ""))
          .attribute(AttrSpec.optional("maxsplit", AttrKind.INT, -1L))
          .attribute(AttrSpec.required("table_keys", AttrKind.TENSOR))
          .attribute(AttrSpec.required("table_values", AttrKind.TENSOR))
          .attribute(AttrSpec.required("num_oov_buckets", AttrKind.INT))
          .traits(Trait.PURE)
          .type(ctx -> {
            LookupOps.checkVocabularyTable(ctx, pieces());
            return rows(ctx, DType.INT64);
          })
          .kernel(SplitLookupKernels.class, "splitVocabularyFind")
          // table = tf.lookup.StaticVocabularyTable(tf.lookup.KeyValueTensorInitializer(['emerson', 'lake', 'palmer'],
          //     tf.constant([0, 1, 2], tf.int64)), num_oov_buckets=5)
          // table.lookup(tf.strings.split(['emerson lake', 'palmer king crimson'])) -> [[0, 1], [2, 6, 7]]
          // (king and crimson's buckets as in StaticVocabularyTable's docstring)
          .example("""
              %s = constant() {value = tensor<string>[2] ["emerson lake", "palmer king crimson"]} : tensor<string>[2]
              %0 = string_split_vocab_lookup(%s) {num_oov_buckets = 5, table_keys = tensor<string>[3] ["emerson", "lake", "palmer"], table_values = tensor<int64>[3] [0, 1, 2]} : ragged<int64>[2, (None)]
              return %0
              """, "[[0, 1], [2, 6, 7]]")
          .noTfCounterpart("the fusion of tf.strings.split and StaticVocabularyTable.lookup that the fuse pass makes; TF "
              + "runs StringSplitV2, LookupTableFindV2 and StringToHashBucketFast apart")
          .build();

  /** The split's pieces as the lookup sees them: a string vector. */
  private static DenseType pieces() {
    return new DenseType(DType.STRING, List.of(Dims.UNKNOWN));
  }

  /** The split's rows with values of {@code dtype}. */
  private static Type rows(OpContext ctx, DType dtype) {
    RaggedType split = (RaggedType) StringSplitOps.inferRows(ctx);
    return split.withFlatValues(dtype, split.flatValuesShape());
  }
}
