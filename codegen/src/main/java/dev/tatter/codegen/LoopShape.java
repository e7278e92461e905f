package dev.tatter.codegen;

import dev.tatter.ir.ops.FusedExpr;
import dev.tatter.ir.types.Type;
import java.util.List;

/**
 * What loop a fused expression compiles to: a flat loop over its index space, or a loop over the
 * rows of its {@code partition} operand that ends with a row reduction of one value per row
 * (FOLD) or of a vector per row, the values having inner dims (VECTOR_FOLD), scans the rows (SCAN)
 * or keeps the values a mask selects (FILTER, step {@code filter}).
 */
record LoopShape(Kind kind, int partition, int filter, FusedExpr.Ref valuesOf) {
  enum Kind { FLAT, FOLD, VECTOR_FOLD, SCAN, FILTER }

  static LoopShape of(FusedExpr expr, List<Type> inputTypes, List<Type> stepTypes) {
    int partition = expr.rowPartition();
    int filter = expr.filterStep();
    if (expr.endsWithRowReduction()) {
      FusedExpr.Ref values = expr.result().args().get(0);
      Type valuesType = values.isInput() ? inputTypes.get(values.index()) : stepTypes.get(values.index());
      return new LoopShape(FusedExpr.foldsVectors(valuesType) ? Kind.VECTOR_FOLD : Kind.FOLD, partition, -1, values);
    }
    if (filter >= 0) {
      return new LoopShape(Kind.FILTER, partition, filter, expr.steps().get(filter).args().get(0));
    }
    if (partition >= 0) {
      return new LoopShape(Kind.SCAN, partition, -1, null);
    }
    return new LoopShape(Kind.FLAT, -1, -1, null);
  }

  /** Whether the loop ends with a row reduction (of one value or a vector per row). */
  boolean folds() {
    return kind == Kind.FOLD || kind == Kind.VECTOR_FOLD;
  }
}
