package dev.tatter.bench.tf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.frontend.GraphBuilder;
import dev.tatter.frontend.Session;
import dev.tatter.frontend.Value;
import dev.tatter.ir.types.SparseType;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.SparseTensor;
import dev.tatter.runtime.Tensor;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.tensorflow.op.sparse.DenseCountSparseOutput;
import org.tensorflow.op.sparse.SparseCountSparseOutput;
import org.tensorflow.op.sparse.SparseToDense;
import org.tensorflow.types.TInt64;
import org.tensorflow.types.family.TNumber;
import org.tensorflow.types.family.TType;
import org.junit.jupiter.api.Test;

/**
 * tf.sparse.softmax, to_dense(validate_indices), sparse / dense with zero divisors and bincount
 * against TF's kernels (SparseSoftmax, SparseToDense, SparseDenseCwiseDiv, SparseCountSparseOutput,
 * DenseCountSparseOutput) on random sparse tensors, empty ones, unordered and repeated indices.
 */
class SparseValueOracleTest {
  static final int CASES = 200;

  /** Softmax against Eigen's vectorized exp and packet sums: within this many ulp of the result. */
  static final int SOFTMAX_ULP = 4;

  private static Object tatter(GraphBuilder g, Value out, Map<String, ?> feeds) {
    try (Session s = new Session(g.build(out)); Session i = new Session(g.build(out), "", Session.Backend.INTERPRETED)) {
      Object compiled = s.run(feeds, out).get(0);
      assertEquals(compiled, i.run(feeds, out).get(0), "compiled vs interpreted");
      return compiled;
    }
  }

  private static Value placeholder(GraphBuilder g, DType dtype, int rank) {
    long[] dims = new long[rank];
    Arrays.fill(dims, -1);
    return g.placeholder("st", SparseType.of(dtype, dims));
  }

  @Test
  void softmax_matchesSparseSoftmax() {
    int compared = 0;
    for (int seed = 0; seed < CASES; seed++) {
      SplittableRandom r = new SplittableRandom(seed);
      DType dtype = r.nextBoolean() ? DType.FLOAT32 : DType.FLOAT64;
      int rank = 2 + r.nextInt(2);
      long[] shape = SparseOpsOracleTest.randomShape(rank, seed, r);
      // TF's sort of equal indices is not stable, so repeats have no single TF result
      SparseTensor sp = SparseOpsOracleTest.randomSparse(dtype, shape, r.nextBoolean(), false, r);
      TfEval.Outcome tf = TfEval.run(ops -> List.of(ops.sparse.sparseSoftmax(TfEval.<TInt64>constant(ops, sp.indices()),
          TfEval.constant(ops, sp.values()), TfEval.<TInt64>constant(ops, sp.denseShape()))));
      GraphBuilder g = new GraphBuilder();
      dev.tatter.frontend.Ops tt = g.ops();
      Value st = placeholder(g, dtype, rank);
      SparseTensor actual = (SparseTensor) tatter(g, tt.sparse.softmax(st), Map.of("st", sp));
      assertEquals(sp.indices(), actual.indices());
      Tensor expected = tf.value(0);
      for (int i = 0; i < expected.size(); i++) {
        double e = expected.getDouble(i);
        double a = actual.values().getDouble(i);
        if (Double.isNaN(e) || Double.isInfinite(e)) {
          assertTrue(Double.isNaN(e) ? Double.isNaN(a) : e == a, () -> sp + ": " + e + " vs " + a);
          continue;
        }
        double ulp = dtype == DType.FLOAT32 ? Math.ulp((float) Math.max(Math.abs(e), Float.MIN_NORMAL)) : Math.ulp(Math.max(Math.abs(e), Double.MIN_NORMAL));
        assertTrue(Math.abs(e - a) <= SOFTMAX_ULP * ulp, sp + " entry " + i + ": TF " + e + ", Tatter " + a);
        compared++;
      }
    }
    assertTrue(compared > CASES, "compared " + compared + " values");
  }

  @Test
  void toDense_matchesSparseToDense_withAndWithoutValidation() {
    for (int seed = 0; seed < CASES; seed++) {
      SplittableRandom r = new SplittableRandom(seed + 500);
      int rank = 1 + r.nextInt(3);
      long[] shape = SparseOpsOracleTest.randomShape(rank, seed, r);
      DType dtype = r.nextBoolean() ? DType.INT32 : DType.FLOAT64;
      boolean validate = r.nextBoolean();
      SparseTensor sp = SparseOpsOracleTest.randomSparse(dtype, shape, r.nextBoolean(), r.nextBoolean(), r);
      Tensor zero = dtype == DType.INT32 ? Tensor.ofInts(0).reshape(new int[0]) : Tensor.ofDoubles(0).reshape(new int[0]);
      TfEval.Outcome tf = TfEval.run(ops -> List.of(ops.sparse.sparseToDense(TfEval.<TInt64>constant(ops, sp.indices()),
          TfEval.<TInt64>constant(ops, sp.denseShape()), TfEval.<TType>constant(ops, sp.values()), TfEval.<TType>constant(ops, zero),
          SparseToDense.validateIndices(validate))));
      GraphBuilder g = new GraphBuilder();
      dev.tatter.frontend.Ops tt = g.ops();
      Value st = placeholder(g, dtype, rank);
      Value out = tt.sparse.toDense(st, dtype == DType.INT32 ? (Object) 0 : (Object) 0.0, validate);
      String what = sp + " validate_indices " + validate;
      try {
        Object actual = tatter(g, out, Map.of("st", sp));
        assertTrue(!tf.failed(), what + ": TF failed: " + tf.error());
        assertEquals(tf.value(0), actual, what);
      } catch (InvalidArgumentException e) {
        assertTrue(tf.failed(), what + ": Tatter failed, TF did not: " + e.getMessage());
        String tfFirst = tf.error().lines().findFirst().orElse("").trim();
        assertTrue(e.getMessage().contains(tfFirst.replace(" Use `tf.sparse.reorder`", "").split("\\.  Many| Many")[0]),
            what + ": TF said " + tfFirst + ", Tatter " + e.getMessage());
      }
    }
  }

  @Test
  void divideByDense_failsWhereSparseDenseCwiseDivFails() {
    int failures = 0;
    for (int seed = 0; seed < CASES; seed++) {
      SplittableRandom r = new SplittableRandom(seed + 900);
      DType dtype = r.nextBoolean() ? DType.INT32 : DType.FLOAT32;
      long[] shape = {1 + r.nextInt(3), 1 + r.nextInt(3)};
      SparseTensor sp = SparseOpsOracleTest.randomSparse(dtype, shape, false, false, r);
      int[] dshape = r.nextBoolean() ? new int[] {(int) shape[0], (int) shape[1]} : new int[] {(int) shape[1]};
      int cells = Arrays.stream(dshape).reduce(1, (a, b) -> a * b);
      // no -1 divisor for ints: TF's kernel divides INT_MIN by -1 natively, which kills the process (SIGFPE)
      Tensor dense = dtype == DType.INT32
          ? Tensor.of(DType.INT32, r.ints(cells, -2, 3).map(v -> v == -1 ? -2 : v).toArray(), dshape)
          : Tensor.of(DType.FLOAT32, toFloats(r.ints(cells, -2, 3).toArray(), r), dshape);
      TfEval.Outcome tf = TfEval.run(ops -> List.of(ops.sparse.sparseDenseCwiseDiv(TfEval.<TInt64>constant(ops, sp.indices()),
          TfEval.<TType>constant(ops, sp.values()), TfEval.<TInt64>constant(ops, sp.denseShape()), TfEval.<TType>constant(ops, dense))));
      GraphBuilder g = new GraphBuilder();
      Value st = placeholder(g, dtype, 2);
      Value out = st.div(g.constant(dense));
      String what = sp + " / " + dense;
      if (OracleAssert.anySubnormal(sp.values()) || OracleAssert.anySubnormal(dense)) {
        continue; // TF's CPU threads flush subnormals to zero; Tatter keeps them (docs/SEMANTICS.md)
      }
      try {
        SparseTensor actual = (SparseTensor) tatter(g, out, Map.of("st", sp));
        assertTrue(!tf.failed(), what + ": TF failed: " + tf.error());
        assertEquals(tf.value(0), actual.values(), what);
      } catch (InvalidArgumentException e) {
        failures++;
        assertTrue(tf.failed() && tf.error().contains("SparseDenseCwiseDiv cannot divide by zero"), what + ": " + tf.error());
        assertTrue(e.getMessage().contains("SparseDenseCwiseDiv cannot divide by zero"), e.getMessage());
      }
    }
    assertTrue(failures > 0 && failures < CASES, failures + " of " + CASES + " divisions failed");
  }


  private static float[] toFloats(int[] ints, SplittableRandom r) {
    float[] out = new float[ints.length];
    for (int i = 0; i < ints.length; i++) {
      out[i] = ints[i] == 0 && r.nextBoolean() ? -0.0f : ints[i] / 2f;
    }
    return out;
  }

  @Test
  void bincount_matchesTfsCountOps() {
    for (int seed = 0; seed < CASES; seed++) {
      SplittableRandom r = new SplittableRandom(seed + 1300);
      int rank = 1 + r.nextInt(2);
      long[] shape = new long[rank];
      for (int d = 0; d < rank; d++) {
        shape[d] = 1 + r.nextInt(4);
      }
      DType dtype = r.nextBoolean() ? DType.INT32 : DType.INT64;
      SparseTensor raw = SparseOpsOracleTest.randomSparse(dtype, shape, r.nextBoolean(), false, r);
      // small values, some negative, so bins repeat and some are skipped
      Tensor values = dtype == DType.INT32 ? Tensor.ofInts(r.ints(raw.nnz(), -2, 8).toArray())
          : Tensor.ofLongs(r.longs(raw.nnz(), -2, 8).toArray());
      SparseTensor sp = SparseTensor.of(raw.indices(), values, raw.denseShape());
      int axis = r.nextBoolean() ? 0 : -1;
      boolean weighted = r.nextBoolean();
      boolean binary = !weighted && r.nextBoolean();
      long minlength = r.nextBoolean() ? r.nextInt(10) : -1;
      long maxlength = r.nextBoolean() ? r.nextInt(1, 10) : -1;
      Tensor weights = weighted ? Tensor.ofFloats(toFloats(r.ints(sp.nnz(), 1, 5).toArray(), r))
          : Tensor.of(dtype, dtype == DType.INT32 ? new int[0] : new long[0], 0);
      TfEval.Outcome tf = TfEval.run(ops -> {
        if (axis == 0) {
          DenseCountSparseOutput<TNumber> c = ops.sparse.denseCountSparseOutput(TfEval.<TNumber>constant(ops, sp.values()),
              TfEval.<TNumber>constant(ops, weights), binary, DenseCountSparseOutput.minlength(minlength), DenseCountSparseOutput.maxlength(maxlength));
          return List.of(c.outputIndices(), c.outputValues(), c.outputDenseShape());
        }
        SparseCountSparseOutput<TNumber> c = ops.sparse.sparseCountSparseOutput(TfEval.<TInt64>constant(ops, sp.indices()),
            TfEval.<TNumber>constant(ops, sp.values()), TfEval.<TInt64>constant(ops, sp.denseShape()), TfEval.<TNumber>constant(ops, weights), binary,
            SparseCountSparseOutput.minlength(minlength), SparseCountSparseOutput.maxlength(maxlength));
        return List.of(c.outputIndices(), c.outputValues(), c.outputDenseShape());
      });
      GraphBuilder g = new GraphBuilder();
      dev.tatter.frontend.Ops tt = g.ops();
      Value st = placeholder(g, dtype, rank);
      Value w = null;
      Map<String, Object> feeds = new java.util.HashMap<>(Map.of("st", sp));
      if (weighted) {
        w = g.placeholder("w", SparseType.of(DType.FLOAT32, rankDims(rank)));
        feeds.put("w", SparseTensor.of(sp.indices(), weights, sp.denseShape()));
      }
      Value out = tt.sparse.bincount(st, w, axis, minlength < 0 ? null : minlength, maxlength < 0 ? null : maxlength, binary);
      String what = sp + " axis " + axis + " weights " + weights + " binary " + binary + " min " + minlength + " max " + maxlength;
      if (tf.failed()) {
        InvalidArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(InvalidArgumentException.class, () -> tatter(g, out, feeds), what);
        assertTrue(e.getMessage().contains(tf.error().lines().findFirst().orElse("").trim()), what + ": TF " + tf.error() + ", Tatter " + e.getMessage());
        continue;
      }
      SparseTensor actual = (SparseTensor) tatter(g, out, feeds);
      assertEquals(tf.value(0), actual.indices(), what + ": indices");
      assertEquals(tf.value(1), actual.values(), () -> what + ": values, TF " + tf.value(1).dtype() + Arrays.toString(tf.value(1).shape())
          + ", Tatter " + actual.values().dtype() + Arrays.toString(actual.values().shape()));
      assertEquals(tf.value(2), actual.denseShape(), what + ": dense_shape");
    }
  }

  private static long[] rankDims(int rank) {
    long[] dims = new long[rank];
    Arrays.fill(dims, -1);
    return dims;
  }
}
