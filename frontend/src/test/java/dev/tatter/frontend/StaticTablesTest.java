package dev.tatter.frontend;

import static dev.tatter.frontend.Harness.runFirst;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.ir.GraphBuildException;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.Tensor;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code tf.lookup.StaticHashTable} and {@code StaticVocabularyTable}: TF's docstring examples, ragged keys, errors. */
class StaticTablesTest {
  @TempDir Path dir;

  private static TableInitializer fruit() {
    return TableInitializer.keyValueTensors(Tensor.ofStrings("apple", "banana", "orange"), Tensor.ofInts(0, 1, 2));
  }

  @Test
  void hashTable_docExample() {
    GraphBuilder g = new GraphBuilder();
    // table = tf.lookup.StaticHashTable(tf.lookup.KeyValueTensorInitializer(
    //     tf.constant(['apple', 'banana', 'orange']), tf.constant([0, 1, 2])), default_value=-1)
    // table.lookup(tf.constant(['apple', 'banana', 'cherry'])).numpy() -> [0, 1, -1] (int32)
    StaticTables table = StaticTables.hashTable(fruit(), -1);
    Value out = table.lookup(g.constant(Tensor.ofStrings("apple", "banana", "cherry")));
    assertEquals("tensor<int32>[3]", out.type().toString());
    assertEquals("[0, 1, -1]", runFirst(g, out));
    assertEquals(3, table.size());
  }

  @Test
  void hashTable_onRaggedKeys_keepsThePartition() {
    GraphBuilder g = new GraphBuilder();
    // table.lookup(tf.ragged.constant([["orange", "kiwi"], [], ["apple"]])) -> [[2, -1], [], [0]]
    Value keys = g.raggedFromRowSplits(g.constant(Tensor.ofStrings("orange", "kiwi", "apple")), g.constant(Tensor.ofLongs(0, 2, 2, 3)));
    assertEquals("[[2, -1], [], [0]]", runFirst(g, StaticTables.hashTable(fruit(), -1).lookup(keys)));
  }

  @Test
  void hashTable_stringValues_andIntegerKeys() {
    GraphBuilder g = new GraphBuilder();
    // StaticHashTable(KeyValueTensorInitializer(tf.constant([1, 2], tf.int64), ["one", "two"]), "?")
    //     .lookup(tf.constant([2, 3], tf.int64)) -> [b'two', b'?']
    StaticTables t = StaticTables.hashTable(TableInitializer.keyValueTensors(Tensor.ofLongs(1, 2), Tensor.ofStrings("one", "two")), "?");
    assertEquals("[b'two', b'?']", runFirst(g, t.lookup(g.constant(Tensor.ofLongs(2, 3)))));
  }

  @Test
  void vocabularyTable_docExample() {
    GraphBuilder g = new GraphBuilder();
    // init = KeyValueTensorInitializer(['emerson', 'lake', 'palmer'], tf.constant([0, 1, 2], tf.int64))
    // tf.lookup.StaticVocabularyTable(init, num_oov_buckets=5)[["emerson", "lake", "palmer", "king", "crimson"]]
    //     -> [0, 1, 2, 6, 7]
    TableInitializer init = TableInitializer.keyValueTensors(Tensor.ofStrings("emerson", "lake", "palmer"), Tensor.ofLongs(0, 1, 2));
    Value out = StaticTables.vocabularyTable(init, 5).lookup(g.constant(Tensor.ofStrings("emerson", "lake", "palmer", "king", "crimson")));
    assertEquals("[0, 1, 2, 6, 7]", runFirst(g, out));
  }

  @Test
  void vocabularyTable_fromATextFile_docExample() throws IOException {
    GraphBuilder g = new GraphBuilder();
    // vocab = ["emerson", "lake", "palmer", "crimnson"] written '\n'.join(...) (no final newline)
    // TextFileInitializer(f, tf.string, WHOLE_LINE, tf.int64, LINE_NUMBER); StaticVocabularyTable(init, 3)
    //     .lookup(["palmer", "crimnson", "king", "tarkus", "black", "moon"]) -> [2, 3, 5, 6, 6, 4]
    Path file = dir.resolve("vocab.txt");
    Files.writeString(file, "emerson\nlake\npalmer\ncrimnson", StandardCharsets.UTF_8);
    StaticTables table = StaticTables.vocabularyTable(TableInitializer.vocabularyFile(file), 3);
    Value out = table.lookup(g.constant(Tensor.ofStrings("palmer", "crimnson", "king", "tarkus", "black", "moon")));
    assertEquals("[2, 3, 5, 6, 6, 4]", runFirst(g, out));
  }

  @Test
  void textFile_columnsAndCrLf() throws IOException {
    GraphBuilder g = new GraphBuilder();
    // TextFileInitializer(f, tf.string, 0, tf.int64, 1, delimiter=",") on "a,7\r\nb,9\n"; lookup(["b", "c"]) default -1
    Path file = dir.resolve("pairs.csv");
    Files.writeString(file, "a,7\r\nb,9\n", StandardCharsets.UTF_8);
    TableInitializer init = TableInitializer.textFile(file, DType.STRING, 0, DType.INT64, 1, ",");
    assertEquals("[9, -1]", runFirst(g, StaticTables.hashTable(init, -1L).lookup(g.constant(Tensor.ofStrings("b", "c")))));
  }

  @Test
  void tableFiles_areHeldToTheInputLimit_devZeroIncluded() throws IOException {
    Path exact = dir.resolve("exact.txt");
    Files.writeString(exact, "a\n".repeat(50), StandardCharsets.UTF_8); // 100 bytes
    Path over = dir.resolve("over.txt");
    Files.writeString(over, "a\n".repeat(50) + "b", StandardCharsets.UTF_8); // 101 bytes
    String previous = System.setProperty("tatter.maxInputBytes", "100");
    try {
      assertEquals(50, TableInitializer.vocabularyFile(exact).keys().size());
      GraphBuildException e = assertThrows(GraphBuildException.class, () -> TableInitializer.vocabularyFile(over));
      assertTrue(e.getMessage().contains("table file " + over + " is larger than the input limit of 100 bytes"
          + " (set -Dtatter.maxInputBytes=N to change it)"), e.getMessage());
      Path zero = Path.of("/dev/zero");
      if (Files.isReadable(zero)) { // a device without a size: read until the limit, never to the end
        e = assertThrows(GraphBuildException.class,
            () -> TableInitializer.textFile(zero, DType.STRING, 0, DType.INT64, TableInitializer.LINE_NUMBER, ","));
        assertTrue(e.getMessage().contains("table file /dev/zero is larger than the input limit of 100 bytes"), e.getMessage());
      }
    } finally {
      if (previous == null) {
        System.clearProperty("tatter.maxInputBytes");
      } else {
        System.setProperty("tatter.maxInputBytes", previous);
      }
    }
  }

  @Test
  void badTables_areBuildErrorsNamingTheCause() throws IOException {
    GraphBuilder g = new GraphBuilder();
    Path missing = dir.resolve("missing.txt");
    GraphBuildException e = assertThrows(GraphBuildException.class, () -> TableInitializer.vocabularyFile(missing));
    assertTrue(e.getMessage().contains("missing.txt cannot be read"), e.getMessage());

    Path bad = dir.resolve("bad.csv");
    Files.writeString(bad, "a,1\nb,x\n", StandardCharsets.UTF_8);
    e = assertThrows(GraphBuildException.class, () -> TableInitializer.textFile(bad, DType.STRING, 0, DType.INT64, 1, ","));
    assertTrue(e.getMessage().contains("bad.csv line 2: field b'x' is not a valid int64"), e.getMessage());
    e = assertThrows(GraphBuildException.class, () -> TableInitializer.textFile(bad, DType.STRING, 0, DType.INT64, 2, ","));
    assertTrue(e.getMessage().contains("bad.csv line 1: expected at least 3 fields, got 2"), e.getMessage());

    TableInitializer dup = TableInitializer.keyValueTensors(Tensor.ofStrings("a", "a"), Tensor.ofLongs(0, 1));
    Value keys = g.constant(Tensor.ofStrings("a"));
    e = assertThrows(GraphBuildException.class, () -> StaticTables.hashTable(dup, -1L).lookup(keys));
    assertTrue(e.getMessage().contains("different values for the same key: key b'a' has 0 and trying to add 1"), e.getMessage());

    TableInitializer ok = TableInitializer.keyValueTensors(Tensor.ofStrings("a"), Tensor.ofLongs(0));
    e = assertThrows(GraphBuildException.class, () -> StaticTables.vocabularyTable(ok, 0).lookup(keys));
    assertTrue(e.getMessage().contains("num_oov_buckets must be > 0"), e.getMessage());
    e = assertThrows(GraphBuildException.class, () -> StaticTables.hashTable(ok, -1L).lookup(g.constant(Tensor.ofLongs(1))));
    assertTrue(e.getMessage().contains("keys of int64 cannot be looked up in a table with string keys"), e.getMessage());
  }
}
