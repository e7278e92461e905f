package dev.tatter.bench.tf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.frontend.GraphBuilder;
import dev.tatter.frontend.Session;
import dev.tatter.frontend.Value;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.Scalars;
import dev.tatter.runtime.Tensor;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.tensorflow.Operand;
import org.tensorflow.Output;
import org.tensorflow.op.Ops;
import org.tensorflow.proto.DataType;

/**
 * The edges where Tatter once refused what TF's kernels take, or gave another value: each test
 * runs the TF kernel (through {@link TfDTypes} for the dtypes TF Java cannot feed) and Tatter on the
 * same inputs, Tatter through a {@link Session} (the default pipeline and compiled code).
 */
class KernelEdgesOracleTest {
  static final int CASES = 40;

  /** Tatter's value of the graph's one output {@code out} (the session runs the default pipeline). */
  static Tensor tatter(GraphBuilder g, Value out) {
    try (Session s = new Session(g.build(out))) {
      return s.run(Map.of(), out).tensor(0);
    }
  }

  /** TF's value of {@code build}'s output, fetched as {@code dtype}. */
  static Tensor tf(DType dtype, Function<Ops, Output<?>> build) {
    TfEval.Outcome o = TfEval.run(tf -> List.<Operand<?>>of(TfDTypes.fetchable(tf, build.apply(tf), dtype)));
    return TfDTypes.back(o.value(0), dtype);
  }

  static Output<?> op(Ops tf, String name, Output<?>... inputs) {
    var b = tf.scope().opBuilder(name, name);
    for (Output<?> in : inputs) {
      b.addInput(in);
    }
    return b.build().output(0);
  }

  @Test
  void uint64ConstantsPast2To63_inAddAndMul_matchTf() {
    SplittableRandom r = new SplittableRandom(1);
    for (int c = 0; c < CASES; c++) {
      Tensor x = NewDTypesOracleTest.unsignedVector(DType.UINT64, 1 + r.nextInt(8), r);
      Tensor k = Tensor.ofUint64(Long.MIN_VALUE + r.nextInt(3)); // 2^63, 2^63 + 1, 2^63 + 2
      for (String tfOp : List.of("AddV2", "Mul")) {
        GraphBuilder g = new GraphBuilder();
        Value a = g.constant(x);
        Value b = g.constant(k);
        Value out = tfOp.equals("AddV2") ? a.add(b) : b.mul(a);
        // tf.raw_ops.AddV2(x, k) / tf.raw_ops.Mul(k, x) on uint64: C++'s wrapping unsigned arithmetic
        Tensor expected = tf(DType.UINT64, tf -> tfOp.equals("AddV2")
            ? op(tf, tfOp, TfDTypes.feed(tf, x), TfDTypes.feed(tf, k)) : op(tf, tfOp, TfDTypes.feed(tf, k), TfDTypes.feed(tf, x)));
        OracleAssert.sameValues(expected, tatter(g, out), tfOp + " " + x + " " + k);
      }
    }
  }

  @Test
  void segmentMeanOfIntegers_isTfsKernelSortedAndTfsPythonUnsorted() {
    for (DType dtype : new DType[] {DType.INT8, DType.INT16, DType.INT32, DType.INT64, DType.UINT8, DType.UINT16,
        DType.UINT32, DType.UINT64}) {
      SplittableRandom r = new SplittableRandom(dtype.ordinal());
      for (int c = 0; c < CASES; c++) {
        int n = c < 3 ? 129 + r.nextInt(200) : 1 + r.nextInt(12);
        Tensor data = dtype.isUnsigned() ? NewDTypesOracleTest.unsignedVector(dtype, n, r) : signedVector(dtype, n, r);
        int[] ids = new int[n];
        for (int i = 1; i < n; i++) { // the first cases one segment, whose count wraps in 8-bit dtypes
          ids[i] = ids[i - 1] + (c >= 3 && r.nextInt(4) == 0 ? r.nextInt(3) : 0);
        }
        Tensor segmentIds = Tensor.ofInts(ids);
        if (dtype.bits() <= 16 && hasSegmentOfZeroCount(ids, dtype)) {
          continue; // TF divides by zero there (Tatter refuses: docs/ERRORS.md R242)
        }
        GraphBuilder g = new GraphBuilder();
        // tf.math.segment_mean(data, ids): TF's SegmentMean kernel
        Tensor sorted = tf(dtype, tf -> op(tf, "SegmentMean", TfDTypes.feed(tf, data), TfEval.constant(tf, segmentIds).asOutput()));
        OracleAssert.sameValues(sorted, tatter(g, g.ops().math.segmentMean(g.constant(data), g.constant(segmentIds))),
            "segment_mean " + dtype + " " + data + " " + segmentIds);
        // tf.math.unsorted_segment_mean(data, ids, k): TF's Python, unsorted_segment_sum(data) / maximum(N, 1) with N the
        // unsorted_segment_sum of ones in data's dtype and `/` true division (both cast to float32 or float64)
        int k = ids[n - 1] + 1 + r.nextInt(2);
        DType to = dtype.trueDivDType();
        Tensor unsorted = tf(to, tf -> {
          Output<?> d = TfDTypes.feed(tf, data);
          Output<?> i = TfEval.constant(tf, segmentIds).asOutput();
          Output<?> num = tf.constant(k).asOutput();
          Output<?> summed = op(tf, "UnsortedSegmentSum", d, i, num);
          // array_ops.ones(shape, data.dtype), a constant (TF's OnesLike kernel gives 0 on uint32 and uint64)
          Output<?> count = op(tf, "UnsortedSegmentSum", TfDTypes.feed(tf, ones(dtype, n)), i, num);
          Output<?> nonzero = op(tf, "Maximum", count, TfDTypes.feed(tf, ones(dtype, 1).reshape()));
          return op(tf, "RealDiv", TfDTypes.cast(tf, summed, TfDTypes.tfType(to)), TfDTypes.cast(tf, nonzero, TfDTypes.tfType(to)));
        });
        GraphBuilder g2 = new GraphBuilder();
        OracleAssert.sameValues(unsorted, tatter(g2, g2.ops().math.unsortedSegmentMean(g2.constant(data), g2.constant(segmentIds),
            g2.scalar(DType.INT32, k))), "unsorted_segment_mean " + dtype + " " + data + " " + segmentIds);
      }
    }
  }

  @Test
  void bitcastToAndFromComplex_matchesTf() {
    SplittableRandom r = new SplittableRandom(3);
    for (int c = 0; c < CASES; c++) {
      int n = 1 + r.nextInt(6);
      for (DType complex : ComplexOracleTest.COMPLEX) {
        boolean single = complex == DType.COMPLEX64;
        DataType part = single ? DataType.DT_FLOAT : DataType.DT_DOUBLE;
        // integer bits into complex: tf.bitcast(tf.constant(bits, tf.int32 / tf.int64), complex) then tf.math.real / imag
        long[] longs = new long[2 * n];
        int[] ints = new int[2 * n];
        for (int i = 0; i < 2 * n; i++) {
          double v = ComplexOracleTest.part(r);
          longs[i] = Double.doubleToRawLongBits(v);
          ints[i] = Float.floatToRawIntBits((float) v);
        }
        Tensor bits = single ? Tensor.of(DType.INT32, ints, n, 2) : Tensor.of(DType.INT64, longs, n, 2);
        GraphBuilder g = new GraphBuilder();
        Tensor got = tatter(g, g.ops().bitcast(g.constant(bits), complex));
        TfEval.Outcome tf = TfEval.run(ops -> {
          Output<?> z = TfDTypes.bitcast(ops, TfEval.constant(ops, bits).asOutput(), TfDTypes.tfType(complex));
          return List.of(ops.scope().opBuilder("Real", "Real").addInput(z).setAttr("Tout", part).build().output(0),
              ops.scope().opBuilder("Imag", "Imag").addInput(z).setAttr("Tout", part).build().output(0));
        });
        for (int i = 0; i < n; i++) {
          assertEquals(rawBits(tf.value(0).getDouble(i), single), rawBits(got.real(i), single), "real " + i + " of " + bits);
          assertEquals(rawBits(tf.value(1).getDouble(i), single), rawBits(got.imag(i), single), "imag " + i + " of " + bits);
        }
        // complex into integer bits: tf.bitcast(tf.complex(re, im), tf.int64), and into its part type
        double[] parts = ComplexOracleTest.parts(n, r, false);
        Tensor z = ComplexOracleTest.complexTensor(complex, parts);
        for (DataType to : List.of(DataType.DT_INT64, single ? DataType.DT_INT32 : DataType.DT_INT64)) {
          DType toDType = to == DataType.DT_INT64 ? DType.INT64 : DType.INT32;
          GraphBuilder g2 = new GraphBuilder();
          Tensor asBits = tatter(g2, g2.ops().bitcast(g2.constant(z), toDType));
          TfEval.Outcome tfBits = TfEval.run(ops -> List.of(TfDTypes.bitcast(ops, ComplexOracleTest.tfComplex(ops, complex, parts), to)));
          assertEquals(tfBits.value(0), asBits, complex + " -> " + toDType + " of " + z);
        }
      }
    }
  }

  /** Every bit pattern of float16 and bfloat16 through Softplus: TF's functor in the 16-bit arithmetic. */
  @Test
  void softplusOn16BitFloats_everyValue_matchesTf() {
    for (DType dtype : NewDTypesOracleTest.HALVES) {
      short[] all = new short[1 << 16];
      for (int i = 0; i < all.length; i++) {
        all[i] = (short) i;
      }
      Tensor x = Tensor.wrap(dtype, new int[] {all.length}, all);
      GraphBuilder g = new GraphBuilder();
      Value in = g.placeholder("x", dev.tatter.frontend.Types.dense(dtype, -1));
      Value out = g.ops().math.softplus(in);
      Tensor got;
      try (Session s = new Session(g.build(out))) {
        got = s.run(Map.of("x", x), out).tensor(0);
      }
      // tf.math.softplus(x) on each dtype
      Tensor expected = tf(dtype, tf -> op(tf, "Softplus", TfDTypes.feed(tf, x)));
      OracleAssert.sameValues(expected, got, "softplus " + dtype, x);
    }
  }

  /** Real and imaginary parts of a complex TF output, as TF's Real and Imag give them. */
  static List<Operand<?>> complexParts(Ops tf, Output<?> z, DType dtype) {
    DataType part = dtype == DType.COMPLEX64 ? DataType.DT_FLOAT : DataType.DT_DOUBLE;
    return List.of(tf.scope().opBuilder("Real", "Real").addInput(z).setAttr("Tout", part).build().output(0),
        tf.scope().opBuilder("Imag", "Imag").addInput(z).setAttr("Tout", part).build().output(0));
  }

  static void sameParts(TfEval.Outcome tf, int first, Tensor got, String what) {
    boolean single = got.dtype() == DType.COMPLEX64;
    for (int i = 0; i < got.size(); i++) {
      assertEquals(rawBits(tf.value(first).getDouble(i), single), rawBits(got.real(i), single), what + " real " + i);
      assertEquals(rawBits(tf.value(first + 1).getDouble(i), single), rawBits(got.imag(i), single), what + " imag " + i);
    }
  }

  @Test
  void sparseAddOfComplex_matchesSparseAddAndSparseTensorDenseAdd() {
    SplittableRandom r = new SplittableRandom(9);
    for (int c = 0; c < CASES; c++) {
      for (DType dtype : ComplexOracleTest.COMPLEX) {
        int rows = 1 + r.nextInt(4), cols = 1 + r.nextInt(4);
        dev.tatter.runtime.SparseTensor a = complexSparse(dtype, rows, cols, r);
        dev.tatter.runtime.SparseTensor b = complexSparse(dtype, rows, cols, r);
        double threshold = r.nextInt(3) == 0 ? 0 : r.nextDouble() * 4;
        double[] denseParts = ComplexOracleTest.parts(rows * cols, r, true);
        Tensor dense = ComplexOracleTest.complexTensor(dtype, denseParts).reshape(rows, cols);
        GraphBuilder g = new GraphBuilder();
        dev.tatter.runtime.SparseTensor sum = runSparse(g, g.ops().sparse.add(g.sparseFromValue(a), g.sparseFromValue(b), threshold));
        GraphBuilder g2 = new GraphBuilder();
        Tensor denseSum = tatter(g2, g2.ops().sparse.add(g2.sparseFromValue(a), g2.constant(dense)));
        // tf.raw_ops.SparseAdd(a, b, thresh) and tf.raw_ops.SparseTensorDenseAdd(a, dense)
        TfEval.Outcome tf = TfEval.run(ops -> {
          var add = ops.scope().opBuilder("SparseAdd", "SparseAdd")
              .addInput(TfEval.constant(ops, a.indices()).asOutput()).addInput(ComplexOracleTest.tfComplex(ops, dtype, parts(a.values())))
              .addInput(TfEval.constant(ops, a.denseShape()).asOutput())
              .addInput(TfEval.constant(ops, b.indices()).asOutput()).addInput(ComplexOracleTest.tfComplex(ops, dtype, parts(b.values())))
              .addInput(TfEval.constant(ops, b.denseShape()).asOutput())
              .addInput(dtype == DType.COMPLEX64 ? ops.constant((float) threshold).asOutput() : ops.constant(threshold).asOutput())
              .build();
          Output<?> denseAdd = ops.scope().opBuilder("SparseTensorDenseAdd", "SparseTensorDenseAdd")
              .addInput(TfEval.constant(ops, a.indices()).asOutput()).addInput(ComplexOracleTest.tfComplex(ops, dtype, parts(a.values())))
              .addInput(TfEval.constant(ops, a.denseShape()).asOutput())
              .addInput(ops.reshape((Operand) ComplexOracleTest.tfComplex(ops, dtype, denseParts), ops.constant(new int[] {rows, cols}))
                  .asOutput()).build().output(0);
          List<Operand<?>> out = new java.util.ArrayList<>();
          out.add(add.output(0));
          out.addAll(complexParts(ops, add.output(1), dtype));
          out.addAll(complexParts(ops, ops.reshape((Operand) denseAdd, ops.constant(new int[] {-1})).asOutput(), dtype));
          return out;
        });
        String what = "sparse_add " + dtype + " " + a + " + " + b + " threshold " + threshold;
        assertEquals(tf.value(0), sum.indices(), what);
        sameParts(tf, 1, sum.values(), what);
        sameParts(tf, 3, denseSum.reshape(rows * cols), "sparse_dense_add " + dtype);
      }
    }
  }

  static dev.tatter.runtime.SparseTensor runSparse(GraphBuilder g, Value out) {
    try (Session s = new Session(g.build(out))) {
      return s.run(Map.of(), out).sparse(0);
    }
  }

  private static dev.tatter.runtime.SparseTensor complexSparse(DType dtype, int rows, int cols, SplittableRandom r) {
    dev.tatter.runtime.SparseTensor pattern = SparseOracleTest.randomSparse(DType.INT32, rows, cols, false, r);
    int nnz = pattern.nnz();
    // small integer parts, so sums cancel to 0j and straddle the threshold
    double[] p = new double[2 * nnz];
    for (int k = 0; k < p.length; k++) {
      p[k] = r.nextInt(-3, 4);
    }
    return dev.tatter.runtime.SparseTensor.of(pattern.indices(), ComplexOracleTest.complexTensor(dtype, p), pattern.denseShape());
  }

  private static double[] parts(Tensor complex) {
    double[] p = new double[2 * complex.size()];
    for (int i = 0; i < complex.size(); i++) {
      p[2 * i] = complex.real(i);
      p[2 * i + 1] = complex.imag(i);
    }
    return p;
  }

  @Test
  void sparseSegmentReductions_on16BitFloatsAndUnsigned_matchTf() {
    DType[] sums = {DType.FLOAT16, DType.BFLOAT16, DType.UINT8, DType.UINT16, DType.UINT32, DType.UINT64};
    for (DType dtype : sums) {
      SplittableRandom r = new SplittableRandom(dtype.ordinal() * 7L);
      for (int c = 0; c < CASES; c++) {
        int rows = 1 + r.nextInt(30);
        Tensor data = NewDTypesOracleTest.vectorOf(dtype, rows, r);
        int n = r.nextInt(25);
        int[] indices = new int[n];
        int[] ids = new int[n];
        for (int i = 0; i < n; i++) {
          indices[i] = r.nextInt(rows);
          ids[i] = i == 0 ? r.nextInt(2) : ids[i - 1] + (r.nextInt(5) == 0 ? 1 : 0);
        }
        List<String> ops = dtype.isFloating() ? List.of("SparseSegmentSum", "SparseSegmentMean", "SparseSegmentSqrtN")
            : List.of("SparseSegmentSum");
        for (String tfOp : ops) {
          GraphBuilder g = new GraphBuilder();
          Value d = g.constant(data), i = g.constant(Tensor.ofInts(indices)), s = g.constant(Tensor.ofInts(ids));
          Value out = switch (tfOp) {
            case "SparseSegmentSum" -> g.ops().sparse.segmentSum(d, i, s);
            case "SparseSegmentMean" -> g.ops().sparse.segmentMean(d, i, s);
            default -> g.ops().sparse.segmentSqrtN(d, i, s);
          };
          // tf.raw_ops.SparseSegmentSum/Mean/SqrtN(data, indices, segment_ids)
          Tensor expected = tf(dtype, tf -> op(tf, tfOp, TfDTypes.feed(tf, data), tf.constant(indices).asOutput(),
              tf.constant(ids).asOutput()));
          OracleAssert.sameValues(expected, tatter(g, out), tfOp + " " + dtype + " " + data + " " + java.util.Arrays.toString(indices)
              + " " + java.util.Arrays.toString(ids), data);
        }
      }
    }
  }

  @Test
  void asStringOfComplex_matchesTf() {
    SplittableRandom r = new SplittableRandom(11);
    for (int c = 0; c < CASES; c++) {
      for (DType dtype : ComplexOracleTest.COMPLEX) {
        double[] p = ComplexOracleTest.parts(1 + r.nextInt(4), r, false);
        Tensor z = ComplexOracleTest.complexTensor(dtype, p);
        long precision = r.nextBoolean() ? -1 : r.nextInt(8);
        int notation = r.nextInt(3);
        long width = r.nextBoolean() ? -1 : r.nextInt(15);
        String fill = List.of("", " ", "0", "-", "+").get(r.nextInt(5));
        GraphBuilder g = new GraphBuilder();
        Tensor got = tatter(g, g.ops().strings.asString(g.constant(z), (int) precision, notation == 1, notation == 2, (int) width, fill));
        // tf.strings.as_string(z, precision, scientific, shortest, width, fill)
        TfEval.Outcome tf = TfEval.run(ops -> List.of(ops.scope().opBuilder("AsString", "AsString")
            .addInput(ComplexOracleTest.tfComplex(ops, dtype, p)).setAttr("precision", precision)
            .setAttr("scientific", notation == 1).setAttr("shortest", notation == 2).setAttr("width", width).setAttr("fill", fill)
            .build().output(0)));
        assertEquals(tf.value(0), got, "as_string " + z + " precision " + precision + " notation " + notation + " width " + width
            + " fill '" + fill + "'");
      }
    }
  }

  /** What docs/SEMANTICS.md says of sparse_to_dense's validation and sparse / dense by zero, against TF. */
  @Test
  void sparseToDenseValidation_andSparseDenseDivisionByZero_areTfs() {
    long[][][] indices = {{{1, 2}, {0, 0}}, {{0, 0}, {0, 0}}, {{0, 0}, {1, 2}}, {{0, 0}, {3, 0}}};
    for (long[][] idx : indices) {
      for (boolean validate : new boolean[] {true, false}) {
        // tf.sparse.to_dense(tf.sparse.SparseTensor(idx, [2, 1], [3, 4]), validate_indices=validate)
        TfEval.Outcome tf = TfEval.run(ops -> List.of(ops.scope().opBuilder("SparseToDense", "SparseToDense")
            .addInput(ops.constant(idx).asOutput()).addInput(ops.constant(new long[] {3, 4}).asOutput())
            .addInput(ops.constant(new int[] {2, 1}).asOutput()).addInput(ops.constant(0).asOutput())
            .setAttr("validate_indices", validate).build().output(0)));
        GraphBuilder g = new GraphBuilder();
        Value dense = g.ops().sparse.toDense(g.sparseTensor(idx, Tensor.ofInts(2, 1), 3, 4), 0, validate);
        String what = "sparse_to_dense " + java.util.Arrays.deepToString(idx) + " validate " + validate;
        if (tf.failed()) {
          assertTrue(tatterError(g, dense) != null, what + ": TF refuses (" + tf.error() + "), Tatter gives a value");
        } else {
          assertEquals(tf.value(0), tatter(g, dense), what);
        }
      }
    }
    for (DType dtype : new DType[] {DType.FLOAT32, DType.INT32}) {
      for (long[] at : new long[][] {{0, 0}, {0, 1}}) {
        // tf.raw_ops.SparseDenseCwiseDiv(indices=[at], values=[7], shape=[2, 2], dense=[[2, 0], [1, 1]])
        Tensor divisor = Tensor.of(dtype, dtype == DType.INT32 ? new int[] {2, 0, 1, 1} : new float[] {2, 0, 1, 1}, 2, 2);
        Tensor seven = Tensor.of(dtype, dtype == DType.INT32 ? new int[] {7} : new float[] {7}, 1);
        TfEval.Outcome tf = TfEval.run(ops -> List.of(ops.scope().opBuilder("SparseDenseCwiseDiv", "SparseDenseCwiseDiv")
            .addInput(ops.constant(new long[][] {at}).asOutput()).addInput(TfEval.constant(ops, seven).asOutput())
            .addInput(ops.constant(new long[] {2, 2}).asOutput()).addInput(TfEval.constant(ops, divisor).asOutput())
            .build().output(0)));
        GraphBuilder g = new GraphBuilder();
        Value quotient = g.sparseTensor(new long[][] {at}, seven, 2, 2).div(g.constant(divisor));
        String what = "sparse / dense " + dtype + " at " + java.util.Arrays.toString(at);
        if (tf.failed()) {
          assertTrue(tatterError(g, quotient) != null, what + ": TF refuses (" + tf.error() + "), Tatter gives a value");
        } else {
          assertEquals(tf.value(0), runSparse(g, quotient).values(), what);
        }
      }
    }
  }

  /** Inputs TF's kernels refuse, which Tatter once took: both refuse them now. */
  @Test
  void whereOfAScalar_andSparseSplitOfAnIndexOutsideTheShape_areRefusedByBoth() {
    // tf.where(True): "WhereOp : Unhandled input dimensions: 0"
    TfEval.Outcome where = TfEval.run(ops -> List.of(ops.scope().opBuilder("Where", "Where").addInput(ops.constant(true).asOutput())
        .build().output(0)));
    assertTrue(where.failed(), "TF's Where of a scalar");
    GraphBuilder g = new GraphBuilder();
    org.junit.jupiter.api.Assertions.assertThrows(dev.tatter.ir.GraphBuildException.class,
        () -> g.ops().where(g.constant(Tensor.scalar(DType.BOOL, true))));
    for (long[] bad : new long[][] {{5, 0}, {0, 7}, {-1, 0}, {1, -1}}) {
      // tf.sparse.split(SparseTensor([[0, 0], bad], [1, 2], [4, 2]), 2, axis=0)
      TfEval.Outcome tf = TfEval.run(ops -> {
        var split = ops.scope().opBuilder("SparseSplit", "SparseSplit").addInput(ops.constant(0L).asOutput())
            .addInput(ops.constant(new long[][] {{0, 0}, bad}).asOutput()).addInput(ops.constant(new int[] {1, 2}).asOutput())
            .addInput(ops.constant(new long[] {4, 2}).asOutput()).setAttr("num_split", 2L).build();
        return List.of(split.output(0), split.output(2));
      });
      assertTrue(tf.failed(), "TF's SparseSplit of " + java.util.Arrays.toString(bad));
      GraphBuilder h = new GraphBuilder();
      Value piece = h.ops().sparse.split(h.sparseTensor(new long[][] {{0, 0}, bad}, Tensor.ofInts(1, 2), 4, 2), 2, 0).get(0);
      assertTrue(tatterError(h, piece) != null, "Tatter's sparse split of " + java.util.Arrays.toString(bad));
    }
  }

  @Test
  void substrAtInt64sExtremes_matchesTf() {
    long max = Long.MAX_VALUE, min = Long.MIN_VALUE;
    long[] values = {0, 1, 2, -1, -2, -3, -5, 5, max, max - 1, min, min + 1, max / 2, min / 2};
    for (String text : List.of("abcd", "h\u00e9llo", "")) {
      Tensor in = Tensor.ofStrings(text);
      for (long pos : values) {
        for (long len : values) {
          for (String unit : List.of("BYTE", "UTF8_CHAR")) {
            // tf.strings.substr(text, pos, len, unit)
            TfEval.Outcome tf = TfEval.run(ops -> List.of(ops.scope().opBuilder("Substr", "Substr")
                .addInput(TfEval.constant(ops, in).asOutput()).addInput(ops.constant(pos).asOutput())
                .addInput(ops.constant(len).asOutput()).setAttr("unit", unit).build().output(0)));
            GraphBuilder g = new GraphBuilder();
            Value out = g.ops().strings.substr(g.constant(in), g.scalar(DType.INT64, pos), g.scalar(DType.INT64, len), unit);
            String what = "substr(" + text + ", " + pos + ", " + len + ", " + unit + ")";
            if (tf.failed()) {
              assertTrue(tatterError(g, out) != null, what + ": TF refuses (" + tf.error() + "), Tatter gives a value");
            } else {
              assertEquals(tf.value(0), tatter(g, out), what);
            }
          }
        }
      }
    }
  }

  /** The message of the error Tatter's run of {@code out} fails with, or null if it gives a value. */
  static String tatterError(GraphBuilder g, Value out) {
    try (Session s = new Session(g.build(out))) {
      s.run(Map.of(), out);
      return null;
    } catch (dev.tatter.runtime.InvalidArgumentException e) {
      return e.getMessage();
    }
  }

  private static long rawBits(double v, boolean single) {
    return single ? Float.floatToRawIntBits((float) v) : Double.doubleToRawLongBits(v);
  }

  static Tensor ones(DType dtype, int n) {
    Object data = dtype.layout().newArray(n);
    for (int i = 0; i < n; i++) {
      Scalars.store(dtype, data, i, 1L);
    }
    return Tensor.wrap(dtype, new int[] {n}, data);
  }

  private static boolean hasSegmentOfZeroCount(int[] ids, DType dtype) {
    int[] counts = new int[ids[ids.length - 1] + 1];
    for (int id : ids) {
      counts[id]++;
    }
    for (int count : counts) {
      if (count != 0 && count % (1 << dtype.bits()) == 0) {
        return true;
      }
    }
    return false;
  }

  static Tensor signedVector(DType dtype, int n, SplittableRandom r) {
    Object data = dtype.layout().newArray(n);
    long max = dtype.maxInteger();
    for (int i = 0; i < n; i++) {
      long v = r.nextInt(4) == 0 ? (r.nextBoolean() ? max : -max - 1) : r.nextInt(-20, 20);
      Scalars.store(dtype, data, i, v);
    }
    return Tensor.wrap(dtype, new int[] {n}, data);
  }
}
