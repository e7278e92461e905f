package dev.tatter.runtime.kernels.text;

import dev.tatter.runtime.Utf8;
import java.nio.charset.StandardCharsets;

/**
 * {@code normalize_utf8}, {@code case_fold_utf8} and {@code coerce_to_structurally_valid_utf8}
 * over UTF-8 bytes. The normalizations are ICU's {@code Normalizer2::normalizeUTF8} as TF Text
 * calls it (ICU 77): an ill-formed UTF-8 sequence is normalization-inert, copied unchanged, and so
 * a boundary that nothing combines across; each well-formed run between such sequences is
 * normalized by ICU4J, after a fast path for ASCII, which every form maps by itself (NFKC_Casefold
 * lowers A-Z) unless a non-ASCII character follows and might combine with it.
 */
public final class Normalizers {
  private Normalizers() {}

  /** Each string of {@code in} in {@code form}. */
  public static TextBatch normalize(TextBatch in, NormalizationForm form) {
    TextBatch.Builder out = new TextBatch.Builder(in.size(), (int) Math.min(Integer.MAX_VALUE - 8, in.totalBytes() + 16));
    byte[] b = in.bytes();
    for (int i = 0; i < in.size(); i++) {
      normalizeInto(b, in.start(i), in.end(i), form, out);
      out.endString();
    }
    return out.build();
  }

  /**
   * Appends {@code b[from, to)} in {@code form} to {@code out} (without ending the string). Every
   * form has a boundary before each ASCII character (ccc 0, never the second of a composition) and
   * around each ill-formed sequence, so the string is cut there: ASCII followed by ASCII (or the end)
   * maps by itself, an ill-formed sequence is copied, and each remaining run (an ASCII character
   * that a non-ASCII one follows, or a non-ASCII character, with the non-ASCII characters after it)
   * goes through ICU.
   */
  public static void normalizeInto(byte[] b, int from, int to, NormalizationForm form, TextBatch.Builder out) {
    int i = from;
    while (i < to) {
      if (b[i] >= 0 && (i + 1 == to || b[i + 1] >= 0)) {
        out.append(form.ascii(b[i]));
        i++;
        continue;
      }
      int c = b[i] >= 0 ? b[i] : Utf8.decode(b, i, to);
      if (c < 0) {
        out.append(b, i, i - c); // ill-formed: inert, copied unchanged
        i -= c;
        continue;
      }
      int runEnd = i + Utf8.width(c);
      while (runEnd < to && b[runEnd] < 0) {
        int d = Utf8.decode(b, runEnd, to);
        if (d < 0) {
          break;
        }
        runEnd += Utf8.width(d);
      }
      String text = new String(b, i, runEnd - i, StandardCharsets.UTF_8);
      byte[] normalized = form.icu().normalize(text).getBytes(StandardCharsets.UTF_8);
      out.append(normalized, 0, normalized.length);
      i = runEnd;
    }
  }

  /**
   * {@code coerce_to_structurally_valid_utf8}: TF's {@code unicode_transcode} from UTF-8 to UTF-8
   * with {@code errors="replace"}: each ill-formed maximal subpart becomes {@code replacement}
   * (a scalar value, checked by the caller), everything else is copied.
   */
  public static TextBatch coerceToValidUtf8(TextBatch in, int replacement) {
    TextBatch.Builder out = new TextBatch.Builder(in.size(), (int) Math.min(Integer.MAX_VALUE - 8, in.totalBytes() + 16));
    byte[] b = in.bytes();
    for (int s = 0; s < in.size(); s++) {
      int i = in.start(s);
      int to = in.end(s);
      int copied = i;
      while (i < to) {
        if (b[i] >= 0) {
          i++;
          continue;
        }
        int c = Utf8.decode(b, i, to);
        if (c >= 0) {
          i += Utf8.width(c);
          continue;
        }
        out.append(b, copied, i);
        out.appendCodePoint(replacement);
        i -= c;
        copied = i;
      }
      out.append(b, copied, to);
      out.endString();
    }
    return out.build();
  }
}
