package dev.tatter.runtime.kernels.text;

import dev.tatter.runtime.DType;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.RowPartition;
import dev.tatter.runtime.StringColumn;
import dev.tatter.runtime.Tensor;
import java.util.Arrays;

/**
 * One result of a splitter, row by row: the tokens' bytes, or their start or end byte offsets
 * (int64), as a ragged tensor {@code [strings, (tokens)]} with int64 row splits. A splitter op's
 * {@code result} attribute names which ({@link Kind}); the splitter reports every token and this
 * keeps what was asked, so the three results of {@code tokenize_with_offsets} share one engine.
 */
final class SplitRows {
  /** Which result a splitter op gives. */
  enum Kind {
    TOKENS, STARTS, ENDS;

    static Kind of(String name) {
      return switch (name) {
        case "tokens" -> TOKENS;
        case "starts" -> STARTS;
        case "ends" -> ENDS;
        default -> throw new InvalidArgumentException("result must be tokens, starts or ends, got " + name);
      };
    }
  }

  private final Kind kind;
  private final StringColumn.Builder tokens;
  private long[] offsets;
  private int count;
  private final long[] splits;
  private int rows;

  SplitRows(String result, int strings, int expectedBytes) {
    this.kind = Kind.of(result);
    this.tokens = kind == Kind.TOKENS ? StringColumn.builder(Math.max(16, strings * 2), expectedBytes) : null;
    this.offsets = kind == Kind.TOKENS ? null : new long[Math.max(16, strings * 2)];
    this.splits = new long[strings + 1];
  }

  boolean wantsTokens() {
    return kind == Kind.TOKENS;
  }

  /** A token that is {@code src[from, to)}, at byte offsets {@code [start, end)} of its string. */
  void add(byte[] src, int from, int to, long start, long end) {
    if (tokens != null) {
      tokens.append(src, from, to);
      count++;
    } else {
      offset(kind == Kind.STARTS ? start : end);
    }
  }

  /** A token whose bytes the caller has put into {@link #tokenBytes()} (only when tokens are wanted), or only its offsets. */
  void addBuilt(long start, long end) {
    if (tokens != null) {
      tokens.endElement();
      count++;
    } else {
      offset(kind == Kind.STARTS ? start : end);
    }
  }

  /** Where a token's bytes are put before {@link #addBuilt}. */
  StringColumn.Builder tokenBytes() {
    return tokens;
  }

  private void offset(long value) {
    if (count == offsets.length) {
      offsets = Arrays.copyOf(offsets, Math.max(16, (int) Math.min(Integer.MAX_VALUE - 8, offsets.length * 2L)));
    }
    offsets[count++] = value;
  }

  /** Ends the row of the current string. */
  void endRow() {
    splits[++rows] = count;
  }

  RaggedTensor build() {
    Tensor values = tokens != null
        ? Tensor.wrap(DType.STRING, new int[] {count}, tokens.build())
        : Tensor.wrap(DType.INT64, new int[] {count}, Arrays.copyOf(offsets, count));
    return RaggedTensor.of(values, RowPartition.adoptingRowSplits(splits, DType.INT64));
  }
}
