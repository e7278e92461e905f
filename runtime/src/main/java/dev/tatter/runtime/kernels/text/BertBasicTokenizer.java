package dev.tatter.runtime.kernels.text;

import dev.tatter.runtime.Utf8;
import java.nio.charset.StandardCharsets;

/**
 * TF Text's {@code BasicTokenizer} (the first half of {@code BertTokenizer}), as its Python code
 * composes ops, in one pass per string:
 *
 * <ol>
 *   <li>{@code lower_case}: {@code case_fold_utf8} (NFKC_Casefold), {@code normalize_utf8(NFD)}, and
 *       every {@code \p{Mn}} removed; otherwise {@code normalize_utf8(normalization_form)} if one is given;
 *   <li>every {@code \p{Cc}} and {@code \p{Cf}} replaced by a space;
 *   <li>{@code regex_split_with_offsets} with BERT's delimiters: runs of RE2's {@code \s}
 *       ({@code [\t\n\f\r ]}, dropped unless {@code keep_whitespace}), each punctuation character (ASCII
 *       <code>[!-/:-@\[-`&#123;-~]</code> and {@code \p{P}}) and each character of TF's CJK blocks (kept as tokens),
 *       and, with {@code preserve_unused_token}, {@code \[unused\d+\]} (kept whole), in that order of
 *       preference at each position.
 * </ol>
 *
 * The split is a scan over character classes (one table lookup per character) rather than RE2; it
 * finds what the regular expression finds, since each alternative is a single class or a fixed
 * pattern. Offsets are into the normalized text, as TF's are.
 */
public final class BertBasicTokenizer {
  /** Receives each token of a split: {@code [start, end)} in the normalized buffer. */
  public interface TokenConsumer {
    void token(int start, int end);
  }

  private final boolean lowerCase;
  private final boolean keepWhitespace;
  private final NormalizationForm normalization;
  private final boolean preserveUnusedToken;

  /**
   * @param normalization {@code normalization_form} (null for none); must be null or NFD with {@code lowerCase}
   */
  public BertBasicTokenizer(boolean lowerCase, boolean keepWhitespace, NormalizationForm normalization, boolean preserveUnusedToken) {
    if (lowerCase && normalization != null && normalization != NormalizationForm.NFD) {
      throw new dev.tatter.runtime.InvalidArgumentException(
          "`lower_case` strips accents. When `lower_case` is set, `normalization_form` is 'NFD' (got " + normalization + ")");
    }
    this.lowerCase = lowerCase;
    this.keepWhitespace = keepWhitespace;
    this.normalization = normalization;
    this.preserveUnusedToken = preserveUnusedToken;
  }

  /** Steps 1 and 2: the string {@code b[from, to)} as BERT normalizes it, appended to {@code out}. */
  public void normalizeInto(byte[] b, int from, int to, TextBatch.Builder out) {
    int i = from;
    while (i < to) {
      byte x = b[i];
      if (x >= 0 && (i + 1 == to || b[i + 1] >= 0 || (!lowerCase && normalization == null))) {
        if (x < 0x20 || x == 0x7F) {
          out.append((byte) ' ');
        } else {
          out.append(lowerCase && x >= 'A' && x <= 'Z' ? (byte) (x + 32) : x);
        }
        i++;
        continue;
      }
      int c = x >= 0 ? x : Utf8.decode(b, i, to);
      if (c < 0) {
        out.append(b, i, i - c); // ill-formed: copied (normalization-inert, no class matches it)
        i -= c;
        continue;
      }
      if (!lowerCase && normalization == null) {
        int len = Utf8.width(c);
        if ((CharClasses.of(c) & CharClasses.CONTROL) != 0) {
          out.append((byte) ' ');
        } else {
          out.append(b, i, i + len);
        }
        i += len;
        continue;
      }
      // a run that ICU normalizes: this character and the non-ASCII ones after it
      int runEnd = i + Utf8.width(c);
      while (runEnd < to && b[runEnd] < 0) {
        int d = Utf8.decode(b, runEnd, to);
        if (d < 0) {
          break;
        }
        runEnd += Utf8.width(d);
      }
      String text = new String(b, i, runEnd - i, StandardCharsets.UTF_8);
      String normalized = lowerCase
          ? NormalizationForm.NFD.icu().normalize(NormalizationForm.NFKC_CF.icu().normalize(text))
          : normalization.icu().normalize(text);
      for (int k = 0; k < normalized.length(); ) {
        int cp = normalized.codePointAt(k);
        k += Character.charCount(cp);
        int cls = CharClasses.of(cp);
        if (lowerCase && (cls & CharClasses.NONSPACING_MARK) != 0) {
          continue;
        }
        out.appendCodePoint((cls & CharClasses.CONTROL) != 0 ? ' ' : cp);
      }
      i = runEnd;
    }
  }

  /** Step 3 on normalized text {@code b[from, to)}: each token's range, in order. */
  public void split(byte[] b, int from, int to, TokenConsumer tokens) {
    int wordStart = -1;
    int i = from;
    while (i < to) {
      if (preserveUnusedToken && b[i] == '[') {
        int end = unusedTokenEnd(b, i, to);
        if (end > 0) {
          if (wordStart >= 0) {
            tokens.token(wordStart, i);
            wordStart = -1;
          }
          tokens.token(i, end);
          i = end;
          continue;
        }
      }
      int c = b[i] >= 0 ? b[i] : Utf8.decode(b, i, to);
      int len = Utf8.length(c);
      int cls = CharClasses.of(c);
      if ((cls & CharClasses.RE2_SPACE) != 0) {
        if (wordStart >= 0) {
          tokens.token(wordStart, i);
          wordStart = -1;
        }
        int end = i + 1;
        while (end < to && (CharClasses.of(b[end]) & CharClasses.RE2_SPACE) != 0) {
          end++;
        }
        if (keepWhitespace) {
          tokens.token(i, end);
        }
        i = end;
      } else if ((cls & (CharClasses.PUNCTUATION | CharClasses.CJK)) != 0) {
        if (wordStart >= 0) {
          tokens.token(wordStart, i);
          wordStart = -1;
        }
        tokens.token(i, i + len);
        i += len;
      } else {
        if (wordStart < 0) {
          wordStart = i;
        }
        i += len;
      }
    }
    if (wordStart >= 0) {
      tokens.token(wordStart, to);
    }
  }

  /** The end of {@code \[unused\d+\]} at {@code b[i]}, or -1. */
  private static int unusedTokenEnd(byte[] b, int i, int to) {
    byte[] head = {'[', 'u', 'n', 'u', 's', 'e', 'd'};
    if (to - i < head.length + 2) {
      return -1;
    }
    for (int k = 0; k < head.length; k++) {
      if (b[i + k] != head[k]) {
        return -1;
      }
    }
    int j = i + head.length;
    int digits = j;
    while (j < to && b[j] >= '0' && b[j] <= '9') {
      j++;
    }
    return j > digits && j < to && b[j] == ']' ? j + 1 : -1;
  }

  /** The whole BasicTokenizer: per string, its tokens' bytes and offsets into its normalized text. */
  public TokenSink tokenize(TextBatch in, boolean keepPieces) {
    TokenSink sink = new TokenSink(in.size(), (int) Math.min(Integer.MAX_VALUE - 8, in.totalBytes() / 4 + 16), keepPieces, false);
    TextBatch.Builder scratch = new TextBatch.Builder(1, 256);
    byte[] src = in.bytes();
    for (int s = 0; s < in.size(); s++) {
      scratch.dropTo(0);
      normalizeInto(src, in.start(s), in.end(s), scratch);
      byte[] n = scratch.buffer();
      int len = scratch.position();
      split(n, 0, len, (start, end) -> sink.add(start, end, -1, n, start, end));
      sink.endRow();
    }
    return sink;
  }

  /** The normalized text of each string (steps 1 and 2), for {@code tokenize}'s callers that need it. */
  public TextBatch normalize(TextBatch in) {
    TextBatch.Builder out = new TextBatch.Builder(in.size(), (int) Math.min(Integer.MAX_VALUE - 8, in.totalBytes() + 16));
    for (int s = 0; s < in.size(); s++) {
      normalizeInto(in.bytes(), in.start(s), in.end(s), out);
      out.endString();
    }
    return out.build();
  }
}
