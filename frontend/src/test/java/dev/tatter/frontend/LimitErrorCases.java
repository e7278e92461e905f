package dev.tatter.frontend;

import static dev.tatter.frontend.ErrorTriggers.*;

import dev.tatter.runtime.DType;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.RowPartition;
import dev.tatter.runtime.SparseTensor;
import dev.tatter.runtime.Tensor;
import java.util.Map;
import java.util.function.BiConsumer;
import java.util.function.Supplier;

/** The {@code docs/ERRORS.md} cases of sizes, nesting and shapes that used to wrap, overflow or escape as raw exceptions, and of unknown-size booleans, registered by {@link ErrorCatalogTest}. */
final class LimitErrorCases {
  private LimitErrorCases() {}

  static void register(BiConsumer<String, Supplier<Throwable>> on) {
    on.accept("B28", () -> build(() -> new GraphBuilder().placeholder("rt", Types.ragged(DType.INT32, 1)).toTensor(0, 0, 4294967301L)));
    on.accept("B29", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      g.raggedFromRowSplits(g.constant(Tensor.of(DType.FLOAT32, new float[6], 3, 2)), g.constant(Tensor.ofLongs(0, 1, 3)))
          .toTensor(0f, 2, 3, 1);
    }));
    on.accept("B30", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      g.raggedFromTensor(ph(g, "t", DType.INT32, 1L << 30, 1L << 30, 4), null, null, 2);
    }));
    on.accept("B31", () -> thrown(() -> Types.ragged(DType.INT32, 101)));
    on.accept("F21", () -> thrown(() -> RaggedTensor.ofNested(Tensor.ofInts(1),
        java.util.Collections.nCopies(101, RowPartition.fromRowSplits(new long[] {0, 1}, DType.INT64, false)))));
    on.accept("R32", () -> {
      GraphBuilder g = new GraphBuilder();
      Value rt = g.placeholder("rt", Types.parse("ragged<float32>[None, (None), None]"));
      return run(g, Map.of("rt", RaggedTensor.of(Tensor.of(DType.FLOAT32, new float[6], 3, 2), splits(0, 1, 3))),
          rt.toTensor(0f, 2, 3, 1));
    });
    on.accept("R33", () -> {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      Value sp = g.placeholder("sp", dev.tatter.ir.types.SparseType.of(DType.INT32, -1, -1));
      return run(g, Map.of("sp", SparseTensor.of(new long[0][], Tensor.ofInts(), 0, 4294967301L)), tf.sparse.toDense(sp));
    });
    on.accept("T21", () -> parse("%x = placeholder() : tensor<float32>[2]\n"
        + "%0 = fused(%x) {expr = \"abs($99999999999)\"} : tensor<float32>[2]\n"));
    on.accept("T73", () -> parse("%v = placeholder() : tensor<int32>[None]\n%m = placeholder() : tensor<bool>[None]\n"
        + "%p = placeholder() : partition<int64>[None, (None)]\n"
        + "%0 = fused(%v, %m, %p) {expr = \"row_boolean_mask($0, $1, $2); row_cumsum(#0, $2)\"} : tensor<int32>[None]\n"));
    on.accept("T74", () -> parse("%v = placeholder() : tensor<int32>[None]\n%m = placeholder() : tensor<bool>[None]\n"
        + "%p = placeholder() : partition<int64>[None, (None)]\n"
        + "%0 = fused(%v, %m, %p) {expr = \"row_boolean_mask($0, $1, $2); add(#0, $0)\"} : ragged<int32>[None, (None)]\n"));
    on.accept("T75", () -> parse("%v = placeholder() : tensor<int32>[4]\n%m = placeholder() : tensor<bool>[2, 2]\n"
        + "%p = placeholder() : partition<int64>[None, (None)]\n"
        + "%0 = row_boolean_mask(%v, %m, %p) : ragged<int32>[None, (None)]\n"));
    on.accept("T76", () -> parse("%v = placeholder() : tensor<int32>[3]\n%m = placeholder() : tensor<bool>[3]\n"
        + "%p = placeholder() : partition<int64>[2, 2]\n"
        + "%0 = row_boolean_mask(%v, %m, %p) : ragged<int32>[2, (None)]\n"));
    on.accept("T90", () -> parse("%x = constant() {value = tensor<complex128>[1] [complex(re=1.0, imag=2.0)]} : tensor<complex128>[1]\n"));
    on.accept("T22", () -> parse("%x = placeholder() : partition<int64>[9223372036854775807, (None)]\n"));

  // == of dense shapes an unknown size leaves open: tensor<bool>[*], taken by invert, reduce_all and reduce_any only
    on.accept("B243", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      ph(g, "x", DType.INT32, -1).eq(ph(g, "y", DType.INT32, -1)).cast(DType.INT32);
    }));
    on.accept("B244", () -> build(() -> new GraphBuilder().placeholder("u", new dev.tatter.ir.types.UnrankedType(DType.BOOL))));
    on.accept("B245", () -> build(() -> {
      GraphBuilder g = new GraphBuilder();
      ph(g, "x", DType.INT32, -1).eq(ph(g, "y", DType.INT32, -1)).reduceAll(0);
    }));
    on.accept("T91", () -> parse("%u = placeholder() : tensor<bool>[*]\n"));
    on.accept("T92", () -> parse("""
        %x = placeholder() : tensor<int32>[None]
        %y = placeholder() : tensor<int32>[None]
        %0 = eq(%x, %y) {incompatible_shape_error = false} : tensor<bool>[*]
        %1 = boolean_mask(%x, %0) : tensor<int32>[None]
        """));
    on.accept("T93", () -> parse("%c = constant() {value = tensor<bool>[*] [true]} : tensor<bool>[1]\n"));
    on.accept("T94", () -> parse("""
        %x = placeholder() : tensor<int32>[None]
        %y = placeholder() : tensor<int32>[None]
        %0 = ne(%x, %y) {incompatible_shape_error = false} : tensor<bool>[None]
        """));
    // tf.constant(65520.0, tf.float16): "Can't convert Python sequence with a value out of range for a double-precision float."
    on.accept("T95", () -> parse("%c = constant() {value = tensor<float16>[1] [65520.0]} : tensor<float16>[1]\n"));
    on.accept("T96", () -> parse("%c = constant() {value = tensor<float64>[1] [1.7976931348623159e308]} : tensor<float64>[1]\n"));
    // tf.constant(2**63, tf.bfloat16): "Can't convert Python sequence with out-of-range integer to Tensor."
    on.accept("T97", () -> parse("%c = constant() {value = tensor<bfloat16>[1] [9223372036854775808]} : tensor<bfloat16>[1]\n"));
  }
}
