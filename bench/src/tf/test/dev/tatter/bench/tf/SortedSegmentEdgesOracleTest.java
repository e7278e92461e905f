package dev.tatter.bench.tf;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tatter.frontend.GraphBuilder;
import dev.tatter.frontend.Session;
import dev.tatter.frontend.Value;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.Tensor;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.tensorflow.Output;
import org.tensorflow.proto.DataType;

/**
 * The values where the way TF's sorted {@code Segment*} kernels start a segment shows, against TF
 * bit for bit: {@code SegmentReductionOp} copies a segment of one row and reduces a longer one
 * with Eigen's reducer from its initial value (0, 1, {@code -inf} for max, {@code +inf} for min).
 * So {@code segment_sum([-0.0], [0])} is {@code -0.0} but {@code segment_sum([-0.0, -0.0], [0, 0])}
 * is {@code 0.0}, a segment of only infinities keeps them, and a one-row complex product is the row
 * (not the row times {@code 1+0j}, which would turn {@code (1+infj)} into {@code (nan+infj)}).
 * Random inputs rarely reach these, so they are listed; each row is one call, its data a vector of
 * float32 values (or complex128 parts {@code re;im;re;im...}) and its ids.
 */
class SortedSegmentEdgesOracleTest {
  private static final double NAN = Double.NaN;

  @ParameterizedTest(name = "{0}({1}, {2})")
  @CsvSource(delimiter = '|', value = {
    "SegmentSum | -0.0 | 0", "SegmentSum | -0.0;-0.0 | 0;0", "SegmentSum | -0.0;-0.0;-0.0;-0.0;-0.0 | 0;0;0;0;0",
    "SegmentSum | -0.0;-0.0;-0.0 | 0;1;1", "SegmentMean | -0.0 | 0", "SegmentMean | -0.0;-0.0 | 0;0",
    "SegmentProd | -0.0;-0.0;2 | 0;0;1", "SegmentProd | -0.0 | 0", "SegmentProd | inf;nan | 0;2",
    "SegmentMax | -inf;-inf | 0;0", "SegmentMax | -inf | 0", "SegmentMin | inf;inf | 0;0", "SegmentMin | inf;inf;inf | 1;1;3",
    "SegmentMax | nan;1 | 0;0", "SegmentMax | 1;nan | 0;0", "SegmentMin | nan;1 | 0;0", "SegmentMin | 1;nan;5 | 0;0;0",
    "SegmentMax | -0.0;0.0 | 0;0", "SegmentMax | 0.0;-0.0 | 0;0", "SegmentMin | 0.0;-0.0 | 0;0", "SegmentMin | -0.0;0.0 | 0;0",
    "SegmentMax | -0.0;-0.0 | 0;0", "SegmentMax | 1;2 | 1;1", "SegmentMin | -inf;inf | 0;0", "SegmentMax | inf;nan;-inf | 0;0;0",
  })
  void realEdges_matchTf(String tfOp, String values, String segmentIds) {
    realEdges(tfOp, values, segmentIds, 1);
  }

  /** The same on matrices of 2 columns (Eigen reduces a segment's rows column by column). */
  @ParameterizedTest(name = "{0}({1}, {2})")
  @CsvSource(delimiter = '|', value = {
    "SegmentSum | -0.0;1;-0.0;-0.0;2;-0.0 | 0;0;1", "SegmentSum | -0.0;1;-0.0;-0.0;-0.0;2 | 0;1;1",
    "SegmentSum | 0.0;1;-0.0;1 | 0;0", "SegmentMax | -inf;nan;-inf;1 | 0;0", "SegmentMin | -0.0;inf;-0.0;inf | 0;0",
  })
  void matrixEdges_matchTf(String tfOp, String values, String segmentIds) {
    realEdges(tfOp, values, segmentIds, 2);
  }

  private static void realEdges(String tfOp, String values, String segmentIds, int inner) {
    double[] v = doubles(values);
    long[] ids = Arrays.stream(segmentIds.split(";")).mapToLong(Long::parseLong).toArray();
    float[] f = new float[v.length];
    for (int k = 0; k < f.length; k++) {
      f[k] = (float) v[k];
    }
    Tensor data = Tensor.of(DType.FLOAT32, f, f.length / inner, inner);
    Tensor idTensor = Tensor.wrap(DType.INT64, new int[] {ids.length}, ids);
    Tensor expected = TfEval.run(tf -> List.of(tf.scope().opBuilder(tfOp, tfOp).addInput(TfEval.constant(tf, data).asOutput())
        .addInput(TfEval.constant(tf, idTensor).asOutput()).build().output(0))).value(0);
    Tensor actual = tatter(tfOp, data, idTensor);
    String what = tfOp + "(" + values + ", " + segmentIds + ")";
    assertEquals(expected.size(), actual.size(), what);
    for (int k = 0; k < actual.size(); k++) {
      samePart(expected.getDouble(k), actual.getDouble(k), what + ", element " + k);
    }
  }

  @ParameterizedTest(name = "{0}({1}, {2})")
  @CsvSource(delimiter = '|', value = {
    "SegmentSum | -0.0;-0.0 | 0", "SegmentSum | -0.0;-0.0;-0.0;-0.0 | 0;0", "SegmentSum | -0.0;-1;2;-0.0 | 0;1",
    "SegmentProd | -0.0;-1 | 0", "SegmentProd | -0.0;-1;1;0 | 0;0", "SegmentProd | 1;inf | 0",
    "SegmentProd | inf;-0.0 | 1", "SegmentMean | -0.0;-0.0 | 0", "SegmentMean | -0.0;-0.0;-0.0;-0.0 | 0;0",
    "SegmentMean | 1;inf | 0", "SegmentSum | nan;1;2;inf | 0;0",
  })
  void complexEdges_matchTf(String tfOp, String parts, String segmentIds) {
    double[] p = doubles(parts);
    long[] ids = Arrays.stream(segmentIds.split(";")).mapToLong(Long::parseLong).toArray();
    Tensor data = Tensor.ofComplex128(p);
    Tensor idTensor = Tensor.wrap(DType.INT64, new int[] {ids.length}, ids);
    TfEval.Outcome expected = TfEval.run(tf -> {
      Output<?> c = ComplexOracleTest.tfComplex(tf, DType.COMPLEX128, p);
      Output<?> r = tf.scope().opBuilder(tfOp, tfOp).addInput(c).addInput(TfEval.constant(tf, idTensor).asOutput()).build().output(0);
      return List.of(tf.scope().opBuilder("Real", "Real").addInput(r).setAttr("Tout", DataType.DT_DOUBLE).build().output(0),
          tf.scope().opBuilder("Imag", "Imag").addInput(r).setAttr("Tout", DataType.DT_DOUBLE).build().output(0));
    });
    Tensor actual = tatter(tfOp, data, idTensor);
    String what = tfOp + "(" + parts + ", " + segmentIds + ")";
    assertEquals(expected.value(0).size(), actual.size(), what);
    for (int k = 0; k < actual.size(); k++) {
      samePart(expected.value(0).getDouble(k), actual.real(k), what + ", real part of element " + k);
      samePart(expected.value(1).getDouble(k), actual.imag(k), what + ", imaginary part of element " + k);
    }
  }

  private static Tensor tatter(String tfOp, Tensor data, Tensor ids) {
    GraphBuilder g = new GraphBuilder();
    dev.tatter.frontend.Ops tt = g.ops();
    Value d = g.constant(data);
    Value i = g.constant(ids);
    Value out = switch (tfOp) {
      case "SegmentSum" -> tt.math.segmentSum(d, i);
      case "SegmentProd" -> tt.math.segmentProd(d, i);
      case "SegmentMean" -> tt.math.segmentMean(d, i);
      case "SegmentMin" -> tt.math.segmentMin(d, i);
      case "SegmentMax" -> tt.math.segmentMax(d, i);
      default -> throw new IllegalArgumentException(tfOp);
    };
    try (Session s = new Session(g.build(out))) {
      return s.run(Map.of(), out).tensor(0);
    }
  }

  private static double[] doubles(String list) {
    return Arrays.stream(list.split(";")).mapToDouble(x -> switch (x.trim()) {
      case "nan" -> NAN;
      case "inf" -> Double.POSITIVE_INFINITY;
      case "-inf" -> Double.NEGATIVE_INFINITY;
      default -> Double.parseDouble(x.trim());
    }).toArray();
  }

  /** Bit for bit, signed zeros included; any NaN equals any NaN. */
  private static void samePart(double tf, double tatter, String what) {
    if (Double.isNaN(tf) || Double.isNaN(tatter)) {
      assertEquals(Double.isNaN(tf), Double.isNaN(tatter), what + ": TF " + tf + ", Tatter " + tatter);
    } else {
      assertEquals(Double.doubleToRawLongBits(tf), Double.doubleToRawLongBits(tatter), what + ": TF " + tf + ", Tatter " + tatter);
    }
  }
}
