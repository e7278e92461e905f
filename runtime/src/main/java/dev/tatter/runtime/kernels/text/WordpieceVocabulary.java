package dev.tatter.runtime.kernels.text;

import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.io.InputLimit;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A WordPiece vocabulary: token {@code i} is the {@code i}-th line of a {@code vocab.txt}, as TF
 * Text's {@code TextFileIdTableInitializer} numbers them, held in a {@link ByteTrie} (a token's
 * bytes to its id) so that the longest vocabulary prefix of a word is one walk. Duplicate tokens are
 * refused, as TF's table initializer refuses a key with two values.
 */
public final class WordpieceVocabulary {
  /** The most tokens a vocabulary may have (TF Text's FastWordpiece takes 2^22; this is more generous). */
  public static final int MAX_TOKENS = 1 << 24;

  private final byte[][] tokens;
  private final ByteTrie trie;

  private WordpieceVocabulary(byte[][] tokens, ByteTrie trie) {
    this.tokens = tokens;
    this.trie = trie;
  }

  /** The vocabulary of these tokens, id = position; {@code source} names them in errors. */
  public static WordpieceVocabulary of(byte[][] tokens, String source) {
    if (tokens.length == 0) {
      throw new InvalidArgumentException("the vocabulary " + source + " is empty (a WordPiece vocabulary needs at least one token)");
    }
    if (tokens.length > MAX_TOKENS) {
      throw new InvalidArgumentException("the vocabulary " + source + " has " + tokens.length + " tokens, more than " + MAX_TOKENS);
    }
    ByteTrie.Builder b = new ByteTrie.Builder();
    int[] firstAt = new int[0];
    for (int i = 0; i < tokens.length; i++) {
      int node = b.node(tokens[i], 0, tokens[i].length);
      if (firstAt.length <= node) {
        int[] grown = java.util.Arrays.copyOf(firstAt, Math.max(node + 1, firstAt.length * 2 + 16));
        java.util.Arrays.fill(grown, firstAt.length, grown.length, -1);
        firstAt = grown;
      }
      if (firstAt[node] >= 0) {
        throw new InvalidArgumentException(String.format(
            "the vocabulary %s has the token %s twice, at line %d and line %d (TF's table initializer: "
                + "HashTable has different value for same key)",
            source, dev.tatter.runtime.ByteStrings.quoted(tokens[i], 0, tokens[i].length), firstAt[node] + 1, i + 1));
      }
      firstAt[node] = i;
      b.put(tokens[i], 0, tokens[i].length, i);
    }
    return new WordpieceVocabulary(tokens.clone(), b.build());
  }

  /**
   * The vocabulary in a {@code vocab.txt}: one token per line, UTF-8, a line's {@code \n} (and a
   * {@code \r} before it) not part of the token, as TF's {@code TextFileIdTableInitializer} reads it.
   * A missing, empty or too large file, or one with a duplicate line, is refused naming the file (and
   * the line).
   */
  public static WordpieceVocabulary read(Path file) {
    byte[] all;
    try {
      all = InputLimit.readAll(file, "the vocabulary file " + file); // counted as read: /dev/zero has no size
    } catch (NoSuchFileException e) {
      throw new InvalidArgumentException("the vocabulary file " + file + " does not exist");
    } catch (InputLimit.Refused e) {
      throw new InvalidArgumentException(e.getMessage());
    } catch (IOException e) {
      throw new InvalidArgumentException("the vocabulary file " + file + " cannot be read: " + e);
    }
    return of(lines(all), "file " + file);
  }

  /** The lines of a file's bytes, without their {@code \n} or {@code \r\n}; a last line without one counts. */
  public static byte[][] lines(byte[] all) {
    List<byte[]> out = new ArrayList<>();
    int start = 0;
    for (int i = 0; i <= all.length; i++) {
      if (i == all.length || all[i] == '\n') {
        if (i == all.length && start == i) {
          break;
        }
        int end = i > start && all[i - 1] == '\r' ? i - 1 : i;
        out.add(java.util.Arrays.copyOfRange(all, start, end));
        start = i + 1;
      }
    }
    return out.toArray(new byte[0][]);
  }

  /** The tokens of a string tensor's elements, as a table built from them (ids are positions). */
  public static WordpieceVocabulary ofUtf8(String... tokens) {
    byte[][] t = new byte[tokens.length][];
    for (int i = 0; i < t.length; i++) {
      t[i] = tokens[i].getBytes(StandardCharsets.UTF_8);
    }
    return of(t, "given");
  }

  public int size() {
    return tokens.length;
  }

  /** Token {@code id}'s bytes (shared: never write into them). */
  public byte[] token(int id) {
    return tokens[id];
  }

  /** The id of {@code b[from, to)}, or -1. */
  public int id(byte[] b, int from, int to) {
    return trie.get(b, from, to);
  }

  /** The id of a whole byte string, or -1. */
  public int id(byte[] token) {
    return trie.get(token, 0, token.length);
  }

  public ByteTrie trie() {
    return trie;
  }
}
