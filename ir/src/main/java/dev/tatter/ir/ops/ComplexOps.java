package dev.tatter.ir.ops;

import static dev.tatter.ir.ops.ElementwiseOps.example;

import dev.tatter.ir.OpDef;
import dev.tatter.runtime.DTypeSet;
import dev.tatter.runtime.kernels.scalar.ComplexFunctions;

/**
 * TF's ops on the parts of complex numbers: {@code complex(real, imag)} (float32 parts make a
 * complex64, float64 parts a complex128), {@code real}, {@code imag}, {@code angle} (each giving the
 * part dtype), and {@code conj}. {@code real}, {@code imag} and {@code conj} of a real tensor are
 * the builder's business (TF returns the input, or zeros, without a kernel); these ops take
 * complex operands only. Their element functions are in {@link ComplexFunctions}.
 */
public final class ComplexOps {
  private ComplexOps() {}

  private static final String Z = "complex(re=1.5, im=-2.0), complex(re=-0.0, im=1.0), complex(re=0.0, im=-0.0)";

  /** {@code op(%x)} on a constant of three complex elements (ElementwiseOps.example counts commas). */
  static String example3(String op, String dtype, String resultDType, String elements) {
    return String.format("%%x = constant() {value = tensor<%s>[3] [%s]} : tensor<%s>[3]%n"
        + "%%0 = %s(%%x) : tensor<%s>[3]%nreturn %%0%n", dtype, elements, dtype, op, resultDType);
  }

  // tf.complex(tf.constant([2.25, 3.25]), tf.constant([4.75, 5.75])) -> [2.25+4.75j, 3.25+5.75j]
  public static final OpDef COMPLEX = ElementwiseOps.binary("complex", ComplexFunctions.class, "complex",
          "real + imag * 1j (TF's Complex): float32 parts make complex64, float64 parts complex128", false)
      .dtypes(DTypeSet.FLOATING.atLeastBits(32))
      .example(example("complex", "float32", "complex64", "2.25, 3.25, -0.0", "4.75, 5.75, -1.0"), "[(2.25+4.75j), (3.25+5.75j), (-0-1j)]")
      .tfRawOps("Complex").tfApi("tf.dtypes.complex", "tf.complex")
      .build();
  // tf.math.real(tf.constant([-2.25 + 4.75j, 3.25 + 5.75j])) -> [-2.25, 3.25]
  public static final OpDef REAL = ElementwiseOps.unary("real", ComplexFunctions.class, "real",
          "the real part of a complex number (TF's Real), float32 for complex64, float64 for complex128")
      .dtypes(DTypeSet.COMPLEX)
      .example(example3("real", "complex128", "float64", Z), "[1.5, -0.0, 0.0]")
      .tfRawOps("Real").tfApi("tf.math.real")
      .build();
  // tf.math.imag(tf.constant([-2.25 + 4.75j, 3.25 + 5.75j])) -> [4.75, 5.75]
  public static final OpDef IMAG = ElementwiseOps.unary("imag", ComplexFunctions.class, "imag",
          "the imaginary part of a complex number (TF's Imag)")
      .dtypes(DTypeSet.COMPLEX)
      .example(example3("imag", "complex64", "float32", Z), "[-2.0, 1.0, -0.0]")
      .tfRawOps("Imag").tfApi("tf.math.imag")
      .build();
  // tf.math.conj(tf.constant([-2.25 + 4.75j, 3.25 + 5.75j])) -> [-2.25-4.75j, 3.25-5.75j]
  public static final OpDef CONJ = ElementwiseOps.unary("conj", ComplexFunctions.class, "conj",
          "the complex conjugate, a - bj (TF's Conj); the sign of a zero imaginary part flips")
      .dtypes(DTypeSet.COMPLEX)
      .example(example3("conj", "complex64", "complex64", Z), "[(1.5+2j), (-0-1j), 0j]")
      .tfRawOps("Conj").tfApi("tf.math.conj")
      .build();
  // tf.math.angle(tf.constant([-2.25 + 4.75j, 3.25 + 5.75j])) -> [2.01317055, 1.05634501]
  public static final OpDef ANGLE = ElementwiseOps.unary("angle", ComplexFunctions.class, "angle",
          "the argument atan2(imag, real) of a complex number, in (-pi, pi] (TF's Angle)")
      .dtypes(DTypeSet.COMPLEX)
      .example(example3("angle", "complex128", "float64", "complex(re=-1.0, im=0.0), complex(re=-1.0, im=-0.0), complex(re=0.0, im=1.0)"),
          "[3.141592653589793, -3.141592653589793, 1.5707963267948966]")
      .tfRawOps("Angle").tfApi("tf.math.angle")
      .build();
}
