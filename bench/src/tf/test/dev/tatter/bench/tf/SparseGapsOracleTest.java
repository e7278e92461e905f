package dev.tatter.bench.tf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.frontend.GraphBuilder;
import dev.tatter.frontend.Session;
import dev.tatter.frontend.Types;
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
import org.tensorflow.Operand;
import org.tensorflow.op.math.DenseBincount;
import org.tensorflow.op.sparse.SparseFillEmptyRows;
import org.tensorflow.types.TInt32;
import org.tensorflow.types.TInt64;
import org.tensorflow.types.family.TType;
import org.junit.jupiter.api.Test;

/**
 * SparseFillEmptyRows' four outputs (reverse_index_map among them), SparseDenseCwiseAdd and
 * tf.ragged.segment_ids_to_row_splits (TF's Python: DenseBincount and a Cumsum after a 0) against
 * TF's kernels on random sparse tensors (unordered ones too) and random segmentations.
 */
class SparseGapsOracleTest {
  static final int CASES = 200;

  private static Object tatter(GraphBuilder g, Value out, Map<String, ?> feeds) {
    try (Session s = new Session(g.build(out)); Session i = new Session(g.build(out), "", Session.Backend.INTERPRETED)) {
      Object compiled = s.run(feeds, out).get(0);
      assertEquals(compiled, i.run(feeds, out).get(0), "compiled vs interpreted");
      return compiled;
    }
  }

  private static Value sparsePlaceholder(GraphBuilder g, DType dtype, int rank) {
    long[] dims = new long[rank];
    Arrays.fill(dims, -1);
    return g.placeholder("st", SparseType.of(dtype, dims));
  }

  @Test
  void fillEmptyRows_allFourOutputsMatchSparseFillEmptyRows() {
    for (int seed = 0; seed < CASES; seed++) {
      SplittableRandom r = new SplittableRandom(seed);
      int rank = 1 + r.nextInt(3);
      long[] shape = SparseOpsOracleTest.randomShape(rank, seed, r);
      shape[0] = Math.max(shape[0], 1);
      DType dtype = r.nextBoolean() ? DType.INT64 : DType.FLOAT32;
      // unordered and repeated indices: the reverse map tells each entry's slot either way
      SparseTensor sp = SparseOpsOracleTest.randomSparse(dtype, shape, r.nextBoolean(), r.nextBoolean(), r);
      Tensor dflt = dtype == DType.INT64 ? Tensor.scalar(DType.INT64, -7L) : Tensor.scalar(DType.FLOAT32, -0.5f);
      TfEval.Outcome tf = TfEval.run(ops -> {
        SparseFillEmptyRows<TType> o = ops.sparse.sparseFillEmptyRows(TfEval.<TInt64>constant(ops, sp.indices()),
            TfEval.<TType>constant(ops, sp.values()), TfEval.<TInt64>constant(ops, sp.denseShape()), TfEval.<TType>constant(ops, dflt));
        return List.of(o.outputIndices(), o.outputValues(), o.emptyRowIndicator(), o.reverseIndexMap());
      });
      String what = sp.toString();
      for (int k = 0; k < 4; k++) {
        GraphBuilder g = new GraphBuilder();
        Value st = sparsePlaceholder(g, dtype, rank);
        List<Value> out = g.ops().rawOps.sparseFillEmptyRows(st.indices(), st.values(), st.denseShape(), g.constant(dflt));
        assertEquals(tf.value(k), tatter(g, out.get(k), Map.of("st", sp)), what + ": output " + k);
      }
    }
  }

  @Test
  void sparseDenseCwiseAdd_matchesTf() {
    int refused = 0;
    for (int seed = 0; seed < CASES; seed++) {
      SplittableRandom r = new SplittableRandom(seed + 3000);
      DType dtype = r.nextBoolean() ? DType.INT32 : DType.FLOAT64;
      int rank = 1 + r.nextInt(3);
      long[] shape = SparseOpsOracleTest.randomShape(rank, seed, r);
      SparseTensor sp = SparseOpsOracleTest.randomSparse(dtype, shape, r.nextBoolean(), false, r);
      // the dense operand: the trailing dims of the sparse shape, some of them 1, rarely a wrong size
      int drank = r.nextInt(rank + 1);
      int[] dshape = new int[drank];
      for (int d = 0; d < drank; d++) {
        long s = shape[rank - drank + d];
        dshape[d] = r.nextInt(4) == 0 ? 1 : r.nextInt(20) == 0 ? (int) s + 1 : (int) s;
      }
      Tensor dense = OracleInputs.tensor(dtype, dshape, r);
      TfEval.Outcome tf = TfEval.run(ops -> List.of(ops.sparse.sparseDenseCwiseAdd(TfEval.<TInt64>constant(ops, sp.indices()),
          TfEval.<TType>constant(ops, sp.values()), TfEval.<TInt64>constant(ops, sp.denseShape()), TfEval.<TType>constant(ops, dense))));
      GraphBuilder g = new GraphBuilder();
      Value st = sparsePlaceholder(g, dtype, rank);
      Value d = g.placeholder("d", Types.dense(dtype, Arrays.stream(dshape).mapToLong(x -> -1).toArray()));
      Value out = g.ops().rawOps.sparseDenseCwiseAdd(st, d);
      String what = sp + " + " + dense;
      try {
        SparseTensor actual = (SparseTensor) tatter(g, out, Map.of("st", sp, "d", dense));
        assertTrue(!tf.failed(), what + ": TF failed: " + tf.error());
        assertEquals(sp.indices(), actual.indices(), what);
        assertEquals(tf.value(0), actual.values(), what);
      } catch (InvalidArgumentException e) {
        refused++;
        assertTrue(tf.failed(), what + ": Tatter refused, TF did not: " + e.getMessage());
      }
    }
    assertTrue(refused > 0 && refused < CASES / 2, refused + " refused");
  }

  @Test
  void segmentIdsToRowSplits_matchesDenseBincountAndCumsum() {
    for (int seed = 0; seed < CASES; seed++) {
      SplittableRandom r = new SplittableRandom(seed + 6000);
      int n = r.nextInt(12);
      int[] ids = r.ints(n, 0, 6).toArray();
      if (r.nextBoolean()) {
        Arrays.sort(ids);
      }
      long numSegments = r.nextBoolean() ? -1 : r.nextInt(8);
      Tensor idTensor = Tensor.ofInts(ids);
      // TF's segment_ids_to_row_splits: size = num_segments, or max(ids) + 1 (0 without ids)
      TfEval.Outcome tf = TfEval.run(ops -> {
        Operand<TInt32> in = TfEval.constant(ops, idTensor);
        Operand<TInt32> size = numSegments >= 0 ? ops.constant((int) numSegments)
            : ops.math.mul(ops.dtypes.cast(ops.math.greater(ops.size(in, TInt32.class), ops.constant(0)), TInt32.class),
                ops.math.add(ops.max(ops.concat(List.of(in, ops.constant(new int[] {-1})), ops.constant(0)), ops.constant(0)), ops.constant(1)));
        DenseBincount<TInt64> lengths = ops.math.denseBincount(in, size, ops.constant(new long[0]));
        return List.of(ops.concat(List.of(ops.constant(new long[] {0}), ops.math.cumsum(lengths, ops.constant(0))), ops.constant(0)));
      });
      GraphBuilder g = new GraphBuilder();
      Value in = g.placeholder("ids", Types.dense(DType.INT32, -1));
      Value splits = g.ops().ragged.segmentIdsToRowSplits(in, numSegments, DType.INT64);
      Tensor actual = (Tensor) tatter(g, splits, Map.of("ids", idTensor));
      assertEquals(tf.value(0), actual, Arrays.toString(ids) + " num_segments " + numSegments);
      // and back: row_splits_to_segment_ids of sorted ids within num_segments gives them again
      if (numSegments < 0 && isSorted(ids)) {
        GraphBuilder h = new GraphBuilder();
        Value sp = h.placeholder("splits", Types.dense(DType.INT64, -1));
        Tensor back = (Tensor) tatter(h, h.ops().ragged.rowSplitsToSegmentIds(sp, DType.INT32), Map.of("splits", actual));
        assertEquals(idTensor, back, Arrays.toString(ids));
      }
    }
  }

  @Test
  void reshapeAndSliceToComputedShapes_matchSparseReshapeAndSparseSlice() {
    int refused = 0;
    for (int seed = 0; seed < CASES; seed++) {
      SplittableRandom r = new SplittableRandom(seed + 8000);
      int rank = 1 + r.nextInt(3);
      long[] shape = SparseOpsOracleTest.randomShape(rank, seed, r);
      SparseTensor sp = SparseOpsOracleTest.randomSparse(DType.INT32, shape, r.nextBoolean(), false, r);
      long cells = Arrays.stream(shape).reduce(1, (a, b) -> a * b);
      // a new shape: a factorisation of the cell count, one entry maybe -1, now and then a wrong one
      int newRank = 1 + r.nextInt(3);
      long[] target = new long[newRank];
      long rest = cells;
      for (int d = 0; d < newRank - 1; d++) {
        long f = rest == 0 ? r.nextInt(3) : divisorOf(rest, r);
        target[d] = f;
        rest = f == 0 ? 0 : rest / f;
      }
      target[newRank - 1] = rest;
      if (r.nextInt(3) == 0) {
        target[r.nextInt(newRank)] = -1;
      }
      if (r.nextInt(10) == 0) {
        target[0] += 1;
      }
      Tensor to = Tensor.ofLongs(target);
      TfEval.Outcome tf = TfEval.run(ops -> {
        var o = ops.sparse.sparseReshape(TfEval.<TInt64>constant(ops, sp.indices()), TfEval.<TInt64>constant(ops, sp.denseShape()),
            TfEval.<TInt64>constant(ops, to));
        return List.of(o.outputIndices(), o.outputShape());
      });
      GraphBuilder g = new GraphBuilder();
      Value st = sparsePlaceholder(g, DType.INT32, rank);
      Value shapeIn = g.placeholder("to", Types.dense(DType.INT64, newRank));
      String what = sp + " to " + to;
      try {
        SparseTensor actual = (SparseTensor) tatter(g, g.ops().sparse.reshape(st, shapeIn), Map.of("st", sp, "to", to));
        assertTrue(!tf.failed(), what + ": TF failed: " + tf.error());
        assertEquals(tf.value(0), actual.indices(), what);
        assertEquals(tf.value(1), actual.denseShape(), what);
        assertEquals(sp.values(), actual.values(), what);
      } catch (InvalidArgumentException e) {
        refused++;
        assertTrue(tf.failed(), what + ": Tatter refused, TF did not: " + e.getMessage());
      }
      // a slice of the input at a random start and size
      long[] start = new long[rank];
      long[] size = new long[rank];
      for (int d = 0; d < rank; d++) {
        start[d] = r.nextInt((int) shape[d] + 2);
        size[d] = r.nextInt((int) shape[d] + 2);
      }
      Tensor startT = Tensor.ofLongs(start);
      Tensor sizeT = Tensor.ofLongs(size);
      TfEval.Outcome tfSlice = TfEval.run(ops -> {
        var o = ops.sparse.sparseSlice(TfEval.<TInt64>constant(ops, sp.indices()), TfEval.<TType>constant(ops, sp.values()),
            TfEval.<TInt64>constant(ops, sp.denseShape()), TfEval.<TInt64>constant(ops, startT), TfEval.<TInt64>constant(ops, sizeT));
        return List.of(o.outputIndices(), o.outputValues(), o.outputShape());
      });
      GraphBuilder h = new GraphBuilder();
      Value st2 = sparsePlaceholder(h, DType.INT32, rank);
      Value s0 = h.placeholder("start", Types.dense(DType.INT64, rank));
      Value s1 = h.placeholder("size", Types.dense(DType.INT64, rank));
      String sliceWhat = sp + " slice " + startT + " " + sizeT;
      try {
        SparseTensor actual = (SparseTensor) tatter(h, h.ops().sparse.slice(st2, s0, s1), Map.of("st", sp, "start", startT, "size", sizeT));
        assertTrue(!tfSlice.failed(), sliceWhat + ": TF failed: " + tfSlice.error());
        assertEquals(tfSlice.value(0), actual.indices(), sliceWhat);
        assertEquals(tfSlice.value(1), actual.values(), sliceWhat);
        assertEquals(tfSlice.value(2), actual.denseShape(), sliceWhat);
      } catch (InvalidArgumentException e) {
        assertTrue(tfSlice.failed(), sliceWhat + ": Tatter refused, TF did not: " + e.getMessage());
      }
    }
    assertTrue(refused < CASES / 2, refused + " reshapes refused");
  }

  private static long divisorOf(long n, SplittableRandom r) {
    List<Long> divisors = new java.util.ArrayList<>();
    for (long d = 1; d <= n; d++) {
      if (n % d == 0) {
        divisors.add(d);
      }
    }
    return divisors.get(r.nextInt(divisors.size()));
  }

  private static boolean isSorted(int[] ids) {
    for (int i = 1; i < ids.length; i++) {
      if (ids[i] < ids[i - 1]) {
        return false;
      }
    }
    return true;
  }
}
