package dev.tatter.runtime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;

/**
 * A string tensor's storage: Java text in and out, one direction at a time (a test that only
 * round-tripped would pass with both directions wrong in ways that cancel), the text getters on
 * ill-formed UTF-8, the bulk conversions, and when a selection shares its input's buffer.
 */
class StringColumnTest {
  private static byte[] bytes(int... b) {
    byte[] out = new byte[b.length];
    for (int i = 0; i < b.length; i++) {
      out[i] = (byte) b[i];
    }
    return out;
  }

  @Test
  void javaTextIn_isStoredAsItsUtf8() {
    // tf.constant(["é", "中", "😀"]).numpy() -> [b'\xc3\xa9', b'\xe4\xb8\xad', b'\xf0\x9f\x98\x80']
    Tensor t = Tensor.ofStrings("é", "中", "😀", "");
    assertArrayEquals(bytes(0xc3, 0xa9), t.getBytes(0));
    assertArrayEquals(bytes(0xe4, 0xb8, 0xad), t.getBytes(1));
    assertArrayEquals(bytes(0xf0, 0x9f, 0x98, 0x80), t.getBytes(2));
    assertArrayEquals(new byte[0], t.getBytes(3));
    // Tensor.of(STRING, String[]) and fromNested take Java text too
    assertArrayEquals(bytes(0xc3, 0xa9), Tensor.of(DType.STRING, new String[] {"é"}, 1).getBytes(0));
    assertArrayEquals(bytes(0xc3, 0xa9), Tensor.fromNested(new String[][] {{"é"}}).getBytes(0));
    assertArrayEquals(bytes(0xc3, 0xa9), Tensor.scalar(DType.STRING, "é").getBytes(0));
  }

  @Test
  void utf8Out_isDecodedToItsText() {
    Tensor t = Tensor.ofByteStrings(bytes(0xc3, 0xa9), bytes(0xe4, 0xb8, 0xad), bytes(0xf0, 0x9f, 0x98, 0x80));
    assertEquals("é", t.getText(0));
    assertEquals("中", t.get(1));
    assertEquals("😀", t.getText(2));
    assertArrayEquals(new String[] {"é", "中", "😀"}, t.toStringArray());
    assertEquals(java.util.List.of("é", "中", "😀"), t.toList());
    assertArrayEquals(new String[] {"é", "中", "😀"}, (String[]) t.toNestedArray());
  }

  @Test
  void illFormedUtf8_readsOneReplacementPerMaximalSubpart() {
    // as ICU and tf.strings.unicode_decode(..., errors="replace") read them
    Tensor t = Tensor.ofByteStrings(bytes(0xff, 'a'), bytes(0xe2, 0x82), bytes(0xc0, 0x80), bytes(0xed, 0xa0, 0x80),
        bytes('x', 0xf0, 0x9f, 0x98));
    assertEquals("\uFFFDa", t.getText(0));
    assertEquals("\uFFFD", t.getText(1)); // a truncated sequence is one subpart
    assertEquals("\uFFFD\uFFFD", t.getText(2)); // an overlong form: C0 never begins one
    assertEquals("\uFFFD\uFFFD\uFFFD", t.getText(3)); // a surrogate's encoding: ED A0 cannot begin one
    assertEquals("x\uFFFD", t.getText(4));
    for (int i = 0; i < t.size(); i++) {
      assertFalse(t.stringColumn().isValidUtf8(i));
    }
    assertArrayEquals(bytes(0xe2, 0x82), t.getBytes(1)); // the bytes getter gives them as they are
  }

  @Test
  void loneSurrogatesAndNulls_areRefusedNamingTheElement() {
    IllegalArgumentException lone = assertThrows(IllegalArgumentException.class, () -> Tensor.ofStrings("a", "b\uDC00c"));
    assertEquals("element 1 of the strings holds a lone surrogate U+DC00 at char 1, which UTF-8 cannot encode", lone.getMessage());
    IllegalArgumentException none = assertThrows(IllegalArgumentException.class,
        () -> Tensor.of(DType.STRING, new String[] {"a", null}, 2));
    assertEquals("element 1 of the strings is null (a string tensor has no null elements)", none.getMessage());
    IllegalArgumentException text = assertThrows(IllegalArgumentException.class,
        () -> Tensor.wrap(DType.STRING, new int[] {1}, new String[] {"中文"}));
    assertTrue(text.getMessage().startsWith("a string tensor needs a StringColumn, got String[]"), text.getMessage());
    IllegalArgumentException nested = assertThrows(IllegalArgumentException.class,
        () -> Tensor.fromNested(java.util.List.of("ok", "\uD800")));
    assertTrue(nested.getMessage().startsWith("data[1]: the text holds a lone surrogate U+D800 at char 0"), nested.getMessage());
  }

  @Test
  void printing_isTfsBytesRepr() {
    // print(tf.constant(["é", "it's"])) -> [b'\xc3\xa9' b"it's"]; Tatter lists as TF's tolist(): commas
    assertEquals("[b'\\xc3\\xa9', b\"it's\", b'\\xff']", Tensor.ofByteStrings(bytes(0xc3, 0xa9), "it's".getBytes(), bytes(0xff)).toString());
  }

  @Test
  void fromOffsets_adoptsArrowsLayout_andChecksIt() {
    byte[] data = "héllo".getBytes(java.nio.charset.StandardCharsets.UTF_8);
    int[] offsets = {0, 1, 3, 6};
    StringColumn c = StringColumn.fromOffsets(offsets, data);
    assertEquals(3, c.size());
    assertSame(data, c.unsafeBytes());
    assertEquals("é", c.text(1));
    assertTrue(c.isPacked());
    assertArrayEquals(offsets, c.offsets());
    assertArrayEquals(new long[] {0, 1, 3, 6}, c.longOffsets());
    assertEquals(c, StringColumn.fromOffsets(new long[] {0, 1, 3, 6}, data));
    assertEquals("offset 2 is 1, below offset 1 (3)",
        assertThrows(IllegalArgumentException.class, () -> StringColumn.fromOffsets(new int[] {0, 3, 1}, data)).getMessage());
    assertEquals("offset 1 is 9, past the 6 bytes",
        assertThrows(IllegalArgumentException.class, () -> StringColumn.fromOffsets(new long[] {0, 9}, data)).getMessage());
    assertEquals("offsets need at least one entry (n elements have n + 1 offsets)",
        assertThrows(IllegalArgumentException.class, () -> StringColumn.fromOffsets(new int[0], data)).getMessage());
  }

  @Test
  void selection_sharesTheBufferOnlyWhereCheaper() {
    byte[] text = "the quick brown fox".getBytes();
    // pieces that tile the buffer: offsets over it, no byte copied
    StringColumn.Selection tiles = StringColumn.selection(text, 4);
    tiles.select(0, 4).select(4, 10).select(10, 16).select(16, 19);
    StringColumn tiled = tiles.build();
    assertSame(text, tiled.unsafeBytes());
    assertTrue(tiled.isPacked());
    // words with gaps between them, 4+ bytes on average: a view of the buffer
    StringColumn.Selection words = StringColumn.selection(text, 3);
    words.select(4, 9).select(10, 15).select(16, 19);
    StringColumn view = words.build();
    assertSame(text, view.unsafeBytes());
    assertFalse(view.isPacked());
    assertEquals("quick", view.text(0));
    assertEquals(StringColumn.ofText("quick", "brown", "fox"), view);
    assertEquals(StringColumn.ofText("quick", "brown", "fox").hashCode(), view.hashCode());
    // a small part of a large buffer: copied, so the result does not keep the buffer alive
    StringColumn.Selection small = StringColumn.selection(text, 1);
    StringColumn copy = small.select(4, 9).build();
    assertNotSame(text, copy.unsafeBytes());
    assertEquals("quick", copy.text(0));
    // one-byte pieces with gaps: copied (a view's 8 bytes per piece would cost more)
    StringColumn.Selection letters = StringColumn.selection(text, 10);
    for (int i = 0; i < text.length; i += 2) {
      letters.select(i, i + 1);
    }
    assertTrue(letters.build().isPacked());
    // packed() and the bulk copies out of a view
    StringColumn packed = view.packed();
    assertTrue(packed.isPacked());
    assertEquals(view, packed);
    ByteBuffer out = ByteBuffer.allocate((int) view.byteCount());
    view.copyBytesTo(out);
    assertEquals("quickbrownfox", new String(out.array()));
    assertArrayEquals(new int[] {0, 5, 10, 13}, view.offsets());
  }

  @Test
  void layoutSlots_moveStrings_asArraysMoveNumbers() {
    DTypeLayout layout = DType.STRING.layout();
    StringColumn a = StringColumn.ofText("alpha", "beta");
    StringColumn b = StringColumn.ofText("gamma");
    Object slots = layout.newArray(4);
    layout.copy(a, 0, slots, 0, 2);
    layout.copy(b, 0, slots, 3, 1);
    layout.set(slots, 2, "δ".getBytes(java.nio.charset.StandardCharsets.UTF_8));
    Tensor t = Tensor.wrap(DType.STRING, new int[] {4}, slots);
    assertEquals(java.util.List.of("alpha", "beta", "δ", "gamma"), t.toList());
    assertArrayEquals(new byte[0], (byte[]) layout.get(layout.newArray(1), 0)); // new slots hold "", TF's zero
    Object filled = layout.newArray(3);
    layout.fill(filled, 0, 3, b, 0);
    assertEquals(java.util.List.of("gamma", "gamma", "gamma"), Tensor.wrap(DType.STRING, new int[] {3}, filled).toList());
    assertTrue(layout.equal(a, 1, StringColumn.ofText("x", "beta"), 1));
    assertTrue(layout.isZero(StringColumn.ofText(""), 0));
  }

  @Test
  void builder_buildsElementsInPieces() {
    StringColumn.Builder b = StringColumn.builder(0, 0); // grows from nothing
    b.put((byte) 'a').putCodePoint(0x00e9).putLatin1("\u00ff").endElement();
    b.appendText("中", 1);
    b.append(ByteBuffer.wrap(bytes(1, 2, 3), 1, 2));
    StringColumn c = b.build();
    assertArrayEquals(bytes('a', 0xc3, 0xa9, 0xff), c.bytes(0));
    assertEquals("中", c.text(1));
    assertArrayEquals(bytes(2, 3), c.bytes(2));
    assertEquals(StringColumn.ofBytes(bytes(2, 3)), c.slice(2, 3));
  }
}
