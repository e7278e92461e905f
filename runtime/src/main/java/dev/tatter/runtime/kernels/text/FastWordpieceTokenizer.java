package dev.tatter.runtime.kernels.text;

import dev.tatter.runtime.Utf8;
import dev.tatter.runtime.InvalidArgumentException;
import java.util.ArrayDeque;
import java.util.Arrays;

/**
 * TF Text's {@code FastWordpieceTokenizer}: LinMaxMatch ("Fast WordPiece Tokenization", Song et al.,
 * 2021). The vocabulary's trie gets, per node {@code v}, a failure link {@code f(v)} and failure pops
 * {@code F(v)}: when the next character cannot extend {@code v}, MaxMatch would emit the tokens
 * {@code F(v)} and continue from {@code f(v)} (the suffix-indicator node plus what is left). Both are
 * computed once, breadth first, as Aho-Corasick's are; a word is then tokenized in one pass over its
 * bytes with no backtracking, each byte stepped once and each token emitted once.
 *
 * <p>Gives MaxMatch's result, i.e. {@link WordpieceTokenizer}'s with TF's defaults, except that a
 * word over {@code max_bytes_per_token} is one unknown token spanning the word (as TF's
 * FastWordpiece gives it). A word that begins with the suffix indicator itself (its path in the
 * trie is also the continuation root's) is tokenized by the greedy algorithm. In end-to-end mode
 * ({@code no_pretokenization = false}) text is first cut at White_Space and at each punctuation or
 * CJK character, as TF's end-to-end kernel cuts it, and each word is then tokenized.
 */
public final class FastWordpieceTokenizer {
  private final WordpieceVocabulary vocab;
  private final ByteTrie trie;
  private final byte[] suffix;
  private final int suffixRoot;
  private final int maxBytesPerToken;
  private final byte[] unknownToken;
  private final int unknownId;
  private final int[] failLink;
  private final int[] popsStart;
  private final int[] popsEnd;
  private final int[] popsPool;
  /** Per token id, its length in a word: its bytes, less the suffix indicator for a suffix token. */
  private final int[] lengthInWord;
  private final boolean[] isSuffixToken;
  private final WordpieceTokenizer greedy;

  public FastWordpieceTokenizer(WordpieceVocabulary vocab, String suffixIndicator, int maxBytesPerToken, String unknownToken) {
    this.vocab = vocab;
    this.suffix = WordpieceOptions.utf8(suffixIndicator);
    this.maxBytesPerToken = maxBytesPerToken;
    this.unknownToken = WordpieceOptions.utf8(unknownToken);
    this.unknownId = vocab.id(this.unknownToken);
    if (unknownId < 0) {
      throw new InvalidArgumentException("the unknown token " + unknownToken
          + " is not in the vocabulary (FastWordpieceTokenizer needs it there, as TF Text's model builder does)");
    }
    this.greedy = new WordpieceTokenizer(vocab, WordpieceOptions.defaults().withSuffixIndicator(suffixIndicator)
        .withMaxBytesPerWord(maxBytesPerToken).withUnknownToken(unknownToken));
    // the trie, with the suffix indicator's node present even if no token has it
    ByteTrie.Builder tb = new ByteTrie.Builder();
    for (int id = 0; id < vocab.size(); id++) {
      byte[] t = vocab.token(id);
      tb.put(t, 0, t.length, id);
    }
    this.suffixRoot = tb.node(suffix, 0, suffix.length);
    long[] edgeKeys = tb.edgeKeys();
    int[] edgeChildren = tb.edgeChildren();
    this.trie = tb.build();
    int nodes = trie.nodeCount();
    this.lengthInWord = new int[vocab.size()];
    this.isSuffixToken = new boolean[vocab.size()];
    for (int id = 0; id < vocab.size(); id++) {
      byte[] t = vocab.token(id);
      boolean isSuffix = suffix.length > 0 && t.length >= suffix.length
          && Arrays.equals(t, 0, suffix.length, suffix, 0, suffix.length);
      isSuffixToken[id] = isSuffix;
      lengthInWord[id] = isSuffix ? t.length - suffix.length : t.length;
    }
    // children lists, for the breadth-first walk
    int[] childCount = new int[nodes + 1];
    for (long k : edgeKeys) {
      childCount[(int) (k >>> 8) + 1]++;
    }
    for (int n = 0; n < nodes; n++) {
      childCount[n + 1] += childCount[n];
    }
    int[] childAt = new int[edgeKeys.length];
    int[] byteAt = new int[edgeKeys.length];
    int[] fill = Arrays.copyOf(childCount, nodes);
    for (int e = 0; e < edgeKeys.length; e++) {
      int parent = (int) (edgeKeys[e] >>> 8);
      childAt[fill[parent]] = edgeChildren[e];
      byteAt[fill[parent]++] = (int) (edgeKeys[e] & 0xFF);
    }
    failLink = new int[nodes];
    popsStart = new int[nodes];
    popsEnd = new int[nodes];
    Arrays.fill(failLink, -1);
    int[] pool = new int[Math.max(16, nodes)];
    int poolSize = 0;
    ArrayDeque<Integer> queue = new ArrayDeque<>();
    queue.add(ByteTrie.ROOT);
    int[] scratch = new int[64];
    while (!queue.isEmpty()) {
      int u = queue.poll();
      for (int e = childCount[u]; e < childCount[u + 1]; e++) {
        int v = childAt[e];
        int c = byteAt[e];
        queue.add(v);
        if (v == suffixRoot) {
          continue; // the continuation root: nothing to pop, no link
        }
        int value = trie.value(v);
        int n = 0;
        int link;
        if (value >= 0) {
          scratch[n++] = value;
          link = suffixRoot;
        } else {
          link = -1;
          int z = failLink[u];
          if (z >= 0) {
            for (int p = popsStart[u]; p < popsEnd[u]; p++) {
              scratch = ensure(scratch, n);
              scratch[n++] = pool[p];
            }
            while (z >= 0 && trie.child(z, c) < 0) {
              for (int p = popsStart[z]; p < popsEnd[z]; p++) {
                scratch = ensure(scratch, n);
                scratch[n++] = pool[p];
              }
              z = failLink[z];
            }
            if (z >= 0) {
              link = trie.child(z, c);
            }
          }
          if (link < 0) {
            n = 0;
          }
        }
        failLink[v] = link;
        if (poolSize + n > pool.length) {
          pool = Arrays.copyOf(pool, Math.max(pool.length * 2, poolSize + n));
        }
        System.arraycopy(scratch, 0, pool, poolSize, n);
        popsStart[v] = poolSize;
        poolSize += n;
        popsEnd[v] = poolSize;
      }
    }
    this.popsPool = Arrays.copyOf(pool, poolSize);
  }

  private static int[] ensure(int[] a, int n) {
    return n < a.length ? a : Arrays.copyOf(a, a.length * 2);
  }

  public WordpieceVocabulary vocabulary() {
    return vocab;
  }

  /** Tokenizes each string as one word (TF's {@code no_pretokenization = True}). */
  public TokenSink tokenizeWords(TextBatch words, boolean keepPieces) {
    TokenSink sink = new TokenSink(words.size(), words.size() * 2, keepPieces, true);
    byte[] b = words.bytes();
    for (int i = 0; i < words.size(); i++) {
      tokenizeWord(b, words.start(i), words.end(i), 0, sink);
      sink.endRow();
    }
    return sink;
  }

  /** Tokenizes each string end to end (TF's {@code no_pretokenization = False}): offsets into the string. */
  public TokenSink tokenizeText(TextBatch texts, boolean keepPieces) {
    TokenSink sink = new TokenSink(texts.size(), (int) Math.min(Integer.MAX_VALUE - 8, texts.totalBytes() / 4 + 16), keepPieces, true);
    byte[] b = texts.bytes();
    for (int s = 0; s < texts.size(); s++) {
      int from = texts.start(s);
      int to = texts.end(s);
      int i = from;
      int wordStart = -1;
      while (i < to) {
        int c = b[i] >= 0 ? b[i] : Utf8.decode(b, i, to);
        int len = Utf8.length(c);
        int cls = CharClasses.of(c);
        if ((cls & CharClasses.WHITE_SPACE) != 0 || (cls & (CharClasses.PUNCTUATION | CharClasses.CJK)) != 0) {
          if (wordStart >= 0) {
            tokenizeWord(b, wordStart, i, wordStart - from, sink);
            wordStart = -1;
          }
          if ((cls & CharClasses.WHITE_SPACE) == 0) {
            tokenizeWord(b, i, i + len, i - from, sink);
          }
        } else if (wordStart < 0) {
          wordStart = i;
        }
        i += len;
      }
      if (wordStart >= 0) {
        tokenizeWord(b, wordStart, to, wordStart - from, sink);
      }
      sink.endRow();
    }
    return sink;
  }

  /** Appends the tokens of the word {@code b[from, to)}, offsets shifted by {@code base}. */
  public void tokenizeWord(byte[] b, int from, int to, int base, TokenSink sink) {
    int length = to - from;
    if (length == 0) {
      return;
    }
    if (length > maxBytesPerToken) {
      sink.add(base, base + length, unknownId, unknownToken, 0, unknownToken.length);
      return;
    }
    if (suffix.length > 0 && length >= suffix.length && Arrays.equals(b, from, from + suffix.length, suffix, 0, suffix.length)) {
      greedy.tokenizeWord(b, from, to, base, sink);
      return;
    }
    int mark = sink.count();
    int node = ByteTrie.ROOT;
    int emitted = from; // where the next emitted token starts
    int i = from;
    while (i < to) {
      int len = b[i] >= 0 ? 1 : Utf8.length(Utf8.decode(b, i, to));
      int next;
      while ((next = trie.walk(node, b, i, i + len)) < 0) {
        if (failLink[node] < 0) {
          unknown(from, length, base, mark, sink);
          return;
        }
        emitted = pop(b, from, emitted, node, base, sink);
        node = failLink[node];
      }
      node = next;
      i += len;
    }
    while (node != suffixRoot) {
      if (failLink[node] < 0) {
        unknown(from, length, base, mark, sink);
        return;
      }
      emitted = pop(b, from, emitted, node, base, sink);
      node = failLink[node];
    }
  }

  private int pop(byte[] b, int from, int emitted, int node, int base, TokenSink sink) {
    int at = emitted;
    for (int p = popsStart[node]; p < popsEnd[node]; p++) {
      int id = popsPool[p];
      int end = at + lengthInWord[id];
      if (at == from) {
        sink.add(base + at - from, base + end - from, id, b, at, end);
      } else {
        sink.add(base + at - from, base + end - from, id, suffix, b, at, end);
      }
      at = end;
    }
    return at;
  }

  private void unknown(int from, int length, int base, int mark, TokenSink sink) {
    sink.truncate(mark);
    sink.add(base, base + length, unknownId, unknownToken, 0, unknownToken.length);
  }

  /**
   * TF's {@code FastWordpieceTokenizer.detokenize} of one row of ids: pieces joined into words (a
   * non-suffix piece starts a new word, a row opening with a suffix piece keeps its indicator),
   * words joined by one space. An id outside the vocabulary is TF's "Token ID out of bounds" error.
   */
  public byte[] detokenize(long[] ids, int from, int to) {
    java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
    boolean wordOpen = false;
    for (int k = from; k < to; k++) {
      long id = ids[k];
      if (id < 0 || id >= vocab.size()) {
        throw new InvalidArgumentException("Token ID out of bounds: " + id + " (the vocabulary has " + vocab.size() + " tokens)");
      }
      byte[] t = vocab.token((int) id);
      boolean isSuffix = isSuffixToken[(int) id];
      if (wordOpen && !isSuffix) {
        out.write(' ');
      }
      if (isSuffix && wordOpen) {
        out.write(t, suffix.length, t.length - suffix.length);
      } else {
        out.write(t, 0, t.length);
      }
      wordOpen = true;
    }
    return out.toByteArray();
  }
}
