package dev.tatter.ir.ops;

import com.google.common.collect.ImmutableList;
import dev.tatter.ir.AttrKind;
import dev.tatter.ir.AttrSpec;
import dev.tatter.ir.Canonicalizer;
import dev.tatter.ir.OpContext;
import dev.tatter.ir.OpDef;
import dev.tatter.ir.Trait;
import dev.tatter.ir.types.DenseType;
import dev.tatter.ir.types.Dims;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.Tensor;
import dev.tatter.runtime.kernels.array.RangeKernels;
import dev.tatter.runtime.kernels.array.ShapeKernels;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Dense shapes as values: {@code shape} and {@code size} (int32 or int64 tensors, folded to
 * constants where the static type knows them), {@code reshape}, {@code broadcast_to} and {@code
 * fill}, whose shape operand is such a tensor (TF's {@code Reshape}, {@code BroadcastTo}, {@code
 * Fill}: a constant one makes the result's sizes static, as TF's shape inference reads {@code
 * constant_value}; any other gives the rank only), and {@code squeeze}. The kernels are {@link
 * ShapeKernels}; {@code range} is TF's {@code Range}; {@code transpose} and {@code split} are in {@link LayoutOps}.
 * Ragged shapes are the builder's ({@code DynamicRaggedShape}: partitions and an inner shape).
 */
public final class ShapeOps {
  private ShapeOps() {}

  /** A shape operand's element types. */
  static final DType[] SHAPE_DTYPES = {DType.INT32, DType.INT64};

  public static final OpDef SHAPE =
      OpDef.builder("shape")
          .summary("the dims of a dense tensor as an out_type (int32 or int64) vector; a constant when they are static")
          .operands("input")
          .attribute(AttrSpec.optional("out_type", AttrKind.DTYPE, DType.INT32))
          .traits(Trait.PURE)
          .type(ctx -> DenseType.of(outType(ctx), ctx.dense(0).rank()))
          .canonicalize(staticValue((x, dtype) -> {
            long[] dims = x.shape().stream().mapToLong(Long::longValue).toArray();
            return dtype == DType.INT32 ? Tensor.ofInts(java.util.Arrays.stream(dims).mapToInt(d -> (int) d).toArray())
                : Tensor.ofLongs(dims);
          }))
          .kernel(ShapeKernels.class, "shape")
          // tf.shape(tf.zeros([2, 3])) -> [2, 3]
          .example("""
              %x = constant() {value = tensor<float32>[2, 3] [[0.0, 0.0, 0.0], [0.0, 0.0, 0.0]]} : tensor<float32>[2, 3]
              %0 = shape(%x) : tensor<int32>[2]
              return %0
              """, "[2, 3]")
          .tfRawOps("Shape").tfApi("tf.shape")
          .build();

  public static final OpDef SIZE =
      OpDef.builder("size")
          .summary("the element count of a dense tensor, an out_type (int32 or int64) scalar; a constant when static")
          .operands("input")
          .attribute(AttrSpec.optional("out_type", AttrKind.DTYPE, DType.INT32))
          .traits(Trait.PURE)
          .type(ctx -> {
            ctx.dense(0);
            return DenseType.scalar(outType(ctx));
          })
          .canonicalize(staticValue((x, dtype) -> dtype == DType.INT32 ? Tensor.scalar(DType.INT32, (int) x.elementCount())
              : Tensor.scalar(DType.INT64, x.elementCount())))
          .kernel(ShapeKernels.class, "size")
          .example("""
              %x = constant() {value = tensor<int32>[2, 3] [[1, 2, 3], [4, 5, 6]]} : tensor<int32>[2, 3]
              %0 = size(%x) : tensor<int32>[]
              return %0
              """, "6")
          .tfRawOps("Size").tfApi("tf.size")
          .build();

  public static final OpDef RESHAPE =
      OpDef.builder("reshape")
          .summary("the same elements in row-major order in the shape an int32/int64 vector gives, one size -1 "
              + "(inferred); TF's Reshape")
          .operands("tensor", "shape")
          .traits(Trait.PURE)
          .type(ShapeOps::reshapeType)
          .kernel(ShapeKernels.class, "reshape")
          // tf.reshape([[1, 2, 3], [4, 5, 6]], [3, -1]) -> [[1, 2], [3, 4], [5, 6]]
          .example("""
              %x = constant() {value = tensor<int32>[2, 3] [[1, 2, 3], [4, 5, 6]]} : tensor<int32>[2, 3]
              %s = constant() {value = tensor<int64>[2] [3, -1]} : tensor<int64>[2]
              %0 = reshape(%x, %s) : tensor<int32>[3, 2]
              return %0
              """, "[[1, 2], [3, 4], [5, 6]]")
          .tfRawOps("Reshape")
          .tfApi("tf.reshape")
          .build();

  public static final OpDef SQUEEZE =
      OpDef.builder("squeeze")
          .summary("the tensor without the size-1 dims axis names (non-negative, resolved by the builder), or without "
              + "every size-1 dim when axis is empty (then every size must be static); TF's Squeeze")
          .operands("input")
          .attribute(AttrSpec.optional("axis", AttrKind.INTS, ImmutableList.of()))
          .traits(Trait.PURE)
          .type(ShapeOps::squeezeType)
          .kernel(ShapeKernels.class, "squeeze")
          // tf.squeeze([[[1], [2]]]) -> [1, 2]
          .example("""
              %x = constant() {value = tensor<int32>[1, 2, 1] [[[1], [2]]]} : tensor<int32>[1, 2, 1]
              %0 = squeeze(%x) : tensor<int32>[2]
              return %0
              """, "[1, 2]")
          .tfRawOps("Squeeze").tfApi("tf.squeeze")
          .build();

  public static final OpDef BROADCAST_TO =
      OpDef.builder("broadcast_to")
          .summary("input broadcast (NumPy's rule) to the shape an int32/int64 vector gives; TF's BroadcastTo")
          .operands("input", "shape")
          .traits(Trait.PURE)
          .type(ctx -> {
            DenseType x = ctx.dense(0);
            DenseType target = shapeOperand(ctx, 1);
            if (target.rank() < x.rank()) {
              throw ctx.fail("Unable to broadcast tensor of shape %s to tensor of shape %s", x.tfShape(), target.tfShape());
            }
            List<Long> out = new ArrayList<>(target.shape());
            for (int i = 1; i <= x.rank(); i++) {
              long from = x.dim(x.rank() - i);
              int at = out.size() - i;
              long to = out.get(at);
              if (from != 1 && Dims.isKnown(from)) {
                if (Dims.isKnown(to) && to != from) {
                  throw ctx.fail("Unable to broadcast tensor of shape %s to tensor of shape %s", x.tfShape(),
                      target.tfShape());
                }
                out.set(at, from);
              }
            }
            return new DenseType(x.dtype(), out);
          })
          .kernel(ShapeKernels.class, "broadcastTo")
          // tf.broadcast_to([1, 2, 3], [2, 3]) -> [[1, 2, 3], [1, 2, 3]]
          .example("""
              %x = constant() {value = tensor<int32>[3] [1, 2, 3]} : tensor<int32>[3]
              %s = constant() {value = tensor<int32>[2] [2, 3]} : tensor<int32>[2]
              %0 = broadcast_to(%x, %s) : tensor<int32>[2, 3]
              return %0
              """, "[[1, 2, 3], [1, 2, 3]]")
          .tfRawOps("BroadcastTo").tfApi("tf.broadcast_to")
          .build();

  public static final OpDef FILL =
      OpDef.builder("fill")
          .summary("a tensor of the shape an int32/int64 vector gives, value (a scalar) everywhere; TF's Fill (tf.zeros "
              + "and tf.ones of a computed shape)")
          .operands("dims", "value")
          .traits(Trait.PURE)
          .type(ctx -> {
            DenseType value = ctx.dense(1);
            if (value.rank() != 0) {
              throw ctx.fail("value must be a scalar, got %s", value);
            }
            return new DenseType(value.dtype(), shapeOperand(ctx, 0).shape());
          })
          .kernel(ShapeKernels.class, "fill")
          // tf.fill([2, 3], 9) -> [[9, 9, 9], [9, 9, 9]]
          .example("""
              %d = constant() {value = tensor<int32>[2] [2, 3]} : tensor<int32>[2]
              %v = constant() {value = tensor<int32>[] 9} : tensor<int32>[]
              %0 = fill(%d, %v) : tensor<int32>[2, 3]
              return %0
              """, "[[9, 9, 9], [9, 9, 9]]")
          .tfRawOps("Fill").tfApi("tf.fill", "tf.zeros", "tf.ones")
          .build();

  public static final OpDef RANGE =
      OpDef.builder("range")
          .summary("start, start + delta, ... below limit (above it for a negative delta): scalars of one dtype, int32, "
              + "int64, float32 or float64; each value the previous plus delta, as TF's Range")
          .operands("start", "limit", "delta")
          .traits(Trait.PURE)
          .type(ctx -> {
            DType dtype = ctx.dense(0).dtype();
            for (int i = 0; i < 3; i++) {
              DenseType t = ctx.dense(i);
              if (t.rank() != 0 || t.dtype() != dtype) {
                throw ctx.fail("start, limit and delta must be scalars of one dtype, got %s", ctx.operandTypes());
              }
            }
            if (dtype != DType.INT32 && dtype != DType.INT64 && dtype != DType.FLOAT32 && dtype != DType.FLOAT64) {
              throw ctx.fail("range is not defined on %s (Tatter's kernel takes int32, int64, float32 and float64)", dtype);
            }
            long n = Dims.UNKNOWN;
            if (ctx.constant(0).isPresent() && ctx.constant(1).isPresent() && ctx.constant(2).isPresent()) {
              try {
                n = RangeKernels.length(ctx.constant(0).get(), ctx.constant(1).get(), ctx.constant(2).get());
                if (n < 0 || n > dev.tatter.runtime.Sizes.MAX_ELEMENTS) {
                  throw ctx.fail("range(%s, %s, %s) has more values than a tensor can hold", ctx.constant(0).get(),
                      ctx.constant(1).get(), ctx.constant(2).get());
                }
              } catch (InvalidArgumentException e) {
                throw ctx.fail("%s", e.getMessage());
              }
            }
            return DenseType.of(dtype, n);
          })
          .kernel(RangeKernels.class, "range")
          // tf.range(3, 18, 3) -> [3, 6, 9, 12, 15]
          .example("""
              %a = constant() {value = tensor<int32>[] 3} : tensor<int32>[]
              %b = constant() {value = tensor<int32>[] 18} : tensor<int32>[]
              %c = constant() {value = tensor<int32>[] 3} : tensor<int32>[]
              %0 = range(%a, %b, %c) : tensor<int32>[5]
              return %0
              """, "[3, 6, 9, 12, 15]")
          .tfRawOps("Range").tfApi("tf.range")
          .build();

  private static DType outType(OpContext ctx) {
    DType t = ctx.attributes().getDType("out_type");
    if (t != DType.INT32 && t != DType.INT64) {
      throw ctx.fail("out_type must be int32 or int64, got %s", t);
    }
    return t;
  }

  /** A rule replacing {@code op(x)} by a constant when x's static type gives the value. */
  private static Canonicalizer staticValue(java.util.function.BiFunction<DenseType, DType, Tensor> value) {
    return (node, in, out) -> {
      if (!(in.get(0).type() instanceof DenseType x) || x.shape().stream().anyMatch(d -> !Dims.isKnown(d))) {
        return null;
      }
      return out.add(CoreOps.CONSTANT, List.of(), Map.of("value", value.apply(x, node.attributes().getDType("out_type"))),
          null, node.location(), null);
    };
  }

  /**
   * A shape operand: an int32/int64 vector of static length. The result is a dense type of that
   * rank (dtype unused) whose sizes are the operand's values when it is a constant, else unknown.
   */
  static DenseType shapeOperand(OpContext ctx, int i) {
    DenseType s = ctx.dense(i, SHAPE_DTYPES);
    if (s.rank() != 1 || !Dims.isKnown(s.dim(0))) {
      throw ctx.fail("operand '%s' must be a vector of static length (the result's rank), got %s", ctx.op().operandName(i), s);
    }
    Optional<Tensor> value = ctx.constant(i);
    List<Long> dims = new ArrayList<>();
    for (int d = 0; d < s.dim(0); d++) {
      long v = value.isPresent() ? value.get().getLong(d) : Dims.UNKNOWN;
      if (value.isPresent() && v < -1) {
        throw ctx.fail("operand '%s': size %d must be non-negative, not %d", ctx.op().operandName(i), d, v);
      }
      dims.add(v);
    }
    return new DenseType(DType.INT64, dims);
  }

  private static DenseType reshapeType(OpContext ctx) {
    DenseType x = ctx.dense(0);
    DenseType target = shapeOperand(ctx, 1);
    List<Long> dims = new ArrayList<>(target.shape());
    if (ctx.constant(1).isPresent()) {
      long[] requested = dims.stream().mapToLong(Long::longValue).toArray();
      if (x.shape().stream().allMatch(Dims::isKnown)) {
        try {
          int[] resolved = ShapeKernels.resolve(x.shape().stream().mapToLong(Long::longValue).toArray(), requested);
          dims.clear();
          for (int d : resolved) {
            dims.add((long) d);
          }
        } catch (InvalidArgumentException e) {
          throw ctx.fail("%s", e.getMessage());
        }
      } else {
        if (java.util.Arrays.stream(requested).filter(d -> d == -1).count() > 1) {
          throw ctx.fail("only one input size may be -1");
        }
        dims.replaceAll(d -> d == -1 ? Dims.UNKNOWN : d);
      }
    }
    return new DenseType(x.dtype(), dims);
  }

  private static DenseType squeezeType(OpContext ctx) {
    DenseType x = ctx.dense(0);
    List<Long> axes = listOf(ctx.attributes().get("axis"));
    boolean[] drop = new boolean[x.rank()];
    if (axes.isEmpty()) {
      for (int d = 0; d < x.rank(); d++) {
        if (!Dims.isKnown(x.dim(d))) {
          throw ctx.fail("squeeze without an axis needs static sizes, but dim %d of %s is unknown (name the axes to squeeze)",
              d, x);
        }
        drop[d] = x.dim(d) == 1;
      }
    }
    for (long a : axes) {
      if (a < 0 || a >= x.rank()) {
        throw ctx.fail("Tried to squeeze dim index %d for tensor with %d dimensions (negative axes are resolved by the "
            + "builder)", a, x.rank());
      }
      long size = x.dim((int) a);
      if (Dims.isKnown(size) && size != 1) {
        throw ctx.fail("Can not squeeze dim[%d], expected a dimension of 1, got %d", a, size);
      }
      drop[(int) a] = true;
    }
    List<Long> out = new ArrayList<>();
    for (int d = 0; d < x.rank(); d++) {
      if (!drop[d]) {
        out.add(x.dim(d));
      }
    }
    return new DenseType(x.dtype(), out);
  }

  @SuppressWarnings("unchecked")
  static List<Long> listOf(Object ints) {
    return (List<Long>) ints;
  }
}
