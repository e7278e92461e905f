package dev.tatter.runtime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringWriter;
import java.util.stream.IntStream;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

/** Printing as TF and NumPy do: lists, summarised past 1000 elements, repr with shape and dtype. */
class TensorPrinterTest {
  @Test
  void smallValuesPrintInFull_asBefore() {
    assertEquals("[[1, 2], [3, 4]]", Tensor.fromNested(new long[][] {{1, 2}, {3, 4}}).toString());
    assertEquals("[[3, 1, 4, 1], [], [5, 9, 2], [6], []]",
        RaggedTensor.fromNested(new long[][] {{3, 1, 4, 1}, {}, {5, 9, 2}, {6}, {}}).toString());
    assertEquals("2.5", Tensor.scalar(DType.FLOAT64, 2.5).toString());
    // a ragged tensor whose flat values are matrices: tf.ragged.constant([[[1, 2]], []], ragged_rank=1)
    assertEquals("[[[1, 2]], []]", RaggedTensor.fromNested(new int[][][] {{{1, 2}}, {}}, null, 1).toString());
  }

  @Test
  void pastTheThreshold_summarisesAsNumPy() {
    // str(np.arange(1001)) -> '[   0    1    2 ...  998  999 1000]' (Tatter keeps TF's list separators)
    Tensor big = Tensor.ofLongs(LongStream.range(0, 1001).toArray());
    assertEquals("[0, 1, 2, ..., 998, 999, 1000]", big.toString());
    assertEquals(1000, Tensor.ofLongs(LongStream.range(0, 1000).toArray()).toString().split(", ").length);
    // np.arange(2000).reshape(2, 1000): each dimension summarised, the 2-row one shown whole
    Tensor matrix = Tensor.ofInts(IntStream.range(0, 2000).toArray()).reshape(2, 1000);
    assertEquals("[[0, 1, 2, ..., 997, 998, 999], [1000, 1001, 1002, ..., 1997, 1998, 1999]]", matrix.toString());
  }

  @Test
  void aMillionValueRaggedTensor_printsAFewHundredCharacters() {
    long[] splits = LongStream.rangeClosed(0, 1000).map(i -> i * 1000).toArray();
    RaggedTensor rt = RaggedTensor.of(Tensor.ofFloats(new float[1_000_000]),
        RowPartition.fromRowSplits(splits, DType.INT64, true));
    String printed = rt.toString();
    assertTrue(printed.length() < 400, printed);
    assertTrue(printed.startsWith("[[0.0, 0.0, 0.0, ..., 0.0, 0.0, 0.0], [0.0, 0.0, 0.0, ..., 0.0, 0.0, 0.0], "),
        printed);
    assertTrue(printed.contains("], ..., ["), printed);
    StringWriter streamed = new StringWriter();
    TensorPrinter.appendTo(rt, streamed);
    assertEquals(printed, streamed.toString());
  }

  @Test
  void repr_carriesShapeAndDtype_andRaggedShapeHasNoneForRaggedDims() {
    // repr(tf.constant([[1, 2], [3, 4]], tf.int64)) -> <tf.Tensor: shape=(2, 2), dtype=int64, numpy=array(...)>
    assertEquals("<tf.Tensor: shape=(2, 2), dtype=int64, numpy=[[1, 2], [3, 4]]>",
        TensorPrinter.repr(Tensor.fromNested(new long[][] {{1, 2}, {3, 4}})));
    assertEquals("<tf.Tensor: shape=(3,), dtype=float32, numpy=[1.0, 2.0, 3.0]>",
        TensorPrinter.repr(Tensor.ofFloats(1, 2, 3)));
    // repr(tf.ragged.constant([[3, 1], []])) -> <tf.RaggedTensor [[3, 1], []]>; its .shape -> [2, None]
    RaggedTensor rt = RaggedTensor.fromNested(new long[][] {{3, 1}, {}});
    assertEquals("<tf.RaggedTensor [[3, 1], []]>", TensorPrinter.repr(rt));
    assertArrayEquals(new long[] {2, -1}, rt.shape());
    assertArrayEquals(new long[] {2, -1, 2},
        RaggedTensor.fromNested(new int[][][] {{{1, 2}}, {}}, null, 1).shape());
  }
}
