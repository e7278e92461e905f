package dev.tatter.frontend;

import dev.tatter.ir.Node;
import dev.tatter.ir.OpDef;
import dev.tatter.ir.ops.SentencepieceOps;
import dev.tatter.ir.types.DenseType;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.Tensor;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * How the random graphs build the SentencePiece ops on purpose: a model node holding the test
 * resources' {@code tiny.model} (12 pieces), then each op on a string vector, ids in the model's
 * range or the tokens of a tokenize, with random options.
 */
final class SentencepieceOpStrategies {
  private SentencepieceOpStrategies() {}

  private static final String TINY = Base64.getEncoder().encodeToString(SentencepieceTokenizerTest.model("tiny.model"));
  private static final String[] WORDS = {"abc", "ab cab", "", "a  b", "x ab", "bc", "\u00e9a"};

  static Node model(RandomGraphs.Generation gen, OpDef op) {
    return gen.add(SentencepieceOps.SENTENCEPIECE_MODEL, List.of(), Map.of("model", TINY), gen.maybeName(), null);
  }

  /** Any op of the family, on an existing model node or a new one. */
  static Node op(RandomGraphs.Generation gen, OpDef op) {
    Node model = gen.pick(n -> n.op() == SentencepieceOps.SENTENCEPIECE_MODEL);
    if (model == null && (model = model(gen, op)) == null) {
      return null;
    }
    Map<String, Object> attrs = new HashMap<>();
    List<Node> inputs;
    if (op == SentencepieceOps.SENTENCEPIECE_VOCAB_SIZE) {
      inputs = List.of(model);
    } else if (op == SentencepieceOps.SENTENCEPIECE_ID_TO_STRING) {
      int n = gen.random.nextInt(4);
      int[] ids = new int[n];
      for (int i = 0; i < n; i++) {
        ids[i] = gen.random.nextInt(12);
      }
      inputs = List.of(model, gen.constant(Tensor.ofInts(ids)));
    } else if (op == SentencepieceOps.SENTENCEPIECE_STRING_TO_ID) {
      Node pieces = gen.pick(n -> n.type() instanceof DenseType d && d.dtype() == DType.STRING);
      inputs = List.of(model, pieces != null ? pieces : text(gen));
    } else if (op == SentencepieceOps.SENTENCEPIECE_DETOKENIZE) {
      Map<String, Object> encode = options(gen, new HashMap<>());
      encode.put("out_type", gen.random.nextBoolean() ? DType.INT32 : DType.STRING);
      Node tokens = gen.add(SentencepieceOps.SENTENCEPIECE_TOKENIZE, List.of(model, text(gen)), encode, null, null);
      if (tokens == null) {
        return null;
      }
      inputs = List.of(model, tokens);
      attrs.put("add_bos", gen.random.nextBoolean());
      attrs.put("reverse", gen.random.nextBoolean());
    } else {
      options(gen, attrs);
      if (op == SentencepieceOps.SENTENCEPIECE_TOKENIZE) {
        attrs.put("out_type", gen.random.nextBoolean() ? DType.INT32 : DType.STRING);
      } else {
        attrs.put("ends", gen.random.nextBoolean());
      }
      inputs = List.of(model, text(gen));
    }
    return gen.add(op, inputs, attrs, gen.maybeName(), null);
  }

  private static Map<String, Object> options(RandomGraphs.Generation gen, Map<String, Object> attrs) {
    attrs.put("add_bos", gen.random.nextBoolean());
    attrs.put("add_eos", gen.random.nextBoolean());
    attrs.put("reverse", gen.random.nextBoolean());
    attrs.put("nbest_size", (long) gen.random.nextInt(2));
    return attrs;
  }

  /** A string vector: one of the graph's, or a constant of words the model half knows. */
  private static Node text(RandomGraphs.Generation gen) {
    Node text = gen.random.nextBoolean()
        ? gen.pick(n -> n.type() instanceof DenseType d && d.dtype() == DType.STRING && d.rank() == 1) : null;
    if (text != null) {
      return text;
    }
    String[] words = new String[gen.random.nextInt(4)];
    for (int i = 0; i < words.length; i++) {
      words[i] = WORDS[gen.random.nextInt(WORDS.length)];
    }
    return gen.constant(Tensor.ofStrings(words));
  }
}
