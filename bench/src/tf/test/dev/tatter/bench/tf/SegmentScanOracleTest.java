package dev.tatter.bench.tf;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tatter.frontend.GraphBuilder;
import dev.tatter.frontend.Session;
import dev.tatter.frontend.Types;
import dev.tatter.frontend.Value;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.RowPartition;
import dev.tatter.runtime.Tensor;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.tensorflow.Operation;

/**
 * Segment reductions and cumulative sums against TF's {@code UnsortedSegmentSum/Prod/Max},
 * {@code SegmentSum/Max/Min/Prod/Mean} (16-bit floats too) and {@code Cumsum/Cumprod} kernels on random inputs (extreme values
 * included; empty segments; negative unsorted ids, which both drop). Cumsum along a ragged
 * axis is compared with TF's {@code Cumsum} of the zero-padded tensor ({@code tf.math.cumsum}'s
 * documented meaning) at the valid positions.
 */
class SegmentScanOracleTest {
  static final int CASES = 60;

  @ParameterizedTest(name = "{0} on {1}")
  @CsvSource({
    "UnsortedSegmentSum, INT32", "UnsortedSegmentSum, INT64", "UnsortedSegmentSum, FLOAT32", "UnsortedSegmentSum, FLOAT64",
    "UnsortedSegmentProd, INT32", "UnsortedSegmentMax, INT32", "UnsortedSegmentMax, INT64",
    "SegmentSum, INT32", "SegmentSum, FLOAT32", "SegmentSum, FLOAT64", "SegmentMax, INT64", "SegmentMin, FLOAT32",
    "SegmentProd, INT32", "SegmentProd, FLOAT64", "SegmentMean, FLOAT32", "SegmentMean, FLOAT64",
    "SegmentSum, FLOAT16", "SegmentMax, BFLOAT16", "SegmentMean, FLOAT16", "SegmentMean, BFLOAT16",
  })
  void segments_matchTf(String tfOp, DType dtype) {
    boolean sorted = tfOp.startsWith("Segment");
    for (int seed = 0; seed < CASES; seed++) {
      SplittableRandom r = new SplittableRandom(seed);
      int rows = r.nextInt(OracleInputs.maxSize(seed) * 3 + 1);
      int inner = r.nextInt(3);
      boolean half = dtype == DType.FLOAT16 || dtype == DType.BFLOAT16;
      Tensor halves = half ? NewDTypesOracleTest.halfVector(dtype, rows * Math.max(inner, 1), r) : null;
      Tensor data = half ? (inner == 0 ? halves : halves.reshape(rows, inner))
          : inner == 0 ? OracleInputs.vector(dtype, rows, r) : OracleInputs.tensor(dtype, new int[] {rows, inner}, r);
      int nseg = r.nextInt(5);
      long[] ids = segmentIds(rows, nseg, sorted, r);
      Tensor idTensor = Tensor.wrap(DType.INT64, new int[] {rows}, ids);
      // 16-bit floats go in and out as their bits (TfDTypes); the others as constants of their own dtype
      Tensor fetched = TfEval.run(tf -> {
        var b = tf.scope().opBuilder(tfOp, tfOp).addInput(TfDTypes.feed(tf, data))
            .addInput(TfEval.constant(tf, idTensor).asOutput());
        if (!sorted) {
          b.addInput(tf.constant((long) nseg).asOutput());
        }
        return List.of(TfDTypes.fetchable(tf, b.build().output(0), dtype));
      }).value(0);
      Tensor expected = TfDTypes.back(fetched, dtype);
      GraphBuilder g = new GraphBuilder();
      dev.tatter.frontend.Ops tt = g.ops();
      Value d = g.constant(data);
      Value i = g.constant(idTensor);
      Value n = g.scalar(DType.INT64, nseg);
      Value out = switch (tfOp) {
        case "UnsortedSegmentSum" -> tt.math.unsortedSegmentSum(d, i, n);
        case "UnsortedSegmentProd" -> tt.math.unsortedSegmentProd(d, i, n);
        case "UnsortedSegmentMax" -> tt.math.unsortedSegmentMax(d, i, n);
        case "SegmentSum" -> tt.math.segmentSum(d, i);
        case "SegmentMax" -> tt.math.segmentMax(d, i);
        case "SegmentMin" -> tt.math.segmentMin(d, i);
        case "SegmentProd" -> tt.math.segmentProd(d, i);
        case "SegmentMean" -> tt.math.segmentMean(d, i);
        default -> throw new IllegalArgumentException(tfOp);
      };
      Tensor actual = run(g, out, Map.of());
      OracleAssert.sameValues(expected, actual, tfOp + " of " + data + " by " + Arrays.toString(ids), data);
    }
  }

  /**
   * Random segment ids for {@code rows} rows: sorted ones step by 0 or 1 from 0 or 1 (so some
   * segments are empty); unsorted ones are in [-1, nseg), a negative id dropping its row.
   */
  static long[] segmentIds(int rows, int nseg, boolean sorted, SplittableRandom r) {
    long[] ids = new long[rows];
    for (int i = 0; i < rows; i++) {
      ids[i] = sorted ? (i == 0 ? r.nextInt(2) : ids[i - 1] + r.nextInt(2)) : r.nextInt(nseg + 2) - 1;
      if (!sorted && ids[i] >= nseg) {
        ids[i] = -1;
      }
    }
    return ids;
  }

  @ParameterizedTest(name = "{0} on {1}, exclusive {2}, reverse {3}")
  @CsvSource({
    "Cumsum, INT32, false, false", "Cumsum, INT64, true, false", "Cumsum, FLOAT32, false, true", "Cumsum, FLOAT64, true, true",
    "Cumsum, FLOAT32, true, false", "Cumprod, INT32, false, false", "Cumprod, FLOAT64, false, true",
  })
  void denseScan_matchesTf(String tfOp, DType dtype, boolean exclusive, boolean reverse) {
    for (int seed = 0; seed < CASES; seed++) {
      SplittableRandom r = new SplittableRandom(seed);
      int[] shape = {r.nextInt(OracleInputs.maxSize(seed) + 1), r.nextInt(OracleInputs.maxSize(seed) + 2)};
      Tensor x = OracleInputs.tensor(dtype, shape, r);
      int axis = r.nextInt(2);
      Tensor expected = tfScan(tfOp, x, axis, exclusive, reverse);
      GraphBuilder g = new GraphBuilder();
      dev.tatter.frontend.Ops tt = g.ops();
      Value v = g.constant(x);
      Value out = tfOp.equals("Cumsum") ? tt.math.cumsum(v, axis, exclusive, reverse) : tt.math.cumprod(v, axis, exclusive, reverse);
      OracleAssert.sameValues(expected, run(g, out, Map.of()), tfOp + " axis " + axis + " of " + x, i -> excusedFloat(x));
    }
  }

  @ParameterizedTest(name = "{0} on {1}, exclusive {2}, reverse {3}")
  @CsvSource({
    "Cumsum, UINT8, false, false", "Cumsum, UINT16, true, false", "Cumsum, UINT32, false, true", "Cumsum, UINT64, true, true",
    "Cumsum, FLOAT16, false, false", "Cumsum, BFLOAT16, true, true",
    "Cumprod, UINT8, false, false", "Cumprod, UINT64, false, true", "Cumprod, FLOAT16, true, false", "Cumprod, BFLOAT16, false, false",
  })
  void denseScan_onUnsignedNarrowAndHalfDtypes_matchesTf(String tfOp, DType dtype, boolean exclusive, boolean reverse) {
    for (int seed = 0; seed < CASES; seed++) {
      SplittableRandom r = new SplittableRandom(seed);
      Tensor x = NewDTypesOracleTest.vectorOf(dtype, r.nextInt(OracleInputs.maxSize(seed) * 2 + 1), r);
      NewDTypesOracleTest.compare(tfOp + " " + dtype, List.of(x),
          ins -> tfOp.equals("Cumsum") ? ins.get(0).graph().ops().math.cumsum(ins.get(0), 0, exclusive, reverse) : ins.get(0).graph().ops().math.cumprod(ins.get(0), 0, exclusive, reverse),
          (tf, ins) -> tf.scope().opBuilder(tfOp, tfOp).addInput(ins.get(0)).addInput(tf.constant(0).asOutput())
              .setAttr("exclusive", exclusive).setAttr("reverse", reverse).build().output(0));
    }
  }

  @ParameterizedTest(name = "Cumsum along the ragged axis, {0}, exclusive {1}, reverse {2}")
  @CsvSource({"INT32, false, false", "INT64, true, true", "FLOAT32, false, false", "FLOAT32, true, true", "FLOAT64, false, true"})
  void raggedScan_matchesTfOnThePaddedTensor(DType dtype, boolean exclusive, boolean reverse) {
    for (int seed = 0; seed < CASES; seed++) {
      RaggedTensor rt = OracleInputs.ragged(dtype, 1, new int[0], seed);
      RowPartition p = rt.partition();
      int width = 0;
      for (int row = 0; row < p.nrows(); row++) {
        width = Math.max(width, p.rowLength(row));
      }
      Tensor padded = pad(rt, width);
      Tensor tf = tfScan("Cumsum", padded, 1, exclusive, reverse);
      GraphBuilder g = new GraphBuilder();
      dev.tatter.frontend.Ops tt = g.ops();
      Value in = g.placeholder("rt", Types.parse("ragged<" + dtype + ">[None, (None)]"));
      Tensor actual = ((RaggedTensor) runRagged(g, tt.math.cumsum(in, 1, exclusive, reverse), Map.of("rt", rt))).flatValues();
      Tensor expected = unpad(tf, p, width);
      OracleAssert.sameValues(expected, actual, "cumsum of " + rt, i -> excusedFloat(rt.flatValues()));
    }
  }

  @ParameterizedTest(name = "Cumsum along the outer axis of a ragged tensor, {0}, exclusive {1}, reverse {2}")
  @CsvSource({"INT32, false, false", "INT64, true, true", "FLOAT32, false, true", "FLOAT64, true, false"})
  void outerAxisScan_isTfsCumsumOfThePaddedTensorCutBack(DType dtype, boolean exclusive, boolean reverse) {
    for (int seed = 0; seed < CASES; seed++) {
      RaggedTensor rt = OracleInputs.ragged(dtype, 1, new int[0], seed);
      RowPartition p = rt.partition();
      int width = 0;
      for (int row = 0; row < p.nrows(); row++) {
        width = Math.max(width, p.rowLength(row));
      }
      // tf.math.cumsum(rt, axis=0) is ragged_cumsum's Cumsum of rt.to_tensor() along axis 0, cut to rt's row lengths
      Tensor tf = tfScan("Cumsum", pad(rt, width), 0, exclusive, reverse);
      GraphBuilder g = new GraphBuilder();
      dev.tatter.frontend.Ops tt = g.ops();
      Value in = g.placeholder("rt", Types.parse("ragged<" + dtype + ">[None, (None)]"));
      Tensor actual = ((RaggedTensor) runRagged(g, tt.math.cumsum(in, 0, exclusive, reverse), Map.of("rt", rt))).flatValues();
      OracleAssert.sameValues(unpad(tf, p, width), actual, "cumsum axis 0 of " + rt, i -> excusedFloat(rt.flatValues()));
    }
  }

  /** TF flushes subnormal partial sums; an input with a subnormal or an infinity next to a NaN is left to the element tests. */
  private static boolean excusedFloat(Tensor x) {
    if (!x.dtype().isFloating()) {
      return false;
    }
    for (int i = 0; i < x.size(); i++) {
      double v = x.getDouble(i);
      if (OracleAssert.subnormal(v, x.dtype()) || (v != 0 && Math.abs(v) < 1e-30)) {
        return true;
      }
    }
    return false;
  }

  private static Tensor tfScan(String op, Tensor x, int axis, boolean exclusive, boolean reverse) {
    return TfEval.run(tf -> {
      Operation o = tf.scope().opBuilder(op, op).addInput(TfEval.constant(tf, x).asOutput())
          .addInput(tf.constant(axis).asOutput()).setAttr("exclusive", exclusive).setAttr("reverse", reverse).build();
      return List.of(o.output(0));
    }).value(0);
  }

  private static Tensor pad(RaggedTensor rt, int width) {
    RowPartition p = rt.partition();
    Tensor flat = rt.flatValues();
    Object data = java.lang.reflect.Array.newInstance(flat.data().getClass().getComponentType(), p.nrows() * width);
    for (int row = 0; row < p.nrows(); row++) {
      System.arraycopy(flat.data(), p.rowStart(row), data, row * width, p.rowLength(row));
    }
    return Tensor.wrap(flat.dtype(), new int[] {p.nrows(), width}, data);
  }

  private static Tensor unpad(Tensor padded, RowPartition p, int width) {
    Object data = java.lang.reflect.Array.newInstance(padded.data().getClass().getComponentType(), p.nvals());
    for (int row = 0; row < p.nrows(); row++) {
      System.arraycopy(padded.data(), row * width, data, p.rowStart(row), p.rowLength(row));
    }
    return Tensor.wrap(padded.dtype(), new int[] {p.nvals()}, data);
  }

  private static Tensor run(GraphBuilder g, Value out, Map<String, Object> feeds) {
    return (Tensor) runRagged(g, out, feeds);
  }

  /** Compiled and interpreted must agree bit for bit; the compiled result is compared with TF. */
  private static Object runRagged(GraphBuilder g, Value out, Map<String, Object> feeds) {
    Object compiled = new Session(g.build()).run(feeds, out).get(0);
    Object interpreted = new Session(g.build(), "", Session.Backend.INTERPRETED).run(feeds, out).get(0);
    assertEquals(interpreted, compiled, "compiled vs interpreted");
    return compiled;
  }

}
