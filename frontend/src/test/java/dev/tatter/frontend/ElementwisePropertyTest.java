package dev.tatter.frontend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.codegen.Interpreter;
import dev.tatter.codegen.testing.BitExact;
import dev.tatter.ir.Fusion;
import dev.tatter.ir.Graph;
import dev.tatter.ir.OpDef;
import dev.tatter.ir.ops.OpRegistry;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.RowPartition;
import dev.tatter.runtime.Tensor;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BiFunction;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;
import org.opentest4j.AssertionFailedError;

/**
 * Each operator against a plain Java reference written independently of the kernels: integers
 * in BigInteger arithmetic wrapped to the dtype's width, floats in exact BigDecimal arithmetic
 * rounded once, ragged results row by row, broadcasting by multi-index. Values mix random ones
 * with the extremes (MIN, MAX, -1, 0, 1, ±inf, NaN, ±0.0). Every graph is compiled once (a
 * Session caches it) and also run by the interpreter; both must match the reference, and each
 * other bit for bit.
 */
class ElementwisePropertyTest {
  private static final Map<String, Compiled> GRAPHS = new ConcurrentHashMap<>();

  /** A graph of placeholders x, y (and maybe more) with one output, compiled once. */
  record Compiled(Graph graph, Session session, Value out) {
    Object run(Map<String, ?> feeds) {
      Object compiled = session.run(feeds, out).get(0);
      backendsAgree(Interpreter.run(graph, feeds).get(0), compiled);
      return compiled;
    }
  }

  /** The interpreter's and the bytecode's results: the same bit for bit, -0.0 and NaNs included. */
  static void backendsAgree(Object interpreted, Object compiled) {
    BitExact.assertSameBits(interpreted, compiled, "interpreter vs bytecode");
  }

  /**
   * A float result against the exact reference: a NaN for a NaN (TF leaves a NaN's sign and
   * payload unspecified), otherwise the same bits, so a zero of the wrong sign fails.
   */
  static void matchesReference(double expected, double actual, String what) {
    boolean same = Double.isNaN(expected)
        ? Double.isNaN(actual)
        : Double.doubleToRawLongBits(expected) == Double.doubleToRawLongBits(actual);
    assertTrue(same, () -> what + ": expected " + expected + " (0x" + Long.toHexString(Double.doubleToRawLongBits(expected))
        + "), got " + actual + " (0x" + Long.toHexString(Double.doubleToRawLongBits(actual)) + ")");
  }

  static Compiled compiled(String key, java.util.function.Function<GraphBuilder, Value> build) {
    return GRAPHS.computeIfAbsent(key, k -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      Value out = build.apply(g);
      Graph graph = g.build(out);
      return new Compiled(graph, new Session(graph), out);
    });
  }

  /**
   * {@code op(x, y)} as the builder builds it: through {@code x.truediv(y)} for truediv (which
   * casts integers first), otherwise the generic elementwise lowering every {@code Value} method uses.
   */
  static Value apply(String op, Value x, Value y) {
    return op.equals("truediv") ? x.truediv(y) : ElementwiseLowering.binary(OpRegistry.lookup(op).orElseThrow(), x, y);
  }

  /** The registry's binary pointwise ops defined on {@code dtype}, minus those a test says it leaves out. */
  static List<String> binaryOpsOn(DType dtype, Set<String> leftOut) {
    return OpRegistry.ALL.stream()
        .filter(op -> op.fusion() instanceof Fusion.Pointwise && op.operandNames().size() == 2 && op.accepts(dtype))
        .map(OpDef::mnemonic)
        .filter(name -> !leftOut.contains(name))
        .toList();
  }

  // ---- integers ----

  /** The integer ops that fail on a zero divisor (kept away from zeros here; tested on their own). */
  private static final Set<String> DIVIDING = Set.of("div", "floordiv", "mod", "truncatediv", "truncatemod", "raw_div");

  /** Every binary op on integers in the registry: a new one fails here until intReference knows it. */
  @Provide
  Arbitrary<String> intOps() {
    return Arbitraries.of(binaryOpsOn(DType.INT64, Set.of()));
  }

  @Provide
  Arbitrary<DType> intTypes() {
    return Arbitraries.of(DType.INT8, DType.INT16, DType.INT32, DType.INT64);
  }

  @Property(tries = 400, seed = "20261130")
  void integerOps_matchBigIntegerArithmeticWrappedToTheWidth(
      @ForAll("intOps") String op, @ForAll("intTypes") DType dtype, @ForAll long seed) {
    net.jqwik.api.Assume.that(OpRegistry.lookup(op).orElseThrow().accepts(dtype)); // truncatemod: int32/int64 only, as TF
    Random random = new Random(seed);
    int bits = bits(dtype);
    int n = random.nextInt(12);
    long[] a = new long[n];
    long[] b = new long[n];
    for (int i = 0; i < n; i++) {
      a[i] = intValue(random, bits);
      b[i] = op.equals("pow") ? random.nextInt(70) : intValue(random, bits);
      if (b[i] == 0 && DIVIDING.contains(op)) {
        b[i] = 1;
      }
    }
    Compiled c = compiled(op + dtype, g -> apply(op, g.placeholder("x", Types.dense(dtype, -1)), g.placeholder("y", Types.dense(dtype, -1))));
    Tensor out = (Tensor) c.run(Map.of("x", intTensor(dtype, a), "y", intTensor(dtype, b)));
    for (int i = 0; i < n; i++) {
      Object expected = intReference(op, BigInteger.valueOf(a[i]), BigInteger.valueOf(b[i]), bits);
      Object actual = expected instanceof Boolean ? out.get(i) : BigInteger.valueOf(out.getLong(i));
      assertEquals(expected, actual, op + "(" + a[i] + ", " + b[i] + ") in " + dtype);
    }
  }

  @Property(tries = 100, seed = "20261130")
  void integerDivisionOrModuloByAnyZero_fails(@ForAll("intTypes") DType dtype, @ForAll long seed) {
    Random random = new Random(seed);
    int n = 1 + random.nextInt(8);
    long[] a = new long[n];
    long[] b = new long[n];
    for (int i = 0; i < n; i++) {
      a[i] = intValue(random, bits(dtype));
      b[i] = 1 + random.nextInt(5);
    }
    b[random.nextInt(n)] = 0;
    for (String op : List.of("div", "floordiv", "mod")) {
      Compiled c = compiled(op + dtype, g -> apply(op, g.placeholder("x", Types.dense(dtype, -1)), g.placeholder("y", Types.dense(dtype, -1))));
      Map<String, Object> feeds = Map.of("x", intTensor(dtype, a), "y", intTensor(dtype, b));
      InvalidArgumentException e = assertThrows(InvalidArgumentException.class, () -> c.session().run(feeds, c.out()));
      assertTrue(e.getMessage().endsWith("(" + op + ") at ElementwisePropertyTest.java:" + e.getMessage().replaceAll(".*java:(\\d+):.*", "$1")
          + ": Integer division by zero"), e.getMessage());
    }
  }

  private static Object intReference(String op, BigInteger a, BigInteger b, int bits) {
    return switch (op) {
      case "add" -> wrap(a.add(b), bits);
      case "sub" -> wrap(a.subtract(b), bits);
      case "mul" -> wrap(a.multiply(b), bits);
      case "div", "floordiv" -> {
        BigInteger[] qr = a.divideAndRemainder(b);
        boolean inexactNegative = qr[1].signum() != 0 && qr[1].signum() != b.signum();
        yield wrap(inexactNegative ? qr[0].subtract(BigInteger.ONE) : qr[0], bits);
      }
      case "mod" -> {
        BigInteger r = a.mod(b.abs());
        yield wrap(b.signum() < 0 && r.signum() != 0 ? r.add(b) : r, bits);
      }
      case "pow" -> wrap(a.pow(b.intValueExact()), bits);
      case "lt" -> a.compareTo(b) < 0;
      case "le" -> a.compareTo(b) <= 0;
      case "gt" -> a.compareTo(b) > 0;
      case "ge" -> a.compareTo(b) >= 0;
      case "eq" -> a.equals(b);
      case "ne" -> !a.equals(b);
      case "maximum" -> a.max(b);
      case "minimum" -> a.min(b);
      // BigInteger's divide and remainder truncate toward zero, as C's / and % do
      case "truncatediv", "raw_div" -> wrap(a.divide(b), bits);
      case "truncatemod" -> wrap(a.remainder(b), bits);
      case "squared_difference" -> wrap(wrap(a.subtract(b), bits).pow(2), bits);
      // two's complement: BigInteger's and/or/xor act on the infinite sign extension
      case "bitwise_and" -> a.and(b);
      case "bitwise_or" -> a.or(b);
      case "bitwise_xor" -> a.xor(b);
      // TF clamps the shift amount into [0, bits - 1]; shiftRight is arithmetic (floor)
      case "left_shift" -> wrap(a.shiftLeft(clampShift(b, bits)), bits);
      case "right_shift" -> a.shiftRight(clampShift(b, bits));
      default -> throw new AssertionError("no BigInteger reference for " + op + ": add one to intReference");
    };
  }

  private static int clampShift(BigInteger shift, int bits) {
    return shift.signum() < 0 ? 0 : shift.min(BigInteger.valueOf(bits - 1)).intValueExact();
  }

  /** v modulo 2^bits, as a signed two's complement number. */
  private static BigInteger wrap(BigInteger v, int bits) {
    BigInteger modulus = BigInteger.ONE.shiftLeft(bits);
    BigInteger r = v.mod(modulus);
    return r.testBit(bits - 1) ? r.subtract(modulus) : r;
  }

  private static long intValue(Random random, int bits) {
    long min = -(1L << (bits - 1));
    long max = bits == 64 ? Long.MAX_VALUE : (1L << (bits - 1)) - 1;
    return switch (random.nextInt(8)) {
      case 0 -> min;
      case 1 -> max;
      case 2 -> -1;
      case 3 -> random.nextInt(7) - 3;
      default -> bits == 64 ? random.nextLong() : min + (long) (random.nextDouble() * ((double) max - min + 1));
    };
  }

  private static int bits(DType dtype) {
    return dtype.bits();
  }

  private static Tensor intTensor(DType dtype, long[] values) {
    Object array = dtype.layout().newArray(values.length);
    for (int i = 0; i < values.length; i++) {
      dev.tatter.runtime.Scalars.store(dtype, array, i, values[i]); // wraps to the width
    }
    return Tensor.wrap(dtype, new int[] {values.length}, array);
  }

  @Property(tries = 200, seed = "20261130")
  void raggedOps_matchARowByRowReference(@ForAll long seed) {
    Random random = new Random(seed);
    int nrows = random.nextInt(6);
    long[] splits = new long[nrows + 1];
    for (int i = 1; i <= nrows; i++) {
      splits[i] = splits[i - 1] + (random.nextInt(3) == 0 ? 0 : random.nextInt(4)); // empty rows often
    }
    int nvals = (int) splits[nrows];
    int[] values = new int[nvals];
    int[] other = new int[nvals];
    for (int j = 0; j < nvals; j++) {
      values[j] = (int) intValue(random, 32);
      other[j] = (int) intValue(random, 32);
    }
    int[] column = new int[nrows];
    for (int i = 0; i < nrows; i++) {
      column[i] = (int) intValue(random, 32);
    }
    int scalar = (int) intValue(random, 32);
    RowPartition p = RowPartition.fromRowSplits(splits, DType.INT64, true);
    Map<String, Object> feeds = Map.of("rt", RaggedTensor.of(Tensor.ofInts(values), p), "rt2", RaggedTensor.of(Tensor.ofInts(other), p),
        "col", Tensor.of(DType.INT32, column, nrows, 1), "c", Tensor.scalar(DType.INT32, scalar));
    List<BiFunction<Integer, Integer, Object>> refs = List.of(
        (v, i) -> v + scalar, (v, i) -> scalar - v, (v, i) -> v * other[i], (v, i) -> v - column[rowOf(splits, i)],
        (v, i) -> column[rowOf(splits, i)] - v, (v, i) -> v < column[rowOf(splits, i)], (v, i) -> Math.abs(v) == v);
    for (int k = 0; k < refs.size(); k++) {
      int which = k;
      Compiled c = compiled("ragged" + k, g -> {
        Value rt = g.placeholder("rt", Types.ragged(DType.INT32, 1));
        Value rt2 = g.placeholder("rt2", Types.ragged(DType.INT32, 1));
        Value col = g.placeholder("col", Types.dense(DType.INT32, -1, 1));
        Value cst = g.placeholder("c", Types.dense(DType.INT32));
        return switch (which) {
          case 0 -> rt.add(cst);
          case 1 -> g.ops().math.subtract(cst, rt);
          case 2 -> rt.mul(rt2);
          case 3 -> rt.sub(col);
          case 4 -> col.sub(rt);
          case 5 -> rt.lt(col);
          default -> rt.abs().eq(rt);
        };
      });
      RaggedTensor out = (RaggedTensor) c.run(feeds);
      List<List<Object>> expected = new ArrayList<>();
      for (int row = 0; row < nrows; row++) {
        List<Object> r = new ArrayList<>();
        for (int j = (int) splits[row]; j < splits[row + 1]; j++) {
          r.add(refs.get(k).apply(values[j], j));
        }
        expected.add(r);
      }
      assertEquals(expected, out.toList(), "case " + k + " splits " + java.util.Arrays.toString(splits));
    }
  }

  @Property(tries = 300, seed = "20261130")
  void everyIntegerOp_onRaggedWithRaggedAndWithAColumn_matchesTheReference(@ForAll("intOps") String op, @ForAll long seed) {
    Random random = new Random(seed);
    int nrows = random.nextInt(5);
    long[] splits = new long[nrows + 1];
    for (int i = 1; i <= nrows; i++) {
      splits[i] = splits[i - 1] + (random.nextBoolean() ? 0 : random.nextInt(4));
    }
    int nvals = (int) splits[nrows];
    long[] a = new long[nvals];
    long[] b = new long[nvals];
    long[] column = new long[nrows];
    boolean divides = DIVIDING.contains(op);
    for (int j = 0; j < nvals; j++) {
      a[j] = intValue(random, 64);
      b[j] = op.equals("pow") ? random.nextInt(70) : intValue(random, 64);
      b[j] = divides && b[j] == 0 ? 7 : b[j];
    }
    for (int i = 0; i < nrows; i++) {
      column[i] = op.equals("pow") ? random.nextInt(70) : intValue(random, 64);
      column[i] = divides && column[i] == 0 ? -7 : column[i];
    }
    RowPartition p = RowPartition.fromRowSplits(splits, DType.INT64, true);
    RaggedTensor rt = RaggedTensor.of(Tensor.ofLongs(a), p);
    Compiled withRagged = compiled("rr" + op, g -> apply(op, g.placeholder("rt", Types.ragged(DType.INT64, 1)),
        g.placeholder("rt2", Types.ragged(DType.INT64, 1))));
    Compiled withColumn = compiled("rc" + op, g -> apply(op, g.placeholder("rt", Types.ragged(DType.INT64, 1)),
        g.placeholder("col", Types.dense(DType.INT64, -1, 1))));
    Tensor flat = (Tensor) ((RaggedTensor) withRagged.run(Map.of("rt", rt, "rt2", RaggedTensor.of(Tensor.ofLongs(b), p)))).values();
    Tensor flatColumn = (Tensor) ((RaggedTensor) withColumn.run(Map.of("rt", rt, "col", Tensor.of(DType.INT64, column, nrows, 1))))
        .values();
    for (int j = 0; j < nvals; j++) {
      BigInteger x = BigInteger.valueOf(a[j]);
      Object expected = intReference(op, x, BigInteger.valueOf(b[j]), 64);
      Object expectedColumn = intReference(op, x, BigInteger.valueOf(column[rowOf(splits, j)]), 64);
      assertEquals(expected, expected instanceof Boolean ? flat.get(j) : BigInteger.valueOf(flat.getLong(j)), op + " at " + j);
      assertEquals(expectedColumn, expectedColumn instanceof Boolean ? flatColumn.get(j) : BigInteger.valueOf(flatColumn.getLong(j)),
          op + " with the column at " + j);
    }
  }

  @Property(tries = 200, seed = "20261130")
  void absAndNeg_matchTheReferenceAtEveryWidth(@ForAll("intTypes") DType dtype, @ForAll long seed) {
    Random random = new Random(seed);
    int bits = bits(dtype);
    long[] a = new long[random.nextInt(10)];
    for (int i = 0; i < a.length; i++) {
      a[i] = intValue(random, bits);
    }
    Compiled abs = compiled("abs" + dtype, g -> g.placeholder("x", Types.dense(dtype, -1)).abs());
    Compiled neg = compiled("neg" + dtype, g -> g.placeholder("x", Types.dense(dtype, -1)).neg());
    Tensor absOut = (Tensor) abs.run(Map.of("x", intTensor(dtype, a)));
    Tensor negOut = (Tensor) neg.run(Map.of("x", intTensor(dtype, a)));
    for (int i = 0; i < a.length; i++) {
      BigInteger x = BigInteger.valueOf(a[i]);
      assertEquals(wrap(x.abs(), bits), BigInteger.valueOf(absOut.getLong(i)), "abs(" + a[i] + ")");
      assertEquals(wrap(x.negate(), bits), BigInteger.valueOf(negOut.getLong(i)), "neg(" + a[i] + ")");
    }
  }

  /**
   * The comparisons above can fail where {@code ==} could not: the backends' product with zeros
   * of both signs agrees, and the same result with one zero's sign flipped, as if one backend
   * had lost it, fails both the backends' comparison and the reference's.
   */
  @Test
  void aZeroWithItsSignFlippedInOneBackend_failsTheComparison() {
    Compiled c = compiled("mul" + DType.FLOAT32, g -> apply("mul", g.placeholder("x", Types.dense(DType.FLOAT32, -1)),
        g.placeholder("y", Types.dense(DType.FLOAT32, -1))));
    Map<String, Object> feeds = Map.of("x", Tensor.ofFloats(0f, -1f, 3f), "y", Tensor.ofFloats(5f, 0f, -0f));
    Tensor compiled = (Tensor) c.run(feeds);
    // tf.math.multiply([0., -1., 3.], [5., 0., -0.]) -> [0., -0., -0.]
    assertEquals("[0.0, -0.0, -0.0]", compiled.toString());
    Tensor interpreted = (Tensor) Interpreter.run(c.graph(), feeds).get(0);
    float[] values = (float[]) compiled.data();
    Tensor flipped = Tensor.ofFloats(values[0], -values[1], values[2]);
    assertTrue(interpreted.getDouble(1) == flipped.getDouble(1), "== takes 0.0 for -0.0");

    AssertionFailedError e = assertThrows(AssertionFailedError.class, () -> backendsAgree(interpreted, flipped));
    assertEquals("interpreter vs bytecode: float32 element 1 (index [1]): expected -0.0 (0x80000000), got 0.0 (0x00000000)",
        e.getMessage());
    assertThrows(AssertionFailedError.class, () -> matchesReference(-0.0, flipped.getDouble(1), "mul(-1.0, 0.0) in float32"));
    matchesReference(Double.NaN, Double.longBitsToDouble(0xfff8000000000001L), "any NaN for a NaN");
  }

  private static int rowOf(long[] splits, int valueIndex) {
    int row = 0;
    while (splits[row + 1] <= valueIndex) {
      row++;
    }
    return row;
  }

  // ---- dense broadcasting ----

  @Property(tries = 200, seed = "20261130")
  void denseBroadcasting_followsNumPysRule(@ForAll long seed) {
    Random random = new Random(seed);
    int rank = random.nextInt(4);
    int[] outShape = new int[rank];
    for (int i = 0; i < rank; i++) {
      outShape[i] = 1 + random.nextInt(3);
    }
    int[] aShape = operandShape(random, outShape);
    int[] bShape = operandShape(random, outShape);
    long[] a = randomLongs(random, aShape);
    long[] b = randomLongs(random, bShape);
    Compiled c = compiled("bcast" + aShape.length + "," + bShape.length, g -> {
      long[] unknownA = new long[aShape.length];
      long[] unknownB = new long[bShape.length];
      java.util.Arrays.fill(unknownA, -1);
      java.util.Arrays.fill(unknownB, -1);
      return g.placeholder("x", Types.dense(DType.INT64, unknownA)).sub(g.placeholder("y", Types.dense(DType.INT64, unknownB)));
    });
    Tensor out = (Tensor) c.run(Map.of("x", Tensor.of(DType.INT64, a, aShape), "y", Tensor.of(DType.INT64, b, bShape)));
    int[] expectedShape = broadcastReference(aShape, bShape);
    assertEquals(java.util.Arrays.toString(expectedShape), java.util.Arrays.toString(out.shape()));
    int count = out.size();
    int[] index = new int[expectedShape.length];
    for (int flat = 0; flat < count; flat++) {
      long expected = a[offset(index, aShape)] - b[offset(index, bShape)];
      assertEquals(expected, out.getLong(flat), "at " + java.util.Arrays.toString(index));
      for (int axis = index.length - 1; axis >= 0; axis--) {
        if (++index[axis] < expectedShape[axis]) {
          break;
        }
        index[axis] = 0;
      }
    }
  }

  /** A shape that broadcasts to {@code outShape}: some leading dims dropped, some dims 1. */
  private static int[] operandShape(Random random, int[] outShape) {
    int rank = outShape.length - random.nextInt(outShape.length + 1);
    int[] shape = new int[rank];
    for (int i = 0; i < rank; i++) {
      shape[i] = random.nextBoolean() ? 1 : outShape[outShape.length - rank + i];
    }
    return shape;
  }

  private static int[] broadcastReference(int[] a, int[] b) {
    int rank = Math.max(a.length, b.length);
    int[] out = new int[rank];
    for (int i = 1; i <= rank; i++) {
      int da = i <= a.length ? a[a.length - i] : 1;
      int db = i <= b.length ? b[b.length - i] : 1;
      out[rank - i] = Math.max(da, db);
    }
    return out;
  }

  /** The flat offset into an operand of {@code shape} for an index of the broadcast result. */
  private static int offset(int[] index, int[] shape) {
    int offset = 0;
    for (int i = 0; i < shape.length; i++) {
      int coordinate = shape[i] == 1 ? 0 : index[index.length - shape.length + i];
      offset = offset * shape[i] + coordinate;
    }
    return offset;
  }

  private static long[] randomLongs(Random random, int[] shape) {
    int n = 1;
    for (int d : shape) {
      n *= d;
    }
    long[] out = new long[n];
    for (int i = 0; i < n; i++) {
      out[i] = random.nextInt(1000);
    }
    return out;
  }
}
