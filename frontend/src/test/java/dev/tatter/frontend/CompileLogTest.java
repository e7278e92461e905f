package dev.tatter.frontend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.ir.Graph;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.Tensor;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.Test;

/** Compile events and pass timings go to System.Logger at DEBUG: silent by default, visible when a backend enables them. */
class CompileLogTest {
  private static Graph graph() {
    GraphBuilder g = new GraphBuilder();
    Value x = g.placeholder("x", Types.dense(DType.FLOAT32, -1));
    return g.build(x.add(1).mul(2));
  }

  @Test
  void atTheJdksDefaultLevels_compileAndPassEventsAreNotLogged() {
    assertFalse(System.getLogger("dev.tatter.compile").isLoggable(System.Logger.Level.DEBUG));
    assertFalse(System.getLogger("dev.tatter.optimizer").isLoggable(System.Logger.Level.DEBUG));
  }

  @Test
  void withDebugOn_aCompileLogsItsSizeAndTime_andEachPassItsNodeCounts() {
    List<String> messages = new CopyOnWriteArrayList<>();
    Handler capture = new Handler() {
      @Override
      public void publish(LogRecord record) {
        messages.add(record.getLoggerName() + ": " + record.getMessage());
      }

      @Override
      public void flush() {}

      @Override
      public void close() {}
    };
    // System.Logger's default backend is java.util.logging: DEBUG is its FINE
    Logger compile = Logger.getLogger("dev.tatter.compile");
    Logger optimizer = Logger.getLogger("dev.tatter.optimizer");
    for (Logger l : List.of(compile, optimizer)) {
      l.setLevel(Level.FINE);
      l.setUseParentHandlers(false);
      l.addHandler(capture);
    }
    try (Session session = new Session(graph())) {
      Graph graph = session.graph();
      session.run(Map.of("x", Tensor.ofFloats(1, 2)), graph.outputs());
      session.run(Map.of("x", Tensor.ofFloats(3)), graph.outputs()); // the same program: no second compile
    } finally {
      for (Logger l : List.of(compile, optimizer)) {
        l.removeHandler(capture);
        l.setUseParentHandlers(true);
        l.setLevel(null);
      }
    }
    List<String> compiles = messages.stream().filter(m -> m.startsWith("dev.tatter.compile: ")).toList();
    assertEquals(1, compiles.size(), messages.toString());
    assertTrue(compiles.get(0).matches("dev.tatter.compile: compiled a program of 1 fetch\\(es\\) from a graph of 5 nodes"
        + " in \\d+ us \\(optimizer and bytecode\\); the session held 0 program\\(s\\) before it"), compiles.get(0));
    assertTrue(messages.stream().anyMatch(m -> m.matches("dev.tatter.optimizer: pass fuse: \\d+ -> \\d+ nodes in \\d+ us.*")),
        messages.toString());
  }
}
