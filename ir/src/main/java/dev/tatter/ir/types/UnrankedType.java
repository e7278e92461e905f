package dev.tatter.ir.types;

import static com.google.common.base.Preconditions.checkNotNull;

import dev.tatter.runtime.DType;

/**
 * A dense tensor whose rank is known only at run time: {@code tensor<bool>[*]}. TF's
 * {@code x == y} ({@code Equal} with {@code incompatible_shape_error=False}) has this type when
 * the static shapes neither prove nor refute that x and y broadcast: the result is the
 * elementwise comparison, or a scalar when they turn out not to, so its rank depends on the data
 * (TF's shape function gives an unknown shape there too). Only ops that declare
 * {@link dev.tatter.ir.Trait#ACCEPTS_UNRANKED} take such an operand.
 */
public record UnrankedType(DType dtype) implements Type {
  public UnrankedType {
    checkNotNull(dtype, "dtype");
  }

  /** The shape as TF prints an unknown-rank {@code TensorShape}. */
  public String tfShape() {
    return "<unknown>";
  }

  @Override
  public String toString() {
    return "tensor<" + dtype + ">[*]";
  }
}
