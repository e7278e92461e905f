package dev.tatter.ir.ops;

import com.google.common.collect.ImmutableList;
import dev.tatter.ir.AttrKind;
import dev.tatter.ir.AttrSpec;
import dev.tatter.ir.Fusion;
import dev.tatter.ir.OpContext;
import dev.tatter.ir.OpDef;
import dev.tatter.ir.Trait;
import dev.tatter.ir.types.DenseType;
import dev.tatter.ir.types.Dims;
import dev.tatter.ir.types.Type;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.DTypeSet;
import dev.tatter.runtime.kernels.elementwise.PointwiseKernels;
import dev.tatter.runtime.kernels.scalar.OverloadSet;
import dev.tatter.runtime.kernels.scalar.ScalarFunctions;
import java.util.List;

/**
 * Arithmetic elementwise ops on dense tensors, with NumPy broadcasting, and {@code cast}. Both
 * operands of a binary op share one dtype, which is the result's; the element-level semantics
 * (TF's, wrapping integers included) live in {@link ScalarFunctions} only. Ragged elementwise
 * ops are built from these over flat values (see the builder), so fusion sees one kind of
 * elementwise op. Logical ops and comparisons are in {@link ComparisonOps}.
 */
public final class ElementwiseOps {
  private ElementwiseOps() {}

  public static final OpDef ABS = unary("abs", "|x|; the minimum integer wraps to itself, as in TF; |a + bj| is the real hypot(a, b)")
      .dtypes(DTypeSet.FLOATING.or(DTypeSet.SIGNED).or(DTypeSet.COMPLEX))
      .example("""
          %x = constant() {value = tensor<float32>[2] [-2.25, 3.25]} : tensor<float32>[2]
          %0 = abs(%x) : tensor<float32>[2]
          return %0
          """, "[2.25, 3.25]")
      .tfRawOps("Abs", "ComplexAbs").tfApi("tf.math.abs")
      .build();
  public static final OpDef NEG = unary("neg", "-x; the minimum integer wraps to itself")
      .dtypes(DTypeSet.FLOATING.or(DTypeSet.COMPLEX).or(DTypeSet.SIGNED))
      .example("""
          %x = constant() {value = tensor<int8>[3] [-128, 5, 0]} : tensor<int8>[3]
          %0 = neg(%x) : tensor<int8>[3]
          return %0
          """, "[-128, -5, 0]")
      .tfRawOps("Neg").tfApi("tf.math.negative")
      .build();

  public static final OpDef ADD = binary("add", "x + y, broadcasting; integers wrap", true)
      .dtypes(DTypeSet.NUMERIC)
      // the seed's int8 example: 2**7 + 1 and 2**7 + 2 wrap to -127 and -126 when converted
      .example("""
          %x = constant() {value = tensor<int8>[2] [1, 2]} : tensor<int8>[2]
          %y = constant() {value = tensor<int8>[2] [-127, -126]} : tensor<int8>[2]
          %0 = add(%x, %y) : tensor<int8>[2]
          return %0
          """, "[-126, -124]")
      .example("""
          %x = constant() {value = tensor<float64>[1, 2, 1, 3] [[[[1.0, 1.0, 1.0]], [[1.0, 1.0, 1.0]]]]} : tensor<float64>[1, 2, 1, 3]
          %y = constant() {value = tensor<float64>[2, 1] [[10.0], [20.0]]} : tensor<float64>[2, 1]
          %0 = add(%x, %y) : tensor<float64>[1, 2, 2, 3]
          return %0
          """, "[[[[11.0, 11.0, 11.0], [21.0, 21.0, 21.0]], [[11.0, 11.0, 11.0], [21.0, 21.0, 21.0]]]]")
      .canonicalize(AlgebraicRules.ADD_ZERO)
      .tfRawOps("AddV2").tfApi("tf.math.add")
      .build();
  public static final OpDef SUB = binary("sub", "x - y, broadcasting; integers wrap", false)
      .dtypes(DTypeSet.NUMERIC)
      // the seed's tf.subtract(y, x) with y = 1
      .example("""
          %y = constant() {value = tensor<int32>[] 1} : tensor<int32>[]
          %x = constant() {value = tensor<int32>[5] [1, 2, 3, 4, 5]} : tensor<int32>[5]
          %0 = sub(%y, %x) : tensor<int32>[5]
          return %0
          """, "[0, -1, -2, -3, -4]")
      .tfRawOps("Sub").tfApi("tf.math.subtract")
      .build();
  public static final OpDef MUL = binary("mul", "x * y, broadcasting; integers wrap", true)
      .dtypes(DTypeSet.NUMERIC)
      .example("""
          %x = constant() {value = tensor<int32>[5] [1, 2, 3, 4, 5]} : tensor<int32>[5]
          %y = constant() {value = tensor<int32>[] 2} : tensor<int32>[]
          %0 = mul(%x, %y) : tensor<int32>[5]
          return %0
          """, "[2, 4, 6, 8, 10]")
      .canonicalize(AlgebraicRules.MUL_ONE)
      .tfRawOps("Mul").tfApi("tf.math.multiply")
      .build();
  public static final OpDef TRUEDIV = binary("truediv",
      "x / y on floats (TF's RealDiv): x/0 is inf or nan; integers are cast to float first", false)
      .dtypes(DTypeSet.FLOATING.or(DTypeSet.COMPLEX))
      .example("""
          %x = constant() {value = tensor<float32>[4] [1.0, -1.0, 0.0, 7.0]} : tensor<float32>[4]
          %y = constant() {value = tensor<float32>[4] [0.0, 0.0, 0.0, 2.0]} : tensor<float32>[4]
          %0 = truediv(%x, %y) : tensor<float32>[4]
          return %0
          """, "[inf, -inf, nan, 3.5]")
      .tfRawOps("RealDiv").tfApi("tf.math.truediv", "tf.math.divide", "tf.realdiv")
      .build();
  public static final OpDef DIV = binary("div",
      "Python 2 division: floordiv on integers, truediv on floats; integer division by zero is an error", false)
      .dtypes(DTypeSet.NUMERIC)
      .example("""
          %x = constant() {value = tensor<int32>[4] [7, -7, 7, -7]} : tensor<int32>[4]
          %y = constant() {value = tensor<int32>[4] [2, 2, -2, -2]} : tensor<int32>[4]
          %0 = div(%x, %y) : tensor<int32>[4]
          return %0
          """, "[3, -4, -4, 3]")
      .tfRawOps("FloorDiv", "RealDiv").tfApi("tf.compat.v1.div")
      .tfPythonLevel("tf.compat.v1.div (Python 2 division): FloorDiv on integers, RealDiv on floating and complex values")
      .build();
  public static final OpDef FLOORDIV = binary("floordiv",
      "floor(x / y); integer division by zero is an error, MIN // -1 wraps to MIN", false)
      .dtypes(DTypeSet.REAL)
      // the seed's floor(8.4 / 4.0) = 2.0 and floor(-8.4 / 4.0) = -3.0
      .example("""
          %x = constant() {value = tensor<float64>[2] [8.4, -8.4]} : tensor<float64>[2]
          %y = constant() {value = tensor<float64>[] 4.0} : tensor<float64>[]
          %0 = floordiv(%x, %y) : tensor<float64>[2]
          return %0
          """, "[2.0, -3.0]")
      .tfRawOps("FloorDiv").tfApi("tf.math.floordiv")
      .build();
  public static final OpDef MOD = binary("mod",
      "x - floor(x / y) * y: the result takes the divisor's sign; integer modulo zero is an error", false)
      .dtypes(DTypeSet.REAL)
      .example("""
          %x = constant() {value = tensor<int32>[4] [7, -7, 7, -7]} : tensor<int32>[4]
          %y = constant() {value = tensor<int32>[4] [3, 3, -3, -3]} : tensor<int32>[4]
          %0 = mod(%x, %y) : tensor<int32>[4]
          return %0
          """, "[1, 2, -2, -1]")
      .tfRawOps("FloorMod").tfApi("tf.math.floormod")
      .build();
  public static final OpDef POW = binary("pow",
      "x ** y; integers wrap, a negative integer exponent is an error", false)
      .dtypes(DTypeSet.FLOATING.or(DTypeSet.COMPLEX).or(DTypeSet.SIGNED))
      // the seed's tf.pow example
      .example("""
          %x = constant() {value = tensor<int32>[2, 2] [[2, 2], [3, 3]]} : tensor<int32>[2, 2]
          %y = constant() {value = tensor<int32>[2, 2] [[8, 16], [2, 3]]} : tensor<int32>[2, 2]
          %0 = pow(%x, %y) : tensor<int32>[2, 2]
          return %0
          """, "[[256, 65536], [9, 27]]")
      .tfRawOps("Pow").tfApi("tf.math.pow")
      .build();

  // not COMMUTATIVE: on floats maximum(-0.0, 0.0) is 0.0 but maximum(0.0, -0.0) is -0.0 (TF's
  // vectorized kernel keeps the second of two equal values), so CSE must not merge the two orders
  public static final OpDef MAXIMUM = binary("maximum",
      "the larger of x and y, broadcasting (TF's tf.math.maximum); a NaN in either gives NaN", false)
      .dtypes(DTypeSet.REAL)
      // tf.math.maximum(tf.constant([0., 0., 0., 0.]), tf.constant([-2., 0., 2., 5.])) -> [0., 0., 2., 5.]
      .example("""
          %x = constant() {value = tensor<float32>[4] [0.0, 0.0, 0.0, 0.0]} : tensor<float32>[4]
          %y = constant() {value = tensor<float32>[4] [-2.0, 0.0, 2.0, 5.0]} : tensor<float32>[4]
          %0 = maximum(%x, %y) : tensor<float32>[4]
          return %0
          """, "[0.0, 0.0, 2.0, 5.0]")
      // tf.math.maximum(tf.constant([-5., 0., 0., 0.]), tf.constant([-3.])) -> [-3., 0., 0., 0.]
      .example("""
          %x = constant() {value = tensor<float32>[4] [-5.0, 0.0, 0.0, 0.0]} : tensor<float32>[4]
          %y = constant() {value = tensor<float32>[1] [-3.0]} : tensor<float32>[1]
          %0 = maximum(%x, %y) : tensor<float32>[4]
          return %0
          """, "[-3.0, 0.0, 0.0, 0.0]")
      .tfRawOps("Maximum").tfApi("tf.math.maximum")
      .build();
  public static final OpDef MINIMUM = binary("minimum",
      "the smaller of x and y, broadcasting (TF's tf.math.minimum); a NaN in either gives NaN", false)
      .dtypes(DTypeSet.REAL)
      // tf.math.minimum(tf.constant([0., 0., 0., 0.]), tf.constant([-5., -2., 0., 3.])) -> [-5., -2., 0., 0.]
      .example("""
          %x = constant() {value = tensor<float32>[4] [0.0, 0.0, 0.0, 0.0]} : tensor<float32>[4]
          %y = constant() {value = tensor<float32>[4] [-5.0, -2.0, 0.0, 3.0]} : tensor<float32>[4]
          %0 = minimum(%x, %y) : tensor<float32>[4]
          return %0
          """, "[-5.0, -2.0, 0.0, 0.0]")
      // tf.math.minimum(tf.constant([-5, 0, 0, 0], tf.int64), tf.constant([-3], tf.int64)) -> [-5, -3, -3, -3]
      .example("""
          %x = constant() {value = tensor<int64>[4] [-5, 0, 0, 0]} : tensor<int64>[4]
          %y = constant() {value = tensor<int64>[1] [-3]} : tensor<int64>[1]
          %0 = minimum(%x, %y) : tensor<int64>[4]
          return %0
          """, "[-5, -3, -3, -3]")
      .tfRawOps("Minimum").tfApi("tf.math.minimum")
      .build();

  public static final OpDef CAST =
      OpDef.builder("cast")
          .summary("each element converted to dtype (integers wrap, floats truncate toward zero, bool is x != 0)")
          .operands("x")
          .attribute(AttrSpec.required("dtype", AttrKind.DTYPE))
          .traits(Trait.PURE, Trait.ELEMENTWISE)
          .type(ElementwiseOps::inferCast)
          .kernel(PointwiseKernels.class, "cast")
          .fusion(new Fusion.Cast())
          .example("""
              %x = constant() {value = tensor<int32>[3] [300, -2, 0]} : tensor<int32>[3]
              %0 = cast(%x) {dtype = int8} : tensor<int8>[3]
              return %0
              """, "[44, -2, 0]")
          .example("""
              %x = constant() {value = tensor<int16>[2] [1, -3]} : tensor<int16>[2]
              %0 = cast(%x) {dtype = float32} : tensor<float32>[2]
              return %0
              """, "[1.0, -3.0]")
          .tfRawOps("Cast").tfApi("tf.cast")
          .build();

  /** The text of a one-op example on 1-D constants: {@code op(%x)} or {@code op(%x, %y)} of {@code dtype}. */
  static String example(String op, String dtype, String resultDType, String... operands) {
    int n = operands[0].isBlank() ? 0 : operands[0].split(",").length;
    StringBuilder ir = new StringBuilder();
    String[] names = {"%x", "%y"};
    for (int i = 0; i < operands.length; i++) {
      ir.append(String.format("%s = constant() {value = tensor<%s>[%d] [%s]} : tensor<%s>[%d]%n",
          names[i], dtype, n, operands[i], dtype, n));
    }
    ir.append(String.format("%%0 = %s(%s) : tensor<%s>[%d]%nreturn %%0%n", op,
        String.join(", ", java.util.Arrays.copyOf(names, operands.length)), resultDType, n));
    return ir.toString();
  }

  /** The dtype {@code truediv} divides integers of {@code dtype} in (TF's table: as NumPy does). */
  public static DType truedivDType(DType dtype) {
    return dtype.isInteger() ? dtype.trueDivDType() : dtype;
  }

  /** A unary elementwise op: its scalar function {@code ScalarFunctions.<name>} is all it needs. */
  static OpDef.Builder unary(String name, String summary) {
    return unary(name, ScalarFunctions.OVERLOADS, name, summary);
  }

  /** A unary elementwise op defined by {@code owner.function}. */
  static OpDef.Builder unary(String name, Class<?> owner, String function, String summary) {
    return unary(name, OverloadSet.of(owner), function, summary);
  }

  /** A unary elementwise op defined by {@code function} in a family's overload set. */
  static OpDef.Builder unary(String name, OverloadSet owner, String function, String summary) {
    return OpDef.builder(name)
        .summary(summary)
        .operands("x")
        .pointwise(owner, function)
        .type(ElementwiseOps::inferUnary);
  }

  /** A binary elementwise op with broadcasting, defined by {@code ScalarFunctions.<name>}. */
  static OpDef.Builder binary(String name, String summary, boolean commutative) {
    return binary(name, ScalarFunctions.OVERLOADS, name, summary, commutative);
  }

  /** A binary elementwise op with broadcasting, defined by {@code owner.function}. */
  static OpDef.Builder binary(String name, Class<?> owner, String function, String summary, boolean commutative) {
    return binary(name, OverloadSet.of(owner), function, summary, commutative);
  }

  /** A binary elementwise op with broadcasting, defined by {@code function} in a family's overload set. */
  static OpDef.Builder binary(String name, OverloadSet owner, String function, String summary, boolean commutative) {
    OpDef.Builder b = OpDef.builder(name)
        .summary(summary)
        .operands("x", "y")
        .pointwise(owner, function)
        .type(ElementwiseOps::inferBinary);
    return commutative ? b.traits(Trait.COMMUTATIVE) : b;
  }

  private static String hint(OpDef op, int arity) {
    if (op.scalarFunction().accepts(DType.BOOL, arity) && op.dtypes().contains(DType.BOOL)) {
      return " (logical ops take bool only)";
    }
    return op.dtypes() == DTypeSet.ANY ? "" : " (TF's kernel takes " + op.dtypes() + ")";
  }

  /** The operand's type, if the op accepts its dtype (declared set and scalar overload). */
  static Type inferUnary(OpContext ctx) {
    DenseType x = ctx.dense(0);
    OpDef op = ctx.op();
    if (!op.accepts(x.dtype())) {
      throw ctx.fail("%s is not defined on %s%s", op.mnemonic(), x.dtype(), hint(op, 1));
    }
    return new DenseType(op.scalarFunction().resultDType(x.dtype(), 1).orElseThrow(), x.shape());
  }

  /** Operands of one dtype the op accepts; the result broadcasts their shapes. */
  static Type inferBinary(OpContext ctx) {
    DenseType x = ctx.dense(0);
    DenseType y = ctx.dense(1);
    if (x.dtype() != y.dtype()) {
      throw ctx.fail("operands must have one dtype, got %s and %s", x.dtype(), y.dtype());
    }
    DType dtype = x.dtype();
    OpDef op = ctx.op();
    if (!op.accepts(dtype)) {
      if (dtype.isInteger() && op.accepts(dtype.trueDivDType()) && DTypeSet.INTEGER.members().stream().noneMatch(op::accepts)) {
        // defined on floats only, as truediv: say which float the integers would divide in
        throw ctx.fail("%s is defined on floats; cast %s to %s first%s",
            op.mnemonic(), dtype, truedivDType(dtype), hint(op, 2));
      }
      throw ctx.fail("%s is not defined on %s%s", op.mnemonic(), dtype, hint(op, 2));
    }
    return new DenseType(op.scalarFunction().resultDType(dtype, 2).orElseThrow(), broadcastShape(ctx, x, y));
  }

  private static Type inferCast(OpContext ctx) {
    DenseType x = ctx.dense(0);
    DType to = ctx.attributes().getDType("dtype");
    if (PointwiseKernels.castFunction(x.dtype(), to) == null) {
      throw ctx.fail("cannot cast %s to %s", x.dtype(), to);
    }
    return new DenseType(to, x.shape());
  }

  /**
   * The NumPy broadcast of two static shapes (an unmodifiable list). Known sizes that cannot broadcast are an error
   * now; an unknown size against a known one is checked at run time.
   */
  public static List<Long> broadcastShape(OpContext ctx, DenseType x, DenseType y) {
    List<Long> shape = broadcastShapeOrNull(x.shape(), y.shape());
    if (shape == null) {
      throw ctx.fail("shapes %s and %s cannot broadcast", x.tfShape(), y.tfShape());
    }
    return shape;
  }

  /** The NumPy broadcast of two static shapes, or null if known sizes prove they cannot broadcast. */
  public static List<Long> broadcastShapeOrNull(List<Long> x, List<Long> y) {
    int rank = Math.max(x.size(), y.size());
    ImmutableList.Builder<Long> out = ImmutableList.builder();
    for (int i = 0; i < rank; i++) {
      long a = i < rank - x.size() ? 1 : x.get(i - (rank - x.size()));
      long b = i < rank - y.size() ? 1 : y.get(i - (rank - y.size()));
      if (a == 1) {
        out.add(b);
      } else if (b == 1) {
        out.add(a);
      } else {
        Long merged = Dims.merge(a, b);
        if (merged == null) {
          return null;
        }
        out.add(merged);
      }
    }
    return out.build();
  }
}
