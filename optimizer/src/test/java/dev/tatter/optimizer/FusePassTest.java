package dev.tatter.optimizer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.ir.Graph;
import dev.tatter.ir.text.GraphParser;
import dev.tatter.ir.text.GraphPrinter;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Fusion's decisions carry their reasons, and the dump shows them as comments that still parse. */
class FusePassTest {
  private static final String GRAPH = """
      %x = placeholder() : tensor<float32>[None]
      %splits = placeholder() : tensor<int64>[None]
      %p = partition_from_row_splits(%splits) : partition<int64>[None, (None)]
      %s = mul(%x, %x) : tensor<float32>[None]
      %t = add(%s, %x) : tensor<float32>[None]
      %u = mul(%t, %t) : tensor<float32>[None]
      %v = add(%u, %x) : tensor<float32>[None]
      %w = mul(%u, %s) : tensor<float32>[None]
      %r = ragged(%v, %p) : ragged<float32>[None, (None)]
      %2 = add(%w, %w) : tensor<float32>[None]
      return %s, %r, %2
      """;

  @Test
  void remarks_sayWhyEachValueIsStored() {
    FusePass fuse = new FusePass();
    fuse.run(GraphParser.parse(GRAPH, "g.tat"));
    List<String> remarks = fuse.remarks();
    assertTrue(remarks.contains("%s (mul) not fused into its users: it is fetched, so it is stored"), remarks.toString());
    assertTrue(remarks.contains("%u (mul) not fused: its users %v and %w are in different groups, so it is stored once and read by both"),
        remarks.toString());
    assertTrue(remarks.contains("%v (add) not fused: used by %r (ragged), which is not a fusible elementwise op"), remarks.toString());
    assertTrue(remarks.contains("fused %t, %u into one loop (2 nodes)"), remarks.toString());
    assertTrue(remarks.contains("fused %w, %0 into one loop (2 nodes)"), remarks.toString());
  }

  @Test
  void scansAndFilters_sayWhyTheyDoNotShareALoop() {
    Graph g = GraphParser.parse("""
        %x = placeholder() : ragged<float32>[None, (None)]
        %v = values(%x) : tensor<float32>[None]
        %p = partition(%x) : partition<int64>[None, (None)]
        %s = placeholder() : tensor<int64>[None]
        %q = partition_from_row_splits(%s) : partition<int64>[None, (None)]
        %back = row_cumsum(%v, %p) {reverse = true} : tensor<float32>[None]
        %sum = row_sum(%back, %p) : tensor<float32>[None]
        %other = row_cumsum(%v, %q) : tensor<float32>[None]
        %max = row_max(%other, %p) : tensor<float32>[None]
        %fwd = row_cumsum(%v, %p) : tensor<float32>[None]
        %rev = row_cumsum(%v, %p) {reverse = true, exclusive = true} : tensor<float32>[None]
        %both = add(%fwd, %rev) : tensor<float32>[None]
        %t = constant() {value = tensor<float32>[] 0.5} : tensor<float32>[]
        %m = gt(%v, %t) : tensor<bool>[None]
        %f = row_boolean_mask(%v, %m, %p) : ragged<float32>[None, (None)]
        %fv = values(%f) : tensor<float32>[None]
        %y = mul(%fv, %v) : tensor<float32>[None]
        return %sum, %max, %both, %f, %y
        """, "g.tat");
    FusePass fuse = new FusePass();
    fuse.run(g);
    String remarks = String.join("\n", fuse.remarks());
    assertTrue(remarks.contains("%back (row_cumsum) not fused into %sum: it scans the rows backwards, but the group's "
        + "row reduction folds them in order"), remarks);
    assertTrue(remarks.contains("%other (row_cumsum) not fused into %max: its rows are those of %q, the group's are those of %p"),
        remarks);
    assertTrue(remarks.contains("it scans the rows the other way from the group's scan"), remarks);
    assertTrue(remarks.contains("fused %m, %f into one loop (2 nodes)"), remarks);
  }

  @Test
  void lenientEqualityOfComplexOperands_saysItsUnrankedResultKeepsItUnfused() {
    // tf.math.equal(x, y) with incompatible_shape_error=False: its shape is [] or the broadcast
    // shape, decided at run time, so its result is tensor<bool>[*] whatever the operands' dtype
    Graph g = GraphParser.parse("""
        %x = placeholder() : tensor<complex64>[None]
        %y = placeholder() : tensor<complex64>[None]
        %e = eq(%x, %y) {incompatible_shape_error = false} : tensor<bool>[*]
        %n = ne(%x, %y) : tensor<bool>[None]
        %i = placeholder() : tensor<int32>[None]
        %j = placeholder() : tensor<int32>[3]
        %k = ne(%i, %j) {incompatible_shape_error = false} : tensor<bool>[*]
        %inv = invert(%k) : tensor<bool>[*]
        return %e, %n, %inv
        """, "g.tat");
    FusePass fuse = new FusePass();
    fuse.run(g);
    List<String> remarks = fuse.remarks();
    assertTrue(remarks.contains("%e (eq) stays unfused: its result is tensor<bool>[*], whose rank is known only at run "
        + "time, and a fused loop's index space is fixed when it is compiled (it runs as its kernel)"), remarks.toString());
    // a strict eq of complex operands has a ranked result: the complex operands are its reason
    assertTrue(remarks.contains("%n (ne) stays unfused: complex values are objects, which fused loops do not hold "
        + "(it runs as its kernel)"), remarks.toString());
    assertTrue(remarks.contains("%k (ne) stays unfused: its result is tensor<bool>[*], whose rank is known only at run "
        + "time, and a fused loop's index space is fixed when it is compiled (it runs as its kernel)"), remarks.toString());
    assertTrue(remarks.stream().noneMatch(r -> r.startsWith("%e") && r.contains("complex")), remarks.toString());
  }

  @Test
  void dumpAfterEachPass_showsRemarksAsCommentsAndParses() {
    List<String> dumps = new ArrayList<>();
    PassManager.parse("cse,fuse").runObserved(GraphParser.parse(GRAPH, "g.tat"), (pass, g) -> dumps.add(PassManager.dump(pass, g)));
    assertEquals(2, dumps.size());
    assertTrue(dumps.get(0).startsWith("# after cse\n%x = placeholder()"), dumps.get(0));
    String fused = dumps.get(1);
    assertTrue(fused.startsWith("# after fuse\n# fuse: "), fused);
    assertTrue(fused.contains("# fuse: fused %t, %u into one loop (2 nodes)\n"), fused);
    Graph reparsed = GraphParser.parse(fused, "dump.tat");
    assertTrue(GraphPrinter.print(reparsed).contains("fused(%s, %x) {expr = \"add($0, $1); mul(#0, #0)\"}"),
        GraphPrinter.print(reparsed));
  }

  @Test
  void groupsStopAtTheSizeLimit() {
    StringBuilder text = new StringBuilder("%x = placeholder() : tensor<int32>[4]\n%0 = add(%x, %x) : tensor<int32>[4]\n");
    int n = FusePass.MAX_GROUP * 2 + 5;
    for (int i = 1; i < n; i++) {
      text.append("%").append(i).append(" = mul(%").append(i - 1).append(", %x) : tensor<int32>[4]\n");
    }
    text.append("return %").append(n - 1).append('\n');
    Graph fused = new FusePass().run(GraphParser.parse(text.toString(), "chain.tat"));
    assertEquals(1 + 3, fused.size(), GraphPrinter.print(fused));
  }

  @Test
  void splitLookup_remarksSayWhyAPairStaysApart() {
    Graph g = GraphParser.parse("""
        %s = placeholder() : tensor<string>[None]
        %sp = string_split(%s) : ragged<string>[None, (None)]
        %v = values(%sp) : tensor<string>[None]
        %h = vocab_table_lookup(%v) {table_keys = tensor<string>[1] ["a"], table_values = tensor<int64>[1] [0], num_oov_buckets = 1} : tensor<int64>[None]
        %u = string_upper(%v) : tensor<string>[None]
        %sp2 = string_split(%s) {sep = ","} : ragged<string>[None, (None)]
        %v2 = values(%sp2) : tensor<string>[None]
        %h2 = vocab_table_lookup(%v2) {table_keys = tensor<string>[1] ["a"], table_values = tensor<int64>[1] [0], num_oov_buckets = 1} : tensor<int64>[None]
        %sp3 = string_split(%s) {sep = ";"} : ragged<string>[None, (None)]
        %v3 = values(%sp3) : tensor<string>[None]
        %h3 = vocab_table_lookup(%v3) {table_keys = tensor<string>[1] ["a"], table_values = tensor<int64>[1] [0], num_oov_buckets = 1} : tensor<int64>[None]
        return %h, %u, %sp2, %h2, %h3
        """, "g.tat");
    FusePass fuse = new FusePass();
    String fused = GraphPrinter.print(fuse.run(g));
    List<String> remarks = fuse.remarks();
    assertTrue(remarks.contains("%h (vocab_table_lookup) not fused with %sp (string_split): its pieces %v are also used by %u"),
        remarks.toString());
    assertTrue(remarks.contains("%h2 (vocab_table_lookup) not fused with %sp2 (string_split): the split %sp2 is fetched"),
        remarks.toString());
    // the third pair fuses: its ids are the values of the fused node, which keeps the split's name
    assertTrue(fused.contains("%sp3 = string_split_vocab_lookup(%s) {sep = \";\""), fused);
    assertTrue(fused.contains("%h3 = values(%sp3) : tensor<int64>[None]"), fused);
  }
}
