package dev.tatter.codegen;

import dev.tatter.ir.ops.FusedExpr;
import dev.tatter.ir.types.DenseType;
import dev.tatter.ir.types.Dims;
import dev.tatter.ir.types.Type;
import dev.tatter.runtime.exec.FusedSupport;
import java.util.Arrays;
import java.util.List;

/**
 * How a fused loop reads each operand ({@link FusedSupport}'s kinds), decided from the static
 * types: the run-time half ({@code FusedSupport.prepare*}) checks the actual shapes and takes the
 * general path when they do not fit. {@code links[i]} is, for a {@code row_gather}'s params, the
 * partition it is gathered through, and for such a partition, itself (the loop reads its
 * value_rowids); else -1.
 */
record OperandKinds(byte[] kinds, int[] links) {
  static OperandKinds of(FusedExpr expr, List<Type> inputTypes, LoopShape shape, DenseType space) {
    int n = inputTypes.size();
    byte[] kinds = new byte[n];
    int[] links = new int[n];
    Arrays.fill(links, -1);
    boolean vector = shape.kind() == LoopShape.Kind.VECTOR_FOLD;
    boolean[] table = new boolean[n];
    boolean[] lookupIndex = new boolean[n];
    for (FusedExpr.Step step : expr.steps()) {
      if (step.op().fusion().isGather()) {
        FusedExpr.Ref params = step.args().get(0), p = step.args().get(1);
        if (!params.isInput() || !p.isInput()) {
          throw new IllegalStateException("row_gather step " + step + " must read operands (a fuse pass bug)");
        }
        links[params.index()] = p.index();
        links[p.index()] = p.index();
      }
      if (step.op().fusion().isLookup()) {
        FusedExpr.Ref params = step.args().get(0), indices = step.args().get(1);
        if (!params.isInput() || vector && !indices.isInput()) {
          throw new IllegalStateException("gather step " + step + " must read its params (and, in a loop folding "
              + "vectors, its indices) as operands (a fuse pass bug)");
        }
        table[params.index()] = true;
        lookupIndex[indices.index()] |= indices.isInput();
      }
    }
    for (int i = 0; i < n; i++) {
      if (table[i]) {
        kinds[i] = FusedSupport.LOOKUP_TABLE;
      } else if (vector && lookupIndex[i]) {
        kinds[i] = FusedSupport.LOOKUP_INDEX;
      } else if (inputTypes.get(i) instanceof DenseType dense) {
        boolean oneElement = dense.shape().stream().allMatch(d -> Dims.isKnown(d) && d == 1);
        kinds[i] = links[i] >= 0 ? oneElement ? FusedSupport.SCALAR : FusedSupport.GATHER
            : vector ? vectorKind(dense, space) : indexMap(dense, space);
      } else {
        kinds[i] = FusedSupport.PARTITION;
      }
    }
    int partition = shape.partition();
    if (partition >= 0 && links[partition] == partition) {
      // gathered through the row loop's own partition: the row loop has the row at hand, so
      // it reads params[row] and needs no rowids (prepareRows checks nvals itself)
      links[partition] = -1;
    }
    return new OperandKinds(kinds, links);
  }

  /**
   * How the loop reads an operand, from the static types: SCALAR for a one-element shape,
   * BROADCAST if it has a lower rank or a size 1 where the result's is not known to be 1, else
   * IDENTITY (checked at run time, as unknown sizes may still differ).
   */
  static byte indexMap(DenseType operand, DenseType result) {
    if (operand.shape().stream().allMatch(d -> Dims.isKnown(d) && d == 1)) {
      return FusedSupport.SCALAR;
    }
    if (operand.rank() < result.rank()) {
      return FusedSupport.BROADCAST;
    }
    for (int a = 0; a < operand.rank(); a++) {
      if (operand.dim(a) == 1 && result.dim(a) != 1) {
        return FusedSupport.BROADCAST;
      }
    }
    return FusedSupport.IDENTITY;
  }

  /**
   * How a loop folding vectors (values {@code [nvals, inner...]}) reads an operand: SCALAR for one
   * element; PER_VALUE for {@code [nvals, 1, ...]} (inner dims statically 1 where the values' are
   * not); INNER for a lower rank or a first dim statically 1 (the inner dims, broadcast over the
   * values); else IDENTITY.
   */
  static byte vectorKind(DenseType operand, DenseType values) {
    if (operand.shape().stream().allMatch(d -> Dims.isKnown(d) && d == 1)) {
      return FusedSupport.SCALAR;
    }
    if (operand.rank() < values.rank() || operand.dim(0) == 1 && values.dim(0) != 1) {
      return FusedSupport.INNER;
    }
    boolean innerOnes = true;
    boolean valuesInnerOnes = true;
    for (int a = 1; a < operand.rank(); a++) {
      innerOnes &= operand.dim(a) == 1;
      valuesInnerOnes &= values.dim(a) == 1;
    }
    return innerOnes && !valuesInnerOnes ? FusedSupport.PER_VALUE : FusedSupport.IDENTITY;
  }
}
