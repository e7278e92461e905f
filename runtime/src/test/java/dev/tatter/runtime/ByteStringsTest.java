package dev.tatter.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import org.junit.jupiter.api.Test;

/** Strings print as Python prints bytes, which is how TF prints string tensors. */
class ByteStringsTest {
  @Test
  void repr_choosesPythonsQuote() {
    assertEquals("b'abc'", ByteStrings.repr("abc")); // repr(b'abc')
    assertEquals("b\"it's\"", ByteStrings.repr("it's")); // repr(b"it's") -> b"it's"
    assertEquals("b'say \"hi\"'", ByteStrings.repr("say \"hi\"")); // repr(b'say "hi"')
    assertEquals("b'it\\'s \"x\"'", ByteStrings.repr("it's \"x\"")); // repr(b'it\'s "x"') -> b'it\'s "x"'
  }

  @Test
  void repr_escapesControlBytesSoNoValueBreaksItsLine() {
    assertEquals("b'a\\nb'", ByteStrings.repr("a\nb")); // repr(b'a\nb')
    assertEquals("b'\\t\\r'", ByteStrings.repr("\t\r")); // repr(b'\t\r')
    assertEquals("b'\\x1b[31m'", ByteStrings.repr("\u001b[31m")); // repr(b'\x1b[31m')
    assertEquals("b'\\x00\\x7f'", ByteStrings.repr("\0\u007f")); // repr(b'\x00\x7f')
    assertEquals("b'back\\\\slash'", ByteStrings.repr("back\\slash")); // repr(b'back\\slash')
    assertEquals("b''", ByteStrings.repr("")); // repr(b'')
  }

  @Test
  void javaText_isStoredAsItsUtf8() {
    // tf.constant("é").numpy() -> b'\xc3\xa9'; tf.constant("😀").numpy() -> b'\xf0\x9f\x98\x80'
    assertEquals("b'\\xc3\\xa9'", ByteStrings.repr(ByteStrings.fromText("é")));
    assertEquals("b'\\xf0\\x9f\\x98\\x80'", ByteStrings.repr(ByteStrings.fromText("😀")));
    assertEquals("é", ByteStrings.toText(ByteStrings.fromText("é")));
    assertEquals("[b'\\xc3\\xa9', b'a']", Tensor.ofStrings("é", "a").toString());
    assertEquals(Tensor.ofStrings("é"), Tensor.ofByteStrings(new byte[] {(byte) 0xc3, (byte) 0xa9}));
    assertFalse(ByteStrings.isByteString("é😀"));
  }
}
