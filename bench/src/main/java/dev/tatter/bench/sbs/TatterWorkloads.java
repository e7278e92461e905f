package dev.tatter.bench.sbs;

import dev.tatter.frontend.Ops;
import dev.tatter.frontend.GraphBuilder;
import dev.tatter.frontend.Session;
import dev.tatter.frontend.Types;
import dev.tatter.frontend.Value;
import dev.tatter.ir.types.SparseType;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.RowPartition;
import dev.tatter.runtime.SparseTensor;
import dev.tatter.runtime.Tensor;
import java.util.Map;

/**
 * The side-by-side workloads (W1-W6 of docs/BENCHMARKS.md) as Tatter graphs, built once and run through a compiled
 * {@link Session} as a user runs them: feeds by name, checked against the placeholders' types.
 * Java arrays become Tatter tensors without a copy ({@link Tensor#wrap}); a ragged feed's row
 * splits are validated when the feed is built, as {@code from_row_splits(validate=True)} does.
 */
public final class TatterWorkloads {
  private TatterWorkloads() {}

  /** A graph built once, its session and the one value each run fetches. */
  public record Prepared(Session session, Value fetch) {
    public Object run(Map<String, ?> feeds) {
      return session.run(feeds, fetch).get(0);
    }
  }

  // ---- feeds: Java arrays as Tatter values, without copying ----

  public static Tensor floats(float[] data) {
    return Tensor.wrap(DType.FLOAT32, new int[] {data.length}, data);
  }

  public static Tensor longs(long[] data) {
    return Tensor.wrap(DType.INT64, new int[] {data.length}, data);
  }

  /** A ragged float32 tensor over the arrays (the splits are validated; the partition adopts them, never copying). */
  public static RaggedTensor ragged(float[] values, long[] rowSplits) {
    return RaggedTensor.of(floats(values), RowPartition.adoptingRowSplits(rowSplits, DType.INT64));
  }

  // ---- the graphs ----

  /** W2: {@code rt.to_tensor(default_value)}. */
  public static Prepared toTensor() {
    GraphBuilder g = new GraphBuilder();
    Value rt = g.placeholder("rt", Types.ragged(DType.FLOAT32, 1));
    Value pad = g.placeholder("pad", Types.dense(DType.FLOAT32));
    Value dense = rt.toTensor(pad);
    return new Prepared(new Session(g.build()), dense);
  }

  /** W4a: value rowids from row splits ({@code from_row_splits(splits).value_rowids()}). */
  public static Prepared valueRowids() {
    GraphBuilder g = new GraphBuilder();
    Value splits = g.placeholder("splits", Types.dense(DType.INT64, -1));
    Value rowids = g.partitionFromRowSplits(splits).valueRowids();
    return new Prepared(new Session(g.build()), rowids);
  }

  /** W1: {@code ((x*2 + 1) / 3 - x) * x} on a ragged tensor (elementwise on its flat values). */
  public static Prepared elementwise() {
    GraphBuilder g = new GraphBuilder();
    Value x = g.placeholder("rt", Types.ragged(DType.FLOAT32, 1));
    Value y = x.mul(2).add(1).truediv(3).sub(x).mul(x);
    return new Prepared(new Session(g.build()), y);
  }

  /** W3: {@code tf.reduce_sum(rt, axis=1)}. */
  public static Prepared rowSums() {
    GraphBuilder g = new GraphBuilder();
    Value rt = g.placeholder("rt", Types.ragged(DType.FLOAT32, 1));
    Value sums = rt.reduceSum(1);
    return new Prepared(new Session(g.build()), sums);
  }

  /** W4b: {@code RowPartition.from_value_rowids(rowids, nrows).row_splits()} (validated). */
  public static Prepared rowSplitsFromValueRowids() {
    GraphBuilder g = new GraphBuilder();
    Value rowids = g.placeholder("rowids", Types.dense(DType.INT64, -1));
    Value nrows = g.placeholder("nrows", Types.dense(DType.INT64));
    Value splits = g.partitionFromValueRowids(rowids, nrows).rowSplits();
    return new Prepared(new Session(g.build()), splits);
  }

  /** W6: two scalar placeholders and one add. */
  public static Prepared scalarAdd() {
    GraphBuilder g = new GraphBuilder();
    Value a = g.placeholder("a", Types.dense(DType.FLOAT32));
    Value b = g.placeholder("b", Types.dense(DType.FLOAT32));
    Value sum = a.add(b);
    return new Prepared(new Session(g.build()), sum);
  }

  /** W5a: {@code sp * dense}, the dense {@code [rows, 1]} column broadcast into the sparse tensor. */
  public static Prepared sparseTimesDense() {
    GraphBuilder g = new GraphBuilder();
    Value sp = g.placeholder("sp", SparseType.of(DType.FLOAT32, -1, -1));
    Value dense = g.placeholder("dense", Types.dense(DType.FLOAT32, -1, 1));
    Value product = sp.mul(dense);
    return new Prepared(new Session(g.build()), product);
  }

  /** W5b: {@code tf.sparse.sparse_dense_matmul(sp, dense)}. */
  public static Prepared sparseDenseMatmul() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value sp = g.placeholder("sp", SparseType.of(DType.FLOAT32, -1, -1));
    Value dense = g.placeholder("dense", Types.dense(DType.FLOAT32, -1, -1));
    Value product = tf.sparse.sparseDenseMatmul(sp, dense);
    return new Prepared(new Session(g.build()), product);
  }

  /** A sparse tensor over the arrays, without copying them. */
  public static SparseTensor sparse(SideBySideData.Sparse sparse) {
    int nnz = sparse.nnz();
    return SparseTensor.of(Tensor.wrap(DType.INT64, new int[] {nnz, 2}, sparse.indices()), floats(sparse.values()),
        Tensor.ofLongs(sparse.rows(), sparse.cols()));
  }

  /** The values of a sparse result. */
  public static float[] sparseValues(Object sparseTensor) {
    return (float[]) ((SparseTensor) sparseTensor).values().unsafeData();
  }
}
