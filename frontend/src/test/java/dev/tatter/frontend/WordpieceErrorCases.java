package dev.tatter.frontend;

import static dev.tatter.frontend.ErrorTriggers.build;

import dev.tatter.ir.ops.WordpieceOps;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.Tensor;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;
import java.util.function.Supplier;

/** The cases of docs/ERRORS.md for tensorflow_text's WordPiece and BERT tokenizers (rows B600–B619, R600–R619). */
final class WordpieceErrorCases {
  private WordpieceErrorCases() {}

  private static final List<String> VOCAB = List.of("they", "##'", "##re", "the", "great", "##est", "[UNK]");

  /** The wordpiece_tokenize op with these attributes over a string vector (as a graph read from the IR gives them). */
  private static void op(Map<String, Object> changed) {
    GraphBuilder g = new GraphBuilder();
    Map<String, Object> attrs = new HashMap<>();
    attrs.put("vocab", Tensor.ofStrings(VOCAB.toArray(String[]::new)));
    attrs.putAll(changed);
    g.op(WordpieceOps.WORDPIECE_TOKENIZE, attrs, g.constant(Tensor.ofStrings("they're")));
  }

  static void register(BiConsumer<String, Supplier<Throwable>> on) {
    on.accept("B600", () -> build(() -> new GraphBuilder().ops().text.wordpieceTokenizer(List.of())));
    on.accept("B601", () -> build(() -> new GraphBuilder().ops().text.wordpieceTokenizer(List.of("a", "b", "a"))));
    on.accept("B602", () -> build(() -> new GraphBuilder().ops().text.wordpieceTokenizer(Path.of("no-such-vocab.txt"))));
    on.accept("B603", () -> build(() -> new GraphBuilder().ops().text.wordpieceTokenizer(VOCAB, "##", 100, null, DType.FLOAT32, "[UNK]", false)));
    on.accept("B604", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      g.ops().text.wordpieceTokenizer(VOCAB).tokenize(g.constant(Tensor.ofInts(1, 2)));
    }));
    on.accept("B605", () -> build(() -> new GraphBuilder().ops().text.fastWordpieceTokenizer(List.of("a", "##b"))));
    on.accept("B606", () -> build(() -> new GraphBuilder().ops().text.bertTokenizer(VOCAB, "##", 100, null, DType.INT64, "[UNK]", false,
        true, false, "NFC", false)));
    on.accept("B607", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      g.ops().text.wordpieceTokenizer(VOCAB).detokenize(g.constant(Tensor.ofFloats(1f)));
    }));
    on.accept("B608", () -> build(() -> op(Map.of("vocab", Tensor.ofInts(1, 2)))));
    on.accept("B609", () -> build(() -> new GraphBuilder().ops().text.wordpieceTokenizer(VOCAB, "##", -1, null, DType.INT64, "[UNK]", false)
        .tokenize(new GraphBuilder().constant(Tensor.ofStrings("a")))));
    on.accept("B610", () -> build(() -> op(Map.of("max_chars_per_token", -2L))));
    on.accept("B611", () -> build(() -> new GraphBuilder().ops().text.wordpieceTokenizer(42)));
    on.accept("B612", () -> build(() -> new GraphBuilder().ops().text.bertTokenizer(VOCAB, "##", 100, null, DType.INT64, "[UNK]", false,
        false, false, "NFX", false)));
    on.accept("B613", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      g.ops().text.fastWordpieceTokenizer(VOCAB).detokenize(g.constant(Tensor.ofFloats(1f, 2f)));
    }));
    on.accept("R600", () -> {
      GraphBuilder g = new GraphBuilder();
      Value ids = g.ops().ragged.constant(List.of(List.of(0, 1), List.of(12)));
      return ErrorTriggers.run(g, g.ops().text.fastWordpieceTokenizer(VOCAB).detokenize(ids));
    });
  }
}
