package dev.tatter.runtime.kernels.text;

import dev.tatter.runtime.Utf8;
/**
 * TF Text's {@code WordpieceTokenizer} kernel ({@code WordpieceTokenizeWithOffsets}): each word is
 * split left to right into the longest vocabulary pieces (a piece after the first looked up with the
 * suffix indicator before it), at character boundaries as ICU's {@code U8_NEXT} steps; a word with
 * no split is one unknown token. The longest piece at a position is one walk down the vocabulary's
 * trie rather than TF's lookup of every shorter candidate, which gives the same piece.
 *
 * <p>Offsets are relative to the word's first byte, as TF's kernel gives them, including its quirk for
 * a word over {@code max_bytes_per_word} with an unknown token: the token ends at the unknown token's
 * length ({@code [0, 5)} for {@code [UNK]}), not the word's. Ids are what TF's vocabulary table with
 * its one OOV bucket gives the piece: its line, or the vocabulary's size for a string not in it.
 */
public final class WordpieceTokenizer {
  private final WordpieceVocabulary vocab;
  private final WordpieceOptions options;
  private final ByteTrie trie;
  private final int suffixNode;
  private final int unknownId;
  private final int suffixedUnknownId;
  private final byte[] suffixedUnknown;

  public WordpieceTokenizer(WordpieceVocabulary vocab, WordpieceOptions options) {
    this.vocab = vocab;
    this.options = options;
    this.trie = vocab.trie();
    byte[] s = options.suffixIndicator();
    this.suffixNode = trie.walk(ByteTrie.ROOT, s, 0, s.length);
    this.unknownId = idOf(options.unknownToken(), 0, options.unknownToken().length);
    this.suffixedUnknown = concat(s, options.unknownToken());
    this.suffixedUnknownId = idOf(suffixedUnknown, 0, suffixedUnknown.length);
  }

  public WordpieceVocabulary vocabulary() {
    return vocab;
  }

  public WordpieceOptions options() {
    return options;
  }

  /** The id TF's table gives a string: its line in the vocabulary, else the vocabulary's size (the one OOV bucket). */
  public int idOf(byte[] b, int from, int to) {
    int id = trie.get(b, from, to);
    return id >= 0 ? id : vocab.size();
  }

  /** The id of {@code suffixIndicator + b[from, to)}. */
  private int suffixedIdOf(byte[] b, int from, int to) {
    if (suffixNode < 0) {
      return vocab.size();
    }
    int n = trie.walk(suffixNode, b, from, to);
    int id = n < 0 ? ByteTrie.NONE : trie.value(n);
    return id >= 0 ? id : vocab.size();
  }

  /** Tokenizes each string of {@code words} as one word: a row of pieces per string. */
  public TokenSink tokenize(TextBatch words, boolean keepPieces, boolean keepIds) {
    TokenSink sink = new TokenSink(words.size(), words.size() * 2, keepPieces, keepIds);
    byte[] b = words.bytes();
    for (int i = 0; i < words.size(); i++) {
      tokenizeWord(b, words.start(i), words.end(i), 0, sink);
      sink.endRow();
    }
    return sink;
  }

  /**
   * Appends the pieces of the word {@code b[from, to)} to {@code sink}, each offset by {@code base}
   * (0 for offsets relative to the word, as TF's kernel gives them).
   */
  public void tokenizeWord(byte[] b, int from, int to, int base, TokenSink sink) {
    int length = to - from;
    if (length == 0) {
      return;
    }
    if (length > options.maxBytesPerWord()) {
      if (options.useUnknownToken()) {
        byte[] unk = options.unknownToken();
        sink.add(base, base + unk.length, unknownId, unk, 0, unk.length);
      } else {
        sink.add(base, base + length, idOf(b, from, to), b, from, to);
      }
      return;
    }
    int mark = sink.count();
    byte[] suffix = options.suffixIndicator();
    int maxChars = options.maxCharsPerToken();
    int start = from;
    while (start < to) {
      int node = start == from ? ByteTrie.ROOT : suffixNode;
      int bestEnd = -1;
      int bestId = -1;
      int chars = 0;
      int i = start;
      int firstCharEnd = -1;
      while (i < to) {
        int c = b[i] >= 0 ? b[i] : Utf8.decode(b, i, to);
        int len = Utf8.length(c);
        if (firstCharEnd < 0) {
          firstCharEnd = i + len;
        }
        if (node < 0) {
          break;
        }
        node = trie.walk(node, b, i, i + len);
        if (node < 0) {
          break;
        }
        i += len;
        chars++;
        int v = trie.value(node);
        if (v >= 0) {
          bestEnd = i;
          bestId = v;
        }
        if (maxChars > 0 && chars == maxChars) {
          break;
        }
      }
      if (bestEnd >= 0) {
        if (start == from) {
          sink.add(base + start - from, base + bestEnd - from, bestId, b, start, bestEnd);
        } else {
          sink.add(base + start - from, base + bestEnd - from, bestId, suffix, b, start, bestEnd);
        }
        start = bestEnd;
      } else if (options.splitUnknownCharacters()) {
        addUnknownCharacter(b, from, start, firstCharEnd, base, sink);
        start = firstCharEnd;
      } else {
        sink.truncate(mark);
        if (options.useUnknownToken()) {
          byte[] unk = options.unknownToken();
          sink.add(base, base + length, unknownId, unk, 0, unk.length);
        } else {
          sink.add(base, base + length, idOf(b, from, to), b, from, to);
        }
        return;
      }
    }
  }

  private void addUnknownCharacter(byte[] b, int from, int start, int end, int base, TokenSink sink) {
    int s = base + start - from;
    int e = base + end - from;
    if (options.useUnknownToken()) {
      if (start > from) {
        sink.add(s, e, suffixedUnknownId, suffixedUnknown, 0, suffixedUnknown.length);
      } else {
        byte[] unk = options.unknownToken();
        sink.add(s, e, unknownId, unk, 0, unk.length);
      }
    } else if (start > from) {
      sink.add(s, e, suffixedIdOf(b, start, end), options.suffixIndicator(), b, start, end);
    } else {
      sink.add(s, e, idOf(b, start, end), b, start, end);
    }
  }

  static byte[] concat(byte[] a, byte[] b) {
    byte[] out = java.util.Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, out, a.length, b.length);
    return out;
  }
}
