package dev.tatter.frontend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.fail;

import dev.tatter.codegen.Interpreter;
import dev.tatter.ir.Graph;
import dev.tatter.ir.GraphBuildException;
import dev.tatter.ir.text.GraphParser;
import dev.tatter.ir.text.IrParseException;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.RowPartition;
import dev.tatter.runtime.Sizes;
import java.util.Map;
import java.util.function.Supplier;

/** What the error cases share: how a case raises its error (build, feed, run, parse) and small value makers. */
final class ErrorTriggers {
  private ErrorTriggers() {}


  static Throwable build(Runnable r) {
    return assertThrows(GraphBuildException.class, r::run);
  }

  static Throwable thrown(Runnable r) {
    return assertThrows(RuntimeException.class, r::run);
  }

  /** Runs {@code fetch} without feeds, interpreted and compiled; both must fail alike. */
  static Throwable run(GraphBuilder g, Value fetch) {
    return run(g, Map.of(), fetch);
  }

  /** Runs {@code fetch} interpreted and compiled; both must fail alike (node ids aside). */
  static Throwable run(GraphBuilder g, Map<String, ?> feeds, Value fetch) {
    Graph graph = g.build(fetch);
    InvalidArgumentException interpreted = assertThrows(InvalidArgumentException.class,
        () -> Interpreter.run(graph, feeds));
    try (Session s = new Session(graph)) {
      InvalidArgumentException compiled = assertThrows(InvalidArgumentException.class, () -> s.run(feeds, fetch));
      assertEquals(interpreted.getMessage().replaceFirst("node #\\d+", "node"),
          compiled.getMessage().replaceFirst("node #\\d+", "node"), "interpreter and bytecode must fail alike");
      return compiled;
    }
  }

  /** Runs {@code fetch} optimized, interpreted and compiled; both must fail alike. */
  static Throwable runOptimized(GraphBuilder g, Map<String, ?> feeds, Value fetch) {
    Graph graph = g.build(fetch);
    try (Session interpreted = new Session(graph, dev.tatter.optimizer.PassManager.DEFAULT_PIPELINE, Session.Backend.INTERPRETED);
        Session compiled = new Session(graph)) {
      InvalidArgumentException expected = assertThrows(InvalidArgumentException.class, () -> interpreted.run(feeds, fetch));
      InvalidArgumentException e = assertThrows(InvalidArgumentException.class, () -> compiled.run(feeds, fetch));
      assertEquals(expected.getMessage(), e.getMessage(), "interpreter and bytecode must fail alike");
      return e;
    }
  }

  static Throwable parse(String text) {
    return assertThrows(IrParseException.class, () -> GraphParser.parse(text, "t.tat"));
  }

  static Value ph(GraphBuilder g, String name, DType dtype, long... shape) {
    return g.placeholder(name, Types.dense(dtype, shape));
  }

  static RowPartition splits(long... s) {
    return RowPartition.fromRowSplits(s, DType.INT64, true);
  }

  /** Runs with the element limit lowered to {@code limit}, restoring it afterwards. */
  static Throwable withLimit(long limit, Supplier<Throwable> r) {
    long previous = Sizes.setMaxElements(limit);
    try {
      return r.get();
    } finally {
      Sizes.setMaxElements(previous);
    }
  }


  static Throwable parseSparse(String text) {
    return thrown(() -> GraphParser.parseValue(text, GraphParser.parseType("sparse<int32>[3, 4]"), "t.tat"));
  }

  static void npy(byte[] bytes) {
    try {
      dev.tatter.runtime.io.Npy.read(new java.io.ByteArrayInputStream(bytes));
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  /** An .npy file's magic, version and header (no data). */
  static byte[] npyHeader(int version, String header) {
    byte[] h = header.getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
    java.nio.ByteBuffer b = java.nio.ByteBuffer.allocate(8 + (version == 1 ? 2 : 4) + h.length)
        .order(java.nio.ByteOrder.LITTLE_ENDIAN);
    b.put(new byte[] {(byte) 0x93, 'N', 'U', 'M', 'P', 'Y', (byte) version, 0});
    if (version == 1) {
      b.putShort((short) h.length);
    } else {
      b.putInt(h.length);
    }
    return b.put(h).array();
  }

}
