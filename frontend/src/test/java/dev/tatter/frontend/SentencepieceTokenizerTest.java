package dev.tatter.frontend;

import static dev.tatter.frontend.Harness.runEverywhere;
import static dev.tatter.frontend.Harness.runFirst;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.ir.text.GraphPrinter;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.Tensor;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * tensorflow_text's {@code SentencepieceTokenizer} through every backend and the textual IR, on the
 * small models of {@code src/test/resources/dev/tatter/frontend/sentencepiece} (their training
 * commands are in the README there). Each expected value is what SentencePiece's own library
 * (0.1.97, the engine TF Text's kernels call) gives, written beside it as the Python call: {@code
 * sp.encode} for ids and pieces, the begin/end of {@code sp.encode_as_serialized_proto}'s pieces for
 * offsets, {@code sp.decode} for text, {@code sp.set_encode_extra_options} for bos/eos/reverse.
 */
class SentencepieceTokenizerTest {
  static byte[] model(String name) {
    try (InputStream in = SentencepieceTokenizerTest.class.getResourceAsStream("sentencepiece/" + name)) {
      return in.readAllBytes();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static Path modelFile(String name) {
    try {
      return Path.of(SentencepieceTokenizerTest.class.getResource("sentencepiece/" + name).toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  static String all(GraphBuilder g, Value... outs) {
    List<String> texts = new ArrayList<>();
    for (Object o : runEverywhere(g.build(outs), Map.of())) {
      texts.add(o.toString());
    }
    return String.join(" | ", texts);
  }

  @Test
  void tokenize_unigram_idsPiecesAndOffsets() {
    GraphBuilder g = new GraphBuilder();
    SentencepieceTokenizer sp = g.ops().text.sentencepieceTokenizer(model("unigram.model"));
    Value s = g.constant(Tensor.ofStrings("the quick brown fox", "", "hello  world", "zebra QUIZ"));
    SentencepieceTokenizer.TokensWithOffsets t = sp.tokenizeWithOffsets(s);
    // sp.encode(['the quick brown fox', '', 'hello  world', 'zebra QUIZ']) (QUIZ: unknown characters, one <unk>)
    // begin/end of sp.encode_as_serialized_proto(...)'s pieces
    assertEquals("[[6, 5, 17, 10, 16, 32, 13, 15, 30, 41, 23], [], [3, 35, 15, 3, 30, 48, 8, 14], [3, 43, 5, 66, 13, 7, 3, 0]]"
        + " | [[0, 2, 3, 7, 8, 9, 11, 12, 13, 14, 15], [], [0, 0, 4, 5, 7, 8, 10, 11], [0, 0, 1, 2, 3, 4, 5, 6]]"
        + " | [[2, 3, 7, 8, 9, 11, 12, 13, 14, 15, 19], [], [0, 4, 5, 7, 8, 10, 11, 12], [0, 1, 2, 3, 4, 5, 6, 10]]",
        all(g, t.tokens(), t.startOffsets(), t.endOffsets()));
  }

  @Test
  void tokenize_pieces_withBosEosReverse() {
    GraphBuilder g = new GraphBuilder();
    SentencepieceTokenizer sp = g.ops().text.sentencepieceTokenizer(model("unigram.model"), DType.STRING, 0, 1.0f,
        true, true, true);
    Value s = g.constant(Tensor.ofStrings("the fox", ""));
    SentencepieceTokenizer.TokensWithOffsets t = sp.tokenizeWithOffsets(s);
    // sp.set_encode_extra_options('bos:eos:reverse'); sp.encode(['the fox', ''], out_type=str)
    //   -> [['</s>', '▁fox', 'e', '▁th', '<s>'], ['</s>', '<s>']]; offsets of the proto's pieces
    assertEquals("[[b'</s>', b'\\xe2\\x96\\x81fox', b'e', b'\\xe2\\x96\\x81th', b'<s>'], [b'</s>', b'<s>']]"
        + " | [[0, 3, 2, 0, 0], [0, 0]] | [[0, 7, 3, 2, 0], [0, 0]]",
        all(g, t.tokens(), t.startOffsets(), t.endOffsets()));
  }

  @Test
  void tokenize_bpe() {
    GraphBuilder g = new GraphBuilder();
    SentencepieceTokenizer sp = g.ops().text.sentencepieceTokenizer(model("bpe.model"));
    Value s = g.constant(Tensor.ofStrings("the quick brown fox", "hello  world", "zebra QUIZ"));
    // sp.encode(['the quick brown fox', 'hello  world', 'zebra QUIZ']) with bpe.model
    assertEquals("[[6, 30, 60, 59, 29], [73, 4, 9, 77, 73, 97, 77, 80, 32], [73, 95, 74, 96, 80, 82, 73, 0]]",
        runFirst(g, sp.tokenize(s)));
  }

  @Test
  void tokenize_raggedDenseAndScalarInput() {
    GraphBuilder g = new GraphBuilder();
    SentencepieceTokenizer sp = g.ops().text.sentencepieceTokenizer(model("tiny.model"));
    Value ragged = g.ops().ragged.constant(List.of(List.of("abc", "ab cab"), List.of(), List.of("")));
    Value matrix = g.constant(Tensor.fromNested(new String[][] {{"abc", "a  b"}, {"x ab", ""}}));
    Value scalar = g.constant(Tensor.scalar(DType.STRING, "ab cab"));
    // sp.encode(...) with tiny.model: 'abc' -> [9], 'ab cab' -> [3, 8, 3, 6, 8], 'a  b' -> [7, 10],
    // 'x ab' -> [3, 0, 3, 8], '' -> []; TF Text keeps the input's shape and adds a ragged dimension
    assertEquals("[[[9], [3, 8, 3, 6, 8]], [], [[]]] | [[[9], [7, 10]], [[3, 0, 3, 8], []]] | [3, 8, 3, 6, 8]",
        all(g, sp.tokenize(ragged), sp.tokenize(matrix), sp.tokenize(scalar)));
  }

  @Test
  void tokenize_invalidUtf8() {
    GraphBuilder g = new GraphBuilder();
    SentencepieceTokenizer plain = g.ops().text.sentencepieceTokenizer(model("unigram.model"));
    SentencepieceTokenizer bytes = g.ops().text.sentencepieceTokenizer(model("unigram_bytes.model"));
    Value s = g.constant(Tensor.ofByteStrings(new byte[] {'a', 'b', (byte) 0xFF, 'c', 'd'}, new byte[] {(byte) 0xE2, (byte) 0x96}));
    SentencepieceTokenizer.TokensWithOffsets t = plain.tokenizeWithOffsets(s);
    // sp.encode([b'ab\xffcd', b'\xe2\x96']) -> [[11, 66, 0, 10, 14], [3, 0]] (an ill-formed byte is U+FFFD, unknown);
    // the proto's offsets: ▁a 0-1, b 1-2, U+FFFD 2-3, c 3-4, d 4-5; ▁ 0-0, U+FFFD U+FFFD 0-2
    // byte fallback: unigram_bytes.model's sp.encode([b'ab\xffcd', b'\xe2\x96'])
    //   -> [[267, 294, 242, 194, 192, 266, 270], [259, 242, 194, 192, 242, 194, 192]] (each U+FFFD as <0xEF> <0xBF> <0xBD>)
    assertEquals("[[11, 66, 0, 10, 14], [3, 0]] | [[0, 1, 2, 3, 4], [0, 0]] | [[1, 2, 3, 4, 5], [0, 2]]"
        + " | [[267, 294, 242, 194, 192, 266, 270], [259, 242, 194, 192, 242, 194, 192]]",
        all(g, t.tokens(), t.startOffsets(), t.endOffsets(), bytes.tokenize(s)));
  }

  @Test
  void detokenize_raggedDenseAndBytePieces() {
    GraphBuilder g = new GraphBuilder();
    SentencepieceTokenizer sp = g.ops().text.sentencepieceTokenizer(model("unigram.model"));
    SentencepieceTokenizer bytes = g.ops().text.sentencepieceTokenizer(model("unigram_bytes.model"));
    Value ids = g.ops().ragged.constant(List.of(List.of(6, 5, 17, 10, 16), List.of(0, 6), List.of()));
    Value nested = g.ops().ragged.constant(List.of(List.of(List.of(6, 5)), List.of()));
    Value vector = g.constant(Tensor.ofInts(6, 5, 17, 10, 16));
    Value byteIds = g.constant(Tensor.fromNested(new int[][] {{262, 198, 172, 198}}));
    // sp.decode([[6, 5, 17, 10, 16], [0, 6], []]) -> ['the quick', ' ⁇  th', '']; a nested ragged input keeps its
    // outer rows; a vector of ids is one string; unigram_bytes.model's sp.decode([262, 198, 172, 198]) -> 'thé\ufffd'
    // (a byte piece sequence that is not UTF-8 decodes to U+FFFD)
    assertEquals("[b'the quick', b' \\xe2\\x81\\x87  th', b''] | [[b'the'], []] | b'the quick' | [b'th\\xc3\\xa9\\xef\\xbf\\xbd']",
        all(g, sp.detokenize(ids), sp.detokenize(nested), sp.detokenize(vector), bytes.detokenize(byteIds)));
  }

  @Test
  void detokenize_pieces() {
    GraphBuilder g = new GraphBuilder();
    SentencepieceTokenizer sp = g.ops().text.sentencepieceTokenizer(model("unigram.model"));
    SentencepieceTokenizer reversed = g.ops().text.sentencepieceTokenizer(model("unigram.model"), DType.INT32, 0, 1.0f,
        true, true, true);
    Value pieces = g.ops().ragged.constant(List.of(List.of("\u2581th", "e", "\u2581QU\u2581IZ", "<unk>", "\u2581fox"),
        List.of(), List.of("<s>", "\u2581the", "</s>", "\u2581fox"), List.of("abc\u2581")));
    // sp.decode([['▁th', 'e', '▁QU▁IZ', '<unk>', '▁fox'], [], ['<s>', '▁the', '</s>', '▁fox'], ['abc▁']])
    //   -> ['the▁QU▁IZ ⁇  fox', '', '▁the fox', 'abc▁'] (a string that is no piece is written as it is: '▁QU▁IZ',
    //   and '▁the', which unigram.model does not have; <s> and </s> vanish)
    // sp.set_decode_extra_options('bos:eos:reverse'); sp.decode(['e', '▁th']) -> 'the'
    assertEquals("[b'the\\xe2\\x96\\x81QU\\xe2\\x96\\x81IZ \\xe2\\x81\\x87  fox', b'', b'\\xe2\\x96\\x81the fox', b'abc\\xe2\\x96\\x81']"
        + " | b'the'",
        all(g, sp.detokenize(pieces), reversed.detokenize(g.constant(Tensor.ofStrings("e", "\u2581th")))));
  }

  @Test
  void tokenizeThenDetokenize_roundTrips() {
    GraphBuilder g = new GraphBuilder();
    SentencepieceTokenizer sp = g.ops().text.sentencepieceTokenizer(model("bpe.model"));
    Value s = g.placeholder("s", Types.dense(DType.STRING, -1));
    // sp.decode(sp.encode(text)) == text for text the model covers, extra spaces removed
    assertEquals("[b'the quick brown fox', b'hello world', b'']", runFirst(g, sp.detokenize(sp.tokenize(s)),
        Map.of("s", Tensor.ofStrings("the quick brown fox", "hello  world", ""))));
  }

  @Test
  void vocabSize_idToString_stringToId() {
    GraphBuilder g = new GraphBuilder();
    SentencepieceTokenizer sp = g.ops().text.sentencepieceTokenizer(model("unigram.model"));
    Value ids = g.ops().ragged.constant(List.of(List.of(0, 1, 2), List.of(6)));
    Value pieces = g.constant(Tensor.fromNested(new String[][] {{"\u2581th", "e", "QUIZ"}, {"<unk>", "</s>", ""}}));
    // sp.get_piece_size() -> 73; [sp.id_to_piece(i) for i in [0, 1, 2, 6]] -> ['<unk>', '<s>', '</s>', '▁th'];
    // sp.piece_to_id(['▁th', 'e', 'QUIZ', '<unk>', '</s>', '']) -> [6, 5, 0, 0, 2, 0]
    assertEquals("73 | [[b'<unk>', b'<s>', b'</s>'], [b'\\xe2\\x96\\x81th']] | [[6, 5, 0], [0, 2, 0]]",
        all(g, sp.vocabSize(), sp.idToString(ids), sp.stringToId(pieces)));
  }

  @Test
  void modelFile_isReadWhenTheGraphIsBuilt_andPrintedOnce() {
    GraphBuilder g = new GraphBuilder();
    SentencepieceTokenizer sp = g.ops().text.sentencepieceTokenizer(modelFile("tiny.model"));
    Value s = g.constant(Tensor.ofStrings("abc"));
    SentencepieceTokenizer.TokensWithOffsets t = sp.tokenizeWithOffsets(s);
    // sp.encode(['abc']) with tiny.model -> [[9]]; ▁abc covers bytes 0-3
    assertEquals("[[9]] | [[0]] | [[3]] | 12", all(g, t.tokens(), t.startOffsets(), t.endOffsets(), sp.vocabSize()));
    String ir = GraphPrinter.print(g.build(t.tokens(), t.startOffsets(), t.endOffsets(), sp.vocabSize()));
    assertEquals(1, ir.split("sentencepiece_model\\(", -1).length - 1, ir);
    assertTrue(ir.length() < 166 * 4 / 3 + 1000, "the model is printed once, as base64: " + ir.length() + " chars");
  }

  @Test
  void fedRaggedInput_runsInASession() {
    GraphBuilder g = new GraphBuilder();
    SentencepieceTokenizer sp = g.ops().text.sentencepieceTokenizer(model("tiny.model"), DType.STRING, 1, 0.5f,
        false, false, true);
    Value s = g.placeholder("s", Types.ragged(DType.STRING, 1));
    Value tokens = sp.tokenize(s);
    // nbest_size 1 is no sampling (TF Text calls Encode for 0 and 1); add_eos:
    // sp.set_encode_extra_options('eos'); sp.encode([['abc'], ['a  b', 'bc']], out_type=str)
    try (Session session = new Session(g.build(tokens))) {
      for (int run = 0; run < 3; run++) {
        assertEquals("[[[b'\\xe2\\x96\\x81abc', b'</s>']], [[b'\\xe2\\x96\\x81a', b'\\xe2\\x96\\x81b', b'</s>'],"
            + " [b'\\xe2\\x96\\x81', b'bc', b'</s>']]]",
            session.run(Map.of("s", RaggedTensor.fromNested(List.of(List.of("abc"), List.of("a  b", "bc")))), tokens)
                .get(0).toString());
      }
    }
  }
}
