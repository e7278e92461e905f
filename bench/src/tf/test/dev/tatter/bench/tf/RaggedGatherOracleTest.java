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

  /**
   * {@code tf.gather} of ragged operands along an axis past 0, against TF Python's composition of
   * raw kernels (its {@code _axis_gather}/{@code _batch_gather}: the row starts, gathered by row
   * ids where TF repeats or broadcasts them, added to the indices, then {@code GatherV2}); TF's
   * result partitions are composed there too ({@code Range}, {@code Tile}, {@code Cumsum}). Every
   * index stays inside its own row, where TF's unchecked offsets and Tatter's checked ones meet.
   * Configurations: "axis1" ragged indices at batch_dims 0, "batch1" ragged indices at axis 1 and
   * batch_dims 1, "batch1axis2" dense indices at axis 2 and batch_dims 1, "batch2" at axis 2 and
   * batch_dims 2.
   */
  @ParameterizedTest(name = "gather {0}, {1}, indices {2}")
  @CsvSource({
    "axis1, FLOAT32, INT64", "axis1, INT32, INT32", "axis1, FLOAT64, INT64", "batch1, FLOAT32, INT64",
    "batch1, INT64, INT32", "batch1axis2, FLOAT64, INT64", "batch1axis2, INT32, INT32", "batch2, FLOAT32, INT64",
    "batch2, INT64, INT32", "batch1axis2ragged, FLOAT32, INT64", "batch1axis2ragged, INT32, INT32",
  })
  void axisGather_matchesTfComposition(String config, DType dtype, DType indexDType) {
    int compared = 0;
    for (int seed = 0; seed < CASES; seed++) {
      SplittableRandom r = new SplittableRandom(seed * 13L + 5);
      AxisCase c = axisCase(config, dtype, indexDType, seed, r);
      if (c == null) {
        continue;
      }
      TfEval.Outcome tf = TfEval.run(c.tf());
      assertTrue(!tf.failed(), c.what() + ": TF fails: " + tf.error());
      List<Tensor> tatter = parts(c.tatter().get());
      assertEquals(tf.values().size(), tatter.size(), c.what() + ": number of parts");
      for (int i = 0; i < tatter.size(); i++) {
        OracleAssert.sameValues(tf.value(i), tatter.get(i), c.what() + ", part " + i);
      }
      compared++;
    }
    assertTrue(compared > CASES / 4, "only " + compared + " cases compared");
  }

  /** One random case: a description, TF's composition (splits then values), and Tatter's run. */
  record AxisCase(String what, java.util.function.Function<Ops, List<Operand<?>>> tf, java.util.function.Supplier<Object> tatter) {}

  @SuppressWarnings({"unchecked", "rawtypes"})
  private static AxisCase axisCase(String config, DType dtype, DType indexDType, int seed, SplittableRandom r) {
    boolean inner = config.startsWith("batch1axis2");
    RaggedTensor params = OracleInputs.ragged(dtype, config.equals("batch2") ? 2 : 1,
        inner ? new int[] {1 + r.nextInt(3)} : new int[0], seed);
    RowPartition outer = params.partition();
    int nrows = outer.nrows();
    switch (config) {
      case "axis1" -> {
        int min = Integer.MAX_VALUE;
        for (int b = 0; b < nrows; b++) {
          min = Math.min(min, outer.rowLength(b));
        }
        if (nrows == 0 || min == 0) {
          return null;
        }
        final int bound = min;
        RaggedTensor ids = raggedIndices(indexDType, 1 + r.nextInt(4), row -> r.nextInt(4), row -> (long) r.nextInt(bound), r);
        int n = ids.flatValues().size();
        int i0 = ids.nrows();
        return new AxisCase("gather(" + params + ", " + ids + ", axis=1)", tf -> {
          Operand starts = rowStarts(tf, outer, indexDType);
          Operand adjusted = tf.math.add(tf.reshape(starts, tf.constant(new long[] {nrows, 1})),
              tf.reshape(TfEval.constant(tf, ids.flatValues()), tf.constant(new long[] {1, n})));
          Operand values = tf.gather(TfEval.constant(tf, params.flatValues()), tf.reshape(adjusted, tf.constant(new long[] {-1})),
              tf.constant(0));
          Operand outerSplits = tf.math.mul(tf.range(tf.constant(0L), tf.constant((long) nrows + 1), tf.constant(1L)),
              tf.constant((long) i0));
          Operand lengths = rowLengths(tf, ids.partition());
          Operand innerSplits = tf.concat(List.of(tf.constant(new long[] {0}),
              tf.math.cumsum(tf.tile(lengths, tf.constant(new long[] {nrows})), tf.constant(0))), tf.constant(0));
          return List.of(outerSplits, innerSplits, values);
        }, () -> tatterRun(params, ids, 1, 0));
      }
      case "batch1" -> {
        RaggedTensor ids = raggedIndices(indexDType, nrows, row -> outer.rowLength(row) == 0 ? 0 : r.nextInt(4),
            row -> (long) r.nextInt(outer.rowLength(row)), r);
        return new AxisCase("gather(" + params + ", " + ids + ", axis=1, batch_dims=1)", tf -> {
          Operand adjusted = tf.math.add(TfEval.constant(tf, ids.flatValues()),
              tf.gather(rowStarts(tf, outer, indexDType), rowIds(tf, ids.partition()), tf.constant(0)));
          Operand values = tf.gather(TfEval.constant(tf, params.flatValues()), adjusted, tf.constant(0));
          return List.of(TfEval.splits(tf, ids.partition()), values);
        }, () -> tatterRun(params, ids, 1, 1));
      }
      case "batch1axis2" -> {
        int k = params.flatValues().shape()[1];
        int m = r.nextInt(4);
        long[] v = new long[nrows * m];
        for (int i = 0; i < v.length; i++) {
          v[i] = r.nextInt(k);
        }
        Tensor ids = indexTensor(indexDType, new int[] {nrows, m}, v);
        return new AxisCase("gather(" + params + ", " + ids + ", axis=2, batch_dims=1)", tf -> {
          Operand repeated = tf.gather(TfEval.constant(tf, ids), rowIds(tf, outer), tf.constant(0));
          Operand values = tf.scope().opBuilder("GatherV2", "GatherV2").addInput(TfEval.constant(tf, params.flatValues()).asOutput())
              .addInput(repeated.asOutput()).addInput(tf.constant(1).asOutput()).setAttr("batch_dims", 1L).build().output(0);
          return List.of(TfEval.splits(tf, outer), values);
        }, () -> tatterRun(params, ids, 2, 1));
      }
      case "batch1axis2ragged" -> {
        int k = params.flatValues().shape()[1];
        RaggedTensor ids = raggedIndices(indexDType, nrows, row -> r.nextInt(4), row -> (long) r.nextInt(k), r);
        int n = outer.nvals();
        return new AxisCase("gather(" + params + ", " + ids + ", axis=2, batch_dims=1)", tf -> {
          // TF: adjusted = gather(indices, value_rowids(params)) (RaggedGather), then each of its
          // values offset by its value row's start in the reshaped params.values
          Operation rg = tf.scope().opBuilder("RaggedGather", "RaggedGather")
              .addInputList(new Output[] {TfEval.splits(tf, ids.partition()).asOutput()})
              .addInput(TfEval.constant(tf, ids.flatValues()).asOutput()).addInput(rowIds(tf, outer).asOutput())
              .setAttr("OUTPUT_RAGGED_RANK", 1L).build();
          Operand starts = tf.math.mul(tf.range(tf.constant(0L), tf.constant((long) n), tf.constant(1L)), tf.constant((long) k));
          if (indexDType == DType.INT32) {
            starts = tf.scope().opBuilder("Cast", "Cast").addInput(starts.asOutput())
                .setAttr("DstT", org.tensorflow.proto.DataType.DT_INT32).build().output(0);
          }
          Operand adjusted = tf.math.add(rg.output(1), tf.gather(starts, rowIdsOf(tf, rg.output(0)), tf.constant(0)));
          Operand values = tf.gather(tf.reshape(TfEval.constant(tf, params.flatValues()), tf.constant(new long[] {-1})),
              adjusted, tf.constant(0));
          return List.of(TfEval.splits(tf, outer), rg.output(0), values);
        }, () -> tatterRun(params, ids, 2, 1));
      }
      default -> {
        RowPartition level2 = params.nestedPartitions().get(1);
        int n1 = level2.nrows();
        int m = 1 + r.nextInt(3);
        long[] v = new long[n1 * m];
        for (int j = 0; j < n1; j++) {
          if (level2.rowLength(j) == 0) {
            return null;
          }
          for (int t = 0; t < m; t++) {
            v[j * m + t] = r.nextInt(level2.rowLength(j));
          }
        }
        RaggedTensor ids = RaggedTensor.of(indexTensor(indexDType, new int[] {n1, m}, v), outer);
        return new AxisCase("gather(" + params + ", " + ids + ", axis=2, batch_dims=2)", tf -> {
          Operand adjusted = tf.math.add(TfEval.constant(tf, ids.flatValues()),
              tf.reshape(rowStarts(tf, level2, indexDType), tf.constant(new long[] {n1, 1})));
          Operand values = tf.gather(TfEval.constant(tf, params.flatValues()), adjusted, tf.constant(0));
          return List.of(TfEval.splits(tf, outer), values);
        }, () -> tatterRun(params, ids, 2, 2));
      }
    }
  }

  /** Ragged indices of {@code nrows} rows, row i of {@code length(i)} values drawn by {@code value(i)}. */
  private static RaggedTensor raggedIndices(DType dtype, int nrows, java.util.function.IntUnaryOperator length,
      java.util.function.IntToLongFunction value, SplittableRandom r) {
    long[] splits = new long[nrows + 1];
    List<Long> values = new ArrayList<>();
    for (int i = 0; i < nrows; i++) {
      int len = length.applyAsInt(i);
      for (int j = 0; j < len; j++) {
        values.add(value.applyAsLong(i));
      }
      splits[i + 1] = values.size();
    }
    long[] v = values.stream().mapToLong(Long::longValue).toArray();
    return RaggedTensor.of(indexTensor(dtype, new int[] {v.length}, v), RowPartition.fromRowSplits(splits, DType.INT64, true));
  }

  private static Tensor indexTensor(DType dtype, int[] shape, long[] v) {
    return dtype == DType.INT64 ? Tensor.wrap(DType.INT64, shape, v)
        : Tensor.wrap(DType.INT32, shape, Arrays.stream(v).mapToInt(x -> (int) x).toArray());
  }

  /** TF's {@code _row_starts(params, indices.dtype)}: row_splits[:-1], cast to the indices' dtype. */
  @SuppressWarnings({"unchecked", "rawtypes"})
  private static Operand rowStarts(Ops tf, RowPartition p, DType indexDType) {
    Operand starts = tf.slice(TfEval.splits(tf, p), tf.constant(new long[] {0}), tf.constant(new long[] {p.nrows()}));
    return indexDType == DType.INT64 ? starts : tf.scope().opBuilder("Cast", "Cast").addInput(starts.asOutput())
        .setAttr("DstT", org.tensorflow.proto.DataType.DT_INT32).build().output(0);
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private static Operand rowLengths(Ops tf, RowPartition p) {
    Operand splits = TfEval.splits(tf, p);
    return tf.math.sub(tf.slice(splits, tf.constant(new long[] {1}), tf.constant(new long[] {p.nrows()})),
        tf.slice(splits, tf.constant(new long[] {0}), tf.constant(new long[] {p.nrows()})));
  }

  /** The value row ids of a partition: column 0 of RaggedTensorToSparse's indices over its values. */
  @SuppressWarnings("rawtypes")
  private static Operand rowIds(Ops tf, RowPartition p) {
    return rowIdsOf(tf, TfEval.splits(tf, p));
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  static Operand rowIdsOf(Ops tf, Operand splits) {
    Operand nvals = tf.reshape(tf.slice(splits, tf.reshape(tf.math.sub(tf.size(splits), tf.constant(1)), tf.constant(new long[] {1})),
        tf.constant(new int[] {1})), tf.constant(new long[] {1}));
    Operand dummy = tf.zeros(nvals, org.tensorflow.types.TInt32.class);
    Operand indices = tf.ragged.raggedTensorToSparse(List.of(splits), dummy).sparseIndices();
    return tf.reshape(tf.slice(indices, tf.constant(new long[] {0, 0}), tf.constant(new long[] {-1, 1})),
        tf.constant(new long[] {-1}));
  }

  private static Object tatterRun(RaggedTensor params, Object indices, int axis, int batchDims) {
    GraphBuilder g = new GraphBuilder();
    dev.tatter.frontend.Ops tt = g.ops();
    Value p = g.placeholder("params", typeOf(params));
    Value i = indices instanceof RaggedTensor rt ? g.placeholder("indices", typeOf(rt))
        : g.placeholder("indices", dev.tatter.frontend.Types.dense(((Tensor) indices).dtype(),
            Arrays.stream(((Tensor) indices).shape()).mapToLong(x -> x).toArray()));
    return run(g, tt.gather(p, i, axis, batchDims), java.util.Map.of("params", params, "indices", indices));
  }

  private static dev.tatter.ir.types.Type typeOf(RaggedTensor rt) {
    StringBuilder type = new StringBuilder("ragged<" + rt.dtype() + ">[None");
    type.append(", (None)".repeat(rt.raggedRank()));
    int[] flat = rt.flatValues().shape();
    for (int a = 1; a < flat.length; a++) {
      type.append(", ").append(flat[a]);
    }
    return dev.tatter.frontend.Types.parse(type + "]");
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
      dev.tatter.frontend.Ops tt = g.ops();
      Value out = tt.ragged.range(g.constant(starts), g.constant(limits), g.constant(deltas), splitsDType);
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
    dev.tatter.frontend.Ops tt = g.ops();
    Value p = g.placeholder("params", dev.tatter.frontend.Types.parse(type + "]"));
    return run(g, tt.gather(p, g.constant(indices)), java.util.Map.of("params", params));
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
