package dev.tatter.arrow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.arrow.ArrowRagged.NullRows;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.RaggedTensor;
import java.util.List;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.complex.LargeListVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.junit.jupiter.api.Test;

/** Arrow list vectors to and from ragged tensors: splits dtypes, nesting, inner dims, slices, nulls (dtypes: {@link ArrowDTypesTest}). */
class ArrowRaggedTest extends ArrowAllocatorFixture {
  private RaggedTensor roundTrip(RaggedTensor rt, Class<?> expectedVector) {
    try (FieldVector v = ArrowRagged.toListVector(rt, "x", allocator)) {
      assertInstanceOf(expectedVector, v);
      assertEquals(rt.nrows(), v.getValueCount());
      return ArrowRagged.toRagged(v, NullRows.REFUSE);
    }
  }

  @Test
  void roundTrips_int32SplitsAsList_int64AsLargeList_everyValueDtype() {
    RaggedTensor i32 = RaggedTensor.fromNested(new float[][] {{1.5f, Float.NaN}, {}, {-0f}}, null, -1, DType.INT32);
    assertEquals(i32, roundTrip(i32, ListVector.class));
    for (Object data : List.<Object>of(new long[][] {{Long.MIN_VALUE}, {}, {1, 2}}, new int[][] {{7}, {}},
        new short[][] {{}, {3}}, new byte[][] {{-1, 1}}, new double[][] {{Double.MAX_VALUE}, {}},
        new boolean[][] {{true, false}, {true}}, new String[][] {{"a", "日本"}, {}, {""}})) {
      RaggedTensor rt = RaggedTensor.fromNested(data);
      assertEquals(rt, roundTrip(rt, LargeListVector.class), rt.toString());
    }
  }

  @Test
  void roundTrips_nestedRaggedAndUniformInnerDims() {
    // tf.ragged.constant([[[1, 2], [3]], [], [[4]]]) (ragged_rank 2)
    RaggedTensor nested = RaggedTensor.fromNested(new long[][][] {{{1, 2}, {3}}, {}, {{4}}});
    assertEquals(nested, roundTrip(nested, LargeListVector.class));
    // tf.ragged.constant([[[1, 2], [3, 4]], [[5, 6]]], ragged_rank=1): flat values [3, 2] as FixedSizeList(2)
    RaggedTensor inner = RaggedTensor.fromNested(new int[][][] {{{1, 2}, {3, 4}}, {{5, 6}}}, null, 1, DType.INT32);
    assertEquals(inner, roundTrip(inner, ListVector.class));
  }

  @Test
  void readsASliceWhoseOffsetsDoNotStartAtZero() {
    try (ListVector list = ListVector.empty("slice", allocator)) {
      BigIntVector values = (BigIntVector) list.addOrGetVector(FieldType.notNullable(new ArrowType.Int(64, true)))
          .getVector();
      list.allocateNew(); // allocates the child too: fill it after
      values.allocateNew(10);
      for (int i = 0; i < 10; i++) {
        values.set(i, 100 + i);
      }
      values.setValueCount(10);
      int[] offsets = {3, 5, 5, 8};
      for (int i = 0; i < offsets.length; i++) {
        list.getOffsetBuffer().setInt(i * 4L, offsets[i]);
      }
      for (int i = 0; i < 3; i++) {
        list.setNotNull(i);
      }
      list.setLastSet(2);
      list.setValueCount(3);
      RaggedTensor rt = ArrowRagged.toRagged(list, NullRows.REFUSE);
      assertEquals(RaggedTensor.fromNested(new long[][] {{103, 104}, {}, {105, 106, 107}}, null, -1, DType.INT32), rt);
    }
  }

  @Test
  void nullRows_areRefusedWithTheirIndex_orReadAsEmpty() {
    try (ListVector list = ListVector.empty("tokens", allocator)) {
      var writer = list.getWriter();
      writer.setPosition(0);
      writer.startList();
      writer.bigInt().writeBigInt(5);
      writer.endList();
      writer.setPosition(2);
      writer.startList();
      writer.bigInt().writeBigInt(6);
      writer.endList();
      list.setValueCount(3); // row 1 was never written: null
      InvalidArgumentException e = assertThrows(InvalidArgumentException.class,
          () -> ArrowRagged.toRagged(list, NullRows.REFUSE));
      assertEquals("arrow: tokens row 1 is null (a ragged tensor has no null rows; NullRows.AS_EMPTY reads it as an "
          + "empty row)", e.getMessage());
      assertEquals(RaggedTensor.fromNested(new long[][] {{5}, {}, {6}}, null, -1, DType.INT32),
          ArrowRagged.toRagged(list, NullRows.AS_EMPTY));
    }
  }

  @Test
  void nullValuesAndNonListVectors_areRefused() {
    try (ListVector list = ListVector.empty("tokens", allocator)) {
      var writer = list.getWriter();
      writer.setPosition(0);
      writer.startList();
      writer.bigInt().writeBigInt(5);
      writer.bigInt().writeNull();
      writer.endList();
      list.setValueCount(1);
      InvalidArgumentException e = assertThrows(InvalidArgumentException.class,
          () -> ArrowRagged.toRagged(list, NullRows.AS_EMPTY));
      assertEquals("arrow: tokens.values value 1 is null (a tensor has no null values)", e.getMessage());
    }
    try (BigIntVector flat = new BigIntVector("ids", allocator)) {
      flat.allocateNew(1);
      flat.set(0, 1);
      flat.setValueCount(1);
      InvalidArgumentException e = assertThrows(InvalidArgumentException.class,
          () -> ArrowRagged.toRagged(flat, NullRows.REFUSE));
      assertTrue(e.getMessage().startsWith("arrow: ids is a BigIntVector, not a list vector"), e.getMessage());
    }
  }
}
