package dev.tatter.ir.ops;

import static dev.tatter.ir.ops.ElementwiseOps.example;

import dev.tatter.ir.OpDef;
import dev.tatter.runtime.DTypeSet;
import dev.tatter.runtime.kernels.scalar.ActivationFunctions;

/**
 * TF's activation kernels as elementwise ops: {@code relu}, {@code relu6} (real dtypes), {@code
 * elu}, {@code selu} (floats) and {@code leaky_relu} (floats; its alpha, an attribute of TF's
 * kernel, is a second operand of the features' dtype, which the builder makes from the Java
 * number). The element functions are {@link ActivationFunctions}; ragged operands map over their
 * flat values, and a {@code matmul} followed by a bias and one of these fuses into {@code
 * fused_matmul} (see {@link LinalgOps}). {@code gelu}, {@code silu} and {@code l2_normalize} are
 * TF Python compositions and are built from the ops TF's Python layer calls.
 */
public final class ActivationOps {
  private ActivationOps() {}

  // tf.nn.relu([-1., -0., 2., nan]) -> [0., 0., 2., nan]
  public static final OpDef RELU = ElementwiseOps.unary("relu", ActivationFunctions.OVERLOADS, "relu",
          "max(x, 0) (TF's Relu: a NaN passes through, -0.0 gives 0.0)")
      .dtypes(DTypeSet.REAL)
      .example(example("relu", "float32", "float32", "-1.0, -0.0, 2.0, nan"), "[0.0, 0.0, 2.0, nan]")
      .tfRawOps("Relu").tfApi("tf.nn.relu")
      .build();

  // tf.nn.relu6([-3, 2, 6, 9]) -> [0, 2, 6, 6]
  public static final OpDef RELU6 = ElementwiseOps.unary("relu6", ActivationFunctions.OVERLOADS, "relu6",
          "min(max(x, 0), 6) (TF's Relu6)")
      .dtypes(DTypeSet.REAL)
      .example(example("relu6", "int32", "int32", "-3, 2, 6, 9"), "[0, 2, 6, 6]")
      .tfRawOps("Relu6").tfApi("tf.nn.relu6")
      .build();

  // tf.nn.elu([-1., 0., 2.]) -> [-0.63212055, 0., 2.]
  public static final OpDef ELU = ElementwiseOps.unary("elu", ActivationFunctions.OVERLOADS, "elu",
          "x < 0 ? exp(x) - 1 : x (TF's Elu)")
      .dtypes(DTypeSet.FLOATING)
      .example(example("elu", "float32", "float32", "-1.0, 0.0, 2.0"), "[-0.63212055, 0.0, 2.0]")
      .tfRawOps("Elu").tfApi("tf.nn.elu")
      .build();

  // tf.nn.selu([-1., 0., 2.]) -> [-1.1113307, 0., 2.101402]
  public static final OpDef SELU = ElementwiseOps.unary("selu", ActivationFunctions.OVERLOADS, "selu",
          "x < 0 ? 1.7580993 * (exp(x) - 1) : 1.050701 * x (TF's Selu)")
      .dtypes(DTypeSet.FLOATING)
      .example(example("selu", "float32", "float32", "-1.0, 0.0, 2.0"), "[-1.1113307, 0.0, 2.101402]")
      .tfRawOps("Selu").tfApi("tf.nn.selu")
      .build();

  // tf.nn.leaky_relu([-2., 0., 3.], alpha=0.5) -> [-1., 0., 3.]
  public static final OpDef LEAKY_RELU = ElementwiseOps.binary("leaky_relu", ActivationFunctions.OVERLOADS, "leakyRelu",
          "x > 0 ? x : x * alpha, alpha a second operand of x's dtype (TF's LeakyRelu, whose alpha attribute is cast to "
              + "the features' dtype)", false)
      .dtypes(DTypeSet.FLOATING)
      .example("""
          %x = constant() {value = tensor<float32>[3] [-2.0, 0.0, 3.0]} : tensor<float32>[3]
          %a = constant() {value = tensor<float32>[] 0.5} : tensor<float32>[]
          %0 = leaky_relu(%x, %a) : tensor<float32>[3]
          return %0
          """, "[-1.0, 0.0, 3.0]")
      .tfRawOps("LeakyRelu").tfApi("tf.nn.leaky_relu")
      .tfPythonLevel("tf.nn.leaky_relu casts integer features to float32, then runs LeakyRelu with alpha as an "
          + "attribute; here alpha is the second operand, of the features' dtype")
      .build();
}
