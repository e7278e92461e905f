package dev.tatter.ir;

import com.google.common.collect.ImmutableList;
import dev.tatter.ir.types.DenseType;
import dev.tatter.ir.types.PartitionType;
import dev.tatter.ir.types.RaggedType;
import dev.tatter.ir.types.SparseType;
import dev.tatter.ir.types.Type;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.Tensor;
import java.util.List;
import java.util.Optional;

/**
 * What a {@link TypeRule} sees: the operand types, the attributes (defaults filled in) and the
 * type the user declared (a placeholder's type; for other ops the annotation of the textual IR,
 * which the graph builder checks against the inferred type). The typed getters throw
 * {@link TypeException}s that name the operand.
 */
public final class OpContext {
  private final OpDef op;
  private final ImmutableList<Type> operandTypes;
  private final Attributes attributes;
  private final Type declaredType;
  private final List<Tensor> constants;

  public OpContext(OpDef op, List<Type> operandTypes, Attributes attributes, Type declaredType) {
    this(op, operandTypes, null, attributes, declaredType);
  }

  /** {@code constants} holds, per operand, its value if it is a constant node, else null (or is null itself). */
  public OpContext(OpDef op, List<Type> operandTypes, List<Tensor> constants, Attributes attributes, Type declaredType) {
    this.op = op;
    this.operandTypes = ImmutableList.copyOf(operandTypes);
    this.constants = constants;
    this.attributes = attributes;
    this.declaredType = declaredType;
  }

  /**
   * The value of operand {@code i} when it is a constant node (TF's {@code constant_value}), for
   * rules that make a size static when its tensor is known as the graph is built.
   */
  public Optional<Tensor> constant(int i) {
    return constants == null ? Optional.empty() : Optional.ofNullable(constants.get(i));
  }

  public OpDef op() {
    return op;
  }

  /** The operand types, in order (an unmodifiable list). */
  public List<Type> operandTypes() {
    return operandTypes;
  }

  public Type operand(int i) {
    return operandTypes.get(i);
  }

  public Attributes attributes() {
    return attributes;
  }

  public Optional<Type> declaredType() {
    return Optional.ofNullable(declaredType);
  }

  public DenseType dense(int i) {
    return as(i, DenseType.class, "a dense tensor");
  }

  public RaggedType ragged(int i) {
    return as(i, RaggedType.class, "a ragged tensor");
  }

  public SparseType sparse(int i) {
    return as(i, SparseType.class, "a sparse tensor");
  }

  public PartitionType partition(int i) {
    return as(i, PartitionType.class, "a row partition");
  }

  /** Operand {@code i} must be a dense tensor or a ragged tensor. */
  public Type tensor(int i) {
    Type t = operand(i);
    if (t instanceof PartitionType || t instanceof SparseType) {
      throw fail("operand '%s' must be a dense or ragged tensor, got %s", op.operandName(i), t);
    }
    return t;
  }

  /** Operand {@code i} must be a dense tensor of one of {@code dtypes}. */
  public DenseType dense(int i, DType... dtypes) {
    DenseType t = dense(i);
    for (DType d : dtypes) {
      if (t.dtype() == d) {
        return t;
      }
    }
    throw fail("operand '%s' must have dtype %s, got %s", op.operandName(i), java.util.Arrays.toString(dtypes), t.dtype());
  }

  private <T extends Type> T as(int i, Class<T> kind, String what) {
    Type t = operand(i);
    if (!kind.isInstance(t)) {
      throw fail("operand '%s' must be %s, got %s", op.operandName(i), what, t);
    }
    return kind.cast(t);
  }

  /**
   * The {@code axis} attribute, checked to name a dimension of {@code x}: ops whose builder
   * resolves negative axes (scans, softmax, reverse) store it non-negative.
   */
  public int axisOf(dev.tatter.ir.types.DenseType x) {
    long axis = attributes().getInt("axis");
    if (axis < 0 || axis >= x.rank()) {
      throw fail("axis %d is out of range for %s (negative axes are resolved by the builder)", axis, x);
    }
    return (int) axis;
  }

  /** A TypeException with a formatted message, for rules to throw. */
  public TypeException fail(String format, Object... args) {
    return new TypeException(String.format(format, args));
  }
}
