package dev.tatter.frontend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.ir.GraphBuildException;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.Tensor;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@code tf.io.encode_base64} and {@code tf.io.decode_base64} run everywhere: RFC 4648's test
 * vectors (section 10) in TF's web-safe alphabet, bytes that are not UTF-8, ragged input, and the
 * strings TF's decoder refuses. Expected values are TF's (the call in each comment; TF prints
 * bytes as b'...').
 */
class Base64Test {
  private static final Tensor RFC = Tensor.ofStrings("", "f", "fo", "foo", "foob", "fooba", "foobar");

  private static String run(GraphBuilder g, Value out, Tensor fed) {
    return Harness.runFirst(g, out, Map.of("s", fed));
  }

  @Test
  void encode_rfcVectors_paddedOrNot() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value s = g.placeholder("s", Types.dense(DType.STRING, -1));
    // tf.io.encode_base64(["", "f", "fo", "foo", "foob", "fooba", "foobar"])
    assertEquals("[b'', b'Zg', b'Zm8', b'Zm9v', b'Zm9vYg', b'Zm9vYmE', b'Zm9vYmFy']", run(g, tf.io.encodeBase64(s), RFC));
    // tf.io.encode_base64([...], pad=True)
    assertEquals("[b'', b'Zg==', b'Zm8=', b'Zm9v', b'Zm9vYg==', b'Zm9vYmE=', b'Zm9vYmFy']",
        run(g, tf.io.encodeBase64(s, true), RFC));
    // web-safe: tf.io.encode_base64([b'\xfb\xff', b'\xfb\xef\xbe']) -> [b'-_8', b'----'] (standard: +/8=, ++++)
    Tensor high = Tensor.ofByteStrings(new byte[] {(byte) 0xFB, (byte) 0xFF}, new byte[] {(byte) 0xFB, (byte) 0xEF, (byte) 0xBE});
    assertEquals("[b'-_8', b'----']", run(g, tf.io.encodeBase64(s), high));
  }

  @Test
  void decode_paddedUnpaddedAndWebSafe() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value s = g.placeholder("s", Types.dense(DType.STRING, -1));
    // tf.io.decode_base64(["", "Zg==", "Zm8", "Zm9v", "Zm9vYg", "Zm9vYmE=", "Zm9vYmFy"]) -> the RFC's strings
    Tensor coded = Tensor.ofStrings("", "Zg==", "Zm8", "Zm9v", "Zm9vYg", "Zm9vYmE=", "Zm9vYmFy");
    assertEquals("[b'', b'f', b'fo', b'foo', b'foob', b'fooba', b'foobar']", run(g, tf.io.decodeBase64(s), coded));
    // tf.io.decode_base64(["-_8", "----", "Zh"]) -> [b'\xfb\xff', b'\xfb\xef\xbe', b'f'] (Zh's unused low bits ignored)
    assertEquals("[b'\\xfb\\xff', b'\\xfb\\xef\\xbe', b'f']", run(g, tf.io.decodeBase64(s), Tensor.ofStrings("-_8", "----", "Zh")));
    // round trip of a ragged tensor: tf.io.decode_base64(tf.io.encode_base64(tf.ragged.constant([["hello"], [], ["?>", ""]])))
    Value rt = tf.ragged.constant(new String[][] {{"hello"}, {}, {"?>", ""}});
    Value encoded = tf.io.encodeBase64(rt);
    assertEquals("[[b'aGVsbG8'], [], [b'Pz4', b'']]", Harness.runFirst(g, encoded));
    assertEquals("[[b'hello'], [], [b'?>', b'']]", Harness.runFirst(g, tf.io.decodeBase64(encoded)));
  }

  @Test
  void decode_refusesWhatTfRefuses() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value s = g.placeholder("s", Types.dense(DType.STRING, -1));
    Value out = tf.io.decodeBase64(s);
    // tf.io.decode_base64(["Zm9v", "Zm+v"]) -> InvalidArgumentError: Invalid character found in base64.
    String e = Harness.runtimeError(g, out, Map.of("s", Tensor.ofStrings("Zm9v", "Zm+v")));
    assertTrue(e.contains("element 1: Invalid character found in base64."), e);
    // the standard alphabet's '/', a '=' that is not padding, padding of a group of 3
    for (String bad : new String[] {"ab/d", "Zg=A", "Z=g=", "Zg=", "Zm9v====", "Zm9vY==="}) {
      e = Harness.runtimeError(g, out, Map.of("s", Tensor.ofStrings(bad)));
      assertTrue(e.contains("Invalid character found in base64."), bad + ": " + e);
    }
    // tf.io.decode_base64(["Zm9vY"]) -> InvalidArgumentError: Base64 string length cannot be 1 modulo 4.
    for (String bad : new String[] {"Z", "Zm9vY", "Zm9vYmFyZ"}) {
      e = Harness.runtimeError(g, out, Map.of("s", Tensor.ofStrings(bad)));
      assertTrue(e.contains("Base64 string length cannot be 1 modulo 4."), bad + ": " + e);
    }
    GraphBuildException b = assertThrows(GraphBuildException.class, () -> tf.io.decodeBase64(g.constant(Tensor.ofInts(1))));
    assertTrue(b.getMessage().contains("decode_base64 takes a dense or ragged string tensor"), b.getMessage());
  }
}
