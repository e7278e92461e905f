package dev.tatter.ir.ops;

import dev.tatter.ir.AttrKind;
import dev.tatter.ir.AttrSpec;
import dev.tatter.ir.OpDef;
import dev.tatter.ir.Trait;
import dev.tatter.ir.types.DenseType;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.kernels.checks.AssertKernels;
import java.util.Set;

/**
 * TF's run-time checks as ops that return their first operand once the check holds: {@code
 * assert_compare} (every {@code tf.debugging.assert_equal/less/...}, TF's {@code Assert} of a
 * {@code reduce_all} of the comparison) and {@code check_numerics} (raw {@code CheckNumerics}).
 * The returned value is what carries the check, as TF's {@code tf.control_dependencies([assert])}
 * around an identity does: a check whose value no fetch depends on is dead code (docs/SEMANTICS.md,
 * "Run-time checks"). The checks are pure (the same operands always pass or always fail): CSE may
 * merge two equal checks, and the fold pass folds a passing check of constants but leaves a
 * failing one to fail when the graph runs.
 */
public final class DebuggingOps {
  private DebuggingOps() {}

  /** The comparisons of TF's assertions: the operator each tf.debugging.assert_* function tests. */
  public static final Set<String> COMPARISONS = Set.of("==", "!=", "<", "<=", ">", ">=");

  public static final OpDef ASSERT_COMPARE =
      OpDef.builder("assert_compare")
          .summary("x, after checking at run time that x comparison y holds at every broadcast position (TF's "
              + "tf.debugging.assert_* functions; against_zero: a unary assertion such as x > 0); else an error listing "
              + "message and the first summarize values of x (and y), as TF's Assert")
          .operands("x", "y")
          .attribute(AttrSpec.required("comparison", AttrKind.STRING))
          .attribute(AttrSpec.optional("message", AttrKind.STRING, ""))
          .attribute(AttrSpec.optional("summarize", AttrKind.INT, 3L))
          .attribute(AttrSpec.optional("against_zero", AttrKind.BOOL, false))
          .traits(Trait.PURE)
          .type(ctx -> {
            DenseType x = ctx.dense(0);
            DenseType y = ctx.dense(1);
            String comparison = (String) ctx.attributes().get("comparison");
            if (!COMPARISONS.contains(comparison)) {
              throw ctx.fail("comparison must be one of %s, got '%s'", COMPARISONS, comparison);
            }
            if (x.dtype() != y.dtype()) {
              throw ctx.fail("x and y must have one dtype, got %s and %s", x.dtype(), y.dtype());
            }
            boolean ordered = !comparison.equals("==") && !comparison.equals("!=");
            boolean real = x.dtype().isNumeric() && !x.dtype().isComplex();
            if (!real && (ordered || (x.dtype() != DType.BOOL && x.dtype() != DType.STRING && !x.dtype().isComplex()))) {
              throw ctx.fail("x %s y is not defined on %s", comparison, x.dtype());
            }
            if (x.dtype().isComplex()) {
              throw ctx.fail("assertions on %s are not supported (real numbers, bool and string only)", x.dtype());
            }
            if (Boolean.FALSE.equals(ComparisonOps.broadcastDecided(x.shape(), y.shape()))) {
              throw ctx.fail("Incompatible shapes: %s vs. %s", x.tfShape(), y.tfShape());
            }
            return x;
          })
          .kernel(AssertKernels.class, "assertCompare")
          // tf.debugging.assert_less([1, 2], [3, 3]) passes: the graph's value is x
          .example("""
              %x = constant() {value = tensor<int32>[2] [1, 2]} : tensor<int32>[2]
              %y = constant() {value = tensor<int32>[2] [3, 3]} : tensor<int32>[2]
              %0 = assert_compare(%x, %y) {comparison = "<"} : tensor<int32>[2]
              return %0
              """, "[1, 2]")
          .tfApi("tf.debugging.assert_equal", "tf.debugging.assert_none_equal", "tf.debugging.assert_less",
              "tf.debugging.assert_less_equal", "tf.debugging.assert_greater", "tf.debugging.assert_greater_equal",
              "tf.debugging.assert_positive", "tf.debugging.assert_negative", "tf.debugging.assert_non_negative",
              "tf.debugging.assert_non_positive")
          .tfPythonLevel("tf.debugging.assert_*: Assert(reduce_all(x op y), [message, 'Condition x op y did not hold "
              + "element-wise:', 'x = ', x, 'y = ', y], summarize)")
          .build();

  public static final OpDef CHECK_NUMERICS =
      OpDef.builder("check_numerics")
          .summary("tensor, after checking at run time that it holds no NaN and no infinity; else TF's error "
              + "'message : Tensor had NaN values' (or -Inf, +Inf, or a list: -Inf, +Inf, and NaN)")
          .operands("tensor")
          .attribute(AttrSpec.optional("message", AttrKind.STRING, ""))
          .traits(Trait.PURE)
          .type(ctx -> ctx.dense(0, DType.FLOAT16, DType.BFLOAT16, DType.FLOAT32, DType.FLOAT64))
          .kernel(AssertKernels.class, "checkNumerics")
          // tf.debugging.check_numerics([1.0, 2.5], "x") -> [1.0, 2.5]
          .example("""
              %x = constant() {value = tensor<float32>[2] [1.0, 2.5]} : tensor<float32>[2]
              %0 = check_numerics(%x) {message = "x"} : tensor<float32>[2]
              return %0
              """, "[1.0, 2.5]")
          .tfRawOps("CheckNumerics").tfApi("tf.debugging.check_numerics", "tf.debugging.assert_all_finite")
          .build();
}
