package dev.tatter.bench.text;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.ibm.icu.lang.UCharacter;
import com.ibm.icu.lang.UScript;
import dev.tatter.frontend.GraphBuilder;
import dev.tatter.frontend.Session;
import dev.tatter.frontend.Value;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.Tensor;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The text ops (not only their engines) against Unicode's data files, through a compiled graph
 * and the interpreter: {@code tf.strings.unicode_script} against {@code Scripts.txt} for every code
 * point Unicode 15.0 (Debian's file) assigns, and {@code text.WhitespaceTokenizer} splitting at
 * exactly {@code PropList.txt}'s White_Space with byte offsets around each.
 */
class TextOpsUnicodeDataOracleTest {
  private static List<Object> run(GraphBuilder g, Value... outs) {
    List<Object> compiled = new Session(g.build(outs)).run(Map.of(), outs).values();
    List<Object> interpreted = new Session(g.build(outs), "", Session.Backend.INTERPRETED).run(Map.of(), outs).values();
    assertEquals(interpreted, compiled, "interpreter and bytecode");
    return compiled;
  }

  @Test
  void unicodeScript_isScriptsTxt() throws IOException {
    int[] expected = new int[0x110000];
    Arrays.fill(expected, UScript.UNKNOWN); // Scripts.txt: "All code points not explicitly listed ... Unknown (Zzzz)"
    for (String line : UnicodeDataOracleTest.lines("Scripts.txt")) {
      String[] f = line.split(";");
      String[] range = f[0].trim().split("\\.\\.");
      int lo = Integer.parseInt(range[0], 16);
      int hi = range.length > 1 ? Integer.parseInt(range[1], 16) : lo;
      int code = UScript.getCodeFromName(f[1].trim());
      Arrays.fill(expected, lo, hi + 1, code);
    }
    int[] all = new int[0x110000];
    Arrays.setAll(all, i -> i);
    GraphBuilder g = new GraphBuilder();
    Tensor codes = (Tensor) run(g, g.ops().strings.unicodeScript(g.constant(Tensor.of(DType.INT32, all, all.length)))).get(0);
    int compared = 0;
    for (int c = 0; c < 0x110000; c++) {
      if (UCharacter.getAge(c).compareTo(UnicodeDataOracleTest.UCD_VERSION) > 0) {
        continue; // assigned after 15.0: Scripts.txt 15.0 says Unknown, ICU4J (16.0) knows its script
      }
      compared++;
      assertEquals(expected[c], codes.getLong(c), "U+" + Integer.toHexString(c));
    }
    assertEquals(0x110000 - 627 - 5185, compared, "code points compared (all but the 627 Unicode 15.1 and 5185 Unicode 16.0 assigned)");
  }

  @Test
  void whitespaceTokenizer_splitsAtPropListsWhiteSpace() throws IOException {
    BitSet ws = new BitSet();
    for (String line : UnicodeDataOracleTest.lines("PropList.txt")) {
      String[] f = line.split(";");
      if (f[1].trim().equals("White_Space")) {
        String[] range = f[0].trim().split("\\.\\.");
        int lo = Integer.parseInt(range[0], 16);
        ws.set(lo, (range.length > 1 ? Integer.parseInt(range[1], 16) : lo) + 1);
      }
    }
    // each White_Space character between two letters splits them; the Zs/Cc/Cf characters that are not
    // White_Space (U+200B, U+180E, U+FEFF, U+0000, U+001F, U+2060) do not
    List<String> texts = new ArrayList<>();
    List<String> expectStarts = new ArrayList<>();
    for (int c = ws.nextSetBit(0); c >= 0; c = ws.nextSetBit(c + 1)) {
      texts.add("a" + Character.toString(c) + "b");
      expectStarts.add("[0, " + (1 + Character.toString(c).getBytes(java.nio.charset.StandardCharsets.UTF_8).length) + "]");
    }
    for (int c : new int[] {0x200B, 0x180E, 0xFEFF, 0x0000, 0x001F, 0x2060}) {
      texts.add("a" + Character.toString(c) + "b");
      expectStarts.add("[0]");
    }
    GraphBuilder g = new GraphBuilder();
    List<Value> out = g.ops().text.whitespaceTokenizer().tokenizeWithOffsets(g.constant(Tensor.ofStrings(texts.toArray(String[]::new))));
    List<Object> r = run(g, out.toArray(Value[]::new));
    assertEquals("[" + String.join(", ", expectStarts) + "]", r.get(1).toString());
    assertEquals(25, ws.cardinality());
  }
}
