package dev.tatter.runtime.kernels.strings;

import com.google.re2j.Matcher;
import com.google.re2j.Pattern;
import dev.tatter.runtime.StringColumn;
import dev.tatter.runtime.Utf8;
import java.util.Arrays;

/**
 * One string element as re2j's input, every position a byte offset into the element (kernel
 * internal, not API). One matcher is reset for each element, read in one of three ways:
 * <ul>
 *   <li>an ASCII element as a char view of its bytes (no copy: ASCII's chars are its bytes);
 *   <li>any other as a copy of its bytes, re2j's UTF-8 input;
 *   <li>but when the pattern has a beginning-of-text or -line assertion ({@code ^}, {@code \A}),
 *       a non-ASCII element as UTF-16 text with a map of its positions back to bytes. re2j's
 *       UTF-8 input (1.8) reads the byte before a position as a signed value, so after any
 *       non-ASCII byte it takes the position for the beginning of the text: {@code ^ +| +$}
 *       would match the space of {@code "é b"}. Only a well-formed element takes this path: re2j's
 *       UTF-8 input reads ill-formed bytes its own way (a lead byte with the next byte, whatever
 *       it is), which no decoding to text reproduces, so such an element keeps the UTF-8 input
 *       and its anchor defect (docs/SEMANTICS.md).
 * </ul>
 */
public final class RegexSubject {
  private final Pattern pattern;
  private final boolean beginAssertions;
  private final AsciiView view = new AsciiView();
  private Matcher matcher;
  /** For UTF-16 input: the byte offset of each char position (length + 1 entries), else null. */
  private int[] byteOf;
  /** For UTF-16 input: the char position of each byte offset that starts a character, else null. */
  private int[] charOf;

  public RegexSubject(Pattern pattern) {
    this.pattern = pattern;
    String text = pattern.pattern();
    // conservative: a ^ in a negated class also counts, costing the UTF-16 path only
    this.beginAssertions = text.indexOf('^') >= 0 || text.contains("\\A");
  }

  /** Element {@code i} of {@code in} as the subject of the following calls. */
  public RegexSubject of(StringColumn in, int i) {
    return of(in.unsafeBytes(), in.start(i), in.end(i));
  }

  /** The bytes {@code b[from, to)} as the subject of the following calls (positions relative to {@code from}). */
  public RegexSubject of(byte[] b, int from, int to) {
    byteOf = null;
    charOf = null;
    if (StringElementwiseKernels.isAscii(b, from, to)) {
      view.set(b, from, to);
      matcher = matcher == null ? pattern.matcher(view) : matcher.reset(view);
    } else if (beginAssertions && Utf8.isValid(b, from, to)) {
      String text = decode(b, from, to);
      matcher = matcher == null ? pattern.matcher(text) : matcher.reset(text);
    } else {
      byte[] bytes = Arrays.copyOfRange(b, from, to);
      matcher = matcher == null ? pattern.matcher(bytes) : matcher.reset(bytes);
    }
    return this;
  }

  /** The text of a well-formed element, with the two position maps. */
  private String decode(byte[] b, int from, int to) {
    StringBuilder text = new StringBuilder(to - from);
    int[] bytes = new int[to - from + 1];
    int[] chars = new int[to - from + 1];
    int at = from;
    while (at < to) {
      int c = Utf8.decode(b, at, to);
      int width = Utf8.width(c);
      chars[at - from] = text.length();
      text.appendCodePoint(c);
      for (int k = chars[at - from]; k < text.length(); k++) {
        bytes[k] = at - from;
      }
      at += width;
    }
    chars[to - from] = text.length();
    bytes = Arrays.copyOf(bytes, text.length() + 1);
    bytes[text.length()] = to - from;
    byteOf = bytes;
    charOf = chars;
    return text.toString();
  }

  /** re2j's {@code find(start)}, from byte offset {@code start} (a character's first byte or the end). */
  public boolean find(int start) {
    return matcher.find(charOf == null ? start : charOf[start]);
  }

  /** Whether the whole element matches. */
  public boolean matches() {
    return matcher.matches();
  }

  /** The byte offset where the last match starts. */
  public int start() {
    return bytes(matcher.start());
  }

  /** The byte offset where the last match ends. */
  public int end() {
    return bytes(matcher.end());
  }

  /** The byte offset where group {@code g} of the last match starts, or -1 when it took no part. */
  public int start(int g) {
    return bytes(matcher.start(g));
  }

  /** The byte offset where group {@code g} of the last match ends, or -1 when it took no part. */
  public int end(int g) {
    return bytes(matcher.end(g));
  }

  private int bytes(int position) {
    return byteOf == null || position < 0 ? position : byteOf[position];
  }

  /** ASCII bytes read as chars, in place. */
  private static final class AsciiView implements CharSequence {
    private byte[] bytes;
    private int from;
    private int to;

    void set(byte[] b, int from, int to) {
      this.bytes = b;
      this.from = from;
      this.to = to;
    }

    @Override
    public int length() {
      return to - from;
    }

    @Override
    public char charAt(int index) {
      return (char) bytes[from + index];
    }

    @Override
    public CharSequence subSequence(int start, int end) {
      AsciiView v = new AsciiView();
      v.set(bytes, from + start, from + end);
      return v;
    }

    @Override
    public String toString() {
      return new String(bytes, from, to - from, java.nio.charset.StandardCharsets.ISO_8859_1);
    }
  }
}
