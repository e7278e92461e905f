package dev.tatter.bench.tf;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tatter.frontend.GraphBuilder;
import dev.tatter.frontend.Session;
import dev.tatter.frontend.Value;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.RowPartition;
import dev.tatter.runtime.Tensor;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.tensorflow.Operand;
import org.tensorflow.Operation;
import org.tensorflow.Output;
import org.tensorflow.op.Ops;

/**
 * {@code tf.gather_nd} of ragged params against TF's kernels. TF has no kernel for it: its
 * Python {@code ragged_gather_ops.gather_nd} is composed here of the raw ops it emits
 * ({@code GatherV2} of the row splits plus the next coordinate, level by level, then
 * {@code RaggedGather}, {@code GatherV2} or, inside uniform inner dims, {@code GatherNd}), on
 * random params (empty rows included) and random index tuples that stay inside their rows, where
 * TF's unchecked offsets and Tatter's checked walk must agree bit for bit.
 */
class RaggedGatherNdOracleTest {
  static final int CASES = 60;

  @ParameterizedTest(name = "gather_nd {0}, ragged_rank {1}, inner {2}, tuple length {3}")
  @CsvSource({
    "FLOAT32, 1, '', 1", "FLOAT32, 1, '', 2", "INT64, 1, 2, 2", "INT32, 1, 2, 3", "FLOAT64, 2, '', 1",
    "FLOAT64, 2, '', 2", "INT32, 2, '', 3", "INT64, 2, 3, 4", "FLOAT32, 3, '', 2", "INT32, 3, '', 4",
  })
  void gatherNd_matchesTfComposition(DType dtype, int raggedRank, String inner, int m) {
    int[] innerShape = inner.isEmpty() ? new int[0] : new int[] {Integer.parseInt(inner)};
    int compared = 0;
    for (int seed = 0; seed < CASES; seed++) {
      RaggedTensor params = OracleInputs.ragged(dtype, raggedRank, innerShape, seed);
      long[][] tuples = tuples(params, m, new SplittableRandom(seed * 17L + 3));
      if (tuples == null) {
        continue;
      }
      long[] flat = new long[tuples.length * m];
      for (int t = 0; t < tuples.length; t++) {
        System.arraycopy(tuples[t], 0, flat, t * m, m);
      }
      Tensor indices = Tensor.wrap(DType.INT64, new int[] {tuples.length, m}, flat);
      TfEval.Outcome tf = TfEval.run(ops -> tfGatherNd(ops, params, tuples, m));
      List<Tensor> tatter = parts(tatterGatherNd(params, indices));
      String what = "gather_nd of " + params + " at " + indices;
      assertEquals(tf.values().size(), tatter.size(), what + ": number of parts (" + tf.error() + ")");
      for (int i = 0; i < tatter.size(); i++) {
        OracleAssert.sameValues(tf.value(i), tatter.get(i), what + ", part " + i);
      }
      compared++;
    }
    org.junit.jupiter.api.Assertions.assertTrue(compared > CASES / 4, "only " + compared + " cases compared");
  }

  /** Up to 6 random tuples of length m, each coordinate inside the row it indexes; null if params has no such tuple. */
  private static long[][] tuples(RaggedTensor params, int m, SplittableRandom r) {
    List<RowPartition> partitions = params.nestedPartitions();
    int[] flat = params.flatValues().shape();
    int k = r.nextInt(7);
    List<long[]> out = new ArrayList<>();
    for (int attempt = 0; attempt < 50 && out.size() < k; attempt++) {
      long[] t = new long[m];
      long pos = 0;
      boolean ok = true;
      for (int j = 0; j < m && ok; j++) {
        long bound = j == 0 ? partitions.get(0).nrows()
            : j <= partitions.size() ? partitions.get(j - 1).rowLength((int) pos) : flat[j - partitions.size()];
        if (bound == 0) {
          ok = false;
          break;
        }
        t[j] = r.nextLong(bound);
        pos = j == 0 ? t[j] : j <= partitions.size() ? partitions.get(j - 1).rowStart((int) pos) + t[j] : pos;
      }
      if (ok) {
        out.add(t);
      }
    }
    return out.size() < k ? null : out.toArray(new long[0][]);
  }

  /** TF's ragged_gather_ops.gather_nd for rank-2 indices, op by op. */
  private static List<Operand<?>> tfGatherNd(Ops tf, RaggedTensor params, long[][] tuples, int m) {
    List<RowPartition> partitions = params.nestedPartitions();
    int r = partitions.size();
    Operand<?> values = TfEval.constant(tf, params.flatValues());
    if (m == 1) {
      return raggedGather(tf, partitions.subList(0, r), values, column(tf, tuples, 0));
    }
    Operand<?> flat = tf.math.add((Operand) tf.gather(TfEval.splits(tf, partitions.get(0)), (Operand) column(tf, tuples, 0),
        tf.constant(0)), (Operand) column(tf, tuples, 1));
    int level = 1;
    for (int dim = 2; dim < m; dim++) {
      if (level == r) {
        long[] tail = new long[tuples.length * (m - dim)];
        for (int t = 0; t < tuples.length; t++) {
          System.arraycopy(tuples[t], dim, tail, t * (m - dim), m - dim);
        }
        Operand<?> tailOp = TfEval.constant(tf, Tensor.wrap(DType.INT64, new int[] {tuples.length, m - dim}, tail));
        Operand<?> nd = tf.concat(List.of((Operand) tf.expandDims(flat, tf.constant(1)), (Operand) tailOp), tf.constant(1));
        return List.of(tf.gatherNd(values, (Operand) nd));
      }
      long[] splits = partitions.get(level).unsafeRowSplits();
      Operand<?> starts = tf.constant(Arrays.copyOf(splits, splits.length - 1));
      flat = tf.math.add((Operand) tf.gather(starts, (Operand) flat, tf.constant(0)), (Operand) column(tf, tuples, dim));
      level++;
    }
    if (level < r) {
      return raggedGather(tf, partitions.subList(level, r), values, flat);
    }
    return List.of(tf.gather(values, (Operand) flat, tf.constant(0)));
  }

  private static Operand<?> column(Ops tf, long[][] tuples, int j) {
    long[] c = new long[tuples.length];
    for (int t = 0; t < tuples.length; t++) {
      c[t] = tuples[t][j];
    }
    return tf.constant(c);
  }

  private static List<Operand<?>> raggedGather(Ops tf, List<RowPartition> partitions, Operand<?> values, Operand<?> indices) {
    Operation op = tf.scope().opBuilder("RaggedGather", "RaggedGather")
        .addInputList(partitions.stream().map(p -> (Output<?>) TfEval.splits(tf, p).asOutput()).toArray(Output[]::new))
        .addInput(values.asOutput())
        .addInput(indices.asOutput())
        .setAttr("OUTPUT_RAGGED_RANK", (long) partitions.size())
        .build();
    List<Operand<?>> out = new ArrayList<>();
    for (int i = 0; i <= partitions.size(); i++) {
      out.add(op.output(i));
    }
    return out;
  }

  private static Object tatterGatherNd(RaggedTensor params, Tensor indices) {
    StringBuilder type = new StringBuilder("ragged<" + params.dtype() + ">[None");
    type.append(", (None)".repeat(params.raggedRank()));
    int[] flat = params.flatValues().shape();
    for (int a = 1; a < flat.length; a++) {
      type.append(", ").append(flat[a]);
    }
    GraphBuilder g = new GraphBuilder();
    dev.tatter.frontend.Ops tt = g.ops();
    Value p = g.placeholder("params", dev.tatter.frontend.Types.parse(type + "]"));
    Value out = tt.gatherNd(p, g.constant(indices));
    Object compiled = new Session(g.build()).run(Map.of("params", params), out).get(0);
    Object interpreted = new Session(g.build(), "", Session.Backend.INTERPRETED).run(Map.of("params", params), out).get(0);
    assertEquals(interpreted, compiled, "compiled vs interpreted");
    return compiled;
  }

  /** The nested row splits (int64) then the flat values, as TF's kernels return them. */
  private static List<Tensor> parts(Object value) {
    List<Tensor> out = new ArrayList<>();
    if (value instanceof RaggedTensor rt) {
      for (RowPartition p : rt.nestedPartitions()) {
        long[] s = p.rowSplitsArray().clone();
        out.add(Tensor.wrap(DType.INT64, new int[] {s.length}, s));
      }
      out.add(rt.flatValues());
    } else {
      out.add((Tensor) value);
    }
    return out;
  }
}
