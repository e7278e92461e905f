package dev.tatter.frontend;

import static dev.tatter.frontend.ErrorTriggers.build;
import static dev.tatter.frontend.ErrorTriggers.run;

import dev.tatter.runtime.DType;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.Tensor;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;
import java.util.function.Supplier;

/** The cases of docs/ERRORS.md for tensorflow_text's normalizers and splitters (rows B640–B659, R640–R659). */
final class TextSplitErrorCases {
  private TextSplitErrorCases() {}

  private static Value text(GraphBuilder g) {
    return g.placeholder("s", Types.dense(DType.STRING, -1));
  }

  private static Map<String, ?> feed(String... s) {
    return Map.of("s", Tensor.ofStrings(s));
  }

  private static Value intRows(GraphBuilder g, String name) {
    return g.placeholder(name, Types.ragged(DType.INT32, 1));
  }

  static void register(BiConsumer<String, Supplier<Throwable>> on) {
    on.accept("B640", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      g.ops().text.normalizeUtf8(text(g), "NFKD2");
    }));
    on.accept("B641", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      g.ops().text.coerceToStructurallyValidUtf8(text(g), 0xD800);
    }));
    on.accept("B642", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      g.ops().text.whitespaceTokenizer().tokenize(g.constant(Tensor.ofInts(1, 2)));
    }));
    on.accept("B643", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      g.ops().text.byteSplitter().splitByOffsets(text(g), g.constant(Tensor.ofInts(0)), g.constant(Tensor.ofInts(1)));
    }));
    on.accept("B644", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      g.ops().text.splitMergeTokenizer().tokenize(text(g), g.placeholder("l", Types.ragged(DType.INT64, 1)));
    }));
    on.accept("B645", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      List<Value> m = g.ops().text.normalizeUtf8WithOffsetsMap(text(g));
      g.ops().text.findSourceOffsets(m.get(1), g.constant(Tensor.ofLongs(0, 1)));
    }));
    on.accept("B646", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      g.ops().text.findSourceOffsets(g.constant(Tensor.of(DType.INT64, new long[] {0, 1}, 1, 2)), g.constant(Tensor.of(DType.INT64, new long[] {0, 1}, 1, 2)));
    }));
    on.accept("B648", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      g.ops().strings.unicodeScript(g.constant(Tensor.ofLongs(65)));
    }));
    on.accept("R640", () -> {
      GraphBuilder g = new GraphBuilder();
      return run(g, feed("ab"), g.ops().text.regexSplit(text(g), "\\s*"));
    });
    on.accept("R641", () -> {
      GraphBuilder g = new GraphBuilder();
      return run(g, Map.of("s", Tensor.ofStrings("hello"), "a", RaggedTensor.fromNested(List.of(List.of(6))),
          "z", RaggedTensor.fromNested(List.of(List.of(6)))),
          g.ops().text.byteSplitter().splitByOffsets(text(g), intRows(g, "a"), intRows(g, "z")));
    });
    on.accept("R642", () -> {
      GraphBuilder g = new GraphBuilder();
      return run(g, Map.of("s", Tensor.ofStrings("hello"), "a", RaggedTensor.fromNested(List.of(List.of(0))),
          "z", RaggedTensor.fromNested(List.of(List.of(-1)))),
          g.ops().text.byteSplitter().splitByOffsets(text(g), intRows(g, "a"), intRows(g, "z")));
    });
    on.accept("R643", () -> {
      GraphBuilder g = new GraphBuilder();
      return run(g, Map.of("s", Tensor.ofStrings("hello"), "a", RaggedTensor.fromNested(List.of(List.of(3))),
          "z", RaggedTensor.fromNested(List.of(List.of(2)))),
          g.ops().text.byteSplitter().splitByOffsets(text(g), intRows(g, "a"), intRows(g, "z")));
    });
    on.accept("R644", () -> {
      GraphBuilder g = new GraphBuilder();
      return run(g, Map.of("s", Tensor.ofStrings("hello", "x"), "a", RaggedTensor.fromNested(List.of(List.of(0), List.of(0))),
          "z", RaggedTensor.fromNested(List.of(List.of(1)))),
          g.ops().text.byteSplitter().splitByOffsets(text(g), intRows(g, "a"), intRows(g, "z")));
    });
    on.accept("R645", () -> {
      GraphBuilder g = new GraphBuilder();
      return run(g, Map.of("s", Tensor.ofStrings("abc"), "l", RaggedTensor.fromNested(List.of(List.of(0, 1)))),
          g.ops().text.splitMergeTokenizer().tokenize(text(g), intRows(g, "l")));
    });
    on.accept("R646", () -> {
      GraphBuilder g = new GraphBuilder();
      return run(g, Map.of("s", Tensor.ofByteStrings(new byte[] {'a', (byte) 0xff}), "l", RaggedTensor.fromNested(List.of(List.of(0, 0)))),
          g.ops().text.splitMergeTokenizer().tokenize(text(g), intRows(g, "l")));
    });
    on.accept("R647", () -> {
      GraphBuilder g = new GraphBuilder();
      return run(g, Map.of("s", Tensor.ofStrings("a", "b"), "l", RaggedTensor.fromNested(List.of(List.of(0)))),
          g.ops().text.splitMergeTokenizer().tokenize(text(g), intRows(g, "l")));
    });
    on.accept("R648", () -> {
      GraphBuilder g = new GraphBuilder();
      List<Value> m = g.ops().text.normalizeUtf8WithOffsetsMap(text(g));
      Value offsets = g.placeholder("o", Types.ragged(DType.INT64, 1));
      return run(g, Map.of("s", Tensor.ofStrings("a", "b"), "o", RaggedTensor.fromNested(List.of(List.of(0L)))),
          g.ops().text.findSourceOffsets(m.get(1), offsets));
    });
  }
}
