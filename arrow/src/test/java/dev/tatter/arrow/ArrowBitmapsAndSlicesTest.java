package dev.tatter.arrow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.tatter.arrow.ArrowRagged.NullRows;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.RowPartition;
import dev.tatter.runtime.Tensor;
import java.util.SplittableRandom;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVectorHelper;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.complex.LargeListVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.junit.jupiter.api.Test;

/**
 * The bulk paths' edges: validity bitmaps read a word at a time (a null in the first, a middle or
 * the last partial word, scans that start inside a word), slices whose offsets do not start at 0
 * (at every nesting level), empty vectors and nested lists, and offsets that do not fit the values.
 */
class ArrowBitmapsAndSlicesTest extends ArrowAllocatorFixture {
  @Test
  void firstNull_agreesWithABitByBitScan_forEveryRangeOfMixedBitmaps() {
    int bits = 200; // three whole words and a partial one
    SplittableRandom random = new SplittableRandom(7);
    try (ArrowBuf buf = allocator.buffer(32)) {
      for (int pattern = 0; pattern < 6; pattern++) {
        buf.setOne(0L, 32L); // all valid, then a few clear bits (none for pattern 0)
        for (int k = 0; k < pattern; k++) {
          BitVectorHelper.unsetBit(buf, random.nextInt(bits));
        }
        if (pattern == 5) {
          BitVectorHelper.unsetBit(buf, bits - 1); // the very last slot, in the partial word
        }
        for (int from = 0; from <= bits; from += 3) {
          for (int to = from; to <= bits; to += 5) {
            long expected = -1;
            for (int i = from; i < to; i++) {
              if (BitVectorHelper.get(buf, i) == 0) {
                expected = i;
                break;
              }
            }
            assertEquals(expected, Validity.firstNull(buf, from, to), "pattern " + pattern + " [" + from + ", " + to + ")");
          }
        }
      }
    }
  }

  @Test
  void setAllValid_setsExactlyTheFirstNBits() {
    try (ArrowBuf buf = allocator.buffer(32)) {
      for (int n : new int[] {0, 1, 7, 8, 9, 63, 64, 65, 200}) {
        buf.setZero(0L, 32L);
        Validity.setAllValid(buf, n);
        for (int i = 0; i < 256; i++) {
          assertEquals(i < n ? 1 : 0, BitVectorHelper.get(buf, i), "n=" + n + " bit " + i);
        }
      }
    }
  }

  /** A list of {@code rows} rows of {@code i % 3} int64 values each (value = its position), row {@code nullRow} null. */
  private ListVector listWithNullRow(int rows, int nullRow) {
    ListVector list = ListVector.empty("tokens", allocator);
    var writer = list.getWriter();
    long value = 0;
    for (int r = 0; r < rows; r++) {
      if (r == nullRow) {
        continue; // never written: a null row with no values
      }
      writer.setPosition(r);
      writer.startList();
      for (int k = 0; k < r % 3; k++) {
        writer.bigInt().writeBigInt(value++);
      }
      writer.endList();
    }
    list.setValueCount(rows);
    return list;
  }

  @Test
  void aNullRowInTheLastPartialWord_orTheLastWholeWord_isRefusedWithItsIndex_orReadAsEmpty() {
    for (int[] rowsAndNull : new int[][] {{200, 199}, {200, 130}, {192, 191}, {192, 0}, {5, 4}}) {
      int rows = rowsAndNull[0];
      int nullRow = rowsAndNull[1];
      try (ListVector list = listWithNullRow(rows, nullRow)) {
        InvalidArgumentException e = assertThrows(InvalidArgumentException.class,
            () -> ArrowRagged.toRagged(list, NullRows.REFUSE));
        assertEquals("arrow: tokens row " + nullRow + " is null (a ragged tensor has no null rows; NullRows.AS_EMPTY "
            + "reads it as an empty row)", e.getMessage());
        RaggedTensor rt = ArrowRagged.toRagged(list, NullRows.AS_EMPTY);
        assertEquals(rows, rt.nrows());
        RowPartition p = rt.nestedPartitions().get(0);
        long value = 0;
        for (int r = 0; r < rows; r++) {
          int expected = r == nullRow ? 0 : r % 3;
          assertEquals(expected, p.rowLength(r), "row " + r);
          for (int k = 0; k < expected; k++) {
            assertEquals(value++, rt.flatValues().getLong(p.rowStart(r) + k));
          }
        }
      }
    }
  }

  @Test
  void aNullValueInTheLastPartialWord_isRefusedWithItsIndex() {
    for (int nullAt : new int[] {129, 127, 64, 0}) {
      try (ListVector list = ListVector.empty("scores", allocator)) {
        var writer = list.getWriter();
        writer.setPosition(0);
        writer.startList();
        for (int i = 0; i < 130; i++) {
          if (i == nullAt) {
            writer.float4().writeNull();
          } else {
            writer.float4().writeFloat4(i);
          }
        }
        writer.endList();
        list.setValueCount(1);
        InvalidArgumentException e = assertThrows(InvalidArgumentException.class,
            () -> ArrowRagged.toRagged(list, NullRows.AS_EMPTY));
        assertEquals("arrow: scores.values value " + nullAt + " is null (a tensor has no null values)", e.getMessage());
      }
    }
  }

  /**
   * An outer list whose offsets are [1, 3] over an inner list of 3 rows whose offsets are [0, 70,
   * 140, 210] over 210 float values (value i = i): as a slice of larger vectors would be. The outer
   * row is inner rows 1 and 2, so the values read are 70..209, a range that starts inside a bitmap
   * word and ends in a partial one.
   */
  private ListVector nestedSlice(int nullValue, boolean nullInnerRow2) {
    ListVector outer = ListVector.empty("x", allocator);
    ListVector inner = (ListVector) outer.addOrGetVector(FieldType.notNullable(ArrowType.List.INSTANCE)).getVector();
    Float4Vector values = (Float4Vector) inner.addOrGetVector(
        FieldType.nullable(new ArrowType.FloatingPoint(org.apache.arrow.vector.types.FloatingPointPrecision.SINGLE)))
        .getVector();
    outer.allocateNew();
    inner.allocateNew();
    values.allocateNew(210);
    for (int i = 0; i < 210; i++) {
      if (i != nullValue) {
        values.set(i, i);
      }
    }
    values.setValueCount(210);
    int[] innerOffsets = {0, 70, 140, nullInnerRow2 ? 140 : 210};
    for (int i = 0; i < innerOffsets.length; i++) {
      inner.getOffsetBuffer().setInt(i * 4L, innerOffsets[i]);
    }
    for (int i = 0; i < 3; i++) {
      if (!(nullInnerRow2 && i == 2)) {
        inner.setNotNull(i);
      }
    }
    inner.setLastSet(2);
    inner.setValueCount(3);
    outer.getOffsetBuffer().setInt(0, 1);
    outer.getOffsetBuffer().setInt(4, 3);
    outer.setNotNull(0);
    outer.setLastSet(0);
    outer.setValueCount(1);
    values.setValueCount(210); // inner.setValueCount set it from its offsets
    return outer;
  }

  @Test
  void nestedSlicesNotStartingAtZero_areRebasedAtEveryLevel_andTheirNullsNamedFromTheSliceStart() {
    try (ListVector list = nestedSlice(-1, false)) {
      RaggedTensor rt = ArrowRagged.toRagged(list, NullRows.REFUSE);
      float[] expected = new float[140];
      for (int i = 0; i < 140; i++) {
        expected[i] = 70 + i;
      }
      // tf.RaggedTensor.from_nested_row_splits(values=70..209, nested_row_splits=[[0, 2], [0, 70, 140]])
      RaggedTensor want = RaggedTensor.ofNested(Tensor.ofFloats(expected), java.util.List.of(
          RowPartition.fromRowSplits(new long[] {0, 2}, DType.INT32, true),
          RowPartition.fromRowSplits(new long[] {0, 70, 140}, DType.INT32, true)));
      assertEquals(want, rt);
    }
    try (ListVector list = nestedSlice(200, false)) { // value 200 is the slice's value 130
      InvalidArgumentException e = assertThrows(InvalidArgumentException.class,
          () -> ArrowRagged.toRagged(list, NullRows.REFUSE));
      assertEquals("arrow: x.values.values value 130 is null (a tensor has no null values)", e.getMessage());
    }
    try (ListVector list = nestedSlice(-1, true)) { // inner row 2 is the slice's row 1
      InvalidArgumentException e = assertThrows(InvalidArgumentException.class,
          () -> ArrowRagged.toRagged(list, NullRows.REFUSE));
      assertEquals("arrow: x.values row 1 is null (a ragged tensor has no null rows; NullRows.AS_EMPTY reads it as "
          + "an empty row)", e.getMessage());
      RaggedTensor rt = ArrowRagged.toRagged(list, NullRows.AS_EMPTY);
      assertEquals(java.util.List.of(RowPartition.fromRowSplits(new long[] {0, 2}, DType.INT32, true),
          RowPartition.fromRowSplits(new long[] {0, 70, 70}, DType.INT32, true)), rt.nestedPartitions());
    }
  }

  @Test
  void emptyVectorsAndEmptyRows_roundTrip() {
    // tf.ragged.constant([], ragged_rank=1) has 0 rows; [[], []] has rows but no values
    for (RaggedTensor rt : new RaggedTensor[] {
        RaggedTensor.of(Tensor.ofFloats(new float[0]), RowPartition.fromRowSplits(new long[] {0}, DType.INT32, true)),
        RaggedTensor.of(Tensor.ofFloats(new float[0]), RowPartition.fromRowSplits(new long[] {0}, DType.INT64, true)),
        RaggedTensor.fromNested(new long[][] {{}, {}}),
        RaggedTensor.fromNested(new long[][][] {{}, {{}, {}}})}) {
      try (FieldVector v = ArrowRagged.toListVector(rt, "e", allocator)) {
        assertEquals(rt.nrows(), v.getValueCount());
        assertEquals(0, v.getNullCount());
        assertEquals(rt, ArrowRagged.toRagged(v, NullRows.REFUSE), rt.toString());
      }
    }
    try (ListVector empty = ListVector.empty("none", allocator)) {
      empty.addOrGetVector(FieldType.notNullable(new ArrowType.Int(64, true)));
      empty.setValueCount(0);
      assertEquals(RaggedTensor.of(Tensor.ofLongs(new long[0]), RowPartition.fromRowSplits(new long[] {0}, DType.INT32,
          true)), ArrowRagged.toRagged(empty, NullRows.REFUSE));
    }
  }

  @Test
  void toListVector_writesTheSplitsAsOffsets_andEveryRowValid_atEveryNestingLevel() {
    SplittableRandom random = new SplittableRandom(3);
    long[] outer = new long[78]; // 77 rows: not a multiple of 8 or 64
    for (int i = 1; i < outer.length; i++) {
      outer[i] = outer[i - 1] + random.nextInt(4);
    }
    long[] inner = new long[(int) outer[outer.length - 1] + 1];
    for (int i = 1; i < inner.length; i++) {
      inner[i] = inner[i - 1] + random.nextInt(5);
    }
    long[] values = new long[(int) inner[inner.length - 1]];
    for (int i = 0; i < values.length; i++) {
      values[i] = random.nextLong();
    }
    for (DType splits : new DType[] {DType.INT32, DType.INT64}) {
      RaggedTensor rt = RaggedTensor.ofNested(Tensor.ofLongs(values), java.util.List.of(
          RowPartition.fromRowSplits(outer, splits, true), RowPartition.fromRowSplits(inner, splits, true)));
      try (FieldVector v = ArrowRagged.toListVector(rt, "n", allocator)) {
        FieldVector child = splits == DType.INT32 ? ((ListVector) v).getDataVector() : ((LargeListVector) v).getDataVector();
        FieldVector leaf = splits == DType.INT32 ? ((ListVector) child).getDataVector()
            : ((LargeListVector) child).getDataVector();
        int width = splits == DType.INT32 ? 4 : 8;
        for (long[] level : new long[][] {outer, inner}) {
          FieldVector vector = level == outer ? v : child;
          assertEquals(level.length - 1, vector.getValueCount());
          assertEquals(0, vector.getNullCount());
          for (int i = 0; i < level.length; i++) {
            long offset = width == 4 ? vector.getOffsetBuffer().getInt(i * 4L) : vector.getOffsetBuffer().getLong(i * 8L);
            assertEquals(level[i], offset, "offset " + i);
          }
          for (int i = 0; i + 1 < level.length; i++) {
            assertFalse(vector.isNull(i));
          }
        }
        assertEquals(values.length, leaf.getValueCount());
        for (int i = 0; i < values.length; i++) {
          assertEquals(values[i], ((BigIntVector) leaf).get(i));
        }
        assertEquals(rt, ArrowRagged.toRagged(v, NullRows.REFUSE));
      }
    }
  }

  @Test
  void offsetsPastTheValues_orNegative_areRefused() {
    try (LargeListVector list = LargeListVector.empty("big", allocator)) {
      BigIntVector values = (BigIntVector) list.addOrGetVector(FieldType.notNullable(new ArrowType.Int(64, true)))
          .getVector();
      list.allocateNew();
      values.allocateNew(4);
      values.setValueCount(4);
      list.getOffsetBuffer().setLong(0, 0);
      list.getOffsetBuffer().setLong(8, 3_000_000_000L); // beyond the values, and beyond int32
      list.setNotNull(0);
      list.setLastSet(0);
      list.setValueCount(1);
      values.setValueCount(4);
      InvalidArgumentException e = assertThrows(InvalidArgumentException.class,
          () -> ArrowRagged.toRagged(list, NullRows.REFUSE));
      assertEquals("arrow: big offsets reach value 3000000000 but big.values holds 4", e.getMessage());
    }
    try (ListVector list = ListVector.empty("neg", allocator)) {
      BigIntVector values = (BigIntVector) list.addOrGetVector(FieldType.notNullable(new ArrowType.Int(64, true)))
          .getVector();
      list.allocateNew();
      values.allocateNew(4);
      list.getOffsetBuffer().setInt(0, -2);
      list.getOffsetBuffer().setInt(4, 1);
      list.setNotNull(0);
      list.setLastSet(0);
      list.setValueCount(1);
      values.setValueCount(4);
      InvalidArgumentException e = assertThrows(InvalidArgumentException.class,
          () -> ArrowRagged.toRagged(list, NullRows.REFUSE));
      assertEquals("arrow: neg offset 0 is -2 (offsets are positions in the values, never negative)", e.getMessage());
    }
  }
}
