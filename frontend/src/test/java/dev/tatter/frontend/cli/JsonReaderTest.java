package dev.tatter.frontend.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.frontend.cli.TatterCommand.CliException;
import dev.tatter.ir.text.Literals;
import dev.tatter.runtime.ByteStrings;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.RowPartition;
import dev.tatter.runtime.SparseTensor;
import dev.tatter.runtime.Tensor;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The JSON reader and writer on their own (through Jackson): what they accept, what they refuse
 * and with which words, and that the writer's text reads back to the values written.
 */
class JsonReaderTest {
  private static String refusal(String json) {
    return assertThrows(CliException.class, () -> JsonReader.read(json, "f.json")).getMessage();
  }

  @Test
  void values_areReadAsTheLiteralsTheFeedsTake() {
    // json.loads('[1, -2, 18446744073709551615, 0.1, 1e3, true, null, "\\u00e9", {"a": []}]')
    Object v = JsonReader.read("\uFEFF [1, -2, 18446744073709551615, 0.1, 1e3, true, null, \"\\u00e9\", {\"a\": []}]", "f");
    assertEquals(List.of(1L, -2L, new BigInteger("18446744073709551615"), new Literals.Decimal("0.1"),
        new Literals.Decimal("1e3"), true, JsonReader.Null.NULL, ByteStrings.fromText("é"), Map.of("a", List.of())), v);
  }

  @Test
  void pythonsNonFiniteWords_areRead_jacksonsOtherSpellingsAreNot() {
    // json.loads('[NaN, Infinity, -Infinity]') -> [nan, inf, -inf]; json.loads('[+Infinity]') raises
    assertEquals(List.of(Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY),
        JsonReader.read("[NaN, Infinity, -Infinity]", "f"));
    assertEquals("f.json:1:2: bad JSON: '+Infinity' is not a number JSON has (write NaN, Infinity or -Infinity)",
        refusal("[+Infinity]"));
    assertEquals("f.json:1:2: bad JSON: '-INF' is not a number JSON has (write NaN, Infinity or -Infinity)",
        refusal("[-INF]"));
    assertEquals("f.json:1:2: bad JSON: Unrecognized token 'nan': was expecting a JSON value", refusal("[nan]"));
  }

  @Test
  void nonStrictJson_isRefusedWithLineColumnAndWhy() {
    assertEquals("f.json:1:5: bad JSON: unexpected '/' (code 47)".replace(" (code 47)", "")
        + ": maybe a (non-standard) comment? (not recognized as one since Feature 'ALLOW_COMMENTS' not enabled for parser)",
        refusal("[1, // c\n 2]"));
    assertEquals("f.json:2:4: bad JSON: unexpected ']' where a JSON value was expected", refusal("[1,\n 2,]"));
    assertEquals("f.json:1:2: bad JSON: unexpected 'v': was expecting double-quote to start field name", refusal("{values: 1}"));
    assertEquals("f.json:1:4: bad JSON: unexpected '2': was expecting comma to separate Array entries", refusal("[1 2]"));
    assertEquals("f.json:1:2: bad JSON: unexpected ''' where a JSON value was expected", refusal("['a']"));
    assertEquals("f.json:1:4: bad JSON: Unrecognized character escape 'q' (code 113)", refusal("[\"\\q\"]"));
    assertEquals("f.json:1:3: bad JSON: a raw control character U+001B in a string (write it escaped)", refusal("[\"\u001b\"]"));
    assertEquals("f.json:1:3: bad JSON: a number with a leading zero", refusal("[00]"));
    assertTrue(refusal("[+1]").startsWith("f.json:1:3: bad JSON: unexpected '+' in numeric value"), refusal("[+1]"));
    assertEquals("f.json:1:4: bad JSON: unexpected ']' after the JSON value", refusal("[1]]"));
    assertEquals("f.json:2:1: bad JSON: unexpected character U+0001 after the JSON value", refusal("{}\n\u0001"));
    assertEquals("f.json:1:1: bad JSON: the JSON text ends where a value was expected", refusal(""));
    assertEquals("f.json:1:4: bad JSON: the JSON text ends where a value was expected", refusal(" \n\t".replace("\n", " ")));
    assertTrue(refusal("[1,").startsWith("f.json:1:4: bad JSON: Unexpected end-of-input"), refusal("[1,"));
    assertEquals("f.json:1:2: bad JSON: the integer 18446744073709551616 does not fit int64 or uint64",
        refusal("[18446744073709551616]"));
    assertEquals("f.json:1:2: bad JSON: the integer -9223372036854775809 does not fit int64 or uint64",
        refusal("[-9223372036854775809]"));
  }

  @Test
  void duplicateKeysAndDeepNesting_areRefusedByTheReadersOwnChecks() {
    assertEquals("f.json:1:10: bad JSON: the key \"a\" appears twice in one object", refusal("{\"a\": 1, \"a\": 2}"));
    assertEquals("f.json:1:101: bad JSON: arrays and objects nest deeper than 100 levels",
        refusal("[".repeat(101) + "]".repeat(101)));
    Object hundred = JsonReader.read("[".repeat(100) + "]".repeat(100), "f"); // 100 levels are fine
    assertTrue(hundred instanceof List<?>);
  }

  @Test
  void aNumberOfMoreThanAThousandDigits_isRefusedWithWhereAndWhy() {
    // no dtype holds such a number exactly, and parsing one costs time quadratic in its length: one line, no trace
    String digits = "1".repeat(1001);
    assertEquals("f.json:1:2: bad JSON: a number with 1001 digits in a row, more than the 1000 a feed number may have",
        refusal("[" + digits + "]"));
    assertEquals("f.json:1:2: bad JSON: a number with 1001 digits in a row, more than the 1000 a feed number may have",
        refusal("[0." + digits + "]"));
    assertEquals(List.of(new BigInteger("1".repeat(20))), JsonReader.read("[" + "1".repeat(20) + "]", "f"));
  }

  @Test
  void aLongString_isNotCutByJacksonsDefaultStringLimit() {
    String big = "a".repeat(21_000_000); // Jackson's default limit is 20,000,000 chars; InputFiles bounds the text instead
    assertEquals(List.of(ByteStrings.fromText(big)), JsonReader.read("[\"" + big + "\"]", "f"));
  }

  @Test
  void writtenResults_readBackAsTheirComponents_everyValueKind() {
    Map<String, Object> values = new LinkedHashMap<>();
    values.put("f", Tensor.wrap(DType.FLOAT32, new int[] {2, 2}, new float[] {Float.NaN, -0.0f, 1e-45f, Float.MAX_VALUE}));
    values.put("d", Tensor.ofDoubles(0.1, Double.NEGATIVE_INFINITY, Double.MIN_VALUE));
    values.put("u", Tensor.ofUint64(-1L, 0L));
    values.put("s", Tensor.ofByteStrings(ByteStrings.utf8("é\n\u007f😀"), new byte[] {(byte) 0xff}));
    values.put("r", RaggedTensor.of(Tensor.ofLongs(5, 6, 7), RowPartition.fromRowSplits(new long[] {0, 2, 2, 3}, DType.INT32, true)));
    values.put("p", SparseTensor.of(new long[][] {{0, 1}}, Tensor.ofBools(true), 2, 3));
    StringWriter text = new StringWriter();
    JsonResults.write(values, new PrintWriter(text, true));
    // json.dumps({"s": ["é\n\x7f😀"]}) -> '{"s": ["\\u00e9\\n\\u007f\\ud83d\\ude00"]}'; b'\xff' is base64 "/w=="
    assertEquals("""
        {
          "f": {"dtype": "float32", "shape": [2, 2], "values": [[NaN, -0.0], [1.4E-45, 3.4028235E38]]},
          "d": {"dtype": "float64", "shape": [3], "values": [0.1, -Infinity, 4.9E-324]},
          "u": {"dtype": "uint64", "shape": [2], "values": [18446744073709551615, 0]},
          "s": {"dtype": "string", "shape": [2], "values": ["\\u00e9\\n\\u007f\\ud83d\\ude00", {"b64": "/w=="}]},
          "r": {"dtype": "int64", "shape": [3, null], "row_splits_dtype": "int32", "values": [5, 6, 7], "row_splits": [0, 2, 2, 3]},
          "p": {"dtype": "bool", "shape": [2, 3], "indices": [[0, 1]], "values": [true], "dense_shape": [2, 3]}
        }
        """, text.toString());
    Map<?, ?> back = (Map<?, ?>) JsonReader.read(text.toString(), "out");
    Map<?, ?> f = (Map<?, ?>) back.get("f");
    assertEquals(List.of(List.of(Double.NaN, new Literals.Decimal("-0.0")),
        List.of(new Literals.Decimal("1.4E-45"), new Literals.Decimal("3.4028235E38"))), f.get("values"));
    assertEquals(List.of(new BigInteger("18446744073709551615"), 0L), ((Map<?, ?>) back.get("u")).get("values"));
    assertEquals(List.of(ByteStrings.fromText("é\n\u007f😀"), Map.of("b64", ByteStrings.fromText("/w=="))),
        ((Map<?, ?>) back.get("s")).get("values"));
    assertEquals(List.of(0L, 2L, 2L, 3L), ((Map<?, ?>) back.get("r")).get("row_splits"));
  }

  @Test
  void anEmptyResult_isAnEmptyObject() {
    StringWriter text = new StringWriter();
    JsonResults.write(Map.of(), new PrintWriter(text, true));
    assertEquals("{\n}\n", text.toString());
    assertEquals(Map.of(), JsonReader.read(text.toString(), "out"));
  }

  /** Jackson, like picocli, is the command line's: no class of the library outside {@code cli} refers to it. */
  @Test
  void onlyTheCliPackage_refersToJacksonOrPicocli() throws Exception {
    Path root = Path.of(dev.tatter.frontend.Session.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    assertTrue(Files.isDirectory(root), "run from the module's classes: " + root);
    List<Path> library;
    try (Stream<Path> files = Files.walk(root)) {
      library = files.filter(p -> p.toString().endsWith(".class"))
          .filter(p -> !root.relativize(p).toString().replace('\\', '/').startsWith("dev/tatter/frontend/cli/")).toList();
    }
    assertTrue(library.size() > 20, "found " + library.size() + " classes");
    for (Path p : library) {
      String bytes = new String(readAll(p), java.nio.charset.StandardCharsets.ISO_8859_1);
      assertTrue(!bytes.contains("com/fasterxml/jackson") && !bytes.contains("picocli/"), p + " refers to a CLI dependency");
    }
    String cli = new String(readAll(root.resolve("dev/tatter/frontend/cli/JsonReader.class")),
        java.nio.charset.StandardCharsets.ISO_8859_1);
    assertTrue(cli.contains("com/fasterxml/jackson"), "the check must see a reference where there is one");
  }

  private static byte[] readAll(Path p) throws IOException {
    return Files.readAllBytes(p);
  }
}
