package dev.tatter.frontend;

import static com.google.common.base.Preconditions.checkArgument;

import static com.google.common.base.Preconditions.checkArgument;
import com.google.common.collect.ImmutableList;
import dev.tatter.ir.GraphBuildException;
import dev.tatter.ir.ops.CoreOps;
import dev.tatter.ir.types.Type;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.Tensor;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The methods of {@link GraphBuilder} for graph inputs and constants, and the ops TF spells as
 * functions of several tensors (gather, ragged.range, boolean_mask, concat, stack, tile,
 * sequence_mask, the segment reductions, bincount, where, add_n). GraphBuilder's methods are split
 * by family into a chain of package-private classes (GraphBuilderOps, GraphBuilderSparse,
 * GraphBuilderRagged, then GraphBuilder) so that a reader finds a method by its family; users see
 * every one of them on {@code GraphBuilder}, which javadoc documents as its own.
 */
@BuilderApi
abstract class GraphBuilderOps {
  /**
   * This builder as a {@link GraphBuilder}: the families' methods pass it on to the lowerings,
   * which take GraphBuilders; the classes of the chain are not GraphBuilders themselves.
   */
  abstract GraphBuilder self();

  /** A graph input fed at each run; {@code name} is the feed's key. */
  public Value placeholder(String name, Type type) {
    checkArgument(name != null, "a placeholder needs a name");
    return new Value(self(), self().add(CoreOps.PLACEHOLDER, List.of(), Map.of(), name, type));
  }

  /**
   * TF's {@code tf.gather(params, indices)} along axis 0. With ragged {@code indices} the result is
   * ragged with the same partitions (the flat ids are gathered): an embedding lookup of a ragged
   * batch of ids. Ragged {@code params} gather whole rows (TF's {@code RaggedGather}): the result
   * has ragged rank {@code rank(indices) - 1 + params.ragged_rank}.
   */
  public Value gather(Value params, Value indices) {
    return Selections.gather(self(), params, indices);
  }

  /**
   * TF's {@code tf.gather(params, indices, axis=axis, batch_dims=batchDims)} (GatherV2): negative
   * {@code axis} counts from params' rank, negative {@code batchDims} from indices' rank; TF's
   * {@code axis=None} is {@code axis = batchDims}. Dense params and indices take any valid pair;
   * a ragged operand follows TF's {@code ragged_gather_ops}: any axis at batch_dims 0 (ragged indices
   * past axis 0 are repeated for every row of params, under a uniform partition), batch_dims > 1 level
   * by level (the batch partitions of params and indices are checked to split the same rows), and
   * batch_dims 1 at any axis, except ragged indices past axis 1. Along a ragged axis each index must
   * lie inside its own row, which TF does not check.
   */
  public Value gather(Value params, Value indices, int axis, int batchDims) {
    return Selections.gather(self(), params, indices, axis, batchDims);
  }

  /**
   * TF's {@code tf.gather_nd(params, indices)}: each index tuple (indices' last dim) picks an element
   * or, shorter than params' rank, a slice. Ragged indices keep their partitions (their flat values
   * hold the tuples). Ragged params: a tuple that stops at a ragged dim gives ragged slices, and
   * every coordinate must fall inside the row it indexes into.
   */
  public Value gatherNd(Value params, Value indices) {
    return Selections.gatherNd(self(), params, indices, 0);
  }

  /** TF's {@code tf.gather_nd(params, indices, batch_dims=batchDims)} on dense operands. */
  public Value gatherNd(Value params, Value indices, int batchDims) {
    return Selections.gatherNd(self(), params, indices, batchDims);
  }

  /**
   * TF's {@code tf.dynamic_partition(data, partitions, numPartitions)}: one value per partition,
   * {@code dynamic_partition {index = i}} nodes over the same operands (the IR has one result per
   * node). Ragged data is partitioned by rows ({@code partitions} of rank 1, one per row).
   */
  public List<Value> dynamicPartition(Value data, Value partitions, int numPartitions) {
    return Selections.dynamicPartition(self(), data, partitions, numPartitions);
  }

  /** TF's {@code tf.ragged.range(limits)}: rows {@code range(0, limits[i])}. */
  public Value raggedRange(Value limits) {
    return raggedRange(scalar(limits.dtype(), 0), limits, scalar(limits.dtype(), 1));
  }

  /** TF's {@code tf.ragged.range(starts, limits)}: rows {@code range(starts[i], limits[i])}. */
  public Value raggedRange(Value starts, Value limits) {
    return raggedRange(starts, limits, scalar(starts.dtype(), 1));
  }

  /** TF's {@code tf.ragged.range(starts, limits, deltas)}; scalars broadcast, int64 row splits. */
  public Value raggedRange(Value starts, Value limits, Value deltas) {
    return raggedRange(starts, limits, deltas, DType.INT64);
  }

  /** TF's {@code tf.ragged.range(starts, limits, deltas, row_splits_dtype=...)}. */
  public Value raggedRange(Value starts, Value limits, Value deltas, DType rowSplitsDType) {
    return Selections.raggedRange(self(), starts, limits, deltas, rowSplitsDType);
  }

  /**
   * TF's {@code tf.ragged.boolean_mask(data, mask)}: the elements where {@code mask} (dense or
   * ragged bool, a prefix of data's shape) is true, keeping the mask's dimensions.
   */
  public Value booleanMask(Value data, Value mask) {
    return Selections.booleanMask(self(), data, mask);
  }

  /**
   * TF's {@code tf.concat(values, axis)} on dense and ragged tensors of one rank (a negative axis
   * counts from the end): two dense tensors concatenate densely; otherwise, as TF, along axis 0
   * rows are appended, along axis 1 row {@code i} of each is joined, deeper axes need the same
   * outer rows.
   */
  public Value concat(List<Value> values, int axis) {
    return Combinations.concat(self(), values, axis);
  }

  /** TF's {@code tf.stack(values, axis)} ({@code tf.ragged.stack} when a value is ragged). */
  public Value stack(List<Value> values, int axis) {
    return Combinations.stack(self(), values, axis);
  }

  /** TF's {@code tf.tile(input, multiples)} on a dense or ragged tensor (multiples known when the graph is built). */
  public Value tile(Value input, long... multiples) {
    java.util.List<Long> m = new ArrayList<>();
    for (long x : multiples) {
      m.add(x);
    }
    return self().op(dev.tatter.ir.ops.CombinationOps.TILE, Map.of("multiples", ImmutableList.copyOf(m)), input);
  }

  /** TF's {@code tf.sequence_mask(lengths)}: bool, as wide as the largest length. */
  public Value sequenceMask(Value lengths) {
    return sequenceMask(lengths, -1, DType.BOOL);
  }

  /** TF's {@code tf.sequence_mask(lengths, maxlen, dtype)}; a maxlen of -1 is the largest length. */
  public Value sequenceMask(Value lengths, long maxlen, DType dtype) {
    return self().op(dev.tatter.ir.ops.SelectionOps.SEQUENCE_MASK, Map.of("maxlen", maxlen, "dtype", dtype), lengths);
  }

  // ---- TF's segment reductions of dense data (tf.math.unsorted_segment_* and tf.math.segment_*) ----

  /**
   * TF's {@code tf.math.unsorted_segment_sum(data, segment_ids, num_segments)}; a negative id drops its row. Ragged
   * data (one id per row) aggregates rows position by position, as TF's ragged dispatch; so do the other unsorted ones.
   */
  public Value unsortedSegmentSum(Value data, Value segmentIds, Value numSegments) {
    return RaggedSegments.unsorted(self(), dev.tatter.ir.ops.SegmentOps.UNSORTED_SEGMENT_SUM, data, segmentIds, numSegments);
  }

  /** TF's {@code tf.math.unsorted_segment_prod(data, segment_ids, num_segments)}. */
  public Value unsortedSegmentProd(Value data, Value segmentIds, Value numSegments) {
    return RaggedSegments.unsorted(self(), dev.tatter.ir.ops.SegmentOps.UNSORTED_SEGMENT_PROD, data, segmentIds, numSegments);
  }

  /** TF's {@code tf.math.unsorted_segment_min(data, segment_ids, num_segments)}. */
  public Value unsortedSegmentMin(Value data, Value segmentIds, Value numSegments) {
    return RaggedSegments.unsorted(self(), dev.tatter.ir.ops.SegmentOps.UNSORTED_SEGMENT_MIN, data, segmentIds, numSegments);
  }

  /** TF's {@code tf.math.unsorted_segment_max(data, segment_ids, num_segments)}. */
  public Value unsortedSegmentMax(Value data, Value segmentIds, Value numSegments) {
    return RaggedSegments.unsorted(self(), dev.tatter.ir.ops.SegmentOps.UNSORTED_SEGMENT_MAX, data, segmentIds, numSegments);
  }

  /** TF's {@code tf.math.unsorted_segment_mean(data, segment_ids, num_segments)}. */
  public Value unsortedSegmentMean(Value data, Value segmentIds, Value numSegments) {
    return RaggedSegments.unsorted(self(), dev.tatter.ir.ops.SegmentOps.UNSORTED_SEGMENT_MEAN, data, segmentIds, numSegments);
  }

  /** TF's {@code tf.math.unsorted_segment_sqrt_n(data, segment_ids, num_segments)}. */
  public Value unsortedSegmentSqrtN(Value data, Value segmentIds, Value numSegments) {
    return RaggedSegments.unsorted(self(), dev.tatter.ir.ops.SegmentOps.UNSORTED_SEGMENT_SQRT_N, data, segmentIds, numSegments);
  }

  /** TF's {@code tf.math.segment_sum(data, segment_ids)} (sorted ids; an empty segment is 0). */
  public Value segmentSum(Value data, Value segmentIds) {
    return self().op(dev.tatter.ir.ops.SegmentOps.SEGMENT_SUM, Map.of(), data, segmentIds);
  }

  /** TF's {@code tf.math.segment_prod(data, segment_ids)} (sorted ids; an empty segment is 1, as TF fills it). */
  public Value segmentProd(Value data, Value segmentIds) {
    return self().op(dev.tatter.ir.ops.SegmentOps.SEGMENT_PROD, Map.of(), data, segmentIds);
  }

  /** TF's {@code tf.math.segment_min(data, segment_ids)} (sorted ids; an empty segment is 0). */
  public Value segmentMin(Value data, Value segmentIds) {
    return self().op(dev.tatter.ir.ops.SegmentOps.SEGMENT_MIN, Map.of(), data, segmentIds);
  }

  /** TF's {@code tf.math.segment_max(data, segment_ids)} (sorted ids; an empty segment is 0). */
  public Value segmentMax(Value data, Value segmentIds) {
    return self().op(dev.tatter.ir.ops.SegmentOps.SEGMENT_MAX, Map.of(), data, segmentIds);
  }

  /** TF's {@code tf.math.segment_mean(data, segment_ids)} (sorted ids; an empty segment is 0). */
  public Value segmentMean(Value data, Value segmentIds) {
    return self().op(dev.tatter.ir.ops.SegmentOps.SEGMENT_MEAN, Map.of(), data, segmentIds);
  }

  /** TF's {@code tf.math.bincount(arr)}: int32 counts of each value in {@code [0, max(arr)]}. */
  public Value bincount(Value arr) {
    return bincount(arr, null, -1, -1, false, false);
  }

  /**
   * TF's {@code tf.math.bincount(arr, weights, minlength, maxlength, axis, binary_output)}:
   * {@code weights} may be null, {@code minlength}/{@code maxlength} -1 when not given,
   * {@code perRow} is TF's {@code axis=-1} (a matrix or a 2-D ragged tensor: one row of counts per row).
   */
  public Value bincount(Value arr, Value weights, long minlength, long maxlength, boolean binaryOutput, boolean perRow) {
    if (weights == null) {
      return self().op(dev.tatter.ir.ops.SegmentOps.BINCOUNT, Map.of("minlength", minlength, "maxlength", maxlength,
          "binary_output", binaryOutput, "per_row", perRow), arr);
    }
    if (binaryOutput) {
      throw GraphBuilder.misuse("bincount: Arguments binary_output and weights are mutually exclusive", weights);
    }
    return self().op(dev.tatter.ir.ops.SegmentOps.WEIGHTED_BINCOUNT, Map.of("minlength", minlength, "maxlength", maxlength,
        "per_row", perRow), arr, weights);
  }

  /** TF's {@code tf.where(condition)}: the int64 coordinates {@code [num_true, rank]} of the true elements. */
  public Value where(Value condition) {
    return Selections.where(self(), condition);
  }

  /** TF's {@code tf.where(condition, x, y)}: {@code x} where the condition holds, else {@code y} (broadcasting). */
  public Value where(Value condition, Value x, Value y) {
    return Selections.where(self(), condition, x, y);
  }

  /**
   * {@code tf.complex(real, imag)}: {@code real + imag * 1j}, elementwise with broadcasting (and
   * over ragged values as TF's dispatch does); float32 parts give complex64, float64 complex128.
   */
  public Value complex(Value real, Value imag) {
    return ElementwiseLowering.binary(dev.tatter.ir.ops.ComplexOps.COMPLEX, real, imag);
  }

  /** A dense constant. */
  public Value constant(Tensor value) {
    return new Value(self(), self().add(CoreOps.CONSTANT, List.of(), Map.of("value", value)));
  }

  /** A scalar constant of {@code dtype}, converted as TF converts a Python scalar (integers wrap). */
  public Value scalar(DType dtype, Object value) {
    return constant(Tensor.scalar(dtype, value));
  }

  /**
   * {@code tf.math.add_n(inputs)}: their sum, added left to right as TF's AddN kernel does (so
   * float results are bit-equal to TF's). TF requires one shape; shapes that static types show to
   * differ are refused here (shapes known only at run time broadcast as {@code add} does).
   */
  public Value addN(Value... inputs) {
    if (inputs.length == 0) {
      throw new GraphBuildException("add_n needs at least one input at " + CallSite.find());
    }
    Value sum = inputs[0];
    for (int i = 1; i < inputs.length; i++) {
      if (!GraphBuilder.sameShapeMaybe(inputs[0].type(), inputs[i].type())) {
        throw GraphBuilder.misuse("add_n: inputs must have one shape, got " + inputs[0].shape() + " and " + inputs[i].shape(), inputs[i]);
      }
      sum = sum.add(inputs[i]);
    }
    return sum;
  }
}
