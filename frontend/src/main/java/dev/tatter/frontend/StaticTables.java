package dev.tatter.frontend;

import dev.tatter.ir.GraphBuildException;
import dev.tatter.ir.OpDef;
import dev.tatter.ir.ops.LookupOps;
import dev.tatter.ir.types.RaggedType;
import dev.tatter.runtime.Tensor;
import java.util.Map;

/**
 * TF's static lookup tables, usable in any graph: {@link #hashTable} is
 * {@code tf.lookup.StaticHashTable(initializer, default_value)}, {@link #vocabularyTable} is
 * {@code tf.lookup.StaticVocabularyTable(initializer, num_oov_buckets)}. {@code lookup} takes dense
 * or ragged keys (a ragged lookup keeps the partitions). The table is an attribute of the lookup
 * node: it prints with the graph and is hashed once per compiled graph.
 */
@BuilderApi
public final class StaticTables {
  private final TableInitializer init;
  private final OpDef op;
  private final Map<String, Object> attrs;

  private StaticTables(TableInitializer init, OpDef op, Map<String, Object> attrs) {
    this.init = init;
    this.op = op;
    this.attrs = attrs;
  }

  /** {@code tf.lookup.StaticHashTable(initializer, default_value)}; the default is converted to the values' dtype. */
  @TfApi("tf.lookup.StaticHashTable")
  public static StaticTables hashTable(TableInitializer init, Object defaultValue) {
    Tensor dv = defaultValue instanceof Tensor t ? t : Tensor.scalar(init.values().dtype(), defaultValue);
    return new StaticTables(init, LookupOps.HASH_TABLE_LOOKUP,
        Map.of("table_keys", init.keys(), "table_values", init.values(), "default_value", dv));
  }

  /** {@code tf.lookup.StaticVocabularyTable(initializer, num_oov_buckets)}. */
  @TfApi("tf.lookup.StaticVocabularyTable")
  public static StaticTables vocabularyTable(TableInitializer init, long numOovBuckets) {
    return new StaticTables(init, LookupOps.VOCAB_TABLE_LOOKUP,
        Map.of("table_keys", init.keys(), "table_values", init.values(), "num_oov_buckets", numOovBuckets));
  }

  /** {@code table.size()}: the number of keys (the OOV buckets of a vocabulary table not counted). */
  public long size() {
    return init.keys().size();
  }

  /** {@code table.lookup(keys)} on a dense or ragged tensor of keys. */
  public Value lookup(Value keys) {
    GraphBuilder b = keys.builder();
    if (keys.type() instanceof RaggedType) {
      GraphBuilder.Decomposed d = b.decompose(keys);
      return b.rebuild(b.op(op, attrs, d.flatValues()), d.partitions());
    }
    if (!(keys.type() instanceof dev.tatter.ir.types.DenseType)) {
      throw new GraphBuildException("lookup at " + CallSite.find() + " takes a dense or ragged tensor, got " + keys.type());
    }
    return b.op(op, attrs, keys);
  }
}
