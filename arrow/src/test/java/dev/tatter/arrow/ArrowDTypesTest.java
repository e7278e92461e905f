package dev.tatter.arrow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.tatter.arrow.ArrowRagged.NullRows;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.RowPartition;
import dev.tatter.runtime.Tensor;
import java.math.BigInteger;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.Float2Vector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.UInt1Vector;
import org.apache.arrow.vector.UInt2Vector;
import org.apache.arrow.vector.UInt4Vector;
import org.apache.arrow.vector.UInt8Vector;
import org.apache.arrow.vector.complex.FixedSizeListVector;
import org.apache.arrow.vector.complex.LargeListVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.junit.jupiter.api.Test;

/**
 * Unsigned, half and complex values through Arrow: each dtype's Arrow vector, read back by Arrow's
 * own getters (so the bits mean to Arrow what they mean to Tatter), round trips, and refusals.
 */
class ArrowDTypesTest extends ArrowAllocatorFixture {
  /** Closes {@code list} as one row holding its first value, and returns why reading it is refused. */
  private static String refusalOfOneRow(ListVector list) {
    list.startNewValue(0);
    list.endValue(0, 1);
    list.setValueCount(1);
    return assertThrows(InvalidArgumentException.class, () -> ArrowRagged.toRagged(list, NullRows.REFUSE)).getMessage();
  }

  private static RaggedTensor oneRow(Tensor values) {
    return RaggedTensor.of(values, RowPartition.fromRowSplits(new long[] {0, values.size()}, DType.INT32, true));
  }

  @Test
  void unsignedIntegers_areArrowsUnsignedInts_atTheirBounds() {
    // Int(8, false) .. Int(64, false) hold 0 .. 2^N - 1; Arrow's getValueAsLong / getObjectNoOverflow read them unsigned
    RaggedTensor u8 = oneRow(Tensor.ofUint8(0, 255, 128));
    RaggedTensor u16 = oneRow(Tensor.ofUint16(65535, 1));
    RaggedTensor u32 = oneRow(Tensor.ofUint32(4294967295L, 2147483648L));
    RaggedTensor u64 = oneRow(Tensor.ofUint64(-1L, Long.MIN_VALUE, 7)); // raw bits of 2^64 - 1, 2^63, 7
    try (ListVector v8 = (ListVector) ArrowRagged.toListVector(u8, "a", allocator);
         ListVector v16 = (ListVector) ArrowRagged.toListVector(u16, "b", allocator);
         ListVector v32 = (ListVector) ArrowRagged.toListVector(u32, "c", allocator);
         ListVector v64 = (ListVector) ArrowRagged.toListVector(u64, "d", allocator)) {
      UInt1Vector a = assertInstanceOf(UInt1Vector.class, v8.getDataVector());
      assertEquals(new ArrowType.Int(8, false), a.getField().getType());
      assertEquals(255, a.getValueAsLong(1));
      assertEquals(128, a.getValueAsLong(2));
      assertEquals(65535, assertInstanceOf(UInt2Vector.class, v16.getDataVector()).getValueAsLong(0));
      assertEquals(4294967295L, assertInstanceOf(UInt4Vector.class, v32.getDataVector()).getValueAsLong(0));
      UInt8Vector d = assertInstanceOf(UInt8Vector.class, v64.getDataVector());
      assertEquals(new BigInteger("18446744073709551615"), d.getObjectNoOverflow(0));
      assertEquals(BigInteger.ONE.shiftLeft(63), d.getObjectNoOverflow(1));
      assertEquals(u8, ArrowRagged.toRagged(v8, NullRows.REFUSE));
      assertEquals(u16, ArrowRagged.toRagged(v16, NullRows.REFUSE));
      assertEquals(u32, ArrowRagged.toRagged(v32, NullRows.REFUSE));
      assertEquals(u64, ArrowRagged.toRagged(v64, NullRows.REFUSE));
      d.setNull(2);
      InvalidArgumentException e = assertThrows(InvalidArgumentException.class, () -> ArrowRagged.toRagged(v64, NullRows.REFUSE));
      assertEquals("arrow: d.values value 2 is null (a tensor has no null values)", e.getMessage());
    }
  }

  @Test
  void unsignedValuesWrittenByArrow_readAsTheirUnsignedValues() {
    try (ListVector list = ListVector.empty("u", allocator)) {
      UInt2Vector values = (UInt2Vector) list.addOrGetVector(FieldType.notNullable(new ArrowType.Int(16, false)))
          .getVector();
      list.allocateNew();
      values.allocateNew(2);
      values.set(0, 65535);
      values.set(1, 40000);
      values.setValueCount(2);
      list.startNewValue(0);
      list.endValue(0, 2);
      list.setValueCount(1);
      Tensor flat = (Tensor) ArrowRagged.toRagged(list, NullRows.REFUSE).flatValues();
      assertEquals(DType.UINT16, flat.dtype());
      assertEquals(65535, flat.get(0));
      assertEquals(40000, flat.get(1));
    }
  }

  @Test
  void float16_isArrowsHalfFloat_bitForBit() {
    // binary16: 65504 = 0x7bff (max), 2^-24 = 0x0001 (smallest subnormal), -0.0 = 0x8000, -inf = 0xfc00
    RaggedTensor h = oneRow(Tensor.ofFloat16(65504f, 5.9604645e-8f, -0f, Float.NEGATIVE_INFINITY, Float.NaN));
    try (LargeListVector v = (LargeListVector) ArrowRagged.toListVector(
        RaggedTensor.of(h.values(), RowPartition.fromRowSplits(new long[] {0, 5}, DType.INT64, true)), "h", allocator)) {
      Float2Vector f = assertInstanceOf(Float2Vector.class, v.getDataVector());
      assertEquals(new ArrowType.FloatingPoint(FloatingPointPrecision.HALF), f.getField().getType());
      assertEquals(0x7bff, f.get(0));
      assertEquals(0x0001, f.get(1));
      assertEquals((short) 0x8000, f.get(2));
      assertEquals((short) 0xfc00, f.get(3));
      assertEquals(65504f, f.getValueAsFloat(0));
      assertEquals(5.9604645e-8f, f.getValueAsFloat(1));
      assertEquals(Float.NaN, f.getValueAsFloat(4));
      Tensor back = (Tensor) ArrowRagged.toRagged(v, NullRows.REFUSE).flatValues();
      assertEquals(h.values(), back);
      f.setNull(3); // a null half float is refused as any null value
      InvalidArgumentException e = assertThrows(InvalidArgumentException.class, () -> ArrowRagged.toRagged(v, NullRows.REFUSE));
      assertEquals("arrow: h.values value 3 is null (a tensor has no null values)", e.getMessage());
    }
  }

  @Test
  void complex_isAStructOfRealAndImag_complex64AsFloats_complex128AsDoubles() {
    // [[1+2j, nan-0j], [], [-0+infj]]
    RaggedTensor c64 = RaggedTensor.of(Tensor.ofComplex64(1f, 2f, Float.NaN, -0f, -0f, Float.POSITIVE_INFINITY),
        RowPartition.fromRowSplits(new long[] {0, 2, 2, 3}, DType.INT32, true));
    try (ListVector v = (ListVector) ArrowRagged.toListVector(c64, "c", allocator)) {
      StructVector s = assertInstanceOf(StructVector.class, v.getDataVector());
      assertEquals(java.util.List.of("real", "imag"), s.getChildFieldNames());
      Float4Vector re = assertInstanceOf(Float4Vector.class, s.getChild("real"));
      Float4Vector im = assertInstanceOf(Float4Vector.class, s.getChild("imag"));
      assertEquals(3, s.getValueCount());
      assertEquals(0, s.getNullCount());
      assertEquals(1f, re.get(0));
      assertEquals(2f, im.get(0));
      assertEquals(Float.NaN, re.get(1));
      assertEquals(-0f, im.get(1));
      assertEquals(Float.POSITIVE_INFINITY, im.get(2));
      assertEquals(c64, ArrowRagged.toRagged(v, NullRows.REFUSE));
    }
    RaggedTensor c128 = RaggedTensor.of(Tensor.ofComplex128(0.1, -1e-300, Double.MAX_VALUE, 0),
        RowPartition.fromRowSplits(new long[] {0, 0, 2}, DType.INT64, true));
    try (LargeListVector v = (LargeListVector) ArrowRagged.toListVector(c128, "z", allocator)) {
      StructVector s = assertInstanceOf(StructVector.class, v.getDataVector());
      assertEquals(-1e-300, assertInstanceOf(Float8Vector.class, s.getChild("imag")).get(0));
      assertEquals(c128, ArrowRagged.toRagged(v, NullRows.REFUSE));
    }
  }

  @Test
  void complexWithAnInnerDimension_isAFixedSizeListOfStructs_andAFixedSizeListOfFloatsStaysFloat() {
    // ragged<complex64>[None, (None), 2]: the inner dimension is a FixedSizeList(2) of structs
    RaggedTensor c = RaggedTensor.of(Tensor.ofComplex64(1f, 2f, 3f, 4f, 5f, 6f, 7f, 8f).reshape(2, 2),
        RowPartition.fromRowSplits(new long[] {0, 2}, DType.INT32, true));
    try (ListVector v = (ListVector) ArrowRagged.toListVector(c, "c", allocator)) {
      FixedSizeListVector inner = assertInstanceOf(FixedSizeListVector.class, v.getDataVector());
      assertInstanceOf(StructVector.class, inner.getDataVector());
      assertEquals(c, ArrowRagged.toRagged(v, NullRows.REFUSE));
    }
    // the same parts interleaved as FixedSizeList(2) of floats are a float32 dimension of 2, not complex
    RaggedTensor f = RaggedTensor.of(Tensor.ofFloats(1f, 2f, 3f, 4f).reshape(2, 2),
        RowPartition.fromRowSplits(new long[] {0, 2}, DType.INT32, true));
    try (ListVector v = (ListVector) ArrowRagged.toListVector(f, "f", allocator)) {
      RaggedTensor back = ArrowRagged.toRagged(v, NullRows.REFUSE);
      assertEquals(DType.FLOAT32, back.dtype());
      assertEquals(f, back);
    }
  }

  @Test
  void aNullComplexElement_orANullPart_isRefusedWithItsIndex() {
    RaggedTensor c = oneRow(Tensor.ofComplex64(1f, 2f, 3f, 4f));
    try (ListVector v = (ListVector) ArrowRagged.toListVector(c, "c", allocator)) {
      StructVector s = (StructVector) v.getDataVector();
      s.setNull(1);
      InvalidArgumentException e = assertThrows(InvalidArgumentException.class, () -> ArrowRagged.toRagged(v, NullRows.REFUSE));
      assertEquals("arrow: c.values value 1 is null (a tensor has no null values)", e.getMessage());
    }
    try (ListVector v = (ListVector) ArrowRagged.toListVector(c, "c", allocator)) {
      ((Float4Vector) ((StructVector) v.getDataVector()).getChild("imag")).setNull(0);
      InvalidArgumentException e = assertThrows(InvalidArgumentException.class, () -> ArrowRagged.toRagged(v, NullRows.REFUSE));
      assertEquals("arrow: c.values.imag value 0 is null (a tensor has no null values)", e.getMessage());
    }
  }

  @Test
  void bfloat16_hasNoArrowType_andIsRefused() {
    RaggedTensor b = oneRow(Tensor.ofBfloat16(1f));
    InvalidArgumentException e = assertThrows(InvalidArgumentException.class,
        () -> ArrowRagged.toListVector(b, "b", allocator).close());
    assertEquals("arrow: bfloat16 values have no Arrow type (Arrow's floats are HALF, SINGLE and DOUBLE; cast to"
        + " float32, which holds every bfloat16 exactly)", e.getMessage());
  }

  @Test
  void aStructThatIsNotRealAndImag_isRefused() {
    try (ListVector list = ListVector.empty("p", allocator)) {
      StructVector s = (StructVector) list.addOrGetVector(FieldType.notNullable(ArrowType.Struct.INSTANCE)).getVector();
      IntVector x = s.addOrGet("x", FieldType.notNullable(new ArrowType.Int(32, true)), IntVector.class);
      s.addOrGet("y", FieldType.notNullable(new ArrowType.Int(32, true)), IntVector.class);
      list.allocateNew();
      x.setSafe(0, 1);
      s.setIndexDefined(0);
      s.setValueCount(1);
      assertEquals("arrow: p.values is a Struct of [x: Int(32, true) not null, y: Int(32, true) not null]; Tatter reads a"
          + " struct as complex values only when its children are exactly real and imag, both FloatingPoint(SINGLE) or"
          + " both FloatingPoint(DOUBLE)", refusalOfOneRow(list));
    }
  }

  @Test
  void aValueTypeTatterHasNoDtypeFor_isRefusedNamingIt() {
    try (ListVector list = ListVector.empty("x", allocator)) {
      DecimalVector d = (DecimalVector) list.addOrGetVector(FieldType.notNullable(new ArrowType.Decimal(10, 2, 128)))
          .getVector();
      list.allocateNew();
      d.allocateNew(1);
      d.set(0, 1);
      d.setValueCount(1);
      assertEquals("arrow: x.values holds Decimal(10, 2, 128) values; Tatter reads Int(8, 16, 32, 64, signed or unsigned),"
          + " FloatingPoint(HALF, SINGLE, DOUBLE), Bool, Utf8, LargeUtf8, Binary, LargeBinary and Struct<real, imag> (complex)", refusalOfOneRow(list));
    }
  }
}
