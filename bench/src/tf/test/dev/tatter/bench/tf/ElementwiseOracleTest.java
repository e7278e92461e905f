package dev.tatter.bench.tf;

import static org.junit.jupiter.api.Assertions.fail;

import dev.tatter.frontend.GraphBuilder;
import dev.tatter.frontend.Session;
import dev.tatter.frontend.Types;
import dev.tatter.frontend.Value;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.Tensor;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.BiFunction;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.tensorflow.Operand;
import org.tensorflow.Output;
import org.tensorflow.op.Ops;
import org.tensorflow.proto.DataType;

/**
 * Elementwise dtype semantics against TF's kernels: integer wraparound, floor division and
 * modulo with negative operands, truediv's casts, IEEE specials. Each op is built on the TF
 * side as TF's Python operator builds it; int8 and int16 (which TF Java has no tensor class
 * for) go in and out through Casts from and to int32 inside the graph.
 */
class ElementwiseOracleTest {
  static final int CASES = 150;

  /** An op as TF's Python operator emits it and as Tatter's builder spells it. */
  enum Op {
    ADD("AddV2", Value::add),
    MUL("Mul", Value::mul);

    final String tfOp;
    final BiFunction<Value, Value, Value> tatter;

    Op(String tfOp, BiFunction<Value, Value, Value> tatter) {
      this.tfOp = tfOp;
      this.tatter = tatter;
    }
  }

  @ParameterizedTest(name = "{0} on {1}")
  @CsvSource({
    "ADD, INT8", "ADD, INT16", "ADD, INT32", "ADD, INT64", "ADD, FLOAT32", "ADD, FLOAT64",
    "MUL, INT8", "MUL, INT16", "MUL, INT32", "MUL, INT64", "MUL, FLOAT32", "MUL, FLOAT64",
  })
  void binaryOp_matchesTf_onRandomAndExtremeValues(Op op, DType dtype) {
    for (int seed = 0; seed < CASES; seed++) {
      SplittableRandom r = new SplittableRandom(seed);
      int n = r.nextInt(OracleInputs.maxSize(seed) * 2 + 1);
      Tensor x = narrow(OracleInputs.vector(wide(dtype), n, r), dtype);
      // every third case broadcasts a scalar on the right
      Tensor y = narrow(seed % 3 == 2 ? OracleInputs.scalar(wide(dtype), r) : OracleInputs.vector(wide(dtype), n, r), dtype);
      compare(op.tfOp, op.tatter, x, y);
    }
  }

  /** Runs {@code x op y} through TF and Tatter; both must fail or both give equal tensors. */
  static void compare(String tfOp, BiFunction<Value, Value, Value> tatterOp, Tensor x, Tensor y) {
    TfEval.Outcome tf = TfEval.run(ops -> List.of(
        widen(ops, raw(ops, tfOp, narrowed(ops, x), narrowed(ops, y)), x.dtype())));
    GraphBuilder g = new GraphBuilder();
    Value a = g.placeholder("x", Types.dense(x.dtype(), x.shape().length == 0 ? new long[0] : new long[] {-1}));
    Value b = g.placeholder("y", Types.dense(y.dtype(), y.shape().length == 0 ? new long[0] : new long[] {-1}));
    Value out = tatterOp.apply(a, b);
    Tensor tatter;
    try {
      tatter = new Session(g.build()).run(Map.of("x", x, "y", y), out).tensor(0);
    } catch (RuntimeException e) {
      if (tf.failed()) {
        return;
      }
      throw new AssertionError(tfOp + "(" + x + ", " + y + "): TF gives " + tf.value(0) + ", Tatter fails: " + e.getMessage(), e);
    }
    if (tf.failed()) {
      fail(tfOp + "(" + x + ", " + y + "): TF fails (" + tf.error() + "), Tatter gives " + tatter);
    }
    Tensor expected = narrow(tf.value(0), tatter.dtype());
    OracleAssert.sameValues(expected, tatter, tfOp + " " + x.dtype() + "(" + x + ", " + y + ")", x, y);
  }

  // ---- int8/int16 through int32 ----

  static DType wide(DType dtype) {
    return dtype == DType.INT8 || dtype == DType.INT16 ? DType.INT32 : dtype;
  }

  /** An int32 tensor's values as int8/int16 (they come from the extremes table; narrowing wraps as a C cast). */
  static Tensor narrow(Tensor t, DType dtype) {
    if (t.dtype() == dtype) {
      return t;
    }
    if (t.dtype() == DType.INT32 && dtype == DType.INT8) {
      int[] in = (int[]) t.data();
      byte[] out = new byte[in.length];
      for (int i = 0; i < in.length; i++) {
        out[i] = (byte) in[i];
      }
      return Tensor.wrap(dtype, t.shape(), out);
    }
    if (t.dtype() == DType.INT32 && dtype == DType.INT16) {
      int[] in = (int[]) t.data();
      short[] out = new short[in.length];
      for (int i = 0; i < in.length; i++) {
        out[i] = (short) in[i];
      }
      return Tensor.wrap(dtype, t.shape(), out);
    }
    throw new IllegalArgumentException(t.dtype() + " to " + dtype);
  }

  /** A TF operand of {@code t}'s dtype: int8/int16 built as Cast(int32 constant). */
  static Output<?> narrowed(Ops tf, Tensor t) {
    if (t.dtype() != DType.INT8 && t.dtype() != DType.INT16) {
      return TfEval.constant(tf, t).asOutput();
    }
    Tensor wide = widenValues(t);
    return cast(tf, TfEval.constant(tf, wide).asOutput(), t.dtype() == DType.INT8 ? DataType.DT_INT8 : DataType.DT_INT16);
  }

  static Operand<?> widen(Ops tf, Output<?> out, DType dtype) {
    return dtype == DType.INT8 || dtype == DType.INT16 ? cast(tf, out, DataType.DT_INT32) : out;
  }

  static Tensor widenValues(Tensor t) {
    int[] out = new int[t.size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = (int) t.getLong(i);
    }
    return Tensor.wrap(DType.INT32, t.shape(), out);
  }

  static Output<?> cast(Ops tf, Output<?> x, DataType to) {
    return tf.scope().opBuilder("Cast", "Cast").addInput(x).setAttr("DstT", to).build().output(0);
  }

  static Output<?> raw(Ops tf, String type, Output<?> x, Output<?> y) {
    return tf.scope().opBuilder(type, type).addInput(x).addInput(y).build().output(0);
  }
}
