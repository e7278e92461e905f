package dev.tatter.bench.sbs;

import dev.tatter.bench.sbs.SideBySideData.Ragged;
import dev.tatter.bench.sbs.SideBySideData.Sparse;

/**
 * The inputs of one side-by-side case, as Java arrays, so that every engine starts from the
 * same data: a ragged tensor (W1-W4; W4b also its value rowids), or a sparse matrix and a dense
 * operand of {@code denseRows x denseCols} (W5a: a column, W5b: a matrix), or nothing (W6).
 */
public record SideBySideInputs(Ragged ragged, long[] rowids, Sparse sparse, float[] dense, int denseRows, int denseCols) {
  public static SideBySideInputs ragged(Ragged r, boolean withRowids) {
    return new SideBySideInputs(r, withRowids ? r.valueRowids() : null, null, null, 0, 0);
  }

  public static SideBySideInputs sparse(Sparse s, float[] dense, int rows, int cols) {
    return new SideBySideInputs(null, null, s, dense, rows, cols);
  }

  public static SideBySideInputs none() {
    return new SideBySideInputs(null, null, null, null, 0, 0);
  }
}
