package dev.tatter.bench.tf;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tatter.frontend.GraphBuilder;
import dev.tatter.frontend.Session;
import dev.tatter.frontend.Types;
import dev.tatter.frontend.Value;
import dev.tatter.ir.types.SparseType;
import dev.tatter.runtime.ByteStrings;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.RowPartition;
import dev.tatter.runtime.SparseTensor;
import dev.tatter.runtime.Tensor;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.tensorflow.Operand;
import org.tensorflow.Operation;
import org.tensorflow.Output;
import org.tensorflow.op.Ops;
import org.tensorflow.proto.DataType;
import org.tensorflow.types.TInt64;

/**
 * {@code tf.ragged.cross(_hashed)}, {@code tf.sparse.cross(_hashed)} and {@code tf.fingerprint}
 * against TF's kernels ({@code RaggedCross}, {@code SparseCrossV2}, {@code SparseCross} with
 * {@code hashed_output}, {@code Fingerprint}) on random inputs: one to three inputs of every kind
 * (ragged with int32 and int64 splits, sparse — some with indices out of row order, which TF's two
 * readers take differently — and dense), int and string features (empty strings and strings past
 * FarmHash's 16, 32 and 64 byte paths, bytes that are not UTF-8), empty rows and batches, random
 * bucket counts, hash keys and separators: bit for bit, values and row splits or indices.
 */
@SuppressWarnings({"unchecked", "rawtypes"})
class CrossOracleTest {
  static final int CASES = 150;

  private static String randomString(SplittableRandom r) {
    int len = switch (r.nextInt(6)) {
      case 0 -> 0;
      case 1 -> 17 + r.nextInt(20);
      case 2 -> 33 + r.nextInt(40);
      case 3 -> 65 + r.nextInt(80);
      default -> 1 + r.nextInt(6);
    };
    byte[] b = new byte[len];
    for (int i = 0; i < len; i++) {
      b[i] = (byte) (r.nextInt(8) == 0 ? r.nextInt(256) : 'a' + r.nextInt(5));
    }
    return ByteStrings.of(b);
  }

  private static Tensor values(boolean strings, DType ints, int n, SplittableRandom r) {
    if (strings) {
      String[] s = new String[n];
      for (int i = 0; i < n; i++) {
        s[i] = randomString(r);
      }
      return Tensor.of(DType.STRING, s, n);
    }
    long[] v = new long[n];
    for (int i = 0; i < n; i++) {
      v[i] = r.nextInt(4) == 0 ? r.nextLong() : r.nextInt(-20, 20);
    }
    if (ints == DType.INT32) {
      int[] w = new int[n];
      for (int i = 0; i < n; i++) {
        w[i] = (int) v[i];
      }
      return Tensor.of(DType.INT32, w, n);
    }
    return Tensor.of(DType.INT64, v, n);
  }

  /** One input: a ragged, sparse or dense tensor of {@code batch} rows. */
  private record Input(char kind, Object value) {}

  /**
   * One input of {@code batch} rows. Every ragged input of a case has one splits dtype: TF's
   * RaggedCross kernel reads every row_splits input as its output's splits dtype and aborts the
   * process (a CHECK failure) on ragged inputs of both int32 and int64 splits.
   */
  private static Input randomInput(int batch, boolean allowRagged, DType splitsDType, SplittableRandom r) {
    boolean strings = r.nextBoolean();
    DType ints = r.nextBoolean() ? DType.INT32 : DType.INT64;
    int kind = r.nextInt(allowRagged ? 3 : 2);
    if (kind == 2) {
      long[] splits = new long[batch + 1];
      for (int b = 0; b < batch; b++) {
        splits[b + 1] = splits[b] + r.nextInt(4);
      }
      return new Input('R', RaggedTensor.of(values(strings, ints, (int) splits[batch], r),
          RowPartition.fromRowSplits(splits, splitsDType, true)));
    }
    if (kind == 1) {
      int k = r.nextInt(3);
      Tensor v = values(strings, ints, batch * k, r);
      return new Input('D', v.reshape(batch, k));
    }
    List<long[]> idx = new ArrayList<>();
    int cols = 1 + r.nextInt(4);
    for (int b = 0; b < batch; b++) {
      for (int c = 0; c < cols; c++) {
        if (r.nextInt(3) == 0) {
          idx.add(new long[] {b, c});
        }
      }
    }
    if (r.nextInt(6) == 0 && idx.size() > 1) {
      java.util.Collections.swap(idx, 0, idx.size() - 1); // indices out of row order
    }
    return new Input('S', SparseTensor.of(idx.toArray(new long[0][]), values(strings, ints, idx.size(), r), batch, cols));
  }

  private static Output<?> tfValue(Ops tf, Tensor t) {
    if (t.dtype() == DType.INT32) {
      return tf.dtypes.cast(TfEval.constant(tf, t), TInt64.class).asOutput(); // TF's Python casts int features to int64
    }
    return TfEval.constant(tf, t).asOutput();
  }

  @Test
  void raggedCross_matchesRaggedCross() {
    for (int seed = 0; seed < CASES; seed++) {
      SplittableRandom r = new SplittableRandom(seed);
      int batch = r.nextInt(5);
      List<Input> inputs = new ArrayList<>();
      DType splitsDType = r.nextBoolean() ? DType.INT32 : DType.INT64;
      for (int i = 0, n = 1 + r.nextInt(3); i < n; i++) {
        inputs.add(randomInput(batch, true, splitsDType, r));
      }
      boolean hashed = r.nextBoolean();
      long buckets = r.nextBoolean() ? 0 : 1 + r.nextInt(100);
      long key = r.nextBoolean() ? 0xDECAFCAFFEL : r.nextLong();
      boolean anyRagged = inputs.stream().anyMatch(in -> in.kind() == 'R');
      boolean int32Splits = anyRagged && inputs.stream().filter(in -> in.kind() == 'R')
          .allMatch(in -> ((RaggedTensor) in.value()).partition().splitsDType() == DType.INT32);
      TfEval.Outcome tf = TfEval.run(ops -> {
        List<Output<?>> rv = new ArrayList<>();
        List<Output<?>> rs = new ArrayList<>();
        List<Output<?>> si = new ArrayList<>();
        List<Output<?>> sv = new ArrayList<>();
        List<Output<?>> ss = new ArrayList<>();
        List<Output<?>> dv = new ArrayList<>();
        StringBuilder order = new StringBuilder();
        for (Input in : inputs) {
          order.append(in.kind());
          switch (in.kind()) {
            case 'R' -> {
              RaggedTensor rt = (RaggedTensor) in.value();
              rv.add(tfValue(ops, (Tensor) rt.values()));
              RowPartition p = rt.partition();
              rs.add(p.splitsDType() == DType.INT32 ? ops.constant(toInts(p.unsafeRowSplits())).asOutput()
                  : ops.constant(p.unsafeRowSplits()).asOutput());
            }
            case 'S' -> {
              SparseTensor st = (SparseTensor) in.value();
              si.add(TfEval.constant(ops, st.indices()).asOutput());
              sv.add(tfValue(ops, st.values()));
              ss.add(TfEval.constant(ops, st.denseShape()).asOutput());
            }
            default -> dv.add(tfValue(ops, (Tensor) in.value()));
          }
        }
        Operation op = ops.scope().opBuilder("RaggedCross", "RaggedCross")
            .addInputList(rv.toArray(new Output[0])).addInputList(rs.toArray(new Output[0]))
            .addInputList(si.toArray(new Output[0])).addInputList(sv.toArray(new Output[0]))
            .addInputList(ss.toArray(new Output[0])).addInputList(dv.toArray(new Output[0]))
            .setAttr("input_order", order.toString()).setAttr("hashed_output", hashed)
            .setAttr("num_buckets", buckets).setAttr("hash_key", key)
            .setAttr("out_values_type", hashed ? DataType.DT_INT64 : DataType.DT_STRING)
            .setAttr("out_row_splits_type", int32Splits ? DataType.DT_INT32 : DataType.DT_INT64).build();
        return List.of(op.output(0), op.output(1));
      });
      GraphBuilder g = new GraphBuilder();
      dev.tatter.frontend.Ops tt = g.ops();
      Map<String, Object> feeds = new HashMap<>();
      List<Value> ins = placeholders(g, inputs, feeds);
      Value out = hashed ? tt.ragged.crossHashed(ins, buckets, key) : tt.ragged.cross(ins);
      RaggedTensor actual = (RaggedTensor) run(g, out, feeds);
      String what = (hashed ? "cross_hashed(buckets=" + buckets + ", key=" + key + ") of " : "cross of ") + inputs;
      assertEquals(tf.value(0), actual.values(), what + ": values");
      assertEquals(tf.value(1).toString(), Tensor.ofLongs(actual.partition().unsafeRowSplits()).toString(), what + ": splits");
      assertEquals(tf.value(1).dtype(), actual.partition().splitsDType(), what + ": splits dtype");
    }
  }

  @Test
  void sparseCross_matchesSparseCrossV2AndSparseCross() {
    for (int seed = 0; seed < CASES; seed++) {
      SplittableRandom r = new SplittableRandom(5000 + seed);
      int batch = 1 + r.nextInt(4);
      List<Input> inputs = new ArrayList<>();
      for (int i = 0, n = 1 + r.nextInt(3); i < n; i++) {
        inputs.add(randomInput(batch, false, DType.INT64, r));
      }
      boolean hashed = r.nextBoolean();
      long buckets = r.nextBoolean() ? 0 : 1 + r.nextInt(100);
      long key = r.nextBoolean() ? 0xDECAFCAFFEL : r.nextLong();
      String separator = r.nextBoolean() ? "_X_" : randomString(r);
      boolean anyString = inputs.stream().anyMatch(in -> valuesOf(in).dtype() == DType.STRING);
      boolean anyInt = inputs.stream().anyMatch(in -> valuesOf(in).dtype() != DType.STRING);
      TfEval.Outcome tf = TfEval.run(ops -> {
        List<Output<?>> si = new ArrayList<>();
        List<Output<?>> sv = new ArrayList<>();
        List<Output<?>> ss = new ArrayList<>();
        List<Output<?>> dv = new ArrayList<>();
        for (Input in : inputs) {
          if (in.kind() == 'S') {
            SparseTensor st = (SparseTensor) in.value();
            si.add(TfEval.constant(ops, st.indices()).asOutput());
            sv.add(tfValue(ops, st.values()));
            ss.add(TfEval.constant(ops, st.denseShape()).asOutput());
          } else {
            dv.add(tfValue(ops, (Tensor) in.value()));
          }
        }
        Operation op;
        if (hashed) {
          op = ops.scope().opBuilder("SparseCross", "SparseCross")
              .addInputList(si.toArray(new Output[0])).addInputList(sv.toArray(new Output[0]))
              .addInputList(ss.toArray(new Output[0])).addInputList(dv.toArray(new Output[0]))
              .setAttr("hashed_output", true).setAttr("num_buckets", buckets).setAttr("hash_key", key)
              .setAttr("out_type", DataType.DT_INT64)
              .setAttr("internal_type", anyInt ? DataType.DT_INT64 : DataType.DT_STRING).build();
        } else {
          op = ops.scope().opBuilder("SparseCrossV2", "SparseCrossV2")
              .addInputList(si.toArray(new Output[0])).addInputList(sv.toArray(new Output[0]))
              .addInputList(ss.toArray(new Output[0])).addInputList(dv.toArray(new Output[0]))
              .addInput(TfEval.constant(ops, Tensor.of(DType.STRING, new String[] {separator})).asOutput()).build();
        }
        return List.of(op.output(0), op.output(1), op.output(2));
      });
      GraphBuilder g = new GraphBuilder();
      dev.tatter.frontend.Ops tt = g.ops();
      Map<String, Object> feeds = new HashMap<>();
      List<Value> ins = placeholders(g, inputs, feeds);
      Value out = hashed ? tt.sparse.crossHashed(ins, buckets, key) : tt.sparse.cross(ins, separator);
      SparseTensor actual = (SparseTensor) run(g, out, feeds);
      String what = (hashed ? "sparse.cross_hashed(buckets=" + buckets + ", key=" + key + ") of "
          : "sparse.cross(sep=" + separator + ") of ") + inputs + (anyString ? "" : " (ints only)");
      assertEquals(tf.value(0), actual.indices(), what + ": indices");
      assertEquals(tf.value(1), actual.values(), what + ": values");
      assertEquals(tf.value(2), actual.denseShape(), what + ": dense_shape");
    }
  }

  @Test
  void fingerprint_matchesFingerprint() {
    DType[] dtypes = {DType.INT32, DType.INT64, DType.FLOAT32, DType.FLOAT64, DType.BOOL, DType.STRING};
    for (int seed = 0; seed < CASES; seed++) {
      SplittableRandom r = new SplittableRandom(9000 + seed);
      DType dtype = dtypes[r.nextInt(dtypes.length)];
      int rows = r.nextInt(4);
      int cols = r.nextInt(3) + (dtype == DType.STRING ? 1 : 0);
      int[] shape = r.nextBoolean() ? new int[] {rows} : new int[] {rows, cols};
      Tensor data = switch (dtype) {
        case STRING -> values(true, null, shapeSize(shape), r).reshape(shape);
        case BOOL -> {
          boolean[] b = new boolean[shapeSize(shape)];
          for (int i = 0; i < b.length; i++) {
            b[i] = r.nextBoolean();
          }
          yield Tensor.wrap(DType.BOOL, shape, b);
        }
        default -> OracleInputs.tensor(dtype, shape, r);
      };
      TfEval.Outcome tf = TfEval.run(ops -> List.of(ops.fingerprint(TfEval.constant(ops, data), ops.constant("farmhash64"))));
      GraphBuilder g = new GraphBuilder();
      Value out = g.ops().fingerprint(g.constant(data));
      assertEquals(tf.value(0), run(g, out, Map.of()), "fingerprint of " + data);
    }
  }

  private static int shapeSize(int[] shape) {
    int n = 1;
    for (int d : shape) {
      n *= d;
    }
    return n;
  }

  private static Tensor valuesOf(Input in) {
    return switch (in.kind()) {
      case 'R' -> (Tensor) ((RaggedTensor) in.value()).values();
      case 'S' -> ((SparseTensor) in.value()).values();
      default -> (Tensor) in.value();
    };
  }

  private static List<Value> placeholders(GraphBuilder g, List<Input> inputs, Map<String, Object> feeds) {
    List<Value> out = new ArrayList<>();
    for (int i = 0; i < inputs.size(); i++) {
      Input in = inputs.get(i);
      String name = "in" + i;
      DType dtype = valuesOf(in).dtype();
      out.add(switch (in.kind()) {
        case 'R' -> g.placeholder(name, Types.ragged(dtype, 1, ((RaggedTensor) in.value()).partition().splitsDType()));
        case 'S' -> g.placeholder(name, SparseType.of(dtype, -1, -1));
        default -> g.placeholder(name, Types.dense(dtype, -1, -1));
      });
      feeds.put(name, in.value());
    }
    return out;
  }

  private static Object run(GraphBuilder g, Value out, Map<String, ?> feeds) {
    try (Session s = new Session(g.build(out))) {
      return s.run(feeds, out).get(0);
    }
  }

  private static int[] toInts(long[] v) {
    int[] out = new int[v.length];
    for (int i = 0; i < v.length; i++) {
      out[i] = (int) v[i];
    }
    return out;
  }
}
