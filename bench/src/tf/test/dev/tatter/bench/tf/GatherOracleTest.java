package dev.tatter.bench.tf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.frontend.GraphBuilder;
import dev.tatter.frontend.Result;
import dev.tatter.frontend.Session;
import dev.tatter.frontend.Types;
import dev.tatter.frontend.Value;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.Tensor;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.Function;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.tensorflow.Operand;
import org.tensorflow.Operation;
import org.tensorflow.op.Ops;

/**
 * {@code tf.gather} with axis and batch_dims, {@code tf.gather_nd} and {@code tf.dynamic_partition}
 * against TF's {@code GatherV2}, {@code GatherNd} and {@code DynamicPartition} kernels on random
 * shapes (empty dims included) and indices (some out of range or negative): both succeed with the
 * same values bit for bit, or both fail naming the same index.
 */
class GatherOracleTest {
  static final int CASES = 80;

  @ParameterizedTest(name = "GatherV2 {0}, indices {1}")
  @CsvSource({"FLOAT32, INT32", "FLOAT64, INT64", "INT32, INT64", "INT64, INT32"})
  void gatherV2_matchesTf(DType dtype, DType indexDType) {
    for (int seed = 0; seed < CASES; seed++) {
      SplittableRandom r = new SplittableRandom(seed);
      int[] pShape = shape(r, 1 + r.nextInt(3));
      int axis = r.nextInt(pShape.length);
      int batchDims = r.nextInt(axis + 1);
      int[] iShape = new int[batchDims + r.nextInt(3)];
      for (int i = 0; i < iShape.length; i++) {
        iShape[i] = i < batchDims ? pShape[i] : r.nextInt(4);
      }
      Tensor params = OracleInputs.tensor(dtype, pShape, r);
      Tensor indices = indices(indexDType, iShape, pShape[axis], r);
      TfEval.Outcome tf = TfEval.run(ops -> List.of(ops.scope().opBuilder("GatherV2", "GatherV2")
          .addInput(TfEval.constant(ops, params).asOutput()).addInput(TfEval.constant(ops, indices).asOutput())
          .addInput(ops.constant(axis).asOutput()).setAttr("batch_dims", (long) batchDims).build().output(0)));
      compare("GatherV2 axis " + axis + " batch_dims " + batchDims + " of " + params + " at " + indices, tf,
          Map.of("p", params, "i", indices), (g, in) -> List.of(g.ops().gather(in.get(0), in.get(1), axis, batchDims)));
    }
  }

  @ParameterizedTest(name = "GatherNd {0}, indices {1}")
  @CsvSource({"FLOAT32, INT32", "FLOAT64, INT64", "INT32, INT64", "INT64, INT32"})
  void gatherNd_matchesTf(DType dtype, DType indexDType) {
    for (int seed = 0; seed < CASES; seed++) {
      SplittableRandom r = new SplittableRandom(seed);
      int[] pShape = shape(r, 1 + r.nextInt(3));
      int m = r.nextInt(pShape.length + 1);
      int[] iShape = new int[1 + r.nextInt(2)];
      for (int i = 0; i < iShape.length - 1; i++) {
        iShape[i] = r.nextInt(4);
      }
      iShape[iShape.length - 1] = m;
      int tuples = 1;
      for (int i = 0; i < iShape.length - 1; i++) {
        tuples *= iShape[i];
      }
      long[] ids = new long[tuples * m];
      for (int i = 0; i < ids.length; i++) {
        int size = pShape[i % m];
        ids[i] = r.nextInt(25) == 0 ? (r.nextBoolean() ? -1 : size) : (size == 0 ? 0 : r.nextInt(size));
      }
      Tensor indices = indexDType == DType.INT64 ? Tensor.wrap(DType.INT64, iShape, ids) : toInts(ids, iShape);
      Tensor params = OracleInputs.tensor(dtype, pShape, r);
      TfEval.Outcome tf = TfEval.run(ops -> List.of(ops.scope().opBuilder("GatherNd", "GatherNd")
          .addInput(TfEval.constant(ops, params).asOutput()).addInput(TfEval.constant(ops, indices).asOutput())
          .build().output(0)));
      compare("GatherNd of " + params + " at " + indices, tf, Map.of("p", params, "i", indices),
          (g, in) -> List.of(g.ops().gatherNd(in.get(0), in.get(1))));
    }
  }

  @ParameterizedTest(name = "DynamicPartition {0}, partitions of rank {1}")
  @CsvSource({"FLOAT32, 1", "INT64, 1", "FLOAT64, 2", "INT32, 2"})
  void dynamicPartition_matchesTf(DType dtype, int partitionRank) {
    for (int seed = 0; seed < CASES; seed++) {
      SplittableRandom r = new SplittableRandom(seed);
      int[] dShape = shape(r, partitionRank + r.nextInt(2));
      int[] qShape = java.util.Arrays.copyOf(dShape, partitionRank);
      int n = 1 + r.nextInt(4);
      int count = 1;
      for (int d : qShape) {
        count *= d;
      }
      int[] ps = new int[count];
      for (int i = 0; i < count; i++) {
        ps[i] = r.nextInt(30) == 0 ? (r.nextBoolean() ? -1 : n) : r.nextInt(n);
      }
      Tensor data = OracleInputs.tensor(dtype, dShape, r);
      Tensor partitions = Tensor.of(DType.INT32, ps, qShape);
      TfEval.Outcome tf = TfEval.run(ops -> {
        Operation o = ops.scope().opBuilder("DynamicPartition", "DynamicPartition")
            .addInput(TfEval.constant(ops, data).asOutput()).addInput(TfEval.constant(ops, partitions).asOutput())
            .setAttr("num_partitions", (long) n).build();
        List<Operand<?>> outs = new ArrayList<>();
        for (int i = 0; i < n; i++) {
          outs.add(o.output(i));
        }
        return outs;
      });
      compare("DynamicPartition " + n + " of " + data + " by " + partitions, tf, Map.of("p", data, "i", partitions),
          (g, in) -> g.ops().dynamicPartition(in.get(0), in.get(1), n));
    }
  }

  /** Runs Tatter on placeholders fed {@code feeds}; both fail (the same position named) or agree bit for bit. */
  private static void compare(String what, TfEval.Outcome tf, Map<String, Tensor> feeds,
      java.util.function.BiFunction<GraphBuilder, List<Value>, List<Value>> op) {
    GraphBuilder g = new GraphBuilder();
    List<Value> in = new ArrayList<>();
    for (String name : List.of("p", "i")) {
      Tensor t = feeds.get(name);
      long[] dims = new long[t.rank()];
      for (int a = 0; a < dims.length; a++) {
        dims[a] = t.dim(a);
      }
      in.add(g.placeholder(name, Types.dense(t.dtype(), dims)));
    }
    List<Value> outs = op.apply(g, in);
    List<Object> tatter;
    try {
      Result result = new Session(g.build()).run(new HashMap<>(feeds), outs.toArray(new Value[0]));
      tatter = new ArrayList<>();
      for (int i = 0; i < outs.size(); i++) {
        tatter.add(result.tensor(i));
      }
    } catch (RuntimeException e) {
      assertTrue(tf.failed(), what + ": TF gives " + tf.values() + ", Tatter fails: " + e.getMessage());
      String named = tf.error().replaceAll("(?s)^.*?((indices|partitions)(\\[[0-9,]*\\])? = [^ ]*( [^ ]*)?|params is empty).*$", "$1");
      assertTrue(e.getMessage().contains(named), what + ": TF says " + tf.error() + ", Tatter " + e.getMessage());
      return;
    }
    assertTrue(!tf.failed(), what + ": TF fails (" + tf.error() + "), Tatter gives " + tatter);
    assertEquals(tf.values().size(), tatter.size(), what);
    for (int i = 0; i < tatter.size(); i++) {
      OracleAssert.sameValues(tf.value(i), (Tensor) tatter.get(i), what + ", result " + i);
    }
  }

  private static int[] shape(SplittableRandom r, int rank) {
    int[] s = new int[rank];
    for (int i = 0; i < rank; i++) {
      s[i] = r.nextInt(4);
    }
    return s;
  }

  private static Tensor indices(DType dtype, int[] shape, int limit, SplittableRandom r) {
    int n = 1;
    for (int d : shape) {
      n *= d;
    }
    long[] ids = new long[n];
    for (int i = 0; i < n; i++) {
      ids[i] = r.nextInt(25) == 0 ? (r.nextBoolean() ? -1 : limit) : (limit == 0 ? 0 : r.nextInt(limit));
    }
    return dtype == DType.INT64 ? Tensor.wrap(DType.INT64, shape, ids) : toInts(ids, shape);
  }

  private static Tensor toInts(long[] ids, int[] shape) {
    int[] a = new int[ids.length];
    for (int i = 0; i < a.length; i++) {
      a[i] = (int) ids[i];
    }
    return Tensor.wrap(DType.INT32, shape, a);
  }
}
