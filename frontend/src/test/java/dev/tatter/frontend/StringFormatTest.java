package dev.tatter.frontend;

import static dev.tatter.frontend.Harness.runFirst;
import static dev.tatter.frontend.Harness.runtimeError;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.ir.GraphBuildException;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.Tensor;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** substr, to_number, as_string, join and reduce_join: TF's documented and kernel-derived results, ragged input, errors. */
class StringFormatTest {
  @Test
  void substr_inBytes_negativePositions_andLengthsPastTheEnd() {
    GraphBuilder g = new GraphBuilder();
    Value s = g.constant(Tensor.ofStrings("Hello", "World", ""));
    // tf.strings.substr(["Hello", "World", ""], 0, 3) -> [b'Hel', b'Wor', b'']: a length past the end stops there
    assertEquals("[b'Hel', b'Wor', b'']", runFirst(g, Strings.substr(s, 0, 3)));
    // tf.strings.substr(["Hello", "World"], -3, 2) -> [b'll', b'rl']; pos = -len is the start
    Value hw = g.constant(Tensor.ofStrings("Hello", "World"));
    assertEquals("[b'll', b'rl']", runFirst(g, Strings.substr(hw, -3, 2)));
    assertEquals("[b'Hello', b'World']", runFirst(g, Strings.substr(hw, -5, 10)));
    // pos == len(s) is allowed: tf.strings.substr("Hello", 5, 1) -> b''
    assertEquals("[b'', b'']", runFirst(g, Strings.substr(hw, 5, 1)));
    // TF's kernel: a negative len is a huge size_t, the rest of the string: tf.strings.substr("Hello", 1, -1) -> b'ello'
    assertEquals("[b'ello', b'orld']", runFirst(g, Strings.substr(hw, 1, -1)));
    // elementwise pos/len: tf.strings.substr(["Hello", "World"], [1, 2], [2, 3]) -> [b'el', b'rld']
    Value pos = g.constant(Tensor.ofInts(1, 2));
    Value len = g.constant(Tensor.ofInts(2, 3));
    assertEquals("[b'el', b'rld']", runFirst(g, Strings.substr(hw, pos, len, "BYTE")));
  }

  @Test
  void substr_broadcastsPosAndLenAsTf() {
    GraphBuilder g = new GraphBuilder();
    // tf.strings.substr([[b'ten', b'eleven'], [b'twelve', b'thirteen']], [1, 2], [2, 3]) ->
    //   [[b'en', b'eve'], [b'we', b'irt']]
    Value s = g.constant(Tensor.of(DType.STRING, new String[] {"ten", "eleven", "twelve", "thirteen"}, 2, 2));
    Value out = Strings.substr(s, g.constant(Tensor.ofInts(1, 2)), g.constant(Tensor.ofInts(2, 3)), "BYTE");
    assertEquals("tensor<string>[2, 2]", out.type().toString());
    assertEquals("[[b'en', b'eve'], [b'we', b'irt']]", runFirst(g, out));
    // a scalar string with vector pos: tf.strings.substr(b'thirteen', [0, 4], [4, 4]) -> [b'thir', b'teen']
    Value one = g.constant(Tensor.ofStrings("thirteen").reshape(new int[0]));
    assertEquals("[b'thir', b'teen']", runFirst(g, Strings.substr(one, g.constant(Tensor.ofLongs(0, 4)), g.constant(Tensor.ofLongs(4, 4)), "BYTE")));
  }

  @Test
  void substr_inUtf8Characters() {
    GraphBuilder g = new GraphBuilder();
    Value s = g.constant(Tensor.ofStrings("naïve café", "😊ab"));
    Value p = g.constant(Tensor.ofInts(1, 1));
    Value l = g.constant(Tensor.ofInts(3, 5));
    // tf.strings.substr(['naïve café', '😊ab'], [1, 1], [3, 5], unit='UTF8_CHAR') -> [b'a\xc3\xafv', b'ab']
    assertEquals("[b'a\\xc3\\xafv', b'ab']", runFirst(g, Strings.substr(s, p, l, "UTF8_CHAR")));
    // from the end: tf.strings.substr('naïve café', -4, 3, unit='UTF8_CHAR') -> b'caf'
    Value cafe = g.constant(Tensor.ofStrings("naïve café"));
    Value neg = Strings.substr(cafe, g.scalar(DType.INT32, -4), g.scalar(DType.INT32, 3), "UTF8_CHAR");
    assertEquals("[b'caf']", runFirst(g, neg));
    // in characters a negative len gives "" from pos >= 0 (TF's ForwardNUTF8CharPositions steps 0 times)
    assertEquals("[b'']", runFirst(g, Strings.substr(cafe, g.scalar(DType.INT32, 2), g.scalar(DType.INT32, -1), "UTF8_CHAR")));
  }

  @Test
  void substr_onRaggedInput_keepsThePartition() {
    GraphBuilder g = new GraphBuilder();
    Value rt = g.raggedFromRowSplits(g.constant(Tensor.ofStrings("abc", "de", "f")), g.constant(Tensor.ofLongs(0, 2, 2, 3)));
    // tf.strings.substr(tf.ragged.constant([["abc", "de"], [], ["f"]]), 1, 5) -> [[b'bc', b'e'], [], [b'']]
    assertEquals("[[b'bc', b'e'], [], [b'']]", runFirst(g, Strings.substr(rt, 1, 5)));
  }

  @Test
  void substr_errorsAsTf() {
    GraphBuilder g = new GraphBuilder();
    Value s = g.constant(Tensor.ofStrings("abc", "hello"));
    // tf.strings.substr(["abc", "hello"], 4, 1) -> InvalidArgumentError: pos 4 out of range for string b'abc' at index 0
    assertTrue(runtimeError(g, Strings.substr(s, 4, 1)).endsWith("pos 4 out of range for string b'abc' at index 0"));
    GraphBuilder h = new GraphBuilder();
    Value t = h.constant(Tensor.ofStrings("hello", "ab"));
    assertTrue(runtimeError(h, Strings.substr(t, -3, 1)).endsWith("pos -3 out of range for string b'ab' at index 1"));
    GraphBuilder k = new GraphBuilder();
    Value u = k.constant(Tensor.ofStrings("😊"));
    // in characters: "pos 2 out of range for string at index 0"
    assertTrue(runtimeError(k, Strings.substr(u, k.scalar(DType.INT64, 2), k.scalar(DType.INT64, 1), "UTF8_CHAR"))
        .endsWith("pos 2 out of range for string at index 0"));
    GraphBuilder m = new GraphBuilder();
    Value v = m.constant(Tensor.ofStrings("abc"));
    GraphBuildException unit = assertThrows(GraphBuildException.class,
        () -> Strings.substr(v, m.scalar(DType.INT32, 0), m.scalar(DType.INT32, 1), "CHAR"));
    assertTrue(unit.getMessage().contains("unit must be BYTE or UTF8_CHAR, got CHAR"), unit.getMessage());
    GraphBuildException shapes = assertThrows(GraphBuildException.class,
        () -> Strings.substr(v, m.constant(Tensor.ofInts(0, 1)), m.scalar(DType.INT32, 1), "BYTE"));
    assertTrue(shapes.getMessage().contains("pos and len should have the same shape"), shapes.getMessage());
  }

  @Test
  void toNumber_parsesAsTf() {
    GraphBuilder g = new GraphBuilder();
    // tf.strings.to_number([" 1.5", "-2e3 ", ".5", "5.", "INF", "-nan", "0x1A", "1e400"]) ->
    //   [1.5, -2000., 0.5, 5., inf, nan, 26., inf] (float32)
    Value f = g.constant(Tensor.ofStrings(" 1.5", "-2e3 ", ".5", "5.", "INF", "-nan", "0x1A", "1e400"));
    assertEquals("[1.5, -2000.0, 0.5, 5.0, inf, nan, 26.0, inf]", runFirst(g, Strings.toNumber(f)));
    // float32 is rounded once from the text: tf.strings.to_number("0.1") -> 0.1 (0x3dcccccd), float64 0.1
    Value tenth = g.constant(Tensor.ofStrings("0.1", "16777217"));
    assertEquals("[0.1, 16777216.0]", runFirst(g, Strings.toNumber(tenth)));
    assertEquals("[0.1, 16777217.0]", runFirst(g, Strings.toNumber(tenth, DType.FLOAT64)));
    // integers: tf.strings.to_number([" 42", "-2147483648", "007"], tf.int32) -> [42, -2147483648, 7]
    Value ints = g.constant(Tensor.ofStrings(" 42", "-2147483648", "007"));
    assertEquals("[42, -2147483648, 7]", runFirst(g, Strings.toNumber(ints, DType.INT32)));
    Value longs = g.constant(Tensor.ofStrings("-9223372036854775808", "9223372036854775807"));
    assertEquals("[-9223372036854775808, 9223372036854775807]", runFirst(g, Strings.toNumber(longs, DType.INT64)));
  }

  @Test
  void toNumber_refusesWhatTfRefuses() {
    // tf.strings.to_number(s, out_type) -> InvalidArgumentError: StringToNumberOp could not correctly convert string: s
    String[][] bad = {
        {"", "float32"}, {"abc", "float32"}, {"1e", "float32"}, {"1.5x", "float64"}, {"infinity", "float32"},
        {"0x", "float32"}, {"- 1", "float32"},
        {"+5", "int32"}, {"2147483648", "int32"}, {"1.0", "int32"}, {"9223372036854775808", "int64"}, {"", "int64"}, {"0x10", "int64"}};
    for (String[] c : bad) {
      GraphBuilder g = new GraphBuilder();
      Value s = g.constant(Tensor.ofStrings(c[0]));
      Value out = Strings.toNumber(s, DType.fromName(c[1]));
      assertTrue(runtimeError(g, out).endsWith("StringToNumberOp could not correctly convert string: b'" + c[0] + "'"), c[0]);
    }
    GraphBuilder g = new GraphBuilder();
    Value ok31 = g.constant(Tensor.ofStrings("0.0000000000000000000000000001")); // 30 bytes parse
    assertEquals("[1e-28]", runFirst(g, Strings.toNumber(ok31, DType.FLOAT64)));
    // spaces only parse as 0 (double-conversion's empty-string value): tf.strings.to_number("\t ") -> 0.0
    assertEquals("[0.0]", runFirst(g, Strings.toNumber(g.constant(Tensor.ofStrings("\t ")))));
    GraphBuilder h = new GraphBuilder();
    Value long32 = h.constant(Tensor.ofStrings("0.000000000000000000000000000001")); // 32 bytes: over TF's buffer
    assertTrue(runtimeError(h, Strings.toNumber(long32, DType.FLOAT64)).contains("could not correctly convert string"));
    GraphBuildException type = assertThrows(GraphBuildException.class, () -> Strings.toNumber(h.constant(Tensor.ofStrings("1")), DType.INT8));
    assertTrue(type.getMessage().contains("out_type must be float32, float64, int32 or int64"), type.getMessage());
  }

  @Test
  void asString_formatsAsCPrintf() {
    GraphBuilder g = new GraphBuilder();
    Value f = g.constant(Tensor.ofDoubles(3.14159, -0.0, 2.5, 1e-5, 123456789.0, Double.NaN, Double.NEGATIVE_INFINITY));
    // tf.strings.as_string(x) uses "%f": [b'3.141590', b'-0.000000', b'2.500000', b'0.000010', b'123456789.000000', b'nan', b'-inf']
    assertEquals("[b'3.141590', b'-0.000000', b'2.500000', b'0.000010', b'123456789.000000', b'nan', b'-inf']",
        runFirst(g, Strings.asString(f)));
    // precision=0 rounds ties to even as glibc does: 2.5 -> b'2', 3.14159 -> b'3'
    assertEquals("[b'3', b'-0', b'2', b'0', b'123456789', b'nan', b'-inf']", runFirst(g, Strings.asString(f, 0, false, false, -1, "")));
    // scientific=True: "%e"
    assertEquals("[b'3.141590e+00', b'-0.000000e+00', b'2.500000e+00', b'1.000000e-05', b'1.234568e+08', b'nan', b'-inf']",
        runFirst(g, Strings.asString(f, -1, true, false, -1, "")));
    // shortest=True: "%g"
    assertEquals("[b'3.14159', b'-0', b'2.5', b'1e-05', b'1.23457e+08', b'nan', b'-inf']",
        runFirst(g, Strings.asString(f, -1, false, true, -1, "")));
    // width and fill: "%08.2f" and "%-8.2f"; inf is padded with spaces even under '0'
    assertEquals("[b'00003.14', b'-0000.00', b'00002.50', b'00000.00', b'123456789.00', b'     nan', b'    -inf']",
        runFirst(g, Strings.asString(f, 2, false, false, 8, "0")));
    assertEquals("[b'3.14    ', b'-0.00   ', b'2.50    ', b'0.00    ', b'123456789.00', b'nan     ', b'-inf    ']",
        runFirst(g, Strings.asString(f, 2, false, false, 8, "-")));
    // float32 prints its exact value: tf.strings.as_string(tf.constant(0.1, tf.float32), precision=10) -> b'0.1000000015'
    Value tenth = g.constant(Tensor.ofFloats(0.1f));
    assertEquals("[b'0.1000000015']", runFirst(g, Strings.asString(tenth, 10, false, false, -1, "")));
  }

  @Test
  void asString_ofIntegersAndBools() {
    GraphBuilder g = new GraphBuilder();
    Value i = g.constant(Tensor.ofInts(7, -7, 0));
    // tf.strings.as_string([7, -7, 0]) -> [b'7', b'-7', b'0']; width=4, fill='0' -> "%04d"; fill='+' -> "%+d"; ' ' -> "% 4d"
    assertEquals("[b'7', b'-7', b'0']", runFirst(g, Strings.asString(i)));
    assertEquals("[b'0007', b'-007', b'0000']", runFirst(g, Strings.asString(i, -1, false, false, 4, "0")));
    assertEquals("[b'+7', b'-7', b'+0']", runFirst(g, Strings.asString(i, -1, false, false, -1, "+")));
    assertEquals("[b'   7', b'  -7', b'   0']", runFirst(g, Strings.asString(i, -1, false, false, 4, " ")));
    Value u = g.constant(Tensor.of(DType.UINT64, new long[] {-1L}, 1));
    // tf.strings.as_string(tf.constant([2**64 - 1], tf.uint64)) -> [b'18446744073709551615'] ("%llu")
    assertEquals("[b'18446744073709551615']", runFirst(g, Strings.asString(u)));
    Value b = g.constant(Tensor.ofBools(true, false));
    assertEquals("[b'true', b'false']", runFirst(g, Strings.asString(b)));
  }

  @Test
  void asString_refusesWhatTfsKernelRefuses() {
    GraphBuilder g = new GraphBuilder();
    Value i = g.constant(Tensor.ofInts(1));
    Value f = g.constant(Tensor.ofFloats(1));
    assertTrue(buildFails(() -> Strings.asString(i, 2, false, false, -1, "")).contains("precision not supported for datatype int32"));
    assertTrue(buildFails(() -> Strings.asString(i, -1, true, false, -1, "")).contains("scientific and shortest format not supported for datatype int32"));
    assertTrue(buildFails(() -> Strings.asString(f, -1, true, true, -1, "")).contains("Cannot select both scientific and shortest notation"));
    assertTrue(buildFails(() -> Strings.asString(f, -1, false, false, 3, "ab")).contains("Fill string must be one or fewer characters"));
    assertTrue(buildFails(() -> Strings.asString(f, -1, false, false, 3, "x")).contains("Fill argument not supported: \"x\""));
  }

  @Test
  void asString_ofStrings_padsToTheWidth_asTf218() {
    GraphBuilder g = new GraphBuilder();
    Value s = g.constant(Tensor.ofStrings("ab", "", "héllo", "é"));
    // TF 2.18 (TF Java 1.1.0's AsString kernel, observed): tf.strings.as_string(s) -> the strings unchanged
    assertEquals("[b'ab', b'', b'h\\xc3\\xa9llo', b'\\xc3\\xa9']", runFirst(g, Strings.asString(s)));
    // width pads with spaces in bytes, never cuts: tf.strings.as_string(s, width=5)
    //   -> [b'   ab', b'     ', b'h\xc3\xa9llo', b'   \xc3\xa9']
    assertEquals("[b'   ab', b'     ', b'h\\xc3\\xa9llo', b'   \\xc3\\xa9']", runFirst(g, Strings.asString(s, -1, false, false, 5, "")));
    // fill '-' left-aligns; '0' pads with spaces as glibc's %05s: tf.strings.as_string(s, width=5, fill='-'|'0')
    assertEquals("[b'ab   ', b'     ', b'h\\xc3\\xa9llo', b'\\xc3\\xa9   ']", runFirst(g, Strings.asString(s, -1, false, false, 5, "-")));
    assertEquals("[b'   ab', b'     ', b'h\\xc3\\xa9llo', b'   \\xc3\\xa9']", runFirst(g, Strings.asString(s, -1, false, false, 5, "0")));
    // precision and scientific/shortest are taken and not used: tf.strings.as_string(s, precision=2, shortest=True) -> s
    assertEquals("[b'ab', b'', b'h\\xc3\\xa9llo', b'\\xc3\\xa9']", runFirst(g, Strings.asString(s, 2, false, true, -1, "")));
    // ragged strings through their flat values: tf.strings.as_string(tf.ragged.constant([['a'], []]), width=2)
    Value rs = g.raggedFromRowSplits(g.constant(Tensor.ofStrings("a")), g.constant(Tensor.ofLongs(0, 1, 1)));
    assertEquals("[[b' a'], []]", runFirst(g, Strings.asString(rs, -1, false, false, 2, "")));
    // with a positive width the precision cuts bytes first: tf.strings.as_string(s, width=3, precision=1)
    //   -> [b'  a', b'   ', b'  h', b'  \xc3'] (a cut may split a character, as printf's %3.1s does)
    assertEquals("[b'  a', b'   ', b'  h', b'  \\xc3']", runFirst(g, Strings.asString(s, 1, false, false, 3, "")));
    // width 0 is no width: tf.strings.as_string(s, width=0, precision=0) -> s
    assertEquals("[b'ab', b'', b'h\\xc3\\xa9llo', b'\\xc3\\xa9']", runFirst(g, Strings.asString(s, 0, false, false, 0, "")));
    // the checks TF makes for every dtype still apply: both notations at once
    assertTrue(buildFails(() -> Strings.asString(s, -1, true, true, -1, "")).contains("Cannot select both scientific and shortest notation"));
  }

  private static String buildFails(org.junit.jupiter.api.function.Executable e) {
    return assertThrows(GraphBuildException.class, e).getMessage();
  }

  @Test
  void join_elementwise_withScalarsBroadcast() {
    GraphBuilder g = new GraphBuilder();
    Value a = g.constant(Tensor.ofStrings("a", "b"));
    Value c = g.constant(Tensor.ofStrings("x", "y"));
    Value bang = g.constant(Tensor.ofStrings("!").reshape(new int[0]));
    // tf.strings.join([['a', 'b'], '-', ['x', 'y']], separator=' ') -> [b'a - x', b'b - y']
    Value dash = g.constant(Tensor.ofStrings("-").reshape(new int[0]));
    assertEquals("[b'a - x', b'b - y']", runFirst(g, Strings.join(List.of(a, dash, c), " ")));
    // tf.strings.join(['abc', 'def']) -> b'abcdef'
    Value abc = g.constant(Tensor.ofStrings("abc").reshape(new int[0]));
    Value def = g.constant(Tensor.ofStrings("def").reshape(new int[0]));
    assertEquals("b'abcdef'", runFirst(g, Strings.join(List.of(abc, def), "")));
    assertEquals("[b'a!', b'b!']", runFirst(g, Strings.join(List.of(a, bang), "")));
    GraphBuilder h = new GraphBuilder();
    Value two = h.placeholder("two", Types.parse("tensor<string>[None]"));
    Value three = h.placeholder("three", Types.parse("tensor<string>[None]"));
    InvalidArgumentException e = assertThrows(InvalidArgumentException.class, () -> Harness.runEverywhere(
        h.build(Strings.join(List.of(two, three), "")), Map.of("two", Tensor.ofStrings("a", "b"), "three", Tensor.ofStrings("a", "b", "c"))));
    assertTrue(e.getMessage().endsWith("Inputs must be the same shape, or scalars; got: [2] vs. [3]"), e.getMessage());
  }

  @Test
  void join_onRaggedInputs() {
    GraphBuilder g = new GraphBuilder();
    Value splits = g.constant(Tensor.ofLongs(0, 2, 3));
    Value x = g.raggedFromRowSplits(g.constant(Tensor.ofStrings("a", "b", "c")), splits);
    Value y = g.raggedFromRowSplits(g.constant(Tensor.ofStrings("1", "2", "3")), splits);
    Value colon = g.constant(Tensor.ofStrings(":").reshape(new int[0]));
    // tf.strings.join([rt_x, rt_y], separator='=') with rt_x = [['a', 'b'], ['c']], rt_y = [['1', '2'], ['3']]
    assertEquals("[[b'a=1', b'b=2'], [b'c=3']]", runFirst(g, Strings.join(List.of(x, y), "=")));
    assertEquals("[[b'a:', b'b:'], [b'c:']]", runFirst(g, Strings.join(List.of(x, colon), "")));
  }

  @Test
  void reduceJoin_denseAnyAxes() {
    GraphBuilder g = new GraphBuilder();
    Value s = g.constant(Tensor.of(DType.STRING, new String[] {"abc", "123", "def", "456"}, 2, 2));
    // the docstring: tf.strings.reduce_join([['abc','123'], ['def','456']]) -> b'abc123def456'
    assertEquals("b'abc123def456'", runFirst(g, Strings.reduceJoin(s, null, false, "")));
    // axis=-1 -> [b'abc123', b'def456']; axis=0, separator='.' -> [b'abc.def', b'123.456']
    assertEquals("[b'abc123', b'def456']", runFirst(g, Strings.reduceJoin(s, new long[] {-1}, false, "")));
    assertEquals("[b'abc.def', b'123.456']", runFirst(g, Strings.reduceJoin(s, new long[] {0}, false, ".")));
    // keepdims=True: [[b'abc-123'], [b'def-456']]
    assertEquals("[[b'abc-123'], [b'def-456']]", runFirst(g, Strings.reduceJoin(s, new long[] {1}, true, "-")));
    // TF reduces the listed axes in order, so the first listed varies fastest:
    // tf.strings.reduce_join(s, axis=[1, 0], separator=' ') -> b'abc 123 def 456'; axis=[0, 1] -> b'abc def 123 456'
    assertEquals("b'abc 123 def 456'", runFirst(g, Strings.reduceJoin(s, new long[] {1, 0}, false, " ")));
    assertEquals("b'abc def 123 456'", runFirst(g, Strings.reduceJoin(s, new long[] {0, 1}, false, " ")));
    // an empty axis joins nothing: tf.strings.reduce_join(tf.zeros([2, 0], tf.string), 1, separator=' ') -> [b'', b'']
    Value empty = g.constant(Tensor.of(DType.STRING, new String[0], 2, 0));
    assertEquals("[b'', b'']", runFirst(g, Strings.reduceJoin(empty, new long[] {1}, false, " ")));
  }

  @Test
  void reduceJoin_ragged() {
    GraphBuilder g = new GraphBuilder();
    Value rt = g.raggedFromRowSplits(g.constant(Tensor.ofStrings("a", "b", "c", "d", "e")), g.constant(Tensor.ofLongs(0, 3, 3, 5)));
    // rt = tf.ragged.constant([['a', 'b', 'c'], [], ['d', 'e']])
    // tf.strings.reduce_join(rt, axis=1, separator=' ') -> [b'a b c', b'', b'd e']
    assertEquals("[b'a b c', b'', b'd e']", runFirst(g, Strings.reduceJoin(rt, new long[] {1}, false, " ")));
    // axis=0 joins position by position: [b'a d', b'b e', b'c']
    assertEquals("[b'a d', b'b e', b'c']", runFirst(g, Strings.reduceJoin(rt, new long[] {0}, false, " ")));
    // axis=None joins the flat values: b'a b c d e' (the empty row adds no separator)
    assertEquals("b'a b c d e'", runFirst(g, Strings.reduceJoin(rt, null, false, " ")));
    // keepdims on axis 1: [[b'a,b,c'], [b''], [b'd,e']]
    assertEquals("[[b'a,b,c'], [b''], [b'd,e']]", runFirst(g, Strings.reduceJoin(rt, new long[] {1}, true, ",")));
    // a ragged tensor of rank 3: reducing the innermost axis keeps the outer partition
    Value outer = g.raggedFromRowSplits(rt, g.constant(Tensor.ofLongs(0, 2, 3)));
    assertEquals("[[b'abc', b''], [b'de']]", runFirst(g, Strings.reduceJoin(outer, new long[] {2}, false, "")));
  }

  @Test
  void reduceJoin_raggedRows_separatorOnlyAfterANonEmptyJoin_asUnsortedSegmentJoin() {
    GraphBuilder g = new GraphBuilder();
    // rt = tf.ragged.constant([['', 'a'], ['a', ''], ['', '', 'b'], []]); TF's ragged reduce_join is UnsortedSegmentJoin,
    // which adds the separator only once the join so far is non-empty (TF Java 1.1.0's kernel):
    // tf.strings.reduce_join(rt, axis=1, separator=', ') -> [b'a', b'a, ', b'b', b'']
    Value rt = g.raggedFromRowSplits(g.constant(Tensor.ofStrings("", "a", "a", "", "", "", "b")), g.constant(Tensor.ofLongs(0, 2, 4, 7, 7)));
    assertEquals("[b'a', b'a, ', b'b', b'']", runFirst(g, Strings.reduceJoin(rt, new long[] {1}, false, ", ")));
    // axis 0, position by position: ['', 'a', ''] -> b'a, ', ['a', '', ''] -> b'a, , ', ['b'] -> b'b'
    assertEquals("[b'a, ', b'a, , ', b'b']", runFirst(g, Strings.reduceJoin(rt, new long[] {0}, false, ", ")));
    // a dense ReduceJoin joins with every separator: tf.strings.reduce_join(['', 'a'], separator=', ') -> b', a'
    assertEquals("b', a'", runFirst(g, Strings.reduceJoin(g.constant(Tensor.ofStrings("", "a")), new long[] {0}, false, ", ")));
  }

  @Test
  void reduceJoin_raggedOverSeveralAxes_oneAtATimeFromTheHighest() {
    GraphBuilder g = new GraphBuilder();
    // rt = tf.ragged.constant([['a', 'b', 'c'], [], ['d', 'e']])
    Value rt = g.raggedFromRowSplits(g.constant(Tensor.ofStrings("a", "b", "c", "d", "e")), g.constant(Tensor.ofLongs(0, 3, 3, 5)));
    // ragged_reduce_aggregate sorts the axes and reduces axis 1 first (-> [b'a b c', b'', b'd e']), then axis 0 of
    // that dense result: tf.strings.reduce_join(rt, axis=[0, 1], separator=' ') -> b'a b c  d e' (the empty row
    // keeps its separator, unlike axis=None's b'a b c d e'); axis=[1, 0] and [-1, 0] are the same
    assertEquals("b'a b c  d e'", runFirst(g, Strings.reduceJoin(rt, new long[] {0, 1}, false, " ")));
    assertEquals("b'a b c  d e'", runFirst(g, Strings.reduceJoin(rt, new long[] {1, 0}, false, " ")));
    assertEquals("b'a b c  d e'", runFirst(g, Strings.reduceJoin(rt, new long[] {-1, 0}, false, " ")));
    // keepdims: tf.strings.reduce_join(rt, axis=[0, 1], keepdims=True, separator=' ') -> [[b'a b c  d e']]
    assertEquals("[[b'a b c  d e']]", runFirst(g, Strings.reduceJoin(rt, new long[] {0, 1}, true, " ")));
    // axis=None with keepdims: the flat values joined, then one expand_dims per dimension of shape[1:] -> [[b'a b c d e']]
    assertEquals("[[b'a b c d e']]", runFirst(g, Strings.reduceJoin(rt, null, true, " ")));
    // an empty axis list gives the input: tf.strings.reduce_join(rt, axis=[]) -> rt
    Value same = Strings.reduceJoin(rt, new long[0], false, " ");
    assertEquals("[[b'a', b'b', b'c'], [], [b'd', b'e']]", runFirst(g, same));
    // rank 3: outer = tf.RaggedTensor.from_row_splits(rt, [0, 2, 3]) = [[['a', 'b', 'c'], []], [['d', 'e']]]
    Value outer = g.raggedFromRowSplits(rt, g.constant(Tensor.ofLongs(0, 2, 3)));
    // axis=[1, 2]: axis 2 first -> [[b'a-b-c', b''], [b'd-e']], then axis 1 -> [b'a-b-c-', b'd-e']
    assertEquals("[b'a-b-c-', b'd-e']", runFirst(g, Strings.reduceJoin(outer, new long[] {1, 2}, false, "-")));
    // axis=[0, 1]: axis 1 joins each outer row's rows position by position -> [['a', 'b', 'c'], ['d', 'e']],
    // then axis 0 position by position -> [b'a-d', b'b-e', b'c']
    assertEquals("[b'a-d', b'b-e', b'c']", runFirst(g, Strings.reduceJoin(outer, new long[] {0, 1}, false, "-")));
    // every axis listed: 2, then 1, then 0 -> b'a b c  d e'
    assertEquals("b'a b c  d e'", runFirst(g, Strings.reduceJoin(outer, new long[] {2, 0, 1}, false, " ")));
    // keepdims over [1, 2] keeps both dims as size 1: [[[b'a-b-c-']], [[b'd-e']]]
    Value kept = Strings.reduceJoin(outer, new long[] {1, 2}, true, "-");
    assertEquals("tensor<string>[2, 1, 1]", kept.type().toString());
    assertEquals("[[[b'a-b-c-']], [[b'd-e']]]", runFirst(g, kept));
    // bad axes: TF's get_positive_axis refuses them; Tatter names ReduceJoin's conditions
    GraphBuildException dup = assertThrows(GraphBuildException.class, () -> Strings.reduceJoin(outer, new long[] {1, -2}, false, ""));
    assertTrue(dup.getMessage().contains("Duplicate reduction dimension -2"), dup.getMessage());
    GraphBuildException range = assertThrows(GraphBuildException.class, () -> Strings.reduceJoin(outer, new long[] {0, 3}, false, ""));
    assertTrue(range.getMessage().contains("Invalid reduction dimension 3 for input with 3 dimension(s)"), range.getMessage());
  }

  @Test
  void substr_raggedPosAndLen_withTheInputsPartition() {
    GraphBuilder g = new GraphBuilder();
    Value rt = g.raggedFromRowSplits(g.constant(Tensor.ofStrings("Hello", "World", "abc")), g.constant(Tensor.ofLongs(0, 2, 3)));
    Value pos = g.raggedFromRowSplits(g.constant(Tensor.ofInts(1, -3, 0)), g.constant(Tensor.ofLongs(0, 2, 3)));
    Value len = g.raggedFromRowSplits(g.constant(Tensor.ofInts(3, 2, 10)), g.constant(Tensor.ofLongs(0, 2, 3)));
    // tf.ragged.map_flat_values(tf.strings.substr, rt, pos, len) -> [[b'ell', b'rl'], [b'abc']]
    assertEquals("[[b'ell', b'rl'], [b'abc']]", runFirst(g, Strings.substr(rt, pos, len, "BYTE")));
    // in characters, with an empty row: map_flat_values(substr, [['naïve'], []], [[1], []], [[3], []], unit='UTF8_CHAR')
    //   -> [[b'a\xc3\xafv'], []]
    Value s = g.raggedFromRowSplits(g.constant(Tensor.ofStrings("naïve")), g.constant(Tensor.ofLongs(0, 1, 1)));
    Value p = g.raggedFromRowSplits(g.constant(Tensor.ofLongs(1)), g.constant(Tensor.ofLongs(0, 1, 1)));
    Value l = g.raggedFromRowSplits(g.constant(Tensor.ofLongs(3)), g.constant(Tensor.ofLongs(0, 1, 1)));
    assertEquals("[[b'a\\xc3\\xafv'], []]", runFirst(g, Strings.substr(s, p, l, "UTF8_CHAR")));
    // other partitions: map_flat_values refuses them ("Inputs must have identical ragged splits"); checked when run
    Value otherPos = g.raggedFromRowSplits(g.constant(Tensor.ofInts(1, -3, 0)), g.constant(Tensor.ofLongs(0, 1, 3)));
    String differ = runtimeError(g, Strings.substr(rt, otherPos, len, "BYTE"));
    assertTrue(differ.contains("partitions differ: row_splits[1]=2 vs 1"), differ);
    // a ragged pos with a scalar len, a ragged pos for a dense input, a pos of another ragged rank: refused when built
    GraphBuildException mixed = assertThrows(GraphBuildException.class, () -> Strings.substr(rt, pos, g.scalar(DType.INT32, 1), "BYTE"));
    assertTrue(mixed.getMessage().contains("both scalars, or both ragged with its row partitions"), mixed.getMessage());
    Value dense = g.constant(Tensor.ofStrings("Hello", "World", "abc"));
    GraphBuildException denseInput = assertThrows(GraphBuildException.class, () -> Strings.substr(dense, pos, len, "BYTE"));
    assertTrue(denseInput.getMessage().contains("ragged pos or len needs a ragged input"), denseInput.getMessage());
    Value deep = g.raggedFromRowSplits(rt, g.constant(Tensor.ofLongs(0, 2)));
    GraphBuildException rank = assertThrows(GraphBuildException.class, () -> Strings.substr(deep, pos, len, "BYTE"));
    assertTrue(rank.getMessage().contains("must have the input's ragged rank 2, got 1 and 1"), rank.getMessage());
  }

  @Test
  void regexPatterns_areCompiledOncePerPatternText() {
    // the same pattern text gives the same compiled Pattern, across calls, runs and graphs
    com.google.re2j.Pattern first = dev.tatter.runtime.kernels.strings.RegexCache.compiled("TF[a-z]+\\d");
    assertTrue(first == dev.tatter.runtime.kernels.strings.RegexCache.compiled("TF[a-z]+\\d"), "compiled once");
    GraphBuilder g = new GraphBuilder();
    Value s = g.constant(Tensor.ofStrings("TFabc1", "x"));
    assertEquals("[True, False]", runFirst(g, Strings.regexFullMatch(s, "TF[a-z]+\\d")));
    assertTrue(first == dev.tatter.runtime.kernels.strings.RegexCache.compiled("TF[a-z]+\\d"), "the runs reused it");
    // a pattern RE2 refuses is not cached: it fails each time with TF's message
    for (int k = 0; k < 2; k++) {
      InvalidArgumentException e = assertThrows(InvalidArgumentException.class, () -> dev.tatter.runtime.kernels.strings.RegexCache.compiled("("));
      assertTrue(e.getMessage().startsWith("Invalid pattern: b'("), e.getMessage());
    }
  }

  @Test
  void asString_ofComplex_printsEachPartInParentheses() {
    GraphBuilder g = new GraphBuilder();
    Value c = g.constant(Tensor.ofComplex64(1.5f, -2f));
    // TF's AsString on complex: "(" + part + "," + part + ")", each part with the float format
    // tf.strings.as_string(tf.complex(1.5, -2.)) -> b'(1.500000,-2.000000)'
    assertEquals("[b'(1.500000,-2.000000)']", runFirst(g, Strings.asString(c)));
    // tf.strings.as_string(tf.complex(1.5, -2.), precision=2, width=7) -> b'(   1.50,  -2.00)'
    assertEquals("[b'(   1.50,  -2.00)']", runFirst(g, Strings.asString(c, 2, false, false, 7, "")));
    // tf.strings.as_string(tf.complex(1.5, 2.), width=12, fill='0') -> b'(00001.500000,00002.000000)'
    assertEquals("[b'(00001.500000,00002.000000)']",
        runFirst(g, Strings.asString(g.constant(Tensor.ofComplex64(1.5f, 2f)), -1, false, false, 12, "0")));
    // tf.strings.as_string(tf.complex(1.5e10, nan), scientific=True) -> b'(1.500000e+10,nan)';
    // shortest=True of complex(1.5e10, -inf) -> b'(1.5e+10,-inf)'
    Value big = g.constant(Tensor.ofComplex64(1.5e10f, Float.NaN, 1.5e10f, Float.NEGATIVE_INFINITY));
    assertEquals("[b'(1.500000e+10,nan)', b'(1.500000e+10,-inf)']", runFirst(g, Strings.asString(big, -1, true, false, -1, "")));
    assertEquals("[b'(1.5e+10,nan)', b'(1.5e+10,-inf)']", runFirst(g, Strings.asString(big, -1, false, true, -1, "")));
    // complex128: tf.strings.as_string(tf.complex(1.5, -2e-5)) (float64 parts) -> b'(1.500000,-0.000020)'
    assertEquals("[b'(1.500000,-0.000020)']", runFirst(g, Strings.asString(g.constant(Tensor.ofComplex128(1.5, -2e-5)))));
  }

  @Test
  void substr_atInt64sExtremes_isTfsValueOrTfsError() {
    long max = Long.MAX_VALUE, min = Long.MIN_VALUE;
    // tf.strings.substr("abcd", pos, len, unit): TF 2.18's value, or null where it raises "pos ... out of range"
    Object[][] cases = {
        {1L, max, "BYTE", "b'bcd'"}, {1L, max, "UTF8_CHAR", "b'bcd'"},
        {-1L, max, "BYTE", "b'd'"}, {-1L, max, "UTF8_CHAR", "b'd'"},
        {2L, max - 1, "BYTE", "b'cd'"}, {-3L, max, "UTF8_CHAR", "b'bcd'"},
        {-1L, min, "BYTE", "b'd'"}, {-1L, min, "UTF8_CHAR", null},
        {-2L, min + 1, "BYTE", "b'cd'"}, {-2L, min + 1, "UTF8_CHAR", null},
        {min, 1L, "BYTE", null}, {min, 1L, "UTF8_CHAR", null}, {max, max, "BYTE", null}, {max, max, "UTF8_CHAR", null},
        {min, min, "BYTE", null}, {min, min, "UTF8_CHAR", null}, {1L, -1L, "UTF8_CHAR", "b''"}, {1L, -1L, "BYTE", "b'bcd'"}};
    for (Object[] c : cases) {
      GraphBuilder g = new GraphBuilder();
      Value out = Strings.substr(g.constant(Tensor.ofStrings("abcd")), g.scalar(DType.INT64, c[0]), g.scalar(DType.INT64, c[1]),
          (String) c[2]);
      String what = "substr(\"abcd\", " + c[0] + ", " + c[1] + ", " + c[2] + ")";
      if (c[3] == null) {
        assertTrue(runtimeError(g, out).contains("pos " + c[0] + " out of range for string"), what);
      } else {
        assertEquals("[" + c[3] + "]", runFirst(g, out), what);
      }
    }
  }
}
