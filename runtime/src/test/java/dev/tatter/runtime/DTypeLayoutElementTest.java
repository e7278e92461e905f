package dev.tatter.runtime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.EnumSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The two element questions {@link DTypeLayout} answers for every dtype — is an element zero
 * (TF's {@code x != 0}, as {@code tf.sparse.from_dense} asks it) and are two elements equal (TF's
 * {@code Equal}, as {@code RaggedTensor.from_tensor(padding=...)} asks it) — checked per dtype on
 * the values where the answer is easy to get wrong: ±0, NaN, raw unsigned bits, half-float bits.
 */
class DTypeLayoutElementTest {
  /** Each case: a tensor and, per element, whether {@code x != 0} is false for it (numpy: {@code x == 0}). */
  private record ZeroCase(Tensor tensor, boolean[] zero) {}

  private static final ZeroCase[] ZERO_CASES = {
    new ZeroCase(Tensor.ofBools(false, true), new boolean[] {true, false}),
    new ZeroCase(Tensor.of(DType.INT8, new byte[] {0, -128, 1}, 3), new boolean[] {true, false, false}),
    new ZeroCase(Tensor.of(DType.INT16, new short[] {0, -1}, 2), new boolean[] {true, false}),
    new ZeroCase(Tensor.ofInts(0, Integer.MIN_VALUE), new boolean[] {true, false}),
    new ZeroCase(Tensor.ofLongs(0L, Long.MIN_VALUE), new boolean[] {true, false}),
    // np.float32([0.0, -0.0, nan, 1e-45]) != 0 -> [False, False, True, True]
    new ZeroCase(Tensor.ofFloats(0f, -0f, Float.NaN, Float.MIN_VALUE), new boolean[] {true, true, false, false}),
    new ZeroCase(Tensor.ofDoubles(0d, -0d, Double.NaN, Double.MIN_VALUE), new boolean[] {true, true, false, false}),
    new ZeroCase(Tensor.ofStrings("", "a"), new boolean[] {true, false}),
    new ZeroCase(Tensor.ofUint8(0, 255, 128), new boolean[] {true, false, false}),
    new ZeroCase(Tensor.ofUint16(0, 65535), new boolean[] {true, false}),
    new ZeroCase(Tensor.ofUint32(0L, 4294967295L), new boolean[] {true, false}),
    new ZeroCase(Tensor.ofUint64(0L, -1L, Long.MIN_VALUE), new boolean[] {true, false, false}),
    // float16 -0.0 is the bit pattern 0x8000, a nonzero short that is still a zero value
    new ZeroCase(Tensor.ofFloat16(0f, -0f, Float.NaN, 1f), new boolean[] {true, true, false, false}),
    new ZeroCase(Tensor.ofBfloat16(0f, -0f, Float.NaN, 1f), new boolean[] {true, true, false, false}),
    // np.complex64([0j, complex(-0.0, -0.0), 1j, complex(nan, 0)]) != 0 -> [False, False, True, True]
    new ZeroCase(Tensor.ofComplex64(0f, 0f, -0f, -0f, 0f, 1f, Float.NaN, 0f), new boolean[] {true, true, false, false}),
    new ZeroCase(Tensor.ofComplex128(0d, 0d, -0d, -0d, 1d, 0d, 0d, Double.NaN), new boolean[] {true, true, false, false}),
  };

  @Test
  void isZero_answersTfNotEqualZero_onEveryDtype() {
    Set<DType> covered = EnumSet.noneOf(DType.class);
    for (ZeroCase c : ZERO_CASES) {
      Tensor t = c.tensor();
      boolean[] got = new boolean[t.size()];
      for (int i = 0; i < got.length; i++) {
        got[i] = t.dtype().layout().isZero(t.unsafeData(), i);
      }
      assertArrayEquals(c.zero(), got, t.dtype().toString());
      covered.add(t.dtype());
    }
    assertEquals(EnumSet.allOf(DType.class), covered, "every dtype has a zero case");
  }

  @Test
  void equal_treatsSignedZerosAsEqualAndNanAsUnequal() {
    // np.float32(0.0) == np.float32(-0.0) -> True; nan == nan -> False
    Tensor f = Tensor.ofFloats(0f, -0f, Float.NaN);
    assertTrue(DType.FLOAT32.layout().equal(f.unsafeData(), 0, f.unsafeData(), 1));
    assertFalse(DType.FLOAT32.layout().equal(f.unsafeData(), 2, f.unsafeData(), 2));
    Tensor h = Tensor.ofFloat16(0f, -0f, Float.NaN);
    assertTrue(DType.FLOAT16.layout().equal(h.unsafeData(), 0, h.unsafeData(), 1));
    assertFalse(DType.FLOAT16.layout().equal(h.unsafeData(), 2, h.unsafeData(), 2));
    // complex(0, -0.0) == 0j -> True; complex(nan, 0) == complex(nan, 0) -> False
    Tensor c = Tensor.ofComplex128(0d, -0d, 0d, 0d, Double.NaN, 0d, 1d, 2d, 1d, 2d);
    DTypeLayout l = DType.COMPLEX128.layout();
    assertTrue(l.equal(c.unsafeData(), 0, c.unsafeData(), 1));
    assertFalse(l.equal(c.unsafeData(), 2, c.unsafeData(), 2));
    assertTrue(l.equal(c.unsafeData(), 3, c.unsafeData(), 4));
    assertFalse(l.equal(c.unsafeData(), 1, c.unsafeData(), 3));
  }

  @Test
  void equal_comparesUnsignedAndStringsByValue() {
    Tensor u = Tensor.ofUint64(-1L, -1L, Long.MAX_VALUE);
    assertTrue(DType.UINT64.layout().equal(u.unsafeData(), 0, u.unsafeData(), 1));
    assertFalse(DType.UINT64.layout().equal(u.unsafeData(), 0, u.unsafeData(), 2));
    Tensor s = Tensor.ofStrings("ab", new String("ab"), "b");
    assertTrue(DType.STRING.layout().equal(s.unsafeData(), 0, s.unsafeData(), 1));
    assertFalse(DType.STRING.layout().equal(s.unsafeData(), 0, s.unsafeData(), 2));
    Tensor b = Tensor.ofBools(true, true, false);
    assertTrue(DType.BOOL.layout().equal(b.unsafeData(), 0, b.unsafeData(), 1));
    assertFalse(DType.BOOL.layout().equal(b.unsafeData(), 0, b.unsafeData(), 2));
  }
}
