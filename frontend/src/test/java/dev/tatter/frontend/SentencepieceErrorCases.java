package dev.tatter.frontend;

import static dev.tatter.frontend.ErrorTriggers.build;
import static dev.tatter.frontend.ErrorTriggers.run;
import static dev.tatter.frontend.SentencepieceTokenizerTest.model;

import dev.tatter.runtime.DType;
import dev.tatter.runtime.StringColumn;
import dev.tatter.runtime.Tensor;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;
import java.util.function.Supplier;

/** The cases of docs/ERRORS.md for tensorflow_text's SentencePiece ops (rows B620–B639, R620–R639). */
final class SentencepieceErrorCases {
  private SentencepieceErrorCases() {}

  private static SentencepieceTokenizer tiny(GraphBuilder g) {
    return g.ops().text.sentencepieceTokenizer(model("tiny.model"));
  }

  private static Path temp(String name, byte[] content, long length) {
    try {
      Path dir = Files.createTempDirectory("spm-errors");
      Path file = dir.resolve(name);
      Files.write(file, content);
      if (length > content.length) {
        try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
          f.setLength(length); // sparse: nothing written past the content
        }
      }
      file.toFile().deleteOnExit();
      dir.toFile().deleteOnExit();
      return file;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static void register(BiConsumer<String, Supplier<Throwable>> on) {
    on.accept("B620", () -> build(() -> new GraphBuilder().ops().text.sentencepieceTokenizer(new byte[0])));
    on.accept("B621", () -> build(() -> new GraphBuilder().ops().text.sentencepieceTokenizer(
        Path.of("/nonexistent/dir/sp.model"))));
    on.accept("B622", () -> build(() -> new GraphBuilder().ops().text.sentencepieceTokenizer(
        temp("broken.model", new byte[] {0x0A, 0x05, 0x0A, 0x03}, 0))));
    on.accept("B623", () -> build(() -> new GraphBuilder().ops().text.sentencepieceTokenizer(
        temp("huge.model", new byte[] {0x0A}, (64L << 20) + 1))));
    on.accept("B624", () -> build(() -> new GraphBuilder().ops().text.sentencepieceTokenizer(model("tiny.model"),
        DType.FLOAT32, 0, 1.0f, false, false, false)));
    on.accept("B625", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      SentencepieceTokenizer sp = g.ops().text.sentencepieceTokenizer(model("tiny.model"), DType.INT32, 64, 0.1f,
          false, false, false);
      sp.tokenize(g.constant(Tensor.ofStrings("abc")));
    }));
    on.accept("B626", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      tiny(g).detokenize(g.constant(Tensor.scalar(DType.INT32, 3)));
    }));
    on.accept("B627", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      tiny(g).detokenize(g.ops().ragged.constant(List.of(List.of(1.5f, 2f))));
    }));
    on.accept("B628", () -> build(() -> new GraphBuilder().apply("sentencepiece_model", Map.of("model", "not base64!"))));
    on.accept("B629", () -> build(() -> new GraphBuilder().apply("sentencepiece_model",
        Map.of("model", Base64.getEncoder().encodeToString(new byte[] {0x12, 0x02, 0x18, 0x01})))));
    on.accept("B630", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      g.apply("sentencepiece_vocab_size", Map.of(), g.constant(Tensor.ofStrings("a", "b")));
    }));
    on.accept("R620", () -> {
      GraphBuilder g = new GraphBuilder();
      Value ids = g.placeholder("ids", Types.dense(DType.INT32, -1));
      return run(g, Map.of("ids", Tensor.ofInts(3, 12)), tiny(g).idToString(ids));
    });
    on.accept("R621", () -> {
      GraphBuilder g = new GraphBuilder();
      Value ids = g.placeholder("ids", Types.ragged(DType.INT32, 1));
      return run(g, Map.of("ids", dev.tatter.runtime.RaggedTensor.fromNested(List.of(List.of(3, -1)))),
          tiny(g).detokenize(ids));
    });
    on.accept("R622", () -> {
      GraphBuilder g = new GraphBuilder();
      Value m = g.placeholder("m", Types.dense(DType.STRING));
      return run(g, Map.of("m", Tensor.ofStrings(StringColumn.ofBytes(new byte[] {0x0A, 0x02, 0x0A, 0x00}))),
          g.apply("sentencepiece_vocab_size", Map.of(), m));
    });
  }
}
