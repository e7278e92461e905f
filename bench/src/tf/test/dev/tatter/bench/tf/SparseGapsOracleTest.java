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

  private static boolean isSorted(int[] ids) {
    for (int i = 1; i < ids.length; i++) {
      if (ids[i] < ids[i - 1]) {
        return false;
      }
    }
    return true;
  }
}
