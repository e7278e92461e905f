package dev.tatter.frontend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.codegen.testing.BitExact;
import dev.tatter.ir.Graph;
import dev.tatter.ir.text.GraphParser;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.RowPartition;
import dev.tatter.runtime.Tensor;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@code to_tensor} on every storage type its kernel copies and fills separately (float, double,
 * int, long, short, byte, bool, string), with a default value that is and one that is not the
 * all-zero bits a new array holds ({@code -0.0} is not), padding and truncating rows that start
 * past the first value, and with inner dims. The expected values are written out from TF's call;
 * results are compared bit for bit.
 *
 * <p>Every case is the seed's rows {@code [[a0, a1, a2], [], [a3, a4], [a5]]}: {@code
 * tf.RaggedTensor.from_row_splits(values, [0, 3, 3, 5, 6])}.
 */
class ToTensorDTypesTest {
  private static final long[] SPLITS = {0, 3, 3, 5, 6};

  /** to_tensor of the seed rows over {@code values}, with {@code defaultValue} and {@code shape}, run everywhere. */
  private static Object toTensor(Tensor values, Object defaultValue, long... shape) {
    GraphBuilder g = new GraphBuilder();
    Value rt = g.raggedFromRowSplits(g.constant(values), g.constant(Tensor.ofLongs(SPLITS)));
    Value dense = rt.toTensor(g.scalar(values.dtype(), defaultValue), shape);
    return Harness.runEverywhere(g.build(dense), Map.of()).get(0);
  }

  private static void check(Tensor expected, Object actual) {
    BitExact.assertSameBits(expected, actual, "to_tensor");
  }

  @Test
  void float32_nonZeroDefault_paddedAndTruncated() {
    Tensor v = Tensor.ofFloats(1.5f, 2.5f, 3.5f, 4.5f, 5.5f, 6.5f);
    // rt.to_tensor(default_value=9.0) -> [[1.5, 2.5, 3.5], [9, 9, 9], [4.5, 5.5, 9], [6.5, 9, 9]]
    check(Tensor.of(DType.FLOAT32, new float[] {1.5f, 2.5f, 3.5f, 9, 9, 9, 4.5f, 5.5f, 9, 6.5f, 9, 9}, 4, 3),
        toTensor(v, 9.0f));
    // rt.to_tensor(default_value=9.0, shape=[5, 2]) -> [[1.5, 2.5], [9, 9], [4.5, 5.5], [6.5, 9], [9, 9]]
    check(Tensor.of(DType.FLOAT32, new float[] {1.5f, 2.5f, 9, 9, 4.5f, 5.5f, 6.5f, 9, 9, 9}, 5, 2), toTensor(v, 9.0f, 5, 2));
  }

  @Test
  void float32_negativeZeroDefault_padsWithNegativeZero() {
    Tensor v = Tensor.ofFloats(1, 2, 3, 4, 5, 6);
    // rt.to_tensor(default_value=-0.0): the padding is -0.0 (sign bit set), as TF copies the default's bits
    check(Tensor.of(DType.FLOAT32, new float[] {1, 2, 3, -0f, -0f, -0f, 4, 5, -0f, 6, -0f, -0f}, 4, 3), toTensor(v, -0.0f));
    // default_value=0.0 -> plain zeros
    check(Tensor.of(DType.FLOAT32, new float[] {1, 2, 3, 0, 0, 0, 4, 5, 0, 6, 0, 0}, 4, 3), toTensor(v, 0.0f));
  }

  @Test
  void float64_defaults() {
    Tensor v = Tensor.ofDoubles(1.25, 2.25, 3.25, 4.25, 5.25, 6.25);
    // tf.RaggedTensor.from_row_splits(tf.constant(v, tf.float64), splits).to_tensor(default_value=-1.0, shape=[4, 2])
    //   -> [[1.25, 2.25], [-1, -1], [4.25, 5.25], [6.25, -1]]
    check(Tensor.of(DType.FLOAT64, new double[] {1.25, 2.25, -1, -1, 4.25, 5.25, 6.25, -1}, 4, 2), toTensor(v, -1.0, 4, 2));
    // default_value=-0.0 -> padded with -0.0; default_value=0.0 -> zeros
    check(Tensor.of(DType.FLOAT64, new double[] {1.25, 2.25, 3.25, -0.0, -0.0, -0.0, 4.25, 5.25, -0.0, 6.25, -0.0, -0.0}, 4, 3),
        toTensor(v, -0.0));
    check(Tensor.of(DType.FLOAT64, new double[] {1.25, 2.25, 3.25, 0, 0, 0, 4.25, 5.25, 0, 6.25, 0, 0}, 4, 3), toTensor(v, 0.0));
  }

  @Test
  void int64_defaults() {
    Tensor v = Tensor.ofLongs(10, 20, 30, 40, 50, 60);
    // to_tensor(default_value=7, shape=[5, 2]) -> [[10, 20], [7, 7], [40, 50], [60, 7], [7, 7]]
    check(Tensor.of(DType.INT64, new long[] {10, 20, 7, 7, 40, 50, 60, 7, 7, 7}, 5, 2), toTensor(v, 7L, 5, 2));
    // to_tensor() -> [[10, 20, 30], [0, 0, 0], [40, 50, 0], [60, 0, 0]]
    check(Tensor.of(DType.INT64, new long[] {10, 20, 30, 0, 0, 0, 40, 50, 0, 60, 0, 0}, 4, 3), toTensor(v, 0L));
  }

  @Test
  void int32_zeroDefault_andNarrowRows() {
    Tensor v = Tensor.ofInts(1, 2, 3, 4, 5, 6);
    // to_tensor(shape=[4, 1]) -> [[1], [0], [4], [6]]
    check(Tensor.of(DType.INT32, new int[] {1, 0, 4, 6}, 4, 1), toTensor(v, 0, 4, 1));
    // to_tensor(shape=[2, 0]) -> a [2, 0] tensor (a zero dim is a size, not "unknown")
    check(Tensor.of(DType.INT32, new int[0], 2, 0), toTensor(v, 0, 2, 0));
    // to_tensor(shape=[0, 3]) -> a [0, 3] tensor
    check(Tensor.of(DType.INT32, new int[0], 0, 3), toTensor(v, 0, 0, 3));
  }

  @Test
  void int16_int8_uint8_defaults() {
    // tf.int16 values, to_tensor(default_value=-3) -> [[1, 2, 3], [-3, -3, -3], [4, 5, -3], [6, -3, -3]]
    check(Tensor.of(DType.INT16, new short[] {1, 2, 3, -3, -3, -3, 4, 5, -3, 6, -3, -3}, 4, 3),
        toTensor(Tensor.of(DType.INT16, new short[] {1, 2, 3, 4, 5, 6}, 6), (short) -3));
    // tf.int8 values, to_tensor(default_value=-128, shape=[4, 2]) -> [[1, 2], [-128, -128], [4, 5], [6, -128]]
    check(Tensor.of(DType.INT8, new byte[] {1, 2, -128, -128, 4, 5, 6, -128}, 4, 2),
        toTensor(Tensor.of(DType.INT8, new byte[] {1, 2, 3, 4, 5, 6}, 6), (byte) -128, 4, 2));
    // tf.uint8 values, to_tensor(default_value=255) -> 255 is stored as the byte -1
    check(Tensor.of(DType.UINT8, new byte[] {1, 2, 3, -1, -1, -1, 4, 5, -1, 6, -1, -1}, 4, 3),
        toTensor(Tensor.of(DType.UINT8, new byte[] {1, 2, 3, 4, 5, 6}, 6), 255));
  }

  @Test
  void bool_defaults() {
    Tensor v = Tensor.ofBools(true, false, true, false, true, false);
    // to_tensor(default_value=True) -> [[T, F, T], [T, T, T], [F, T, T], [F, T, T]]
    check(Tensor.of(DType.BOOL, new boolean[] {true, false, true, true, true, true, false, true, true, false, true, true}, 4, 3),
        toTensor(v, true));
    // to_tensor(default_value=False) -> [[T, F, T], [F, F, F], [F, T, F], [F, F, F]]
    check(Tensor.of(DType.BOOL, new boolean[] {true, false, true, false, false, false, false, true, false, false, false, false}, 4, 3),
        toTensor(v, false));
  }

  @Test
  void string_defaults() {
    Tensor v = Tensor.ofStrings("a", "b", "c", "d", "e", "f");
    // to_tensor(default_value="") -> [[a, b, c], ["", "", ""], [d, e, ""], [f, "", ""]]
    check(Tensor.of(DType.STRING, new String[] {"a", "b", "c", "", "", "", "d", "e", "", "f", "", ""}, 4, 3), toTensor(v, ""));
    // to_tensor(default_value="?", shape=[4, 2]) -> [[a, b], [?, ?], [d, e], [f, ?]]
    assertEquals("[[b'a', b'b'], [b'?', b'?'], [b'd', b'e'], [b'f', b'?']]", toTensor(v, "?", 4, 2).toString());
  }

  @Test
  void innerDims_everyStorageType() {
    // values of shape [6, 2]: tf.reshape(tf.range(1, 13), [6, 2]); to_tensor(default_value=0, shape=[4, 2, 2])
    //   -> [[[1, 2], [3, 4]], [[0, 0], [0, 0]], [[7, 8], [9, 10]], [[11, 12], [0, 0]]]
    int[] expected = {1, 2, 3, 4, 0, 0, 0, 0, 7, 8, 9, 10, 11, 12, 0, 0};
    float[] f = new float[12];
    double[] d = new double[12];
    int[] i = new int[12];
    long[] l = new long[12];
    for (int k = 0; k < 12; k++) {
      f[k] = k + 1;
      d[k] = k + 1;
      i[k] = k + 1;
      l[k] = k + 1;
    }
    float[] ef = new float[16];
    double[] ed = new double[16];
    long[] el = new long[16];
    for (int k = 0; k < 16; k++) {
      ef[k] = expected[k];
      ed[k] = expected[k];
      el[k] = expected[k];
    }
    check(Tensor.of(DType.FLOAT32, ef, 4, 2, 2), toTensor(Tensor.of(DType.FLOAT32, f, 6, 2), 0f, 4, 2, 2));
    check(Tensor.of(DType.FLOAT64, ed, 4, 2, 2), toTensor(Tensor.of(DType.FLOAT64, d, 6, 2), 0.0, 4, 2, 2));
    check(Tensor.of(DType.INT32, expected, 4, 2, 2), toTensor(Tensor.of(DType.INT32, i, 6, 2), 0, 4, 2, 2));
    check(Tensor.of(DType.INT64, el, 4, 2, 2), toTensor(Tensor.of(DType.INT64, l, 6, 2), 0L, 4, 2, 2));
    // without a shape: [4, 3, 2], row 0 whole, row 2 = [[7, 8], [9, 10], [0, 0]], row 3 = [[11, 12], [0, 0], [0, 0]]
    check(Tensor.of(DType.INT32, new int[] {1, 2, 3, 4, 5, 6, 0, 0, 0, 0, 0, 0, 7, 8, 9, 10, 0, 0, 11, 12, 0, 0, 0, 0}, 4, 3, 2),
        toTensor(Tensor.of(DType.INT32, i, 6, 2), 0));
  }

  @Test
  void raggedRank2_truncatedInBothRaggedDims() {
    // tf.ragged.constant([[[1, 2, 3], [4]], [[5, 6], [7, 8], [9]]]).to_tensor(default_value=-1, shape=[2, 2, 2])
    //   -> [[[1, 2], [4, -1]], [[5, 6], [7, 8]]]
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value rt = tf.ragged.constant(List.of(List.of(List.of(1, 2, 3), List.of(4)), List.of(List.of(5, 6), List.of(7, 8), List.of(9))));
    Object out = Harness.runEverywhere(g.build(rt.toTensor(-1, 2, 2, 2)), Map.of()).get(0);
    check(Tensor.of(DType.INT32, new int[] {1, 2, 4, -1, 5, 6, 7, 8}, 2, 2, 2), out);
  }

  @Test
  void runTimeInnerDim_zeroOrUnknownInTheGivenShape() {
    Graph graph = GraphParser.parse("""
        %x = placeholder() : ragged<float32>[None, (None), None]
        %d = constant() {value = tensor<float32>[] 0.0} : tensor<float32>[]
        %t = to_tensor(%x, %d) {shape = [2, 3, 0]} : tensor<float32>[2, 3, 0]
        return %t
        """, "inner0.tat");
    RaggedTensor x = RaggedTensor.of(Tensor.of(DType.FLOAT32, new float[6], 3, 2),
        RowPartition.fromRowSplits(new long[] {0, 1, 3}, DType.INT64, true));
    // tf.RaggedTensor.from_row_splits(tf.zeros([3, 2]), [0, 1, 3]).to_tensor(shape=[2, 3, 0]) raises
    // "rt_input.shape and shape=[2,3,0] are incompatible: rt_input.shape[2] = 2 but shape[2] = 0"
    String message = PartitionValidationTest.runFailure(graph, Map.of("x", x));
    assertTrue(message.endsWith("rt_input.shape and shape=[2,3,0] are incompatible: rt_input.shape[2] = 2 but shape[2] = 0"),
        message);
    Graph unknownRows = GraphParser.parse("""
        %x = placeholder() : ragged<float32>[None, (None), None]
        %d = constant() {value = tensor<float32>[] 0.0} : tensor<float32>[]
        %t = to_tensor(%x, %d) {shape = [-1, -1, 1]} : tensor<float32>[None, None, 1]
        return %t
        """, "innerUnknownRows.tat");
    // to_tensor(shape=[None, None, 1]) on inner dim 2 -> "... shape=[?,?,1] ... rt_input.shape[2] = 2 but shape[2] = 1"
    String unknown = PartitionValidationTest.runFailure(unknownRows, Map.of("x", x));
    assertTrue(unknown.endsWith("rt_input.shape and shape=[?,?,1] are incompatible: rt_input.shape[2] = 2 but shape[2] = 1"),
        unknown);
  }
}
