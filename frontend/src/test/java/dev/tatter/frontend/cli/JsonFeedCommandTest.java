package dev.tatter.frontend.cli;

import static dev.tatter.frontend.cli.CliRuns.tatter;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.frontend.cli.CliRuns.Run;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code tatter run --feed x=@FILE.json} and inline JSON objects: ragged and sparse components, strict JSON, bounded files. */
class JsonFeedCommandTest {
  private static final String RAGGED = """
      %rt = placeholder() : ragged<float32>[None, (None)]
      %p = partition(%rt) : partition<int64>[None, (None)]
      %lengths = row_lengths(%p) : tensor<int64>[None]
      return %rt, %lengths
      """;
  private static final String RAGGED2 = """
      %rt = placeholder() : ragged<int32>[None, (None), (None)]
      return %rt
      """;
  private static final String SPARSE = """
      %st = placeholder() : sparse<int32>[None, 3]
      %z = constant() {value = tensor<int32>[] 0} : tensor<int32>[]
      %dense = sparse_to_dense(%st, %z) : tensor<int32>[None, 3]
      return %dense
      """;
  private static final String DENSE = """
      %x = placeholder() : tensor<float64>[None]
      return %x
      """;

  @TempDir
  Path dir;

  private Path write(String name, String text) throws IOException {
    return CliRuns.write(dir, name, text);
  }

  private Run fail(Path graph, String feed) {
    Run r = tatter("run", graph, "--feed", feed);
    assertEquals(1, r.code(), r.toString());
    assertEquals("", r.out());
    return r;
  }

  private void assertRefused(Path graph, String feed, String message) {
    Run r = fail(graph, feed);
    assertTrue(r.err().contains(message), () -> "expected\n  " + message + "\nin\n  " + r.err());
  }

  @Test
  void raggedFromRowSplitsObject_inlineAndFromAFile_onBothBackends() throws IOException {
    Path graph = write("r.tat", RAGGED);
    // tf.RaggedTensor.from_row_splits([1., 2., 3.], [0, 2, 2, 3]) -> [[1.0, 2.0], [], [3.0]]; row_lengths -> [2, 0, 1]
    String expected = "%rt = [[1.0, 2.0], [], [3.0]]\n%lengths = [2, 0, 1]\n";
    String json = "{\"values\": [1.0, 2, 3e0], \"row_splits\": [0, 2, 2, 3]}";
    assertEquals(new Run(0, expected, ""), tatter("run", graph, "--feed", "rt=" + json));
    Path file = write("rt.json", "{\n  \"row_splits\": [0, 2, 2, 3],\n  \"values\": [1.0, 2.0, 3.0]\n}\n");
    assertEquals(new Run(0, expected, ""), tatter("run", graph, "--interpret", "--feed", "rt=@" + file));
    // nested lists stay a ragged feed, in a .json file too
    Path lists = write("lists.json", "[[1.0, 2.0], [], [3.0]]");
    assertEquals(new Run(0, expected, ""), tatter("run", graph, "--feed", "rt=@" + lists));
  }

  @Test
  void raggedOfRaggedRankTwo_nestsObjectsAsFromRowSplitsDoes() throws IOException {
    Path graph = write("r2.tat", RAGGED2);
    // tf.RaggedTensor.from_row_splits(tf.RaggedTensor.from_row_splits([1, 2, 3, 4], [0, 1, 4]), [0, 2, 2])
    //   -> [[[1], [2, 3, 4]], []]
    String json = "{\"values\": {\"values\": [1, 2, 3, 4], \"row_splits\": [0, 1, 4]}, \"row_splits\": [0, 2, 2]}";
    assertEquals(new Run(0, "%rt = [[[1], [2, 3, 4]], []]\n", ""), tatter("run", graph, "--feed", "rt=" + json));
    // the values as nested lists work too
    String lists = "{\"values\": [[1], [2, 3, 4]], \"row_splits\": [0, 2, 2]}";
    assertEquals(new Run(0, "%rt = [[[1], [2, 3, 4]], []]\n", ""), tatter("run", graph, "--feed", "rt=" + lists));
  }

  @Test
  void sparseObject_feedsASparsePlaceholder() throws IOException {
    Path graph = write("s.tat", SPARSE);
    // tf.sparse.to_dense(tf.sparse.SparseTensor([[0, 1], [1, 2]], [5, 7], [2, 3])) -> [[0, 5, 0], [0, 0, 7]]
    String json = "{\"indices\": [[0, 1], [1, 2]], \"values\": [5, 7], \"dense_shape\": [2, 3]}";
    String expected = "%dense = [[0, 5, 0], [0, 0, 7]]\n";
    assertEquals(new Run(0, expected, ""), tatter("run", graph, "--feed", "st=" + json));
    assertEquals(new Run(0, expected, ""), tatter("run", graph, "--interpret", "--feed", "st=@" + write("st.json", json)));
    // no stored values: an empty index list, as TF's SparseTensor(tf.zeros([0, 2], tf.int64), [], [1, 3])
    assertEquals(new Run(0, "%dense = [[0, 0, 0]]\n", ""), tatter("run", graph, "--feed",
        "st={\"indices\": [], \"values\": [], \"dense_shape\": [1, 3]}"));
  }

  @Test
  void pythonsNanAndInfinity_areReadInJsonFiles() throws IOException {
    Path graph = write("d.tat", DENSE);
    // json.dumps([float('nan'), float('inf'), -float('inf'), 0.1]) -> '[NaN, Infinity, -Infinity, 0.1]'
    Run r = tatter("run", graph, "--feed", "x=@" + write("x.json", "[NaN, Infinity, -Infinity, 0.1]"));
    assertEquals(new Run(0, "%x = [nan, inf, -inf, 0.1]\n", ""), r);
  }

  @Test
  void badJson_isRefusedWithLineAndColumn() throws IOException {
    Path graph = write("r.tat", RAGGED);
    Path file = write("bad.json", "{\"values\": [1.0, 2.0,],\n \"row_splits\": [0, 2]}");
    assertRefused(graph, "rt=@" + file, file + ":1:22: bad JSON: unexpected ']' where a JSON value was expected");
    Path dup = write("dup.json", "{\"values\": [1.0], \"values\": [2.0], \"row_splits\": [0, 1]}");
    assertRefused(graph, "rt=@" + dup, ":1:19: bad JSON: the key \"values\" appears twice in one object");
    assertRefused(graph, "rt={\"values\": [01], \"row_splits\": [0, 1]}", "--feed rt:1:14: bad JSON: a number with a leading zero");
    assertRefused(graph, "rt={\"values\": [1.0], \"row_splits\": [0, 1]} x", "--feed rt:1:41: bad JSON: unexpected 'x' after the JSON value");
    assertRefused(graph, "rt={\"values\": [\"a\tb\"]}", "a raw control character U+0009 in a string");
    String deep = "{\"values\": " + "[".repeat(101) + "]".repeat(101) + ", \"row_splits\": [0]}";
    assertRefused(graph, "rt=" + deep, "bad JSON: arrays and objects nest deeper than 100 levels");
  }

  @Test
  void wrongShapedObjects_areRefusedNamingThePart() throws IOException {
    Path graph = write("r.tat", RAGGED);
    assertRefused(graph, "rt={\"values\": [1.0], \"splits\": [0, 1]}", "--feed rt: $ must have the keys {\"values\": [...], \"row_splits\": [...]}, got [values, splits]");
    assertRefused(graph, "rt={\"values\": [1.0, null], \"row_splits\": [0, 2]}", "--feed rt: $.values[1] is null where a number, string, bool or list was expected");
    // tf.RaggedTensor.from_row_splits([1., 2.], [0, 3]) -> InvalidArgumentError (the splits must end at nvals)
    assertRefused(graph, "rt={\"values\": [1.0, 2.0], \"row_splits\": [0, 3]}", "--feed rt: the partition covers 3 values but values has 2 rows");
    assertRefused(graph, "rt={\"values\": [1.0, 2.0], \"row_splits\": [0, 2, 1]}", "--feed rt: row_splits must be non-decreasing");
    Path dense = write("d.tat", DENSE);
    assertRefused(dense, "x={\"values\": [1.0], \"row_splits\": [0, 1]}", "--feed x: a JSON object feeds a ragged or sparse placeholder; this one is tensor<float64>[None]");
    Path sparse = write("s.tat", SPARSE);
    assertRefused(sparse, "st={\"indices\": [[0, 1]], \"values\": [5]}", "--feed st: $ must have the keys {\"indices\": [[...], ...], \"values\": [...], \"dense_shape\": [...]}");
    Path lists = write("lists.json", "[[1, 2, 3]]");
    assertRefused(sparse, "st=@" + lists, lists + ": $ must be an object {\"indices\"");
  }

  @Test
  void aFeedFileOverTheSizeLimit_isRefusedNamingTheFile() throws IOException {
    Path graph = write("r.tat", RAGGED);
    Path big = write("big.json", "[" + "[1.0], ".repeat(400) + "[]]");
    // the limit holds for every input file: room for the graph, not for the feed
    long limit = java.nio.file.Files.size(graph) + 10;
    String previous = System.getProperty(InputFiles.LIMIT_PROPERTY);
    System.setProperty(InputFiles.LIMIT_PROPERTY, Long.toString(limit));
    try {
      Run r = fail(graph, "rt=@" + big);
      assertTrue(r.err().contains("--feed rt: " + big + " is larger than the input limit of " + limit + " bytes"), r.err());
    } finally {
      if (previous == null) {
        System.clearProperty(InputFiles.LIMIT_PROPERTY);
      } else {
        System.setProperty(InputFiles.LIMIT_PROPERTY, previous);
      }
    }
  }

  @Test
  void everyJsonRowOfTheErrorCatalogue_isRaisedWithItsMessage() throws IOException {
    Path ragged = write("r.tat", RAGGED);
    Path dense = write("d.tat", DENSE);
    Path uniform = write("u.tat", """
        %rt = placeholder() : ragged<float32>[None, 2, (None)]
        return %rt
        """);
    java.util.Map<String, Runnable> cases = new java.util.LinkedHashMap<>();
    cases.put("J01", () -> assertRefused(ragged, "rt={\"values\": [1.0, 2.0,], \"row_splits\": [0, 2]}", row("J01")));
    cases.put("J02", () -> assertRefused(ragged, "rt={\"values\": [1.0], \"values\": [2.0], \"row_splits\": [0, 1]}", row("J02")));
    cases.put("J03", () -> assertRefused(ragged, "rt={\"values\": " + "[".repeat(101) + "]".repeat(101) + "}", row("J03")));
    cases.put("J04", () -> assertRefused(ragged, "rt={\"values\": [1.0], \"splits\": [0, 1]}", row("J04")));
    cases.put("J05", () -> assertRefused(ragged, "rt={\"values\": [1.0, null], \"row_splits\": [0, 2]}", row("J05")));
    cases.put("J06", () -> assertRefused(dense, "x={\"values\": [1.0], \"row_splits\": [0, 1]}", row("J06")));
    cases.put("J07", () -> assertRefused(uniform, "rt={\"values\": [[1.0, 2.0]], \"row_splits\": [0, 1]}", row("J07")));
    cases.put("J08", () -> {
      String previous = System.getProperty(InputFiles.LIMIT_PROPERTY);
      System.setProperty(InputFiles.LIMIT_PROPERTY, "100");
      try {
        assertRefused(ragged, "rt=@" + writeQuietly("big.json", "[" + "[1.0], ".repeat(40) + "[]]"), row("J08"));
      } finally {
        if (previous == null) {
          System.clearProperty(InputFiles.LIMIT_PROPERTY);
        } else {
          System.setProperty(InputFiles.LIMIT_PROPERTY, previous);
        }
      }
    });
    cases.put("J09", () -> assertRefused(dense, "x={\"dtype\": \"float32\", \"shape\": [2], \"values\": [1.0, 2.0]}",
        row("J09")));
    cases.put("J10", () -> assertRefused(dense, "x={\"dtype\": \"float64\", \"shape\": [3], \"values\": [1.0, 2.0]}",
        row("J10")));
    cases.put("J11", () -> assertRefused(writeQuietly("s.tat", "%s = placeholder() : tensor<string>[None]\nreturn %s\n"),
        "s=@" + writeQuietly("s.json", "[{\"b64\": \"!!\"}]"), row("J11")));
    // json.loads('[+Infinity]') raises ValueError: Python's json has NaN, Infinity and -Infinity only
    cases.put("J12", () -> assertRefused(dense, "x=@" + writeQuietly("inf.json", "[+Infinity]"), row("J12")));
    Path complex = writeQuietly("c.tat", "%c = placeholder() : tensor<complex64>[None]\nreturn %c\n");
    // NumPy names a complex number's parts real and imag; each is a number
    cases.put("J13", () -> assertRefused(complex, "c=@" + writeQuietly("c.json", "[{\"real\": 1.0}]"), row("J13")));
    cases.put("J14", () -> assertRefused(complex, "c=@" + writeQuietly("c.json", "[{\"real\": 1.0, \"imag\": \"2\"}]"),
        row("J14")));
    // tf.constant(1+2j, tf.float64) raises TypeError: a complex value is no float64
    cases.put("J15", () -> assertRefused(dense, "x=@" + writeQuietly("c.json", "[{\"real\": 1.0, \"imag\": 2.0}]"),
        row("J15")));
    cases.put("J16", () -> assertRefused(dense, "x=@" + writeQuietly("f.json", "[" + "1".repeat(1001) + "]"), row("J16")));
    // a lone surrogate escape is text no UTF-8 holds (Python's json reads it; TF's tf.constant then fails to encode it)
    cases.put("J17", () -> assertRefused(writeQuietly("s.tat", "%s = placeholder() : tensor<string>[None]\nreturn %s\n"),
        "s=@" + writeQuietly("s.json", "[\"\\ud800\"]"), row("J17")));
    // an empty value's lists stop at its first zero dimension: [[]] is [1, 0], not the [0, 1] its shape says
    cases.put("J18", () -> assertRefused(writeQuietly("e.tat", "%x = placeholder() : tensor<float64>[None, 1]\nreturn %x\n"),
        "x={\"dtype\": \"float64\", \"shape\": [0, 1], \"values\": [[]]}", row("J18")));
    assertEquals(jsonRows().keySet(), cases.keySet(), "J rows of docs/ERRORS.md vs cases here");
    cases.values().forEach(Runnable::run);
  }

  private Path writeQuietly(String name, String text) {
    try {
      return write(name, text);
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  private static String row(String id) {
    return jsonRows().get(id);
  }

  private static java.util.Map<String, String> jsonRows() {
    java.util.regex.Pattern row = java.util.regex.Pattern.compile("^\\| (J\\d\\d) \\| (.*) \\| `(.*)` \\|$");
    java.util.Map<String, String> rows = new java.util.TreeMap<>();
    try {
      for (String line : Files.readAllLines(Path.of("../docs/ERRORS.md"))) {
        java.util.regex.Matcher m = row.matcher(line);
        if (m.matches()) {
          rows.put(m.group(1), m.group(3));
        }
      }
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
    return rows;
  }
}
