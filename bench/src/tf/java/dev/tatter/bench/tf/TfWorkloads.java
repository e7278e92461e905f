package dev.tatter.bench.tf;

import java.util.List;
import org.tensorflow.Operand;
import org.tensorflow.Result;
import org.tensorflow.ndarray.index.Indices;
import org.tensorflow.op.Ops;
import org.tensorflow.op.core.Placeholder;
import org.tensorflow.op.core.Squeeze;
import org.tensorflow.op.sparse.SparseTensorDenseMatMul;
import org.tensorflow.types.TBool;
import org.tensorflow.types.TFloat32;
import org.tensorflow.types.TInt32;
import org.tensorflow.types.TInt64;
import org.tensorflow.types.family.TNumber;

/**
 * The side-by-side workloads (W1-W6 of docs/BENCHMARKS.md) as TensorFlow graphs, built once, each with the raw ops
 * that TF's Python layer emits for the same call in graph mode, so that a run costs what it
 * costs a TF user. Every {@code run} copies its Java inputs into TF tensors, runs the session
 * and copies the fetched result back into a Java array.
 */
public final class TfWorkloads {
  private TfWorkloads() {}

  /** A dense float32 result: row-major data and its shape. */
  public record FloatResult(float[] data, long[] shape) {}

  /** W1: {@code ((x*2 + 1) / 3 - x) * x} on the flat values (Python's {@code /} on floats is RealDiv). */
  public static final class Elementwise extends TfProgram {
    private final Placeholder<TFloat32> x;
    private final Operand<TFloat32> y;

    public Elementwise(Threads threads) {
      x = tf.placeholder(TFloat32.class);
      Operand<TFloat32> t = tf.math.add(tf.math.mul(x, tf.constant(2f)), tf.constant(1f));
      y = tf.math.mul(tf.math.sub(tf.math.realDiv(t, tf.constant(3f)), x), x);
      open(threads);
    }

    public float[] run(float[] values) {
      try (TFloat32 in = floats(values, values.length); Result r = runner().feed(x, in).fetch(y).run()) {
        return toFloats(r.get(0));
      }
    }
  }

  /**
   * W2: {@code rt.to_tensor(default_value)} — {@code RaggedTensorToTensor} with shape -1 (unknown)
   * and one {@code ROW_SPLITS} partition, as {@code RaggedTensor.to_tensor} emits for a tensor
   * built from row splits.
   */
  public static final class ToTensor extends TfProgram {
    private final Placeholder<TFloat32> values;
    private final Placeholder<TInt64> splits;
    private final Placeholder<TFloat32> defaultValue;
    private final Operand<TFloat32> dense;

    public ToTensor(Threads threads) {
      this(threads, null);
    }

    /** With a target shape ({@code -1} for a dimension taken from the data), or none. */
    public ToTensor(Threads threads, long[] shape) {
      values = tf.placeholder(TFloat32.class);
      splits = tf.placeholder(TInt64.class);
      defaultValue = tf.placeholder(TFloat32.class);
      Operand<TInt64> shapeTensor = shape == null ? tf.constant(-1L) : tf.constant(shape);
      List<Operand<? extends TNumber>> partitions = List.of(splits);
      dense = tf.ragged.raggedTensorToTensor(shapeTensor, values, defaultValue, partitions, List.of("ROW_SPLITS"));
      open(threads);
    }

    public FloatResult run(float[] flat, long[] rowSplits, float pad) {
      try (TFloat32 v = floats(flat, flat.length);
          TInt64 s = longs(rowSplits, rowSplits.length);
          TFloat32 d = TFloat32.scalarOf(pad);
          Result r = runner().feed(values, v).feed(splits, s).feed(defaultValue, d).fetch(dense).run()) {
        return new FloatResult(toFloats(r.get(0)), r.get(0).shape().asArray());
      }
    }
  }

  /**
   * {@code RowPartition.value_rowids()} from row splits, op for op as TF's Python layer computes
   * it ({@code segment_id_ops.row_splits_to_segment_ids} through {@code ragged_util.repeat}):
   * row lengths by slicing, {@code range(nrows)} tiled to the longest row, a sequence mask, and
   * a boolean mask ({@code Where} + {@code Gather}) that drops the padding.
   */
  static Operand<TInt64> valueRowidsFromSplits(Ops tf, Operand<TInt64> splits) {
    Operand<TInt64> lengths = tf.math.sub(
        tf.stridedSlice(splits, Indices.sliceFrom(1)), tf.stridedSlice(splits, Indices.sliceTo(-1)));
    Operand<TInt64> nrows = tf.math.sub(
        tf.stridedSlice(tf.shape(splits, TInt64.class), Indices.at(-1)), tf.constant(1L));
    Operand<TInt64> rows = tf.range(tf.constant(0L), nrows, tf.constant(1L));
    Operand<TInt64> maxRepeat = tf.math.maximum(tf.constant(0L), tf.max(lengths, tf.constant(0)));
    // sequence_mask(lengths, max_repeat): range(max_repeat) < expand_dims(lengths, -1)
    Operand<TBool> mask = tf.math.less(
        tf.range(tf.constant(0L), maxRepeat, tf.constant(1L)), tf.expandDims(lengths, tf.constant(-1)));
    Operand<TInt64> tiled = tf.tile(tf.expandDims(rows, tf.constant(1)),
        tf.concat(List.of(tf.constant(new long[] {1}), tf.reshape(maxRepeat, tf.constant(new int[] {1}))), tf.constant(0)));
    // boolean_mask(tiled, mask): flatten both, gather where the mask is true
    Operand<TInt64> kept = tf.squeeze(tf.where(tf.reshape(mask, tf.constant(new int[] {-1}))), Squeeze.axis(1L));
    return tf.gather(tf.reshape(tiled, tf.constant(new int[] {-1})), kept, tf.constant(0));
  }

  /**
   * W3: {@code tf.reduce_sum(rt, axis=1)}; TF's ragged reduction is {@code UnsortedSegmentSum}
   * of the values by their value rowids into nrows segments.
   */
  public static final class RowSums extends TfProgram {
    private final Placeholder<TFloat32> values;
    private final Placeholder<TInt64> splits;
    private final Operand<TFloat32> sums;

    public RowSums(Threads threads) {
      values = tf.placeholder(TFloat32.class);
      splits = tf.placeholder(TInt64.class);
      Operand<TInt64> nrows = tf.math.sub(
          tf.stridedSlice(tf.shape(splits, TInt64.class), Indices.at(-1)), tf.constant(1L));
      sums = tf.math.unsortedSegmentSum(values, valueRowidsFromSplits(tf, splits), nrows);
      open(threads);
    }

    public float[] run(float[] flat, long[] rowSplits) {
      try (TFloat32 v = floats(flat, flat.length);
          TInt64 s = longs(rowSplits, rowSplits.length);
          Result r = runner().feed(values, v).feed(splits, s).fetch(sums).run()) {
        return toFloats(r.get(0));
      }
    }
  }

  /** W4a: value rowids from row splits. */
  public static final class ValueRowids extends TfProgram {
    private final Placeholder<TInt64> splits;
    private final Operand<TInt64> rowids;

    public ValueRowids(Threads threads) {
      splits = tf.placeholder(TInt64.class);
      rowids = valueRowidsFromSplits(tf, splits);
      open(threads);
    }

    public long[] run(long[] rowSplits) {
      try (TInt64 s = longs(rowSplits, rowSplits.length); Result r = runner().feed(splits, s).fetch(rowids).run()) {
        return toLongs(r.get(0));
      }
    }
  }

  /**
   * W4b: row splits from value rowids and nrows, as {@code segment_ids_to_row_splits} computes
   * them: ids cast to int32, {@code bincount(ids, minlength=nrows, maxlength=nrows)} (output
   * size from the ids' max, clamped to nrows, then {@code DenseBincount}), then
   * {@code concat([0], cumsum(counts))}.
   */
  public static final class RowSplitsFromRowids extends TfProgram {
    private final Placeholder<TInt64> rowids;
    private final Placeholder<TInt64> nrows;
    private final Operand<TInt64> splits;

    public RowSplitsFromRowids(Threads threads) {
      rowids = tf.placeholder(TInt64.class);
      nrows = tf.placeholder(TInt64.class);
      Operand<TInt32> ids = tf.dtypes.cast(rowids, TInt32.class);
      Operand<TInt32> n = tf.dtypes.cast(nrows, TInt32.class);
      Operand<TBool> nonEmpty = tf.math.greater(tf.prod(tf.shape(ids), tf.constant(0)), tf.constant(0));
      Operand<TInt32> size = tf.math.mul(tf.dtypes.cast(nonEmpty, TInt32.class),
          tf.math.add(tf.max(ids, tf.constant(0)), tf.constant(1)));
      size = tf.math.minimum(n, tf.math.maximum(n, size));
      Operand<TInt64> counts = tf.math.denseBincount(
          tf.reshape(ids, tf.constant(new int[] {-1})), size, tf.constant(new long[0]));
      splits = tf.concat(List.of(tf.constant(new long[] {0}), tf.math.cumsum(counts, tf.constant(0))), tf.constant(0));
      open(threads);
    }

    public long[] run(long[] valueRowids, long numRows) {
      try (TInt64 ids = longs(valueRowids, valueRowids.length);
          TInt64 n = TInt64.scalarOf(numRows);
          Result r = runner().feed(rowids, ids).feed(nrows, n).fetch(splits).run()) {
        return toLongs(r.get(0));
      }
    }
  }

  /** The three tensors of a 2-D sparse operand, as placeholders. */
  abstract static class SparseProgram extends TfProgram {
    final Placeholder<TInt64> indices = tf.placeholder(TInt64.class);
    final Placeholder<TFloat32> values = tf.placeholder(TFloat32.class);
    final Placeholder<TInt64> shape = tf.placeholder(TInt64.class);
    final Placeholder<TFloat32> dense = tf.placeholder(TFloat32.class);

    FloatResult run(Operand<TFloat32> fetch, long[] idx, float[] vals, long[] denseShapeOfSparse,
        float[] denseData, long... denseShape) {
      try (TInt64 i = longs(idx, vals.length, 2);
          TFloat32 v = floats(vals, vals.length);
          TInt64 s = longs(denseShapeOfSparse, denseShapeOfSparse.length);
          TFloat32 d = floats(denseData, denseShape);
          Result r = runner().feed(indices, i).feed(values, v).feed(shape, s).feed(dense, d).fetch(fetch).run()) {
        return new FloatResult(toFloats(r.get(0)), r.get(0).shape().asArray());
      }
    }
  }

  /** W5a and the oracle: {@code sp * dense} / {@code sp / dense} ({@code SparseDenseCwiseMul/Div}); returns the new values. */
  public static final class SparseCwise extends SparseProgram {
    private final Operand<TFloat32> out;

    public SparseCwise(Threads threads, boolean divide) {
      out = divide
          ? tf.sparse.sparseDenseCwiseDiv(indices, values, shape, dense)
          : tf.sparse.sparseDenseCwiseMul(indices, values, shape, dense);
      open(threads);
    }

    public float[] run(long[] idx, float[] vals, long[] sparseShape, float[] denseData, long... denseShape) {
      return run(out, idx, vals, sparseShape, denseData, denseShape).data();
    }
  }

  /** W5b: {@code tf.sparse.sparse_dense_matmul(sp, dense, adjoint_a, adjoint_b)} ({@code SparseTensorDenseMatMul}). */
  public static final class SparseDenseMatmul extends SparseProgram {
    private final Operand<TFloat32> out;

    public SparseDenseMatmul(Threads threads, boolean adjointA, boolean adjointB) {
      out = tf.sparse.sparseTensorDenseMatMul(indices, values, shape, dense,
          SparseTensorDenseMatMul.adjointA(adjointA), SparseTensorDenseMatMul.adjointB(adjointB));
      open(threads);
    }

    public FloatResult run(long[] idx, float[] vals, long[] sparseShape, float[] denseData, long... denseShape) {
      return run(out, idx, vals, sparseShape, denseData, denseShape);
    }
  }

  /** W6: two scalar placeholders and one add. */
  public static final class ScalarAdd extends TfProgram {
    private final Placeholder<TFloat32> a;
    private final Placeholder<TFloat32> b;
    private final Operand<TFloat32> sum;

    public ScalarAdd(Threads threads) {
      a = tf.placeholder(TFloat32.class);
      b = tf.placeholder(TFloat32.class);
      sum = tf.math.add(a, b);
      open(threads);
    }

    public float run(float x, float y) {
      try (TFloat32 ta = TFloat32.scalarOf(x);
          TFloat32 tb = TFloat32.scalarOf(y);
          Result r = runner().feed(a, ta).feed(b, tb).fetch(sum).run()) {
        return ((TFloat32) r.get(0)).getFloat();
      }
    }
  }
}
