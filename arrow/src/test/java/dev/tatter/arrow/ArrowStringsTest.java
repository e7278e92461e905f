package dev.tatter.arrow;

import dev.tatter.runtime.Utf8;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.tatter.arrow.ArrowRagged.NullRows;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.RowPartition;
import dev.tatter.runtime.Tensor;
import java.nio.charset.StandardCharsets;
import org.apache.arrow.vector.BaseLargeVariableWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.LargeVarBinaryVector;
import org.apache.arrow.vector.LargeVarCharVector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.junit.jupiter.api.Test;

/**
 * String leaves between Arrow and ragged string tensors, each direction on its own with non-ASCII
 * text, so that a decode on one side cannot hide an encode on the other: {@code Utf8},
 * {@code LargeUtf8}, {@code Binary}, {@code LargeBinary}; the refusals A11 and A13.
 */
class ArrowStringsTest extends ArrowAllocatorFixture {
  private static final byte[] HELLO = "héllo".getBytes(StandardCharsets.UTF_8); // 68 c3 a9 6c 6c 6f
  private static final byte[] NIHON = "日本".getBytes(StandardCharsets.UTF_8);
  private static final byte[] NOT_UTF8 = {(byte) 0xff, 'a'};

  /** A List of {@code type} with rows {@code [values[0], values[1]], [], [values[2..]]} written through Arrow's own API. */
  private ListVector listOf(ArrowType type, byte[]... values) {
    ListVector list = ListVector.empty("words", allocator);
    list.addOrGetVector(FieldType.notNullable(type));
    list.allocateNew(); // allocates the child too: before it is written
    FieldVector child = list.getDataVector();
    for (int i = 0; i < values.length; i++) {
      if (child instanceof BaseVariableWidthVector v) {
        v.setSafe(i, values[i]);
      } else {
        ((BaseLargeVariableWidthVector) child).setSafe(i, values[i]);
      }
    }
    child.setValueCount(values.length);
    int[] rowLengths = {2, 0, values.length - 2};
    for (int row = 0; row < rowLengths.length; row++) {
      list.startNewValue(row);
      list.endValue(row, rowLengths[row]);
    }
    list.setValueCount(rowLengths.length);
    return list;
  }

  /** Rows {@code [values[0], values[1]], [], [values[2..]]}, int32 splits: written as a List. */
  private static RaggedTensor ragged(Tensor values) {
    return RaggedTensor.of(values, RowPartition.fromRowSplits(new long[] {0, 2, 2, values.size()}, DType.INT32, true));
  }

  private static byte[] childBytes(FieldVector list, int i) {
    FieldVector child = ((ListVector) list).getDataVector();
    return child instanceof BaseVariableWidthVector v ? v.get(i) : ((BaseLargeVariableWidthVector) child).get(i);
  }

  @Test
  void utf8ToTatter_elementsAreTheUtf8_textDecodesThem() {
    for (ArrowType type : new ArrowType[] {ArrowType.Utf8.INSTANCE, ArrowType.LargeUtf8.INSTANCE}) {
      try (ListVector list = listOf(type, HELLO, NIHON, "".getBytes(StandardCharsets.UTF_8))) {
        RaggedTensor rt = ArrowRagged.toRagged(list, NullRows.REFUSE);
        Tensor flat = rt.flatValues();
        assertEquals(DType.STRING, flat.dtype());
        // tf.constant([["héllo", "日本"], [], [""]]) holds b'h\xc3\xa9llo' (6 bytes), b'\xe6\x97\xa5\xe6\x9c\xac'
        assertArrayEquals(HELLO, flat.getBytes(0), type.toString());
        assertArrayEquals(NIHON, flat.getBytes(1), type.toString());
        assertEquals(0, flat.getBytes(2).length);
        assertEquals("héllo", flat.getText(0));
        assertEquals("日本", flat.getText(1));
        assertArrayEquals(new long[] {0, 2, 2, 3}, rt.partition().rowSplitsArray());
      }
    }
  }

  @Test
  void tatterToUtf8_valuesAreTheUtf8_arrowReadsTheText() {
    RaggedTensor rt = ragged(Tensor.ofStrings("héllo", "日本", "x"));
    try (FieldVector v = ArrowRagged.toListVector(rt, "out", allocator)) {
      VarCharVector child = assertInstanceOf(VarCharVector.class, ((ListVector) v).getDataVector());
      assertArrayEquals(HELLO, child.get(0));
      assertArrayEquals(NIHON, child.get(1));
      assertEquals("héllo", child.getObject(0).toString()); // Arrow's Text decodes UTF-8
      assertEquals(3, child.getValueCount());
    }
    try (FieldVector v = ArrowRagged.toListVector(rt, "out", allocator, ArrowStrings.Kind.LARGE_UTF8)) {
      LargeVarCharVector child = assertInstanceOf(LargeVarCharVector.class, ((ListVector) v).getDataVector());
      assertArrayEquals(HELLO, child.get(0));
      assertEquals("日本", child.getObject(1).toString());
    }
  }

  @Test
  void binaryToTatter_anyBytesAsTheyAre() {
    for (ArrowType type : new ArrowType[] {ArrowType.Binary.INSTANCE, ArrowType.LargeBinary.INSTANCE}) {
      try (ListVector list = listOf(type, NOT_UTF8, HELLO, NIHON)) {
        Tensor flat = ArrowRagged.toRagged(list, NullRows.REFUSE).flatValues();
        assertArrayEquals(NOT_UTF8, flat.getBytes(0), type.toString());
        assertArrayEquals(HELLO, flat.getBytes(1));
        assertEquals("\ufffda", flat.getText(0)); // the text getter: one U+FFFD for the ill-formed byte
      }
    }
  }

  @Test
  void tatterToBinary_anyBytesAsTheyAre() {
    RaggedTensor rt = ragged(Tensor.ofByteStrings(NOT_UTF8, HELLO, NIHON));
    try (FieldVector v = ArrowRagged.toListVector(rt, "out", allocator, ArrowStrings.Kind.BINARY)) {
      assertInstanceOf(VarBinaryVector.class, ((ListVector) v).getDataVector());
      assertArrayEquals(NOT_UTF8, childBytes(v, 0));
      assertArrayEquals(HELLO, childBytes(v, 1));
      assertArrayEquals(NIHON, childBytes(v, 2));
    }
    try (FieldVector v = ArrowRagged.toListVector(rt, "out", allocator, ArrowStrings.Kind.LARGE_BINARY)) {
      assertInstanceOf(LargeVarBinaryVector.class, ((ListVector) v).getDataVector());
      assertArrayEquals(NOT_UTF8, childBytes(v, 0));
      assertArrayEquals(NIHON, childBytes(v, 2));
    }
  }

  @Test
  void a09_notUtf8_refusedForUtf8_namingTheValue() {
    RaggedTensor rt = ragged(Tensor.ofByteStrings(HELLO, NOT_UTF8, NIHON));
    for (ArrowStrings.Kind kind : new ArrowStrings.Kind[] {ArrowStrings.Kind.UTF8, ArrowStrings.Kind.LARGE_UTF8}) {
      InvalidArgumentException e = assertThrows(InvalidArgumentException.class,
          () -> ArrowRagged.toListVector(rt, "out", allocator, kind));
      assertEquals("arrow: out.values value 1 is not UTF-8 (b'\\xffa'); an Arrow " + (kind == ArrowStrings.Kind.UTF8 ? "Utf8" : "LargeUtf8")
          + " holds text only: write it as Binary (ArrowStrings.Kind.BINARY)", e.getMessage());
    }
  }

  @Test
  void a10_offsetsThatDecreaseOrLeaveTheBytes_refusedNamingTheOffset() {
    byte[][] words = {"abc".getBytes(StandardCharsets.UTF_8), "d".getBytes(StandardCharsets.UTF_8), "ef".getBytes(StandardCharsets.UTF_8)};
    try (ListVector list = listOf(ArrowType.Utf8.INSTANCE, words)) {
      ((VarCharVector) list.getDataVector()).getOffsetBuffer().setInt(2 * 4, 1); // offsets 0, 3, 1, 6
      InvalidArgumentException e = assertThrows(InvalidArgumentException.class, () -> ArrowRagged.toRagged(list, NullRows.REFUSE));
      assertEquals("arrow: words.values offset 2 is 1, below offset 1 (3)", e.getMessage());
    }
    try (ListVector list = listOf(ArrowType.Utf8.INSTANCE, words)) {
      ((VarCharVector) list.getDataVector()).getOffsetBuffer().setInt(3 * 4, 2); // offsets 0, 3, 4, 2: the last below the others
      InvalidArgumentException e = assertThrows(InvalidArgumentException.class, () -> ArrowRagged.toRagged(list, NullRows.REFUSE));
      assertEquals("arrow: words.values offset 1 is 3, past the 2 bytes", e.getMessage());
    }
  }
}
