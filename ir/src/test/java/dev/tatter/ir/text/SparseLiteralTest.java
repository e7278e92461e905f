package dev.tatter.ir.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.ir.types.SparseType;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.SparseTensor;
import dev.tatter.runtime.Tensor;
import org.junit.jupiter.api.Test;

/** A sparse value written as it prints ({@code SparseTensor(indices=..., values=..., dense_shape=...)}) and read back. */
class SparseLiteralTest {
  private static SparseTensor parse(String text, String type) {
    return (SparseTensor) GraphParser.parseValue(text, GraphParser.parseType(type), "feed");
  }

  @Test
  void printedSparseTensor_parsesBackToAnEqualValue() {
    // the seed: tf.sparse.SparseTensor(indices=[[0, 0], [1, 2]], values=[1, 2], dense_shape=[3, 4])
    SparseTensor st = SparseTensor.of(new long[][] {{0, 0}, {1, 2}}, Tensor.ofInts(1, 2), 3, 4);
    String printed = st.toString();
    assertEquals("SparseTensor(indices=[[0, 0], [1, 2]], values=[1, 2], dense_shape=[3, 4])", printed);
    assertEquals(st, parse(printed, "sparse<int32>[None, None]"));
    assertEquals(st, parse(printed, "sparse<int32>[3, 4]"));
    assertEquals(st, parse("sparse<int32>[3, 4] " + printed, "sparse<int32>[3, 4]"));
  }

  @Test
  void floatsAndUnorderedIndices_roundTripAsWritten() {
    SparseTensor st = SparseTensor.of(new long[][] {{2, 1, 0}, {0, 0, 1}, {2, 1, 0}},
        Tensor.of(DType.FLOAT32, new float[] {0.1f, -0.0f, Float.NaN}, 3), 3, 2, 2);
    SparseTensor back = parse(st.toString(), "sparse<float32>[None, 2, None]");
    assertEquals(st, back);
    assertEquals(st.toString(), back.toString());
  }

  @Test
  void noStoredValues_isAnEmptyIndexMatrixOfTheTypesRank() {
    SparseTensor st = parse("SparseTensor(indices=[], values=[], dense_shape=[2, 5])", "sparse<float64>[None, None]");
    assertEquals(0, st.nnz());
    assertEquals(2, st.indices().dim(1));
    assertEquals(st, parse(st.toString(), "sparse<float64>[None, None]"));
  }

  @Test
  void partsOutOfTheirOrder_areAccepted() {
    SparseTensor st = parse("SparseTensor(dense_shape=[4], values=[7], indices=[[3]])", "sparse<int64>[None]");
    assertEquals(SparseTensor.of(new long[][] {{3}}, Tensor.ofLongs(7), 4), st);
  }

  private static String error(String text, String type) {
    return assertThrows(IrParseException.class, () -> parse(text, type)).getMessage();
  }

  @Test
  void badSparseLiterals_areRefusedNamingWhatIsWrong() {
    String type = "sparse<int32>[3, 4]";
    assertTrue(error("[[1, 2]]", type).contains("a value of type sparse<int32>[3, 4] is written SparseTensor(indices="), type);
    assertTrue(error("SparseTensor(indices=[[0, 0]], values=[1])", type).contains("got SparseTensor(indices, values)"));
    assertTrue(error("Sparse(indices=[[0, 0]], values=[1], dense_shape=[3, 4])", type).contains("is written SparseTensor("));
    assertTrue(error("SparseTensor(indices=[[0, 0]], values=[1], values=[2], dense_shape=[3, 4])", type)
        .contains("part 'values' of SparseTensor is given twice"));
    assertTrue(error("SparseTensor(indices=[[0]], values=[1], dense_shape=[3, 4])", type)
        .contains("literal (indices) has 1 elements at dimension 1 where the type tensor<int64>[None, 2] wants 2"));
    assertTrue(error("SparseTensor(indices=[[0, 0]], values=[1, 2], dense_shape=[3, 4])", type)
        .contains("indices has 1 rows but values has 2 elements"));
    assertTrue(error("SparseTensor(indices=[[0, 0]], values=[1], dense_shape=[3, 5])", type)
        .contains("literal (dense_shape) is [3, 5] where the type sparse<int32>[3, 4] wants [3, 4]"));
    assertTrue(error("SparseTensor(indices=[[0, 0]], values=[1.5], dense_shape=[3, 4])", type)
        .contains("literal 1.5 is not a valid int32"));
    assertTrue(error("SparseTensor(indices=[[0, 0]], values=[1], dense_shape=[3, -4])", type)
        .contains("dense_shape[1]=-4 is negative"));
    assertTrue(error("sparse<int32>[3, 5] SparseTensor(indices=[], values=[], dense_shape=[3, 5])", type)
        .contains("differs from the expected type"));
    String msg = error("SparseTensor(indices=[[0, 0]], values=[1], dense_shape=[3, 4])", "tensor<int32>[None]");
    assertTrue(msg.contains("feed:1:1:"), msg);
  }

  @Test
  void aStructWhereAnAttributeWantsAList_isRefused() {
    IrParseException e = assertThrows(IrParseException.class, () -> GraphParser.parse(
        "%x = placeholder() : tensor<int32>[2]\n%y = sparse_set_shape(%x) {shape = S(a=[1])} : tensor<int32>[2]\n", "t.tat"));
    assertTrue(e.getMessage().contains("attribute 'shape' must be INTS, got S(a=[1])"), e.getMessage());
  }
}
