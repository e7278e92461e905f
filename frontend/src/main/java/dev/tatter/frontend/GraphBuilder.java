package dev.tatter.frontend;

import static com.google.common.base.Preconditions.checkArgument;

import com.google.common.collect.ImmutableList;
import dev.tatter.ir.Graph;
import dev.tatter.ir.GraphBuildException;
import dev.tatter.ir.Node;
import dev.tatter.ir.OpDef;
import dev.tatter.ir.ops.CoreOps;
import dev.tatter.ir.ops.PartitionOps;
import dev.tatter.ir.ops.RaggedOps;
import dev.tatter.ir.types.DenseType;
import dev.tatter.ir.types.RaggedType;
import dev.tatter.ir.types.Type;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.Tensor;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * The fluent way to build a graph. Every call adds nodes at once, inferring their static types,
 * and fails at once — with the caller's file and line — when an op does not fit its operands.
 * The builder never merges equal nodes on its own; CSE does, visibly, in the optimizer.
 *
 * <pre>{@code
 * GraphBuilder g = new GraphBuilder();
 * Value x = g.placeholder("x", Types.ragged(FLOAT32, 1));
 * Value y = x.mul(2).add(1);
 * Graph graph = g.build();
 * }</pre>
 */
@BuilderApi
public final class GraphBuilder {
  private final Graph.Builder graph = Graph.builder();
  private Graph built;

  /** A graph input fed at each run; {@code name} is the feed's key. */
  public Value placeholder(String name, Type type) {
    checkArgument(name != null, "a placeholder needs a name");
    return new Value(this, add(CoreOps.PLACEHOLDER, List.of(), Map.of(), name, type));
  }

  /** A dense constant. */
  public Value constant(Tensor value) {
    return new Value(this, add(CoreOps.CONSTANT, List.of(), Map.of("value", value)));
  }

  /** A scalar constant of {@code dtype}, converted as TF converts a Python scalar (integers wrap). */
  public Value scalar(DType dtype, Object value) {
    return constant(Tensor.scalar(dtype, value));
  }

  /**
   * TF's {@code SparseTensor(indices, values, dense_shape)}: int64 indices {@code [N, ndims]},
   * values {@code [N]}, int64 dense_shape {@code [ndims]}; a constant dense_shape gives the
   * static shape. Row-major order is expected, not checked ({@link Value#reorder()} sorts).
   */
  public Value sparseTensor(Value indices, Value values, Value denseShape) {
    return Sparse.sparseTensor(this, indices, values, denseShape);
  }

  /** A constant sparse tensor: {@code sparseTensor(new long[][] {{0, 0}, {1, 2}}, Tensor.ofInts(1, 2), 3, 4)}. */
  public Value sparseTensor(long[][] indices, Tensor values, long... denseShape) {
    return sparseFromValue(dev.tatter.runtime.SparseTensor.of(indices, values, denseShape));
  }

  /** TF's {@code SparseTensor.from_value(value)}: a runtime sparse tensor as a graph constant. */
  public Value sparseFromValue(dev.tatter.runtime.SparseTensor value) {
    return Sparse.fromValue(this, value);
  }

  /** TF's {@code tf.sparse.from_dense(tensor)}: its non-zero entries. */
  public Value sparseFromDense(Value dense) {
    return op(dev.tatter.ir.ops.SparseOps.FROM_DENSE, Map.of(), dense);
  }

  /**
   * TF's {@code tf.ragged.constant(pylist)}: nested Java lists or arrays, every scalar at the same
   * depth K; ragged_rank K - 1 and the dtype TF would infer (ints int32, floats float32; a
   * primitive array keeps its own). A depth of 1 gives a dense constant, as in TF.
   */
  public Value raggedConstant(Object nested) {
    return Conversions.raggedConstant(this, nested, null, -1);
  }

  /** TF's {@code tf.ragged.constant(pylist, dtype, ragged_rank)}; a ragged_rank of -1 infers it, lower levels stay uniform. */
  public Value raggedConstant(Object nested, DType dtype, int raggedRank) {
    return Conversions.raggedConstant(this, nested, dtype, raggedRank);
  }

  /** TF's {@code RowPartition.from_row_splits(row_splits, validate=True)}. */
  public Value partitionFromRowSplits(Value rowSplits) {
    return partitionFromRowSplits(rowSplits, true);
  }

  public Value partitionFromRowSplits(Value rowSplits, boolean validate) {
    return op(PartitionOps.FROM_ROW_SPLITS, Map.of("validate", validate), rowSplits);
  }

  /** TF's {@code RaggedTensor.from_row_splits(values, row_splits, validate=True)}. */
  public Value raggedFromRowSplits(Value values, Value rowSplits) {
    return raggedFromRowSplits(values, rowSplits, true);
  }

  public Value raggedFromRowSplits(Value values, Value rowSplits, boolean validate) {
    return ragged(values, partitionFromRowSplits(rowSplits, validate));
  }

  /** {@code values} split into rows by {@code partition}. */
  public Value ragged(Value values, Value partition) {
    return op(RaggedOps.RAGGED, Map.of(), values, partition);
  }

  /** The graph built so far; its outputs are the given values. The builder stays usable. */
  public Graph build(Value... outputs) {
    Graph g = graph.build();
    return g.withOutputs(Arrays.stream(outputs).map(v -> v.node()).toList());
  }

  /** Adds {@code op(inputs){attributes}} and wraps the result. */
  Value op(OpDef op, Map<String, ?> attributes, Value... inputs) {
    List<Node> nodes = new ArrayList<>();
    for (Value v : inputs) {
      checkArgument(v.builder() == this, "%s comes from another GraphBuilder", v);
      nodes.add(v.node());
    }
    return new Value(this, add(op, nodes, attributes));
  }

  private Node add(OpDef op, List<Node> inputs, Map<String, ?> attributes) {
    return add(op, inputs, attributes, null, null);
  }

  private Node add(OpDef op, List<Node> inputs, Map<String, ?> attributes, String name, Type declared) {
    return graph.add(op, inputs, attributes, name, CallSite.find(), declared);
  }

  /** Rebuilds a ragged value from inner to outer: {@code flat} split by {@code partitions} (outermost first). */
  Value rebuild(Value flat, List<Value> partitions) {
    Value result = flat;
    for (int i = partitions.size() - 1; i >= 0; i--) {
      result = ragged(result, partitions.get(i));
    }
    return result;
  }

  /** The nested partitions of a ragged value, outermost first, and its flat values. */
  record Decomposed(ImmutableList<Value> partitions, Value flatValues) {}

  Decomposed decompose(Value rt) {
    ImmutableList.Builder<Value> partitions = ImmutableList.builder();
    Value v = rt;
    while (v.type() instanceof RaggedType) {
      partitions.add(v.partition());
      v = v.values();
    }
    return new Decomposed(partitions.build(), v);
  }

  static GraphBuildException misuse(String what, Value v) {
    return new GraphBuildException(what + " at " + CallSite.find() + " (operand " + v + ": " + v.type() + ")");
  }

  static DenseType denseType(Value v) {
    return (DenseType) v.type();
  }
}
