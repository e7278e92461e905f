package dev.tatter.frontend;

import static dev.tatter.frontend.ErrorTriggers.build;
import static dev.tatter.frontend.ErrorTriggers.parse;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.tatter.codegen.Interpreter;
import dev.tatter.ir.Graph;
import dev.tatter.runtime.ByteStrings;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.Sizes;
import dev.tatter.runtime.Tensor;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.function.BiConsumer;
import java.util.function.Supplier;

/** The cases of docs/ERRORS.md for text ops and lookup tables (rows B60–B79, R60–R69, T60–T69, numbered apart from the others'). */
final class StringErrorCases {
  private StringErrorCases() {}

  /** Runs interpreted and compiled under a lowered element limit; both must fail alike. */
  private static Throwable runLimited(long limit, GraphBuilder g, Value fetch) {
    long previous = Sizes.setMaxElements(limit);
    try {
      Graph graph = g.build(fetch);
      InvalidArgumentException interpreted = assertThrows(InvalidArgumentException.class, () -> Interpreter.run(graph, Map.of()));
      try (Session s = new Session(graph)) {
        InvalidArgumentException compiled = assertThrows(InvalidArgumentException.class, () -> s.run(Map.of(), fetch));
        assertEquals(interpreted.getMessage().replaceFirst("node #\\d+", "node"),
            compiled.getMessage().replaceFirst("node #\\d+", "node"), "interpreter and bytecode must fail alike");
        return compiled;
      }
    } finally {
      Sizes.setMaxElements(previous);
    }
  }

  private static Value words(GraphBuilder g) {
    return g.raggedFromRowSplits(g.constant(Tensor.ofStrings("a", "b")), g.constant(Tensor.ofLongs(0, 2)));
  }

  private static Path file(String name, String content) {
    try {
      Path dir = Files.createTempDirectory("tatter-tables");
      dir.toFile().deleteOnExit();
      Path f = dir.resolve(name);
      Files.writeString(f, content, StandardCharsets.UTF_8);
      f.toFile().deleteOnExit();
      return f;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static TableInitializer table(Tensor keys, Tensor values) {
    return TableInitializer.keyValueTensors(keys, values);
  }

  static void register(BiConsumer<String, Supplier<Throwable>> on) {
    on.accept("B109", () -> build(() -> Strings.split(new GraphBuilder().constant(Tensor.ofInts(1)))));
    on.accept("B110", () -> build(() -> Strings.split(new GraphBuilder().constant(Tensor.ofStrings("a")), "")));
    on.accept("B111", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Value flat = g.constant(Tensor.of(DType.STRING, new String[] {"a", "b"}, 1, 2));
      Strings.split(g.raggedFromRowSplits(flat, g.constant(Tensor.ofLongs(0, 1))));
    }));
    on.accept("B112", () -> build(() -> Strings.ngrams(words(new GraphBuilder()), 0)));
    on.accept("B113", () -> build(() -> Strings.ngrams(words(new GraphBuilder()), new int[0], " ", null, null, false)));
    on.accept("B114", () -> build(() -> Strings.ngrams(words(new GraphBuilder()), new int[] {2}, " ", "P", 0, false)));
    on.accept("B115", () -> build(() -> Strings.ngrams(words(new GraphBuilder()), new int[] {2}, " ", null, 1, false)));
    on.accept("B116", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Strings.ngrams(g.constant(Tensor.of(DType.STRING, new String[] {"a"}, 1, 1, 1)), 2);
    }));
    on.accept("B117", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Value flat = g.constant(Tensor.of(DType.STRING, new String[] {"a", "b"}, 1, 2));
      Strings.ngrams(g.raggedFromRowSplits(flat, g.constant(Tensor.ofLongs(0, 1))), 2);
    }));
    on.accept("B118", () -> build(() -> StaticTables.hashTable(table(Tensor.ofStrings("a", "a"), Tensor.ofLongs(0, 1)), -1L)
        .lookup(new GraphBuilder().constant(Tensor.ofStrings("a")))));
    on.accept("B119", () -> build(() -> StaticTables.vocabularyTable(table(Tensor.ofStrings("a"), Tensor.ofLongs(0)), 0)
        .lookup(new GraphBuilder().constant(Tensor.ofStrings("a")))));
    on.accept("B120", () -> build(() -> StaticTables.hashTable(table(Tensor.ofStrings("a"), Tensor.ofLongs(0)), -1L)
        .lookup(new GraphBuilder().constant(Tensor.ofLongs(1)))));
    on.accept("B121", () -> build(() -> StaticTables.vocabularyTable(table(Tensor.ofStrings("a"), Tensor.ofInts(0)), 1)
        .lookup(new GraphBuilder().constant(Tensor.ofStrings("a")))));
    on.accept("B122", () -> build(() -> StaticTables.hashTable(table(Tensor.ofStrings("a"), Tensor.ofInts(0)), Tensor.ofLongs(-1).reshape())
        .lookup(new GraphBuilder().constant(Tensor.ofStrings("a")))));
    on.accept("B123", () -> build(() -> StaticTables.hashTable(table(Tensor.ofFloats(1f), Tensor.ofInts(0)), -1)
        .lookup(new GraphBuilder().constant(Tensor.ofFloats(1f)))));
    on.accept("B124", () -> build(() -> TableInitializer.vocabularyFile(Path.of("no-such-vocab.txt"))));
    on.accept("B125", () -> build(() -> TableInitializer.textFile(file("bad.csv", "a,1\nb,x\n"), DType.STRING, 0, DType.INT64, 1, ",")));
    on.accept("B126", () -> build(() -> TableInitializer.textFile(file("short.csv", "a,1\n"), DType.STRING, 0, DType.INT64, 2, ",")));
    on.accept("B680", () -> build(() -> {
      Path big = file("big.txt", "a\n".repeat(51));
      String previous = System.setProperty(dev.tatter.runtime.io.InputLimit.PROPERTY, "100");
      try {
        TableInitializer.vocabularyFile(big);
      } finally {
        if (previous == null) {
          System.clearProperty(dev.tatter.runtime.io.InputLimit.PROPERTY);
        } else {
          System.setProperty(dev.tatter.runtime.io.InputLimit.PROPERTY, previous);
        }
      }
    }));
    on.accept("B127", () -> build(() -> Strings.toHashBucketFast(new GraphBuilder().constant(Tensor.ofStrings("a")), 0)));
    on.accept("B128", () -> build(() -> Strings.toHashBucketStrong(new GraphBuilder().constant(Tensor.ofStrings("a")), 3, 1)));
    on.accept("B129", () -> build(() -> Strings.unicodeDecode(new GraphBuilder().constant(Tensor.ofStrings("a")), "loud", 0xFFFD)));
    on.accept("B130", () -> build(() -> Strings.unicodeDecode(new GraphBuilder().constant(Tensor.ofStrings("a")), "replace", 0xD800)));
    on.accept("T62", () -> parse("""
        %s = constant() {value = tensor<string>[1] ["a"]} : tensor<string>[1]
        %0 = unicode_decode(%s) {input_encoding = "UTF-16-BE"} : ragged<int32>[1, (None)]
        return %0
        """));
    on.accept("B131", () -> build(() -> Strings.unicodeEncode(new GraphBuilder().constant(Tensor.ofInts(1, 2).reshape(1, 1, 2)))));
    on.accept("B132", () -> build(() -> Strings.length(new GraphBuilder().constant(Tensor.ofStrings("a")), "WORD")));
    on.accept("B133", () -> build(() -> Strings.lower(new GraphBuilder().constant(Tensor.ofStrings("a")), "latin-1")));
    on.accept("B134", () -> build(() -> StaticTables.hashTable(table(Tensor.ofStrings(), Tensor.ofLongs()), -1L)
        .lookup(new GraphBuilder().constant(Tensor.ofStrings("a")))));

    on.accept("R88", () -> {
      GraphBuilder g = new GraphBuilder();
      return runLimited(1000, g, Strings.ngrams(words(g), new int[] {2000}, " ", "P", null, false));
    });
    on.accept("R89", () -> {
      GraphBuilder g = new GraphBuilder();
      String pad = "p".repeat(1 << 20);
      return runLimited(Sizes.MAX_ELEMENTS, g, Strings.ngrams(words(g), new int[] {3000}, " ", pad, null, false));
    });
    on.accept("R90", () -> {
      GraphBuilder g = new GraphBuilder();
      return runLimited(3, g, Strings.bytesSplit(g.constant(Tensor.ofStrings("hello"))));
    });
    on.accept("R91", () -> {
      GraphBuilder g = new GraphBuilder();
      Value bad = g.constant(Tensor.ofByteStrings(ByteStrings.bytes("a\u00ff")));
      return runLimited(Sizes.MAX_ELEMENTS, g, Strings.unicodeDecode(bad, "strict", 0xFFFD));
    });
    on.accept("R92", () -> {
      GraphBuilder g = new GraphBuilder();
      Value cps = g.raggedFromRowSplits(g.constant(Tensor.ofInts(-1)), g.constant(Tensor.ofLongs(0, 1)));
      return runLimited(Sizes.MAX_ELEMENTS, g, Strings.unicodeEncode(cps, "strict", 0xFFFD));
    });
    on.accept("R93", () -> {
      GraphBuilder g = new GraphBuilder();
      return runLimited(Sizes.MAX_ELEMENTS, g, Strings.regexFullMatch(g.constant(Tensor.ofStrings("a")), "("));
    });
    on.accept("T60", () -> parse("""
        %v = constant() {value = tensor<string>[1] ["a"]} : tensor<string>[1]
        %s = constant() {value = tensor<int64>[2] [0, 1]} : tensor<int64>[2]
        %p = partition_from_row_splits(%s) : partition<int64>[1, (None)]
        %rt = ragged(%v, %p) : ragged<string, nvals=[1]>[1, (None)]
        %0 = string_ngrams(%rt) {ngram_widths = [2], pad_width = -2} : ragged<string>[1, (None)]
        return %0
        """));
    on.accept("T61", () -> parse("""
        %k = constant() {value = tensor<string>[1] ["a"]} : tensor<string>[1]
        %0 = hash_table_lookup(%k) {default_value = tensor<int64>[] -1, table_keys = tensor<string>[2] ["a", "b"], table_values = tensor<int64>[1] [0]} : tensor<int64>[1]
        return %0
        """));

    // ---- strings as bytes: Java text in, offsets, sizes ----
    on.accept("B251", () -> {
      GraphBuilder g = new GraphBuilder();
      return build(() -> Strings.split(g.constant(Tensor.ofStrings("a b")), "\uD800"));
    });
    on.accept("F85", () -> assertThrows(IllegalArgumentException.class, () -> Tensor.of(DType.STRING, new String[] {"a", null}, 2)));
    on.accept("F90", () -> assertThrows(IllegalArgumentException.class, () -> Tensor.ofStrings("a", "\uD800")));
    on.accept("F91", () -> assertThrows(IllegalArgumentException.class,
        () -> Tensor.wrap(DType.STRING, new int[] {1}, new String[] {"\u4e2d\u6587"})));
    on.accept("F88", () -> assertThrows(IllegalArgumentException.class,
        () -> dev.tatter.runtime.StringColumn.fromOffsets(new int[] {0, 3, 1}, new byte[4])));
    on.accept("F89", () -> assertThrows(InvalidArgumentException.class, () -> {
      // an .npy <U1 array of two cells: 'a', then the code point U+D800 (a surrogate, no UTF-8)
      String header = "{'descr': '<U2', 'fortran_order': False, 'shape': (1,), }";
      java.nio.ByteBuffer file = java.nio.ByteBuffer.allocate(10 + 64 + 8).order(java.nio.ByteOrder.LITTLE_ENDIAN);
      file.put(new byte[] {(byte) 0x93, 'N', 'U', 'M', 'P', 'Y', 1, 0}).putShort((short) 64);
      file.put((header + " ".repeat(63 - header.length()) + "\n").getBytes(StandardCharsets.ISO_8859_1));
      file.putInt('a').putInt(0xD800);
      try {
        dev.tatter.runtime.io.Npy.read(new java.io.ByteArrayInputStream(file.array()));
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }));
    on.accept("R246", () -> {
      GraphBuilder g = new GraphBuilder();
      Value big = g.constant(Tensor.ofStrings("x".repeat(1 << 20)).reshape());
      Value many = g.constant(Tensor.ofStrings(java.util.Collections.nCopies(2100, "").toArray(String[]::new)));
      return runLimited(Sizes.MAX_ELEMENTS, g, Strings.join(java.util.List.of(big, many), ""));
    });
    on.accept("T98", () -> parse("""
        %s = constant() {value = tensor<string>[1] ["a\\ud800"]} : tensor<string>[1]
        return %s
        """));
  }
}
