package dev.tatter.ir.ops;

import static dev.tatter.ir.ops.ElementwiseOps.example;

import dev.tatter.ir.OpDef;
import dev.tatter.runtime.DTypeSet;
import dev.tatter.runtime.kernels.scalar.DivisionFunctions;

/**
 * TF's truncating divisions (TruncateDiv, TruncateMod, the raw Div that truncates integers) and
 * DivNoNan, beside the flooring ones in {@link ElementwiseOps}. Integer division by zero is an
 * error at run time, as in TF.
 */
public final class DivisionOps {
  private DivisionOps() {}

  // tf.truncatediv(tf.constant([7, -7, 7, -7]), tf.constant([2, 2, -2, -2])) -> [3, -3, -3, 3]
  public static final OpDef TRUNCATEDIV = ElementwiseOps.binary("truncatediv", DivisionFunctions.OVERLOADS, "truncatediv",
          "x / y rounded toward zero (TF's TruncateDiv); integer division by zero is an error", false)
      .dtypes(DTypeSet.REAL)
      .example(example("truncatediv", "int32", "int32", "7, -7, 7, -7", "2, 2, -2, -2"), "[3, -3, -3, 3]")
      // tf.truncatediv(tf.constant([7.5, -7.5]), tf.constant([2., 2.])) -> [3., -3.]
      .example(example("truncatediv", "float32", "float32", "7.5, -7.5", "2.0, 2.0"), "[3.0, -3.0]")
      .tfRawOps("TruncateDiv").tfApi("tf.truncatediv")
      .build();
  // tf.truncatemod(tf.constant([7, -7, 7, -7]), tf.constant([3, 3, -3, -3])) -> [1, -1, 1, -1]
  public static final OpDef TRUNCATEMOD = ElementwiseOps.binary("truncatemod", DivisionFunctions.OVERLOADS, "truncatemod",
          "the remainder of truncatediv, with x's sign (TF's TruncateMod, C's %/fmod); integer modulo zero is an error", false)
      .dtypes(DTypeSet.FLOATING.atLeastBits(32).or(DTypeSet.SIGNED.atLeastBits(32)))
      .example(example("truncatemod", "int32", "int32", "7, -7, 7, -7", "3, 3, -3, -3"), "[1, -1, 1, -1]")
      .tfRawOps("TruncateMod").tfApi("tf.truncatemod")
      .build();
  // tf.raw_ops.Div(x=tf.constant([7, -7]), y=tf.constant([2, 2])) -> [3, -3]
  public static final OpDef RAW_DIV = ElementwiseOps.binary("raw_div", DivisionFunctions.OVERLOADS, "rawDiv",
          "TF's raw Div op: truncating division on integers (not Python's //), x / y on floats", false)
      .dtypes(DTypeSet.NUMERIC)
      .example(example("raw_div", "int32", "int32", "7, -7", "2, 2"), "[3, -3]")
      .tfRawOps("Div").tfApi("tf.raw_ops.Div")
      .build();
  // tf.math.divide_no_nan(tf.constant([1., nan, 6.]), tf.constant([0., 0., 3.])) -> [0., 0., 2.]
  public static final OpDef DIVIDE_NO_NAN = ElementwiseOps.binary("divide_no_nan", DivisionFunctions.OVERLOADS, "divideNoNan",
          "x / y, but 0 where y is 0 (TF's DivNoNan)", false)
      .dtypes(DTypeSet.FLOATING.or(DTypeSet.COMPLEX))
      .example(example("divide_no_nan", "float32", "float32", "1.0, nan, 6.0", "0.0, 0.0, 3.0"), "[0.0, 0.0, 2.0]")
      .tfRawOps("DivNoNan").tfApi("tf.math.divide_no_nan")
      .build();
}
