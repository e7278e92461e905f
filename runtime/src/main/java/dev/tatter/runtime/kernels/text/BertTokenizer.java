package dev.tatter.runtime.kernels.text;

import java.util.Arrays;

/**
 * TF Text's {@code BertTokenizer}: its {@link BertBasicTokenizer} then its {@link
 * WordpieceTokenizer} on each word, fused: a word is never made a string, the pieces are found in
 * the normalized bytes where the split left the word. The result is TF's three-level ragged shape,
 * {@code [strings, (words), (pieces)]}: {@link Result#wordRowSplits} per string and the sink's rows
 * per word; a piece's offsets are into its string's normalized text, as TF's {@code begin + wp_begin}.
 */
public final class BertTokenizer {
  private final BertBasicTokenizer basic;
  private final WordpieceTokenizer wordpiece;

  public BertTokenizer(BertBasicTokenizer basic, WordpieceTokenizer wordpiece) {
    this.basic = basic;
    this.wordpiece = wordpiece;
  }

  public WordpieceTokenizer wordpiece() {
    return wordpiece;
  }

  /** Words per string and pieces per word. */
  public record Result(long[] wordRowSplits, TokenSink pieces) {}

  public Result tokenize(TextBatch in, boolean keepPieces, boolean keepIds) {
    TokenSink sink = new TokenSink((int) Math.min(Integer.MAX_VALUE - 8, in.totalBytes() / 4 + 16),
        (int) Math.min(Integer.MAX_VALUE - 8, in.totalBytes() / 3 + 16), keepPieces, keepIds);
    long[] wordSplits = new long[in.size() + 1];
    TextBatch.Builder scratch = new TextBatch.Builder(1, 256);
    int[] words = {0};
    byte[] src = in.bytes();
    for (int s = 0; s < in.size(); s++) {
      scratch.dropTo(0);
      basic.normalizeInto(src, in.start(s), in.end(s), scratch);
      byte[] n = scratch.buffer();
      basic.split(n, 0, scratch.position(), (start, end) -> {
        wordpiece.tokenizeWord(n, start, end, start, sink);
        sink.endRow();
        words[0]++;
      });
      wordSplits[s + 1] = words[0];
    }
    return new Result(wordSplits, sink);
  }

  /**
   * Ids only, each string's pieces as one row (the words' level merged away), for the callers that
   * go on to model inputs: {@code ids[rowSplits[i], rowSplits[i + 1])} are string {@code i}'s.
   */
  public long[][] idsAndRowSplits(TextBatch in) {
    Result r = tokenize(in, false, true);
    long[] pieceRows = r.pieces().rowSplits();
    long[] rows = new long[in.size() + 1];
    for (int s = 0; s < in.size(); s++) {
      rows[s + 1] = pieceRows[(int) r.wordRowSplits()[s + 1]];
    }
    int[] ids = r.pieces().ids();
    long[] out = new long[ids.length];
    Arrays.setAll(out, k -> ids[k]);
    return new long[][] {out, rows};
  }
}
