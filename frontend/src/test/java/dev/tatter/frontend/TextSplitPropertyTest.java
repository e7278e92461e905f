package dev.tatter.frontend;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.ibm.icu.lang.UCharacter;
import com.ibm.icu.lang.UScript;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.Tensor;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The whitespace and Unicode-script tokenizers on random multilingual text (CJK, Arabic,
 * Devanagari, Thai, emoji with ZWJ, combining marks, every kind of Unicode space, controls,
 * empty strings), interpreted and compiled, against the documented rules written here over Java
 * strings with ICU's properties: each token is the run of its offsets' bytes, and the runs are
 * what the rule cuts.
 */
class TextSplitPropertyTest {
  private static final String[] PIECES = {"a", "Zz", "東京", "中文", "مرحبا", "नमस्ते", "สวัสดี", "👩\u200d💻", "e\u0301",
      " ", "  ", "\t", "\n", "\u00a0", "\u3000", "\u2028", "\u0085", "\u1680", "\u200b", "\u0001", "\u001f", ".,", "!", "7239",
      "ß", "Ω", "ＫＡ", ""};

  private static String randomText(SplittableRandom r) {
    StringBuilder b = new StringBuilder();
    for (int n = r.nextInt(8); n > 0; n--) {
      b.append(PIECES[r.nextInt(PIECES.length)]);
    }
    return b.toString();
  }

  private static int utf8(String s) {
    return s.getBytes(StandardCharsets.UTF_8).length;
  }

  /** The rule of WhitespaceTokenizer: maximal runs of code points that are not White_Space, with their byte ranges. */
  private static List<long[]> whitespaceRuns(String s) {
    List<long[]> out = new ArrayList<>();
    int bytePos = 0;
    int start = -1;
    for (int i = 0; i < s.length(); ) {
      int c = s.codePointAt(i);
      String ch = Character.toString(c);
      if (UCharacter.isUWhiteSpace(c)) {
        if (start >= 0) {
          out.add(new long[] {start, bytePos});
          start = -1;
        }
      } else if (start < 0) {
        start = bytePos;
      }
      bytePos += utf8(ch);
      i += Character.charCount(c);
    }
    if (start >= 0) {
      out.add(new long[] {start, bytePos});
    }
    return out;
  }

  /** UnicodeScriptTokenizer's rule without keep_whitespace: runs of one script, whitespace left out at the ends. */
  private static List<long[]> scriptRuns(String s) {
    List<long[]> out = new ArrayList<>();
    int bytePos = 0;
    int prev = UScript.INVALID_CODE;
    long start = -1;
    long end = -1;
    for (int i = 0; i < s.length(); ) {
      int c = s.codePointAt(i);
      int w = utf8(Character.toString(c));
      int script = UScript.getScript(c);
      if (script != prev) {
        if (start >= 0) {
          out.add(new long[] {start, end});
        }
        start = -1;
        prev = script;
      }
      if (!UCharacter.isUWhiteSpace(c)) {
        if (start < 0) {
          start = bytePos;
        }
        end = bytePos + w;
      }
      bytePos += w;
      i += Character.charCount(c);
    }
    if (start >= 0) {
      out.add(new long[] {start, end});
    }
    return out;
  }

  @Test
  void tokenizers_followTheirRules_onRandomMultilingualText() {
    for (int seed = 0; seed < 40; seed++) {
      SplittableRandom r = new SplittableRandom(seed);
      String[] texts = new String[r.nextInt(6)];
      for (int i = 0; i < texts.length; i++) {
        texts[i] = randomText(r);
      }
      GraphBuilder g = new GraphBuilder();
      Value in = g.placeholder("s", Types.dense(dev.tatter.runtime.DType.STRING, -1));
      List<Value> ws = g.ops().text.whitespaceTokenizer().tokenizeWithOffsets(in);
      List<Value> us = g.ops().text.unicodeScriptTokenizer().tokenizeWithOffsets(in);
      List<Value> outs = new ArrayList<>(ws);
      outs.addAll(us);
      Map<String, Object> feeds = Map.of("s", Tensor.ofStrings(texts));
      List<Object> got = Harness.runEverywhere(g.build(outs.toArray(Value[]::new)), feeds);
      check(texts, got.subList(0, 3), TextSplitPropertyTest::whitespaceRuns, true, seed);
      check(texts, got.subList(3, 6), TextSplitPropertyTest::scriptRuns, false, seed);
    }
  }

  private static void check(String[] texts, List<Object> got, java.util.function.Function<String, List<long[]>> rule,
      boolean tokensAreTheBytes, int seed) {
    RaggedTensor tokens = (RaggedTensor) got.get(0);
    RaggedTensor starts = (RaggedTensor) got.get(1);
    RaggedTensor ends = (RaggedTensor) got.get(2);
    long[] rows = tokens.partition().rowSplitsArray();
    for (int s = 0; s < texts.length; s++) {
      List<long[]> expected = rule.apply(texts[s]);
      String where = "seed " + seed + " string " + s + " '" + texts[s] + "'";
      assertEquals(expected.size(), rows[s + 1] - rows[s], where);
      byte[] source = texts[s].getBytes(StandardCharsets.UTF_8);
      for (int k = 0; k < expected.size(); k++) {
        int t = (int) (rows[s] + k);
        assertEquals(expected.get(k)[0], starts.flatValues().getLong(t), where + " start " + k);
        assertEquals(expected.get(k)[1], ends.flatValues().getLong(t), where + " end " + k);
        if (tokensAreTheBytes) {
          assertArrayEquals(java.util.Arrays.copyOfRange(source, (int) expected.get(k)[0], (int) expected.get(k)[1]),
              tokens.flatValues().stringColumn().bytes(t), where + " token " + k);
        }
      }
    }
  }
}
