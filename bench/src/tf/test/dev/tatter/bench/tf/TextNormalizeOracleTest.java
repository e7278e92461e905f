package dev.tatter.bench.tf;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tatter.frontend.GraphBuilder;
import dev.tatter.frontend.Session;
import dev.tatter.frontend.Value;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.Tensor;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.tensorflow.op.strings.UnicodeTranscode;
import org.tensorflow.types.TInt32;
import org.tensorflow.types.TString;
import org.junit.jupiter.api.Test;

/**
 * The tensorflow_text ops that are TF kernels underneath, against TF's: {@code
 * tf.strings.unicode_script} (TF's UnicodeScript, ICU's script codes) for every code point and
 * values that are none, and {@code text.coerce_to_structurally_valid_utf8} (TF Text's Python calls
 * TF's UnicodeTranscode with errors="replace") on random byte strings with ill-formed UTF-8.
 */
class TextNormalizeOracleTest {
  private static Object runTatter(GraphBuilder g, Value out) {
    Object compiled = new Session(g.build()).run(Map.of(), out).get(0);
    Object interpreted = new Session(g.build(), "", Session.Backend.INTERPRETED).run(Map.of(), out).get(0);
    assertEquals(interpreted, compiled, "interpreter and bytecode");
    return compiled;
  }

  @Test
  void unicodeScript_matchesTfForEveryCodePoint() {
    int n = 0x110000 + 4;
    int[] cps = new int[n];
    for (int c = 0; c < 0x110000; c++) {
      cps[c] = c;
    }
    cps[0x110000] = -1;
    cps[0x110001] = 0x110000;
    cps[0x110002] = Integer.MAX_VALUE;
    cps[0x110003] = Integer.MIN_VALUE;
    Tensor input = Tensor.of(DType.INT32, cps, n);
    TfEval.Outcome tf = TfEval.run(ops -> List.of(ops.strings.unicodeScript(TfEval.<TInt32>constant(ops, input))));
    GraphBuilder g = new GraphBuilder();
    Tensor ours = (Tensor) runTatter(g, g.ops().strings.unicodeScript(g.constant(input)));
    // TF's ICU is older than ICU4J 77.1 (Unicode 16.0): a code point Unicode assigned since has
    // script Unknown (Zzzz, 103) in TF. Every other code point must agree.
    java.util.Set<String> newerAges = new java.util.TreeSet<>();
    StringBuilder other = new StringBuilder();
    com.ibm.icu.util.VersionInfo oldest = null;
    for (int i = 0; i < n; i++) {
      long a = tf.value(0).getLong(i);
      long b = ours.getLong(i);
      if (a == b) {
        continue;
      }
      com.ibm.icu.util.VersionInfo age = com.ibm.icu.lang.UCharacter.getAge(cps[i]);
      if (a == com.ibm.icu.lang.UScript.UNKNOWN && i < 0x110000) {
        newerAges.add(age.getMajor() + "." + age.getMinor());
        oldest = oldest == null || age.compareTo(oldest) < 0 ? age : oldest;
      } else if ((cps[i] == 0x16FE2 || cps[i] == 0x16FE3) && a == com.ibm.icu.lang.UScript.COMMON && b == com.ibm.icu.lang.UScript.HAN) {
        continue; // OLD CHINESE HOOK/ITERATION MARK: Scripts.txt moved them from Common to Han after TF's ICU
      } else if (other.length() < 2000) {
        other.append(String.format("U+%04X tf=%d ours=%d (age %s)%n", cps[i], a, b, age));
      }
    }
    assertEquals("", other.toString(), "differences other than code points TF's older Unicode leaves unassigned");
    System.out.println("unicode_script: TF says Unknown where Unicode " + newerAges + " assigned a script; oldest " + oldest);
  }

  @Test
  void coerceToStructurallyValidUtf8_matchesUnicodeTranscodeReplace() {
    for (int seed = 0; seed < StringOracleTest.CASES; seed++) {
      SplittableRandom r = new SplittableRandom(seed + 90_000);
      int count = r.nextInt(5);
      Tensor input = StringOracleTest.randomStrings(r, count);
      int replacement = r.nextBoolean() ? 0xFFFD : '?';
      TfEval.Outcome tf = TfEval.run(ops -> List.of(ops.strings.unicodeTranscode(TfEval.<TString>constant(ops, input),
          "UTF-8", "UTF-8", UnicodeTranscode.errors("replace"), UnicodeTranscode.replacementChar((long) replacement),
          UnicodeTranscode.replaceControlCharacters(false))));
      GraphBuilder g = new GraphBuilder();
      assertEquals(tf.value(0), runTatter(g, g.ops().text.coerceToStructurallyValidUtf8(g.constant(input), replacement)),
          () -> input.toString());
    }
  }
}
