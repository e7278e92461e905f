package dev.tatter.runtime.kernels.strings;

import com.google.re2j.Matcher;
import com.google.re2j.Pattern;
import dev.tatter.runtime.ByteStrings;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.Tensor;
import java.util.Locale;

/**
 * TF's per-string ops on byte strings: {@code StringLength}, {@code StringLower}/{@code Upper},
 * {@code StringStrip}, {@code StaticRegexFullMatch} and {@code StaticRegexReplace}. Regular
 * expressions are RE2's, through re2j, over the strings decoded as UTF-8 (RE2's default), so an
 * ill-formed byte matches as U+FFFD, where RE2 in TF would see the raw byte.
 */
public final class StringElementwiseKernels {
  private StringElementwiseKernels() {}

  /** {@code string_length}: bytes, or (unit UTF8_CHAR) bytes that do not continue a sequence, as TF counts. */
  public static Tensor length(Tensor input, String unit) {
    String[] in = (String[]) input.unsafeData();
    int[] out = new int[in.length];
    boolean chars = unit.equals("UTF8_CHAR");
    for (int i = 0; i < in.length; i++) {
      if (!chars) {
        out[i] = in[i].length();
        continue;
      }
      int n = 0;
      for (int k = 0; k < in[i].length(); k++) {
        if ((in[i].charAt(k) & 0xC0) != 0x80) {
          n++;
        }
      }
      out[i] = n;
    }
    return Tensor.wrap(DType.INT32, input.shape(), out);
  }

  /** {@code string_lower}: ASCII letters only (encoding ""), or Unicode case mapping of UTF-8 text ("utf-8"). */
  public static Tensor lower(Tensor input, String encoding) {
    return map(input, s -> encoding.isEmpty() ? asciiCase(s, false) : ByteStrings.fromText(ByteStrings.toText(s).toLowerCase(Locale.ROOT)));
  }

  /** {@code string_upper}: as {@link #lower}, to upper case. */
  public static Tensor upper(Tensor input, String encoding) {
    return map(input, s -> encoding.isEmpty() ? asciiCase(s, true) : ByteStrings.fromText(ByteStrings.toText(s).toUpperCase(Locale.ROOT)));
  }

  /** {@code string_strip}: leading and trailing ASCII whitespace removed. */
  public static Tensor strip(Tensor input) {
    return map(input, s -> {
      int from = 0;
      int to = s.length();
      while (from < to && StringSplitKernels.isSpace(s.charAt(from))) {
        from++;
      }
      while (to > from && StringSplitKernels.isSpace(s.charAt(to - 1))) {
        to--;
      }
      return s.substring(from, to);
    });
  }

  /** {@code regex_full_match}: whether the whole string matches {@code pattern}. */
  public static Tensor regexFullMatch(Tensor input, String pattern) {
    Pattern p = compile(pattern);
    String[] in = (String[]) input.unsafeData();
    boolean[] out = new boolean[in.length];
    for (int i = 0; i < in.length; i++) {
      out[i] = p.matcher(ByteStrings.toText(in[i])).matches();
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
    String rw = ByteStrings.toText(rewrite);
    if (maxSubmatch(rw) > p.groupCount()) {
      return input;
    }
    return map(input, s -> ByteStrings.fromText(replace(p, ByteStrings.toText(s), rw, replaceGlobal)));
  }

  private static String replace(Pattern p, String text, String rewrite, boolean global) {
    Matcher m = p.matcher(text);
    StringBuilder out = new StringBuilder();
    int pos = 0;
    int lastEnd = -1;
    int count = 0;
    while (pos <= text.length() && m.find(pos)) {
      int start = m.start();
      int end = m.end();
      out.append(text, pos, start);
      if (start == end && start == lastEnd) {
        if (start >= text.length()) {
          pos = start;
          break;
        }
        int next = start + Character.charCount(text.codePointAt(start));
        out.append(text, start, next);
        pos = next;
        continue;
      }
      if (!appendRewrite(out, m, rewrite) && !global) {
        return text; // RE2::Replace: a failed rewrite replaces nothing
      }
      pos = end;
      lastEnd = end;
      count++;
      if (!global) {
        break;
      }
    }
    if (count == 0) {
      return text;
    }
    if (pos < text.length()) {
      out.append(text, pos, text.length());
    }
    return out.toString();
  }

  /** RE2's {@code Rewrite}: false at an escape it does not know, with what came before it written. */
  private static boolean appendRewrite(StringBuilder out, Matcher m, String rewrite) {
    for (int i = 0; i < rewrite.length(); i++) {
      char c = rewrite.charAt(i);
      if (c != '\\') {
        out.append(c);
        continue;
      }
      char next = ++i < rewrite.length() ? rewrite.charAt(i) : 0;
      if (next >= '0' && next <= '9') {
        String group = m.group(next - '0');
        if (group != null) {
          out.append(group);
        }
      } else if (next == '\\') {
        out.append('\\');
      } else {
        return false;
      }
    }
    return true;
  }

  /** RE2's {@code MaxSubmatch}: the largest group a rewrite names ({@code \\} skipped). */
  static int maxSubmatch(String rewrite) {
    int max = 0;
    for (int i = 0; i < rewrite.length(); i++) {
      if (rewrite.charAt(i) == '\\' && ++i < rewrite.length()) {
        char c = rewrite.charAt(i);
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

  private static String asciiCase(String s, boolean upper) {
    char[] out = s.toCharArray();
    for (int i = 0; i < out.length; i++) {
      char c = out[i];
      if (upper && c >= 'a' && c <= 'z') {
        out[i] = (char) (c - 32);
      } else if (!upper && c >= 'A' && c <= 'Z') {
        out[i] = (char) (c + 32);
      }
    }
    return new String(out);
  }

  private static Tensor map(Tensor input, java.util.function.UnaryOperator<String> f) {
    String[] in = (String[]) input.unsafeData();
    String[] out = new String[in.length];
    for (int i = 0; i < in.length; i++) {
      out[i] = f.apply(in[i]);
    }
    return Tensor.wrap(DType.STRING, input.shape(), out);
  }
}
