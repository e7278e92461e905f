package dev.tatter.frontend;

import dev.tatter.ir.ops.ArrayOps;
import dev.tatter.ir.ops.LayoutOps;
import dev.tatter.ir.ops.ShapeOps;
import dev.tatter.ir.types.DenseType;
import dev.tatter.ir.types.Dims;
import dev.tatter.ir.types.RaggedType;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.Tensor;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * TF's shape functions as its Python layer gives them: shapes written as Java {@code long}s become
 * int64 constants (so the result's sizes are static), computed shapes are int32/int64 vectors
 * ({@code tf.shape(x)}), negative axes are resolved, {@code tf.split} by a count is equal sizes and
 * {@code tf.unstack} a {@code gather} of each index, {@code tf.zeros}/{@code ones} are a fill (a
 * constant when the shape is), and {@code tf.rank} of a static rank is a constant. A ragged tensor
 * reshapes through its flat values (TF's {@code ragged_reshape}: the row-major order of a ragged
 * tensor's elements is its flat values'), and squeezes or transposes only where its uniform inner
 * dims are concerned.
 */
@BuilderApi
final class Shapes {
  private Shapes() {}

  /** TF's {@code tf.shape(input)}: int32. */
  @TfApi("tf.shape")
  static Value shape(Value input) {
    return shape(input, DType.INT32);
  }

  /** TF's {@code tf.shape(input, out_type)} of a dense tensor (a constant when its sizes are static). */
  @TfApi("tf.shape")
  static Value shape(Value input, DType outType) {
    requireDense("shape", input, "use g.dynamicRaggedShapeFromTensor(rt) (TF's DynamicRaggedShape.from_tensor) for a ragged tensor");
    return input.builder().op(ShapeOps.SHAPE, Map.of("out_type", outType), input);
  }

  /** TF's {@code tf.size(input)}: int32; of a ragged tensor, its flat values' size. */
  @TfApi("tf.size")
  static Value size(Value input) {
    return size(input, DType.INT32);
  }

  /** TF's {@code tf.size(input, out_type)}; of a ragged tensor, its flat values' size (TF's ragged size). */
  @TfApi("tf.size")
  static Value size(Value input, DType outType) {
    Value x = input.type() instanceof RaggedType ? input.flatValues() : input;
    requireDense("size", x, "");
    return x.builder().op(ShapeOps.SIZE, Map.of("out_type", outType), x);
  }

  /** TF's {@code tf.rank(input)}: an int32 scalar constant (every rank is static here). */
  @TfApi("tf.rank")
  static Value rank(Value input) {
    return input.builder().constant(Tensor.scalar(DType.INT32, rankOf(input)));
  }

  /** TF's {@code tf.reshape(tensor, shape)} with a shape given as numbers (one may be -1). */
  @TfApi("tf.reshape")
  static Value reshape(Value tensor, long... shape) {
    return reshape(tensor, tensor.builder().constant(Tensor.ofLongs(shape)));
  }

  /**
   * TF's {@code tf.reshape(tensor, shape)} with a computed shape (an int32 or int64 vector); a
   * ragged tensor reshapes its flat values, giving a dense result, as TF's ragged dispatch does.
   */
  @TfApi("tf.reshape")
  static Value reshape(Value tensor, Value shape) {
    Value x = tensor.type() instanceof RaggedType ? tensor.flatValues() : tensor;
    requireDense("reshape", x, "");
    return x.builder().op(ShapeOps.RESHAPE, Map.of(), x, shape);
  }

  /** TF's {@code tf.squeeze(input)}: every dim of size 1 removed. */
  @TfApi("tf.squeeze")
  static Value squeeze(Value input) {
    return squeezeAxes(input, new int[0]);
  }

  /** TF's {@code tf.squeeze(input, axis)}: the named dims (each of size 1) removed; negative axes count from the end. */
  @TfApi("tf.squeeze")
  static Value squeeze(Value input, int... axis) {
    if (axis.length == 0) {
      throw GraphBuilder.misuse("squeeze: axis may not be empty (call squeeze(input) to remove every dim of size 1)", input);
    }
    return squeezeAxes(input, axis);
  }

  private static Value squeezeAxes(Value input, int[] axis) {
    int rank = rankOf(input);
    long[] resolved = new long[axis.length];
    for (int i = 0; i < axis.length; i++) {
      int a = axis[i] < 0 ? axis[i] + rank : axis[i];
      if (a < 0 || a >= rank) {
        throw GraphBuilder.misuse("squeeze: axis " + axis[i] + " is out of range for rank " + rank, input);
      }
      resolved[i] = a;
    }
    Arrays.sort(resolved);
    if (input.type() instanceof RaggedType rt) {
      // TF squeezes a ragged tensor's uniform inner dims only (its ragged_squeeze refuses ragged axes)
      int raggedRank = rt.raggedRank();
      if (resolved.length == 0 || resolved[0] <= raggedRank) {
        throw GraphBuilder.misuse("squeeze of a ragged tensor of ragged_rank " + raggedRank + " needs axes past "
            + raggedRank + " (its uniform inner dims); got " + Arrays.toString(axis), input);
      }
      long[] inner = Arrays.stream(resolved).map(a -> a - raggedRank).toArray();
      GraphBuilder.Decomposed d = input.builder().decompose(input);
      return input.builder().rebuild(
          input.builder().op(ShapeOps.SQUEEZE, Map.of("axis", inner), d.flatValues()), d.partitions());
    }
    return input.builder().op(ShapeOps.SQUEEZE, Map.of("axis", resolved), input);
  }

  /** TF's {@code tf.transpose(a)}: the dims reversed. */
  @TfApi({"tf.transpose", "tf.linalg.matrix_transpose"})
  static Value transpose(Value a) {
    int rank = rankOf(a);
    int[] perm = new int[rank];
    for (int i = 0; i < rank; i++) {
      perm[i] = rank - 1 - i;
    }
    return transpose(a, perm);
  }

  /** TF's {@code tf.transpose(a, perm)}: dim d of the result is dim perm[d] of a (negative perms count from the end). */
  @TfApi("tf.transpose")
  static Value transpose(Value a, int... perm) {
    requireDense("transpose", a, "");
    int rank = rankOf(a);
    long[] p = new long[perm.length];
    for (int i = 0; i < perm.length; i++) {
      p[i] = perm[i] < 0 ? perm[i] + rank : perm[i];
    }
    return a.builder().op(LayoutOps.TRANSPOSE, Map.of("perm", p), a);
  }

  /** TF's {@code tf.split(value, num_or_size_splits, axis)} with a count: that many equal pieces. */
  @TfApi("tf.split")
  static List<Value> split(Value value, int numSplits, int axis) {
    requireDense("split", value, "");
    int a = resolveAxis(value, axis, "split");
    long dim = ((DenseType) value.type()).dim(a);
    if (numSplits <= 0) {
      throw GraphBuilder.misuse("split: num_split must be positive, got " + numSplits, value);
    }
    if (!Dims.isKnown(dim)) {
      throw GraphBuilder.misuse("split into " + numSplits + " pieces needs the size of axis " + axis
          + " when the graph is built (give size_splits with one -1 instead)", value);
    }
    if (dim % numSplits != 0) {
      throw GraphBuilder.misuse("Dimension size must be evenly divisible by " + numSplits + " but is " + dim
          + " for 'split' (axis " + axis + ")", value);
    }
    long[] sizes = new long[numSplits];
    Arrays.fill(sizes, dim / numSplits);
    return split(value, sizes, axis);
  }

  /** TF's {@code tf.split(value, size_splits, axis)}: pieces of the given sizes (one may be -1, the rest). */
  @TfApi("tf.split")
  static List<Value> split(Value value, long[] sizeSplits, int axis) {
    requireDense("split", value, "");
    int a = resolveAxis(value, axis, "split");
    List<Value> pieces = new ArrayList<>();
    for (int i = 0; i < sizeSplits.length; i++) {
      pieces.add(value.builder().op(LayoutOps.SPLIT, Map.of("size_splits", sizeSplits, "axis", (long) a, "index", (long) i),
          value));
    }
    return pieces;
  }

  /** TF's {@code tf.unstack(value)} along axis 0. */
  @TfApi("tf.unstack")
  static List<Value> unstack(Value value) {
    return unstack(value, 0);
  }

  /** TF's {@code tf.unstack(value, axis)}: each index of the axis (whose size must be static) gathered alone. */
  @TfApi("tf.unstack")
  static List<Value> unstack(Value value, int axis) {
    requireDense("unstack", value, "");
    int a = resolveAxis(value, axis, "unstack");
    long dim = ((DenseType) value.type()).dim(a);
    if (!Dims.isKnown(dim)) {
      throw GraphBuilder.misuse("Cannot infer argument `num` from shape " + value.shape(), value);
    }
    List<Value> out = new ArrayList<>();
    for (long i = 0; i < dim; i++) {
      out.add(value.builder().op(ArrayOps.GATHER, Map.of("axis", (long) a, "batch_dims", 0L), value,
          value.builder().constant(Tensor.scalar(DType.INT64, i))));
    }
    return out;
  }

  /** TF's {@code tf.broadcast_to(input, shape)} with the shape given as numbers. */
  @TfApi("tf.broadcast_to")
  static Value broadcastTo(Value input, long... shape) {
    return broadcastTo(input, input.builder().constant(Tensor.ofLongs(shape)));
  }

  /** TF's {@code tf.broadcast_to(input, shape)} with a computed shape. */
  @TfApi("tf.broadcast_to")
  static Value broadcastTo(Value input, Value shape) {
    requireDense("broadcast_to", input, "broadcast a ragged tensor to a DynamicRaggedShape");
    return input.builder().op(ShapeOps.BROADCAST_TO, Map.of(), input, shape);
  }

  /** TF's {@code tf.fill(dims, value)}: a Java value becomes a scalar of its natural dtype (int32, float32, ...). */
  @TfApi("tf.fill")
  static Value fill(Value dims, Object value) {
    Value v = value instanceof Value given ? given : dims.builder().constant(Tensor.fromNested(value));
    return dims.builder().op(ShapeOps.FILL, Map.of(), dims, v);
  }

  /** TF's {@code tf.zeros(shape, dtype)} with a shape given as numbers: a constant. */
  @TfApi("tf.zeros")
  static Value zeros(GraphBuilder g, long[] shape, DType dtype) {
    return g.constant(filled(shape, dtype, 0));
  }

  /** TF's {@code tf.zeros(shape, dtype)} of a computed shape. */
  @TfApi("tf.zeros")
  static Value zeros(Value shape, DType dtype) {
    return shape.builder().op(ShapeOps.FILL, Map.of(), shape, shape.builder().constant(filled(new long[0], dtype, 0)));
  }

  /** TF's {@code tf.ones(shape, dtype)} with a shape given as numbers: a constant. */
  @TfApi("tf.ones")
  static Value ones(GraphBuilder g, long[] shape, DType dtype) {
    return g.constant(filled(shape, dtype, 1));
  }

  /** TF's {@code tf.ones(shape, dtype)} of a computed shape. */
  @TfApi("tf.ones")
  static Value ones(Value shape, DType dtype) {
    return shape.builder().op(ShapeOps.FILL, Map.of(), shape, shape.builder().constant(filled(new long[0], dtype, 1)));
  }

  /** TF's {@code tf.ones(shape, dtype)} of a {@code DynamicRaggedShape}: a ragged tensor of ones. */
  @TfApi("tf.ones")
  static Value ones(DynamicRaggedShape shape, DType dtype) {
    return shape.filled(shape.scalar(dtype == DType.BOOL ? (Object) true : (Object) 1, dtype));
  }

  /** TF's {@code tf.zeros(shape, dtype)} of a {@code DynamicRaggedShape}: a ragged tensor of zeros. */
  @TfApi("tf.zeros")
  static Value zeros(DynamicRaggedShape shape, DType dtype) {
    return shape.filled(shape.scalar(dtype == DType.BOOL ? (Object) false : dtype == DType.STRING ? (Object) "" : (Object) 0,
        dtype));
  }

  /** TF's {@code tf.fill(dims, value)} of a {@code DynamicRaggedShape}: value (a scalar Value or Java value) everywhere. */
  @TfApi("tf.fill")
  static Value fill(DynamicRaggedShape dims, Object value) {
    return dims.filled(value instanceof Value v ? v : dims.rowPartitions().get(0).builder().constant(Tensor.fromNested(value)));
  }

  /** TF's {@code tf.reshape(tensor, shape)} to a {@code DynamicRaggedShape}: its flat values reshaped to the inner shape, under its partitions. */
  @TfApi("tf.reshape")
  static Value reshape(Value tensor, DynamicRaggedShape shape) {
    return shape.reshape(tensor);
  }

  /** TF's {@code tf.broadcast_to(input, shape)} of a dense input to a {@code DynamicRaggedShape}. */
  @TfApi("tf.broadcast_to")
  static Value broadcastTo(Value input, DynamicRaggedShape shape) {
    return shape.broadcast(input);
  }

  /** TF's {@code tf.range(limit)}: 0, 1, ... below limit, int32. */
  @TfApi("tf.range")
  static Value range(GraphBuilder g, int limit) {
    return range(g, 0, limit, 1);
  }

  /** TF's {@code tf.range(start, limit, delta)} of int32 numbers. */
  @TfApi("tf.range")
  static Value range(GraphBuilder g, int start, int limit, int delta) {
    return g.op(ShapeOps.RANGE, Map.of(), g.constant(Tensor.scalar(DType.INT32, start)),
        g.constant(Tensor.scalar(DType.INT32, limit)), g.constant(Tensor.scalar(DType.INT32, delta)));
  }

  /** TF's {@code tf.range(start, limit, delta)} of float64 numbers (TF infers float32 from Python floats; cast if needed). */
  @TfApi("tf.range")
  static Value range(GraphBuilder g, double start, double limit, double delta) {
    return g.op(ShapeOps.RANGE, Map.of(), g.constant(Tensor.scalar(DType.FLOAT32, (float) start)),
        g.constant(Tensor.scalar(DType.FLOAT32, (float) limit)), g.constant(Tensor.scalar(DType.FLOAT32, (float) delta)));
  }

  /** TF's {@code tf.range(limit)} of a computed scalar limit (from 0 by 1, in limit's dtype). */
  @TfApi("tf.range")
  static Value range(Value limit) {
    return range(limit.operand(0), limit, limit.operand(1));
  }

  /** TF's {@code tf.range(start, limit, delta)} of computed scalars of one dtype. */
  @TfApi("tf.range")
  static Value range(Value start, Value limit, Value delta) {
    return start.builder().op(ShapeOps.RANGE, Map.of(), start, limit, delta);
  }

  /** A tensor of {@code shape} holding 0 or 1 ({@code one}) of {@code dtype} everywhere: false/true for bool, "" for string zeros. */
  private static Tensor filled(long[] shape, DType dtype, int one) {
    int[] dims = dev.tatter.runtime.Sizes.toIntShape(shape);
    int count = dev.tatter.runtime.Sizes.elementCount(dims);
    Object value = switch (dtype.kind()) {
      case BOOL -> one == 1;
      case STRING -> {
        if (one == 1) {
          throw new dev.tatter.ir.GraphBuildException("ones at " + CallSite.find() + ": string tensors have no one");
        }
        yield "";
      }
      case COMPLEX -> dtype == DType.COMPLEX64 ? new dev.tatter.runtime.Complex64(one, 0) : new dev.tatter.runtime.Complex128(one, 0);
      default -> one;
    };
    Object array = dtype.layout().newArray(count);
    for (int i = 0; i < count; i++) {
      dev.tatter.runtime.Scalars.store(dtype, array, i, value);
    }
    return Tensor.wrap(dtype, dims, array);
  }

  static int rankOf(Value v) {
    if (v.type() instanceof RaggedType r) {
      return r.rank();
    }
    if (v.type() instanceof DenseType d) {
      return d.rank();
    }
    throw GraphBuilder.misuse("a dense or ragged tensor of static rank is needed", v);
  }

  static int resolveAxis(Value v, int axis, String op) {
    int rank = rankOf(v);
    int a = axis < 0 ? axis + rank : axis;
    if (a < 0 || a >= rank) {
      throw GraphBuilder.misuse(op + ": axis " + axis + " is out of range for rank " + rank
          + " (expected " + -rank + " <= axis < " + rank + ")", v);
    }
    return a;
  }

  private static void requireDense(String op, Value v, String hint) {
    if (!(v.type() instanceof DenseType)) {
      throw GraphBuilder.misuse(op + " takes a dense tensor" + (hint.isEmpty() ? "" : "; " + hint), v);
    }
  }
}
