package dev.tatter.runtime.kernels.strings;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tatter.runtime.StringColumn;
import dev.tatter.runtime.Tensor;
import dev.tatter.runtime.Utf8;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Regular expressions over non-ASCII text keep RE2's anchors: re2j's UTF-8 input takes the
 * position after a non-ASCII byte for the beginning of the text, which {@link RegexSubject}
 * works around; and its UTF-16 path finds what the UTF-8 path finds wherever that path is right.
 */
class RegexSubjectTest {
  /** A pattern as the kernels take string attributes: its UTF-8 bytes, a char each. */
  private static String attr(String pattern) {
    return new String(pattern.getBytes(StandardCharsets.UTF_8), StandardCharsets.ISO_8859_1);
  }

  private static String replaced(String text, String pattern, String rewrite) {
    return StringElementwiseKernels.regexReplace(Tensor.ofStrings(text), attr(pattern), rewrite, true).getText(0);
  }

  @Test
  void anchorsHoldAfterNonAsciiText() {
    // tf.strings.regex_replace("é b", "^ +| +$", "") -> b'\xc3\xa9 b' (RE2: ^ and $ only at the ends)
    assertEquals("é b", replaced("é b", "^ +| +$", ""));
    // tf.strings.regex_replace(" é b ", "^ +| +$", "") -> b'\xc3\xa9 b'
    assertEquals("é b", replaced(" é b ", "^ +| +$", ""));
    // tf.strings.regex_replace("éx,x", "(^|,)x", "#") -> b'\xc3\xa9x#'
    assertEquals("éx#", replaced("éx,x", "(^|,)x", "#"));
    // tf.strings.regex_replace("é\nb", "(?m)^b", "B") -> b'\xc3\xa9\nB'; after é alone, no line begins
    assertEquals("é\nB", replaced("é\nb", "(?m)^b", "B"));
    assertEquals("éb", replaced("éb", "(?m)^b|\\Ab", "B"));
    // tf.strings.regex_full_match("éb", "é(?:^b|b)") -> True; "é^b" matches nothing
    Tensor in = Tensor.ofStrings("éb", "é");
    assertArrayEquals(new boolean[] {true, false},
        (boolean[]) StringElementwiseKernels.regexFullMatch(in, attr("é(?:^b|b)")).unsafeData());
    assertArrayEquals(new boolean[] {false, false},
        (boolean[]) StringElementwiseKernels.regexFullMatch(in, attr("é^b?")).unsafeData());
  }

  @Test
  void theUtf16PathFindsWhatTheUtf8PathFinds_onRandomWellFormedText() {
    // "(?:\\A)?" matches the empty string anywhere, so it changes no match, only the input's path
    List<String> patterns = List.of("b+", "[^a]", ".", "é|b", "\\w+", "(.)(.)?", "x*", "\\b", "[\\x{80}-\\x{10FFFF}]+", "\\pL");
    byte[][] pieces = {{'a'}, {'b'}, {' '}, {(byte) 0xc3, (byte) 0xa9}, {(byte) 0xe4, (byte) 0xb8, (byte) 0xad},
        {(byte) 0xf0, (byte) 0x9f, (byte) 0x98, (byte) 0x80}, {'\n'}};
    Random random = new Random(3);
    for (int trial = 0; trial < 400; trial++) {
      java.io.ByteArrayOutputStream text = new java.io.ByteArrayOutputStream();
      for (int k = random.nextInt(8); k > 0; k--) {
        text.writeBytes(pieces[random.nextInt(pieces.length)]);
      }
      StringColumn column = StringColumn.ofBytes(text.toByteArray());
      for (String pattern : patterns) {
        RegexSubject bytes = new RegexSubject(StringElementwiseKernels.compile(attr(pattern))).of(column, 0);
        RegexSubject utf16 = new RegexSubject(StringElementwiseKernels.compile(attr("(?:\\A)?" + pattern))).of(column, 0);
        String where = pattern + " on " + java.util.HexFormat.ofDelimiter(" ").formatHex(text.toByteArray());
        byte[] t = text.toByteArray();
        // as the kernels step: to the match's end, or past one character after an empty match
        for (int from = 0; from <= t.length;
            from = bytes.end() > from ? bytes.end() : from + (from == t.length ? 1 : Utf8.width(Utf8.decode(t, from, t.length)))) {
          boolean found = bytes.find(from);
          assertEquals(found, utf16.find(from), where + " from " + from);
          if (!found) {
            break;
          }
          assertEquals(bytes.start(), utf16.start(), where);
          assertEquals(bytes.end(), utf16.end(), where);
        }
      }
    }
  }
}
