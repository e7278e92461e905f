package dev.tatter.runtime.kernels.text;

import dev.tatter.runtime.Utf8;
import java.util.Arrays;

/**
 * SentencePiece's {@code Normalizer} (0.1.97's {@code normalizer.cc}): each prefix of the input is
 * replaced by the longest rule of the model's precompiled character map (a darts-clone double array
 * over UTF-8 keys, then the NUL-terminated replacements), a user-defined symbol is kept as it is, an
 * ill-formed byte becomes U+FFFD; spaces are collapsed and trimmed ({@code remove_extra_whitespaces}),
 * written as U+2581 ({@code escape_whitespaces}), and one is put before the text
 * ({@code add_dummy_prefix}, after it with {@code treat_whitespace_as_suffix}). Alongside the text,
 * {@code normToOrig[k]} is the input byte normalized byte {@code k} came from, which gives each
 * piece its offsets in the original string.
 */
final class SentencepieceNormalizer {
  private static final byte[] SPACE_SYMBOL = {(byte) 0xE2, (byte) 0x96, (byte) 0x81};
  private static final byte[] REPLACEMENT = {(byte) 0xEF, (byte) 0xBF, (byte) 0xBD};
  private static final byte[] ONE_SPACE = {' '};

  private final int[] units; // darts-clone units; empty when the model has no character map
  private final byte[] normalized; // the replacement strings, NUL-terminated
  private final boolean addDummyPrefix;
  private final boolean removeExtraWhitespaces;
  private final boolean escapeWhitespaces;
  private final boolean treatWhitespaceAsSuffix;
  private final ByteTrie userSymbols; // null when the model has none

  SentencepieceNormalizer(SentencepieceModel model) {
    byte[] blob = model.precompiledCharsmap;
    if (blob.length == 0) {
      units = new int[0];
      normalized = new byte[0];
    } else {
      if (blob.length <= 4) {
        throw SentencepieceModel.refuse(model.source(), "normalizer_spec.precompiled_charsmap (field 2)",
            "Blob for normalization rule is broken (" + blob.length + " bytes)");
      }
      long trieSize = (blob[0] & 0xFFL) | (blob[1] & 0xFFL) << 8 | (blob[2] & 0xFFL) << 16 | (blob[3] & 0xFFL) << 24;
      if (trieSize >= blob.length || trieSize % 4 != 0) {
        throw SentencepieceModel.refuse(model.source(), "normalizer_spec.precompiled_charsmap (field 2)",
            "Trie data size " + trieSize + " exceeds the input blob size " + blob.length + " or is not whole units");
      }
      int n = (int) trieSize / 4;
      units = new int[n];
      for (int i = 0; i < n; i++) {
        int at = 4 + 4 * i;
        units[i] = (blob[at] & 0xFF) | (blob[at + 1] & 0xFF) << 8 | (blob[at + 2] & 0xFF) << 16 | (blob[at + 3] & 0xFF) << 24;
      }
      normalized = Arrays.copyOfRange(blob, 4 + (int) trieSize, blob.length);
    }
    addDummyPrefix = model.addDummyPrefix;
    removeExtraWhitespaces = model.removeExtraWhitespaces;
    escapeWhitespaces = model.escapeWhitespaces;
    treatWhitespaceAsSuffix = model.treatWhitespaceAsSuffix;
    ByteTrie.Builder b = new ByteTrie.Builder();
    boolean any = false;
    for (int i = 0; i < model.size(); i++) {
      if (model.type(i) == SentencepieceModel.PieceType.USER_DEFINED) {
        byte[] p = model.piece(i);
        b.put(p, 0, p.length, i);
        any = true;
      }
    }
    userSymbols = any ? b.build() : null;
  }

  /** The normalized text and, per normalized byte plus one, the input byte it came from. */
  record Normalized(byte[] text, int length, int[] normToOrig) {}

  /** Normalizes {@code in[from, to)}; offsets in {@code normToOrig} are relative to {@code from}. */
  Normalized normalize(byte[] in, int from, int to) {
    if (from == to) {
      return new Normalized(new byte[0], 0, new int[] {0});
    }
    Out out = new Out(3 * (to - from) + 8);
    int consumed = 0;
    int pos = from;
    long prefix = 0;
    if (removeExtraWhitespaces) {
      while (pos < to) {
        prefix = normalizePrefix(in, pos, to);
        if (!isSingleSpace()) {
          break;
        }
        pos += consumedOf(prefix);
        consumed += consumedOf(prefix);
      }
    }
    if (pos == to) {
      return new Normalized(new byte[0], 0, new int[] {consumed});
    }
    if (!treatWhitespaceAsSuffix && addDummyPrefix) {
      addSpace(out, consumed);
    }
    boolean prevSpace = removeExtraWhitespaces;
    while (pos < to) {
      prefix = normalizePrefix(in, pos, to);
      byte[] src = replacementSource;
      int s = replacementFrom;
      int e = replacementTo;
      while (prevSpace && s < e && src[s] == ' ') {
        s++;
      }
      if (s < e) {
        for (int k = s; k < e; k++) {
          if (escapeWhitespaces && src[k] == ' ') {
            out.add(SPACE_SYMBOL, consumed);
          } else {
            out.add(src[k], consumed);
          }
        }
        prevSpace = src[e - 1] == ' ';
      }
      int c = consumedOf(prefix);
      consumed += c;
      pos += c;
      if (!removeExtraWhitespaces) {
        prevSpace = false;
      }
    }
    if (removeExtraWhitespaces) {
      byte[] space = escapeWhitespaces ? SPACE_SYMBOL : ONE_SPACE;
      while (out.endsWith(space)) {
        int length = out.length - space.length;
        consumed = out.normToOrig[length];
        out.length = length;
      }
    }
    if (treatWhitespaceAsSuffix && addDummyPrefix) {
      addSpace(out, consumed);
    }
    out.normToOrig[out.length] = consumed;
    return new Normalized(out.text, out.length, Arrays.copyOf(out.normToOrig, out.length + 1));
  }

  private void addSpace(Out out, int consumed) {
    if (escapeWhitespaces) {
      out.add(SPACE_SYMBOL, consumed);
    } else {
      out.add((byte) ' ', consumed);
    }
  }

  // normalizePrefix's replacement, as fields to spare an allocation per prefix
  private byte[] replacementSource;
  private int replacementFrom;
  private int replacementTo;

  private static int consumedOf(long prefix) {
    return (int) (prefix >>> 32);
  }

  private boolean isSingleSpace() {
    return replacementTo - replacementFrom == 1 && replacementSource[replacementFrom] == ' ';
  }

  /**
   * {@code NormalizePrefix}: sets the replacement of the longest rule matching {@code in} at
   * {@code pos} and returns the input bytes it consumes (in the high 32 bits). Not thread-safe: the
   * callers hold one normalizer per encode.
   */
  private long normalizePrefix(byte[] in, int pos, int to) {
    if (userSymbols != null) {
      int node = ByteTrie.ROOT;
      int longest = 0;
      for (int i = pos; i < to; i++) {
        node = userSymbols.child(node, in[i]);
        if (node < 0) {
          break;
        }
        if (userSymbols.value(node) >= 0) {
          longest = i + 1 - pos;
        }
      }
      if (longest > 0) {
        set(in, pos, pos + longest);
        return (long) longest << 32;
      }
    }
    int longestLength = 0;
    int longestValue = 0;
    if (units.length > 0) {
      // darts-clone's commonPrefixSearch
      int nodePos = 0;
      int unit = units[0];
      nodePos ^= offset(unit);
      for (int i = pos; i < to; i++) {
        int label = in[i] & 0xFF;
        nodePos ^= label;
        if (nodePos < 0 || nodePos >= units.length) {
          break;
        }
        unit = units[nodePos];
        if ((unit & ((1 << 31) | 0xFF)) != label) {
          break;
        }
        nodePos ^= offset(unit);
        if (((unit >>> 8) & 1) == 1) {
          if (nodePos < 0 || nodePos >= units.length) {
            break;
          }
          longestLength = i + 1 - pos;
          longestValue = units[nodePos] & 0x7FFFFFFF;
        }
      }
    }
    if (longestLength == 0) {
      int c = Utf8.decode(in, pos, to);
      // SentencePiece's IsValidDecodeUTF8: a well-formed character, else one byte as U+FFFD
      if (c < 0) {
        set(REPLACEMENT, 0, 3);
        return 1L << 32;
      }
      int len = Utf8.width(c);
      set(in, pos, pos + len);
      return (long) len << 32;
    }
    int end = longestValue;
    while (end < normalized.length && normalized[end] != 0) {
      end++;
    }
    set(normalized, Math.min(longestValue, normalized.length), end);
    return (long) longestLength << 32;
  }

  private void set(byte[] src, int from, int to) {
    replacementSource = src;
    replacementFrom = from;
    replacementTo = to;
  }

  private static int offset(int unit) {
    return (unit >>> 10) << ((unit & (1 << 9)) >>> 6);
  }

  /** The normalized text being written and its map to the input. */
  private static final class Out {
    byte[] text;
    int[] normToOrig;
    int length;

    Out(int capacity) {
      text = new byte[capacity];
      normToOrig = new int[capacity + 1];
    }

    void add(byte b, int orig) {
      if (length + 1 >= text.length) {
        grow();
      }
      text[length] = b;
      normToOrig[length++] = orig;
    }

    void add(byte[] bytes, int orig) {
      for (byte b : bytes) {
        add(b, orig);
      }
    }

    boolean endsWith(byte[] suffix) {
      if (length < suffix.length) {
        return false;
      }
      for (int k = 0; k < suffix.length; k++) {
        if (text[length - suffix.length + k] != suffix[k]) {
          return false;
        }
      }
      return true;
    }

    private void grow() {
      text = Arrays.copyOf(text, text.length * 2 + 8);
      normToOrig = Arrays.copyOf(normToOrig, text.length + 1);
    }
  }
}
