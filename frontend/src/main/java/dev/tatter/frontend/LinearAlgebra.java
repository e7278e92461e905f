package dev.tatter.frontend;

import dev.tatter.ir.ops.ArrayOps;
import dev.tatter.ir.ops.ElementwiseOps;
import dev.tatter.ir.ops.LinalgOps;
import dev.tatter.ir.ops.RaggedOps;
import dev.tatter.ir.ops.ShapeOps;
import dev.tatter.ir.types.DenseType;
import dev.tatter.ir.types.RaggedType;
import java.util.Map;

/**
 * TF's matrix products as its Python layer gives them: {@code tf.linalg.matmul} (adjoint is
 * transpose on real dtypes; a ragged operand dispatched as {@code ragged_math_ops.matmul} does),
 * {@code tf.linalg.matvec} ({@code matmul} of the vector as a column) and {@code tf.nn.bias_add}
 * ({@code tf.tensordot} and {@code tf.einsum} are {@link Contractions}).
 *
 * <p>Ragged operands, as TF: of rank 2, each must be uniform (its rows of one length: TF checks the
 * sizes of {@code to_tensor} and the flat values) and is multiplied as that dense matrix; of rank
 * 3, a {@code [B, (I), J]} times a dense {@code [B, J, K]} multiplies each value row by its batch's
 * matrix ({@code b} repeated per row, TF's batch-dim folding); above rank 3 the outer ragged
 * dimension is a batch shared by both (their partitions must agree) and the product recurses on
 * the values. TF's remaining case ({@code map_fn} over the batch: a ragged {@code b}, or {@code
 * transpose_a} of a ragged {@code a}) is refused with a message.
 */
@BuilderApi
final class LinearAlgebra {
  private LinearAlgebra() {}

  /** TF's {@code tf.linalg.matmul(a, b)}. */
  @TfApi({"tf.linalg.matmul", "tf.matmul"})
  static Value matmul(Value a, Value b) {
    return matmul(a, b, false, false, false, false);
  }

  /** TF's {@code tf.linalg.matmul(a, b, transpose_a, transpose_b)}. */
  @TfApi({"tf.linalg.matmul", "tf.matmul"})
  static Value matmul(Value a, Value b, boolean transposeA, boolean transposeB) {
    return matmul(a, b, transposeA, transposeB, false, false);
  }

  /**
   * TF's {@code tf.linalg.matmul(a, b, transpose_a, transpose_b, adjoint_a, adjoint_b)}: on the real
   * dtypes matmul takes, adjoint is transpose; transposing and adjoining one operand is TF's error.
   */
  @TfApi({"tf.linalg.matmul", "tf.matmul"})
  static Value matmul(Value a, Value b, boolean transposeA, boolean transposeB, boolean adjointA, boolean adjointB) {
    if (transposeA && adjointA) {
      throw GraphBuilder.misuse("Only one of transpose_a and adjoint_a can be True.", a);
    }
    if (transposeB && adjointB) {
      throw GraphBuilder.misuse("Only one of transpose_b and adjoint_b can be True.", b);
    }
    boolean ta = transposeA || adjointA;
    boolean tb = transposeB || adjointB;
    if (a.type() instanceof RaggedType || b.type() instanceof RaggedType) {
      return raggedMatmul(a, b, ta, tb);
    }
    return dense(a, b, ta, tb);
  }

  private static Value dense(Value a, Value b, boolean ta, boolean tb) {
    return a.builder().op(LinalgOps.MATMUL, Map.of("transpose_a", ta, "transpose_b", tb), a, b);
  }

  /** TF's {@code ragged_math_ops.matmul}. */
  private static Value raggedMatmul(Value a, Value b, boolean ta, boolean tb) {
    GraphBuilder g = a.builder();
    if (a.dtype() != b.dtype()) {
      throw GraphBuilder.misuse("`a` and `b` must have the same dtype.", a);
    }
    int rank = Shapes.rankOf(a);
    if (Shapes.rankOf(b) != rank) {
      throw GraphBuilder.misuse("`a` and `b` must have the same rank.", a);
    }
    if (rank > 3) {
      Value ra = a.type() instanceof RaggedType ? a : g.raggedFromTensor(a);
      Value rb = b.type() instanceof RaggedType ? b : g.raggedFromTensor(b);
      Value shared = g.op(RaggedOps.ASSERT_SAME_PARTITION, Map.of(), ra.partition(), rb.partition());
      Value product = matmul(ra.values(), rb.values(), ta, tb, false, false);
      return g.ragged(product, shared);
    }
    if (rank == 2) {
      return dense(uniform(a), uniform(b), ta, tb);
    }
    if (a.type() instanceof RaggedType rt && rt.raggedRank() == 1 && !(b.type() instanceof RaggedType) && !ta) {
      // [B, (I), J] x [B, J, K]: each value row times its batch's matrix, then [nvals, K] under a's partition
      Value values = a.values();
      Value rows = g.op(ArrayOps.EXPAND_DIMS, Map.of("axis", 1L), values);
      Value repeated = g.op(ArrayOps.GATHER, Map.of("axis", 0L, "batch_dims", 0L), b, a.valueRowids());
      Value flat = dense(rows, repeated, false, tb);
      Value squeezed = g.op(ShapeOps.SQUEEZE, Map.of("axis", new long[] {1}), flat);
      return g.ragged(squeezed, a.partition());
    }
    throw GraphBuilder.misuse("matmul of a ragged b, or of a ragged a transposed, or of a ragged a of ragged_rank 2 at "
        + "rank 3 is not supported (TF maps over the batch with map_fn); multiply a [B, (I), J] by a dense [B, J, K]", a);
  }

  /**
   * A ragged matrix as the dense one it must be (TF's {@code _matmul_2d}: rows of one length, else
   * "The matrices in `a` and `b` may not be ragged in their innermost dimension.").
   */
  private static Value uniform(Value x) {
    if (!(x.type() instanceof RaggedType)) {
      return x;
    }
    GraphBuilder g = x.builder();
    Value checked = g.op(LinalgOps.UNIFORM_ROWS, Map.of(), x.partition());
    return g.ragged(x.values(), checked).toTensor();
  }

  /** TF's {@code tf.linalg.matvec(a, b)}. */
  @TfApi("tf.linalg.matvec")
  static Value matvec(Value a, Value b) {
    return matvec(a, b, false, false);
  }

  /** TF's {@code tf.linalg.matvec(a, b, transpose_a, adjoint_a)}: {@code matmul(a, b[..., None])[..., 0]}. */
  @TfApi("tf.linalg.matvec")
  static Value matvec(Value a, Value b, boolean transposeA, boolean adjointA) {
    int rank = Shapes.rankOf(b);
    Value column = ArrayFunctions.expandDims(b, rank);
    Value product = matmul(a, column, transposeA, false, adjointA, false);
    return Shapes.squeeze(product, -1);
  }

  /**
   * TF's {@code tf.nn.bias_add(value, bias)} (data_format NHWC): {@code value + bias}, bias a vector
   * of the last dim's size (TF's BiasAdd refuses any other).
   */
  @TfApi("tf.nn.bias_add")
  static Value biasAdd(Value value, Value bias) {
    if (!(bias.type() instanceof DenseType b) || b.rank() != 1) {
      throw GraphBuilder.misuse("bias_add: Biases must be 1D", bias);
    }
    int rank = Shapes.rankOf(value);
    if (rank < 2) {
      throw GraphBuilder.misuse("bias_add: Input tensor must be at least 2D", value);
    }
    return ElementwiseLowering.binary(ElementwiseOps.ADD, value, bias);
  }
}
