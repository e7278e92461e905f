package dev.tatter.frontend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.codegen.testing.BitExact;
import dev.tatter.codegen.BytecodeCompiler;
import dev.tatter.codegen.Interpreter;
import dev.tatter.ir.Graph;
import dev.tatter.ir.text.GraphPrinter;
import dev.tatter.optimizer.PassManager;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.Tensor;
import java.util.List;
import java.util.Map;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

/**
 * Chains of casts between every numeric dtype and bool, mixed with arithmetic, over extreme
 * values (NaN, infinities, -0.0, each integer type's limits, floats beyond every integer range,
 * halves), over the signed and unsigned integers: the fused loop's casts (the {@code
 * ScalarFunctions.to<Dtype>} overloads, narrow dtypes narrowed on store) equal {@code CastKernels} bit for bit. Tensor equality compares float bits.
 */
class FusedCastPropertyTest {
  private static final DType[] DTYPES = {DType.BOOL, DType.INT8, DType.INT16, DType.INT32, DType.INT64, DType.FLOAT32, DType.FLOAT64,
      DType.UINT8, DType.UINT16, DType.UINT32, DType.UINT64, DType.FLOAT16, DType.BFLOAT16};
  private static final double[] EXTREMES = {0.0, -0.0, 0.5, -0.5, 1.5, -1.5, 127.5, 128, -129, 255, 256, 32767, 32768,
      -32769, 65536, Integer.MAX_VALUE, Integer.MIN_VALUE, 2147483648.0, -2147483649.0, 9.2233720368547758E18,
      -9.3e18, Long.MAX_VALUE, Long.MIN_VALUE, 1e20, -1e20, 3.4e38, 1e300, -1e300, Double.MIN_VALUE, Float.MIN_VALUE,
      Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, 16777217, 9007199254740993.0};

  record Case(Graph graph, Map<String, Tensor> feeds) {}

  static Case randomCase(long seed) {
    Random random = new Random(seed);
    DType from = DTYPES[random.nextInt(DTYPES.length)];
    GraphBuilder g = new GraphBuilder();
    Value v = g.placeholder("x", Types.dense(from, -1));
    int steps = 1 + random.nextInt(5);
    for (int s = 0; s < steps; s++) {
      v = v.cast(DTYPES[random.nextInt(DTYPES.length)]);
      DType now = v.type().dtype();
      if (now != DType.BOOL && random.nextBoolean()) {
        v = random.nextBoolean() ? v.add(v) : v.mul(v);
      }
    }
    return new Case(g.build(v), Map.of("x", extremes(from, random)));
  }

  /** Every extreme value converted to {@code dtype} as Java would store it, and some random ones. */
  static Tensor extremes(DType dtype, Random random) {
    int n = EXTREMES.length + 20;
    double[] d = new double[n];
    for (int i = 0; i < n; i++) {
      d[i] = i < EXTREMES.length ? EXTREMES[i] : random.nextGaussian() * Math.pow(10, random.nextInt(25));
    }
    Object data = switch (dtype) {
      case BOOL -> {
        boolean[] b = new boolean[n];
        for (int i = 0; i < n; i++) {
          b[i] = d[i] > 0;
        }
        yield b;
      }
      case INT8, UINT8 -> { // an unsigned dtype gets the same raw bits
        byte[] b = new byte[n];
        for (int i = 0; i < n; i++) {
          b[i] = (byte) (long) d[i];
        }
        yield b;
      }
      case INT16, UINT16 -> { // an unsigned dtype gets the same raw bits
        short[] b = new short[n];
        for (int i = 0; i < n; i++) {
          b[i] = (short) (long) d[i];
        }
        yield b;
      }
      case INT32, UINT32 -> { // an unsigned dtype gets the same raw bits
        int[] b = new int[n];
        for (int i = 0; i < n; i++) {
          b[i] = (int) (long) d[i];
        }
        yield b;
      }
      case INT64, UINT64 -> { // an unsigned dtype gets the same raw bits
        long[] b = new long[n];
        for (int i = 0; i < n; i++) {
          b[i] = (long) d[i];
        }
        yield b;
      }
      case FLOAT32 -> {
        float[] b = new float[n];
        for (int i = 0; i < n; i++) {
          b[i] = (float) d[i];
        }
        yield b;
      }
      case FLOAT64 -> d;
      case FLOAT16, BFLOAT16 -> { // the double rounded once to the 16-bit format
        short[] b = new short[n];
        for (int i = 0; i < n; i++) {
          b[i] = dtype == DType.FLOAT16 ? dev.tatter.runtime.HalfFloats.doubleToFloat16(d[i])
              : dev.tatter.runtime.HalfFloats.doubleToBfloat16(d[i]);
        }
        yield b;
      }
      case STRING, COMPLEX64, COMPLEX128 -> throw new AssertionError(); // fused casts are of primitive dtypes
    };
    return Tensor.of(dtype, data, n);
  }

  @Property(tries = 300, seed = "20261130")
  void randomCastChains_fusedBytecodeEqualsCastKernelsBitForBit(@ForAll long seed) {
    Case c = randomCase(seed);
    List<Object> oracle = Interpreter.run(c.graph(), c.feeds());
    Graph optimized = PassManager.parse(PassManager.DEFAULT_PIPELINE).run(c.graph());
    BitExact.assertSameBits(oracle, BytecodeCompiler.compile(optimized).run(c.feeds()),
        "seed " + seed + "\n" + GraphPrinter.print(optimized));
    Harness.runEverywhere(c.graph(), c.feeds());
  }

  @Test
  void randomCases_fuseCasts() {
    long fused = java.util.stream.LongStream.range(0, 100)
        .filter(seed -> GraphPrinter.print(PassManager.parse(PassManager.DEFAULT_PIPELINE).run(randomCase(seed).graph()))
            .matches("(?s).*fused\\([^\\n]*cast\\{dtype = .*"))
        .count();
    assertTrue(fused >= 30, fused + " of 100 random cast chains fused a cast");
  }

  @Test
  void floatToInt8_truncatesSaturatesAndWraps_inTheFusedLoop() {
    // tf.cast(tf.constant([300.7, 1e20, nan, -2.9], tf.float64), tf.int8) on x86 (TF 2.18, measured by the -Ptf
    // oracle): to int32 (1e20 and NaN -> INT_MIN), saturated to int8: 127, -128, -128, -2;
    // then doubled in int8 (wrapping): -2, 0, 0, -4
    GraphBuilder g = new GraphBuilder();
    Value x = g.placeholder("x", Types.dense(DType.FLOAT64, -1));
    Value out = x.cast(DType.INT8).add(x.cast(DType.INT8));
    Graph graph = g.build(out);
    String ir = GraphPrinter.print(PassManager.parse(PassManager.DEFAULT_PIPELINE).run(graph));
    assertTrue(ir.contains("cast{dtype = int8}($0); add(#0, #0)"), ir);
    List<Object> result = Harness.runEverywhere(graph, Map.of("x", Tensor.of(DType.FLOAT64, new double[] {300.7, 1e20, Double.NaN, -2.9}, 4)));
    assertEquals("[-2, 0, 0, -4]", result.get(0).toString());
  }
}
