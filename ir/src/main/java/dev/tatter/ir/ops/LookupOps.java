package dev.tatter.ir.ops;

import dev.tatter.ir.AttrKind;
import dev.tatter.ir.AttrSpec;
import dev.tatter.ir.OpContext;
import dev.tatter.ir.OpDef;
import dev.tatter.ir.Trait;
import dev.tatter.ir.types.DenseType;
import dev.tatter.ir.types.Type;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.StringColumn;
import dev.tatter.runtime.Tensor;
import dev.tatter.runtime.kernels.lookup.LookupKernels;
import java.util.HashMap;
import java.util.Map;

/**
 * Lookups in static tables (TF's {@code tf.lookup}). A table is a graph constant: its keys and
 * values are attributes, checked when the graph is built (TF checks them when the table is
 * initialized) and turned into a hash table once per graph, not per run. Ragged keys are looked
 * up through their flat values by the builder.
 */
public final class LookupOps {
  private LookupOps() {}

  public static final OpDef HASH_TABLE_LOOKUP =
      OpDef.builder("hash_table_lookup")
          .summary("each key's value in the static table keys -> values, default_value where it is missing")
          .operands("keys")
          .attribute(AttrSpec.required("table_keys", AttrKind.TENSOR))
          .attribute(AttrSpec.required("table_values", AttrKind.TENSOR))
          .attribute(AttrSpec.required("default_value", AttrKind.TENSOR))
          .traits(Trait.PURE)
          .type(ctx -> {
            DenseType keys = ctx.dense(0);
            return new DenseType(checkHashTable(ctx, keys), keys.shape());
          })
          .kernel(LookupKernels.class, "find")
          .example("""
              %k = constant() {value = tensor<string>[3] ["apple", "banana", "cherry"]} : tensor<string>[3]
              %0 = hash_table_lookup(%k) {default_value = tensor<int64>[] -1, table_keys = tensor<string>[3] ["apple", "banana", "orange"], table_values = tensor<int64>[3] [0, 1, 2]} : tensor<int64>[3]
              return %0
              """, "[0, 1, -1]")
          // keys_tensor = tf.constant(['apple', 'banana', 'orange']); vals_tensor = tf.constant([0, 1, 2])
          // tf.lookup.StaticHashTable(tf.lookup.KeyValueTensorInitializer(keys_tensor, vals_tensor), -1)
          //     .lookup(tf.constant(['apple', 'banana', 'cherry'])) -> [0, 1, -1] (with int64 values)
          .tfRawOps("LookupTableFindV2").tfApi("tf.lookup.StaticHashTable.lookup")
          .build();

  public static final OpDef VOCAB_TABLE_LOOKUP =
      OpDef.builder("vocab_table_lookup")
          .summary("StaticVocabularyTable.lookup: a key's id, or size + Fingerprint64(key) % num_oov_buckets")
          .operands("keys")
          .attribute(AttrSpec.required("table_keys", AttrKind.TENSOR))
          .attribute(AttrSpec.required("table_values", AttrKind.TENSOR))
          .attribute(AttrSpec.required("num_oov_buckets", AttrKind.INT))
          .traits(Trait.PURE)
          .type(ctx -> {
            DenseType keys = ctx.dense(0);
            checkVocabularyTable(ctx, keys);
            return new DenseType(DType.INT64, keys.shape());
          })
          .kernel(LookupKernels.class, "vocabularyFind")
          .example("""
              %k = constant() {value = tensor<string>[5] ["emerson", "lake", "palmer", "king", "crimson"]} : tensor<string>[5]
              %0 = vocab_table_lookup(%k) {num_oov_buckets = 5, table_keys = tensor<string>[3] ["emerson", "lake", "palmer"], table_values = tensor<int64>[3] [0, 1, 2]} : tensor<int64>[5]
              return %0
              """, "[0, 1, 2, 6, 7]")
          // tf.lookup.StaticVocabularyTable(KeyValueTensorInitializer(['emerson', 'lake', 'palmer'], [0, 1, 2]), 5)
          //     [["emerson", "lake", "palmer", "king", "crimson"]] -> [0, 1, 2, 6, 7] (TF's docstring)
          .tfRawOps("LookupTableFindV2", "StringToHashBucketFast").tfApi("tf.lookup.StaticVocabularyTable.lookup")
          .tfPythonLevel("StaticVocabularyTable.lookup: the id LookupTableFindV2 finds, or, for a missing key, the table's size plus "
              + "StringToHashBucketFast(key, num_oov_buckets)")
          .build();

  /** Checks a hash table's attributes (the table and its default_value) against the keys; returns the values' dtype. */
  static DType checkHashTable(OpContext ctx, DenseType keys) {
    DType valueType = checkTable(ctx, keys, false);
    Tensor dv = ctx.attributes().getTensor("default_value");
    if (dv.dtype() != valueType || dv.rank() != 0) {
      throw ctx.fail("default_value must be a scalar of the values' dtype %s, got %s of shape %s",
          valueType, dv.dtype(), java.util.Arrays.toString(dv.shape()));
    }
    return valueType;
  }

  /** Checks a vocabulary table's attributes (int64 ids, num_oov_buckets > 0) against the keys. */
  static void checkVocabularyTable(OpContext ctx, DenseType keys) {
    DType valueType = checkTable(ctx, keys, true);
    if (valueType != DType.INT64) {
      throw ctx.fail("a vocabulary table maps to int64 ids, got values of %s", valueType);
    }
    if (ctx.attributes().getInt("num_oov_buckets") <= 0) {
      throw ctx.fail("num_oov_buckets must be > 0 (use a hash table without buckets), got %s",
          ctx.attributes().getInt("num_oov_buckets"));
    }
  }

  /** Checks the table attributes against the keys operand; returns the values' dtype. */
  private static DType checkTable(OpContext ctx, DenseType keys, boolean vocabulary) {
    Tensor tableKeys = ctx.attributes().getTensor("table_keys");
    Tensor tableValues = ctx.attributes().getTensor("table_values");
    if (tableKeys.rank() != 1 || tableValues.rank() != 1 || tableKeys.size() != tableValues.size()) {
      throw ctx.fail("table keys and values must be vectors of one length, got shapes %s and %s",
          java.util.Arrays.toString(tableKeys.shape()), java.util.Arrays.toString(tableValues.shape()));
    }
    if (tableKeys.size() == 0) {
      throw ctx.fail("keys and values cannot be empty tensors (TF's table initializer refuses them)");
    }
    DType keyType = tableKeys.dtype();
    if (keyType != DType.STRING && !keyType.isInteger()) {
      throw ctx.fail("table keys must be strings or integers, got %s", keyType);
    }
    if (keys.dtype() != keyType) {
      throw ctx.fail("keys of %s cannot be looked up in a table with %s keys", keys.dtype(), keyType);
    }
    Map<Object, Integer> seen = new HashMap<>();
    for (int i = 0; i < tableKeys.size(); i++) {
      Integer first = seen.putIfAbsent(element(tableKeys, i), i);
      if (first != null && !element(tableValues, first).equals(element(tableValues, i))) {
        // TF's HashTable initializer: "HashTable has different value for same key"
        throw ctx.fail("the table has different values for the same key: key %s has %s and trying to add %s",
            tableKeys.formatElement(i), tableValues.formatElement(first), tableValues.formatElement(i));
      }
    }
    return tableValues.dtype();
  }

  /** Element {@code i} as a map key: a string by its bytes (two ill-formed strings may read as one text), else boxed. */
  private static Object element(Tensor t, int i) {
    return t.unsafeData() instanceof StringColumn ? java.nio.ByteBuffer.wrap(t.getBytes(i)) : t.get(i);
  }
}
