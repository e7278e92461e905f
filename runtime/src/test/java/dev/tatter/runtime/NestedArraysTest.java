package dev.tatter.runtime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Nested Java arrays and lists into tensors and back: copies, dtypes, shapes and refusals. */
class NestedArraysTest {
  @Test
  void tensor_fromLongMatrix_isInt64OfItsShape_andACopy() {
    long[][] data = {{1, 2, 3}, {4, 5, 6}};
    Tensor t = Tensor.fromNested(data);
    assertEquals(DType.INT64, t.dtype());
    assertArrayEquals(new int[] {2, 3}, t.shape());
    assertArrayEquals(new long[] {1, 2, 3, 4, 5, 6}, t.toLongArray());
    data[0][0] = 99; // the caller's array is not the tensor's
    assertEquals(1, t.getLong(0));
  }

  @Test
  void tensor_fromFloatMatrixAndLists_roundTripsThroughToNestedArray() {
    float[][] data = {{0.5f, -1f}, {Float.NaN, -0f}};
    Tensor t = Tensor.fromNested(data);
    assertEquals(DType.FLOAT32, t.dtype());
    float[][] back = (float[][]) t.toNestedArray();
    for (int r = 0; r < 2; r++) {
      for (int c = 0; c < 2; c++) {
        assertEquals(Float.floatToRawIntBits(data[r][c]), Float.floatToRawIntBits(back[r][c]));
      }
    }
    back[0][0] = 7f;
    assertEquals(0.5f, t.toFloatArray()[0]);
    Tensor fromLists = Tensor.fromNested(List.of(List.of(0.5f, -1f), List.of(Float.NaN, -0f)));
    assertEquals(t, fromLists);
  }

  @Test
  void tensor_boxedKindsWiden_andEmptyDataIsFloat32() {
    assertEquals(DType.INT64, Tensor.fromNested(List.of(1, 2L)).dtype());
    assertEquals(DType.FLOAT32, Tensor.fromNested(List.of(1, 2.5f)).dtype());
    assertEquals(DType.FLOAT64, Tensor.fromNested(List.of(1.5f, 2.5)).dtype());
    assertEquals(DType.FLOAT32, Tensor.fromNested(List.of()).dtype()); // tf.constant([]).dtype -> float32
    assertEquals(DType.INT64, Tensor.fromNested(new long[0][3]).dtype());
    assertArrayEquals(new int[] {0, 0}, Tensor.fromNested(new long[0][3]).shape()); // Java keeps no inner length of no rows
    assertEquals(DType.STRING, Tensor.fromNested(new String[] {"a", "b"}).dtype());
    assertEquals(DType.BOOL, Tensor.fromNested(List.of(true, false)).dtype());
  }

  @Test
  void tensor_givenADtype_refusesIntegersThatDoNotFit() {
    Tensor t = Tensor.fromNested(new long[] {-128, 127}, DType.INT8);
    assertArrayEquals(new long[] {-128, 127}, t.toLongArray());
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> Tensor.fromNested(List.of(List.of(1, 200)), DType.INT8));
    assertEquals("data[0][1] = 200 does not fit int8 [-128, 127]", e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> Tensor.fromNested(List.of(1.5), DType.INT32));
    assertEquals("data[0] = Double 1.5 cannot be a int32 element", e.getMessage());
  }

  @Test
  void tensor_refusesRaggedNullAndUnevenData_namingTheElement() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> Tensor.fromNested(new long[][] {{1, 2}, {3}}));
    assertTrue(e.getMessage().startsWith("data[1] has 1 elements where data's first has 2"), e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> Tensor.fromNested(Arrays.asList(1L, null)));
    assertEquals("data[1] is null", e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> Tensor.fromNested(List.of(List.of(1L), 2L)));
    assertTrue(e.getMessage().startsWith("data[1] is Long 2 where an array or List of 1 elements was expected"),
        e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> Tensor.fromNested(List.of(1, "a")));
    assertEquals("data mixes int32 and string elements (at data[1])", e.getMessage());
  }

  @Test
  void ragged_fromJaggedLongArray_isTfRaggedConstant() {
    // tf.ragged.constant([[3, 1, 4, 1], [], [5, 9, 2], [6], []], dtype=tf.int64).row_splits -> [0, 4, 4, 7, 8, 8]
    long[][] data = {{3, 1, 4, 1}, {}, {5, 9, 2}, {6}, {}};
    RaggedTensor rt = RaggedTensor.fromNested(data);
    assertEquals(DType.INT64, rt.dtype());
    assertArrayEquals(new long[] {0, 4, 4, 7, 8, 8}, rt.partition().rowSplitsArray());
    assertArrayEquals(new long[] {3, 1, 4, 1, 5, 9, 2, 6}, rt.flatValues().toLongArray());
    long[][] back = (long[][]) rt.toNestedArray();
    assertTrue(Arrays.deepEquals(data, back));
    data[0][0] = 0;
    assertEquals(3, rt.flatValues().getLong(0));
  }

  @Test
  void ragged_fromNestedLists_ofRaggedRankTwo_andUniformInnerDims() {
    // tf.ragged.constant([[[1, 2], [3]], [], [[4]]]).nested_row_splits -> ([0, 2, 2, 3], [0, 2, 3, 4])
    List<List<List<Long>>> data = List.of(List.of(List.of(1L, 2L), List.of(3L)), List.of(), List.of(List.of(4L)));
    RaggedTensor rt = RaggedTensor.fromNested(data);
    assertEquals(2, rt.raggedRank());
    assertArrayEquals(new long[] {0, 2, 2, 3}, rt.nestedPartitions().get(0).rowSplitsArray());
    assertArrayEquals(new long[] {0, 2, 3, 4}, rt.nestedPartitions().get(1).rowSplitsArray());
    assertEquals(data, rt.toList());
    long[][][] back = (long[][][]) rt.toNestedArray();
    assertTrue(Arrays.deepEquals(new long[][][] {{{1, 2}, {3}}, {}, {{4}}}, back));

    // tf.ragged.constant([[[1, 2], [3, 4]], [[5, 6]]], ragged_rank=1).flat_values.shape -> [3, 2]
    RaggedTensor uniform = RaggedTensor.fromNested(new int[][][] {{{1, 2}, {3, 4}}, {{5, 6}}}, null, 1);
    assertEquals(DType.INT32, uniform.dtype());
    assertArrayEquals(new int[] {3, 2}, uniform.flatValues().shape());
    assertArrayEquals(new long[] {0, 2, 3}, uniform.partition().rowSplitsArray());
    assertTrue(Arrays.deepEquals(new int[][][] {{{1, 2}, {3, 4}}, {{5, 6}}}, (int[][][]) uniform.toNestedArray()));
  }

  @Test
  void ragged_int32Splits_andFloatRows() {
    RaggedTensor rt = RaggedTensor.fromNested(new float[][] {{0.5f}, {}, {1f, 2f}}, DType.FLOAT64, 1, DType.INT32);
    assertEquals(DType.FLOAT64, rt.dtype());
    assertEquals(DType.INT32, rt.partition().splitsDType());
    assertTrue(Arrays.deepEquals(new double[][] {{0.5}, {}, {1, 2}}, (double[][]) rt.toNestedArray()));
  }

  @Test
  void ragged_refusesBadRaggedRankUnevenDepthAndRaggedInnerDims() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> RaggedTensor.fromNested(new long[] {1, 2}));
    assertEquals("ragged data must be nested at least 2 deep (a list of rows), got data nested 1 deep", e.getMessage());
    // an empty Java array's type says how deep it is: tf.ragged.constant([], ragged_rank=1, inner_shape=())'s counterpart
    RaggedTensor none = RaggedTensor.fromNested(new long[0][], DType.INT64, 1);
    assertEquals(0, none.nrows());
    assertEquals(0, none.flatValues().size());
    e = assertThrows(IllegalArgumentException.class, () -> RaggedTensor.fromNested(new long[0][], DType.INT64, 2));
    assertEquals("ragged_rank must be in [1, 1] for data nested 2 deep, got 2", e.getMessage());
    e = assertThrows(IllegalArgumentException.class,
        () -> RaggedTensor.fromNested(List.of(List.of(1L), List.of(List.of(2L)))));
    assertEquals("all elements must sit at the same depth: data[1][0][0] is 3 deep but data[0][0] is 2 deep",
        e.getMessage());
    e = assertThrows(IllegalArgumentException.class,
        () -> RaggedTensor.fromNested(new long[][][] {{{1, 2}}, {{3}}}, null, 1));
    assertTrue(e.getMessage().startsWith("dimensions below ragged_rank must be uniform: data[1][0] has 1 elements"),
        e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> RaggedTensor.fromNested(5L));
    assertEquals("ragged data must be an array or a List, got Long 5", e.getMessage());
  }

  @Test
  void typedGetters_refuseTheWrongDtype() {
    Tensor f = Tensor.ofFloats(1f);
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, f::toLongArray);
    assertEquals("toLongArray needs an integer or bool tensor, got float32", e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> Tensor.ofLongs(1).toIntArray());
    assertEquals("toIntArray needs a tensor stored as int[], got int64 (toLongArray and toDoubleArray convert)",
        e.getMessage());
    assertArrayEquals(new double[] {1.0}, f.toDoubleArray());
    assertArrayEquals(new int[] {7}, Tensor.ofInts(7).toIntArray());
  }

  @Test
  void sizeLimit_isCheckedBeforeAllocating() {
    long previous = Sizes.setMaxElements(5);
    try {
      InvalidArgumentException e = assertThrows(InvalidArgumentException.class,
          () -> Tensor.fromNested(new long[2][3]));
      assertEquals("a tensor of shape [2, 3] would hold more than 5 elements", e.getMessage());
    } finally {
      Sizes.setMaxElements(previous);
    }
  }
}
