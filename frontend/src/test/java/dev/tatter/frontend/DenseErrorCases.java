package dev.tatter.frontend;

import static dev.tatter.frontend.ErrorTriggers.build;
import static dev.tatter.frontend.ErrorTriggers.parse;
import static dev.tatter.frontend.ErrorTriggers.ph;
import static dev.tatter.frontend.ErrorTriggers.run;

import dev.tatter.runtime.DType;
import dev.tatter.runtime.Tensor;
import java.util.Map;
import java.util.function.BiConsumer;
import java.util.function.Supplier;

/**
 * The cases of docs/ERRORS.md for the dense ops — matmul, shapes, ranking, encodings and
 * activations (rows B500–B599, R500–R599, T500–T599, numbered apart from the others').
 */
final class DenseErrorCases {
  private DenseErrorCases() {}

  private static Value floats(GraphBuilder g, int... shape) {
    int n = 1;
    for (int d : shape) {
      n *= d;
    }
    return g.constant(Tensor.of(DType.FLOAT32, new float[n], shape));
  }

  static void register(BiConsumer<String, Supplier<Throwable>> on) {
    // ---- matmul
    on.accept("B500", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      g.ops().matmul(g.constant(Tensor.of(DType.INT8, new byte[4], 2, 2)), g.constant(Tensor.of(DType.INT8, new byte[4], 2, 2)));
    }));
    on.accept("B501", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      g.ops().matmul(floats(g, 2, 3), floats(g, 3));
    }));
    on.accept("B502", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      g.ops().matmul(floats(g, 2, 3), floats(g, 2, 3));
    }));
    on.accept("B503", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      g.ops().matmul(floats(g, 2, 2, 3), floats(g, 3, 3, 4));
    }));
    on.accept("B504", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      g.ops().matmul(floats(g, 2, 2), floats(g, 2, 2), true, false, true, false);
    }));
    on.accept("B506", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      g.ops().matmul(floats(g, 2, 2, 2), g.ops().ragged.constant(new float[][][] {{{1f, 2f}}, {{3f, 4f}}}, null, 1));
    }));
    on.accept("B505", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      g.ops().matmul(g.ops().ragged.constant(new float[][] {{1f}}), floats(g, 1, 1, 1));
    }));
    on.accept("R500", () -> {
      GraphBuilder g = new GraphBuilder();
      Value p = ph(g, "p", DType.FLOAT32, -1, 2);
      return run(g, Map.of("p", Tensor.of(DType.FLOAT32, new float[4], 2, 2)), g.ops().matmul(floats(g, 2, 3), p));
    });
    on.accept("R501", () -> {
      GraphBuilder g = new GraphBuilder();
      Value p = ph(g, "p", DType.FLOAT32, -1, 3, 2);
      return run(g, Map.of("p", Tensor.of(DType.FLOAT32, new float[18], 3, 3, 2)), g.ops().matmul(floats(g, 2, 2, 3), p));
    });
    on.accept("R502", () -> {
      GraphBuilder g = new GraphBuilder();
      Value rt = g.ops().ragged.constant(new float[][] {{1f, 2f}, {3f}});
      return run(g, Map.of(), g.ops().matmul(rt, floats(g, 2, 1)));
    });
    on.accept("T500", () -> parse("""
        %a = constant() {value = tensor<float32>[1, 1] [[1.0]]} : tensor<float32>[1, 1]
        %b = constant() {value = tensor<float32>[2] [1.0, 2.0]} : tensor<float32>[2]
        %0 = fused_matmul(%a, %a, %b) : tensor<float32>[1, 1]
        """));
    on.accept("T501", () -> parse("""
        %a = constant() {value = tensor<float32>[1, 1] [[1.0]]} : tensor<float32>[1, 1]
        %b = constant() {value = tensor<float32>[1] [1.0]} : tensor<float32>[1]
        %0 = fused_matmul(%a, %a, %b) {activation = "swish"} : tensor<float32>[1, 1]
        """));
    on.accept("T502", () -> parse("""
        %a = constant() {value = tensor<int32>[1, 1] [[1]]} : tensor<int32>[1, 1]
        %b = constant() {value = tensor<int32>[1] [1]} : tensor<int32>[1]
        %0 = fused_matmul(%a, %a, %b) {activation = "elu"} : tensor<int32>[1, 1]
        """));
    // ---- shapes
    on.accept("B510", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      g.ops().reshape(floats(g, 3, 3), 2, 4);
    }));
    on.accept("B511", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      g.ops().reshape(floats(g, 3, 3), -1, -1);
    }));
    on.accept("B512", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      g.ops().reshape(floats(g, 3, 3), ph(g, "s", DType.INT32, -1));
    }));
    on.accept("R510", () -> {
      GraphBuilder g = new GraphBuilder();
      Value m = ph(g, "m", DType.FLOAT32, -1, -1);
      return run(g, Map.of("m", Tensor.of(DType.FLOAT32, new float[4], 2, 2)), g.ops().reshape(floats(g, 3, 3), g.ops().shape(m)));
    });
    on.accept("R511", () -> {
      GraphBuilder g = new GraphBuilder();
      Value s = ph(g, "s", DType.INT64, 2);
      return run(g, Map.of("s", Tensor.ofLongs(2, -1)), g.ops().reshape(floats(g, 7), s));
    });
    on.accept("R512", () -> {
      GraphBuilder g = new GraphBuilder();
      Value s = ph(g, "s", DType.INT64, 2);
      return run(g, Map.of("s", Tensor.ofLongs(-2, 3)), g.ops().reshape(floats(g, 6), s));
    });
    on.accept("B514", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      g.ops().squeeze(floats(g, 1, 2), 1);
    }));
    on.accept("B515", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      g.ops().squeeze(ph(g, "x", DType.FLOAT32, -1, 1));
    }));
    on.accept("B516", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      g.ops().squeeze(g.ops().ragged.constant(new float[][] {{1f}}), 1);
    }));
    on.accept("R513", () -> {
      GraphBuilder g = new GraphBuilder();
      Value x = ph(g, "x", DType.FLOAT32, -1, 2);
      return run(g, Map.of("x", Tensor.of(DType.FLOAT32, new float[4], 2, 2)), g.ops().squeeze(x, 0));
    });
    on.accept("B517", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      g.ops().transpose(floats(g, 2, 3), 0);
    }));
    on.accept("B518", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      g.ops().transpose(floats(g, 2, 3), 1, 1);
    }));
    on.accept("B519", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      g.ops().split(floats(g, 2, 3), 2, 1);
    }));
    on.accept("B520", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      g.ops().split(ph(g, "x", DType.FLOAT32, 2, -1), 3, 1);
    }));
    on.accept("B521", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      g.ops().split(floats(g, 2, 3), new long[] {1, 1}, 1);
    }));
    on.accept("R514", () -> {
      GraphBuilder g = new GraphBuilder();
      Value x = ph(g, "x", DType.FLOAT32, 2, -1);
      return run(g, Map.of("x", Tensor.of(DType.FLOAT32, new float[6], 2, 3)), g.ops().split(x, new long[] {1, 1}, 1).get(0));
    });
    on.accept("B522", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      g.ops().unstack(ph(g, "x", DType.FLOAT32, -1, 2));
    }));
    on.accept("B523", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      g.ops().broadcastTo(floats(g, 3), 2, 2);
    }));
    on.accept("R515", () -> {
      GraphBuilder g = new GraphBuilder();
      Value s = ph(g, "s", DType.INT64, 2);
      return run(g, Map.of("s", Tensor.ofLongs(2, 2)), g.ops().broadcastTo(floats(g, 3), s));
    });
    on.accept("B524", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      g.ops().fill(g.constant(Tensor.ofInts(2)), floats(g, 2));
    }));
    on.accept("R516", () -> {
      GraphBuilder g = new GraphBuilder();
      Value s = ph(g, "s", DType.INT64, 2);
      return run(g, Map.of("s", Tensor.ofLongs(2, -1)), g.ops().fill(s, 1));
    });
    on.accept("B525", () -> build(() -> new GraphBuilder().ops().range(3, 1, 1)));
    on.accept("B526", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      g.ops().range(g.constant(Tensor.ofUint8(1).reshape()), g.constant(Tensor.ofUint8(2).reshape()), g.constant(Tensor.ofUint8(1).reshape()));
    }));
    on.accept("B527", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      g.dynamicRaggedShapeFromTensor(floats(g, 2));
    }));
    on.accept("B528", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Value rt = g.ops().ragged.constant(new int[][] {{1}, {2, 3}});
      g.ops().broadcastTo(rt, g.dynamicRaggedShapeFromTensor(rt));
    }));
    on.accept("B529", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Value rt = g.ops().ragged.constant(new float[][] {{1f}, {2f, 3f}});
      g.ops().broadcastTo(floats(g, 1, 1, 1), g.dynamicRaggedShapeFromTensor(rt));
    }));
    on.accept("R517", () -> {
      GraphBuilder g = new GraphBuilder();
      Value n = ph(g, "n", DType.INT64);
      return run(g, Map.of("n", Tensor.scalar(DType.INT64, 0L)), g.ops().range(n, n, n));
    });
    on.accept("R518", () -> {
      GraphBuilder g = new GraphBuilder();
      Value n = ph(g, "n", DType.INT64);
      return run(g, Map.of("n", Tensor.scalar(DType.INT64, -1L)), g.ops().range(g.constant(Tensor.scalar(DType.INT64, 0L)),
          g.constant(Tensor.scalar(DType.INT64, 5L)), n));
    });
    // ---- ranking and encodings
    on.accept("B530", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      g.ops().math.argmax(floats(g, 2, 2), 2);
    }));
    on.accept("B531", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      g.ops().math.argmax(g.ops().ragged.constant(new int[][] {{1}}), 0);
    }));
    on.accept("B532", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      g.ops().math.argmax(g.constant(Tensor.ofBools(true, false)));
    }));
    on.accept("R530", () -> {
      GraphBuilder g = new GraphBuilder();
      Value x = ph(g, "x", DType.FLOAT32, -1, 2);
      return run(g, Map.of("x", Tensor.of(DType.FLOAT32, new float[0], 0, 2)), g.ops().math.argmax(x, 0));
    });
    on.accept("B533", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      g.ops().math.topK(floats(g, 2, 3), 4);
    }));
    on.accept("B534", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      g.ops().math.topK(floats(g, 3), -1);
    }));
    on.accept("R531", () -> {
      GraphBuilder g = new GraphBuilder();
      Value x = ph(g, "x", DType.FLOAT32, -1);
      return run(g, Map.of("x", Tensor.ofFloats(1f, 2f)), g.ops().math.topK(x, 3).values());
    });
    on.accept("B535", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      g.ops().math.topK(g.ops().ragged.constant(new float[][][] {{{1f, 2f}}}, null, 1), 1);
    }));
    on.accept("B536", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      g.ops().math.inTopK(g.constant(Tensor.ofInts(0)), floats(g, 3), 1);
    }));
    on.accept("B537", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      g.ops().math.inTopK(g.constant(Tensor.ofInts(0, 1)), floats(g, 3, 2), 1);
    }));
    on.accept("R532", () -> {
      GraphBuilder g = new GraphBuilder();
      Value t = ph(g, "t", DType.INT32, -1);
      return run(g, Map.of("t", Tensor.ofInts(0, 1)), g.ops().math.inTopK(t, floats(g, 3, 2), 1));
    });
    on.accept("B538", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      g.ops().sort(floats(g, 3), -1, "UP");
    }));
    on.accept("B539", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      g.ops().sort(ph(g, "x", DType.FLOAT32, -1));
    }));
    on.accept("B540", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      g.ops().oneHot(g.ops().ragged.constant(new int[][] {{1}}), 2, 1f, 0f, 0);
    }));
    on.accept("B541", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      g.ops().oneHot(g.constant(Tensor.ofInts(1)), -1);
    }));
    on.accept("B542", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      g.ops().oneHot(g.constant(Tensor.ofInts(1)), 2, 1, 0.5f, -1);
    }));
    on.accept("B543", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      g.ops().unique(floats(g, 2, 2));
    }));
    on.accept("B544", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      g.ops().searchsorted(floats(g, 2, 3), floats(g, 3, 3));
    }));
    on.accept("R533", () -> {
      GraphBuilder g = new GraphBuilder();
      Value v = ph(g, "v", DType.FLOAT32, -1, 2);
      return run(g, Map.of("v", Tensor.of(DType.FLOAT32, new float[6], 3, 2)), g.ops().searchsorted(floats(g, 2, 3), v));
    });
    on.accept("B545", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      g.ops().rawOps.bucketize(floats(g, 2), Tensor.ofFloats(2f, 1f));
    }));
    // ---- activations
    on.accept("B550", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      g.ops().nn.gelu(g.constant(Tensor.ofInts(1)));
    }));
    // ---- contractions
    on.accept("B560", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      g.ops().einsum("ij,j?->i", floats(g, 2, 3), floats(g, 3, 2));
    }));
    on.accept("B561", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      g.ops().einsum("ij->ij", floats(g, 2, 3), floats(g, 3, 2));
    }));
    on.accept("B562", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      g.ops().einsum("ij,j->i", floats(g, 2, 3), floats(g, 3, 2));
    }));
    on.accept("B563", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      g.ops().einsum("ii->i", floats(g, 2, 2));
    }));
    on.accept("B564", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      g.ops().einsum("ij,jk->iz", floats(g, 2, 3), floats(g, 3, 2));
    }));
    on.accept("B565", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      g.ops().einsum("ij->ji", g.ops().ragged.constant(new float[][] {{1f}}));
    }));
    on.accept("B566", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      g.ops().tensordot(floats(g, 2, 3), floats(g, 3, 2), 3);
    }));
    on.accept("B567", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      g.ops().tensordot(floats(g, 2, 3), floats(g, 3, 2), new int[] {1}, new int[] {0, 1});
    }));
    on.accept("B568", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      g.ops().tensordot(floats(g, 2, 3), floats(g, 3, 2), new int[] {0}, new int[] {0});
    }));
    on.accept("B569", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      g.ops().tensordot(floats(g, 2, 3), floats(g, 3, 2), new int[] {2}, new int[] {0});
    }));
    on.accept("B551", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      g.ops().nn.biasAdd(floats(g, 2, 2), floats(g, 2, 2));
    }));
  }
}
