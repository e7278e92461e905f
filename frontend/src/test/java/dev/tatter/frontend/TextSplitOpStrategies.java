package dev.tatter.frontend;

import dev.tatter.ir.Node;
import dev.tatter.ir.OpDef;
import dev.tatter.ir.ops.PartitionOps;
import dev.tatter.ir.ops.RaggedOps;
import dev.tatter.ir.ops.TextNormalizeOps;
import dev.tatter.ir.ops.TextSplitOps;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.Tensor;
import java.util.List;
import java.util.Map;

/**
 * How the random graphs build the text ops whose second operand is rows aligned with the strings:
 * {@code split_merge_tokenize} (one label per character, 0 or 1) and {@code find_source_offsets}
 * (offsets into the normalized strings, some past either end).
 */
final class TextSplitOpStrategies {
  private TextSplitOpStrategies() {}

  private static final String[] TEXTS = {"", "ab c", "東京 タワー", "ＫＡＤＯ", "e\u0301x", "ﬁ\u00a0ß", "👩\u200d💻"};

  private static String[] texts(RandomGraphs.Generation gen) {
    String[] t = new String[gen.random.nextInt(4)];
    for (int i = 0; i < t.length; i++) {
      t[i] = TEXTS[gen.random.nextInt(TEXTS.length)];
    }
    return t;
  }

  /** A ragged tensor over {@code values} with the row lengths given. */
  private static Node rows(RandomGraphs.Generation gen, Tensor values, long[] lengths) {
    long[] splits = new long[lengths.length + 1];
    for (int i = 0; i < lengths.length; i++) {
      splits[i + 1] = splits[i] + lengths[i];
    }
    Node p = gen.add(PartitionOps.FROM_ROW_SPLITS, List.of(gen.constant(Tensor.ofLongs(splits))), Map.of(), null, null);
    return p == null ? null : gen.add(RaggedOps.RAGGED, List.of(gen.constant(values), p), Map.of(), null, null);
  }

  static Node splitMerge(RandomGraphs.Generation gen, OpDef op) {
    String[] t = texts(gen);
    long[] lengths = new long[t.length];
    int total = 0;
    for (int i = 0; i < t.length; i++) {
      lengths[i] = t[i].codePointCount(0, t[i].length()) + gen.random.nextInt(2); // an extra label is ignored
      total += (int) lengths[i];
    }
    int[] labels = new int[total];
    for (int i = 0; i < total; i++) {
      labels[i] = gen.random.nextInt(2);
    }
    Node l = rows(gen, Tensor.ofInts(labels), lengths);
    if (l == null) {
      return null;
    }
    String[] results = {"tokens", "starts", "ends"};
    return gen.add(op, List.of(gen.constant(Tensor.ofStrings(t)), l), Map.of("force_split_at_break_character",
        gen.random.nextBoolean(), "result", results[gen.random.nextInt(3)]), gen.maybeName(), null);
  }

  static Node findSourceOffsets(RandomGraphs.Generation gen, OpDef op) {
    String[] t = texts(gen);
    String[] forms = {"NFC", "NFKC", "NFD", "NFKD"};
    Node map = gen.add(TextNormalizeOps.NORMALIZE_UTF8_OFFSETS_MAP, List.of(gen.constant(Tensor.ofStrings(t))),
        Map.of("normalization_form", forms[gen.random.nextInt(4)]), null, null);
    long[] lengths = new long[t.length];
    int total = 0;
    for (int i = 0; i < t.length; i++) {
      lengths[i] = gen.random.nextInt(4);
      total += (int) lengths[i];
    }
    long[] offsets = new long[total];
    for (int i = 0; i < total; i++) {
      offsets[i] = gen.random.nextInt(16) - 1;
    }
    Node o = rows(gen, Tensor.ofLongs(offsets), lengths);
    return map == null || o == null ? null : gen.add(op, List.of(map, o), Map.of(), gen.maybeName(), null);
  }
}
