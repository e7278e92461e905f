package dev.tatter.bench.tf;

import dev.tatter.bench.MarkdownTable;
import dev.tatter.bench.RoundRobin;
import dev.tatter.bench.SparseBenchmark;
import dev.tatter.bench.tf.TfProgram.Threads;
import dev.tatter.runtime.SparseTensor;
import dev.tatter.runtime.Tensor;
import java.util.List;
import java.util.function.Supplier;
import org.tensorflow.Operand;
import org.tensorflow.Result;
import org.tensorflow.op.core.Placeholder;
import org.tensorflow.op.sparse.SparseAdd;
import org.tensorflow.types.TFloat32;
import org.tensorflow.types.TInt64;

/**
 * {@link SparseBenchmark}'s workloads with TensorFlow beside Tatter and the hand loop, round-robin
 * in one JVM: {@code tf.sparse.reduce_sum(sp, axis=1)} ({@code SparseReduceSum}), {@code tf.sparse.add}
 * of two sparse tensors ({@code SparseAdd}, threshold 0) and {@code sparse_dense_matmul}
 * ({@code SparseTensorDenseMatMul}) as TF graphs of the raw ops TF's Python emits, fed the same
 * arrays and fetched into Java every run (TF copies both ways; Tatter reads the arrays in place),
 * with TF's default threads ({@code tf}) and one intra- and one inter-op thread ({@code tf1}).
 * TF's work runs on its own threads, outside the calling thread's CPU time: compare TF by wall
 * and process CPU time. Setup checks TF's results against the hand loops' (sums within 1e-5
 * relative: TF's Eigen sums groups in a vectorized order; the union of add exactly).
 * Run (after {@code mvn -B -Ptf -pl bench -am package -DskipTests}): {@code java -Xms4g -Xmx4g
 * -cp bench/target/benchmarks.jar dev.tatter.bench.tf.TfSparseAlternating [rounds]}.
 */
public final class TfSparseAlternating {
  private TfSparseAlternating() {}

  /** One sparse operand's three placeholders and their feeds. */
  static final class SparseInput {
    final Placeholder<TInt64> indices;
    final Placeholder<TFloat32> values;
    final Placeholder<TInt64> shape;

    SparseInput(org.tensorflow.op.Ops tf) {
      indices = tf.placeholder(TInt64.class);
      values = tf.placeholder(TFloat32.class);
      shape = tf.placeholder(TInt64.class);
    }
  }

  /** The three workloads' TF graphs in one graph; each run fetches one of them. */
  static final class SparseGraphs extends TfProgram {
    private final SparseInput a = new SparseInput(tf);
    private final SparseInput b = new SparseInput(tf);
    private final Placeholder<TFloat32> dense = tf.placeholder(TFloat32.class);
    private final Operand<TFloat32> rowSums;
    private final SparseAdd<TFloat32> sum;
    private final Operand<TFloat32> product;

    SparseGraphs(Threads threads) {
      rowSums = tf.sparse.sparseReduceSum(a.indices, a.values, a.shape, tf.constant(new int[] {1}));
      sum = tf.sparse.sparseAdd(a.indices, a.values, a.shape, b.indices, b.values, b.shape, tf.constant(0f));
      product = tf.sparse.sparseTensorDenseMatMul(a.indices, a.values, a.shape, dense);
      open(threads);
    }

    private static TInt64 indices(SparseTensor st) {
      return longs((long[]) st.indices().unsafeData(), st.nnz(), st.rank());
    }

    private static TFloat32 values(SparseTensor st) {
      return floats((float[]) st.values().unsafeData(), st.nnz());
    }

    private static TInt64 shape(SparseTensor st) {
      return longs((long[]) st.denseShape().unsafeData(), st.rank());
    }

    float[] reduceSum(SparseTensor sp) {
      try (TInt64 i = indices(sp); TFloat32 v = values(sp); TInt64 s = shape(sp);
          Result r = runner().feed(a.indices, i).feed(a.values, v).feed(a.shape, s).fetch(rowSums).run()) {
        return toFloats(r.get(0));
      }
    }

    /** The sum's indices and values. */
    List<Object> add(SparseTensor x, SparseTensor y) {
      try (TInt64 ai = indices(x); TFloat32 av = values(x); TInt64 as = shape(x);
          TInt64 bi = indices(y); TFloat32 bv = values(y); TInt64 bs = shape(y);
          Result r = runner().feed(a.indices, ai).feed(a.values, av).feed(a.shape, as)
              .feed(b.indices, bi).feed(b.values, bv).feed(b.shape, bs)
              .fetch(sum.sumIndices()).fetch(sum.sumValues()).run()) {
        return List.of(toLongs(r.get(0)), toFloats(r.get(1)));
      }
    }

    float[] matmul(SparseTensor sp, Tensor d) {
      try (TInt64 i = indices(sp); TFloat32 v = values(sp); TInt64 s = shape(sp);
          TFloat32 m = floats((float[]) d.unsafeData(), d.shape()[0], d.shape()[1]);
          Result r = runner().feed(a.indices, i).feed(a.values, v).feed(a.shape, s).feed(dense, m).fetch(product).run()) {
        return toFloats(r.get(0));
      }
    }
  }

  private static float[] floatsOf(Object result) {
    return (float[]) (result instanceof SparseTensor st ? st.values() : (Tensor) result).unsafeData();
  }

  public static void main(String[] args) {
    String[] positional = MarkdownTable.positional(args);
    int rounds = positional.length > 0 ? Integer.parseInt(positional[0]) : 20;
    SparseBenchmark s = SparseBenchmark.prepared();
    SparseTensor a = s.a();
    SparseTensor b = s.b();
    Tensor d = s.d();
    try (SparseGraphs tf = new SparseGraphs(Threads.DEFAULT); SparseGraphs tf1 = new SparseGraphs(Threads.ONE)) {
      for (SparseGraphs g : List.of(tf, tf1)) {
        TfSideBySide.Checks.close(floatsOf(s.handReduceSum()), g.reduceSum(a), 1e-5);
        SparseTensor hand = (SparseTensor) s.handAdd();
        List<Object> sum = g.add(a, b);
        TfSideBySide.Checks.equal((long[]) hand.indices().unsafeData(), (long[]) sum.get(0));
        TfSideBySide.Checks.close(floatsOf(hand), (float[]) sum.get(1), 0);
        TfSideBySide.Checks.close(floatsOf(s.handMatmul()), g.matmul(a, d), 1e-5);
      }
      String[] names = {"tatter", "hand", "tf", "tf1"};
      if (MarkdownTable.wanted(args)) {
        Class<?> me = TfSparseAlternating.class;
        System.out.print(SparseBenchmark.markdown(SparseBenchmark.TITLES[0] + ", with TF", names, new Supplier<?>[] {
            s::tatterReduceSum, s::handReduceSum, () -> tf.reduceSum(a), () -> tf1.reduceSum(a)}, rounds, me, args));
        System.out.print(SparseBenchmark.markdown(SparseBenchmark.TITLES[1] + ", with TF", names, new Supplier<?>[] {
            s::tatterAdd, s::handAdd, () -> tf.add(a, b), () -> tf1.add(a, b)}, rounds, me, args));
        System.out.print(SparseBenchmark.markdown(SparseBenchmark.TITLES[2] + ", with TF", names, new Supplier<?>[] {
            s::tatterMatmul, s::handMatmul, () -> tf.matmul(a, d), () -> tf1.matmul(a, d)}, rounds, me, args));
        return;
      }
      System.out.println("tf.sparse.reduce_sum(sp, axis=1), 1M nnz");
      RoundRobin.printTable(names, new Supplier<?>[] {s::tatterReduceSum, s::handReduceSum,
          () -> tf.reduceSum(a), () -> tf1.reduceSum(a)}, rounds);
      System.out.println("tf.sparse.add(a, b), 1M + 1M nnz");
      RoundRobin.printTable(names, new Supplier<?>[] {s::tatterAdd, s::handAdd, () -> tf.add(a, b), () -> tf1.add(a, b)}, rounds);
      System.out.println("sparse_dense_matmul(sp, [1000, 16])");
      RoundRobin.printTable(names, new Supplier<?>[] {s::tatterMatmul, s::handMatmul,
          () -> tf.matmul(a, d), () -> tf1.matmul(a, d)}, rounds);
    }
  }
}
