package dev.tatter.runtime.kernels.elementwise;

import dev.tatter.runtime.DType;
import dev.tatter.runtime.Tensor;

/**
 * TF's {@code Equal} and {@code NotEqual} with their {@code incompatible_shape_error} attribute.
 * With the attribute true (the default, {@code tf.math.equal}) shapes that cannot broadcast are
 * an error, as for every elementwise op. With it false (what Python's {@code x == y} and
 * {@code x != y} emit, {@code math_ops.tensor_equals}) such shapes give one scalar bool instead:
 * False for {@code ==}, True for {@code !=} — TF's kernel ({@code cwise_op_equal_to_1.cc},
 * {@code BinaryOp::Compute} with {@code incompatible_shape_error_ == false}) checks the broadcast
 * first and outputs a scalar holding {@code !std::equal_to} of two different things. Compatible
 * shapes compare elementwise through the one pointwise loop, so every dtype {@code eq} takes
 * (numeric, bool, string, complex) compares exactly as the plain op does.
 */
public final class EqualityKernels {
  private EqualityKernels() {}

  /**
   * {@code fn(x, y)} elementwise; or, when {@code incompatibleShapeError} is false and the
   * shapes cannot broadcast, the scalar {@code ifIncompatible}.
   */
  public static Tensor compare(ScalarFunction fn, Boolean ifIncompatible, Tensor x, Tensor y, boolean incompatibleShapeError) {
    // one dtype first: TF's op has one type attribute, so mixed dtypes fail before shapes are looked at
    if (!incompatibleShapeError && x.dtype() == y.dtype() && !Broadcast.compatible(x.shape(), y.shape())) {
      return Tensor.scalar(DType.BOOL, ifIncompatible);
    }
    return PointwiseKernels.binary(fn, x, y);
  }
}
