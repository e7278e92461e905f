package dev.tatter.frontend;

import static dev.tatter.frontend.ErrorTriggers.build;
import static dev.tatter.frontend.ErrorTriggers.run;

import dev.tatter.runtime.DType;
import dev.tatter.ir.types.SparseType;
import dev.tatter.runtime.SparseTensor;
import dev.tatter.runtime.Tensor;
import java.util.Map;
import java.util.function.BiConsumer;
import java.util.function.Supplier;

/**
 * The cases of docs/ERRORS.md for kernels' edges found by comparing with TF's kernels and by
 * attacking sizes and limits (rows from B246 and R242 on, numbered apart from the others').
 */
final class KernelErrorCases {
  private KernelErrorCases() {}

  static void register(BiConsumer<String, Supplier<Throwable>> on) {
    on.accept("B249", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      g.ops().sparse.concat(0, g.placeholder("a", SparseType.of(DType.INT32, 1L << 62, 1)), g.placeholder("b", SparseType.of(DType.INT32, 1L << 62, 1)));
    }));
    on.accept("B250", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      g.ops().sparse.reshape(g.placeholder("a", SparseType.of(DType.INT32, 1L << 62, 1)), 1L << 40, 1L << 40);
    }));
    on.accept("R243", () -> {
      GraphBuilder g = new GraphBuilder();
      Value a = g.placeholder("a", SparseType.of(DType.INT32, -1, -1));
      Value b = g.placeholder("b", SparseType.of(DType.INT32, -1, -1));
      SparseTensor half = SparseTensor.of(new long[0][], Tensor.ofInts(), 1L << 62, 1);
      return run(g, Map.of("a", half, "b", half), g.ops().sparse.concat(0, a, b));
    });
    on.accept("B247", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      g.ops().sparse.split(g.placeholder("p", dev.tatter.ir.types.SparseType.of(DType.INT32, -1, -1)), 1L << 40, 0);
    }));
    on.accept("B248", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      g.ops().dynamicPartition(g.constant(Tensor.ofInts(1, 2)), g.constant(Tensor.ofInts(0, 1)), Integer.MAX_VALUE);
    }));
    on.accept("B246", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      g.ops().where(g.constant(Tensor.scalar(DType.BOOL, true)));
    }));
    on.accept("R244", () -> {
      GraphBuilder g = new GraphBuilder();
      return run(g, g.ops().strings.regexFullMatch(g.constant(Tensor.ofStrings("a")), "(((a{100}){100}){100}){100}"));
    });
    on.accept("R245", () -> {
      GraphBuilder g = new GraphBuilder();
      return run(g, g.ops().strings.regexFullMatch(g.constant(Tensor.ofStrings("a")), "a{1000}".repeat(200)));
    });
    on.accept("R242", () -> {
      GraphBuilder g = new GraphBuilder();
      Tensor data = Tensor.of(DType.UINT8, new byte[256], 256);
      return run(g, g.ops().math.segmentMean(g.constant(data), g.constant(Tensor.of(DType.INT32, new int[256], 256))));
    });
  }
}
