package dev.tatter.bench.tf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.frontend.GraphBuilder;
import dev.tatter.frontend.Session;
import dev.tatter.frontend.Types;
import dev.tatter.frontend.Value;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.RowPartition;
import dev.tatter.runtime.SparseTensor;
import dev.tatter.runtime.Tensor;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.tensorflow.op.ragged.RaggedCountSparseOutput;
import org.tensorflow.op.sparse.DenseCountSparseOutput;
import org.tensorflow.types.family.TNumber;

/**
 * tf.sparse.bincount of dense and ragged tensors against the kernels TF's Python calls for them,
 * {@code DenseCountSparseOutput} (axis 0 of the values and weights reshaped to a vector, as
 * {@code tf.sparse.bincount} does; axis -1 of a vector or matrix) and
 * {@code RaggedCountSparseOutput} (axis -1 of the row splits and flat values; axis 0 is
 * {@code DenseCountSparseOutput} of the flat values), on random inputs: empty rows and tensors,
 * repeated values, negative values, min/max lengths, weights and binary output. Where TF fails,
 * Tatter must fail with TF's message.
 */
class SparseCountOracleTest {
  static final int CASES = 200;

  private static Object tatter(GraphBuilder g, Value out, Map<String, ?> feeds) {
    try (Session s = new Session(g.build(out)); Session i = new Session(g.build(out), "", Session.Backend.INTERPRETED)) {
      Object compiled = s.run(feeds, out).get(0);
      assertEquals(compiled, i.run(feeds, out).get(0), "compiled vs interpreted");
      return compiled;
    }
  }

  private static Tensor values(DType dtype, int n, int[] shape, SplittableRandom r) {
    // small values so bins repeat; a few negative ones, which TF refuses
    boolean negatives = r.nextInt(6) == 0;
    return dtype == DType.INT32 ? Tensor.wrap(dtype, shape, r.ints(n, negatives ? -1 : 0, 8).toArray())
        : Tensor.wrap(dtype, shape, r.longs(n, negatives ? -1 : 0, 8).toArray());
  }

  private static Tensor weights(boolean weighted, DType valueType, int n, int[] shape, SplittableRandom r) {
    if (!weighted) {
      return Tensor.of(valueType, valueType == DType.INT32 ? new int[0] : new long[0], 0);
    }
    double[] w = new double[n];
    for (int i = 0; i < n; i++) {
      w[i] = r.nextInt(4) == 0 ? -0.0 : r.nextInt(1, 9) / 4.0;
    }
    if (r.nextBoolean()) {
      return Tensor.wrap(DType.FLOAT64, shape, w);
    }
    float[] f = new float[n];
    for (int i = 0; i < n; i++) {
      f[i] = (float) w[i];
    }
    return Tensor.wrap(DType.FLOAT32, shape, f);
  }

  private static void compare(TfEval.Outcome tf, GraphBuilder g, Value out, Map<String, ?> feeds, String what) {
    if (tf.failed()) {
      InvalidArgumentException e = assertThrows(InvalidArgumentException.class, () -> tatter(g, out, feeds), what);
      String first = tf.error().lines().findFirst().orElse("").trim();
      assertTrue(e.getMessage().contains(first), what + ": TF " + tf.error() + ", Tatter " + e.getMessage());
      return;
    }
    SparseTensor actual = (SparseTensor) tatter(g, out, feeds);
    assertEquals(tf.value(0), actual.indices(), what + ": indices");
    assertEquals(tf.value(1), actual.values(), what + ": values");
    assertEquals(tf.value(2), actual.denseShape(), what + ": dense_shape");
  }

  @Test
  void denseBincount_matchesDenseCountSparseOutput() {
    for (int seed = 0; seed < CASES; seed++) {
      SplittableRandom r = new SplittableRandom(seed + 1500);
      int axis = r.nextBoolean() ? 0 : -1;
      int rank = axis == 0 ? r.nextInt(4) : 1 + r.nextInt(2);
      int[] shape = new int[rank];
      int n = 1;
      for (int d = 0; d < rank; d++) {
        shape[d] = r.nextInt(5) == 0 ? 0 : 1 + r.nextInt(4);
        n *= shape[d];
      }
      DType dtype = r.nextBoolean() ? DType.INT32 : DType.INT64;
      Tensor data = values(dtype, n, shape, r);
      boolean weighted = r.nextBoolean();
      boolean binary = !weighted && r.nextBoolean();
      Tensor w = weights(weighted, dtype, n, shape, r);
      long minlength = r.nextBoolean() ? r.nextInt(10) : -1;
      long maxlength = r.nextBoolean() ? r.nextInt(1, 10) : -1;
      // axis 0: tf.sparse.bincount reshapes values and weights to vectors before the kernel
      Tensor tfData = axis == 0 ? Tensor.wrap(dtype, new int[] {n}, data.unsafeData()) : data;
      Tensor tfWeights = axis == 0 && weighted ? Tensor.wrap(w.dtype(), new int[] {n}, w.unsafeData()) : w;
      TfEval.Outcome tf = TfEval.run(ops -> {
        DenseCountSparseOutput<TNumber> c = ops.sparse.denseCountSparseOutput(TfEval.<TNumber>constant(ops, tfData),
            TfEval.<TNumber>constant(ops, tfWeights), binary, DenseCountSparseOutput.minlength(minlength),
            DenseCountSparseOutput.maxlength(maxlength));
        return List.of(c.outputIndices(), c.outputValues(), c.outputDenseShape());
      });
      GraphBuilder g = new GraphBuilder();
      dev.tatter.frontend.Ops tt = g.ops();
      long[] dims = new long[rank];
      java.util.Arrays.fill(dims, -1);
      Value v = g.placeholder("v", Types.dense(dtype, dims));
      Map<String, Object> feeds = new HashMap<>(Map.of("v", data));
      Value wv = null;
      if (weighted) {
        wv = g.placeholder("w", Types.dense(w.dtype(), dims));
        feeds.put("w", w);
      }
      Value out = tt.sparse.bincount(v, wv, axis, minlength < 0 ? null : minlength, maxlength < 0 ? null : maxlength, binary);
      compare(tf, g, out, feeds, data + " axis " + axis + " weights " + w + " binary " + binary + " min " + minlength + " max " + maxlength);
    }
  }

  @Test
  void raggedBincount_matchesRaggedCountSparseOutput() {
    for (int seed = 0; seed < CASES; seed++) {
      SplittableRandom r = new SplittableRandom(seed + 1700);
      int nrows = r.nextInt(8) == 0 ? 0 : 1 + r.nextInt(4);
      long[] splits = new long[nrows + 1];
      for (int i = 0; i < nrows; i++) {
        splits[i + 1] = splits[i] + r.nextInt(4);
      }
      int n = (int) splits[nrows];
      DType dtype = r.nextBoolean() ? DType.INT32 : DType.INT64;
      Tensor flat = values(dtype, n, new int[] {n}, r);
      RowPartition rows = RowPartition.fromRowSplits(splits, DType.INT64, true);
      int axis = r.nextBoolean() ? 0 : -1;
      boolean weighted = r.nextBoolean();
      boolean binary = !weighted && r.nextBoolean();
      Tensor w = weights(weighted, dtype, n, new int[] {n}, r);
      long minlength = r.nextBoolean() ? r.nextInt(10) : -1;
      long maxlength = r.nextBoolean() ? r.nextInt(1, 10) : -1;
      TfEval.Outcome tf = TfEval.run(ops -> {
        if (axis == 0) {
          // tf.sparse.bincount(rt, axis=0) counts rt.values with DenseCountSparseOutput
          DenseCountSparseOutput<TNumber> c = ops.sparse.denseCountSparseOutput(TfEval.<TNumber>constant(ops, flat),
              TfEval.<TNumber>constant(ops, w), binary, DenseCountSparseOutput.minlength(minlength),
              DenseCountSparseOutput.maxlength(maxlength));
          return List.of(c.outputIndices(), c.outputValues(), c.outputDenseShape());
        }
        RaggedCountSparseOutput<TNumber> c = ops.ragged.raggedCountSparseOutput(TfEval.splits(ops, rows),
            TfEval.<TNumber>constant(ops, flat), TfEval.<TNumber>constant(ops, w), binary,
            RaggedCountSparseOutput.minlength(minlength), RaggedCountSparseOutput.maxlength(maxlength));
        return List.of(c.outputIndices(), c.outputValues(), c.outputDenseShape());
      });
      GraphBuilder g = new GraphBuilder();
      dev.tatter.frontend.Ops tt = g.ops();
      Value v = g.placeholder("v", Types.ragged(dtype, 1));
      Map<String, Object> feeds = new HashMap<>(Map.of("v", RaggedTensor.of(flat, rows)));
      Value wv = null;
      if (weighted) {
        wv = g.placeholder("w", Types.ragged(w.dtype(), 1));
        feeds.put("w", RaggedTensor.of(w, rows));
      }
      Value out = tt.sparse.bincount(v, wv, axis, minlength < 0 ? null : minlength, maxlength < 0 ? null : maxlength, binary);
      compare(tf, g, out, feeds, "splits " + java.util.Arrays.toString(splits) + " values " + flat + " axis " + axis + " weights " + w
          + " binary " + binary + " min " + minlength + " max " + maxlength);
    }
  }
}
