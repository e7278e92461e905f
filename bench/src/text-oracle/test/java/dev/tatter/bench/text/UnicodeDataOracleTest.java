package dev.tatter.bench.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.ibm.icu.lang.UCharacter;
import com.ibm.icu.util.VersionInfo;
import dev.tatter.runtime.kernels.text.CharClasses;
import dev.tatter.runtime.kernels.text.NormalizationForm;
import dev.tatter.runtime.kernels.text.Normalizers;
import dev.tatter.runtime.kernels.text.TextBatch;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The normalizers and character classes against Unicode's own data files (Debian's {@code
 * unicode-data}, Unicode 15.0; the ICU4J in use has Unicode 16.0, whose normalization is stable for
 * every character 15.0 assigns): {@code NormalizationTest.txt} for the four forms of
 * {@code normalize_utf8}, {@code DerivedNormalizationProps.txt}'s NFKC_CF mapping for
 * {@code case_fold_utf8}, {@code CaseFolding.txt} for the folding inside it, {@code PropList.txt}'s
 * White_Space for the whitespace tokenizers. A missing file fails the test.
 */
class UnicodeDataOracleTest {
  static final Path UCD = Path.of("/usr/share/unicode");

  static List<String> lines(String name) throws IOException {
    Path plain = UCD.resolve(name);
    Path bz = UCD.resolve(name + ".bz2");
    InputStream in;
    if (Files.exists(plain)) {
      in = Files.newInputStream(plain);
    } else if (Files.exists(bz)) {
      // Debian compresses the largest file; bzip2 -dc keeps the oracle free of a decompression library
      in = new ProcessBuilder("bzip2", "-dc", bz.toString()).redirectError(ProcessBuilder.Redirect.INHERIT).start().getInputStream();
    } else {
      throw new IllegalStateException("UNICODE DATA MISSING: " + plain + " (install Debian's unicode-data, as .ci/run does)");
    }
    List<String> out = new ArrayList<>();
    try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
      for (String l = r.readLine(); l != null; l = r.readLine()) {
        int hash = l.indexOf('#');
        String data = (hash >= 0 ? l.substring(0, hash) : l).trim();
        if (!data.isEmpty() && !data.startsWith("@")) {
          out.add(data);
        }
      }
    }
    return out;
  }

  static String cps(String hex) {
    StringBuilder b = new StringBuilder();
    for (String h : hex.trim().split("\\s+")) {
      if (!h.isEmpty()) {
        b.appendCodePoint(Integer.parseInt(h, 16));
      }
    }
    return b.toString();
  }

  static String normalize(String s, NormalizationForm f) {
    return Normalizers.normalize(TextBatch.ofUtf8(s), f).text(0);
  }

  static final VersionInfo UCD_VERSION = VersionInfo.getInstance(15, 0);

  static boolean assignedBy15(String s) {
    return s.codePoints().allMatch(c -> UCharacter.getAge(c).compareTo(UCD_VERSION) <= 0
        && UCharacter.getType(c) != com.ibm.icu.lang.UCharacterCategory.UNASSIGNED);
  }

  /** NormalizationTest.txt: c2 == toNFC(c1..c3), c4 == toNFC(c4, c5), c3 == toNFD(c1..c3), ... (its header's rules). */
  @Test
  void normalizeUtf8_passesNormalizationTestTxt() throws IOException {
    int checked = 0;
    for (String line : lines("NormalizationTest.txt")) {
      if (line.startsWith("@")) {
        continue;
      }
      String[] f = line.split(";");
      String c1 = cps(f[0]);
      String c2 = cps(f[1]);
      String c3 = cps(f[2]);
      String c4 = cps(f[3]);
      String c5 = cps(f[4]);
      for (String c : List.of(c1, c2, c3)) {
        assertEquals(c2, normalize(c, NormalizationForm.NFC), line);
        assertEquals(c3, normalize(c, NormalizationForm.NFD), line);
      }
      for (String c : List.of(c4, c5)) {
        assertEquals(c4, normalize(c, NormalizationForm.NFC), line);
        assertEquals(c5, normalize(c, NormalizationForm.NFD), line);
      }
      for (String c : List.of(c1, c2, c3, c4, c5)) {
        assertEquals(c4, normalize(c, NormalizationForm.NFKC), line);
        assertEquals(c5, normalize(c, NormalizationForm.NFKD), line);
      }
      checked++;
    }
    assertTrue(checked > 19000, checked + " lines");
    // Part 1's rule for every other character: X == toNFC(X) == toNFD(X) == ... is covered above for the
    // listed ones; the ASCII fast path is checked here against ICU for all 128, in every form
    for (NormalizationForm form : NormalizationForm.values()) {
      for (int c = 0; c < 128; c++) {
        String s = "x" + (char) c + "y" + (char) c;
        assertEquals(form.icu().normalize(s), normalize(s, form), form + " of U+" + Integer.toHexString(c));
      }
    }
  }

  /** DerivedNormalizationProps.txt's NFKC_CF mapping is case_fold_utf8 of each single code point (Unicode 15's). */
  @Test
  void caseFoldUtf8_isTheNfkcCfMappingOfEveryCodePoint() throws IOException {
    java.util.Map<Integer, String> mapped = new java.util.HashMap<>();
    for (String line : lines("DerivedNormalizationProps.txt")) {
      String[] f = line.split(";", -1);
      if (f.length < 3 || !f[1].trim().equals("NFKC_CF")) {
        continue;
      }
      String[] range = f[0].trim().split("\\.\\.");
      int lo = Integer.parseInt(range[0], 16);
      int hi = range.length > 1 ? Integer.parseInt(range[1], 16) : lo;
      for (int c = lo; c <= hi; c++) {
        mapped.put(c, cps(f[2]));
      }
    }
    assertTrue(mapped.size() > 5000, mapped.size() + " mappings");
    int checked = 0;
    for (int c = 0; c <= 0x10FFFF; c++) {
      if (c >= 0xD800 && c <= 0xDFFF) {
        continue;
      }
      String s = new String(Character.toChars(c));
      if (!assignedBy15(s)) {
        continue;
      }
      String expected = mapped.getOrDefault(c, s);
      int cp = c;
      assertEquals(expected, normalize(s, NormalizationForm.NFKC_CF), () -> "NFKC_CF of U+" + Integer.toHexString(cp));
      checked++;
    }
    assertTrue(checked > 140_000, checked + " code points");
  }

  /** CaseFolding.txt's full folding (C and F) is inside NFKC_CF: folding first changes nothing. */
  @Test
  void caseFoldUtf8_agreesWithCaseFoldingTxt() throws IOException {
    int checked = 0;
    for (String line : lines("CaseFolding.txt")) {
      String[] f = line.split(";");
      String status = f[1].trim();
      if (!status.equals("C") && !status.equals("F")) {
        continue;
      }
      String c = cps(f[0]);
      String folded = cps(f[2]);
      assertEquals(normalize(folded, NormalizationForm.NFKC_CF), normalize(c, NormalizationForm.NFKC_CF), line);
      checked++;
    }
    assertTrue(checked > 1400, checked + " foldings");
  }

  /** PropList.txt's White_Space is CharClasses.WHITE_SPACE, exactly. */
  @Test
  void whiteSpaceClass_isPropListsWhiteSpace() throws IOException {
    java.util.BitSet ws = new java.util.BitSet();
    for (String line : lines("PropList.txt")) {
      String[] f = line.split(";");
      if (!f[1].trim().equals("White_Space")) {
        continue;
      }
      String[] range = f[0].trim().split("\\.\\.");
      int lo = Integer.parseInt(range[0], 16);
      ws.set(lo, (range.length > 1 ? Integer.parseInt(range[1], 16) : lo) + 1);
    }
    assertEquals(25, ws.cardinality());
    for (int c = 0; c <= 0x10FFFF; c++) {
      assertEquals(ws.get(c), (CharClasses.of(c) & CharClasses.WHITE_SPACE) != 0, "U+" + Integer.toHexString(c));
    }
  }
}
