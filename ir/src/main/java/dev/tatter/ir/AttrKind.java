package dev.tatter.ir;

import com.google.common.collect.ImmutableList;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.Tensor;

/**
 * The kinds of attribute an op may declare, each with the Java type it is stored as and the
 * parameter type its kernel receives.
 */
public enum AttrKind {
  BOOL(Boolean.class, boolean.class),
  INT(Long.class, long.class),
  FLOAT(Double.class, double.class),
  STRING(String.class, String.class),
  DTYPE(DType.class, DType.class),
  TENSOR(Tensor.class, Tensor.class),
  /** A ragged constant, written like a tensor literal with a ragged type. */
  RAGGED(RaggedTensor.class, RaggedTensor.class),
  INTS(ImmutableList.class, long[].class);

  private final Class<?> storedType;
  private final Class<?> kernelParameterType;

  AttrKind(Class<?> storedType, Class<?> kernelParameterType) {
    this.storedType = storedType;
    this.kernelParameterType = kernelParameterType;
  }

  public Class<?> storedType() {
    return storedType;
  }

  public Class<?> kernelParameterType() {
    return kernelParameterType;
  }

  /** The value as its kernel parameter takes it (a {@code long[]} for INTS, else itself). */
  public Object toKernelArgument(Object value) {
    if (this == INTS) {
      return ((ImmutableList<?>) value).stream().mapToLong(v -> (Long) v).toArray();
    }
    return value;
  }
}
