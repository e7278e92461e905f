package dev.tatter.codegen;

import dev.tatter.ir.ops.FusedExpr;

/**
 * What loop a fused expression compiles to: a flat loop over its index space, or a loop over the
 * rows of its {@code partition} operand that ends with a row reduction (FOLD), scans the rows
 * (SCAN) or keeps the values a mask selects (FILTER, step {@code filter}).
 */
record LoopShape(Kind kind, int partition, int filter, FusedExpr.Ref valuesOf) {
  enum Kind { FLAT, FOLD, SCAN, FILTER }

  static LoopShape of(FusedExpr expr) {
    int partition = expr.rowPartition();
    int filter = expr.filterStep();
    if (expr.endsWithRowReduction()) {
      return new LoopShape(Kind.FOLD, partition, -1, expr.result().args().get(0));
    }
    if (filter >= 0) {
      return new LoopShape(Kind.FILTER, partition, filter, expr.steps().get(filter).args().get(0));
    }
    if (partition >= 0) {
      return new LoopShape(Kind.SCAN, partition, -1, null);
    }
    return new LoopShape(Kind.FLAT, -1, -1, null);
  }
}
