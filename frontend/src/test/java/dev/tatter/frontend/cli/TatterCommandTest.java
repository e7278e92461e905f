package dev.tatter.frontend.cli;

import static dev.tatter.frontend.cli.CliRuns.tatter;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.tatter.frontend.cli.CliRuns.Run;
import dev.tatter.ir.text.GraphParser;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every command of the {@code tatter} tool run in-process: its output and its exit code. */
class TatterCommandTest {
  private static final String SCORES = """
      # token scores of a batch of sentences
      %scores = placeholder() : ragged<float32>[None, (None)]
      %two = constant() {value = tensor<float32>[] 2.0} : tensor<float32>[]
      %p = partition(%scores) : partition<int64>[None, (None)]
      %v = values(%scores) : tensor<float32>[None]
      %p2 = partition(%scores) : partition<int64>[None, (None)]
      %scaled = mul(%v, %two) : tensor<float32>[None]
      %out = ragged(%scaled, %p2) : ragged<float32>[None, (None)]
      %lengths = row_lengths(%p) : tensor<int64>[None]
      return %out, %lengths
      """;

  @TempDir
  Path dir;
  private Path scores;

  @BeforeEach
  void writeGraph() throws IOException {
    scores = write("scores.tat", SCORES);
  }

  private Path write(String name, String text) throws IOException {
    return CliRuns.write(dir, name, text);
  }

  @Test
  void help_onEveryCommand_exitsZeroWithUsage() {
    for (String command : List.of("run", "opt", "dot", "bytecode")) {
      Run r = tatter(command, "--help");
      assertEquals(0, r.code(), command);
      assertTrue(r.out().startsWith("Usage: tatter " + command), r.out());
    }
    Run top = tatter("--help");
    assertEquals(0, top.code());
    assertTrue(top.out().contains("Exit codes:"), top.out());
    String known = String.join(", ", dev.tatter.optimizer.PassManager.PASSES.keySet());
    assertTrue(tatter("run", "--help").out().replaceAll("\\s+", " ").contains("known: " + known + ")"));
  }

  @Test
  void version_printsTheBuildsProjectVersion() {
    String expected = System.getProperty("tatter.expected.version");
    assumeTrue(expected != null, "run by Maven, which passes the project's version");
    Run r = tatter("--version");
    assertEquals(0, r.code());
    assertTrue(r.out().startsWith("tatter " + expected + "\n"), r.out());
    assertFalse(r.out().contains("unknown"), r.out());
  }

  @Test
  void run_withARaggedFeed_printsTheFetchedValues() {
    Run r = tatter("run", scores, "--feed", "scores=[[1.0, 2.5], [], [3]]");
    assertEquals(new Run(0, "%out = [[2.0, 5.0], [], [6.0]]\n%lengths = [2, 0, 1]\n", ""), r);
  }

  @Test
  void run_withATypedFeedAndChosenFetches_printsThoseOnly() {
    Run r = tatter("run", scores, "--feed", "scores=ragged<float32>[None, (None)] [[nan], [-0.0, inf]]", "--fetch", "lengths", "%out");
    assertEquals(new Run(0, "%lengths = [1, 2]\n%out = [[nan], [-0.0, inf]]\n", ""), r);
  }

  @Test
  void run_interpreted_printsTheSame() {
    Run r = tatter("run", scores, "--interpret", "--passes=", "--feed", "scores=[[1.0, 2.5], [], [3]]");
    assertEquals(new Run(0, "%out = [[2.0, 5.0], [], [6.0]]\n%lengths = [2, 0, 1]\n", ""), r);
  }

  @Test
  void run_withAFeedFromAJsonFile_readsIt() throws IOException {
    Path json = write("batch.json", "[[0.5, 1.5, 2.5],\n [],\n [-1, 4e0], [0]]\n");
    Run r = tatter("run", scores, "--feed", "scores=@" + json, "--fetch", "out");
    assertEquals(new Run(0, "%out = [[1.0, 3.0, 5.0], [], [-2.0, 8.0], [0.0]]\n", ""), r);
  }

  @Test
  void run_withABrokenFeed_exitsOneNamingTheFeedAndPosition() {
    Run r = tatter("run", scores, "--feed", "scores=[[1.0, 2.5], [], [3]");
    assertEquals(new Run(1, "", "error: --feed scores:1:21: extraneous input '<EOF>' expecting {',', ']'}\n"), r);
    r = tatter("run", scores, "--feed", "scores=[[1, 2], [\"a\"]]");
    assertEquals(new Run(1, "", "error: --feed scores:1:1: literal \"a\" is not a valid float32\n"), r);
    r = tatter("run", scores, "--feed", "scores=[1.0]");
    assertEquals(new Run(1, "", "error: --feed scores:1:1: literal[0] is a scalar where ragged dimension 1 wants a list\n"), r);
  }

  @Test
  void run_withoutAFeed_orWithAnUnknownOne_exitsOne() {
    Run r = tatter("run", scores);
    assertEquals(1, r.code());
    assertEquals("error: placeholder %scores (placeholder) at " + scores + ":2:1 of type ragged<float32>[None, (None)] "
        + "needs a value: --feed scores=...\n", r.err());
    r = tatter("run", scores, "--feed", "score=[[1.0]]");
    assertEquals(new Run(1, "", "error: --feed score: the graph has no placeholder %score; its placeholders are [%scores]\n"), r);
    r = tatter("run", scores, "--feed", "scores=[[1.0]]", "--fetch", "nope");
    assertEquals(new Run(1, "", "error: --fetch nope: the graph has no value %nope\n"), r);
  }

  @Test
  void run_ofAGraphWithErrors_exitsOneListingEveryError() throws IOException {
    Path bad = write("bad.tat", """
        %x = placeholder() : tensor<float32>[None]
        %a = mul(%x, %y) : tensor<float32>[None]
        %b = row_lengths(%x) : tensor<int64>[None]
        """);
    Run r = tatter("run", bad, "--feed", "x=[1.0]");
    assertEquals(1, r.code());
    assertEquals("error: " + bad + ":2:14: undefined value %y\n" + bad + ":3:1: row_lengths(tensor<float32>[None]): "
        + "operand 'partition' must be a row partition, got tensor<float32>[None]\n", r.err());
  }

  @Test
  void run_failingAtRunTime_exitsOneNamingTheNode() throws IOException {
    Path g = write("same.tat", """
        %a = placeholder() : ragged<float32>[None, (None)]
        %b = placeholder() : ragged<float32>[None, (None)]
        %p = partition(%a) : partition<int64>[None, (None)]
        %q = partition(%b) : partition<int64>[None, (None)]
        %s = assert_same_partition(%p, %q) : partition<int64>[None, (None)]
        return %s
        """);
    Run r = tatter("run", g, "--feed", "a=[[1.0], [2.0]]", "--feed", "b=[[1.0, 2.0], []]");
    assertEquals(1, r.code());
    assertTrue(r.err().startsWith("error: ") && r.err().contains("%s (assert_same_partition) at " + g + ":5:1"), r.err());
  }

  @Test
  void usageErrors_exitTwo() {
    assertEquals(2, tatter().code());
    assertEquals(2, tatter("frobnicate").code());
    assertEquals(2, tatter("run").code());
    assertEquals(2, tatter("run", scores, "--no-such-option").code());
    Run r = tatter("opt", scores, "--passes=cse,nope");
    assertEquals(2, r.code());
    assertTrue(r.err().startsWith("--passes: unknown pass 'nope'; known passes: "
        + dev.tatter.optimizer.PassManager.PASSES.keySet()), r.err());
    assertEquals(2, tatter("opt", scores, "--passes=cse", "--dump-after=dce").code());
    assertEquals(2, tatter("run", scores, "--feed", "scores").code());
  }

  @Test
  void missingFile_exitsOne() {
    Run r = tatter("opt", dir.resolve("nope.tat"));
    assertEquals(new Run(1, "", "error: no such file: " + dir.resolve("nope.tat") + "\n"), r);
  }

  @Test
  void opt_withoutDump_printsTheOptimizedGraph() {
    Run r = tatter("opt", scores);
    assertEquals(0, r.code());
    assertEquals("""
        %scores = placeholder() : ragged<float32>[None, (None)]
        %two = constant() {value = tensor<float32>[] 2.0} : tensor<float32>[]
        %p = partition(%scores) : partition<int64>[None, (None)]
        %v = values(%scores) : tensor<float32>[None]
        %scaled = mul(%v, %two) : tensor<float32>[None]
        %out = ragged(%scaled, %p) : ragged<float32>[None, (None)]
        %lengths = row_lengths(%p) : tensor<int64>[None]
        return %out, %lengths
        """, r.out());
  }

  @Test
  void opt_dumpAfterAll_printsEveryPassAndEachDumpParses() {
    Run r = tatter("opt", scores, "--passes=cse,dce", "--dump-after=all");
    assertEquals(0, r.code());
    String[] dumps = r.out().split("(?m)^(?=// after )");
    assertEquals(2, dumps.length, r.out());
    assertTrue(dumps[0].startsWith("// after cse (pass 1 of 2)\n"), dumps[0]);
    assertTrue(dumps[1].startsWith("// after dce (pass 2 of 2)\n"), dumps[1]);
    for (String dump : dumps) {
      assertEquals(7, GraphParser.parse(dump, "dump.tat").size(), dump); // %p2 merged into %p by CSE
    }
    Run none = tatter("opt", scores, "--passes=", "--dump-after=all");
    assertEquals(new Run(0, dev.tatter.ir.text.GraphPrinter.print(GraphParser.parse(SCORES, "s.tat")), ""), none);
    Run one = tatter("opt", scores, "--dump-after=canonicalize");
    // the default pipeline (dce,cse,canonicalize,fold,cse,canonicalize,cse,dce,fuse) canonicalizes twice
    assertTrue(one.out().startsWith("// after canonicalize (pass 3 of 9)\n"), one.out());
    assertEquals(2, one.out().split("// after").length - 1);
  }

  @Test
  void opt_dumpAfterFuse_printsTheFusionRemarksAsComments_andTheDumpParses() throws IOException {
    Path file = write("remarks.tat", """
        %x = placeholder() : tensor<float32>[None]
        %a = mul(%x, %x) : tensor<float32>[None]
        %b = add(%a, %x) : tensor<float32>[None]
        %d = mul(%b, %b) : tensor<float32>[None]
        %c = neg(%a) : tensor<float32>[None]
        return %d, %c
        """);
    Run r = tatter("opt", file, "--passes=cse,fuse", "--dump-after=all");
    assertEquals(0, r.code(), r.err());
    String[] dumps = r.out().split("(?m)^(?=// after )");
    assertEquals(2, dumps.length, r.out());
    assertTrue(dumps[1].startsWith("""
        // after fuse (pass 2 of 2)
        # fuse: %a (mul) not fused: its users %b and %c are in different groups, so it is stored once and read by both
        # fuse: fused %b, %d into one loop (2 nodes)
        %x = placeholder()"""), dumps[1]);
    assertTrue(dumps[1].contains("fused(%a, %x) {expr = \"add($0, $1); mul(#0, #0)\"}"), dumps[1]);
    assertEquals(4, GraphParser.parse(dumps[1], "dump.tat").size(), dumps[1]); // %x, %a, %c and the fused %d
    assertFalse(dumps[0].contains("# cse:"), dumps[0]); // cse has nothing to say
  }

  @Test
  void dot_writesOneNodePerValueAndTypedEdges() {
    Run r = tatter("dot", scores);
    assertEquals(0, r.code());
    String dot = r.out();
    assertTrue(dot.startsWith("digraph \"scores.tat\" {\n"), dot);
    assertTrue(dot.contains("  n0 [label=\"%scores = placeholder\", shape=invhouse, style=\"\"];\n"), dot);
    assertTrue(dot.contains("  n1 [label=\"%two = constant\\nvalue = tensor<float32>[] 2.0\"];\n"), dot);
    assertTrue(dot.contains("  n3 -> n5 [label=\"x: tensor<float32>[None]\"];\n"), dot);
    assertTrue(dot.contains("  n7 -> out [label=\"1: tensor<int64>[None]\", style=dashed];\n"), dot);
    assertEquals(8, dot.lines().filter(l -> l.matches("  n\\d+ \\[label=.*")).count(), dot);
    Run after = tatter("dot", scores, "--after=cse");
    assertTrue(after.out().startsWith("digraph \"scores.tat after cse\" {\n"), after.out());
    assertEquals(7, after.out().lines().filter(l -> l.matches("  n\\d+ \\[label=.*")).count(), after.out());
  }

  @Test
  void dot_png_withoutGraphviz_saysSoPlainly() {
    System.setProperty(DotCommand.DOT_PROGRAM_PROPERTY, dir.resolve("no-dot-here").toString());
    try {
      Run r = tatter("dot", scores, "--png", dir.resolve("g.png"));
      assertEquals(1, r.code());
      assertTrue(r.err().startsWith("error: cannot render " + dir.resolve("g.png")
          + ": Graphviz's 'dot' program is not installed (not found on the PATH)."), r.err());
    } finally {
      System.clearProperty(DotCommand.DOT_PROGRAM_PROPERTY);
    }
  }

  @Test
  void dot_svg_runsTheDotProgramWithTheDotText() throws IOException {
    assumeTrue(Files.isExecutable(Path.of("/bin/sh")), "needs a POSIX shell for the stand-in dot program");
    // a stand-in for Graphviz: copies its input to the -o file, so the test needs no Graphviz
    Path fake = write("fake-dot", "#!/bin/sh\n[ \"$1\" = \"-Tsvg\" ] || exit 3\ncat > \"$3\"\n");
    Files.setPosixFilePermissions(fake, java.nio.file.attribute.PosixFilePermissions.fromString("rwx------"));
    System.setProperty(DotCommand.DOT_PROGRAM_PROPERTY, fake.toString());
    try {
      Path svg = dir.resolve("g.svg");
      Run r = tatter("dot", scores, "--svg", svg);
      assertEquals(new Run(0, "wrote " + svg + "\n", ""), r);
      assertEquals(tatter("dot", scores).out(), Files.readString(svg));
      Run failing = tatter("dot", scores, "--png", dir.resolve("g.png"));
      assertEquals(new Run(1, "", "error: Graphviz's dot failed (exit code 3) rendering " + dir.resolve("g.png") + "\n"), failing);
    } finally {
      System.clearProperty(DotCommand.DOT_PROGRAM_PROPERTY);
    }
  }

  @Test
  void dot_png_withGraphvizInstalled_writesAPng() throws IOException {
    assumeTrue(DotCommand.findDot().isPresent(), "Graphviz is not installed");
    Path png = dir.resolve("g.png");
    assertEquals(0, tatter("dot", scores, "--after=all", "--png", png).code());
    byte[] bytes = Files.readAllBytes(png);
    assertEquals(Set.of("PNG"), Set.of(new String(bytes, 1, 3, StandardCharsets.US_ASCII)));
  }

  /** Graphviz accepts the DOT of every op example and of random graphs (names, strings, NaNs and all). */
  @Test
  void dot_ofEveryOpExampleAndRandomGraphs_isValidGraphviz() throws Exception {
    assumeTrue(DotCommand.findDot().isPresent(), "Graphviz is not installed");
    List<dev.tatter.ir.Graph> graphs = new java.util.ArrayList<>();
    for (dev.tatter.ir.OpDef op : dev.tatter.ir.ops.OpRegistry.ALL) {
      op.examples().forEach(ex -> graphs.add(GraphParser.parse(ex.ir(), op.mnemonic() + ".tat")));
    }
    java.util.Random random = new java.util.Random(9);
    for (int i = 0; i < 20; i++) {
      graphs.add(dev.tatter.frontend.RandomGraphs.generate(random, 15, false));
    }
    for (dev.tatter.ir.Graph g : graphs) {
      String dot = dev.tatter.ir.text.DotPrinter.print(g, "g \"quoted\"");
      Process p = new ProcessBuilder(DotCommand.findDot().get().toString(), "-Tcanon").redirectErrorStream(true).start();
      try (var in = p.getOutputStream()) {
        in.write(dot.getBytes(StandardCharsets.UTF_8));
      }
      String messages = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      assertEquals(0, p.waitFor(), () -> messages + "\n" + dot);
    }
  }

  @Test
  void bytecode_printsTheGeneratedClass() {
    Run r = tatter("bytecode", scores);
    assertEquals(0, r.code(), r.err());
    assertTrue(r.out().contains("implements dev/tatter/runtime/exec/GeneratedProgram"), r.out());
    assertTrue(r.out().contains("INVOKESTATIC dev/tatter/runtime/kernels/ragged/PartitionKernels.rowLengths"), r.out());
  }

  @Test
  void bytecode_ofAGraphReturningNothing_exitsOne() throws IOException {
    Path g = write("noreturn.tat", "%x = placeholder() : tensor<int64>[None]\n");
    Run r = tatter("bytecode", g);
    assertEquals(1, r.code());
    assertEquals("error: " + g + ": the graph returns nothing, so nothing would be compiled; end it with a return line\n", r.err());
  }
}
