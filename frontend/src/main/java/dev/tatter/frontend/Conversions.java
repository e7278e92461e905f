package dev.tatter.frontend;

import com.google.common.collect.ImmutableList;
import com.google.common.primitives.Longs;
import dev.tatter.ir.GraphBuildException;
import dev.tatter.ir.ops.RaggedConstantOps;
import dev.tatter.ir.ops.RaggedConversionOps;
import dev.tatter.ir.types.DenseType;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.RaggedLiterals;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.Scalars;
import dev.tatter.runtime.Tensor;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The builder side of TF's ragged conversions: {@code from_tensor} (lengths, nested lengths or
 * padding), {@code to_sparse}, {@code from_sparse}, {@code merge_dims}. {@link Value} exposes
 * them; nested lengths expand into one {@code from_tensor_lengths} per ragged dimension.
 */
@BuilderApi
final class Conversions {
  private Conversions() {}

  static Value fromTensor(Value tensor, Object lengths, Object padding, int raggedRank) {
    GraphBuilder b = tensor.builder();
    if (lengths != null && padding != null) {
      throw new GraphBuildException("from_tensor at " + CallSite.find()
          + ": lengths and padding are mutually exclusive (give one of them, or neither)");
    }
    if (!(tensor.type() instanceof DenseType dense)) {
      throw GraphBuilder.misuse("from_tensor needs a dense tensor", tensor);
    }
    Map<String, Object> attrs = Map.of("ragged_rank", (long) raggedRank);
    if (padding != null) {
      Value pad = padding instanceof Value v ? v
          : padding instanceof Tensor t ? b.constant(t) : b.scalar(tensor.dtype(), padding);
      return b.op(RaggedConversionOps.FROM_TENSOR_PADDING, attrs, tensor, pad);
    }
    if (lengths == null) {
      return b.op(RaggedConversionOps.FROM_TENSOR, attrs, tensor);
    }
    if (lengths instanceof List<?> nested) {
      return fromTensorNested(tensor, dense, nested, raggedRank);
    }
    return b.op(RaggedConversionOps.FROM_TENSOR_LENGTHS, attrs, tensor, lengthsValue(b, lengths));
  }

  /** Nested lengths, outermost first: each one splits the values the previous one kept. */
  private static Value fromTensorNested(Value tensor, DenseType dense, List<?> nested, int raggedRank) {
    GraphBuilder b = tensor.builder();
    if (nested.isEmpty() || (raggedRank != 1 && raggedRank != nested.size())) {
      throw new GraphBuildException("from_tensor at " + CallSite.find() + ": with nested lengths ("
          + nested.size() + " of them) ragged_rank must be their number, got " + raggedRank);
    }
    if (dense.rank() <= nested.size()) {
      throw new GraphBuildException("from_tensor at " + CallSite.find() + ": " + nested.size()
          + " nested lengths need a tensor of rank > " + nested.size() + ", got " + dense);
    }
    List<Value> partitions = new ArrayList<>();
    Value values = tensor;
    for (Object lengths : nested) {
      Value rt = b.op(RaggedConversionOps.FROM_TENSOR_LENGTHS, Map.of(), values, lengthsValue(b, lengths));
      partitions.add(rt.partition());
      values = rt.values();
    }
    return b.rebuild(values, partitions);
  }

  private static Value lengthsValue(GraphBuilder b, Object lengths) {
    if (lengths instanceof Value v) {
      return v;
    }
    if (lengths instanceof long[] l) {
      return b.constant(Tensor.ofLongs(l));
    }
    if (lengths instanceof int[] l) {
      return b.constant(Tensor.ofLongs(java.util.Arrays.stream(l).mapToLong(x -> x).toArray()));
    }
    if (lengths instanceof Tensor t) {
      return b.constant(t);
    }
    throw new GraphBuildException("from_tensor at " + CallSite.find()
        + ": lengths must be a Value, a long[] or an int[] (or a List of them for nested lengths), got "
        + lengths.getClass().getSimpleName());
  }

  static Value mergeDims(Value rt, int outerAxis, int innerAxis) {
    return rt.builder().op(RaggedConversionOps.MERGE_DIMS,
        Map.of("outer_axis", (long) outerAxis, "inner_axis", (long) innerAxis), rt);
  }

  static Value toSparse(Value rt) {
    return rt.builder().op(RaggedConversionOps.TO_SPARSE, Map.of(), rt);
  }

  static Value fromSparse(Value st, DType splits) {
    return st.builder().op(RaggedConversionOps.FROM_SPARSE, Map.of("splits", splits), st);
  }

  /**
   * TF's {@code tf.ragged.constant(pylist)}: nested Java lists or arrays, every scalar at the same
   * depth K; ragged_rank K - 1 and the dtype TF would infer (ints int32, floats float32; a
   * primitive array keeps its own). A depth of 1 gives a dense constant, as in TF.
   */
  @TfApi("tf.ragged.constant")
  static Value raggedConstant(GraphBuilder b, Object javaValue) {
    return raggedConstant(b, javaValue, null, -1);
  }

  /** TF's {@code tf.ragged.constant(pylist, dtype, ragged_rank)}: a null dtype or a ragged_rank of -1 infers it. */
  @TfApi("tf.ragged.constant")
  static Value raggedConstant(GraphBuilder b, Object javaValue, @Nullable DType dtype, int raggedRank) {
    Object nested = RaggedLiterals.toNestedList(javaValue);
    DType type = dtype != null ? dtype : RaggedLiterals.inferDType(javaValue);
    try {
      int depth = RaggedLiterals.depth(nested);
      int rr = raggedRank >= 0 ? raggedRank : depth - 1;
      if (rr == 0) {
        return b.constant(dev.tatter.ir.text.Literals.toTensor(
            dev.tatter.ir.types.DenseType.of(type, denseShape(nested, depth)), longsOf(nested)));
      }
      RaggedTensor value = RaggedLiterals.build(nested, type, rr, DType.INT64, Scalars::store);
      return b.op(RaggedConstantOps.RAGGED_CONSTANT, Map.of("value", value));
    } catch (IllegalArgumentException | dev.tatter.ir.TypeException e) {
      throw new GraphBuildException("ragged constant at " + CallSite.find() + ": " + e.getMessage());
    }
  }

  private static long[] denseShape(Object nested, int depth) {
    long[] shape = new long[depth];
    Object probe = nested;
    for (int d = 0; d < depth; d++) {
      shape[d] = ((List<?>) probe).size();
      probe = shape[d] == 0 ? List.of() : ((List<?>) probe).get(0);
    }
    return shape;
  }

  /** Java scalars as the textual IR's literals hold them (Long, Double), so Literals converts strictly. */
  private static Object longsOf(Object nested) {
    if (nested instanceof List<?> list) {
      return list.stream().map(Conversions::longsOf).toList();
    }
    if (nested instanceof Integer || nested instanceof Short || nested instanceof Byte) {
      return ((Number) nested).longValue();
    }
    if (nested instanceof Float f) {
      return f.doubleValue();
    }
    return nested;
  }

  static ImmutableList<Long> shapeList(long[] shape) {
    return ImmutableList.copyOf(Longs.asList(shape));
  }

  /** TF's default padding and fill: the dtype's zero (false, or "" for strings). */
  static Object zeroOf(DType dtype) {
    return switch (dtype.kind()) {
      case BOOL -> false;
      case STRING -> "";
      case FLOATING, COMPLEX -> 0.0;
      case INTEGER, UNSIGNED -> 0L;
    };
  }

  /** TF's {@code rt.to_tensor(default_value, shape)}: a null default pads with the dtype's zero. */
  static Value toTensor(Value rt, Object defaultValue, long[] shape) {
    GraphBuilder b = rt.builder();
    Value dv = defaultValue == null ? b.scalar(rt.dtype(), zeroOf(rt.dtype()))
        : defaultValue instanceof Value v ? v : b.scalar(rt.dtype(), defaultValue);
    return b.op(dev.tatter.ir.ops.ConversionOps.TO_TENSOR, Map.of("shape", shape), rt, dv);
  }
}
