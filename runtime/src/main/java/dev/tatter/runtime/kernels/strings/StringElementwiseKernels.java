package dev.tatter.runtime.kernels.strings;

import com.google.re2j.Pattern;
import dev.tatter.runtime.ByteStrings;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.StringColumn;
import dev.tatter.runtime.Tensor;
import java.util.Arrays;
import java.util.Locale;

/**
 * TF's per-string ops over the bytes: {@code StringLength}, {@code StringLower}/{@code Upper},
 * {@code StringStrip}, {@code StaticRegexFullMatch} and {@code StaticRegexReplace}. Regular
 * expressions are RE2's, through re2j, matched against each element's UTF-8 bytes (re2j's byte
 * input: match positions are byte offsets, the bytes a replacement leaves alone are copied as they
 * are); re2j reads an ill-formed byte as U+FFFD one byte at a time, where TF's RE2 would see the
 * raw byte. Case mapping of UTF-8 text ("utf-8") decodes each element as
 * {@link StringColumn#text} does, maps it with Java's {@code Locale.ROOT} rules and encodes it.
 */
public final class StringElementwiseKernels {
  private StringElementwiseKernels() {}

  /** {@code string_length}: bytes, or (unit UTF8_CHAR) bytes that do not continue a sequence, as TF counts. */
  public static Tensor length(Tensor input, String unit) {
    StringColumn in = input.stringColumn();
    byte[] b = in.unsafeBytes();
    int[] out = new int[in.size()];
    boolean chars = unit.equals("UTF8_CHAR");
    for (int i = 0; i < out.length; i++) {
      if (!chars) {
        out[i] = in.length(i);
        continue;
      }
      int n = 0;
      for (int k = in.start(i); k < in.end(i); k++) {
        if ((b[k] & 0xC0) != 0x80) {
          n++;
        }
      }
      out[i] = n;
    }
    return Tensor.wrap(DType.INT32, input.shape(), out);
  }

  /** {@code string_lower}: ASCII letters only (encoding ""), or Unicode case mapping of UTF-8 text ("utf-8"). */
  public static Tensor lower(Tensor input, String encoding) {
    return changeCase(input, encoding.isEmpty(), false);
  }

  /** {@code string_upper}: as {@link #lower}, to upper case. */
  public static Tensor upper(Tensor input, String encoding) {
    return changeCase(input, encoding.isEmpty(), true);
  }

  private static Tensor changeCase(Tensor input, boolean asciiOnly, boolean upper) {
    StringColumn in = input.stringColumn();
    byte[] b = in.unsafeBytes();
    StringColumn.Builder out = StringColumn.builder(in.size(), (int) Math.min(StringColumn.MAX_BYTES, in.byteCount()));
    for (int i = 0; i < in.size(); i++) {
      int from = in.start(i);
      int to = in.end(i);
      if (asciiOnly || isAscii(b, from, to)) {
        // ASCII is its own case mapping in both modes: the letters shift, every other byte stays
        for (int k = from; k < to; k++) {
          byte c = b[k];
          out.put(upper ? (c >= 'a' && c <= 'z' ? (byte) (c - 32) : c) : (c >= 'A' && c <= 'Z' ? (byte) (c + 32) : c));
        }
        out.endElement();
      } else {
        String text = in.text(i);
        out.appendText(upper ? text.toUpperCase(Locale.ROOT) : text.toLowerCase(Locale.ROOT), i);
      }
    }
    return Tensor.wrap(DType.STRING, input.shape(), out.build());
  }

  static boolean isAscii(byte[] b, int from, int to) {
    for (int k = from; k < to; k++) {
      if (b[k] < 0) {
        return false;
      }
    }
    return true;
  }

  /** {@code string_strip}: leading and trailing ASCII whitespace removed (a byte range of each element). */
  public static Tensor strip(Tensor input) {
    StringColumn in = input.stringColumn();
    byte[] b = in.unsafeBytes();
    StringColumn.Selection out = StringColumn.selection(b, in.size());
    for (int i = 0; i < in.size(); i++) {
      int from = in.start(i);
      int to = in.end(i);
      while (from < to && StringSplitKernels.isSpace(b[from])) {
        from++;
      }
      while (to > from && StringSplitKernels.isSpace(b[to - 1])) {
        to--;
      }
      out.select(from, to);
    }
    return Tensor.wrap(DType.STRING, input.shape(), out.build());
  }

  /** {@code regex_full_match}: whether the whole string matches {@code pattern}. */
  public static Tensor regexFullMatch(Tensor input, String pattern) {
    Pattern p = compile(pattern);
    StringColumn in = input.stringColumn();
    boolean[] out = new boolean[in.size()];
    RegexSubject subject = new RegexSubject(p);
    for (int i = 0; i < out.length; i++) {
      out[i] = subject.of(in, i).matches();
    }
    return Tensor.wrap(DType.BOOL, input.shape(), out);
  }

  /**
   * {@code regex_replace}: the first match (or every match, {@code replaceGlobal}) replaced by
   * {@code rewrite}, in which {@code \0}..{@code \9} name groups and {@code \\} is a backslash,
   * with RE2's {@code Replace}/{@code GlobalReplace} semantics, which TF's kernels call and whose
   * refusals they ignore: a rewrite naming a group the pattern lacks replaces nothing (the input
   * comes back unchanged), and an escape RE2 does not know ({@code \x}, a trailing {@code \})
   * ends that match's rewrite there (global: what was written of it stays; first match only: the
   * string is left unchanged). Global replacement skips an empty match right where the previous
   * match ended, as RE2 does (Java's and re2j's {@code replaceAll} would replace it).
   */
  public static Tensor regexReplace(Tensor input, String pattern, String rewrite, boolean replaceGlobal) {
    Pattern p = compile(pattern);
    byte[] rw = ByteStrings.bytes(rewrite);
    // TF's kernels ignore RE2's refusals: a rewrite naming a group the pattern lacks replaces nothing
    if (maxSubmatch(rw) > p.groupCount()) {
      return input;
    }
    // RE2's Rewrite stops at an escape it does not know: each match writes what came before it,
    // and Replace (first match only) then leaves the string as it was
    int usable = knownEscapesPrefix(rw);
    if (usable < rw.length && !replaceGlobal) {
      return input;
    }
    byte[] written = Arrays.copyOf(rw, usable);
    StringColumn in = input.stringColumn();
    StringColumn.Builder out = StringColumn.builder(in.size(), (int) Math.min(StringColumn.MAX_BYTES, in.byteCount()));
    RegexSubject subject = new RegexSubject(p);
    for (int i = 0; i < in.size(); i++) {
      replace(subject.of(in, i), in.unsafeBytes(), in.start(i), in.length(i), written, replaceGlobal, out);
    }
    return Tensor.wrap(DType.STRING, input.shape(), out.build());
  }

  /** Appends element {@code b[base, base + length)} with its matches replaced, as one element. */
  private static void replace(RegexSubject m, byte[] b, int base, int length, byte[] rewrite, boolean global, StringColumn.Builder out) {
    int pos = 0;
    int lastEnd = -1;
    while (pos <= length && m.find(pos)) {
      int start = m.start();
      int end = m.end();
      out.put(b, base + pos, base + start);
      if (start == end && start == lastEnd) {
        if (start >= length) {
          pos = start;
          break;
        }
        // past one character: re2j's, an ill-formed byte being one character of one byte
        int c = dev.tatter.runtime.Utf8.decode(b, base + start, base + length);
        int next = start + (c < 0 ? 1 : dev.tatter.runtime.Utf8.width(c));
        out.put(b, base + start, base + next);
        pos = next;
        continue;
      }
      appendRewrite(out, m, b, base, rewrite);
      pos = end;
      lastEnd = end;
      if (!global) {
        break;
      }
    }
    if (pos < length) {
      out.put(b, base + pos, base + length);
    }
    out.endElement();
  }

  /** Writes one match's rewrite, whose every escape is {@code \0}..{@code \9} or {@code \\}. */
  private static void appendRewrite(StringColumn.Builder out, RegexSubject m, byte[] b, int base, byte[] rewrite) {
    for (int i = 0; i < rewrite.length; i++) {
      byte c = rewrite[i];
      if (c != '\\') {
        out.put(c);
        continue;
      }
      byte next = rewrite[++i];
      if (next == '\\') {
        out.put((byte) '\\');
      } else {
        int g = next - '0';
        if (m.start(g) >= 0) {
          out.put(b, base + m.start(g), base + m.end(g));
        }
      }
    }
  }

  /** RE2's {@code MaxSubmatch}: the largest group a rewrite names ({@code \\} skipped). */
  static int maxSubmatch(byte[] rewrite) {
    int max = 0;
    for (int i = 0; i < rewrite.length; i++) {
      if (rewrite[i] == '\\' && ++i < rewrite.length) {
        byte c = rewrite[i];
        if (c >= '0' && c <= '9') {
          max = Math.max(max, c - '0');
        }
      }
    }
    return max;
  }

  /** A pattern, compiled once per distinct text ({@link RegexCache}), or TF's error for one RE2 cannot compile. */
  public static Pattern compile(String pattern) {
    return RegexCache.compiled(pattern);
  }

  /** How much of {@code rewrite} RE2's {@code Rewrite} writes: up to its first escape other than a digit or a backslash. */
  static int knownEscapesPrefix(byte[] rewrite) {
    for (int i = 0; i < rewrite.length; i++) {
      if (rewrite[i] == '\\') {
        byte next = i + 1 < rewrite.length ? rewrite[i + 1] : 0;
        if (!(next == '\\' || (next >= '0' && next <= '9'))) {
          return i;
        }
        i++;
      }
    }
    return rewrite.length;
  }
}
