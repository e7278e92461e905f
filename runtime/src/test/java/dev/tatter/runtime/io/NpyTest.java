package dev.tatter.runtime.io;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.runtime.DType;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.Sizes;
import dev.tatter.runtime.Tensor;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@code .npy} and {@code .npz} against files NumPy 2.4 wrote (each base64 literal is the output
 * of the {@code np.save} / {@code np.savez} call above it), and round trips of every dtype both have.
 */
class NpyTest {
  private static Tensor read(String base64) throws IOException {
    return Npy.read(new ByteArrayInputStream(Base64.getDecoder().decode(base64)));
  }

  // np.save(f, np.array([[1, -2, 3], [4, 5, 2**40]], dtype='<i8'))
  private static final String INT64 = "k05VTVBZAQB2AHsnZGVzY3InOiAnPGk4JywgJ2ZvcnRyYW5fb3JkZXInOiBGYWxzZSwgJ3NoYXBlJzogKDIsIDMpLCB9ICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgIAoBAAAAAAAAAP7/////////AwAAAAAAAAAEAAAAAAAAAAUAAAAAAAAAAAAAAAABAAA=";

  @Test
  void readsNumPysInt64Matrix_andWritesTheSameBytes() throws IOException {
    Tensor t = read(INT64);
    assertEquals(Tensor.fromNested(new long[][] {{1, -2, 3}, {4, 5, 1L << 40}}), t);
    assertArrayEquals(Base64.getDecoder().decode(INT64), Npy.toBytes(t));
  }

  @Test
  void readsFortranOrder_bigEndian_boolAndAScalar() throws IOException {
    // np.save(f, np.asfortranarray(np.array([[1.5, 2], [3, 4], [5, 6]], dtype='<f4')))
    Tensor f = read("k05VTVBZAQB2AHsnZGVzY3InOiAnPGY0JywgJ2ZvcnRyYW5fb3JkZXInOiBUcnVlLCAnc2hhcGUnOiAoMywgMiksIH0gICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgIAoAAMA/AABAQAAAoEAAAABAAACAQAAAwEA=");
    assertEquals(Tensor.fromNested(new float[][] {{1.5f, 2}, {3, 4}, {5, 6}}), f);
    // np.save(f, np.array([1, 256], dtype='>i2'))
    Tensor be = read("k05VTVBZAQB2AHsnZGVzY3InOiAnPmkyJywgJ2ZvcnRyYW5fb3JkZXInOiBGYWxzZSwgJ3NoYXBlJzogKDIsKSwgfSAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgIAoAAQEA");
    assertEquals(Tensor.ofShorts((short) 1, (short) 256), be);
    // np.save(f, np.array([True, False]))
    assertEquals(Tensor.ofBools(true, false), read("k05VTVBZAQB2AHsnZGVzY3InOiAnfGIxJywgJ2ZvcnRyYW5fb3JkZXInOiBGYWxzZSwgJ3NoYXBlJzogKDIsKSwgfSAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgIAoBAA=="));
    // np.save(f, np.float64(2.5))
    String scalar = "k05VTVBZAQB2AHsnZGVzY3InOiAnPGY4JywgJ2ZvcnRyYW5fb3JkZXInOiBGYWxzZSwgJ3NoYXBlJzogKCksIH0gICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgIAoAAAAAAAAEQA==";
    assertEquals(Tensor.scalar(DType.FLOAT64, 2.5), read(scalar));
    assertArrayEquals(Base64.getDecoder().decode(scalar), Npy.toBytes(Tensor.scalar(DType.FLOAT64, 2.5)));
  }

  @Test
  void readsUnicodeAndByteStrings_andWritesUnicodeAsNumPyDoes() throws IOException {
    // np.save(f, np.array(["a", "héllo", ""]))
    String unicode = "k05VTVBZAQB2AHsnZGVzY3InOiAnPFU1JywgJ2ZvcnRyYW5fb3JkZXInOiBGYWxzZSwgJ3NoYXBlJzogKDMsKSwgfSAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgIAphAAAAAAAAAAAAAAAAAAAAAAAAAGgAAADpAAAAbAAAAGwAAABvAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=";
    Tensor u = read(unicode);
    assertEquals(Tensor.ofStrings("a", "héllo", ""), u);
    assertArrayEquals(Base64.getDecoder().decode(unicode), Npy.toBytes(u));
    // np.save(f, np.array([b"ab", b"c"]))
    assertEquals(Tensor.ofStrings("ab", "c"), read("k05VTVBZAQB2AHsnZGVzY3InOiAnfFMyJywgJ2ZvcnRyYW5fb3JkZXInOiBGYWxzZSwgJ3NoYXBlJzogKDIsKSwgfSAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgIAphYmMA"));
  }

  @Test
  void byteStringsThatAreNotUtf8_areWrittenAsBytes_andReadBackUnchanged() throws IOException {
    // tf.constant([b"\xff\x00a", b"ok"]): TF's strings are bytes; NumPy holds such values as |S
    Tensor bytes = Tensor.ofByteStrings(new byte[] {(byte) 0xff, 0, 'a'}, new byte[] {'o', 'k'});
    byte[] written = Npy.toBytes(bytes);
    String header = new String(written, 0, 64, java.nio.charset.StandardCharsets.ISO_8859_1);
    assertTrue(header.contains("'descr': '|S3'"), header);
    assertEquals(bytes, Npy.read(new java.io.ByteArrayInputStream(written)));
  }

  @Test
  void roundTripsEveryDtypeBothHave_bitForBit() throws IOException {
    List<Tensor> cases = List.of(
        Tensor.ofBools(true, false, true),
        Tensor.ofBytes((byte) -128, (byte) 127),
        Tensor.ofShorts((short) -32768, (short) 1),
        Tensor.fromNested(new int[][] {{Integer.MIN_VALUE, 0}, {1, Integer.MAX_VALUE}}),
        Tensor.ofLongs(Long.MIN_VALUE, Long.MAX_VALUE),
        Tensor.ofFloats(Float.NaN, -0f, Float.POSITIVE_INFINITY, Float.MIN_VALUE, Float.intBitsToFloat(0x7fc00001)),
        Tensor.ofDoubles(Double.NaN, -0.0, Double.MAX_VALUE),
        Tensor.ofStrings("", "\n", "日本", "😀"),
        Tensor.fromNested(new long[0][]),
        Tensor.scalar(DType.INT32, 7));
    for (Tensor t : cases) {
      Tensor back = Npy.read(new ByteArrayInputStream(Npy.toBytes(t)));
      assertEquals(t.dtype(), back.dtype());
      assertArrayEquals(t.shape(), back.shape());
      if (t.dtype() == DType.FLOAT32) {
        for (int i = 0; i < t.size(); i++) {
          assertEquals(Float.floatToRawIntBits(((float[]) t.data())[i]), Float.floatToRawIntBits(((float[]) back.data())[i]));
        }
      } else if (t.dtype() == DType.FLOAT64) {
        for (int i = 0; i < t.size(); i++) {
          assertEquals(Double.doubleToRawLongBits(((double[]) t.data())[i]),
              Double.doubleToRawLongBits(((double[]) back.data())[i]));
        }
      } else {
        assertEquals(t, back);
      }
    }
  }

  @Test
  void refusesOtherNumPyDtypes_namingTheDescr() {
    // np.save(f, np.array([1], dtype='<u8')) and np.save(f, np.array([1], dtype='<f2'))
    InvalidArgumentException e = assertThrows(InvalidArgumentException.class, () -> read("k05VTVBZAQB2AHsnZGVzY3InOiAnPHU4JywgJ2ZvcnRyYW5fb3JkZXInOiBGYWxzZSwgJ3NoYXBlJzogKDEsKSwgfSAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgIAoBAAAAAAAAAA=="));
    assertTrue(e.getMessage().startsWith("npy: dtype '<u8' is not supported"), e.getMessage());
    e = assertThrows(InvalidArgumentException.class, () -> read("k05VTVBZAQB2AHsnZGVzY3InOiAnPGYyJywgJ2ZvcnRyYW5fb3JkZXInOiBGYWxzZSwgJ3NoYXBlJzogKDEsKSwgfSAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgIAoAPA=="));
    assertTrue(e.getMessage().startsWith("npy: dtype '<f2' is not supported"), e.getMessage());
  }

  @Test
  void refusesBadFiles_truncatedData_andShapesOverTheLimit() throws IOException {
    InvalidArgumentException e = assertThrows(InvalidArgumentException.class,
        () -> Npy.read(new ByteArrayInputStream("PK not numpy".getBytes())));
    assertEquals("npy: not a NumPy .npy file (it does not start with \\x93NUMPY)", e.getMessage());
    byte[] whole = Base64.getDecoder().decode(INT64);
    InvalidArgumentException eof = assertThrows(InvalidArgumentException.class,
        () -> Npy.read(new ByteArrayInputStream(Arrays.copyOf(whole, whole.length - 3))));
    assertEquals("npy: the file ends in the data (6 elements of <i8): 45 of 48 bytes", eof.getMessage());
    long previous = Sizes.setMaxElements(5);
    try {
      InvalidArgumentException big = assertThrows(InvalidArgumentException.class,
          () -> Npy.read(new ByteArrayInputStream(whole)));
      assertEquals("a tensor of shape [2, 3] would hold more than 5 elements", big.getMessage());
    } finally {
      Sizes.setMaxElements(previous);
    }
  }

  /** A version 1.0 .npy file with {@code header} (padded as NumPy pads it) and {@code data}. */
  static byte[] npy(String header, byte[] data) {
    StringBuilder h = new StringBuilder(header);
    while ((10 + h.length() + 1) % 64 != 0) {
      h.append(' ');
    }
    h.append('\n');
    byte[] text = h.toString().getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.writeBytes(new byte[] {(byte) 0x93, 'N', 'U', 'M', 'P', 'Y', 1, 0, (byte) text.length, (byte) (text.length >> 8)});
    out.writeBytes(text);
    out.writeBytes(data);
    return out.toByteArray();
  }

  @Test
  void zeroElementShapes_pastATensorDimension_areRefusedNotNarrowed() {
    // np.zeros((0, 4294967301), '<i4') saved: a dimension no tensor dimension can hold, though it holds no element
    byte[] wide = npy("{'descr': '<i4', 'fortran_order': False, 'shape': (0, 4294967301), }", new byte[0]);
    InvalidArgumentException e = assertThrows(InvalidArgumentException.class, () -> Npy.read(new ByteArrayInputStream(wide)));
    assertEquals("npy: dimension 1 of shape [0, 4294967301] is 4294967301, more than a tensor dimension can hold (2147483639)",
        e.getMessage());
    // np.zeros((4294967301, 0), '<i4'): it holds no element either, so not "more than ... elements"
    byte[] tall = npy("{'descr': '<i4', 'fortran_order': False, 'shape': (4294967301, 0), }", new byte[0]);
    e = assertThrows(InvalidArgumentException.class, () -> Npy.read(new ByteArrayInputStream(tall)));
    assertEquals("npy: dimension 0 of shape [4294967301, 0] is 4294967301, more than a tensor dimension can hold (2147483639)",
        e.getMessage());
  }

  @Test
  void aHeaderGivingAKeyTwice_isRefused() {
    // NumPy reads the header as a Python dict literal, where the last 'descr' wins (this file is int64 to np.load);
    // reading the first would give another array from the same bytes, so neither is guessed
    byte[] twice = npy("{'descr': '<i4', 'descr': '<i8', 'fortran_order': False, 'shape': (1,), }", new byte[8]);
    InvalidArgumentException e = assertThrows(InvalidArgumentException.class, () -> Npy.read(new ByteArrayInputStream(twice)));
    assertTrue(e.getMessage().startsWith("npy: the header gives 'descr' twice (NumPy would take the last): "), e.getMessage());
    byte[] shapes = npy("{'descr': '<i4', 'fortran_order': False, 'shape': (2,), 'shape': (1,), }", new byte[8]);
    e = assertThrows(InvalidArgumentException.class, () -> Npy.read(new ByteArrayInputStream(shapes)));
    assertTrue(e.getMessage().startsWith("npy: the header gives 'shape' twice"), e.getMessage());
  }

  @Test
  void npz_readsNumPysRaggedComponents_andRoundTripsNestedRagged() throws IOException {
    // np.savez(f, values=np.array([3, 1, 4, 1, 5], dtype=np.int64), row_splits=np.array([0, 2, 2, 5], dtype=np.int64))
    byte[] npz = Base64.getDecoder().decode("UEsDBC0AAAAAAAAAIQDusBZ4//////////8KABQAdmFsdWVzLm5weQEAEACoAAAAAAAAAKgAAAAAAAAAk05VTVBZAQB2AHsnZGVzY3InOiAnPGk4JywgJ2ZvcnRyYW5fb3JkZXInOiBGYWxzZSwgJ3NoYXBlJzogKDUsKSwgfSAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgIAoDAAAAAAAAAAEAAAAAAAAABAAAAAAAAAABAAAAAAAAAAUAAAAAAAAAUEsDBC0AAAAAAAAAIQBsY6tP//////////8OABQAcm93X3NwbGl0cy5ucHkBABAAoAAAAAAAAACgAAAAAAAAAJNOVU1QWQEAdgB7J2Rlc2NyJzogJzxpOCcsICdmb3J0cmFuX29yZGVyJzogRmFsc2UsICdzaGFwZSc6ICg0LCksIH0gICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAKAAAAAAAAAAACAAAAAAAAAAIAAAAAAAAABQAAAAAAAABQSwECLQMtAAAAAAAAACEA7rAWeKgAAACoAAAACgAAAAAAAAAAAAAAgAEAAAAAdmFsdWVzLm5weVBLAQItAy0AAAAAAAAAIQBsY6tPoAAAAKAAAAAOAAAAAAAAAAAAAACAAeQAAAByb3dfc3BsaXRzLm5weVBLBQYAAAAAAgACAHQAAADEAQAAAAA=");
    RaggedTensor rt = Npz.toRagged(Npz.read(new ByteArrayInputStream(npz)));
    // tf.RaggedTensor.from_row_splits([3, 1, 4, 1, 5], [0, 2, 2, 5]) -> [[3, 1], [], [4, 1, 5]]
    assertEquals(RaggedTensor.fromNested(new long[][] {{3, 1}, {}, {4, 1, 5}}), rt);

    RaggedTensor nested = RaggedTensor.fromNested(new float[][][] {{{1f}, {}}, {}, {{2f, 3f}}}, null, -1, DType.INT32);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    Npz.write(Npz.fromRagged(nested), out);
    Map<String, Tensor> arrays = Npz.read(new ByteArrayInputStream(out.toByteArray()));
    assertEquals(List.of("flat_values", "nested_row_splits_0", "nested_row_splits_1"), List.copyOf(arrays.keySet()));
    assertEquals(DType.INT32, arrays.get("nested_row_splits_0").dtype());
    assertEquals(nested, Npz.toRagged(arrays));
  }

  @Test
  void npz_refusesMissingComponentsAndInvalidSplits() {
    InvalidArgumentException e = assertThrows(InvalidArgumentException.class,
        () -> Npz.toRagged(Map.of("values", Tensor.ofLongs(1))));
    assertTrue(e.getMessage().startsWith("npz: a ragged tensor needs 'values' and 'row_splits'"), e.getMessage());
    e = assertThrows(InvalidArgumentException.class,
        () -> Npz.toRagged(Map.of("values", Tensor.ofLongs(1, 2), "row_splits", Tensor.ofLongs(0, 2, 1))));
    assertTrue(e.getMessage().contains("row_splits must be non-decreasing"), e.getMessage());
    e = assertThrows(InvalidArgumentException.class,
        () -> Npz.toRagged(Map.of("values", Tensor.ofLongs(1), "row_splits", Tensor.ofFloats(0, 1))));
    assertEquals("npz: row splits 0 must be a vector of int32 or int64 (all of one dtype), got float32 of rank 1",
        e.getMessage());
    e = assertThrows(InvalidArgumentException.class, () -> Npz.read(new ByteArrayInputStream(new byte[0])));
    assertEquals("npz: the archive holds no arrays (is it a zip file?)", e.getMessage());
  }
}
