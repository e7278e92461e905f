package dev.tatter.bench.tf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.frontend.GraphBuilder;
import dev.tatter.frontend.Session;
import dev.tatter.frontend.Value;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.RowPartition;
import dev.tatter.runtime.Tensor;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.tensorflow.Operand;
import org.tensorflow.Operation;
import org.tensorflow.Output;
import org.tensorflow.op.Ops;

/**
 * {@code tf.gather} on ragged params and {@code tf.ragged.range} against TF's {@code RaggedGather}
 * and {@code RaggedRange} kernels, on random inputs (empty rows, empty tensors and trailing empty
 * rows included): the nested row splits and the flat values must be equal bit for bit, and
 * out-of-range indices must fail in both.
 */
class RaggedGatherOracleTest {
  static final int CASES = 60;

  @ParameterizedTest(name = "RaggedGather {0}, ragged_rank {1}, indices {2} of rank {3}, inner {4}")
  @CsvSource({
    "FLOAT32, 1, INT32, 1, ''", "FLOAT32, 1, INT64, 1, ''", "FLOAT64, 1, INT64, 1, ''", "INT32, 1, INT32, 1, ''",
    "INT64, 1, INT64, 1, ''", "FLOAT64, 2, INT32, 2, 2", "FLOAT32, 1, INT64, 1, 2", "INT32, 1, INT32, 2, ''",
    "INT32, 1, INT64, 0, ''", "FLOAT32, 2, INT32, 1, ''", "INT64, 2, INT64, 2, ''", "INT32, 2, INT64, 0, ''",
    "FLOAT64, 3, INT64, 1, ''", "INT32, 3, INT32, 2, 3",
  })
  void raggedGather_matchesTf(DType dtype, int raggedRank, DType indexDType, int indexRank, String inner) {
    int[] innerShape = inner.isEmpty() ? new int[0] : new int[] {Integer.parseInt(inner)};
    for (int seed = 0; seed < CASES; seed++) {
      RaggedTensor params = OracleInputs.ragged(dtype, raggedRank, innerShape, seed);
      if (params.nrows() == 0) {
        continue;
      }
      Tensor indices = indices(indexDType, indexRank, params.nrows(), new SplittableRandom(seed * 31L + 7));
      List<Tensor> tf = tfGather(params, indices);
      List<Tensor> tatter = parts(tatterGather(params, indices));
      String what = "gather of " + params + " at " + indices;
      assertEquals(tf.size(), tatter.size(), what + ": number of splits");
      for (int i = 0; i < tf.size(); i++) {
        OracleAssert.sameValues(tf.get(i), tatter.get(i), what + ", part " + i);
      }
    }
  }

  @ParameterizedTest(name = "RaggedGather out of range, index {0}")
  @CsvSource({"-1", "4", "2147483647"})
  void raggedGather_outOfRange_failsInBoth(long bad) {
    RaggedTensor params = RaggedTensor.of(Tensor.ofInts(1, 2, 3), RowPartition.fromRowSplits(new long[] {0, 1, 1, 3, 3}, DType.INT64, true));
    Tensor indices = Tensor.ofLongs(0, bad);
    TfEval.Outcome tf = TfEval.run(ops -> gatherOps(ops, params, indices));
    assertTrue(tf.failed(), "TF accepted index " + bad);
    assertTrue(tf.error().contains("indices[1] = " + bad + " is not in [0, 4)"), tf.error());
    InvalidArgumentException e = assertThrows(InvalidArgumentException.class, () -> tatterGather(params, indices));
    assertTrue(e.getMessage().contains("indices[1] = " + bad + " is not in [0, 4)"), e.getMessage());
  }

  @ParameterizedTest(name = "RaggedRange {0}, splits {1}")
  @CsvSource({"INT32, INT64", "INT64, INT64", "INT32, INT32", "FLOAT32, INT64", "FLOAT64, INT64", "FLOAT32, INT32"})
  void raggedRange_matchesTf(DType dtype, DType splitsDType) {
    for (int seed = 0; seed < CASES; seed++) {
      SplittableRandom r = new SplittableRandom(seed);
      int n = r.nextInt(OracleInputs.maxSize(seed) + 1);
      Tensor starts = rangeOperand(dtype, n, r, false);
      Tensor limits = rangeOperand(dtype, n, r, false);
      Tensor deltas = rangeOperand(dtype, n, r, true);
      TfEval.Outcome tf = TfEval.run(ops -> {
        Operation op = ops.scope().opBuilder("RaggedRange", "RaggedRange")
            .addInput(TfEval.constant(ops, starts).asOutput()).addInput(TfEval.constant(ops, limits).asOutput())
            .addInput(TfEval.constant(ops, deltas).asOutput())
            .setAttr("Tsplits", splitsDType == DType.INT32 ? org.tensorflow.proto.DataType.DT_INT32 : org.tensorflow.proto.DataType.DT_INT64)
            .build();
        return List.of(op.output(0), op.output(1));
      });
      GraphBuilder g = new GraphBuilder();
      Value out = g.raggedRange(g.constant(starts), g.constant(limits), g.constant(deltas), splitsDType);
      RaggedTensor rt = (RaggedTensor) run(g, out, java.util.Map.of());
      String what = "range(" + starts + ", " + limits + ", " + deltas + ")";
      Tensor splits = splitsTensor(rt.partition());
      OracleAssert.sameValues(tf.value(0), splits, what + " splits");
      OracleAssert.sameValues(tf.value(1), rt.flatValues(), what + " values");
    }
  }

  /** Small ranges, so that rows stay short; deltas never zero, of either sign. */
  private static Tensor rangeOperand(DType dtype, int n, SplittableRandom r, boolean delta) {
    boolean scalar = r.nextInt(3) == 0;
    int size = scalar ? 1 : n;
    double[] v = new double[size];
    for (int i = 0; i < size; i++) {
      if (delta) {
        double d = dtype.isFloating() ? 0.1 + r.nextDouble() * 2 : 1 + r.nextInt(3);
        v[i] = r.nextBoolean() ? d : -d;
      } else {
        v[i] = dtype.isFloating() ? r.nextDouble() * 20 - 10 : r.nextInt(21) - 10;
      }
    }
    Object data = switch (dtype) {
      case INT32 -> Arrays.stream(v).mapToInt(x -> (int) x).toArray();
      case INT64 -> Arrays.stream(v).mapToLong(x -> (long) x).toArray();
      case FLOAT32 -> {
        float[] f = new float[size];
        for (int i = 0; i < size; i++) {
          f[i] = (float) v[i];
        }
        yield f;
      }
      default -> v;
    };
    return scalar ? Tensor.wrap(dtype, new int[0], data) : Tensor.wrap(dtype, new int[] {size}, data);
  }

  private static Tensor indices(DType dtype, int rank, int nrows, SplittableRandom r) {
    int[] shape = new int[rank];
    for (int a = 0; a < rank; a++) {
      shape[a] = r.nextInt(5);
    }
    int count = 1;
    for (int d : shape) {
      count *= d;
    }
    long[] v = new long[count];
    for (int i = 0; i < count; i++) {
      v[i] = r.nextInt(nrows);
    }
    if (dtype == DType.INT64) {
      return Tensor.wrap(DType.INT64, shape, v);
    }
    return Tensor.wrap(DType.INT32, shape, Arrays.stream(v).mapToInt(x -> (int) x).toArray());
  }

  private static List<Operand<?>> gatherOps(Ops tf, RaggedTensor params, Tensor indices) {
    List<RowPartition> partitions = params.nestedPartitions();
    List<Operand<?>> splits = new ArrayList<>();
    for (RowPartition p : partitions) {
      splits.add(TfEval.splits(tf, p));
    }
    int outRaggedRank = indices.rank() - 1 + partitions.size();
    Operation op = tf.scope().opBuilder("RaggedGather", "RaggedGather")
        .addInputList(splits.stream().map(o -> (Output<?>) o.asOutput()).toArray(Output[]::new))
        .addInput(TfEval.constant(tf, params.flatValues()).asOutput())
        .addInput(TfEval.constant(tf, indices).asOutput())
        .setAttr("OUTPUT_RAGGED_RANK", (long) outRaggedRank)
        .build();
    List<Operand<?>> out = new ArrayList<>();
    for (int i = 0; i <= outRaggedRank; i++) {
      out.add(op.output(i));
    }
    return out;
  }

  private static List<Tensor> tfGather(RaggedTensor params, Tensor indices) {
    TfEval.Outcome o = TfEval.run(tf -> gatherOps(tf, params, indices));
    List<Tensor> out = new ArrayList<>();
    for (int i = 0; i < o.values().size() || o.failed(); i++) {
      out.add(o.value(i));
    }
    return out;
  }

  private static Object tatterGather(RaggedTensor params, Tensor indices) {
    StringBuilder type = new StringBuilder("ragged<" + params.dtype() + ">[None");
    type.append(", (None)".repeat(params.raggedRank()));
    int[] flat = params.flatValues().shape();
    for (int a = 1; a < flat.length; a++) {
      type.append(", ").append(flat[a]);
    }
    GraphBuilder g = new GraphBuilder();
    Value p = g.placeholder("params", dev.tatter.frontend.Types.parse(type + "]"));
    return run(g, g.gather(p, g.constant(indices)), java.util.Map.of("params", params));
  }

  /** The result's nested row splits (int64) then its flat values, as TF's kernel returns them. */
  private static List<Tensor> parts(Object value) {
    List<Tensor> out = new ArrayList<>();
    if (value instanceof RaggedTensor rt) {
      for (RowPartition p : rt.nestedPartitions()) {
        out.add(splitsTensor(p));
      }
      out.add(rt.flatValues());
    } else {
      out.add((Tensor) value);
    }
    return out;
  }

  private static Tensor splitsTensor(RowPartition p) {
    long[] s = p.rowSplitsArray().clone();
    if (p.splitsDType() == DType.INT32) {
      return Tensor.wrap(DType.INT32, new int[] {s.length}, Arrays.stream(s).mapToInt(x -> (int) x).toArray());
    }
    return Tensor.wrap(DType.INT64, new int[] {s.length}, s);
  }

  /** Compiled and interpreted must agree bit for bit; the compiled result is compared with TF. */
  private static Object run(GraphBuilder g, Value out, java.util.Map<String, Object> feeds) {
    Object compiled = new Session(g.build()).run(feeds, out).get(0);
    Object interpreted = new Session(g.build(), "", Session.Backend.INTERPRETED).run(feeds, out).get(0);
    assertEquals(interpreted, compiled, "compiled vs interpreted");
    return compiled;
  }
}
