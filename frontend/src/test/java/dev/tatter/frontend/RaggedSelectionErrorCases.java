package dev.tatter.frontend;

import static dev.tatter.frontend.ErrorTriggers.*;

import dev.tatter.runtime.DType;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.Tensor;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;
import java.util.function.Supplier;

/** The {@code docs/ERRORS.md} cases of gather on ragged, ragged.range, boolean_mask and where, registered by {@link ErrorCatalogTest}. */
final class RaggedSelectionErrorCases {
  private RaggedSelectionErrorCases() {}

  static void register(BiConsumer<String, Supplier<Throwable>> on) {
    on.accept("B60", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      tf.gather(tf.ragged.constant(List.of(List.of(1), List.of())), g.constant(Tensor.ofFloats(1)));
    }));
    on.accept("B61", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      tf.gather(tf.ragged.constant(List.of(List.of(1), List.of())).withRowSplitsDType(DType.INT32),
          tf.ragged.constant(List.of(List.of(0), List.of(1))));
    }));
    on.accept("B62", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      tf.ragged.range(g.constant(Tensor.ofInts(1, 2)), g.constant(Tensor.ofInts(3, 4, 5)));
    }));
    on.accept("B63", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      tf.ragged.range(g.constant(Tensor.of(DType.INT32, new int[] {1, 2}, 1, 2)));
    }));
    on.accept("B64", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      tf.booleanMask(g.constant(Tensor.ofInts(1, 2)), g.scalar(DType.BOOL, true));
    }));
    on.accept("B65", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      tf.booleanMask(g.constant(Tensor.of(DType.INT32, new int[] {1, 2, 3, 4}, 2, 2)), g.constant(Tensor.ofBools(true, false, true)));
    }));
    on.accept("B66", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      tf.booleanMask(g.constant(Tensor.ofInts(1, 2)), g.constant(Tensor.ofInts(1, 0)));
    }));
    on.accept("B67", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      tf.where(g.constant(Tensor.ofBools(true, false)), g.constant(Tensor.ofInts(1, 2, 3)), g.scalar(DType.INT32, 0));
    }));
    on.accept("B68", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      Value rt = tf.ragged.constant(List.of(List.of(1, 2), List.of(3)));
      tf.where(rt.gt(1), rt, g.constant(Tensor.ofInts(7, 8)));
    }));
    on.accept("B69", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      tf.concat(List.of(tf.ragged.constant(List.of(List.of(1, 2), List.of(3, 4, 5))), g.constant(Tensor.ofInts(1, 2))), 0);
    }));
    on.accept("B70", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      tf.concat(List.of(g.constant(Tensor.of(DType.INT32, new int[] {1, 2}, 1, 2)),
          g.constant(Tensor.of(DType.INT32, new int[] {1, 2, 3}, 1, 3))), 0);
    }));
    on.accept("B71", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      tf.concat(List.of(tf.ragged.constant(List.of(List.of(1, 2), List.of(3, 4, 5))), tf.ragged.constant(List.of(List.of(1)))), 1);
    }));
    on.accept("R67", () -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      Value a = g.placeholder("a", Types.ragged(DType.INT32, 1));
      Value b = g.placeholder("b", Types.ragged(DType.INT32, 1));
      return run(g, Map.of("a", RaggedTensor.of(Tensor.ofInts(1, 2), splits(0, 1, 2)),
          "b", RaggedTensor.of(Tensor.ofInts(3), splits(0, 1))), tf.concat(List.of(a, b), 1));
    });
    on.accept("R68", () -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      Value a = g.placeholder("a", Types.parse("ragged<int32>[None, (None), (None)]"));
      Value b = g.placeholder("b", Types.parse("ragged<int32>[None, (None), (None)]"));
      RaggedTensor inner = RaggedTensor.of(Tensor.ofInts(1, 2), splits(0, 1, 2));
      return run(g, Map.of("a", RaggedTensor.of(inner, splits(0, 1, 2)), "b", RaggedTensor.of(inner, splits(0, 2, 2))),
          tf.concat(List.of(a, b), 2));
    });
    on.accept("B72", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      tf.tile(tf.ragged.constant(List.of(List.of(1, 2), List.of(3))), 2);
    }));
    on.accept("B73", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      tf.tile(tf.ragged.constant(List.of(List.of(1, 2), List.of(3))), 1, -1);
    }));
    on.accept("B74", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      tf.math.cumprod(tf.ragged.constant(List.of(List.of(1, 2), List.of(3))), 0);
    }));
    on.accept("B75", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      tf.math.cumsum(g.constant(Tensor.ofBools(true)), 0);
    }));
    on.accept("B76", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      tf.sequenceMask(g.constant(Tensor.ofInts(1)), -3, DType.BOOL);
    }));
    on.accept("R69", () -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      Value rt = g.placeholder("rt", Types.ragged(DType.INT32, 1));
      return run(g, Map.of("rt", RaggedTensor.of(Tensor.ofInts(1, 2), splits(0, 1, 2))), tf.tile(rt, 1L << 40, 1));
    });
    on.accept("B77", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      tf.math.unsortedSegmentSum(g.constant(Tensor.ofInts(1, 2, 3)), g.constant(Tensor.ofInts(0, 1)), g.scalar(DType.INT32, 2));
    }));
    on.accept("B78", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      tf.math.unsortedSegmentSqrtN(g.constant(Tensor.ofInts(1, 2, 3)), g.constant(Tensor.ofInts(0, 1, 0)), g.scalar(DType.INT32, 2));
    }));
    on.accept("B79", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      tf.math.unsortedSegmentSum(g.constant(Tensor.ofInts(1, 2, 3)), g.constant(Tensor.ofInts(0, 1, 0)), g.scalar(DType.INT32, -2));
    }));
    on.accept("R70", () -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      Value ids = g.placeholder("ids", Types.parse("tensor<int32>[3]"));
      return run(g, Map.of("ids", Tensor.ofInts(0, 3, 1)),
          tf.math.unsortedSegmentSum(g.constant(Tensor.ofInts(1, 2, 3)), ids, g.scalar(DType.INT32, 2)));
    });
    on.accept("R71", () -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      Value ids = g.placeholder("ids", Types.parse("tensor<int32>[3]"));
      return run(g, Map.of("ids", Tensor.ofInts(0, 2, 1)), tf.math.segmentSum(g.constant(Tensor.ofInts(1, 2, 3)), ids));
    });
    on.accept("R72", () -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      Value ids = g.placeholder("ids", Types.parse("tensor<int32>[2]"));
      return run(g, Map.of("ids", Tensor.ofInts(-1, 0)), tf.math.segmentSum(g.constant(Tensor.ofInts(1, 2)), ids));
    });
    on.accept("B80", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      tf.math.bincount(g.constant(Tensor.ofInts(1, 2)), g.constant(Tensor.ofInts(1, 1)), -1, -1, true, false);
    }));
    on.accept("B81", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      tf.math.bincount(g.constant(Tensor.ofFloats(1)));
    }));
    on.accept("B82", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      tf.math.bincount(g.constant(Tensor.ofInts(1, 2)), null, -1, -1, false, true);
    }));
    on.accept("R73", () -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      Value arr = g.placeholder("arr", Types.parse("tensor<int32>[None]"));
      return run(g, Map.of("arr", Tensor.ofInts(1, -1)), tf.math.bincount(arr));
    });
    on.accept("R60", () -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      Value rt = g.placeholder("rt", Types.ragged(DType.INT32, 1));
      return run(g, Map.of("rt", RaggedTensor.of(Tensor.ofInts(1, 2), splits(0, 1, 1, 2, 2))),
          tf.gather(rt, g.constant(Tensor.ofInts(1, 4))));
    });
    on.accept("R61", () -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      Value deltas = g.placeholder("deltas", Types.parse("tensor<int32>[None]"));
      return run(g, Map.of("deltas", Tensor.ofInts(1, 0)), tf.ragged.range(g.scalar(DType.INT32, 0), g.scalar(DType.INT32, 3), deltas));
    });
    on.accept("R62", () -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      Value limits = g.placeholder("limits", Types.parse("tensor<float64>[None]"));
      return run(g, Map.of("limits", Tensor.ofDoubles(Double.NaN)), tf.ragged.range(limits));
    });
    on.accept("R63", () -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      Value starts = g.placeholder("starts", Types.parse("tensor<int32>[None]"));
      Value limits = g.placeholder("limits", Types.parse("tensor<int32>[None]"));
      return run(g, Map.of("starts", Tensor.ofInts(0, 1), "limits", Tensor.ofInts(3, 4, 5)), tf.ragged.range(starts, limits));
    });
    on.accept("R64", () -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      Value data = g.placeholder("data", Types.ragged(DType.INT32, 1));
      Value mask = g.placeholder("mask", Types.ragged(DType.BOOL, 1));
      return run(g, Map.of("data", RaggedTensor.of(Tensor.ofInts(1, 2, 3), splits(0, 2, 3)),
          "mask", RaggedTensor.of(Tensor.ofBools(true, false, true), splits(0, 1, 3))), tf.booleanMask(data, mask));
    });
    on.accept("R65", () -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      Value data = g.placeholder("data", Types.ragged(DType.INT32, 1));
      Value mask = g.placeholder("mask", Types.parse("tensor<bool>[None]"));
      return run(g, Map.of("data", RaggedTensor.of(Tensor.ofInts(1, 2, 3), splits(0, 2, 3, 3)),
          "mask", Tensor.ofBools(true, false)), tf.booleanMask(data, mask));
    });
    on.accept("R66", () -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      Value data = g.placeholder("data", Types.parse("tensor<int32>[None, 2]"));
      Value mask = g.placeholder("mask", Types.parse("tensor<bool>[None]"));
      return run(g, Map.of("data", Tensor.of(DType.INT32, new int[] {1, 2, 3, 4}, 2, 2),
          "mask", Tensor.ofBools(true, false, true)), tf.booleanMask(data, mask));
    });
  }
}
