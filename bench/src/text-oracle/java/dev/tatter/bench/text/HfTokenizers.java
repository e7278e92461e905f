package dev.tatter.bench.text;

import ai.djl.huggingface.tokenizers.HuggingFaceTokenizer;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Hugging Face's {@code tokenizers} (Rust, through DJL's JNI binding) configured by a
 * {@code tokenizer.json} written here: either HF's own BERT pipeline ({@code BertNormalizer},
 * {@code BertPreTokenizer}, {@code WordPiece}) or one that spells out TF Text's BertTokenizer with HF's
 * building blocks ({@code Replace} of {@code [\p{Cc}\p{Cf}]} by a space, a {@code Split} removing runs of
 * spaces, a {@code Split} isolating TF's punctuation and CJK classes, {@code WordPiece}), so that the
 * two implementations can be compared bit for bit on what they share.
 */
public final class HfTokenizers {
  private HfTokenizers() {}

  /** TF Text's BertTokenizer delimiters that it keeps: ASCII punctuation, {@code \p{P}}, its CJK blocks (Oniguruma syntax). */
  static final String TF_KEEP_DELIMITERS = "[!-/:-@\\[-`{-~]|\\p{P}|[\\x{4E00}-\\x{9FFF}]|[\\x{3400}-\\x{4DBF}]"
      + "|[\\x{20000}-\\x{2A6DF}]|[\\x{2A700}-\\x{2B73F}]|[\\x{2B740}-\\x{2B81F}]|[\\x{2B820}-\\x{2CEAF}]"
      + "|[\\x{F900}-\\x{FAFF}]|[\\x{2F800}-\\x{2FA1F}]";

  /** The BERT uncased vocabulary's lines ({@code bert_uncased_vocab.txt}). */
  public static List<String> bertVocabulary() {
    try (InputStream in = HfTokenizers.class.getResourceAsStream("bert_uncased_vocab.txt")) {
      if (in == null) {
        throw new IllegalStateException("bert_uncased_vocab.txt is not on the class path (build with -Ptext-oracle)");
      }
      return List.of(new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n"));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The vocabulary as a file (for Tatter's reader and for tools). */
  public static Path bertVocabularyFile(Path dir) throws IOException {
    Path file = dir.resolve("vocab.txt");
    Files.writeString(file, String.join("\n", bertVocabulary()) + "\n");
    return file;
  }

  /**
   * TF Text's BertTokenizer without {@code lower_case}, in HF's terms; with {@code foldedInput} the
   * pipeline also does what TF's {@code lower_case} does after case folding (NFD, then {@code \p{Mn}}
   * removed: a {@code Replace}, since HF's {@code StripAccents} removes every mark, Mc and Me too), for
   * input already case-folded by ICU.
   */
  public static HuggingFaceTokenizer tfBert(Path dir, List<String> vocab, boolean foldedInput) throws IOException {
    String replace = "{\"type\":\"Replace\",\"pattern\":{\"Regex\":" + json("[\\p{Cc}\\p{Cf}]") + "},\"content\":\" \"}";
    String normalizer = foldedInput
        ? "{\"type\":\"Sequence\",\"normalizers\":[{\"type\":\"NFD\"},{\"type\":\"Replace\",\"pattern\":{\"Regex\":"
            + json("\\p{Mn}") + "},\"content\":\"\"}," + replace + "]}"
        : replace;
    String preTokenizer = "{\"type\":\"Sequence\",\"pretokenizers\":["
        + "{\"type\":\"Split\",\"pattern\":{\"Regex\":\" +\"},\"behavior\":\"Removed\",\"invert\":false},"
        + "{\"type\":\"Split\",\"pattern\":{\"Regex\":" + json(TF_KEEP_DELIMITERS) + "},\"behavior\":\"Isolated\",\"invert\":false}]}";
    return load(dir.resolve(foldedInput ? "tf-bert-folded.json" : "tf-bert.json"), normalizer, preTokenizer, wordPiece(vocab, 100));
  }

  /** HF's own uncased BERT ({@code BertNormalizer} lowercasing and stripping accents, {@code BertPreTokenizer}). */
  public static HuggingFaceTokenizer hfBertUncased(Path dir, List<String> vocab) throws IOException {
    String normalizer = "{\"type\":\"BertNormalizer\",\"clean_text\":true,\"handle_chinese_chars\":true,\"strip_accents\":null,\"lowercase\":true}";
    return load(dir.resolve("hf-bert-uncased.json"), normalizer, "{\"type\":\"BertPreTokenizer\"}", wordPiece(vocab, 100));
  }

  /** WordPiece alone: the whole input is one word. */
  public static HuggingFaceTokenizer wordpieceOnly(Path dir, List<String> vocab, int maxInputCharsPerWord) throws IOException {
    return load(dir.resolve("wordpiece-" + maxInputCharsPerWord + ".json"), "null", "null", wordPiece(vocab, maxInputCharsPerWord));
  }

  private static String wordPiece(List<String> vocab, int maxChars) {
    StringBuilder v = new StringBuilder("{");
    for (int i = 0; i < vocab.size(); i++) {
      if (i > 0) {
        v.append(',');
      }
      v.append(json(vocab.get(i))).append(':').append(i);
    }
    v.append('}');
    return "{\"type\":\"WordPiece\",\"unk_token\":\"[UNK]\",\"continuing_subword_prefix\":\"##\",\"max_input_chars_per_word\":"
        + maxChars + ",\"vocab\":" + v + "}";
  }

  private static HuggingFaceTokenizer load(Path file, String normalizer, String preTokenizer, String model) throws IOException {
    String json = "{\"version\":\"1.0\",\"truncation\":null,\"padding\":null,\"added_tokens\":[],\"normalizer\":" + normalizer
        + ",\"pre_tokenizer\":" + preTokenizer + ",\"post_processor\":null,\"decoder\":null,\"model\":" + model + "}";
    Files.writeString(file, json);
    try {
      return HuggingFaceTokenizer.newInstance(file, Map.of("addSpecialTokens", "false", "truncation", "false", "padding", "false"));
    } catch (UnsatisfiedLinkError | RuntimeException e) {
      throw new IllegalStateException("HF TOKENIZERS DID NOT LOAD: DJL's tokenizers library (" + System.getProperty("os.name") + " "
          + System.getProperty("os.arch") + ") could not load " + file + ": " + e, e);
    }
  }

  static String json(String s) {
    StringBuilder b = new StringBuilder("\"");
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '"' || c == '\\') {
        b.append('\\').append(c);
      } else if (c < 0x20) {
        b.append(String.format("\\u%04x", (int) c));
      } else {
        b.append(c);
      }
    }
    return b.append('"').toString();
  }
}
