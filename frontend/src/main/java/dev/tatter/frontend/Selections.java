package dev.tatter.frontend;

import dev.tatter.ir.ops.ArrayOps;
import dev.tatter.ir.ops.GatherNdOps;
import dev.tatter.ir.ops.RaggedBroadcastOps;
import dev.tatter.ir.ops.RaggedConversionOps;
import dev.tatter.ir.ops.RaggedGatherOps;
import dev.tatter.ir.ops.RaggedOps;
import dev.tatter.ir.ops.SelectionOps;
import dev.tatter.ir.types.DenseType;
import dev.tatter.ir.types.Dims;
import dev.tatter.ir.types.PartitionType;
import dev.tatter.ir.types.RaggedType;
import dev.tatter.ir.types.SparseType;
import dev.tatter.runtime.DType;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * How the builder expands TF's gather, {@code tf.ragged.range}, {@code tf.ragged.boolean_mask}
 * and {@code tf.where} into core ops, following TF's Python dispatch: ragged indices gather
 * their flat values and keep their partitions; ragged params call {@code ragged_gather}; a
 * three-argument where on ragged operands selects among flat values under shared partitions.
 */
@BuilderApi
final class Selections {
  private Selections() {}

  /**
   * TF's {@code tf.gather(params, indices)} along axis 0. With ragged {@code indices} the result is
   * ragged with the same partitions (the flat ids are gathered): an embedding lookup of a ragged
   * batch of ids. Ragged {@code params} gather whole rows (TF's {@code RaggedGather}).
   */
  @TfApi("tf.gather")
  static Value gather(GraphBuilder g, Value params, Value indices) {
    requireTensor("gather", "params", params);
    requireTensor("gather", "indices", indices);
    if (params.raggedRank() > 0 && indices.raggedRank() > 0
        && ((RaggedType) params.type()).splitsDType() != ((RaggedType) indices.type()).splitsDType()) {
      throw GraphBuilder.misuse("gather: Input RaggedTensors have mismatched row_splits dtypes ("
          + ((RaggedType) params.type()).splitsDType() + " and " + ((RaggedType) indices.type()).splitsDType()
          + "); use withRowSplitsDType to convert them to compatible dtypes", indices);
    }
    GraphBuilder.Decomposed d = g.decompose(indices);
    Value flat = g.op(params.raggedRank() > 0 ? RaggedGatherOps.RAGGED_GATHER : ArrayOps.GATHER, Map.of(), params,
        d.flatValues());
    return g.rebuild(flat, d.partitions());
  }

  /**
   * TF's {@code tf.gather(params, indices, axis=axis, batch_dims=batchDims)} (GatherV2): negative
   * {@code axis} counts from params' rank, negative {@code batchDims} from indices' rank; a ragged
   * operand follows TF's {@code ragged_gather_ops}.
   */
  @TfApi("tf.gather")
  static Value gather(GraphBuilder g, Value params, Value indices, int axis, int batchDims) {
    requireTensor("gather", "params", params);
    requireTensor("gather", "indices", indices);
    int pRank = rank(params);
    int iRank = rank(indices);
    int b = batchDims < 0 ? batchDims + iRank : batchDims;
    if (b < 0 || b > iRank) {
      throw GraphBuilder.misuse("gather: Expected batch_dims in the range [" + -iRank + ", " + iRank + "], but got "
          + batchDims, indices);
    }
    int a = axis < 0 ? axis + pRank : axis;
    if (a < 0 || a >= pRank) {
      throw GraphBuilder.misuse("gather: Expected axis in the range [" + -pRank + ", " + pRank + "), but got " + axis, params);
    }
    if (b > a) {
      throw GraphBuilder.misuse("gather: batch_dims (" + b + ") must be less than or equal to axis (" + a + ")", indices);
    }
    if (a == 0) {
      return gather(g, params, indices);
    }
    if (params.raggedRank() == 0 && indices.raggedRank() == 0) {
      return g.op(ArrayOps.GATHER, Map.of("axis", (long) a, "batch_dims", (long) b), params, indices);
    }
    if (b == 0 && indices.raggedRank() == 0 && a > params.raggedRank()) {
      // TF's _axis_gather recurses into params.values while axis > 1: the partitions stay, the
      // flat values are gathered along the axis they hold
      GraphBuilder.Decomposed d = g.decompose(params);
      Value flat = g.op(ArrayOps.GATHER, Map.of("axis", (long) (a - params.raggedRank())), d.flatValues(), indices);
      return g.rebuild(flat, d.partitions());
    }
    if (b > 0) {
      return batchGather(g, params, indices, a, b);
    }
    // TF's _axis_gather; dense params beside ragged indices become ragged with a uniform partition
    Value p = params.raggedRank() > 0 ? params : uniformRagged(g, params, ((RaggedType) indices.type()).splitsDType());
    Value outer = p.partition();
    if (a > 1) {
      // params.with_values(gather(params.values, indices, axis - 1))
      return g.rebuild(gather(g, p.values(), indices, a - 1, 0), List.of(outer));
    }
    // axis 1: TF's flatten-and-offset, each index checked against its own row; ragged indices are
    // repeated for each row of params under a uniform partition, as TF's broadcast of the row starts
    Value offsets = g.op(RaggedGatherOps.ROW_OFFSET_INDICES, Map.of("batched", false), outer, indices);
    return gather(g, p.values(), offsets);
  }

  /**
   * TF's {@code _batch_gather} (batch_dims > 0, one operand ragged), level by level: while more
   * than one batch dim is left, the outer batch dim of params and indices is flattened away (a
   * dense operand becomes ragged with a uniform partition, which TF requires it to match) and the
   * result keeps params' outer partition; a gathered axis below the one batch dim left becomes a
   * batch dim by repeating each batch row's indices for every value row of params' outer
   * partition; at axis 1 with batch_dims 1, {@code row_offset_indices} offsets each index into its
   * own row of params.values. Where TF leaves the batch partitions of params and indices
   * unchecked (a mismatch gives a nonsensical result), Tatter checks at run time that they split
   * the same rows.
   */
  private static Value batchGather(GraphBuilder g, Value params, Value indices, int a, int b) {
    if (params.raggedRank() == 0 && indices.raggedRank() == 0) {
      return g.op(ArrayOps.GATHER, Map.of("axis", (long) a, "batch_dims", (long) b), params, indices);
    }
    boolean newPath = b > 1 || a > 1;
    if (newPath) {
      List<Long> ps = staticShape(params);
      List<Long> is = staticShape(indices);
      for (int d = 0; d < b; d++) {
        if (Dims.merge(ps.get(d), is.get(d)) == null) {
          throw GraphBuilder.misuse("gather: batch shape from indices " + shapeString(is.subList(0, b))
              + " does not match params shape " + shapeString(ps), indices);
        }
      }
    }
    if (b > 1) {
      Value p = params;
      Value i = indices;
      if (p.raggedRank() == 0) {
        if (!((RaggedType) i.type()).outerPartition().uniform()) {
          throw GraphBuilder.misuse("gather: batch shape from indices does not match params shape: ragged indices "
              + "dimension corresponds to uniform params dimension", indices);
        }
        p = uniformRagged(g, p, ((RaggedType) i.type()).splitsDType());
      }
      if (i.raggedRank() == 0) {
        if (!((RaggedType) p.type()).outerPartition().uniform()) {
          throw GraphBuilder.misuse("gather: batch shape from indices does not match params shape: ragged params "
              + "dimension corresponds to uniform indices dimension", params);
        }
        i = uniformRagged(g, i, ((RaggedType) p.type()).splitsDType());
      }
      Value rows = g.op(RaggedOps.ASSERT_SAME_PARTITION, Map.of(), p.partition(), i.partition());
      return g.rebuild(batchGather(g, p.values(), i.values(), a - 1, b - 1), List.of(rows));
    }
    Value p = params.raggedRank() > 0 ? params : uniformRagged(g, params, ((RaggedType) indices.type()).splitsDType());
    Value outer = p.partition();
    if (a > 1) {
      // TF's repeat(indices, params.row_lengths()) (dense indices) or gather of the indices' rows by
      // params' value row ids (ragged ones): each value row of params takes its batch row's indices;
      // row_gather checks that indices have params' number of rows, which TF's gather does not
      Value repeated;
      if (indices.raggedRank() == 0) {
        repeated = g.op(RaggedBroadcastOps.ROW_GATHER, Map.of(), g.op(ArrayOps.EXPAND_DIMS, Map.of("axis", 1L), indices), outer);
      } else {
        DType splits = ((RaggedType) indices.type()).splitsDType();
        Value rowIds = Selections.raggedRange(g, g.scalar(splits, 0), indices.nrows(splits), g.scalar(splits, 1), splits).values();
        Value ids = g.op(RaggedBroadcastOps.ROW_GATHER, Map.of(), g.op(ArrayOps.EXPAND_DIMS, Map.of("axis", 1L), rowIds), outer);
        repeated = gather(g, indices, ids);
      }
      return g.rebuild(batchGather(g, p.values(), repeated, a - 1, 1), List.of(outer));
    }
    // axis 1: each index (row b of dense or ragged indices) offset into row b of params.values
    Value offsets = g.op(RaggedGatherOps.ROW_OFFSET_INDICES, Map.of("batched", true), outer, indices);
    return gather(g, p.values(), offsets);
  }

  /** TF's {@code RaggedTensor.from_tensor(t, ragged_rank=1)}: a uniform outer partition. */
  private static Value uniformRagged(GraphBuilder g, Value dense, DType splits) {
    return g.op(RaggedConversionOps.FROM_TENSOR, Map.of("ragged_rank", 1L, "splits", splits), dense);
  }

  /** The static shape TF's {@code RaggedTensor.shape} gives: a ragged dim is unknown, a uniform one its length. */
  private static List<Long> staticShape(Value v) {
    if (v.type() instanceof DenseType d) {
      return d.shape();
    }
    RaggedType r = (RaggedType) v.type();
    List<Long> shape = new ArrayList<>();
    shape.add(r.nrows());
    for (PartitionType p : r.partitions()) {
      shape.add(p.uniform() ? p.uniformRowLength() : Dims.UNKNOWN);
    }
    shape.addAll(r.flatValuesShape().subList(1, r.flatValuesShape().size()));
    return shape;
  }

  /** Python's str of a TensorShape: {@code (2, None)}, {@code (2,)} for one dim. */
  private static String shapeString(List<Long> dims) {
    StringBuilder s = new StringBuilder("(");
    for (int i = 0; i < dims.size(); i++) {
      s.append(i == 0 ? "" : ", ").append(Dims.format(dims.get(i)));
    }
    return s.append(dims.size() == 1 ? ",)" : ")").toString();
  }

  /** TF's {@code tf.gather_nd(params, indices)}. */
  @TfApi("tf.gather_nd")
  static Value gatherNd(GraphBuilder g, Value params, Value indices) {
    return gatherNd(g, params, indices, 0);
  }

  /**
   * TF's {@code tf.gather_nd(params, indices, batch_dims=batchDims)}: each index tuple (indices'
   * last dim) picks an element or slice of params; params dense or ragged ({@code batchDims} 0 for
   * ragged), indices dense or ragged.
   */
  @TfApi("tf.gather_nd")
  static Value gatherNd(GraphBuilder g, Value params, Value indices, int batchDims) {
    requireTensor("gather_nd", "params", params);
    requireTensor("gather_nd", "indices", indices);
    if (params.raggedRank() > 0 && batchDims != 0) {
      // TF's ragged gather_nd: "batch_dims != 0 is not supported for ragged gather yet."
      throw GraphBuilder.misuse("gather_nd: batch_dims must be 0 for ragged params, got " + batchDims, params);
    }
    if (params.raggedRank() > 0 && indices.raggedRank() > 0
        && ((RaggedType) params.type()).splitsDType() != ((RaggedType) indices.type()).splitsDType()) {
      // TF's match_row_splits_dtypes
      throw GraphBuilder.misuse("gather_nd: Input RaggedTensors have mismatched row_splits dtypes ("
          + ((RaggedType) params.type()).splitsDType() + " and " + ((RaggedType) indices.type()).splitsDType()
          + "); use withRowSplitsDType to convert them to compatible dtypes", indices);
    }
    if (indices.raggedRank() > 0) {
      if (batchDims != 0) {
        throw GraphBuilder.misuse("gather_nd: batch_dims must be 0 for ragged indices, got " + batchDims, indices);
      }
      // TF's ragged gather_nd: the index tuples are the flat values' last dim, the partitions stay
      if (((RaggedType) indices.type()).flatValuesShape().size() < 2) {
        throw GraphBuilder.misuse("gather_nd: ragged indices must hold index tuples in a uniform innermost dim, got "
            + indices.type(), indices);
      }
      GraphBuilder.Decomposed d = g.decompose(indices);
      Value tuples = d.flatValues();
      return g.rebuild(params.raggedRank() > 0 ? raggedParamsGatherNd(g, params, tuples)
          : g.op(GatherNdOps.GATHER_ND, Map.of(), params, tuples), d.partitions());
    }
    if (params.raggedRank() > 0) {
      return raggedParamsGatherNd(g, params, indices);
    }
    int iRank = rank(indices);
    int b = batchDims < 0 ? batchDims + iRank : batchDims;
    return g.op(GatherNdOps.GATHER_ND, Map.of("batch_dims", (long) b), params, indices);
  }

  /**
   * TF's gather_nd of ragged params by dense indices: the checked positions, then a gather at the
   * level the tuples stop in. A tuple of m <= ragged_rank coordinates stops at a ragged row of
   * level m - 1 (a ragged slice), m = ragged_rank + 1 at a flat value's row, a longer one inside
   * the flat values' uniform dims. As TF's {@code reshape(indices, [-1])} does, a single tuple of
   * length 1 keeps a leading dim of 1; an empty tuple selects all of params (TF's tile).
   */
  private static Value raggedParamsGatherNd(GraphBuilder g, Value params, Value indices) {
    DenseType it = (DenseType) indices.type();
    if (it.rank() == 0) {
      throw GraphBuilder.misuse("gather_nd: indices.rank must be at least 1, got " + it, indices);
    }
    long m = it.dim(it.rank() - 1);
    if (!Dims.isKnown(m)) {
      throw GraphBuilder.misuse("gather_nd: indices.shape[-1] must be statically known, got " + it, indices);
    }
    if (m == 0 && it.rank() == 1) {
      return params;
    }
    Value positions = g.op(GatherNdOps.GATHER_ND_POSITIONS, Map.of(), params, indices);
    int r = params.raggedRank();
    if (m == 0) {
      return g.op(RaggedGatherOps.RAGGED_GATHER, Map.of(), Combinations.expandDims(g, params, 0), positions);
    }
    if (m == 1 && it.rank() == 1) {
      positions = g.op(ArrayOps.EXPAND_DIMS, Map.of("axis", 0L), positions);
    }
    if (m <= r) {
      Value level = params;
      for (int j = 1; j < m; j++) {
        level = level.values();
      }
      return g.op(RaggedGatherOps.RAGGED_GATHER, Map.of(), level, positions);
    }
    Value flat = g.decompose(params).flatValues();
    return m == r + 1 ? g.op(ArrayOps.GATHER, Map.of(), flat, positions)
        : g.op(GatherNdOps.GATHER_ND, Map.of(), flat, positions);
  }

  /**
   * TF's {@code tf.dynamic_partition(data, partitions, num_partitions)}: one value per partition,
   * in order (dense data, or ragged data by rows).
   */
  @TfApi("tf.dynamic_partition")
  static List<Value> dynamicPartition(GraphBuilder g, Value data, Value partitions, int numPartitions) {
    requireTensor("dynamic_partition", "data", data);
    requireTensor("dynamic_partition", "partitions", partitions);
    if (partitions.raggedRank() > 0) {
      throw GraphBuilder.misuse("dynamic_partition: partitions must be a dense tensor, got " + partitions.type(), partitions);
    }
    if (numPartitions < 1) {
      throw GraphBuilder.misuse("dynamic_partition: num_partitions must be at least 1, got " + numPartitions, partitions);
    }
    if (numPartitions > GraphBuilder.MAX_LIST_RESULTS) {
      throw GraphBuilder.misuse("dynamic_partition: num_partitions " + numPartitions + " is more than the "
          + GraphBuilder.MAX_LIST_RESULTS + " results one op may give (each partition is a node of its own)", partitions);
    }
    List<Value> out = new ArrayList<>();
    if (data.raggedRank() == 0) {
      for (int i = 0; i < numPartitions; i++) {
        out.add(g.op(GatherNdOps.DYNAMIC_PARTITION, Map.of("num_partitions", (long) numPartitions, "index", (long) i),
            data, partitions));
      }
      return out;
    }
    if (rank(partitions) != 1) {
      throw GraphBuilder.misuse("dynamic_partition of ragged data takes one partition per row (partitions of rank 1), got "
          + partitions.type(), partitions);
    }
    // ragged rows: partition the row ids, then gather those rows (each keeps its nested row lengths)
    DType splits = ((RaggedType) data.type()).splitsDType();
    Value ids = Selections.raggedRange(g, g.scalar(splits, 0), data.nrows(splits), g.scalar(splits, 1), splits).values();
    for (int i = 0; i < numPartitions; i++) {
      Value picked = g.op(GatherNdOps.DYNAMIC_PARTITION, Map.of("num_partitions", (long) numPartitions, "index", (long) i),
          ids, partitions);
      out.add(gather(g, data, picked));
    }
    return out;
  }

  /** TF's {@code tf.ragged.range(limits)}: rows {@code range(0, limits[i])}. */
  @TfApi("tf.ragged.range")
  static Value raggedRange(GraphBuilder g, Value limits) {
    return raggedRange(g, g.scalar(limits.dtype(), 0), limits);
  }

  /** TF's {@code tf.ragged.range(starts, limits)}: rows {@code range(starts[i], limits[i])}. */
  @TfApi("tf.ragged.range")
  static Value raggedRange(GraphBuilder g, Value starts, Value limits) {
    return raggedRange(g, starts, limits, g.scalar(starts.dtype(), 1));
  }

  /** TF's {@code tf.ragged.range(starts, limits, deltas)}: int64 row splits. */
  @TfApi("tf.ragged.range")
  static Value raggedRange(GraphBuilder g, Value starts, Value limits, Value deltas) {
    return raggedRange(g, starts, limits, deltas, DType.INT64);
  }

  /**
   * TF's {@code tf.ragged.range(starts, limits, deltas, row_splits_dtype)}: row i is {@code
   * range(starts[i], limits[i], deltas[i])}; scalars broadcast.
   */
  @TfApi("tf.ragged.range")
  static Value raggedRange(GraphBuilder g, Value starts, Value limits, Value deltas, DType rowSplitsDType) {
    return g.op(RaggedGatherOps.RAGGED_RANGE, Map.of("row_splits_dtype", rowSplitsDType), starts, limits, deltas);
  }

  /**
   * TF's {@code tf.boolean_mask(tensor, mask)} ({@code tf.ragged.boolean_mask} when an operand is
   * ragged): the elements where {@code mask} (dense or ragged, a prefix of data's shape) is true.
   */
  @TfApi({"tf.boolean_mask", "tf.ragged.boolean_mask"})
  static Value booleanMask(GraphBuilder g, Value data, Value mask) {
    requireTensor("boolean_mask", "data", data);
    requireTensor("boolean_mask", "mask", mask);
    return g.op(SelectionOps.BOOLEAN_MASK, Map.of(), data, mask);
  }

  /** TF's {@code tf.where(condition)}: the int64 coordinates {@code [num_true, rank]} of the true elements. */
  @TfApi("tf.where")
  static Value where(GraphBuilder g, Value condition) {
    requireTensor("where", "condition", condition);
    return g.op(SelectionOps.WHERE, Map.of(), condition);
  }

  /**
   * TF's {@code tf.where(condition, x, y)}: {@code x} where the condition holds, else {@code y}.
   * Dense operands broadcast (NumPy rules). Ragged operands must share one ragged rank and their
   * row partitions (checked at run time, as a ragged {@code +} checks them); a dense operand beside
   * them must broadcast against the flat values alone.
   */
  @TfApi("tf.where")
  static Value where(GraphBuilder g, Value condition, Value x, Value y) {
    Value[] operands = {condition, x, y};
    String[] names = {"condition", "x", "y"};
    int raggedRank = 0;
    for (int i = 0; i < 3; i++) {
      requireTensor("where", names[i], operands[i]);
      int r = operands[i].raggedRank();
      if (r > 0 && raggedRank > 0 && r != raggedRank) {
        throw GraphBuilder.misuse("where: ragged operands must have one ragged_rank, got " + raggedRank + " and " + r, operands[i]);
      }
      raggedRank = Math.max(raggedRank, r);
    }
    if (raggedRank == 0) {
      return g.op(SelectionOps.SELECT, Map.of(), condition, x, y);
    }
    List<Value> partitions = null;
    Value[] flat = new Value[3];
    int innerRank = -1;
    for (int i = 0; i < 3; i++) {
      if (operands[i].raggedRank() == 0) {
        continue;
      }
      GraphBuilder.Decomposed d = g.decompose(operands[i]);
      flat[i] = d.flatValues();
      innerRank = ((RaggedType) operands[i].type()).flatValuesShape().size() - 1;
      if (partitions == null) {
        partitions = new ArrayList<>(d.partitions());
      } else {
        for (int level = 0; level < raggedRank; level++) {
          partitions.set(level, g.op(RaggedOps.ASSERT_SAME_PARTITION, Map.of(), partitions.get(level), d.partitions().get(level)));
        }
      }
    }
    for (int i = 0; i < 3; i++) {
      if (flat[i] == null) {
        DenseType dense = (DenseType) operands[i].type();
        if (dense.rank() > innerRank) {
          throw GraphBuilder.misuse("where: a dense " + names[i] + " of rank " + dense.rank() + " beside ragged operands "
              + "must broadcast against their flat values alone (rank at most " + innerRank + ")", operands[i]);
        }
        flat[i] = operands[i];
      }
    }
    return g.rebuild(g.op(SelectionOps.SELECT, Map.of(), flat[0], flat[1], flat[2]), partitions);
  }

  private static int rank(Value v) {
    if (v.type() instanceof dev.tatter.ir.types.UnrankedType) {
      throw GraphBuilder.misuse("gather needs operands of a static rank", v);
    }
    return v.type() instanceof RaggedType r ? r.rank() : ((DenseType) v.type()).rank();
  }

  private static void requireTensor(String op, String name, Value v) {
    NullArguments.check(v, op + "'s " + name);
    if (v.type() instanceof PartitionType || v.type() instanceof SparseType) {
      throw GraphBuilder.misuse(op + ": " + name + " must be a dense or ragged tensor", v);
    }
  }
}
