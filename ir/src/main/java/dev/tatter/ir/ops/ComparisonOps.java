package dev.tatter.ir.ops;

import dev.tatter.ir.AttrKind;
import dev.tatter.ir.AttrSpec;
import dev.tatter.ir.Canonicalizer;
import dev.tatter.ir.Fusion;
import dev.tatter.ir.OpContext;
import dev.tatter.ir.OpDef;
import dev.tatter.ir.Trait;
import dev.tatter.ir.types.DenseType;
import dev.tatter.ir.types.Dims;
import dev.tatter.ir.types.Type;
import dev.tatter.ir.types.UnrankedType;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.DTypeSet;
import dev.tatter.runtime.Tensor;
import dev.tatter.runtime.kernels.elementwise.EqualityKernels;
import dev.tatter.runtime.kernels.elementwise.ScalarFunction;
import dev.tatter.runtime.kernels.scalar.ScalarFunctions;
import java.util.List;
import java.util.Map;

/**
 * Logical ops (bool only, as TF's {@code logical_and} and friends that RaggedTensor's {@code &},
 * {@code |}, {@code ^} and {@code ~} call) and comparisons (numeric operands, bool result;
 * {@code eq}/{@code ne} also on bool and string). Dense operands with NumPy broadcasting, as in
 * {@link ElementwiseOps}.
 */
public final class ComparisonOps {
  private ComparisonOps() {}

  public static final OpDef INVERT = ElementwiseOps.unary("invert", "logical not (RaggedTensor's ~), bool only; "
          + "also of tensor<bool>[*], the result of == whose rank is known only at run time")
      .dtypes(DTypeSet.BOOL)
      // ~(x == y) is as ranked as x == y: the pointwise kernel takes a tensor of any rank
      .traits(Trait.ACCEPTS_UNRANKED)
      .type(ComparisonOps::inferInvert)
      .example("""
          %x = constant() {value = tensor<bool>[2] [true, false]} : tensor<bool>[2]
          %0 = invert(%x) : tensor<bool>[2]
          return %0
          """, "[False, True]")
      .tfRawOps("LogicalNot").tfApi("tf.math.logical_not")
      .build();
  public static final OpDef AND = ElementwiseOps.binary("and", "logical and, bool only", true)
      .dtypes(DTypeSet.BOOL)
      .example("""
          %x = constant() {value = tensor<bool>[1, 2] [[true, false]]} : tensor<bool>[1, 2]
          %y = constant() {value = tensor<bool>[2, 1] [[true], [false]]} : tensor<bool>[2, 1]
          %0 = and(%x, %y) : tensor<bool>[2, 2]
          return %0
          """, "[[True, False], [False, False]]")
      .tfRawOps("LogicalAnd").tfApi("tf.math.logical_and")
      .build();
  public static final OpDef OR = ElementwiseOps.binary("or", "logical or, bool only", true)
      .dtypes(DTypeSet.BOOL)
      .example("""
          %x = constant() {value = tensor<bool>[1, 2] [[true, false]]} : tensor<bool>[1, 2]
          %y = constant() {value = tensor<bool>[2, 1] [[true], [false]]} : tensor<bool>[2, 1]
          %0 = or(%x, %y) : tensor<bool>[2, 2]
          return %0
          """, "[[True, True], [True, False]]")
      .tfRawOps("LogicalOr").tfApi("tf.math.logical_or")
      .build();
  public static final OpDef XOR = ElementwiseOps.binary("xor", "logical xor, bool only", true)
      .dtypes(DTypeSet.BOOL)
      .example("""
          %x = constant() {value = tensor<bool>[1] [true]} : tensor<bool>[1]
          %y = constant() {value = tensor<bool>[4] [false, true, true, false]} : tensor<bool>[4]
          %0 = xor(%x, %y) : tensor<bool>[4]
          return %0
          """, "[True, False, False, True]")
      .tfApi("tf.math.logical_xor")
      .tfPythonLevel("tf.math.logical_xor: LogicalAnd(LogicalOr(x, y), LogicalNot(LogicalAnd(x, y))), bool only")
      .build();

  public static final OpDef LT = ElementwiseOps.binary("lt", "x < y, bool", false)
      .dtypes(DTypeSet.REAL)
      .example("""
          %x = constant() {value = tensor<int32>[3] [5, 4, 6]} : tensor<int32>[3]
          %y = constant() {value = tensor<int32>[1] [5]} : tensor<int32>[1]
          %0 = lt(%x, %y) : tensor<bool>[3]
          return %0
          """, "[False, True, False]")
      .tfRawOps("Less").tfApi("tf.math.less")
      .build();
  public static final OpDef LE = ElementwiseOps.binary("le", "x <= y, bool", false)
      .dtypes(DTypeSet.REAL)
      .example("""
          %x = constant() {value = tensor<int32>[3] [5, 4, 6]} : tensor<int32>[3]
          %y = constant() {value = tensor<int32>[3] [5, 6, 6]} : tensor<int32>[3]
          %0 = le(%x, %y) : tensor<bool>[3]
          return %0
          """, "[True, True, True]")
      .tfRawOps("LessEqual").tfApi("tf.math.less_equal")
      .build();
  public static final OpDef GT = ElementwiseOps.binary("gt", "x > y, bool", false)
      .dtypes(DTypeSet.REAL)
      .example("""
          %x = constant() {value = tensor<int32>[3] [5, 4, 6]} : tensor<int32>[3]
          %y = constant() {value = tensor<int32>[3] [5, 2, 5]} : tensor<int32>[3]
          %0 = gt(%x, %y) : tensor<bool>[3]
          return %0
          """, "[False, True, True]")
      .tfRawOps("Greater").tfApi("tf.math.greater")
      .build();
  public static final OpDef GE = ElementwiseOps.binary("ge", "x >= y, bool", false)
      .dtypes(DTypeSet.REAL)
      .example("""
          %x = constant() {value = tensor<int32>[4] [5, 4, 6, 7]} : tensor<int32>[4]
          %y = constant() {value = tensor<int32>[4] [5, 2, 5, 10]} : tensor<int32>[4]
          %0 = ge(%x, %y) : tensor<bool>[4]
          return %0
          """, "[True, True, True, False]")
      .tfRawOps("GreaterEqual").tfApi("tf.math.greater_equal")
      .build();
  public static final OpDef EQ = equality("eq",
      "x == y, bool (TF's Equal); incompatible_shape_error = false is Python's ==: shapes that cannot broadcast give "
          + "a scalar False instead of an error, so the result's rank may be known only at run time", false)
      .example("""
          %x = constant() {value = tensor<string>[2] ["a", "b"]} : tensor<string>[2]
          %y = constant() {value = tensor<string>[2] ["a", "c"]} : tensor<string>[2]
          %0 = eq(%x, %y) : tensor<bool>[2]
          return %0
          """, "[True, False]")
      // TF's tf.constant([1, 2, 3]) == tf.constant([1, 2]): False
      .example("""
          %x = constant() {value = tensor<int32>[3] [1, 2, 3]} : tensor<int32>[3]
          %y = constant() {value = tensor<int32>[2] [1, 2]} : tensor<int32>[2]
          %0 = eq(%x, %y) {incompatible_shape_error = false} : tensor<bool>[*]
          return %0
          """, "False")
      .tfRawOps("Equal").tfApi("tf.math.equal")
      .build();
  public static final OpDef NE = equality("ne",
      "x != y, bool (TF's NotEqual); nan != nan; incompatible_shape_error = false is Python's !=: shapes that cannot "
          + "broadcast give a scalar True", true)
      .example("""
          %x = constant() {value = tensor<float64>[2] [1.0, nan]} : tensor<float64>[2]
          %y = constant() {value = tensor<float64>[2] [1.0, nan]} : tensor<float64>[2]
          %0 = ne(%x, %y) : tensor<bool>[2]
          return %0
          """, "[False, True]")
      .tfRawOps("NotEqual").tfApi("tf.math.not_equal")
      .build();

  /** A ranked operand's type; an unranked one stays unranked, once its dtype passes the ranked rule's check. */
  private static Type inferInvert(OpContext ctx) {
    if (ctx.operand(0) instanceof UnrankedType t) {
      ElementwiseOps.inferUnary(new OpContext(ctx.op(), List.of(DenseType.scalar(t.dtype())), ctx.attributes(), null));
      return t;
    }
    return ElementwiseOps.inferUnary(ctx);
  }

  /** The attribute TF's Equal and NotEqual take; true (an error on shapes that cannot broadcast) by default. */
  public static final String INCOMPATIBLE_SHAPE_ERROR = "incompatible_shape_error";

  /**
   * {@code eq}/{@code ne}: a pointwise op (it fuses as one while its result is ranked) whose kernel
   * also takes TF's {@code incompatible_shape_error}; {@code ifIncompatible} is the scalar the
   * lenient form gives when the shapes cannot broadcast.
   */
  private static OpDef.Builder equality(String name, String summary, boolean ifIncompatible) {
    ScalarFunction fn = new ScalarFunction(ScalarFunctions.OVERLOADS, name);
    return OpDef.builder(name)
        .summary(summary)
        .operands("x", "y")
        .attribute(AttrSpec.optional(INCOMPATIBLE_SHAPE_ERROR, AttrKind.BOOL, true))
        .traits(Trait.PURE, Trait.ELEMENTWISE, Trait.COMMUTATIVE)
        .fusion(new Fusion.Pointwise(fn))
        .kernel(EqualityKernels.class, "compare", fn, ifIncompatible)
        .type(ComparisonOps::inferEquality)
        .canonicalize(decidedForm(ifIncompatible));
  }

  /**
   * With {@code incompatible_shape_error} (the default) the rule of every binary elementwise op.
   * Without it {@code tensor<bool>[*]} whatever the shapes, once the dtypes pass that rule's
   * checks: the result's rank is the data's (a scalar where the shapes cannot broadcast). The
   * type never depends on how much the operand types know, so it stays put while passes sharpen
   * them; canonicalization turns a node whose operand types decide it into the plain op or the
   * constant ({@link #decidedForm}).
   */
  private static Type inferEquality(OpContext ctx) {
    if (ctx.attributes().getBool(INCOMPATIBLE_SHAPE_ERROR)) {
      return ElementwiseOps.inferBinary(ctx);
    }
    DenseType x = ctx.dense(0);
    DenseType y = ctx.dense(1);
    // the dtype checks of the ranked rule, on shapes that always broadcast
    ElementwiseOps.inferBinary(new OpContext(ctx.op(), List.of(DenseType.scalar(x.dtype()), DenseType.scalar(y.dtype())),
        ctx.attributes(), null));
    return new UnrankedType(DType.BOOL);
  }

  /**
   * Whether two static shapes broadcast: true when their sizes prove it (each pair, aligned from
   * the right, equal and known, or one of them 1), false when two known sizes differ and neither
   * is 1, null when an unknown size decides it.
   */
  public static Boolean broadcastDecided(List<Long> x, List<Long> y) {
    Boolean decided = true;
    for (int i = 1; i <= Math.min(x.size(), y.size()); i++) {
      long a = x.get(x.size() - i);
      long b = y.get(y.size() - i);
      if (a == 1 || b == 1 || (Dims.isKnown(a) && a == b)) {
        continue;
      }
      if (Dims.isKnown(a) && Dims.isKnown(b)) {
        return false;
      }
      decided = null;
    }
    return decided;
  }

  /**
   * The lenient form becomes the plain one once its operand types (after canonicalization has
   * forwarded sizes into them) prove the shapes broadcast: the same values, and a node fusion can
   * take. When they prove the shapes do not broadcast, it is the constant it would compute.
   */
  private static Canonicalizer decidedForm(boolean ifIncompatible) {
    return (node, inputs, out) -> {
      if (node.attributes().getBool(INCOMPATIBLE_SHAPE_ERROR)
          || !(inputs.get(0).type() instanceof DenseType x) || !(inputs.get(1).type() instanceof DenseType y)
          || x.dtype() != y.dtype()) {
        return null;
      }
      Boolean broadcast = broadcastDecided(x.shape(), y.shape());
      if (broadcast == null) {
        return null;
      }
      String name = node.name().orElse(null);
      if (!broadcast) {
        return out.add(CoreOps.CONSTANT, List.of(), Map.of("value", Tensor.scalar(DType.BOOL, ifIncompatible)),
            name, node.location(), null);
      }
      return out.add(node.op(), inputs, Map.of(), name, node.location(), null);
    };
  }
}
