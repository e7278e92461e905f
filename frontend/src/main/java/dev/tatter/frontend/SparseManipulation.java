package dev.tatter.frontend;

import com.google.common.collect.ImmutableList;
import com.google.common.primitives.Longs;
import dev.tatter.ir.GraphBuildException;
import dev.tatter.ir.OpDef;
import dev.tatter.ir.ops.SparseAddOps;
import dev.tatter.ir.ops.SparseDynamicShapeOps;
import dev.tatter.ir.ops.SparseReductionOps;
import dev.tatter.ir.ops.SparseSelectOps;
import dev.tatter.ir.ops.SparseShapeOps;
import dev.tatter.ir.types.SparseType;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.LongStream;

/**
 * The builder side of the {@code tf.sparse} arithmetic, structural and reduction ops; {@link
 * Value} and {@link GraphBuilder} expose it. Where TF takes a list ({@code concat}) the sugar
 * chains the two-operand op; where TF's {@code axis=None} means every axis, the axes are written out.
 */
@BuilderApi
final class SparseManipulation {
  private SparseManipulation() {}

  /** {@code tf.sparse.add(a, b, threshold)}: sparse + sparse is sparse, sparse + dense (either order) dense. */
  static Value add(Value a, Value b, double threshold) {
    GraphBuilder g = a.builder();
    boolean aSparse = a.type() instanceof SparseType;
    boolean bSparse = b.type() instanceof SparseType;
    if (aSparse && bSparse) {
      return g.op(SparseAddOps.SPARSE_ADD, Map.of("threshold", threshold), a, b);
    }
    if (!aSparse && !bSparse) {
      throw new GraphBuildException("sparse add at " + CallSite.find()
          + ": at least one operand must be a sparse tensor (use add for two dense tensors), got " + a.type() + " and " + b.type());
    }
    if (threshold != 0) {
      throw new GraphBuildException("sparse add at " + CallSite.find()
          + ": threshold applies to sparse + sparse only (sparse + dense is dense), got " + threshold);
    }
    return aSparse ? g.op(SparseAddOps.SPARSE_DENSE_ADD, Map.of(), a, b) : g.op(SparseAddOps.SPARSE_DENSE_ADD, Map.of(), b, a);
  }

  /** {@code tf.sparse.concat(axis, sp_inputs, expand_nonconcat_dims)}: one input is itself; more chain pairwise. */
  static Value concat(GraphBuilder g, long axis, boolean expandNonconcatDims, Value... inputs) {
    if (inputs.length == 0) {
      throw new GraphBuildException("sparse concat at " + CallSite.find() + " needs at least one sparse tensor");
    }
    Value out = inputs[0];
    Sparse.type(out);
    for (int i = 1; i < inputs.length; i++) {
      out = g.op(SparseShapeOps.CONCAT, Map.of("axis", axis, "expand_nonconcat_dims", expandNonconcatDims), out, inputs[i]);
    }
    return out;
  }

  /**
   * TF's {@code tf.sparse.slice(sp_input, start, size)}: the entries in {@code [start, start +
   * size)}, shifted by {@code start}.
   */
  @TfApi("tf.sparse.slice")
  static Value slice(Value st, long[] start, long[] size) {
    return st.builder().op(SparseShapeOps.SLICE, Map.of("start", list(start), "size", list(size)), st);
  }

  /** TF's {@code tf.sparse.reshape(sp_input, shape)}: one dim may be -1. */
  @TfApi("tf.sparse.reshape")
  static Value reshape(Value st, long... shape) {
    return st.builder().op(SparseShapeOps.RESHAPE, Map.of("shape", list(shape)), st);
  }

  /**
   * TF's {@code tf.sparse.slice(sp_input, start, size)} with start and size computed by the graph
   * (integer vectors, one entry per dim; int32 is widened to TF's int64).
   */
  @TfApi("tf.sparse.slice")
  static Value slice(Value st, Value start, Value size) {
    GraphBuilder g = st.builder();
    return g.op(SparseDynamicShapeOps.SLICE, Map.of(), st, int64(g.own(start)), int64(g.own(size)));
  }

  /**
   * TF's {@code tf.sparse.reshape(sp_input, shape)} with the shape computed by the graph (an
   * integer vector whose length is known when the graph is built; one entry may be -1).
   */
  @TfApi("tf.sparse.reshape")
  static Value reshape(Value st, Value shape) {
    GraphBuilder g = st.builder();
    return g.op(SparseDynamicShapeOps.RESHAPE, Map.of(), st, int64(g.own(shape)));
  }

  private static Value int64(Value v) {
    return v.type().dtype() == dev.tatter.runtime.DType.INT32 ? v.cast(dev.tatter.runtime.DType.INT64) : v;
  }

  /** {@code tf.sparse.transpose(sp, perm)}; {@code perm} null reverses the dims, as TF's default. */
  static Value transpose(Value st, long[] perm) {
    int rank = Sparse.type(st).rank();
    long[] p = perm != null ? perm : LongStream.range(0, rank).map(d -> rank - 1 - d).toArray();
    return st.builder().op(SparseShapeOps.TRANSPOSE, Map.of("perm", list(p)), st);
  }

  /** TF's {@code tf.sparse.expand_dims(sp_input, axis)}. */
  @TfApi("tf.sparse.expand_dims")
  static Value expandDims(Value st, long axis) {
    return st.builder().op(SparseShapeOps.EXPAND_DIMS, Map.of("axis", axis), st);
  }

  /** {@code tf.sparse.reset_shape(sp, new_shape)}; {@code newShape} null is the tight bounding shape. */
  static Value resetShape(Value st, long[] newShape) {
    return newShape == null
        ? st.builder().op(SparseShapeOps.RESET_SHAPE, Map.of(), st)
        : st.builder().op(SparseShapeOps.RESET_SHAPE_TO, Map.of("shape", list(newShape)), st);
  }

  /** {@code tf.sparse.reduce_sum/reduce_max(sp, axis, keepdims, output_is_sparse)}; {@code axis} null is every axis. */
  static Value reduce(Value st, boolean max, long[] axis, boolean keepdims, boolean sparseResult) {
    int rank = Sparse.type(st).rank();
    long[] axes = axis != null ? axis : LongStream.range(0, rank).toArray();
    OpDef op = max
        ? (sparseResult ? SparseReductionOps.REDUCE_MAX_SPARSE : SparseReductionOps.REDUCE_MAX)
        : (sparseResult ? SparseReductionOps.REDUCE_SUM_SPARSE : SparseReductionOps.REDUCE_SUM);
    return st.builder().op(op, Map.of("axis", list(axes), "keepdims", keepdims), st);
  }

  /** TF's {@code tf.sparse.retain(sp_input, to_retain)}: the entries where the bool vector is true. */
  @TfApi("tf.sparse.retain")
  static Value retain(Value st, Value toRetain) {
    Sparse.type(st);
    return st.builder().op(SparseSelectOps.RETAIN, Map.of(), st, toRetain);
  }

  /**
   * TF's {@code tf.sparse.fill_empty_rows(sp_input, default_value)}: {@code [the filled tensor,
   * empty_row_indicator]}.
   */
  @TfApi("tf.sparse.fill_empty_rows")
  static List<Value> fillEmptyRows(Value st, Object defaultValue) {
    GraphBuilder g = st.builder();
    Value dv = defaultValue instanceof Value v ? v : g.scalar(Sparse.type(st).dtype(), defaultValue);
    return List.of(g.op(SparseSelectOps.FILL_EMPTY_ROWS, Map.of(), st, dv), g.op(SparseSelectOps.EMPTY_ROWS, Map.of(), st));
  }

  /**
   * TF's raw {@code SparseFillEmptyRows(indices, values, dense_shape, default_value)}: {@code
   * [output_indices, output_values, empty_row_indicator, reverse_index_map]}, the last the
   * position of each input entry in the output (what TF's gradient of fill_empty_rows gathers by).
   */
  @TfApi("tf.raw_ops.SparseFillEmptyRows")
  static List<Value> rawFillEmptyRows(Value indices, Value values, Value denseShape, Value defaultValue) {
    GraphBuilder g = indices.builder();
    Value st = g.sparseTensor(indices, values, denseShape);
    Value filled = g.op(SparseSelectOps.FILL_EMPTY_ROWS, Map.of(), st, g.own(defaultValue));
    return List.of(filled.indices(), filled.values(), g.op(SparseSelectOps.EMPTY_ROWS, Map.of(), st),
        g.op(SparseSelectOps.FILL_REVERSE_INDEX_MAP, Map.of(), st));
  }

  /** TF's {@code tf.sparse.split(sp_input, num_split, axis)}: the pieces, in order. */
  @TfApi("tf.sparse.split")
  static List<Value> split(Value st, long numSplit, long axis) {
    Sparse.type(st);
    List<Value> pieces = new ArrayList<>();
    // the first piece's type rule checks num_split against a known dimension (TF's message) ...
    pieces.add(st.builder().op(SparseSelectOps.SPLIT, Map.of("axis", axis, "num_split", numSplit, "index", 0L), st));
    // ... and before building the others their count is bounded
    if (numSplit > GraphBuilder.MAX_LIST_RESULTS) {
      throw GraphBuilder.misuse("sparse split: num_split " + numSplit + " is more than the " + GraphBuilder.MAX_LIST_RESULTS
          + " results one op may give (each piece is a node of its own)", st);
    }
    for (long k = 1; k < numSplit; k++) {
      pieces.add(st.builder().op(SparseSelectOps.SPLIT, Map.of("axis", axis, "num_split", numSplit, "index", k), st));
    }
    return List.copyOf(pieces);
  }

  /** TF's {@code tf.sparse.map_values(op, sp_input)}: {@code fn} applied to the stored values, indices unchanged. */
  @TfApi("tf.sparse.map_values")
  static Value mapValues(Value st, java.util.function.UnaryOperator<Value> fn) {
    Sparse.type(st);
    Value mapped = fn.apply(st.values());
    return Sparse.withValues(st, mapped);
  }

  private static ImmutableList<Long> list(long[] values) {
    if (values == null) {
      throw new GraphBuildException("a null list of ints at " + CallSite.find());
    }
    return ImmutableList.copyOf(Longs.asList(values));
  }

  /** {@code tf.sparse.softmax(sp_input)}: float32/float64 of rank >= 2, indices in row-major order. */
  @TfApi("tf.sparse.softmax")
  static Value softmax(Value st) {
    Sparse.type(st);
    return st.builder().op(dev.tatter.ir.ops.SparseValueOps.SPARSE_SOFTMAX, Map.of(), st);
  }

  /** {@code tf.sparse.to_indicator(sp_input, vocab_size)}: dense bool, the last dimension vocab_size. */
  @TfApi("tf.sparse.to_indicator")
  static Value toIndicator(Value st, long vocabSize) {
    Sparse.type(st);
    return st.builder().op(dev.tatter.ir.ops.SparseValueOps.SPARSE_TO_INDICATOR, Map.of("vocab_size", vocabSize), st);
  }

  /**
   * {@code tf.sparse.bincount(values, weights, axis, minlength, maxlength, binary_output)} of a
   * sparse, dense or ragged tensor, a sparse result. {@code weights} null, or of the values' kind as
   * TF's Python requires: sparse with the values' indices (its values are used, as
   * {@code validate_sparse_weights} does), dense of the values' shape, ragged with the values' row
   * splits; {@code minlength}/{@code maxlength} null for none.
   */
  @TfApi("tf.sparse.bincount")
  static Value bincount(Value values, @Nullable Value weights, int axis, @Nullable Long minlength, @Nullable Long maxlength, boolean binaryOutput) {
    GraphBuilder g = values.builder();
    dev.tatter.ir.types.Type type = values.type();
    if (!(type instanceof SparseType) && !(type instanceof dev.tatter.ir.types.DenseType)
        && !(type instanceof dev.tatter.ir.types.RaggedType)) {
      throw GraphBuilder.misuse("tf.sparse.bincount takes a sparse, dense or ragged tensor, got " + type, values);
    }
    Value w;
    if (weights == null) {
      dev.tatter.runtime.DType dtype = type.dtype();
      w = g.constant(dev.tatter.runtime.Tensor.wrap(dtype, new int[] {0}, dtype.layout().newArray(0)));
    } else if (type instanceof SparseType) {
      Sparse.type(weights);
      w = g.op(dev.tatter.ir.ops.SparseSelectOps.VALUES, Map.of(), weights);
    } else if (type instanceof dev.tatter.ir.types.RaggedType) {
      if (!(weights.type() instanceof dev.tatter.ir.types.RaggedType)) {
        throw GraphBuilder.misuse("`weights` must be a RaggedTensor if `values` is a RaggedTensor, got " + weights.type(), weights);
      }
      w = weights;
    } else {
      if (!(weights.type() instanceof dev.tatter.ir.types.DenseType)) {
        throw GraphBuilder.misuse("`weights` must be a tf.Tensor if `values` is a tf.Tensor, got " + weights.type(), weights);
      }
      w = weights;
    }
    Map<String, Object> attrs = Map.of("axis", (long) axis, "minlength", minlength == null ? -1L : minlength,
        "maxlength", maxlength == null ? -1L : maxlength, "binary_output", binaryOutput);
    OpDef op = type instanceof SparseType ? dev.tatter.ir.ops.SparseValueOps.SPARSE_BINCOUNT
        : type instanceof dev.tatter.ir.types.RaggedType ? dev.tatter.ir.ops.SparseValueOps.RAGGED_COUNT_SPARSE_OUTPUT
        : dev.tatter.ir.ops.SparseValueOps.DENSE_COUNT_SPARSE_OUTPUT;
    return g.op(op, attrs, values, w);
  }
}
