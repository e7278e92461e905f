package dev.tatter.frontend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.codegen.CompiledGraph;
import dev.tatter.codegen.testing.VerifiedCompile;
import dev.tatter.codegen.Interpreter;
import dev.tatter.codegen.testing.BitExact;
import dev.tatter.codegen.profile.NodeProfile;
import dev.tatter.ir.Graph;
import dev.tatter.ir.text.GraphPrinter;
import dev.tatter.ir.types.DenseType;
import dev.tatter.optimizer.PassManager;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.StringColumn;
import dev.tatter.runtime.Tensor;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Words to ids: {@code table.lookup(tf.strings.split(s))}, which the fuse pass turns into one
 * {@code string_split_(vocab_)lookup} that looks the words up where they lie. The fused graph
 * must give the unfused graph's values, on TF's examples and on random text.
 */
class SplitLookupTest {
  private static DenseType sentences() {
    return Types.dense(DType.STRING, -1);
  }

  @Test
  void vocabularyTable_ofSplitWords() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    // init = KeyValueTensorInitializer(['emerson', 'lake', 'palmer'], tf.constant([0, 1, 2], tf.int64))
    // tf.lookup.StaticVocabularyTable(init, num_oov_buckets=5).lookup(
    //     tf.strings.split(["emerson lake", "palmer  king\tcrimson", ""])) -> [[0, 1], [2, 6, 7], []]
    // (king and crimson's buckets, 6 and 7, as in StaticVocabularyTable's docstring)
    Value s = g.placeholder("s", sentences());
    TableInitializer init = TableInitializer.keyValueTensors(Tensor.ofStrings("emerson", "lake", "palmer"), Tensor.ofLongs(0, 1, 2));
    Value ids = StaticTables.vocabularyTable(init, 5).lookup(tf.strings.split(s));
    Graph graph = g.build(ids);
    List<Object> out = Harness.runEverywhere(graph, Map.of("s", Tensor.ofStrings("emerson lake", "palmer  king\tcrimson", "")));
    assertEquals("[[0, 1], [2, 6, 7], []]", out.get(0).toString());
    String optimized = GraphPrinter.print(PassManager.parse(PassManager.DEFAULT_PIPELINE).run(graph));
    assertTrue(optimized.contains("string_split_vocab_lookup(") && !optimized.contains("string_split("), optimized);
  }

  @Test
  void hashTable_ofStringValues_splitOnASeparator() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    // tf.lookup.StaticHashTable(tf.lookup.KeyValueTensorInitializer(['a', 'b'], ['A', 'B']), '?').lookup(
    //     tf.strings.split(['a,b,,c', 'b', ''], ',')) -> [[b'A', b'B', b'?', b'?'], [b'B'], [b'?']]
    // (split on a separator keeps empty pieces: '' is one empty piece, as in Python's ''.split(','))
    Value s = g.placeholder("s", sentences());
    StaticTables table = StaticTables.hashTable(TableInitializer.keyValueTensors(Tensor.ofStrings("a", "b"), Tensor.ofStrings("A", "B")), "?");
    Value out = table.lookup(tf.strings.split(s, ","));
    Graph graph = g.build(out);
    List<Object> values = Harness.runEverywhere(graph, Map.of("s", Tensor.ofStrings("a,b,,c", "b", "")));
    assertEquals("[[b'A', b'B', b'?', b'?'], [b'B'], [b'?']]", values.get(0).toString());
    assertTrue(GraphPrinter.print(PassManager.parse(PassManager.DEFAULT_PIPELINE).run(graph)).contains("string_split_lookup("));
  }

  @Test
  void randomText_fusedGivesTheUnfusedIds() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value s = g.placeholder("s", sentences());
    List<String> words = List.of("the", "a", "é", "中文", "x", "");
    TableInitializer init = TableInitializer.keyValueTensors(Tensor.ofStrings(words.subList(0, 5).toArray(String[]::new)),
        Tensor.ofLongs(10, 11, 12, 13, 14));
    Value whitespace = StaticTables.vocabularyTable(init, 3).lookup(tf.strings.split(s));
    Value limited = StaticTables.hashTable(init, -1L).lookup(tf.strings.split(s, " ", 2));
    Graph graph = g.build(whitespace, limited);
    Graph optimized = PassManager.parse(PassManager.DEFAULT_PIPELINE).run(graph);
    assertTrue(GraphPrinter.print(optimized).contains("string_split_lookup("), GraphPrinter.print(optimized));
    CompiledGraph unfused = VerifiedCompile.compile(graph);
    CompiledGraph fused = VerifiedCompile.compile(optimized);
    Random random = new Random(7);
    byte[] spaces = {' ', '\t', '\n', 0x0b, '\f', '\r'};
    for (int trial = 0; trial < 300; trial++) {
      String[] rows = new String[random.nextInt(5)];
      for (int r = 0; r < rows.length; r++) {
        StringBuilder row = new StringBuilder();
        for (int k = random.nextInt(7); k > 0; k--) {
          row.append(random.nextInt(4) == 0 ? (char) spaces[random.nextInt(spaces.length)] : ' ');
          row.append(random.nextInt(5) == 0 ? "zz" + random.nextInt(9) : words.get(random.nextInt(words.size())));
        }
        rows[r] = row.toString();
      }
      Map<String, Tensor> feeds = Map.of("s", Tensor.ofStrings(rows));
      List<Object> expected = Interpreter.run(graph, feeds);
      BitExact.assertSameBits(expected, Interpreter.run(optimized, feeds), "interpreter, fused, on " + List.of(rows));
      BitExact.assertSameBits(expected, unfused.run(feeds), "bytecode, unfused, on " + List.of(rows));
      BitExact.assertSameBits(expected, fused.run(feeds), "bytecode, fused, on " + List.of(rows));
    }
  }

  @Test
  void invalidUtf8Words_areLookedUpByTheirBytes() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    // table.lookup(tf.strings.split([b'\xff \xfe\xff'])) with keys [b'\xff'] -> [[0, -1]]: keys are bytes, not text
    Value s = g.placeholder("s", sentences());
    byte[] ff = {(byte) 0xff};
    TableInitializer init = TableInitializer.keyValueTensors(Tensor.ofStrings(StringColumn.ofBytes(ff), 1), Tensor.ofLongs(0));
    Value out = StaticTables.hashTable(init, -1L).lookup(tf.strings.split(s));
    byte[] row = {(byte) 0xff, ' ', (byte) 0xfe, (byte) 0xff};
    List<Object> values = Harness.runEverywhere(g.build(out), Map.of("s", Tensor.ofStrings(StringColumn.ofBytes(row), 1)));
    assertEquals("[[0, -1]]", values.get(0).toString());
  }

  @Test
  void theProfileShowsOneNodeForWordsToIds_allocatingItsIdsOnce() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value s = g.placeholder("s", sentences());
    TableInitializer init = TableInitializer.keyValueTensors(Tensor.ofStrings("w0", "w1", "w2"), Tensor.ofLongs(0, 1, 2));
    Value ids = StaticTables.vocabularyTable(init, 2).lookup(tf.strings.split(s));
    Value padded = ids.toTensor(0L, -1, 4);
    String[] rows = new String[20_000];
    for (int r = 0; r < rows.length; r++) {
      rows[r] = "w" + r % 5 + " w" + r % 3 + "  w" + r % 7; // 3 words a row, some out of the vocabulary
    }
    try (Session session = new Session(g.build(padded))) {
      session.run(Map.of("s", Tensor.ofStrings(rows)), padded); // the table is built on first use
      ProfiledResult profiled = session.runProfiled(Map.of("s", Tensor.ofStrings(rows)), padded);
      String table = profiled.table(20);
      assertTrue(table.contains("string_split_vocab_lookup") && !table.contains("string_split("), table);
      NodeProfile fused = profiled.profile().nodes().stream().filter(n -> n.op().equals("string_split_vocab_lookup"))
          .findFirst().orElseThrow();
      assertEquals("ragged<int64>[20000, (60000)]", fused.outputShape());
      // the ids (60,000 int64) and the row splits (20,001 int64) are all it keeps, and all it allocates but for a
      // few objects: no piece of text, no grown array
      assertTrue(fused.allocatedBytes() >= 0 && fused.allocatedBytes() < fused.outputBytes() + 4096,
          fused.allocatedBytes() + " bytes allocated for an output of " + fused.outputBytes());
    }
  }
}
