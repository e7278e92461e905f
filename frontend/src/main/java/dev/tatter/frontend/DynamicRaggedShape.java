package dev.tatter.frontend;

import com.google.common.collect.ImmutableList;
import dev.tatter.ir.ops.ArrayOps;
import dev.tatter.ir.ops.RaggedBroadcastOps;
import dev.tatter.ir.ops.ShapeOps;
import dev.tatter.ir.types.DenseType;
import dev.tatter.ir.types.RaggedType;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.Scalars;
import dev.tatter.runtime.Tensor;
import java.util.List;
import java.util.Map;

/**
 * TF's {@code tf.experimental.DynamicRaggedShape}: the shape of a ragged tensor as values — its
 * row partitions (outermost first, graph values) and the inner shape, an int64 vector of its flat
 * values' shape ({@code [nvals, inner dims...]}, a constant where the static type knows it). What
 * {@code tf.shape} gives of a ragged tensor in TF; here {@code g.dynamicRaggedShapeFromTensor(rt)}
 * (TF's {@code DynamicRaggedShape.from_tensor}), since {@code tf.shape} of a dense tensor is a {@code Value}.
 * {@code tf.ones}, {@code zeros} and {@code fill} of one fill the inner shape and put the
 * partitions back, {@code tf.reshape} to one reshapes the flat values to the inner shape, and
 * {@code tf.broadcast_to} one carries a dense value down the partitions ({@code row_gather}, as a
 * ragged {@code +} does) and broadcasts it to the inner shape. Immutable.
 */
public final class DynamicRaggedShape {
  private final GraphBuilder builder;
  private final ImmutableList<Value> rowPartitions;
  private final Value innerShape;
  private final RaggedType staticType;

  private DynamicRaggedShape(GraphBuilder builder, List<Value> rowPartitions, Value innerShape, RaggedType staticType) {
    this.builder = builder;
    this.rowPartitions = ImmutableList.copyOf(rowPartitions);
    this.innerShape = innerShape;
    this.staticType = staticType;
  }

  /**
   * TF's {@code DynamicRaggedShape.from_tensor(t)} of a ragged tensor ({@code tf.shape(rt)} in TF);
   * users reach it as {@code g.dynamicRaggedShapeFromTensor(rt)}, beside the other factories.
   */
  static DynamicRaggedShape fromTensor(Value t) {
    if (!(t.type() instanceof RaggedType rt)) {
      throw GraphBuilder.misuse("DynamicRaggedShape.fromTensor takes a ragged tensor (tf.shape gives a dense one's shape)", t);
    }
    GraphBuilder g = t.builder();
    GraphBuilder.Decomposed d = g.decompose(t);
    Value inner = g.op(ShapeOps.SHAPE, Map.of("out_type", DType.INT64), d.flatValues());
    return new DynamicRaggedShape(g, d.partitions(), inner, rt);
  }

  /** The row partitions, outermost first (TF's {@code row_partitions}). */
  public List<Value> rowPartitions() {
    return rowPartitions;
  }

  /** The flat values' shape, an int64 vector (TF's {@code inner_shape}). */
  public Value innerShape() {
    return innerShape;
  }

  /** The rank of a tensor of this shape (TF's {@code rank}). */
  public int rank() {
    return staticType.rank();
  }

  /** How many row partitions (TF's {@code num_row_partitions}). */
  public int numRowPartitions() {
    return rowPartitions.size();
  }

  /** The static shape as TF prints it, {@code (2, None, 3)}. */
  @Override
  public String toString() {
    return "<DynamicRaggedShape " + staticType.tfShape() + ">";
  }

  /** A tensor of this shape with {@code flat} (of the inner shape) as its flat values. */
  Value withFlatValues(Value flat) {
    return builder.rebuild(flat, rowPartitions);
  }

  /** {@code fill(inner_shape, value)} under the partitions: TF's ragged {@code fill}, {@code ones} and {@code zeros}. */
  Value filled(Value value) {
    return withFlatValues(builder.op(ShapeOps.FILL, Map.of(), innerShape, value));
  }

  /** TF's ragged {@code reshape(tensor, shape)}: the flat values (of a ragged tensor, or the dense tensor) to the inner shape. */
  Value reshape(Value tensor) {
    Value flat = tensor.type() instanceof RaggedType ? tensor.flatValues() : tensor;
    return withFlatValues(builder.op(ShapeOps.RESHAPE, Map.of(), flat, innerShape));
  }

  /**
   * TF's {@code broadcast_to(input, shape)} of a dense input: its dims aligned with the ragged dims
   * carried down the partitions by {@code row_gather} (1 or the row count at the outermost, 1 at
   * the others), then broadcast to the inner shape.
   */
  Value broadcast(Value input) {
    if (!(input.type() instanceof DenseType dense)) {
      throw GraphBuilder.misuse("broadcast_to a DynamicRaggedShape takes a dense input (a ragged one: use its flat values)",
          input);
    }
    if (dense.rank() > staticType.rank()) {
      throw GraphBuilder.misuse("broadcast_to: a tensor of rank " + dense.rank() + " cannot broadcast to a shape of rank "
          + staticType.rank(), input);
    }
    Value carried = input;
    int first = ElementwiseLowering.firstGatheredPartition(staticType, dense);
    for (int i = first; i < rowPartitions.size(); i++) {
      if (((DenseType) carried.type()).rank() < 2) {
        carried = builder.op(ArrayOps.EXPAND_DIMS, Map.of("axis", 1L), carried);
      }
      carried = builder.op(RaggedBroadcastOps.ROW_GATHER, Map.of(), carried, rowPartitions.get(i));
    }
    return withFlatValues(builder.op(ShapeOps.BROADCAST_TO, Map.of(), carried, innerShape));
  }

  /** The scalar {@code value} of {@code dtype} (a Java number or boolean) as a constant. */
  Value scalar(Object value, DType dtype) {
    Object array = dtype.layout().newArray(1);
    Scalars.store(dtype, array, 0, value);
    return builder.constant(Tensor.wrap(dtype, new int[0], array));
  }
}
