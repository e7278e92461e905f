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
 * for) go in and out through Casts from and to int32 inside the graph. That every pointwise op
 * is compared with TF on every dtype it takes is {@link PointwiseOracleTest}'s: this test adds
 * Python's operators, scalar broadcasting and the remainder loop's positions.
 */
class ElementwiseOracleTest {
  static final int CASES = 150;

  /** An op as TF's Python operator emits it and as Tatter's builder spells it. */
  enum Op {
    ADD("AddV2", Value::add),
    SUB("Sub", Value::sub),
    MUL("Mul", Value::mul),
    /** Python's {@code /}: int8/int16 cast to float32, int32/int64 to float64, then RealDiv. */
    TRUEDIV("RealDiv", Value::truediv),
    /** Python's {@code //}. */
    FLOORDIV("FloorDiv", Value::floordiv),
    /** Python's {@code %}. */
    MOD("FloorMod", Value::mod),
    /** {@code tf.math.maximum}: NaN propagation and which of two signed zeros wins. */
    MAXIMUM("Maximum", (x, y) -> x.graph().ops().math.maximum(x, y)),
    /** {@code tf.math.minimum}. */
    MINIMUM("Minimum", (x, y) -> x.graph().ops().math.minimum(x, y)),
    TRUNCATEDIV("TruncateDiv", (x, y) -> x.graph().ops().truncatediv(x, y)),
    TRUNCATEMOD("TruncateMod", (x, y) -> x.graph().ops().truncatemod(x, y)),
    /** TF's raw Div: integers truncate. */
    RAW_DIV("Div", (x, y) -> x.graph().ops().rawOps.div(x, y)),
    DIVIDE_NO_NAN("DivNoNan", (x, y) -> x.graph().ops().math.divideNoNan(x, y)),
    MULTIPLY_NO_NAN("MulNoNan", (x, y) -> x.graph().ops().math.multiplyNoNan(x, y)),
    SQUARED_DIFFERENCE("SquaredDifference", (x, y) -> x.graph().ops().math.squaredDifference(x, y)),
    NEXTAFTER("NextAfter", (x, y) -> x.graph().ops().math.nextafter(x, y)),
    BITWISE_AND("BitwiseAnd", (x, y) -> x.graph().ops().bitwise.bitwiseAnd(x, y)),
    BITWISE_OR("BitwiseOr", (x, y) -> x.graph().ops().bitwise.bitwiseOr(x, y)),
    BITWISE_XOR("BitwiseXor", (x, y) -> x.graph().ops().bitwise.bitwiseXor(x, y)),
    /** Shift amounts past the width are clamped to width - 1 (negative ones to 0), as TF's kernel does. */
    LEFT_SHIFT("LeftShift", (x, y) -> x.graph().ops().bitwise.leftShift(x, y)),
    RIGHT_SHIFT("RightShift", (x, y) -> x.graph().ops().bitwise.rightShift(x, y));

    final String tfOp;
    final BiFunction<Value, Value, Value> tatter;

    Op(String tfOp, BiFunction<Value, Value, Value> tatter) {
      this.tfOp = tfOp;
      this.tatter = tatter;
    }

    Output<?> tf(Ops ops, Output<?> x, Output<?> y, DType dtype) {
      if (this == TRUEDIV && dtype.isInteger()) {
        DataType to = dtype == DType.INT8 || dtype == DType.INT16 ? DataType.DT_FLOAT : DataType.DT_DOUBLE;
        return raw(ops, tfOp, cast(ops, x, to), cast(ops, y, to));
      }
      return raw(ops, tfOp, x, y);
    }
  }

  @ParameterizedTest(name = "{0} on {1}")
  @CsvSource({
    "ADD, INT8", "ADD, INT16", "ADD, INT32", "ADD, INT64", "ADD, FLOAT32", "ADD, FLOAT64",
    "SUB, INT8", "SUB, INT16", "SUB, INT32", "SUB, INT64", "SUB, FLOAT32", "SUB, FLOAT64",
    "MUL, INT8", "MUL, INT16", "MUL, INT32", "MUL, INT64", "MUL, FLOAT32", "MUL, FLOAT64",
    "TRUEDIV, INT8", "TRUEDIV, INT16", "TRUEDIV, INT32", "TRUEDIV, INT64", "TRUEDIV, FLOAT32", "TRUEDIV, FLOAT64",
    "FLOORDIV, INT8", "FLOORDIV, INT16", "FLOORDIV, INT32", "FLOORDIV, INT64", "FLOORDIV, FLOAT32", "FLOORDIV, FLOAT64",
    "MOD, INT8", "MOD, INT16", "MOD, INT32", "MOD, INT64", "MOD, FLOAT32", "MOD, FLOAT64",
    "MAXIMUM, INT8", "MAXIMUM, INT16", "MAXIMUM, INT32", "MAXIMUM, INT64", "MAXIMUM, FLOAT32", "MAXIMUM, FLOAT64",
    "MINIMUM, INT8", "MINIMUM, INT16", "MINIMUM, INT32", "MINIMUM, INT64", "MINIMUM, FLOAT32", "MINIMUM, FLOAT64",
    "TRUNCATEDIV, INT8", "TRUNCATEDIV, INT16", "TRUNCATEDIV, INT32", "TRUNCATEDIV, INT64", "TRUNCATEDIV, FLOAT32", "TRUNCATEDIV, FLOAT64",
    "TRUNCATEMOD, INT32", "TRUNCATEMOD, INT64", "TRUNCATEMOD, FLOAT32", "TRUNCATEMOD, FLOAT64",
    "RAW_DIV, INT8", "RAW_DIV, INT16", "RAW_DIV, INT32", "RAW_DIV, INT64", "RAW_DIV, FLOAT32", "RAW_DIV, FLOAT64",
    "DIVIDE_NO_NAN, FLOAT32", "DIVIDE_NO_NAN, FLOAT64", "MULTIPLY_NO_NAN, FLOAT32", "MULTIPLY_NO_NAN, FLOAT64",
    "SQUARED_DIFFERENCE, INT32", "SQUARED_DIFFERENCE, INT64", "SQUARED_DIFFERENCE, FLOAT32", "SQUARED_DIFFERENCE, FLOAT64",
    "NEXTAFTER, FLOAT32", "NEXTAFTER, FLOAT64",
    "BITWISE_AND, INT8", "BITWISE_AND, INT16", "BITWISE_AND, INT32", "BITWISE_AND, INT64",
    "BITWISE_OR, INT8", "BITWISE_OR, INT16", "BITWISE_OR, INT32", "BITWISE_OR, INT64",
    "BITWISE_XOR, INT8", "BITWISE_XOR, INT16", "BITWISE_XOR, INT32", "BITWISE_XOR, INT64",
    "LEFT_SHIFT, INT8", "LEFT_SHIFT, INT16", "LEFT_SHIFT, INT32", "LEFT_SHIFT, INT64",
    "RIGHT_SHIFT, INT8", "RIGHT_SHIFT, INT16", "RIGHT_SHIFT, INT32", "RIGHT_SHIFT, INT64",
  })
  void binaryOp_matchesTf_onRandomAndExtremeValues(Op op, DType dtype) {
    for (int seed = 0; seed < CASES; seed++) {
      SplittableRandom r = new SplittableRandom(seed);
      int n = r.nextInt(OracleInputs.maxSize(seed) * 2 + 1);
      Tensor x = narrow(OracleInputs.vector(wide(dtype), n, r), dtype);
      // every third case broadcasts a scalar on the right
      Tensor y = narrow(seed % 3 == 2 ? OracleInputs.scalar(wide(dtype), r) : OracleInputs.vector(wide(dtype), n, r), dtype);
      compare(op, x, y);
    }
  }

  /**
   * Signed zeros in both orders and NaN on either side, which random inputs may miss. Eight
   * elements fill whole vector lanes (8 float32 or 2 x 4 float64 on AVX), where TF returns the
   * second of two equal zeros, as Tatter does; the excuse in {@link #compare} is not needed here.
   */
  @ParameterizedTest(name = "{0} on {1}")
  @CsvSource({"MAXIMUM, FLOAT32", "MAXIMUM, FLOAT64", "MINIMUM, FLOAT32", "MINIMUM, FLOAT64"})
  void maximumMinimum_onSignedZerosAndNaN_matchTf(Op op, DType dtype) {
    double[] x = {-0.0, 0.0, Double.NaN, 1, Double.NaN, -0.0, 0.0, Double.NEGATIVE_INFINITY};
    double[] y = {0.0, -0.0, 1, Double.NaN, Double.NaN, -0.0, 0.0, Double.POSITIVE_INFINITY};
    compare(op, doubles(dtype, x), doubles(dtype, y));
  }

  private static Tensor doubles(DType dtype, double[] values) {
    if (dtype == DType.FLOAT64) {
      return Tensor.ofDoubles(values);
    }
    float[] f = new float[values.length];
    for (int i = 0; i < f.length; i++) {
      f[i] = (float) values[i];
    }
    return Tensor.ofFloats(f);
  }

  /** Runs {@code x op y} through TF and Tatter; both must fail or both give equal tensors. */
  static void compare(Op op, Tensor x, Tensor y) {
    String tfOp = op.tfOp;
    BiFunction<Value, Value, Value> tatterOp = op.tatter;
    TfEval.Outcome tf = TfEval.run(ops -> List.of(
        widen(ops, op.tf(ops, narrowed(ops, x), narrowed(ops, y), x.dtype()))));
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
    // FloorDiv/FloorMod floor the quotient x / y: when it is subnormal TF has flushed it to 0
    Tensor quotient = (op == Op.FLOORDIV || op == Op.MOD || op == Op.TRUNCATEDIV) && x.dtype().isFloating() ? quotient(x, y) : x;
    String what = tfOp + " " + x.dtype() + "(" + x + ", " + y + ")";
    if (op == Op.MAXIMUM || op == Op.MINIMUM) {
      // Of -0.0 and 0.0, TF's vectorized lanes return the second operand and its scalar remainder
      // loop the first, so its answer depends on the element's position (see docs/SEMANTICS.md);
      // Tatter returns the second everywhere. Those elements are excused, and as for every op
      // those with a subnormal input (which TF flushes to zero), nothing else.
      OracleAssert.sameValues(expected, tatter, what, i -> bothZero(x, y, i)
          || OracleAssert.subnormal(x.getDouble(i), x.dtype()) || OracleAssert.subnormal(y.getDouble(y.size() == 1 ? 0 : i), y.dtype()));
      return;
    }
    OracleAssert.sameValues(expected, tatter, what, x, y, quotient);
  }

  /** Whether element {@code i} of x and of y (broadcast if scalar) are both zeros, of any sign. */
  static boolean bothZero(Tensor x, Tensor y, int i) {
    return x.getDouble(i) == 0 && y.getDouble(y.size() == 1 ? 0 : i) == 0;
  }

  /** {@code x / y} in x's float dtype, y broadcast if scalar. */
  static Tensor quotient(Tensor x, Tensor y) {
    int n = x.size();
    if (x.dtype() == DType.FLOAT32) {
      float[] q = new float[n];
      for (int i = 0; i < n; i++) {
        q[i] = (float) x.getDouble(i) / (float) y.getDouble(y.size() == 1 ? 0 : i);
      }
      return Tensor.wrap(DType.FLOAT32, x.shape(), q);
    }
    double[] q = new double[n];
    for (int i = 0; i < n; i++) {
      q[i] = x.getDouble(i) / y.getDouble(y.size() == 1 ? 0 : i);
    }
    return Tensor.wrap(DType.FLOAT64, x.shape(), q);
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
      int[] in = (int[]) t.unsafeData();
      byte[] out = new byte[in.length];
      for (int i = 0; i < in.length; i++) {
        out[i] = (byte) in[i];
      }
      return Tensor.wrap(dtype, t.shape(), out);
    }
    if (t.dtype() == DType.INT32 && dtype == DType.INT16) {
      int[] in = (int[]) t.unsafeData();
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

  /** int8/int16 results come back as int32 (TF Java has no tensor class for them). */
  static Operand<?> widen(Ops tf, Output<?> out) {
    DataType type = out.dataType();
    return type == DataType.DT_INT8 || type == DataType.DT_INT16 ? cast(tf, out, DataType.DT_INT32) : out;
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
