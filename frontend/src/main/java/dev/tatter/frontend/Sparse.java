package dev.tatter.frontend;

import com.google.common.collect.ImmutableList;
import dev.tatter.ir.GraphBuildException;
import dev.tatter.ir.Node;
import dev.tatter.ir.ops.CoreOps;
import dev.tatter.ir.ops.ElementwiseOps;
import dev.tatter.ir.ops.SparseOps;
import dev.tatter.ir.types.SparseType;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.SparseTensor;
import dev.tatter.runtime.Tensor;
import java.util.List;
import java.util.Map;

/** The builder side of TF's {@code SparseTensor}; {@link GraphBuilder} and {@link Value} expose it. */
@BuilderApi
final class Sparse {
  private Sparse() {}

  /**
   * {@code SparseTensor(indices, values, dense_shape)}. As TF does with a constant dense_shape,
   * its value becomes the static shape; otherwise only the rank is static.
   */
  static Value sparseTensor(GraphBuilder b, Value indices, Value values, Value denseShape) {
    Node shapeNode = denseShape.node();
    ImmutableList<Long> shape = ImmutableList.of();
    if (shapeNode.op() == CoreOps.CONSTANT) {
      Tensor t = shapeNode.attributes().getTensor("value");
      if (t.dtype() == DType.INT64 && t.rank() == 1 && t.size() > 0) {
        shape = Conversions.shapeList((long[]) t.unsafeData());
      }
    }
    return b.op(SparseOps.SPARSE_TENSOR, Map.of("shape", shape), indices, values, denseShape);
  }

  /** TF's {@code SparseTensor.from_value}: a runtime sparse tensor as constants of the graph. */
  static Value fromValue(GraphBuilder b, SparseTensor value) {
    return sparseTensor(b, b.constant(value.indices()), b.constant(value.values()), b.constant(value.denseShape()));
  }

  static SparseType type(Value st) {
    NullArguments.check(st, "the sparse tensor");
    if (!(st.type() instanceof SparseType t)) {
      throw GraphBuilder.misuse("expected a sparse tensor", st);
    }
    return t;
  }

  static Value toDense(Value st, Object defaultValue) {
    return toDense(st, defaultValue, true);
  }

  static Value toDense(Value st, Object defaultValue, boolean validateIndices) {
    GraphBuilder b = st.builder();
    Value dv = defaultValue instanceof Value v ? v : b.scalar(type(st).dtype(), defaultValue);
    return b.op(SparseOps.TO_DENSE, Map.of("validate_indices", validateIndices), st, dv);
  }

  /**
   * TF's {@code SparseTensor.set_shape}. A dense value is refused rather than given TF's {@code
   * Tensor.set_shape}: that call asserts a static shape it never checks at run time (graph mode),
   * and compiled code here trusts a static shape unchecked; a ragged tensor has no set_shape in TF.
   */
  static Value setShape(Value st, long[] shape) {
    if (!(st.type() instanceof SparseType)) {
      throw GraphBuilder.misuse("setShape takes a sparse tensor (TF's SparseTensor.set_shape, which merges the static "
          + "dense shape); a dense or ragged value keeps the shape its op infers, since TF's Tensor.set_shape asserts a "
          + "static shape without checking it at run time and compiled code would trust it unchecked", st);
    }
    return st.builder().op(SparseOps.SET_SHAPE, Map.of("shape", Conversions.shapeList(shape)), st);
  }

  static Value withValues(Value st, Value values) {
    return st.builder().op(SparseOps.WITH_VALUES, Map.of(), st, values);
  }

  /** TF's {@code tf.sparse.reorder(sp_input)}: indices in row-major order. */
  @TfApi("tf.sparse.reorder")
  static Value reorder(Value st) {
    return st.builder().op(SparseOps.REORDER, Map.of(), st);
  }

  /** {@code sparse * dense} and {@code sparse / dense}: the dense operand is broadcast into the sparse one only. */
  static Value binary(Value st, Value dense, boolean divide) {
    type(st);
    if (dense.type() instanceof SparseType) {
      throw new GraphBuildException((divide ? "sparse / sparse" : "sparse * sparse") + " at " + CallSite.find()
          + " is not supported: the other operand must be dense (it is broadcast into the sparse one)");
    }
    return st.builder().op(divide ? SparseOps.DIV_DENSE : SparseOps.MUL_DENSE, Map.of(), st, dense);
  }

  /** Where {@link Value}'s elementwise ops meet a sparse operand: only {@code *} is defined there. */
  static Value elementwise(Value st, dev.tatter.ir.OpDef op, Value other) {
    if (st.type() instanceof SparseType && (op == ElementwiseOps.MUL || op == ElementwiseOps.DIV)) {
      return binary(st, other, op == ElementwiseOps.DIV);
    }
    // as in TF, + is not an operator of SparseTensor: tf.sparse.add is
    throw new GraphBuildException(op.mnemonic() + " at " + CallSite.find() + ": a sparse tensor takes only * and / "
        + "by a dense tensor (x.mul(dense), x.div(dense); sparse + is tf.sparse.add); got " + st.type() + " and " + other.type());
  }

  /** The values of the graph so far that take {@code v} as an input (TF's {@code consumers()}). */
  static List<Value> consumers(Value v) {
    GraphBuilder b = v.builder();
    return b.build().consumers(v.node()).stream().map(n -> new Value(b, n)).toList();
  }
}
