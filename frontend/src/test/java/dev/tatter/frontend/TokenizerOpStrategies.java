package dev.tatter.frontend;

import dev.tatter.ir.Node;
import dev.tatter.ir.OpDef;
import dev.tatter.ir.ops.FastWordpieceOps;
import dev.tatter.ir.types.DenseType;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.Tensor;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * How the random graphs build the WordPiece, FastWordpiece and BERT tokenizer ops: a random string
 * vector (any bytes, ill-formed UTF-8 included) and a small vocabulary holding the unknown token,
 * with random options, so that unknown characters, long words and empty strings all occur.
 */
final class TokenizerOpStrategies {
  private TokenizerOpStrategies() {}

  private static final Tensor VOCAB = Tensor.ofStrings("[UNK]", "a", "##a", "b", "##b", "ab", "##c", "c", "é", "##é", "[unused1]", " ");
  private static final DType[] OUT = {DType.STRING, DType.INT32, DType.INT64};

  private static Node text(RandomGraphs.Generation gen) {
    Node text = gen.pick(n -> n.type() instanceof DenseType d && d.dtype() == DType.STRING && d.rank() == 1);
    return text != null ? text : gen.constant(gen.randomTensor(DType.STRING, new int[] {gen.random.nextInt(4)}));
  }

  /** {@code wordpiece_*} and {@code bert_*}: the WordPiece options at random, BERT's too for a {@code bert_} op. */
  static Node wordpiece(RandomGraphs.Generation gen, OpDef op) {
    Map<String, Object> attrs = new HashMap<>();
    attrs.put("vocab", VOCAB);
    attrs.put("max_bytes_per_word", (long) gen.random.nextInt(8));
    attrs.put("max_chars_per_token", (long) gen.random.nextInt(3));
    attrs.put("use_unknown_token", gen.random.nextBoolean());
    attrs.put("split_unknown_characters", gen.random.nextBoolean());
    if (op.mnemonic().endsWith("tokenize")) {
      attrs.put("out_type", OUT[gen.random.nextInt(OUT.length)]);
    }
    if (op.mnemonic().startsWith("bert_")) {
      boolean lower = gen.random.nextBoolean();
      attrs.put("lower_case", lower);
      attrs.put("keep_whitespace", gen.random.nextBoolean());
      attrs.put("preserve_unused_token", gen.random.nextBoolean());
      List<String> forms = lower ? List.of("", "NFD") : List.of("", "NFC", "NFKC", "NFD", "NFKD");
      attrs.put("normalization_form", forms.get(gen.random.nextInt(forms.size())));
    }
    return gen.add(op, List.of(text(gen)), attrs, gen.maybeName(), null);
  }

  private static Map<String, Object> fastAttributes(RandomGraphs.Generation gen) {
    Map<String, Object> attrs = new HashMap<>();
    attrs.put("vocab", VOCAB);
    attrs.put("max_bytes_per_word", (long) gen.random.nextInt(8));
    attrs.put("no_pretokenization", gen.random.nextBoolean());
    return attrs;
  }

  /** {@code fast_wordpiece_tokenize}/{@code _token_starts}/{@code _token_limits} with random options. */
  static Node fastWordpiece(RandomGraphs.Generation gen, OpDef op) {
    Map<String, Object> attrs = fastAttributes(gen);
    if (op == FastWordpieceOps.FAST_WORDPIECE_TOKENIZE) {
      attrs.put("out_type", OUT[gen.random.nextInt(OUT.length)]);
    }
    return gen.add(op, List.of(text(gen)), attrs, gen.maybeName(), null);
  }

  /** {@code fast_wordpiece_detokenize} of the ids the tokenizer gives (ids in the vocabulary). */
  static Node fastDetokenize(RandomGraphs.Generation gen, OpDef op) {
    Map<String, Object> attrs = fastAttributes(gen);
    Map<String, Object> tokenize = new HashMap<>(attrs);
    tokenize.put("out_type", gen.random.nextBoolean() ? DType.INT32 : DType.INT64);
    Node ids = gen.add(FastWordpieceOps.FAST_WORDPIECE_TOKENIZE, List.of(text(gen)), tokenize, null, null);
    return ids == null ? null : gen.add(op, List.of(ids), attrs, gen.maybeName(), null);
  }
}
