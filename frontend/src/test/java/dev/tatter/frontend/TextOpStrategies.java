package dev.tatter.frontend;

import dev.tatter.ir.Node;
import dev.tatter.ir.OpDef;
import dev.tatter.ir.ops.LookupOps;
import dev.tatter.ir.ops.RaggedOps;
import dev.tatter.ir.ops.SplitLookupOps;
import dev.tatter.ir.ops.StringSplitOps;
import dev.tatter.ir.types.DenseType;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.Tensor;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** How the random graphs build text ops and table lookups on purpose. */
final class TextOpStrategies {
  private TextOpStrategies() {}

  /** n-grams of a ragged string vector split from a random string vector. */
  static Node ngrams(RandomGraphs.Generation gen, OpDef op) {
    Node text = gen.pick(n -> n.type() instanceof DenseType d && d.dtype() == DType.STRING && d.rank() == 1);
    if (text == null) {
      text = gen.constant(gen.randomTensor(DType.STRING, new int[] {gen.random.nextInt(4)}));
    }
    Node tokens = gen.add(StringSplitOps.BYTES_SPLIT, List.of(text), Map.of(), null, null);
    if (tokens == null) {
      return null;
    }
    Map<String, Object> attrs = new HashMap<>();
    attrs.put("ngram_widths", com.google.common.collect.ImmutableList.of(1L + gen.random.nextInt(3)));
    attrs.put("pad_width", (long) gen.random.nextInt(3) - 1);
    attrs.put("left_pad", "<");
    attrs.put("preserve_short_sequences", gen.random.nextBoolean());
    return gen.add(op, List.of(tokens), attrs, gen.maybeName(), null);
  }

  /** A lookup of dense string or int64 keys in a small table. */
  static Node lookup(RandomGraphs.Generation gen, OpDef op) {
    boolean strings = gen.random.nextBoolean();
    DType dtype = strings ? DType.STRING : DType.INT64;
    Node keys = gen.pick(n -> n.type() instanceof DenseType d && d.dtype() == dtype);
    if (keys == null) {
      keys = gen.constant(gen.randomTensor(dtype, new int[] {gen.random.nextInt(4)}));
    }
    if (strings && gen.random.nextBoolean()) {
      // the pieces of a split: the fuse pass looks them up where they lie (string_split_lookup)
      Node split = split(gen);
      keys = split == null ? null : gen.add(RaggedOps.VALUES, List.of(split), Map.of(), null, null);
      if (keys == null) {
        return null;
      }
    }
    return gen.add(op, List.of(keys), tableAttributes(gen, op, strings), gen.maybeName(), null);
  }

  /** The fused split and lookup, built directly. */
  static Node splitLookup(RandomGraphs.Generation gen, OpDef op) {
    Node text = text(gen);
    Map<String, Object> attrs = tableAttributes(gen, op == SplitLookupOps.STRING_SPLIT_LOOKUP ? LookupOps.HASH_TABLE_LOOKUP
        : LookupOps.VOCAB_TABLE_LOOKUP, true);
    attrs.putAll(splitAttributes(gen));
    return gen.add(op, List.of(text), attrs, gen.maybeName(), null);
  }

  private static Node text(RandomGraphs.Generation gen) {
    Node text = gen.pick(n -> n.type() instanceof DenseType d && d.dtype() == DType.STRING && d.rank() == 1);
    return text != null ? text : gen.constant(gen.randomTensor(DType.STRING, new int[] {gen.random.nextInt(4)}));
  }

  private static Node split(RandomGraphs.Generation gen) {
    return gen.add(StringSplitOps.STRING_SPLIT, List.of(text(gen)), splitAttributes(gen), null, null);
  }

  /** A separator of whitespace (""), one byte or two, and a maxsplit from none (-1) to 2. */
  private static Map<String, Object> splitAttributes(RandomGraphs.Generation gen) {
    return Map.of("sep", List.of("", "", "a", " a").get(gen.random.nextInt(4)), "maxsplit", (long) gen.random.nextInt(4) - 1);
  }

  private static Map<String, Object> tableAttributes(RandomGraphs.Generation gen, OpDef op, boolean strings) {
    Tensor tableKeys = strings ? Tensor.ofStrings("", "a", "b") : Tensor.ofLongs(0, 1, -1);
    Map<String, Object> attrs = new HashMap<>();
    attrs.put("table_keys", tableKeys);
    attrs.put("table_values", Tensor.ofLongs(0, 1, 2));
    if (op == LookupOps.HASH_TABLE_LOOKUP) {
      attrs.put("default_value", Tensor.scalar(DType.INT64, -1L));
    } else {
      attrs.put("num_oov_buckets", 1L + gen.random.nextInt(3));
    }
    return attrs;
  }
}
