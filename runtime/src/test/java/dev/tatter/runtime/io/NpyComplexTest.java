package dev.tatter.runtime.io;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.runtime.Complex128;
import dev.tatter.runtime.Complex64;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.Tensor;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * complex64 / complex128 in {@code .npy} ({@code <c8}, {@code <c16}) and {@code .npz}: files NumPy
 * 2.4 wrote (each base64 literal is the output of the {@code np.save} / {@code np.savez} call above
 * it), a file built byte by byte from NumPy's format description, and bit-exact round trips.
 */
class NpyComplexTest {
  private static Tensor read(byte[] bytes) throws IOException {
    return Npy.read(new ByteArrayInputStream(bytes));
  }

  private static Tensor read(String base64) throws IOException {
    return read(Base64.getDecoder().decode(base64));
  }

  // np.save(f, np.array([1+2j, -0.5-0j, complex(inf, nan)], dtype='<c8'))
  private static final String C8 = "k05VTVBZAQB2AHsnZGVzY3InOiAnPGM4JywgJ2ZvcnRyYW5fb3JkZXInOiBGYWxzZSwgJ3NoYXBlJzogKDMsKSwgfSAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgIAoAAIA/AAAAQAAAAL8AAAAAAACAfwAAwH8=";
  // np.save(f, np.array([[1.25-3j], [1e300+1e-300j]], dtype='<c16'))
  private static final String C16 = "k05VTVBZAQB2AHsnZGVzY3InOiAnPGMxNicsICdmb3J0cmFuX29yZGVyJzogRmFsc2UsICdzaGFwZSc6ICgyLCAxKSwgfSAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgIAoAAAAAAAD0PwAAAAAAAAjAnHUAiDzkN35Z8/jCH26lAQ==";

  @Test
  void readsNumPysComplex64AndComplex128_andWritesTheSameBytes() throws IOException {
    Tensor c8 = read(C8);
    assertEquals(DType.COMPLEX64, c8.dtype());
    // Python's -0.5-0j is (-0.5+0j) - 0j = complex(-0.5, 0.0): the file holds +0.0 as the imaginary part
    assertEquals(Tensor.ofComplex64(1, 2, -0.5f, 0, Float.POSITIVE_INFINITY, Float.NaN), c8);
    assertArrayEquals(Base64.getDecoder().decode(C8), Npy.toBytes(c8));

    Tensor c16 = read(C16);
    assertEquals(DType.COMPLEX128, c16.dtype());
    assertArrayEquals(new int[] {2, 1}, c16.shape());
    assertEquals(new Complex128(1.25, -3), c16.get(0));
    assertEquals(new Complex128(1e300, 1e-300), c16.get(1));
    assertArrayEquals(Base64.getDecoder().decode(C16), Npy.toBytes(c16));
  }

  @Test
  void readsBigEndianComplex() throws IOException {
    // np.save(f, np.array([1+2j], dtype='>c16')): each part big-endian, real first
    Tensor t = read("k05VTVBZAQB2AHsnZGVzY3InOiAnPmMxNicsICdmb3J0cmFuX29yZGVyJzogRmFsc2UsICdzaGFwZSc6ICgxLCksIH0gICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgIAo/8AAAAAAAAEAAAAAAAAAA");
    assertEquals(Tensor.ofComplex128(1, 2), t);
  }

  /**
   * NumPy's format description (numpy.lib.format): the magic {@code \x93NUMPY}, version 1.0, a
   * little-endian uint16 header length, the header dict in ASCII padded with spaces and ended by
   * '\n' so that magic + version + length + header is a multiple of 64, then the data in C order;
   * a complex element is its real part then its imaginary part, each of half the item size.
   */
  @Test
  void writesTheBytesNumPysFormatDescriptionPrescribes() throws IOException {
    String dict = "{'descr': '<c8', 'fortran_order': False, 'shape': (2,), }";
    int headerLength = 128 - 10; // 10 + dict (58) + '\n' = 69 bytes, rounded up to 128
    ByteArrayOutputStream expected = new ByteArrayOutputStream();
    expected.write(new byte[] {(byte) 0x93, 'N', 'U', 'M', 'P', 'Y', 1, 0, (byte) headerLength, 0});
    expected.write((dict + " ".repeat(headerLength - dict.length() - 1) + "\n").getBytes(StandardCharsets.US_ASCII));
    // 1.0f = 0x3f800000, 2.0f = 0x40000000, -0.0f = 0x80000000, -1.5f = 0xbfc00000, little-endian
    expected.write(new byte[] {0, 0, (byte) 0x80, 0x3f, 0, 0, 0, 0x40, 0, 0, 0, (byte) 0x80, 0, 0, (byte) 0xc0, (byte) 0xbf});
    Tensor t = Tensor.ofComplex64(1, 2, -0f, -1.5f); // np.array([1+2j, complex(-0.0, -1.5)], dtype='<c8')
    assertArrayEquals(expected.toByteArray(), Npy.toBytes(t));

    String dict16 = "{'descr': '<c16', 'fortran_order': False, 'shape': (), }";
    ByteArrayOutputStream scalar = new ByteArrayOutputStream();
    scalar.write(new byte[] {(byte) 0x93, 'N', 'U', 'M', 'P', 'Y', 1, 0, (byte) headerLength, 0});
    scalar.write((dict16 + " ".repeat(headerLength - dict16.length() - 1) + "\n").getBytes(StandardCharsets.US_ASCII));
    // 0.5 = 0x3fe0000000000000, -2.0 = 0xc000000000000000, little-endian
    scalar.write(new byte[] {0, 0, 0, 0, 0, 0, (byte) 0xe0, 0x3f, 0, 0, 0, 0, 0, 0, 0, (byte) 0xc0});
    Tensor s = Tensor.scalar(DType.COMPLEX128, new Complex128(0.5, -2)); // np.complex128(0.5-2j)
    assertArrayEquals(scalar.toByteArray(), Npy.toBytes(s));
    assertEquals(s, read(scalar.toByteArray()));
  }

  @Test
  void roundTripsComplexBitForBit() throws IOException {
    float nanWithPayload = Float.intBitsToFloat(0x7fc00001);
    double doubleNanWithPayload = Double.longBitsToDouble(0x7ff8000000000005L);
    List<Tensor> cases = List.of(
        Tensor.ofComplex64(0, -0f, Float.MIN_VALUE, -Float.MAX_VALUE, nanWithPayload, Float.NEGATIVE_INFINITY),
        Tensor.ofComplex128(-0.0, 0, Double.MIN_VALUE, Double.MAX_VALUE, Double.NEGATIVE_INFINITY, doubleNanWithPayload),
        Tensor.fromNested(new Complex64[][] {{new Complex64(1, 2)}, {new Complex64(3, 4)}}),
        Tensor.fromNested(new Complex128[0][]),
        Tensor.scalar(DType.COMPLEX64, new Complex64(7, -7)));
    for (Tensor t : cases) {
      Tensor back = read(Npy.toBytes(t));
      assertEquals(t.dtype(), back.dtype());
      assertArrayEquals(t.shape(), back.shape());
      for (int i = 0; i < t.size(); i++) {
        if (t.dtype() == DType.COMPLEX64) {
          Complex64 a = (Complex64) t.get(i);
          Complex64 b = (Complex64) back.get(i);
          assertEquals(Float.floatToRawIntBits(a.re()), Float.floatToRawIntBits(b.re()));
          assertEquals(Float.floatToRawIntBits(a.im()), Float.floatToRawIntBits(b.im()));
        } else {
          Complex128 a = (Complex128) t.get(i);
          Complex128 b = (Complex128) back.get(i);
          assertEquals(Double.doubleToRawLongBits(a.re()), Double.doubleToRawLongBits(b.re()));
          assertEquals(Double.doubleToRawLongBits(a.im()), Double.doubleToRawLongBits(b.im()));
        }
      }
    }
  }

  @Test
  void npz_readsNumPysComplexRaggedComponents_andRoundTripsThem() throws IOException {
    // np.savez(f, values=np.array([1+1j, 2-1j, 3j], dtype=np.complex64), row_splits=np.array([0, 1, 3], dtype=np.int64))
    byte[] npz = Base64.getDecoder().decode("UEsDBC0AAAAAAAAAIQB37Iun//////////8KABQAdmFsdWVzLm5weQEAEACYAAAAAAAAAJgAAAAAAAAAk05VTVBZAQB2AHsnZGVzY3InOiAnPGM4JywgJ2ZvcnRyYW5fb3JkZXInOiBGYWxzZSwgJ3NoYXBlJzogKDMsKSwgfSAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgIAoAAIA/AACAPwAAAEAAAIC/AAAAAAAAQEBQSwMELQAAAAAAAAAhAGlAuCb//////////w4AFAByb3dfc3BsaXRzLm5weQEAEACYAAAAAAAAAJgAAAAAAAAAk05VTVBZAQB2AHsnZGVzY3InOiAnPGk4JywgJ2ZvcnRyYW5fb3JkZXInOiBGYWxzZSwgJ3NoYXBlJzogKDMsKSwgfSAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgIAoAAAAAAAAAAAEAAAAAAAAAAwAAAAAAAABQSwECLQMtAAAAAAAAACEAd+yLp5gAAACYAAAACgAAAAAAAAAAAAAAgAEAAAAAdmFsdWVzLm5weVBLAQItAy0AAAAAAAAAIQBpQLgmmAAAAJgAAAAOAAAAAAAAAAAAAACAAdQAAAByb3dfc3BsaXRzLm5weVBLBQYAAAAAAgACAHQAAACsAQAAAAA=");
    RaggedTensor rt = Npz.toRagged(Npz.read(new ByteArrayInputStream(npz)));
    // tf.RaggedTensor.from_row_splits(tf.constant([1+1j, 2-1j, 3j], tf.complex64), [0, 1, 3]) -> [[(1+1j)], [(2-1j), 3j]]
    assertEquals(Tensor.ofComplex64(1, 1, 2, -1, 0, 3), rt.flatValues());
    assertArrayEquals(new long[] {0, 1, 3}, rt.partition().rowSplitsArray());

    ByteArrayOutputStream out = new ByteArrayOutputStream();
    Npz.write(Npz.fromRagged(rt), out);
    Map<String, Tensor> arrays = Npz.read(new ByteArrayInputStream(out.toByteArray()));
    assertEquals(rt, Npz.toRagged(arrays));
  }

  @Test
  void refusesComplexOfOtherWidths_namingTheDescr() {
    // np.dtype('<c32') is long double complex (complex256 on x86-64): no Tatter dtype holds it
    byte[] c32 = Npy.toBytes(Tensor.ofComplex128(1, 2));
    String text = new String(c32, StandardCharsets.ISO_8859_1).replace("'<c16'", "'<c32'");
    InvalidArgumentException e = assertThrows(InvalidArgumentException.class,
        () -> read(text.getBytes(StandardCharsets.ISO_8859_1)));
    assertTrue(e.getMessage().startsWith("npy: dtype '<c32' is not supported"), e.getMessage());
  }
}
