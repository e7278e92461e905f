package dev.tatter.bench.text;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The text the tokenizer oracles and benchmarks run on: {@code multilingual.txt} (sentences in 40-odd
 * languages and scripts, emoji with ZWJ, combining marks, compatibility characters), each line also
 * salted, by a fixed seed, with what breaks tokenizers: Unicode whitespace (NBSP, em space, ideographic
 * space, line separator, NEL), control and format characters (tab, CR/LF, U+0001, DEL, ZWSP, soft
 * hyphen, BOM, ZWJ), combining marks, words over 100 characters (ASCII and multi-byte), empty and
 * blank strings. Java strings, so always well-formed; ill-formed UTF-8 is tested on bytes elsewhere.
 */
public final class OracleCorpus {
  private OracleCorpus() {}

  private static final String[] SALT = {
    "\u00A0", "\u2003", "\u3000", "\u2028", "\u0085", "\t", "\r\n", "\n", "\u0001", "\u007F", "\u200B", "\u00AD",
    "\uFEFF", "\u200D", "\u0301", "\u0308", "  ", "\u202F", "\u2060", "\u180E", "\u1680"
  };

  /** The lines of {@code multilingual.txt}. */
  public static List<String> lines() {
    try (InputStream in = OracleCorpus.class.getResourceAsStream("multilingual.txt")) {
      if (in == null) {
        throw new IllegalStateException("multilingual.txt is not on the class path (build with -Ptext-oracle)");
      }
      String all = new String(in.readAllBytes(), StandardCharsets.UTF_8);
      return List.of(all.split("\n"));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The lines, each salted twice, plus the edge cases: what the oracle tests compare on. */
  public static List<String> oracleInputs() {
    List<String> out = new ArrayList<>();
    SplittableRandom r = new SplittableRandom(20261207);
    for (String line : lines()) {
      out.add(line);
      out.add(salt(line, r, 3));
      out.add(salt(line, r, 8));
    }
    out.add("");
    out.add(" ");
    out.add("\u00A0\u3000\t");
    out.add("a".repeat(100));
    out.add("a".repeat(101));
    out.add("b".repeat(150) + " tail");
    out.add("é".repeat(60) + " é".repeat(3));
    out.add("中".repeat(120));
    out.add("x\u0301".repeat(40));
    out.add("unaffable unbelievably untranslatable " + "ab".repeat(49) + " " + "ab".repeat(51));
    out.add("[unused12] [UNK] [CLS]hello[SEP] ##ing # ## ###");
    return out;
  }

  /** {@code line} with {@code n} salt strings put at random character boundaries. */
  static String salt(String line, SplittableRandom r, int n) {
    StringBuilder b = new StringBuilder(line);
    for (int k = 0; k < n; k++) {
      int at = b.length() == 0 ? 0 : r.nextInt(b.length() + 1);
      if (at > 0 && at < b.length() && Character.isLowSurrogate(b.charAt(at))) {
        at--;
      }
      b.insert(at, SALT[r.nextInt(SALT.length)]);
    }
    return b.toString();
  }

  /**
   * About {@code bytes} of text for benchmarks: the corpus lines shuffled into sentences of 5-40 words
   * (by a fixed seed), one per element, so every script is in the mix in its corpus share.
   */
  public static List<String> benchmarkText(long bytes) {
    List<String> words = new ArrayList<>();
    for (String line : lines()) {
      for (String w : line.split(" ")) {
        if (!w.isEmpty()) {
          words.add(w);
        }
      }
    }
    SplittableRandom r = new SplittableRandom(42);
    List<String> out = new ArrayList<>();
    long total = 0;
    StringBuilder s = new StringBuilder();
    while (total < bytes) {
      s.setLength(0);
      int n = 5 + r.nextInt(36);
      for (int k = 0; k < n; k++) {
        if (k > 0) {
          s.append(' ');
        }
        s.append(words.get(r.nextInt(words.size())));
      }
      String sentence = s.toString();
      out.add(sentence);
      total += sentence.getBytes(StandardCharsets.UTF_8).length;
    }
    return out;
  }
}
