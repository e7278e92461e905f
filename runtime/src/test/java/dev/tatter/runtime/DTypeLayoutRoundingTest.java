package dev.tatter.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.lang.invoke.MethodHandle;
import org.junit.jupiter.api.Test;

/**
 * The rounding {@link DTypeLayout} derives from a dtype's row: {@code roundTrip} (what storing a
 * computed value keeps, the runtime twin of codegen's {@code ElementCode.wrap}) and {@code nearest}
 * (a double rounded once to the dtype), on the values where the formats differ.
 */
class DTypeLayoutRoundingTest {
  @Test
  void roundTrip_isWhatAStoreAndALoadKeep() throws Throwable {
    // np.array([1 + 2**-11, 1 + 3 * 2**-11, 65520, 1e-8], np.float32).astype(np.float16)
    //   -> [1.0, 1.002, inf, 0.0]: ties to even, overflow to inf, underflow to 0
    assertEquals(1.0f, DType.FLOAT16.layout().roundTrip(1 + 0x1p-11f));
    assertEquals(1 + 0x1p-9f, DType.FLOAT16.layout().roundTrip(1 + 3 * 0x1p-11f));
    assertEquals(Float.POSITIVE_INFINITY, DType.FLOAT16.layout().roundTrip(65520f));
    assertEquals(0f, DType.FLOAT16.layout().roundTrip(1e-8f));
    // tf.cast(tf.constant([1 + 2**-10, 65520.], tf.float32), tf.bfloat16) -> [1.0, 65536.0]
    assertEquals(1.0f, DType.BFLOAT16.layout().roundTrip(1 + 0x1p-10f));
    assertEquals(65536f, DType.BFLOAT16.layout().roundTrip(65520f));
    // a NaN keeps its sign and becomes the format's quiet NaN (float16 0xfe00, widened)
    assertEquals(0xFFC00000, Float.floatToRawIntBits(DType.FLOAT16.layout().roundTrip(Float.intBitsToFloat(0xFF800001))));
    assertEquals(0.1f, DType.FLOAT32.layout().roundTrip(0.1f));

    // int8 wraps, uint8 keeps the low byte zero-extended: np.int8(300) == 44, np.uint8(-1) == 255
    MethodHandle int8 = DType.INT8.layout().roundTrip();
    assertEquals(44, (int) int8.invokeExact(300));
    assertEquals(-1, (int) int8.invokeExact(255));
    MethodHandle uint8 = DType.UINT8.layout().roundTrip();
    assertEquals(255, (int) uint8.invokeExact(-1));
    MethodHandle uint32 = DType.UINT32.layout().roundTrip();
    assertEquals(0xFFFFFFFFL, (long) uint32.invokeExact(-1L));
    MethodHandle string = DType.STRING.layout().roundTrip();
    byte[] a = {'a'};
    assertSame(a, (byte[]) string.invokeExact(a)); // a string element (its bytes) is stored as it is
  }

  @Test
  void nearest_roundsADoubleOnce() {
    // np.float16(1.00048828125 + 1e-12) -> 1.001 (one rounding, above the tie); through float32 it
    // would be the tie 1.00048828125 and round to even, 1.0
    assertEquals(1 + 0x1p-10, DType.FLOAT16.layout().nearest(1.00048828125 + 1e-12));
    assertEquals(1.0, DType.FLOAT16.layout().roundTrip((float) (1.00048828125 + 1e-12)));
    assertEquals(1 + 0x1p-7, DType.BFLOAT16.layout().nearest(1 + 0x1p-8 + 1e-12));
    assertEquals((double) 0.1f, DType.FLOAT32.layout().nearest(0.1));
    assertEquals(0.1, DType.FLOAT64.layout().nearest(0.1));
  }

  @Test
  void floatAccessors_readAndWriteTheStorage_andRefuseOtherComputeTypes() {
    Object bits = DType.FLOAT16.layout().newArray(1);
    DType.FLOAT16.layout().setFloat(bits, 0, 0.1f);
    assertEquals((short) 0x2E66, ((short[]) bits)[0]); // np.float16(0.1).view(np.uint16) == 0x2e66
    assertEquals(0.0999755859375f, DType.FLOAT16.layout().getFloat(bits, 0));
    IllegalStateException e = assertThrows(IllegalStateException.class, () -> DType.INT32.layout().roundTrip(1f));
    assertEquals("int32 does not compute in float", e.getMessage());
    assertThrows(IllegalStateException.class, () -> DType.FLOAT64.layout().getFloat(new double[1], 0));
    assertThrows(IllegalStateException.class, () -> DType.INT8.layout().nearest(1.0));
  }
}
