package dev.tatter.runtime.kernels.array;

import dev.tatter.runtime.Tensor;

/** Kernels of ops with no tensor inputs. */
public final class SourceKernels {
  private SourceKernels() {}

  /** {@code constant}: its value attribute, shared, since tensors are immutable. */
  public static Tensor constant(Tensor value) {
    return value;
  }
}
