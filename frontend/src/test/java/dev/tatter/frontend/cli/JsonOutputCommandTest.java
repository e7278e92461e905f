package dev.tatter.frontend.cli;

import static dev.tatter.frontend.cli.CliRuns.concat;
import static dev.tatter.frontend.cli.CliRuns.json;
import static dev.tatter.frontend.cli.CliRuns.tatter;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code tatter run --output json}: values as JSON objects of dtype, shape and components, readable as feeds again. */
class JsonOutputCommandTest {
  @TempDir
  Path dir;

  private Path write(String name, String text) throws IOException {
    return CliRuns.write(dir, name, text);
  }

  @Test
  void denseValues_withTheirDtypeAndShape_nonFiniteFloatsAsPythonsJsonWritesThem() throws IOException {
    Path graph = write("d.tat", """
        %x = placeholder() : tensor<float32>[None, 2]
        %y = mul(%x, %x) : tensor<float32>[None, 2]
        %n = placeholder() : tensor<uint64>[]
        %b = is_nan(%x) : tensor<bool>[None, 2]
        return %y, %n, %b
        """);
    // tf.square([[1.5, nan], [-inf, -0.0]]) -> [[2.25, nan], [inf, 0.0]]; tf.math.is_nan -> [[False, True], [False, False]]
    // tf.constant(18446744073709551615, tf.uint64) keeps its value
    assertEquals("""
        {
          "y": {"dtype": "float32", "shape": [2, 2], "values": [[2.25, NaN], [Infinity, 0.0]]},
          "n": {"dtype": "uint64", "shape": [], "values": 18446744073709551615},
          "b": {"dtype": "bool", "shape": [2, 2], "values": [[false, true], [false, false]]}
        }
        """, json("run", graph, "--feed", "x=[[1.5, nan], [-inf, -0.0]]", "--feed", "n=18446744073709551615"));
  }

  @Test
  void raggedValues_asTheirComponents_nestedForAHigherRaggedRank() throws IOException {
    Path graph = write("r.tat", """
        %rt = placeholder() : ragged<int32>[None, (None), (None)]
        %p = partition(%rt) : partition<int64>[None, (None)]
        %m = placeholder() : ragged<float64>[None, (None), 2]
        return %rt, %p, %m
        """);
    // rt = tf.ragged.constant([[[1, 2], []], [[3]]]): rt.shape -> [2, None, None], rt.row_splits -> [0, 2, 3],
    // rt.values.row_splits -> [0, 2, 2, 3], rt.flat_values -> [1, 2, 3]
    // m = tf.ragged.constant([[[1., 2.]], []], ragged_rank=1): m.shape -> [2, None, 2], m.values -> [[1., 2.]]
    assertEquals("""
        {
          "rt": {"dtype": "int32", "shape": [2, null, null], "row_splits_dtype": "int64", "values": {"values": [1, 2, 3], "row_splits": [0, 2, 2, 3]}, "row_splits": [0, 2, 3]},
          "p": {"dtype": "int64", "row_splits": [0, 2, 3]},
          "m": {"dtype": "float64", "shape": [2, null, 2], "row_splits_dtype": "int64", "values": [[1.0, 2.0]], "row_splits": [0, 1, 1]}
        }
        """, json("run", graph, "--feed", "rt=[[[1, 2], []], [[3]]]", "--feed", "m=[[[1.0, 2.0]], []]"));
  }

  @Test
  void sparseValues_asIndicesValuesAndDenseShape() throws IOException {
    Path graph = write("s.tat", """
        %d = placeholder() : tensor<int64>[None, 3]
        %st = sparse_from_dense(%d) : sparse<int64>[None, 3]
        return %st
        """);
    // tf.sparse.from_dense([[0, 5, 0], [0, 0, -1]]) -> indices [[0, 1], [1, 2]], values [5, -1], dense_shape [2, 3]
    assertEquals("""
        {
          "st": {"dtype": "int64", "shape": [2, 3], "indices": [[0, 1], [1, 2]], "values": [5, -1], "dense_shape": [2, 3]}
        }
        """, json("run", graph, "--feed", "d=[[0, 5, 0], [0, 0, -1]]"));
  }

  @Test
  void strings_validUtf8AsAsciiJsonStrings_otherBytesAsBase64Objects() throws IOException {
    Path graph = write("t.tat", """
        %s = placeholder() : tensor<string>[None]
        %n = string_length(%s) {unit = "BYTE"} : tensor<int32>[None]
        return %s, %n
        """);
    // tf.constant(["é\n\"", "\xff", ""]) holds the bytes b'\xc3\xa9\n"', b'\xff', b'';
    // tf.strings.length -> [4, 1, 0]; base64.b64encode(b'\xff') -> b'/w=='
    assertEquals("""
        {
          "s": {"dtype": "string", "shape": [3], "values": ["\\u00e9\\n\\"", {"b64": "/w=="}, ""]},
          "n": {"dtype": "int32", "shape": [3], "values": [4, 1, 0]}
        }
        """, json("run", graph, "--feed", "s=[\"é\\n\\\"\", \"\\xff\", \"\"]"));
  }

  @Test
  void jsonStringsInAFeedFile_areTheUtf8OfTheirText() throws IOException {
    Path graph = write("t.tat", """
        %s = placeholder() : tensor<string>[None]
        %n = string_length(%s) {unit = "BYTE"} : tensor<int32>[None]
        return %n
        """);
    // tf.strings.length(["é", "😀"]) -> [2, 4] (UTF-8 bytes)
    assertEquals("""
        {
          "n": {"dtype": "int32", "shape": [2], "values": [2, 4]}
        }
        """, json("run", graph, "--feed", "s=@" + write("s.json", "[\"\\u00e9\", \"\\ud83d\\ude00\"]")));
  }

  @Test
  void everyWrittenValue_readsBackAsAFeed_toTheSameOutput() throws IOException {
    Path graph = write("all.tat", """
        %rt = placeholder() : ragged<float32>[None, (None), (None)]
        %st = placeholder() : sparse<uint64>[None, 3]
        %x = placeholder() : tensor<float16>[]
        %s = placeholder() : tensor<string>[2]
        return %rt, %st, %x, %s
        """);
    String first = json("run", graph, "--feed", "rt=[[[1.5, nan], []], [[-inf, -0.0]]]",
        "--feed", "st={\"indices\": [[0, 1], [1, 2]], \"values\": [18446744073709551615, 3], \"dense_shape\": [2, 3]}",
        "--feed", "x=0.1", "--feed", "s=[\"\\xff\\xfe\", \"ok\"]");
    List<String> lines = first.lines().toList();
    Map<String, String> values = new java.util.LinkedHashMap<>();
    for (String line : lines.subList(1, lines.size() - 1)) {
      String name = line.substring(3, line.indexOf('"', 3));
      String value = line.substring(line.indexOf(": ") + 2).replaceAll(",$", "");
      values.put(name, value);
    }
    assertEquals(List.of("rt", "st", "x", "s"), List.copyOf(values.keySet()));
    Object[] args = {"run", graph};
    for (Map.Entry<String, String> e : values.entrySet()) {
      args = concat(args, "--feed", e.getKey() + "=@" + write(e.getKey() + ".json", e.getValue()));
    }
    assertEquals(first, json(args));
  }

  @Test
  void emptyTensorsOfAnyShape_readBackAsFeeds() throws IOException {
    Path graph = write("empty.tat", """
        %x = placeholder() : tensor<float32>[None, 1]
        %y = placeholder() : tensor<int64>[2, 0, 3]
        %z = placeholder() : ragged<int32>[None, (None), 2]
        return %x, %y, %z
        """);
    // tf.zeros([0, 1]), tf.zeros([2, 0, 3], tf.int64), tf.RaggedTensor.from_row_splits(tf.zeros([0, 2], tf.int32), [0, 0])
    String first = json("run", graph,
        "--feed", "x=@" + write("x.json", "{\"dtype\": \"float32\", \"shape\": [0, 1], \"values\": []}"),
        "--feed", "y=@" + write("y.json", "{\"dtype\": \"int64\", \"shape\": [2, 0, 3], \"values\": [[], []]}"),
        "--feed", "z=@" + write("z.json", "{\"dtype\": \"int32\", \"shape\": [1, null, 2], \"row_splits_dtype\": \"int64\","
            + " \"values\": [], \"row_splits\": [0, 0]}"));
    assertEquals("""
        {
          "x": {"dtype": "float32", "shape": [0, 1], "values": []},
          "y": {"dtype": "int64", "shape": [2, 0, 3], "values": [[], []]},
          "z": {"dtype": "int32", "shape": [1, null, 2], "row_splits_dtype": "int64", "values": [], "row_splits": [0, 0]}
        }
        """, first);
    List<String> lines = first.lines().toList();
    Object[] args = {"run", graph};
    for (String line : lines.subList(1, lines.size() - 1)) {
      String name = line.substring(3, line.indexOf('"', 3));
      String value = line.substring(line.indexOf(": ") + 2).replaceAll(",$", "");
      args = concat(args, "--feed", name + "=@" + write(name + "-out.json", value));
    }
    assertEquals(first, json(args));
  }
}
