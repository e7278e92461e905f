package dev.tatter.runtime.kernels.text;

import java.util.Arrays;

/**
 * What a tokenizer writes: per input string a row of tokens, each with its byte offsets (start
 * inclusive, end exclusive, into the string the tokenizer read) and, as asked, its id and its bytes.
 * Growable primitive arrays; {@link #rowSplits()} and the accessors give trimmed copies.
 */
public final class TokenSink {
  private final boolean keepPieces;
  private final boolean keepIds;
  private int[] starts;
  private int[] ends;
  private int[] ids;
  private final TextBatch.Builder pieces;
  private long[] rowSplits;
  private int rows;
  private int count;

  /** A sink keeping each token's bytes ({@code keepPieces}) and id ({@code keepIds}) besides its offsets. */
  public TokenSink(int expectedRows, int expectedTokens, boolean keepPieces, boolean keepIds) {
    this.keepPieces = keepPieces;
    this.keepIds = keepIds;
    int n = Math.max(16, expectedTokens);
    starts = new int[n];
    ends = new int[n];
    ids = keepIds ? new int[n] : null;
    pieces = keepPieces ? new TextBatch.Builder(n, n * 6) : null;
    rowSplits = new long[Math.max(2, expectedRows + 1)];
  }

  public boolean keepsPieces() {
    return keepPieces;
  }

  public boolean keepsIds() {
    return keepIds;
  }

  /** The number of tokens written. */
  public int count() {
    return count;
  }

  /** Adds a token without bytes (the sink keeps no pieces, or they are appended with {@link #pieces()}). */
  public void add(int start, int end, int id) {
    if (count == starts.length) {
      grow();
    }
    starts[count] = start;
    ends[count] = end;
    if (keepIds) {
      ids[count] = id;
    }
    count++;
  }

  /** Adds a token whose bytes are {@code src[from, to)} (kept when the sink keeps pieces). */
  public void add(int start, int end, int id, byte[] src, int from, int to) {
    add(start, end, id);
    if (keepPieces) {
      pieces.append(src, from, to);
      pieces.endString();
    }
  }

  /** Adds a token whose bytes are {@code prefix} then {@code src[from, to)}. */
  public void add(int start, int end, int id, byte[] prefix, byte[] src, int from, int to) {
    add(start, end, id);
    if (keepPieces) {
      pieces.append(prefix, 0, prefix.length);
      pieces.append(src, from, to);
      pieces.endString();
    }
  }

  /** Drops the tokens after the first {@code keep} (a word that turned out unknown). */
  public void truncate(int keep) {
    if (keepPieces) {
      pieces.dropTo(keep);
    }
    count = keep;
  }

  /** Ends the row of the current input string. */
  public void endRow() {
    if (rows + 2 > rowSplits.length) {
      rowSplits = Arrays.copyOf(rowSplits, rowSplits.length * 2);
    }
    rowSplits[++rows] = count;
  }

  private void grow() {
    int n = starts.length * 2;
    starts = Arrays.copyOf(starts, n);
    ends = Arrays.copyOf(ends, n);
    if (keepIds) {
      ids = Arrays.copyOf(ids, n);
    }
  }

  public long[] rowSplits() {
    return Arrays.copyOf(rowSplits, rows + 1);
  }

  public int[] starts() {
    return Arrays.copyOf(starts, count);
  }

  public int[] ends() {
    return Arrays.copyOf(ends, count);
  }

  public int[] ids() {
    if (!keepIds) {
      throw new IllegalStateException("this sink keeps no ids");
    }
    return Arrays.copyOf(ids, count);
  }

  public TextBatch pieces() {
    if (!keepPieces) {
      throw new IllegalStateException("this sink keeps no pieces");
    }
    return pieces.build();
  }

  /** Token {@code k}'s id (for engines that read back what they wrote). */
  int idAt(int k) {
    return ids[k];
  }
}
