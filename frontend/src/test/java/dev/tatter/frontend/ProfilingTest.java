package dev.tatter.frontend;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.codegen.BytecodeCompiler;
import dev.tatter.codegen.CompilerOptions;
import dev.tatter.codegen.profile.CompileProfile;
import dev.tatter.codegen.profile.NodeProfile;
import dev.tatter.codegen.profile.RunProfile;
import dev.tatter.ir.Graph;
import dev.tatter.ir.Node;
import dev.tatter.optimizer.PassManager;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.Tensor;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link Session#runProfiled}: what a profile holds, what it costs the ordinary program (nothing), JFR events. */
class ProfilingTest {
  /** 8 Mi float32 elements: a 32 MiB output, split across the pool (above tatter.parallelThreshold, 2^20). */
  private static final int BIG = 8 << 20;

  private static final class Known {
    final GraphBuilder g = new GraphBuilder();
    final Value x = g.placeholder("x", Types.dense(DType.FLOAT32, -1));
    final Value scaled = x.abs().mul(2f);
    final Value total = scaled.reduceSum();
    final Value offset = x.reduceSum().add(1f);
    final Graph graph = g.build(scaled, total, offset);
  }

  @Test
  void theProfileListsEveryExecutedNodeOncePerRun_withTimesThatFitTheRun() {
    Known k = new Known();
    float[] data = new float[4096];
    for (int i = 0; i < data.length; i++) {
      data[i] = i % 7 - 3;
    }
    Map<String, Tensor> feeds = Map.of("x", Tensor.ofFloats(data));
    try (Session s = new Session(k.graph)) {
      Result plain = s.run(feeds, k.scaled, k.total, k.offset);
      for (int run = 0; run < 3; run++) {
        ProfiledResult profiled = s.runProfiled(feeds, k.scaled, k.total, k.offset);
        RunProfile p = profiled.profile();
        // the profiled program computes what the ordinary one does
        for (int i = 0; i < 3; i++) {
          assertTrue(BitExact.equal(plain.get(i), profiled.result().get(i)), "output " + i);
        }
        List<Integer> ids = p.nodes().stream().map(NodeProfile::nodeId).toList();
        assertEquals(ids.size(), new HashSet<>(ids).size(), "a node profiled twice: " + ids);
        assertEquals(needed(p.graph()), Set.copyOf(ids));
        long sum = 0;
        long previousEnd = p.startNanos();
        for (NodeProfile n : p.nodes()) {
          assertTrue(n.wallNanos() >= 0 && n.cpuNanos() >= -1 && n.allocatedBytes() >= -1, n.toString());
          assertTrue(n.startNanos() >= previousEnd, "nodes overlap: " + n);
          previousEnd = n.startNanos() + n.wallNanos();
          sum += n.wallNanos();
        }
        assertTrue(previousEnd <= p.startNanos() + p.wallNanos(), "a node ends after the run");
        assertTrue(sum <= p.wallNanos(), sum + " ns in nodes, " + p.wallNanos() + " ns run");
        assertEquals(run == 0, p.compile().isPresent(), "the compile is reported by the first profiled run only");
        NodeProfile reduce = p.nodes().stream().filter(n -> n.op().equals("reduce_sum")).findFirst().orElseThrow();
        assertEquals("float32[]", reduce.outputShape());
        assertEquals(4, reduce.outputBytes());
      }
      CompileProfile c = s.runProfiled(feeds, k.total).profile().compile().orElseThrow();
      assertTrue(c.optimizeNanos() > 0 && c.codegenNanos() > 0 && c.defineNanos() > 0, c.toString());
      // named as the graph as built prints it: %x, abs %0, the constant 2.0 %1, mul %2, reduce_sum %3
      assertEquals("%3", c.fetches());
      assertEquals("%3", dev.tatter.ir.text.GraphPrinter.valueNames(k.graph).get(k.total.node()));
    }
  }

  @Test
  void aNodeAllocatingA32MiBOutput_showsAtLeast32MiBAllocated_andItsLoopPieces() {
    Known k = new Known();
    Map<String, Tensor> feeds = Map.of("x", Tensor.ofFloats(new float[BIG]));
    try (Session s = new Session(k.graph)) {
      RunProfile p = s.runProfiled(feeds, k.scaled).profile();
      NodeProfile fused = p.nodes().stream().filter(n -> n.outputShape().equals("float32[" + BIG + "]")
          && !n.op().equals("placeholder")).findFirst().orElseThrow(() -> new AssertionError(p.nodes().toString()));
      assertEquals(4L * BIG, fused.outputBytes());
      assertTrue(fused.allocatedBytes() >= 32L << 20, fused.allocatedBytes() + " bytes allocated");
      assertTrue(fused.loopPieces().size() >= 2, "the loop was split: " + fused.loopPieces());
      long covered = fused.loopPieces().stream().mapToLong(piece -> piece.to() - piece.from()).sum();
      assertEquals(BIG, covered);
      for (NodeProfile.LoopPiece piece : fused.loopPieces()) {
        assertTrue(piece.startNanos() >= fused.startNanos()
            && piece.startNanos() + piece.wallNanos() <= fused.startNanos() + fused.wallNanos(), piece.toString());
      }
    }
  }

  @Test
  void profilingOff_leavesTheOrdinaryClassByteForByteUnchanged() {
    Graph optimized = PassManager.parse(PassManager.DEFAULT_PIPELINE).run(new Known().graph);
    byte[] ordinary = BytecodeCompiler.compile(optimized).classBytes();
    assertArrayEquals(ordinary, BytecodeCompiler.compileTimed(optimized, CompilerOptions.defaults(), false).program()
        .classBytes());
    byte[] instrumented = BytecodeCompiler.compileTimed(optimized, CompilerOptions.defaults(), true).program().classBytes();
    assertFalse(java.util.Arrays.equals(ordinary, instrumented));
    assertFalse(new String(ordinary, java.nio.charset.StandardCharsets.ISO_8859_1).contains("ProfileProbe"));
  }

  @Test
  void aProfiledRunFailsAsAnOrdinaryRunDoes_andNeedsTheCompiledBackend() {
    Known k = new Known();
    try (Session s = new Session(k.graph)) {
      InvalidArgumentException plain = assertThrows(InvalidArgumentException.class, () -> s.run(Map.of(), k.total));
      InvalidArgumentException profiled = assertThrows(InvalidArgumentException.class,
          () -> s.runProfiled(Map.of(), k.total));
      assertEquals(plain.getMessage(), profiled.getMessage());
    }
    GraphBuilder g = new GraphBuilder();
    Value n = g.placeholder("n", Types.dense(DType.INT32, -1));
    Value d = g.placeholder("d", Types.dense(DType.INT32, -1));
    Value q = n.floordiv(d).add(1);
    try (Session s = new Session(g.build(q))) {
      // tf.math.floordiv([7, 1], [2, 0]) -> InvalidArgumentError: Integer division by zero
      Map<String, Tensor> zero = Map.of("n", Tensor.ofInts(7, 1), "d", Tensor.ofInts(2, 0));
      InvalidArgumentException plain = assertThrows(InvalidArgumentException.class, () -> s.run(zero, q));
      InvalidArgumentException profiled = assertThrows(InvalidArgumentException.class, () -> s.runProfiled(zero, q));
      assertEquals(plain.getMessage(), profiled.getMessage());
      assertTrue(plain.getMessage().contains("division by zero"), plain.getMessage());
      // the thread is left without a listener: the next profiled run records only its own nodes
      RunProfile after = s.runProfiled(Map.of("n", Tensor.ofInts(7), "d", Tensor.ofInts(2)), q).profile();
      assertEquals(needed(after.graph()), after.nodes().stream().map(NodeProfile::nodeId).collect(Collectors.toSet()));
    }
    try (Session s = new Session(k.graph, PassManager.DEFAULT_PIPELINE, Session.Backend.INTERPRETED)) {
      IllegalStateException e = assertThrows(IllegalStateException.class,
          () -> s.runProfiled(Map.of("x", Tensor.ofFloats(1)), k.total));
      assertEquals("profiling runs the compiled program; this session uses the INTERPRETED backend", e.getMessage());
    }
  }

  @Test
  void aJfrRecording_holdsTheCompileAndNodeEvents(@TempDir Path dir) throws Exception {
    Known k = new Known();
    Path file = dir.resolve("tatter.jfr");
    int profiledNodes;
    try (Recording recording = new Recording(); Session s = new Session(k.graph)) {
      recording.enable("dev.tatter.Compile");
      recording.enable("dev.tatter.Node");
      recording.start();
      s.run(Map.of("x", Tensor.ofFloats(1, -2)), k.offset); // an ordinary compile is an event too
      profiledNodes = s.runProfiled(Map.of("x", Tensor.ofFloats(1, -2)), k.scaled, k.total).profile().nodes().size();
      recording.stop();
      recording.dump(file);
    }
    List<RecordedEvent> events = RecordingFile.readAllEvents(file);
    List<RecordedEvent> compiles = events.stream().filter(e -> e.getEventType().getName().equals("dev.tatter.Compile"))
        .toList();
    assertEquals(List.of(false, true), compiles.stream().map(e -> e.getBoolean("instrumented")).toList());
    assertTrue(compiles.get(1).getLong("codegen") > 0, compiles.get(1).toString());
    List<RecordedEvent> nodes = events.stream().filter(e -> e.getEventType().getName().equals("dev.tatter.Node")).toList();
    assertEquals(profiledNodes, nodes.size());
    Set<String> ops = nodes.stream().map(e -> e.getString("op")).collect(Collectors.toSet());
    assertTrue(ops.contains("placeholder") && ops.contains("reduce_sum"), ops.toString());
    assertTrue(Files.size(file) > 0);
  }

  /** The ids of the nodes the graph's outputs need. */
  private static Set<Integer> needed(Graph graph) {
    Set<Integer> seen = new HashSet<>();
    ArrayDeque<Node> work = new ArrayDeque<>(graph.outputs());
    while (!work.isEmpty()) {
      Node n = work.pop();
      if (seen.add(n.id())) {
        work.addAll(n.inputs());
      }
    }
    return seen;
  }
}
