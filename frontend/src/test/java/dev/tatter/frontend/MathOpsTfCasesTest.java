package dev.tatter.frontend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.runtime.DType;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.RowPartition;
import dev.tatter.runtime.Scalars;
import dev.tatter.runtime.Tensor;
import java.lang.reflect.Method;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * The new elementwise ops on their edge values (±0, ±1, ±inf, NaN, the dtype's MIN/MAX and
 * overflowing values), against what TF 2.18's CPU kernels give for the same inputs (each case
 * names the TF call; the values were printed by TF Java 1.1.0). Each case runs through {@link
 * Harness#runEverywhere} (interpreter, optimizer, verified bytecode, text round trip), on a dense
 * operand and on the same values as a ragged tensor's flat values, which must agree bit for bit.
 *
 * <p>Integer results and float results of correctly rounded kernels must equal TF's bits. Where
 * TF's float kernel is an approximation (Eigen's vectorized rsqrt, reciprocal, sigmoid, ...), the
 * case allows the ulp distance stated for that op in docs/SEMANTICS.md; a zero must match TF's
 * sign exactly. Subnormal inputs are left to {@code SubnormalPolicyTest}; where TF flushes a
 * subnormal RESULT to zero (exp(-100) in float32), the case expects Tatter's IEEE subnormal of the
 * same sign instead, as docs/SEMANTICS.md states.
 */
class MathOpsTfCasesTest {
  /** One op on one dtype: inputs and TF's outputs, as TF prints them. */
  record Case(String method, DType dtype, int ulps, String[] x, String[] y, String[] tf) {}

  static final List<Case> CASES = List.of(
      // tf.math.sqrt([0, -0.0, 1, -1, 0.5, 2, 100, -100, Infinity, -Infinity, NaN, 3.4e38, -3.4e38]) with dtype float32 -> [0.0, -0.0, 1.0, NaN, 0.70710677, 1.4142135, 10.0, NaN, Infinity, NaN, NaN, 1.8439089E19, NaN]
      new Case("tf.math.sqrt", DType.FLOAT32, 0, new String[] {"0", "-0.0", "1", "-1", "0.5", "2", "100", "-100", "inf", "-inf", "nan", "3.4e38", "-3.4e38"}, null, new String[] {"0.0", "-0.0", "1.0", "nan", "0.70710677", "1.4142135", "10.0", "nan", "inf", "nan", "nan", "1.8439089E19", "nan"}),
      // tf.math.rsqrt([0, -0.0, 1, -1, 0.5, 2, 100, -100, Infinity, -Infinity, NaN, 3.4e38, -3.4e38]) with dtype float32 -> [Infinity, -Infinity, 0.9999999, NaN, 1.4142134, 0.7071067, 0.1, NaN, 0.0, NaN, NaN, 5.423261E-20, NaN]
      new Case("tf.math.rsqrt", DType.FLOAT32, 2, new String[] {"0", "-0.0", "1", "-1", "0.5", "2", "100", "-100", "inf", "-inf", "nan", "3.4e38", "-3.4e38"}, null, new String[] {"inf", "-inf", "0.9999999", "nan", "1.4142134", "0.7071067", "0.1", "nan", "0.0", "nan", "nan", "5.423261E-20", "nan"}),
      // tf.math.exp([0, -0.0, 1, -1, 0.5, 2, 100, -100, Infinity, -Infinity, NaN, 3.4e38, -3.4e38]) with dtype float32 -> [1.0, 1.0, 2.7182817, 0.36787945, 1.6487212, 7.389056, Infinity, 0.0, Infinity, 0.0, NaN, Infinity, 0.0]
      new Case("tf.math.exp", DType.FLOAT32, 0, new String[] {"0", "-0.0", "1", "-1", "0.5", "2", "100", "-100", "inf", "-inf", "nan", "3.4e38", "-3.4e38"}, null, new String[] {"1.0", "1.0", "2.7182817", "0.36787945", "1.6487212", "7.389056", "inf", "0.0", "inf", "0.0", "nan", "inf", "0.0"}),
      // tf.math.expm1([0, -0.0, 1, -1, 0.5, 2, 100, -100, Infinity, -Infinity, NaN, 3.4e38, -3.4e38]) with dtype float32 -> [0.0, -0.0, 1.7182817, -0.63212055, 0.6487213, 6.389056, Infinity, -1.0, Infinity, -1.0, NaN, Infinity, -1.0]
      new Case("tf.math.expm1", DType.FLOAT32, 1, new String[] {"0", "-0.0", "1", "-1", "0.5", "2", "100", "-100", "inf", "-inf", "nan", "3.4e38", "-3.4e38"}, null, new String[] {"0.0", "-0.0", "1.7182817", "-0.63212055", "0.6487213", "6.389056", "inf", "-1.0", "inf", "-1.0", "nan", "inf", "-1.0"}),
      // tf.math.log([0, -0.0, 1, -1, 0.5, 2, 100, -100, Infinity, -Infinity, NaN, 3.4e38, -3.4e38]) with dtype float32 -> [-Infinity, -Infinity, 0.0, NaN, -0.6931472, 0.6931472, 4.6051702, NaN, Infinity, NaN, NaN, 88.72201, NaN]
      new Case("tf.math.log", DType.FLOAT32, 0, new String[] {"0", "-0.0", "1", "-1", "0.5", "2", "100", "-100", "inf", "-inf", "nan", "3.4e38", "-3.4e38"}, null, new String[] {"-inf", "-inf", "0.0", "nan", "-0.6931472", "0.6931472", "4.6051702", "nan", "inf", "nan", "nan", "88.72201", "nan"}),
      // tf.math.log1p([0, -0.0, 1, -1, 0.5, 2, 100, -100, Infinity, -Infinity, NaN, 3.4e38, -3.4e38]) with dtype float32 -> [0.0, -0.0, 0.6931472, -Infinity, 0.4054651, 1.0986123, 4.6151204, NaN, Infinity, NaN, NaN, 88.72201, NaN]
      new Case("tf.math.log1p", DType.FLOAT32, 0, new String[] {"0", "-0.0", "1", "-1", "0.5", "2", "100", "-100", "inf", "-inf", "nan", "3.4e38", "-3.4e38"}, null, new String[] {"0.0", "-0.0", "0.6931472", "-inf", "0.4054651", "1.0986123", "4.6151204", "nan", "inf", "nan", "nan", "88.72201", "nan"}),
      // tf.math.sigmoid([0, -0.0, 1, -1, 0.5, 2, 100, -100, Infinity, -Infinity, NaN, 3.4e38, -3.4e38]) with dtype float32 -> [0.5, 0.5, 0.73105854, 0.2689414, 0.62245935, 0.8807971, 1.0, 0.0, 1.0, 0.0, NaN, 1.0, 0.0]
      new Case("tf.math.sigmoid", DType.FLOAT32, 1, new String[] {"0", "-0.0", "1", "-1", "0.5", "2", "100", "-100", "inf", "-inf", "nan", "3.4e38", "-3.4e38"}, null, new String[] {"0.5", "0.5", "0.73105854", "0.2689414", "0.62245935", "0.8807971", "1.0", "0.0", "1.0", "0.0", "nan", "1.0", "0.0"}),
      // tf.math.softplus([0, -0.0, 1, -1, 0.5, 2, 100, -100, Infinity, -Infinity, NaN, 3.4e38, -3.4e38]) with dtype float32 -> [0.6931472, 0.6931472, 1.3132616, 0.3132617, 0.9740769, 2.126928, 100.0, 0.0, Infinity, 0.0, NaN, 3.4E38, 0.0]
      new Case("tf.math.softplus", DType.FLOAT32, 1, new String[] {"0", "-0.0", "1", "-1", "0.5", "2", "100", "-100", "inf", "-inf", "nan", "3.4e38", "-3.4e38"}, null, new String[] {"0.6931472", "0.6931472", "1.3132616", "0.3132617", "0.9740769", "2.126928", "100.0", "0.0", "inf", "0.0", "nan", "3.4E38", "0.0"}),
      // tf.math.sin([0, -0.0, 1, -1, 0.5, 2, 100, -100, Infinity, -Infinity, NaN, 3.4e38, -3.4e38]) with dtype float32 -> [0.0, -0.0, 0.84147096, -0.84147096, 0.47942555, 0.9092974, -0.50636566, 0.50636566, NaN, NaN, NaN, -0.24408488, 0.24408488]
      new Case("tf.math.sin", DType.FLOAT32, 0, new String[] {"0", "-0.0", "1", "-1", "0.5", "2", "100", "-100", "inf", "-inf", "nan", "3.4e38", "-3.4e38"}, null, new String[] {"0.0", "-0.0", "0.84147096", "-0.84147096", "0.47942555", "0.9092974", "-0.50636566", "0.50636566", "nan", "nan", "nan", "-0.24408488", "0.24408488"}),
      // tf.math.cos([0, -0.0, 1, -1, 0.5, 2, 100, -100, Infinity, -Infinity, NaN, 3.4e38, -3.4e38]) with dtype float32 -> [1.0, 1.0, 0.5403023, 0.5403023, 0.87758255, -0.4161468, 0.8623189, 0.8623189, NaN, NaN, NaN, 0.96975386, 0.96975386]
      new Case("tf.math.cos", DType.FLOAT32, 1, new String[] {"0", "-0.0", "1", "-1", "0.5", "2", "100", "-100", "inf", "-inf", "nan", "3.4e38", "-3.4e38"}, null, new String[] {"1.0", "1.0", "0.5403023", "0.5403023", "0.87758255", "-0.4161468", "0.8623189", "0.8623189", "nan", "nan", "nan", "0.96975386", "0.96975386"}),
      // tf.math.tan([0, -0.0, 1, -1, 0.5, 2, 100, -100, Infinity, -Infinity, NaN, 3.4e38, -3.4e38]) with dtype float32 -> [0.0, -0.0, 1.5574077, -1.5574077, 0.5463025, -2.1850398, -0.58721393, 0.58721393, NaN, NaN, NaN, -0.25169775, 0.25169775]
      new Case("tf.math.tan", DType.FLOAT32, 0, new String[] {"0", "-0.0", "1", "-1", "0.5", "2", "100", "-100", "inf", "-inf", "nan", "3.4e38", "-3.4e38"}, null, new String[] {"0.0", "-0.0", "1.5574077", "-1.5574077", "0.5463025", "-2.1850398", "-0.58721393", "0.58721393", "nan", "nan", "nan", "-0.25169775", "0.25169775"}),
      // tf.math.asin([0, -0.0, 1, -1, 0.5, 2, 100, -100, Infinity, -Infinity, NaN, 3.4e38, -3.4e38]) with dtype float32 -> [0.0, -0.0, 1.5707964, -1.5707964, 0.52359873, NaN, NaN, NaN, NaN, NaN, NaN, NaN, NaN]
      new Case("tf.math.asin", DType.FLOAT32, 1, new String[] {"0", "-0.0", "1", "-1", "0.5", "2", "100", "-100", "inf", "-inf", "nan", "3.4e38", "-3.4e38"}, null, new String[] {"0.0", "-0.0", "1.5707964", "-1.5707964", "0.52359873", "nan", "nan", "nan", "nan", "nan", "nan", "nan", "nan"}),
      // tf.math.acos([0, -0.0, 1, -1, 0.5, 2, 100, -100, Infinity, -Infinity, NaN, 3.4e38, -3.4e38]) with dtype float32 -> [1.5707964, 1.5707964, 0.0, 3.1415927, 1.0471976, NaN, NaN, NaN, NaN, NaN, NaN, NaN, NaN]
      new Case("tf.math.acos", DType.FLOAT32, 0, new String[] {"0", "-0.0", "1", "-1", "0.5", "2", "100", "-100", "inf", "-inf", "nan", "3.4e38", "-3.4e38"}, null, new String[] {"1.5707964", "1.5707964", "0.0", "3.1415927", "1.0471976", "nan", "nan", "nan", "nan", "nan", "nan", "nan", "nan"}),
      // tf.math.atan([0, -0.0, 1, -1, 0.5, 2, 100, -100, Infinity, -Infinity, NaN, 3.4e38, -3.4e38]) with dtype float32 -> [0.0, -0.0, 0.7853981, -0.7853981, 0.4636476, 1.1071488, 1.5607967, -1.5607967, 1.5707964, -1.5707964, NaN, 1.5707964, -1.5707964]
      new Case("tf.math.atan", DType.FLOAT32, 1, new String[] {"0", "-0.0", "1", "-1", "0.5", "2", "100", "-100", "inf", "-inf", "nan", "3.4e38", "-3.4e38"}, null, new String[] {"0.0", "-0.0", "0.7853981", "-0.7853981", "0.4636476", "1.1071488", "1.5607967", "-1.5607967", "1.5707964", "-1.5707964", "nan", "1.5707964", "-1.5707964"}),
      // tf.math.sinh([0, -0.0, 1, -1, 0.5, 2, 100, -100, Infinity, -Infinity, NaN, 3.4e38, -3.4e38]) with dtype float32 -> [0.0, -0.0, 1.1752012, -1.1752012, 0.5210953, 3.6268604, Infinity, -Infinity, Infinity, -Infinity, NaN, Infinity, -Infinity]
      new Case("tf.math.sinh", DType.FLOAT32, 0, new String[] {"0", "-0.0", "1", "-1", "0.5", "2", "100", "-100", "inf", "-inf", "nan", "3.4e38", "-3.4e38"}, null, new String[] {"0.0", "-0.0", "1.1752012", "-1.1752012", "0.5210953", "3.6268604", "inf", "-inf", "inf", "-inf", "nan", "inf", "-inf"}),
      // tf.math.cosh([0, -0.0, 1, -1, 0.5, 2, 100, -100, Infinity, -Infinity, NaN, 3.4e38, -3.4e38]) with dtype float32 -> [1.0, 1.0, 1.5430806, 1.5430806, 1.127626, 3.7621958, Infinity, Infinity, Infinity, Infinity, NaN, Infinity, Infinity]
      new Case("tf.math.cosh", DType.FLOAT32, 1, new String[] {"0", "-0.0", "1", "-1", "0.5", "2", "100", "-100", "inf", "-inf", "nan", "3.4e38", "-3.4e38"}, null, new String[] {"1.0", "1.0", "1.5430806", "1.5430806", "1.127626", "3.7621958", "inf", "inf", "inf", "inf", "nan", "inf", "inf"}),
      // tf.math.tanh([0, -0.0, 1, -1, 0.5, 2, 100, -100, Infinity, -Infinity, NaN, 3.4e38, -3.4e38]) with dtype float32 -> [0.0, -0.0, 0.7615942, -0.7615942, 0.46211717, 0.9640276, 1.0, -1.0, 1.0, -1.0, NaN, 1.0, -1.0]
      new Case("tf.math.tanh", DType.FLOAT32, 0, new String[] {"0", "-0.0", "1", "-1", "0.5", "2", "100", "-100", "inf", "-inf", "nan", "3.4e38", "-3.4e38"}, null, new String[] {"0.0", "-0.0", "0.7615942", "-0.7615942", "0.46211717", "0.9640276", "1.0", "-1.0", "1.0", "-1.0", "nan", "1.0", "-1.0"}),
      // tf.math.asinh([0, -0.0, 1, -1, 0.5, 2, 100, -100, Infinity, -Infinity, NaN, 3.4e38, -3.4e38]) with dtype float32 -> [0.0, -0.0, 0.8813736, -0.8813736, 0.48121184, 1.4436355, 5.298342, -5.298342, Infinity, -Infinity, NaN, 89.41515, -89.41515]
      new Case("tf.math.asinh", DType.FLOAT32, 1, new String[] {"0", "-0.0", "1", "-1", "0.5", "2", "100", "-100", "inf", "-inf", "nan", "3.4e38", "-3.4e38"}, null, new String[] {"0.0", "-0.0", "0.8813736", "-0.8813736", "0.48121184", "1.4436355", "5.298342", "-5.298342", "inf", "-inf", "nan", "89.41515", "-89.41515"}),
      // tf.math.acosh([0, -0.0, 1, -1, 0.5, 2, 100, -100, Infinity, -Infinity, NaN, 3.4e38, -3.4e38]) with dtype float32 -> [NaN, NaN, 0.0, NaN, NaN, 1.316958, 5.298292, NaN, Infinity, NaN, NaN, 89.41515, NaN]
      new Case("tf.math.acosh", DType.FLOAT32, 0, new String[] {"0", "-0.0", "1", "-1", "0.5", "2", "100", "-100", "inf", "-inf", "nan", "3.4e38", "-3.4e38"}, null, new String[] {"nan", "nan", "0.0", "nan", "nan", "1.316958", "5.298292", "nan", "inf", "nan", "nan", "89.41515", "nan"}),
      // tf.math.atanh([0, -0.0, 1, -1, 0.5, 2, 100, -100, Infinity, -Infinity, NaN, 3.4e38, -3.4e38]) with dtype float32 -> [0.0, -0.0, Infinity, -Infinity, 0.54930615, NaN, NaN, NaN, NaN, NaN, NaN, NaN, NaN]
      new Case("tf.math.atanh", DType.FLOAT32, 0, new String[] {"0", "-0.0", "1", "-1", "0.5", "2", "100", "-100", "inf", "-inf", "nan", "3.4e38", "-3.4e38"}, null, new String[] {"0.0", "-0.0", "inf", "-inf", "0.54930615", "nan", "nan", "nan", "nan", "nan", "nan", "nan", "nan"}),
      // tf.math.floor([0, -0.0, 1, -1, 0.5, 2, 100, -100, Infinity, -Infinity, NaN, 3.4e38, -3.4e38]) with dtype float32 -> [0.0, -0.0, 1.0, -1.0, 0.0, 2.0, 100.0, -100.0, Infinity, -Infinity, NaN, 3.4E38, -3.4E38]
      new Case("tf.math.floor", DType.FLOAT32, 0, new String[] {"0", "-0.0", "1", "-1", "0.5", "2", "100", "-100", "inf", "-inf", "nan", "3.4e38", "-3.4e38"}, null, new String[] {"0.0", "-0.0", "1.0", "-1.0", "0.0", "2.0", "100.0", "-100.0", "inf", "-inf", "nan", "3.4E38", "-3.4E38"}),
      // tf.math.ceil([0, -0.0, 1, -1, 0.5, 2, 100, -100, Infinity, -Infinity, NaN, 3.4e38, -3.4e38]) with dtype float32 -> [0.0, -0.0, 1.0, -1.0, 1.0, 2.0, 100.0, -100.0, Infinity, -Infinity, NaN, 3.4E38, -3.4E38]
      new Case("tf.math.ceil", DType.FLOAT32, 0, new String[] {"0", "-0.0", "1", "-1", "0.5", "2", "100", "-100", "inf", "-inf", "nan", "3.4e38", "-3.4e38"}, null, new String[] {"0.0", "-0.0", "1.0", "-1.0", "1.0", "2.0", "100.0", "-100.0", "inf", "-inf", "nan", "3.4E38", "-3.4E38"}),
      // tf.math.round([0, -0.0, 1, -1, 0.5, 2, 100, -100, Infinity, -Infinity, NaN, 3.4e38, -3.4e38]) with dtype float32 -> [0.0, -0.0, 1.0, -1.0, 0.0, 2.0, 100.0, -100.0, Infinity, -Infinity, NaN, 3.4E38, -3.4E38]
      new Case("tf.math.round", DType.FLOAT32, 0, new String[] {"0", "-0.0", "1", "-1", "0.5", "2", "100", "-100", "inf", "-inf", "nan", "3.4e38", "-3.4e38"}, null, new String[] {"0.0", "-0.0", "1.0", "-1.0", "0.0", "2.0", "100.0", "-100.0", "inf", "-inf", "nan", "3.4E38", "-3.4E38"}),
      // tf.math.rint([0, -0.0, 1, -1, 0.5, 2, 100, -100, Infinity, -Infinity, NaN, 3.4e38, -3.4e38]) with dtype float32 -> [0.0, -0.0, 1.0, -1.0, 0.0, 2.0, 100.0, -100.0, Infinity, -Infinity, NaN, 3.4E38, -3.4E38]
      new Case("tf.math.rint", DType.FLOAT32, 0, new String[] {"0", "-0.0", "1", "-1", "0.5", "2", "100", "-100", "inf", "-inf", "nan", "3.4e38", "-3.4e38"}, null, new String[] {"0.0", "-0.0", "1.0", "-1.0", "0.0", "2.0", "100.0", "-100.0", "inf", "-inf", "nan", "3.4E38", "-3.4E38"}),
      // tf.math.sign([0, -0.0, 1, -1, 0.5, 2, 100, -100, Infinity, -Infinity, NaN, 3.4e38, -3.4e38]) with dtype float32 -> [0.0, 0.0, 1.0, -1.0, 1.0, 1.0, 1.0, -1.0, 1.0, -1.0, NaN, 1.0, -1.0]
      new Case("tf.math.sign", DType.FLOAT32, 0, new String[] {"0", "-0.0", "1", "-1", "0.5", "2", "100", "-100", "inf", "-inf", "nan", "3.4e38", "-3.4e38"}, null, new String[] {"0.0", "0.0", "1.0", "-1.0", "1.0", "1.0", "1.0", "-1.0", "1.0", "-1.0", "nan", "1.0", "-1.0"}),
      // tf.math.square([0, -0.0, 1, -1, 0.5, 2, 100, -100, Infinity, -Infinity, NaN, 3.4e38, -3.4e38]) with dtype float32 -> [0.0, 0.0, 1.0, 1.0, 0.25, 4.0, 10000.0, 10000.0, Infinity, Infinity, NaN, Infinity, Infinity]
      new Case("tf.math.square", DType.FLOAT32, 0, new String[] {"0", "-0.0", "1", "-1", "0.5", "2", "100", "-100", "inf", "-inf", "nan", "3.4e38", "-3.4e38"}, null, new String[] {"0.0", "0.0", "1.0", "1.0", "0.25", "4.0", "10000.0", "10000.0", "inf", "inf", "nan", "inf", "inf"}),
      // tf.math.reciprocal([0, -0.0, 1, -1, 0.5, 2, 100, -100, Infinity, -Infinity, NaN, 3.4e38, -3.4e38]) with dtype float32 -> [Infinity, -Infinity, 0.99999994, -0.99999994, 1.9999999, 0.49999997, 0.01, -0.01, 0.0, -0.0, NaN, 0.0, -0.0]
      new Case("tf.math.reciprocal", DType.FLOAT32, 1, new String[] {"0", "-0.0", "1", "-1", "0.5", "2", "100", "-100", "inf", "-inf", "nan", "3.4e38", "-3.4e38"}, null, new String[] {"inf", "-inf", "0.99999994", "-0.99999994", "1.9999999", "0.49999997", "0.01", "-0.01", "0.0", "-0.0", "nan", "0.0", "-0.0"}),
      // tf.math.is_nan([0, -0.0, 1, -1, 0.5, 2, 100, -100, Infinity, -Infinity, NaN, 3.4e38, -3.4e38]) with dtype float32 -> [false, false, false, false, false, false, false, false, false, false, true, false, false]
      new Case("tf.math.is_nan", DType.FLOAT32, 0, new String[] {"0", "-0.0", "1", "-1", "0.5", "2", "100", "-100", "inf", "-inf", "nan", "3.4e38", "-3.4e38"}, null, new String[] {"0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "1", "0", "0"}),
      // tf.math.is_inf([0, -0.0, 1, -1, 0.5, 2, 100, -100, Infinity, -Infinity, NaN, 3.4e38, -3.4e38]) with dtype float32 -> [false, false, false, false, false, false, false, false, true, true, false, false, false]
      new Case("tf.math.is_inf", DType.FLOAT32, 0, new String[] {"0", "-0.0", "1", "-1", "0.5", "2", "100", "-100", "inf", "-inf", "nan", "3.4e38", "-3.4e38"}, null, new String[] {"0", "0", "0", "0", "0", "0", "0", "0", "1", "1", "0", "0", "0"}),
      // tf.math.is_finite([0, -0.0, 1, -1, 0.5, 2, 100, -100, Infinity, -Infinity, NaN, 3.4e38, -3.4e38]) with dtype float32 -> [true, true, true, true, true, true, true, true, false, false, false, true, true]
      new Case("tf.math.is_finite", DType.FLOAT32, 0, new String[] {"0", "-0.0", "1", "-1", "0.5", "2", "100", "-100", "inf", "-inf", "nan", "3.4e38", "-3.4e38"}, null, new String[] {"1", "1", "1", "1", "1", "1", "1", "1", "0", "0", "0", "1", "1"}),
      // tf.zeros_like([0, -0.0, 1, -1, 0.5, 2, 100, -100, Infinity, -Infinity, NaN, 3.4e38, -3.4e38]) with dtype float32 -> [0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0]
      new Case("tf.zeros_like", DType.FLOAT32, 0, new String[] {"0", "-0.0", "1", "-1", "0.5", "2", "100", "-100", "inf", "-inf", "nan", "3.4e38", "-3.4e38"}, null, new String[] {"0.0", "0.0", "0.0", "0.0", "0.0", "0.0", "0.0", "0.0", "0.0", "0.0", "0.0", "0.0", "0.0"}),
      // tf.ones_like([0, -0.0, 1, -1, 0.5, 2, 100, -100, Infinity, -Infinity, NaN, 3.4e38, -3.4e38]) with dtype float32 -> [1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0]
      new Case("tf.ones_like", DType.FLOAT32, 0, new String[] {"0", "-0.0", "1", "-1", "0.5", "2", "100", "-100", "inf", "-inf", "nan", "3.4e38", "-3.4e38"}, null, new String[] {"1.0", "1.0", "1.0", "1.0", "1.0", "1.0", "1.0", "1.0", "1.0", "1.0", "1.0", "1.0", "1.0"}),
      // tf.math.sqrt([0, -0.0, 1, -1, 0.5, 2, 100, -100, Infinity, -Infinity, NaN, 1.7e308, -1.7e308]) with dtype float64 -> [0.0, -0.0, 1.0, NaN, 0.7071067811865476, 1.4142135623730951, 10.0, NaN, Infinity, NaN, NaN, 1.3038404810405297E154, NaN]
      new Case("tf.math.sqrt", DType.FLOAT64, 0, new String[] {"0", "-0.0", "1", "-1", "0.5", "2", "100", "-100", "inf", "-inf", "nan", "1.7e308", "-1.7e308"}, null, new String[] {"0.0", "-0.0", "1.0", "nan", "0.7071067811865476", "1.4142135623730951", "10.0", "nan", "inf", "nan", "nan", "1.3038404810405297E154", "nan"}),
      // tf.math.rsqrt([0, -0.0, 1, -1, 0.5, 2, 100, -100, Infinity, -Infinity, NaN, 1.7e308, -1.7e308]) with dtype float64 -> [Infinity, -Infinity, 1.0, NaN, 1.414213562373095, 0.7071067811865475, 0.1, NaN, 0.0, NaN, NaN, 7.669649888473705E-155, NaN]
      new Case("tf.math.rsqrt", DType.FLOAT64, 0, new String[] {"0", "-0.0", "1", "-1", "0.5", "2", "100", "-100", "inf", "-inf", "nan", "1.7e308", "-1.7e308"}, null, new String[] {"inf", "-inf", "1.0", "nan", "1.414213562373095", "0.7071067811865475", "0.1", "nan", "0.0", "nan", "nan", "7.669649888473705E-155", "nan"}),
      // tf.math.exp([0, -0.0, 1, -1, 0.5, 2, 100, -100, Infinity, -Infinity, NaN, 1.7e308, -1.7e308]) with dtype float64 -> [1.0, 1.0, 2.7182818284590455, 0.3678794411714423, 1.6487212707001282, 7.38905609893065, 2.6881171418161356E43, 3.7200759760208356E-44, Infinity, 0.0, NaN, Infinity, 0.0]
      new Case("tf.math.exp", DType.FLOAT64, 1, new String[] {"0", "-0.0", "1", "-1", "0.5", "2", "100", "-100", "inf", "-inf", "nan", "1.7e308", "-1.7e308"}, null, new String[] {"1.0", "1.0", "2.7182818284590455", "0.3678794411714423", "1.6487212707001282", "7.38905609893065", "2.6881171418161356E43", "3.7200759760208356E-44", "inf", "0.0", "nan", "inf", "0.0"}),
      // tf.math.expm1([0, -0.0, 1, -1, 0.5, 2, 100, -100, Infinity, -Infinity, NaN, 1.7e308, -1.7e308]) with dtype float64 -> [0.0, -0.0, 1.718281828459045, -0.6321205588285577, 0.6487212707001282, 6.38905609893065, 2.6881171418161356E43, -1.0, Infinity, -1.0, NaN, Infinity, -1.0]
      new Case("tf.math.expm1", DType.FLOAT64, 0, new String[] {"0", "-0.0", "1", "-1", "0.5", "2", "100", "-100", "inf", "-inf", "nan", "1.7e308", "-1.7e308"}, null, new String[] {"0.0", "-0.0", "1.718281828459045", "-0.6321205588285577", "0.6487212707001282", "6.38905609893065", "2.6881171418161356E43", "-1.0", "inf", "-1.0", "nan", "inf", "-1.0"}),
      // tf.math.log([0, -0.0, 1, -1, 0.5, 2, 100, -100, Infinity, -Infinity, NaN, 1.7e308, -1.7e308]) with dtype float64 -> [-Infinity, -Infinity, 0.0, NaN, -0.6931471805599453, 0.6931471805599453, 4.605170185988091, NaN, Infinity, NaN, NaN, 709.7268368932282, NaN]
      new Case("tf.math.log", DType.FLOAT64, 1, new String[] {"0", "-0.0", "1", "-1", "0.5", "2", "100", "-100", "inf", "-inf", "nan", "1.7e308", "-1.7e308"}, null, new String[] {"-inf", "-inf", "0.0", "nan", "-0.6931471805599453", "0.6931471805599453", "4.605170185988091", "nan", "inf", "nan", "nan", "709.7268368932282", "nan"}),
      // tf.math.log1p([0, -0.0, 1, -1, 0.5, 2, 100, -100, Infinity, -Infinity, NaN, 1.7e308, -1.7e308]) with dtype float64 -> [0.0, -0.0, 0.6931471805599453, -Infinity, 0.4054651081081644, 1.0986122886681096, 4.61512051684126, NaN, Infinity, NaN, NaN, 709.7268368932282, NaN]
      new Case("tf.math.log1p", DType.FLOAT64, 0, new String[] {"0", "-0.0", "1", "-1", "0.5", "2", "100", "-100", "inf", "-inf", "nan", "1.7e308", "-1.7e308"}, null, new String[] {"0.0", "-0.0", "0.6931471805599453", "-inf", "0.4054651081081644", "1.0986122886681096", "4.61512051684126", "nan", "inf", "nan", "nan", "709.7268368932282", "nan"}),
      // tf.math.sigmoid([0, -0.0, 1, -1, 0.5, 2, 100, -100, Infinity, -Infinity, NaN, 1.7e308, -1.7e308]) with dtype float64 -> [0.5, 0.5, 0.7310585786300049, 0.2689414213699951, 0.6224593312018546, 0.8807970779778824, 1.0, 3.7200759760208356E-44, 1.0, 0.0, NaN, 1.0, 0.0]
      new Case("tf.math.sigmoid", DType.FLOAT64, 1, new String[] {"0", "-0.0", "1", "-1", "0.5", "2", "100", "-100", "inf", "-inf", "nan", "1.7e308", "-1.7e308"}, null, new String[] {"0.5", "0.5", "0.7310585786300049", "0.2689414213699951", "0.6224593312018546", "0.8807970779778824", "1.0", "3.7200759760208356E-44", "1.0", "0.0", "nan", "1.0", "0.0"}),
      // tf.math.softplus([0, -0.0, 1, -1, 0.5, 2, 100, -100, Infinity, -Infinity, NaN, 1.7e308, -1.7e308]) with dtype float64 -> [0.6931471805599453, 0.6931471805599453, 1.3132616875182228, 0.31326168751822286, 0.9740769841801067, 2.1269280110429727, 100.0, 3.720075976020836E-44, Infinity, 0.0, NaN, 1.7E308, 0.0]
      new Case("tf.math.softplus", DType.FLOAT64, 0, new String[] {"0", "-0.0", "1", "-1", "0.5", "2", "100", "-100", "inf", "-inf", "nan", "1.7e308", "-1.7e308"}, null, new String[] {"0.6931471805599453", "0.6931471805599453", "1.3132616875182228", "0.31326168751822286", "0.9740769841801067", "2.1269280110429727", "100.0", "3.720075976020836E-44", "inf", "0.0", "nan", "1.7E308", "0.0"}),
      // tf.math.sin([0, -0.0, 1, -1, 0.5, 2, 100, -100, Infinity, -Infinity, NaN, 1.7e308, -1.7e308]) with dtype float64 -> [0.0, -0.0, 0.8414709848078965, -0.8414709848078965, 0.479425538604203, 0.9092974268256817, -0.5063656411097588, 0.5063656411097588, NaN, NaN, NaN, -0.5952560848632077, 0.5952560848632077]
      new Case("tf.math.sin", DType.FLOAT64, 0, new String[] {"0", "-0.0", "1", "-1", "0.5", "2", "100", "-100", "inf", "-inf", "nan", "1.7e308", "-1.7e308"}, null, new String[] {"0.0", "-0.0", "0.8414709848078965", "-0.8414709848078965", "0.479425538604203", "0.9092974268256817", "-0.5063656411097588", "0.5063656411097588", "nan", "nan", "nan", "-0.5952560848632077", "0.5952560848632077"}),
      // tf.math.cos([0, -0.0, 1, -1, 0.5, 2, 100, -100, Infinity, -Infinity, NaN, 1.7e308, -1.7e308]) with dtype float64 -> [1.0, 1.0, 0.5403023058681398, 0.5403023058681398, 0.8775825618903728, -0.4161468365471424, 0.8623188722876839, 0.8623188722876839, NaN, NaN, NaN, 0.803536056087918, 0.803536056087918]
      new Case("tf.math.cos", DType.FLOAT64, 0, new String[] {"0", "-0.0", "1", "-1", "0.5", "2", "100", "-100", "inf", "-inf", "nan", "1.7e308", "-1.7e308"}, null, new String[] {"1.0", "1.0", "0.5403023058681398", "0.5403023058681398", "0.8775825618903728", "-0.4161468365471424", "0.8623188722876839", "0.8623188722876839", "nan", "nan", "nan", "0.803536056087918", "0.803536056087918"}),
      // tf.math.tan([0, -0.0, 1, -1, 0.5, 2, 100, -100, Infinity, -Infinity, NaN, 1.7e308, -1.7e308]) with dtype float64 -> [0.0, -0.0, 1.5574077246549023, -1.5574077246549023, 0.5463024898437905, -2.185039863261519, -0.5872139151569291, 0.5872139151569291, NaN, NaN, NaN, -0.7407957369844252, 0.7407957369844252]
      new Case("tf.math.tan", DType.FLOAT64, 0, new String[] {"0", "-0.0", "1", "-1", "0.5", "2", "100", "-100", "inf", "-inf", "nan", "1.7e308", "-1.7e308"}, null, new String[] {"0.0", "-0.0", "1.5574077246549023", "-1.5574077246549023", "0.5463024898437905", "-2.185039863261519", "-0.5872139151569291", "0.5872139151569291", "nan", "nan", "nan", "-0.7407957369844252", "0.7407957369844252"}),
      // tf.math.asin([0, -0.0, 1, -1, 0.5, 2, 100, -100, Infinity, -Infinity, NaN, 1.7e308, -1.7e308]) with dtype float64 -> [0.0, -0.0, 1.5707963267948966, -1.5707963267948966, 0.5235987755982989, NaN, NaN, NaN, NaN, NaN, NaN, NaN, NaN]
      new Case("tf.math.asin", DType.FLOAT64, 0, new String[] {"0", "-0.0", "1", "-1", "0.5", "2", "100", "-100", "inf", "-inf", "nan", "1.7e308", "-1.7e308"}, null, new String[] {"0.0", "-0.0", "1.5707963267948966", "-1.5707963267948966", "0.5235987755982989", "nan", "nan", "nan", "nan", "nan", "nan", "nan", "nan"}),
      // tf.math.acos([0, -0.0, 1, -1, 0.5, 2, 100, -100, Infinity, -Infinity, NaN, 1.7e308, -1.7e308]) with dtype float64 -> [1.5707963267948966, 1.5707963267948966, 0.0, 3.141592653589793, 1.0471975511965979, NaN, NaN, NaN, NaN, NaN, NaN, NaN, NaN]
      new Case("tf.math.acos", DType.FLOAT64, 0, new String[] {"0", "-0.0", "1", "-1", "0.5", "2", "100", "-100", "inf", "-inf", "nan", "1.7e308", "-1.7e308"}, null, new String[] {"1.5707963267948966", "1.5707963267948966", "0.0", "3.141592653589793", "1.0471975511965979", "nan", "nan", "nan", "nan", "nan", "nan", "nan", "nan"}),
      // tf.math.atan([0, -0.0, 1, -1, 0.5, 2, 100, -100, Infinity, -Infinity, NaN, 1.7e308, -1.7e308]) with dtype float64 -> [0.0, -0.0, 0.7853981633974483, -0.7853981633974483, 0.4636476090008061, 1.1071487177940904, 1.5607966601082313, -1.5607966601082313, 1.5707963267948966, -1.5707963267948966, NaN, 1.5707963267948966, -1.5707963267948966]
      new Case("tf.math.atan", DType.FLOAT64, 1, new String[] {"0", "-0.0", "1", "-1", "0.5", "2", "100", "-100", "inf", "-inf", "nan", "1.7e308", "-1.7e308"}, null, new String[] {"0.0", "-0.0", "0.7853981633974483", "-0.7853981633974483", "0.4636476090008061", "1.1071487177940904", "1.5607966601082313", "-1.5607966601082313", "1.5707963267948966", "-1.5707963267948966", "nan", "1.5707963267948966", "-1.5707963267948966"}),
      // tf.math.sinh([0, -0.0, 1, -1, 0.5, 2, 100, -100, Infinity, -Infinity, NaN, 1.7e308, -1.7e308]) with dtype float64 -> [0.0, -0.0, 1.1752011936438014, -1.1752011936438014, 0.5210953054937474, 3.626860407847019, 1.3440585709080678E43, -1.3440585709080678E43, Infinity, -Infinity, NaN, Infinity, -Infinity]
      new Case("tf.math.sinh", DType.FLOAT64, 0, new String[] {"0", "-0.0", "1", "-1", "0.5", "2", "100", "-100", "inf", "-inf", "nan", "1.7e308", "-1.7e308"}, null, new String[] {"0.0", "-0.0", "1.1752011936438014", "-1.1752011936438014", "0.5210953054937474", "3.626860407847019", "1.3440585709080678E43", "-1.3440585709080678E43", "inf", "-inf", "nan", "inf", "-inf"}),
      // tf.math.cosh([0, -0.0, 1, -1, 0.5, 2, 100, -100, Infinity, -Infinity, NaN, 1.7e308, -1.7e308]) with dtype float64 -> [1.0, 1.0, 1.5430806348152437, 1.5430806348152437, 1.1276259652063807, 3.7621956910836314, 1.3440585709080678E43, 1.3440585709080678E43, Infinity, Infinity, NaN, Infinity, Infinity]
      new Case("tf.math.cosh", DType.FLOAT64, 1, new String[] {"0", "-0.0", "1", "-1", "0.5", "2", "100", "-100", "inf", "-inf", "nan", "1.7e308", "-1.7e308"}, null, new String[] {"1.0", "1.0", "1.5430806348152437", "1.5430806348152437", "1.1276259652063807", "3.7621956910836314", "1.3440585709080678E43", "1.3440585709080678E43", "inf", "inf", "nan", "inf", "inf"}),
      // tf.math.tanh([0, -0.0, 1, -1, 0.5, 2, 100, -100, Infinity, -Infinity, NaN, 1.7e308, -1.7e308]) with dtype float64 -> [0.0, -0.0, 0.7615941559557649, -0.7615941559557649, 0.46211715726000974, 0.9640275800758169, 1.0, -1.0, 1.0, -1.0, NaN, 1.0, -1.0]
      new Case("tf.math.tanh", DType.FLOAT64, 0, new String[] {"0", "-0.0", "1", "-1", "0.5", "2", "100", "-100", "inf", "-inf", "nan", "1.7e308", "-1.7e308"}, null, new String[] {"0.0", "-0.0", "0.7615941559557649", "-0.7615941559557649", "0.46211715726000974", "0.9640275800758169", "1.0", "-1.0", "1.0", "-1.0", "nan", "1.0", "-1.0"}),
      // tf.math.asinh([0, -0.0, 1, -1, 0.5, 2, 100, -100, Infinity, -Infinity, NaN, 1.7e308, -1.7e308]) with dtype float64 -> [0.0, -0.0, 0.881373587019543, -0.881373587019543, 0.48121182505960347, 1.4436354751788103, 5.298342365610589, -5.298342365610589, Infinity, -Infinity, NaN, 710.4199840737881, -710.4199840737881]
      new Case("tf.math.asinh", DType.FLOAT64, 0, new String[] {"0", "-0.0", "1", "-1", "0.5", "2", "100", "-100", "inf", "-inf", "nan", "1.7e308", "-1.7e308"}, null, new String[] {"0.0", "-0.0", "0.881373587019543", "-0.881373587019543", "0.48121182505960347", "1.4436354751788103", "5.298342365610589", "-5.298342365610589", "inf", "-inf", "nan", "710.4199840737881", "-710.4199840737881"}),
      // tf.math.acosh([0, -0.0, 1, -1, 0.5, 2, 100, -100, Infinity, -Infinity, NaN, 1.7e308, -1.7e308]) with dtype float64 -> [NaN, NaN, 0.0, NaN, NaN, 1.3169578969248166, 5.298292365610484, NaN, Infinity, NaN, NaN, 710.4199840737881, NaN]
      new Case("tf.math.acosh", DType.FLOAT64, 1, new String[] {"0", "-0.0", "1", "-1", "0.5", "2", "100", "-100", "inf", "-inf", "nan", "1.7e308", "-1.7e308"}, null, new String[] {"nan", "nan", "0.0", "nan", "nan", "1.3169578969248166", "5.298292365610484", "nan", "inf", "nan", "nan", "710.4199840737881", "nan"}),
      // tf.math.atanh([0, -0.0, 1, -1, 0.5, 2, 100, -100, Infinity, -Infinity, NaN, 1.7e308, -1.7e308]) with dtype float64 -> [0.0, -0.0, Infinity, -Infinity, 0.5493061443340548, NaN, NaN, NaN, NaN, NaN, NaN, NaN, NaN]
      new Case("tf.math.atanh", DType.FLOAT64, 0, new String[] {"0", "-0.0", "1", "-1", "0.5", "2", "100", "-100", "inf", "-inf", "nan", "1.7e308", "-1.7e308"}, null, new String[] {"0.0", "-0.0", "inf", "-inf", "0.5493061443340548", "nan", "nan", "nan", "nan", "nan", "nan", "nan", "nan"}),
      // tf.math.reciprocal([0, -0.0, 1, -1, 0.5, 2, 100, -100, Infinity, -Infinity, NaN, 1.7e308, -1.7e308]) with dtype float64 -> [Infinity, -Infinity, 1.0, -1.0, 2.0, 0.5, 0.01, -0.01, 0.0, -0.0, NaN, 0.0, -0.0]
      new Case("tf.math.reciprocal", DType.FLOAT64, 0, new String[] {"0", "-0.0", "1", "-1", "0.5", "2", "100", "-100", "inf", "-inf", "nan", "1.7e308", "-1.7e308"}, null, new String[] {"inf", "-inf", "1.0", "-1.0", "2.0", "0.5", "0.01", "-0.01", "0.0", "-0.0", "nan", "0.0", "-0.0"}),
      // tf.math.sign([-128, -1, 0, 1, 127]) with dtype int8 -> [-1, -1, 0, 1, 1]
      new Case("tf.math.sign", DType.INT8, 0, new String[] {"-128", "-1", "0", "1", "127"}, null, new String[] {"-1", "-1", "0", "1", "1"}),
      // tf.math.square([-128, -1, 0, 1, 127]) with dtype int8 -> [0, 1, 0, 1, 1]
      new Case("tf.math.square", DType.INT8, 0, new String[] {"-128", "-1", "0", "1", "127"}, null, new String[] {"0", "1", "0", "1", "1"}),
      // tf.bitwise.invert([-128, -1, 0, 1, 127]) with dtype int8 -> [127, 0, -1, -2, -128]
      new Case("tf.bitwise.invert", DType.INT8, 0, new String[] {"-128", "-1", "0", "1", "127"}, null, new String[] {"127", "0", "-1", "-2", "-128"}),
      // tf.math.abs([-128, -1, 0, 1, 127]) with dtype int8 -> [-128, 1, 0, 1, 127]
      new Case("tf.math.abs", DType.INT8, 0, new String[] {"-128", "-1", "0", "1", "127"}, null, new String[] {"-128", "1", "0", "1", "127"}),
      // tf.math.negative([-128, -1, 0, 1, 127]) with dtype int8 -> [-128, 1, 0, -1, -127]
      new Case("tf.math.negative", DType.INT8, 0, new String[] {"-128", "-1", "0", "1", "127"}, null, new String[] {"-128", "1", "0", "-1", "-127"}),
      // tf.math.sign([-32768, -1, 0, 1, 32767]) with dtype int16 -> [-1, -1, 0, 1, 1]
      new Case("tf.math.sign", DType.INT16, 0, new String[] {"-32768", "-1", "0", "1", "32767"}, null, new String[] {"-1", "-1", "0", "1", "1"}),
      // tf.math.square([-32768, -1, 0, 1, 32767]) with dtype int16 -> [0, 1, 0, 1, 1]
      new Case("tf.math.square", DType.INT16, 0, new String[] {"-32768", "-1", "0", "1", "32767"}, null, new String[] {"0", "1", "0", "1", "1"}),
      // tf.bitwise.invert([-32768, -1, 0, 1, 32767]) with dtype int16 -> [32767, 0, -1, -2, -32768]
      new Case("tf.bitwise.invert", DType.INT16, 0, new String[] {"-32768", "-1", "0", "1", "32767"}, null, new String[] {"32767", "0", "-1", "-2", "-32768"}),
      // tf.math.sign([-2147483648, -1, 0, 1, 2147483647, 65536]) with dtype int32 -> [-1, -1, 0, 1, 1, 1]
      new Case("tf.math.sign", DType.INT32, 0, new String[] {"-2147483648", "-1", "0", "1", "2147483647", "65536"}, null, new String[] {"-1", "-1", "0", "1", "1", "1"}),
      // tf.math.square([-2147483648, -1, 0, 1, 2147483647, 65536]) with dtype int32 -> [0, 1, 0, 1, 1, 0]
      new Case("tf.math.square", DType.INT32, 0, new String[] {"-2147483648", "-1", "0", "1", "2147483647", "65536"}, null, new String[] {"0", "1", "0", "1", "1", "0"}),
      // tf.bitwise.invert([-2147483648, -1, 0, 1, 2147483647, 65536]) with dtype int32 -> [2147483647, 0, -1, -2, -2147483648, -65537]
      new Case("tf.bitwise.invert", DType.INT32, 0, new String[] {"-2147483648", "-1", "0", "1", "2147483647", "65536"}, null, new String[] {"2147483647", "0", "-1", "-2", "-2147483648", "-65537"}),
      // tf.math.sign([-9223372036854775808, -1, 0, 1, 9223372036854775807, 4294967296]) with dtype int64 -> [-1, -1, 0, 1, 1, 1]
      new Case("tf.math.sign", DType.INT64, 0, new String[] {"-9223372036854775808", "-1", "0", "1", "9223372036854775807", "4294967296"}, null, new String[] {"-1", "-1", "0", "1", "1", "1"}),
      // tf.math.square([-9223372036854775808, -1, 0, 1, 9223372036854775807, 4294967296]) with dtype int64 -> [0, 1, 0, 1, 1, 0]
      new Case("tf.math.square", DType.INT64, 0, new String[] {"-9223372036854775808", "-1", "0", "1", "9223372036854775807", "4294967296"}, null, new String[] {"0", "1", "0", "1", "1", "0"}),
      // tf.bitwise.invert([-9223372036854775808, -1, 0, 1, 9223372036854775807, 4294967296]) with dtype int64 -> [9223372036854775807, 0, -1, -2, -9223372036854775808, -4294967297]
      new Case("tf.bitwise.invert", DType.INT64, 0, new String[] {"-9223372036854775808", "-1", "0", "1", "9223372036854775807", "4294967296"}, null, new String[] {"9223372036854775807", "0", "-1", "-2", "-9223372036854775808", "-4294967297"}),
      // tf.truncatediv([7, -7, 7, -7, 0, -2147483648, 2147483647, 5], [2, 2, -2, -2, 3, -1, -1, 7]) with dtype int32 -> [3, -3, -3, 3, 0, -2147483648, -2147483647, 0]
      new Case("tf.truncatediv", DType.INT32, 0, new String[] {"7", "-7", "7", "-7", "0", "-2147483648", "2147483647", "5"}, new String[] {"2", "2", "-2", "-2", "3", "-1", "-1", "7"}, new String[] {"3", "-3", "-3", "3", "0", "-2147483648", "-2147483647", "0"}),
      // tf.truncatemod([7, -7, 7, -7, 0, -2147483648, 2147483647, 5], [2, 2, -2, -2, 3, -1, -1, 7]) with dtype int32 -> [1, -1, 1, -1, 0, 0, 0, 5]
      new Case("tf.truncatemod", DType.INT32, 0, new String[] {"7", "-7", "7", "-7", "0", "-2147483648", "2147483647", "5"}, new String[] {"2", "2", "-2", "-2", "3", "-1", "-1", "7"}, new String[] {"1", "-1", "1", "-1", "0", "0", "0", "5"}),
      // tf.raw_ops.Div([7, -7, 7, -7, 0, -2147483648, 2147483647, 5], [2, 2, -2, -2, 3, -1, -1, 7]) with dtype int32 -> [3, -3, -3, 3, 0, -2147483648, -2147483647, 0]
      new Case("tf.raw_ops.Div", DType.INT32, 0, new String[] {"7", "-7", "7", "-7", "0", "-2147483648", "2147483647", "5"}, new String[] {"2", "2", "-2", "-2", "3", "-1", "-1", "7"}, new String[] {"3", "-3", "-3", "3", "0", "-2147483648", "-2147483647", "0"}),
      // tf.math.floordiv([7, -7, 7, -7, 0, -2147483648, 2147483647, 5], [2, 2, -2, -2, 3, -1, -1, 7]) with dtype int32 -> [3, -4, -4, 3, 0, -2147483648, -2147483647, 0]
      new Case("tf.math.floordiv", DType.INT32, 0, new String[] {"7", "-7", "7", "-7", "0", "-2147483648", "2147483647", "5"}, new String[] {"2", "2", "-2", "-2", "3", "-1", "-1", "7"}, new String[] {"3", "-4", "-4", "3", "0", "-2147483648", "-2147483647", "0"}),
      // tf.math.squared_difference([7, -7, 7, -7, 0, -2147483648, 2147483647, 5], [2, 2, -2, -2, 3, -1, -1, 7]) with dtype int32 -> [25, 81, 81, 25, 9, 1, 0, 4]
      new Case("tf.math.squared_difference", DType.INT32, 0, new String[] {"7", "-7", "7", "-7", "0", "-2147483648", "2147483647", "5"}, new String[] {"2", "2", "-2", "-2", "3", "-1", "-1", "7"}, new String[] {"25", "81", "81", "25", "9", "1", "0", "4"}),
      // tf.bitwise.bitwise_and([7, -7, 7, -7, 0, -2147483648, 2147483647, 5], [2, 2, -2, -2, 3, -1, -1, 7]) with dtype int32 -> [2, 0, 6, -8, 0, -2147483648, 2147483647, 5]
      new Case("tf.bitwise.bitwise_and", DType.INT32, 0, new String[] {"7", "-7", "7", "-7", "0", "-2147483648", "2147483647", "5"}, new String[] {"2", "2", "-2", "-2", "3", "-1", "-1", "7"}, new String[] {"2", "0", "6", "-8", "0", "-2147483648", "2147483647", "5"}),
      // tf.bitwise.bitwise_or([7, -7, 7, -7, 0, -2147483648, 2147483647, 5], [2, 2, -2, -2, 3, -1, -1, 7]) with dtype int32 -> [7, -5, -1, -1, 3, -1, -1, 7]
      new Case("tf.bitwise.bitwise_or", DType.INT32, 0, new String[] {"7", "-7", "7", "-7", "0", "-2147483648", "2147483647", "5"}, new String[] {"2", "2", "-2", "-2", "3", "-1", "-1", "7"}, new String[] {"7", "-5", "-1", "-1", "3", "-1", "-1", "7"}),
      // tf.bitwise.bitwise_xor([7, -7, 7, -7, 0, -2147483648, 2147483647, 5], [2, 2, -2, -2, 3, -1, -1, 7]) with dtype int32 -> [5, -5, -7, 7, 3, 2147483647, -2147483648, 2]
      new Case("tf.bitwise.bitwise_xor", DType.INT32, 0, new String[] {"7", "-7", "7", "-7", "0", "-2147483648", "2147483647", "5"}, new String[] {"2", "2", "-2", "-2", "3", "-1", "-1", "7"}, new String[] {"5", "-5", "-7", "7", "3", "2147483647", "-2147483648", "2"}),
      // tf.truncatediv([7, -7, 7, -7, 0, -128, 127, 5], [2, 2, -2, -2, 3, -1, -1, 7]) with dtype int8 -> [3, -3, -3, 3, 0, -128, -127, 0]
      new Case("tf.truncatediv", DType.INT8, 0, new String[] {"7", "-7", "7", "-7", "0", "-128", "127", "5"}, new String[] {"2", "2", "-2", "-2", "3", "-1", "-1", "7"}, new String[] {"3", "-3", "-3", "3", "0", "-128", "-127", "0"}),
      // tf.raw_ops.Div([7, -7, 7, -7, 0, -128, 127, 5], [2, 2, -2, -2, 3, -1, -1, 7]) with dtype int8 -> [3, -3, -3, 3, 0, -128, -127, 0]
      new Case("tf.raw_ops.Div", DType.INT8, 0, new String[] {"7", "-7", "7", "-7", "0", "-128", "127", "5"}, new String[] {"2", "2", "-2", "-2", "3", "-1", "-1", "7"}, new String[] {"3", "-3", "-3", "3", "0", "-128", "-127", "0"}),
      // tf.bitwise.bitwise_and([7, -7, 7, -7, 0, -128, 127, 5], [2, 2, -2, -2, 3, -1, -1, 7]) with dtype int8 -> [2, 0, 6, -8, 0, -128, 127, 5]
      new Case("tf.bitwise.bitwise_and", DType.INT8, 0, new String[] {"7", "-7", "7", "-7", "0", "-128", "127", "5"}, new String[] {"2", "2", "-2", "-2", "3", "-1", "-1", "7"}, new String[] {"2", "0", "6", "-8", "0", "-128", "127", "5"}),
      // tf.bitwise.bitwise_or([7, -7, 7, -7, 0, -128, 127, 5], [2, 2, -2, -2, 3, -1, -1, 7]) with dtype int8 -> [7, -5, -1, -1, 3, -1, -1, 7]
      new Case("tf.bitwise.bitwise_or", DType.INT8, 0, new String[] {"7", "-7", "7", "-7", "0", "-128", "127", "5"}, new String[] {"2", "2", "-2", "-2", "3", "-1", "-1", "7"}, new String[] {"7", "-5", "-1", "-1", "3", "-1", "-1", "7"}),
      // tf.bitwise.bitwise_xor([7, -7, 7, -7, 0, -128, 127, 5], [2, 2, -2, -2, 3, -1, -1, 7]) with dtype int8 -> [5, -5, -7, 7, 3, 127, -128, 2]
      new Case("tf.bitwise.bitwise_xor", DType.INT8, 0, new String[] {"7", "-7", "7", "-7", "0", "-128", "127", "5"}, new String[] {"2", "2", "-2", "-2", "3", "-1", "-1", "7"}, new String[] {"5", "-5", "-7", "7", "3", "127", "-128", "2"}),
      // tf.bitwise.left_shift([7, -7, 7, -7, 0, -128, 127, 5], [2, 2, -2, -2, 3, -1, -1, 7]) with dtype int8 -> [28, -28, 7, -7, 0, -128, 127, -128]
      new Case("tf.bitwise.left_shift", DType.INT8, 0, new String[] {"7", "-7", "7", "-7", "0", "-128", "127", "5"}, new String[] {"2", "2", "-2", "-2", "3", "-1", "-1", "7"}, new String[] {"28", "-28", "7", "-7", "0", "-128", "127", "-128"}),
      // tf.bitwise.right_shift([7, -7, 7, -7, 0, -128, 127, 5], [2, 2, -2, -2, 3, -1, -1, 7]) with dtype int8 -> [1, -2, 7, -7, 0, -128, 127, 0]
      new Case("tf.bitwise.right_shift", DType.INT8, 0, new String[] {"7", "-7", "7", "-7", "0", "-128", "127", "5"}, new String[] {"2", "2", "-2", "-2", "3", "-1", "-1", "7"}, new String[] {"1", "-2", "7", "-7", "0", "-128", "127", "0"}),
      // tf.truncatediv([7, -7, -9223372036854775808, 1, 1, -1], [2, 2, -1, 63, 64, -5]) with dtype int64 -> [3, -3, -9223372036854775808, 0, 0, 0]
      new Case("tf.truncatediv", DType.INT64, 0, new String[] {"7", "-7", "-9223372036854775808", "1", "1", "-1"}, new String[] {"2", "2", "-1", "63", "64", "-5"}, new String[] {"3", "-3", "-9223372036854775808", "0", "0", "0"}),
      // tf.truncatemod([7, -7, -9223372036854775808, 1, 1, -1], [2, 2, -1, 63, 64, -5]) with dtype int64 -> [1, -1, 0, 1, 1, -1]
      new Case("tf.truncatemod", DType.INT64, 0, new String[] {"7", "-7", "-9223372036854775808", "1", "1", "-1"}, new String[] {"2", "2", "-1", "63", "64", "-5"}, new String[] {"1", "-1", "0", "1", "1", "-1"}),
      // tf.bitwise.left_shift([7, -7, -9223372036854775808, 1, 1, -1], [2, 2, -1, 63, 64, -5]) with dtype int64 -> [28, -28, -9223372036854775808, -9223372036854775808, -9223372036854775808, -1]
      new Case("tf.bitwise.left_shift", DType.INT64, 0, new String[] {"7", "-7", "-9223372036854775808", "1", "1", "-1"}, new String[] {"2", "2", "-1", "63", "64", "-5"}, new String[] {"28", "-28", "-9223372036854775808", "-9223372036854775808", "-9223372036854775808", "-1"}),
      // tf.bitwise.right_shift([7, -7, -9223372036854775808, 1, 1, -1], [2, 2, -1, 63, 64, -5]) with dtype int64 -> [1, -2, -9223372036854775808, 0, 0, -1]
      new Case("tf.bitwise.right_shift", DType.INT64, 0, new String[] {"7", "-7", "-9223372036854775808", "1", "1", "-1"}, new String[] {"2", "2", "-1", "63", "64", "-5"}, new String[] {"1", "-2", "-9223372036854775808", "0", "0", "-1"}),
      // tf.math.squared_difference([7, -7, -9223372036854775808, 1, 1, -1], [2, 2, -1, 63, 64, -5]) with dtype int64 -> [25, 81, 1, 3844, 3969, 16]
      new Case("tf.math.squared_difference", DType.INT64, 0, new String[] {"7", "-7", "-9223372036854775808", "1", "1", "-1"}, new String[] {"2", "2", "-1", "63", "64", "-5"}, new String[] {"25", "81", "1", "3844", "3969", "16"}),
      // tf.truncatediv([7.5, -7.5, 1, -1, 0, -0.0, Infinity, NaN, 5, Infinity, 3, -2], [2, 2, 0, 0, 0, 0, 2, 1, Infinity, Infinity, -0.0, NaN]) with dtype float32 -> [3.0, -3.0, Infinity, -Infinity, NaN, NaN, Infinity, NaN, 0.0, NaN, -Infinity, NaN]
      new Case("tf.truncatediv", DType.FLOAT32, 0, new String[] {"7.5", "-7.5", "1", "-1", "0", "-0.0", "inf", "nan", "5", "inf", "3", "-2"}, new String[] {"2", "2", "0", "0", "0", "0", "2", "1", "inf", "inf", "-0.0", "nan"}, new String[] {"3.0", "-3.0", "inf", "-inf", "nan", "nan", "inf", "nan", "0.0", "nan", "-inf", "nan"}),
      // tf.truncatemod([7.5, -7.5, 1, -1, 0, -0.0, Infinity, NaN, 5, Infinity, 3, -2], [2, 2, 0, 0, 0, 0, 2, 1, Infinity, Infinity, -0.0, NaN]) with dtype float32 -> [1.5, -1.5, NaN, NaN, NaN, NaN, NaN, NaN, 5.0, NaN, NaN, NaN]
      new Case("tf.truncatemod", DType.FLOAT32, 0, new String[] {"7.5", "-7.5", "1", "-1", "0", "-0.0", "inf", "nan", "5", "inf", "3", "-2"}, new String[] {"2", "2", "0", "0", "0", "0", "2", "1", "inf", "inf", "-0.0", "nan"}, new String[] {"1.5", "-1.5", "nan", "nan", "nan", "nan", "nan", "nan", "5.0", "nan", "nan", "nan"}),
      // tf.raw_ops.Div([7.5, -7.5, 1, -1, 0, -0.0, Infinity, NaN, 5, Infinity, 3, -2], [2, 2, 0, 0, 0, 0, 2, 1, Infinity, Infinity, -0.0, NaN]) with dtype float32 -> [3.75, -3.75, Infinity, -Infinity, NaN, NaN, Infinity, NaN, 0.0, NaN, -Infinity, NaN]
      new Case("tf.raw_ops.Div", DType.FLOAT32, 0, new String[] {"7.5", "-7.5", "1", "-1", "0", "-0.0", "inf", "nan", "5", "inf", "3", "-2"}, new String[] {"2", "2", "0", "0", "0", "0", "2", "1", "inf", "inf", "-0.0", "nan"}, new String[] {"3.75", "-3.75", "inf", "-inf", "nan", "nan", "inf", "nan", "0.0", "nan", "-inf", "nan"}),
      // tf.math.divide_no_nan([7.5, -7.5, 1, -1, 0, -0.0, Infinity, NaN, 5, Infinity, 3, -2], [2, 2, 0, 0, 0, 0, 2, 1, Infinity, Infinity, -0.0, NaN]) with dtype float32 -> [3.75, -3.75, 0.0, 0.0, 0.0, 0.0, Infinity, NaN, 0.0, NaN, 0.0, NaN]
      new Case("tf.math.divide_no_nan", DType.FLOAT32, 0, new String[] {"7.5", "-7.5", "1", "-1", "0", "-0.0", "inf", "nan", "5", "inf", "3", "-2"}, new String[] {"2", "2", "0", "0", "0", "0", "2", "1", "inf", "inf", "-0.0", "nan"}, new String[] {"3.75", "-3.75", "0.0", "0.0", "0.0", "0.0", "inf", "nan", "0.0", "nan", "0.0", "nan"}),
      // tf.math.multiply_no_nan([7.5, -7.5, 1, -1, 0, -0.0, Infinity, NaN, 5, Infinity, 3, -2], [2, 2, 0, 0, 0, 0, 2, 1, Infinity, Infinity, -0.0, NaN]) with dtype float32 -> [15.0, -15.0, 0.0, 0.0, 0.0, 0.0, Infinity, NaN, Infinity, Infinity, 0.0, NaN]
      new Case("tf.math.multiply_no_nan", DType.FLOAT32, 0, new String[] {"7.5", "-7.5", "1", "-1", "0", "-0.0", "inf", "nan", "5", "inf", "3", "-2"}, new String[] {"2", "2", "0", "0", "0", "0", "2", "1", "inf", "inf", "-0.0", "nan"}, new String[] {"15.0", "-15.0", "0.0", "0.0", "0.0", "0.0", "inf", "nan", "inf", "inf", "0.0", "nan"}),
      // tf.math.squared_difference([7.5, -7.5, 1, -1, 0, -0.0, Infinity, NaN, 5, Infinity, 3, -2], [2, 2, 0, 0, 0, 0, 2, 1, Infinity, Infinity, -0.0, NaN]) with dtype float32 -> [30.25, 90.25, 1.0, 1.0, 0.0, 0.0, Infinity, NaN, Infinity, NaN, 9.0, NaN]
      new Case("tf.math.squared_difference", DType.FLOAT32, 0, new String[] {"7.5", "-7.5", "1", "-1", "0", "-0.0", "inf", "nan", "5", "inf", "3", "-2"}, new String[] {"2", "2", "0", "0", "0", "0", "2", "1", "inf", "inf", "-0.0", "nan"}, new String[] {"30.25", "90.25", "1.0", "1.0", "0.0", "0.0", "inf", "nan", "inf", "nan", "9.0", "nan"}),
      // tf.math.atan2([7.5, -7.5, 1, -1, 0, -0.0, Infinity, NaN, 5, Infinity, 3, -2], [2, 2, 0, 0, 0, 0, 2, 1, Infinity, Infinity, -0.0, NaN]) with dtype float32 -> [1.310194, -1.310194, 1.5707964, -1.5707964, 0.0, -0.0, 1.5707964, NaN, 0.0, 0.7853982, 1.5707964, NaN]
      new Case("tf.math.atan2", DType.FLOAT32, 1, new String[] {"7.5", "-7.5", "1", "-1", "0", "-0.0", "inf", "nan", "5", "inf", "3", "-2"}, new String[] {"2", "2", "0", "0", "0", "0", "2", "1", "inf", "inf", "-0.0", "nan"}, new String[] {"1.310194", "-1.310194", "1.5707964", "-1.5707964", "0.0", "-0.0", "1.5707964", "nan", "0.0", "0.7853982", "1.5707964", "nan"}),
      // tf.math.nextafter([7.5, -7.5, 1, -1, 0, -0.0, Infinity, NaN, 5, Infinity, 3, -2], [2, 2, 0, 0, 0, 0, 2, 1, Infinity, Infinity, -0.0, NaN]) with dtype float32 -> [7.4999995, -7.4999995, 0.99999994, -0.99999994, 0.0, 0.0, 3.4028235E38, NaN, 5.0000005, Infinity, 2.9999998, NaN]
      new Case("tf.math.nextafter", DType.FLOAT32, 0, new String[] {"7.5", "-7.5", "1", "-1", "0", "-0.0", "inf", "nan", "5", "inf", "3", "-2"}, new String[] {"2", "2", "0", "0", "0", "0", "2", "1", "inf", "inf", "-0.0", "nan"}, new String[] {"7.4999995", "-7.4999995", "0.99999994", "-0.99999994", "0.0", "0.0", "3.4028235E38", "nan", "5.0000005", "inf", "2.9999998", "nan"}),
      // tf.math.pow([7.5, -7.5, 1, -1, 0, -0.0, Infinity, NaN, 5, Infinity, 3, -2], [2, 2, 0, 0, 0, 0, 2, 1, Infinity, Infinity, -0.0, NaN]) with dtype float32 -> [56.25, 56.25, 1.0, 1.0, 1.0, 1.0, Infinity, NaN, Infinity, Infinity, 1.0, NaN]
      new Case("tf.math.pow", DType.FLOAT32, 0, new String[] {"7.5", "-7.5", "1", "-1", "0", "-0.0", "inf", "nan", "5", "inf", "3", "-2"}, new String[] {"2", "2", "0", "0", "0", "0", "2", "1", "inf", "inf", "-0.0", "nan"}, new String[] {"56.25", "56.25", "1.0", "1.0", "1.0", "1.0", "inf", "nan", "inf", "inf", "1.0", "nan"}),
      // tf.truncatediv([7.5, -7.5, 1, -1, 0, -0.0, Infinity, NaN, 5, Infinity, 3, -2], [2, 2, 0, 0, 0, 0, 2, 1, Infinity, Infinity, -0.0, NaN]) with dtype float64 -> [3.0, -3.0, Infinity, -Infinity, NaN, NaN, Infinity, NaN, 0.0, NaN, -Infinity, NaN]
      new Case("tf.truncatediv", DType.FLOAT64, 0, new String[] {"7.5", "-7.5", "1", "-1", "0", "-0.0", "inf", "nan", "5", "inf", "3", "-2"}, new String[] {"2", "2", "0", "0", "0", "0", "2", "1", "inf", "inf", "-0.0", "nan"}, new String[] {"3.0", "-3.0", "inf", "-inf", "nan", "nan", "inf", "nan", "0.0", "nan", "-inf", "nan"}),
      // tf.truncatemod([7.5, -7.5, 1, -1, 0, -0.0, Infinity, NaN, 5, Infinity, 3, -2], [2, 2, 0, 0, 0, 0, 2, 1, Infinity, Infinity, -0.0, NaN]) with dtype float64 -> [1.5, -1.5, NaN, NaN, NaN, NaN, NaN, NaN, 5.0, NaN, NaN, NaN]
      new Case("tf.truncatemod", DType.FLOAT64, 0, new String[] {"7.5", "-7.5", "1", "-1", "0", "-0.0", "inf", "nan", "5", "inf", "3", "-2"}, new String[] {"2", "2", "0", "0", "0", "0", "2", "1", "inf", "inf", "-0.0", "nan"}, new String[] {"1.5", "-1.5", "nan", "nan", "nan", "nan", "nan", "nan", "5.0", "nan", "nan", "nan"}),
      // tf.raw_ops.Div([7.5, -7.5, 1, -1, 0, -0.0, Infinity, NaN, 5, Infinity, 3, -2], [2, 2, 0, 0, 0, 0, 2, 1, Infinity, Infinity, -0.0, NaN]) with dtype float64 -> [3.75, -3.75, Infinity, -Infinity, NaN, NaN, Infinity, NaN, 0.0, NaN, -Infinity, NaN]
      new Case("tf.raw_ops.Div", DType.FLOAT64, 0, new String[] {"7.5", "-7.5", "1", "-1", "0", "-0.0", "inf", "nan", "5", "inf", "3", "-2"}, new String[] {"2", "2", "0", "0", "0", "0", "2", "1", "inf", "inf", "-0.0", "nan"}, new String[] {"3.75", "-3.75", "inf", "-inf", "nan", "nan", "inf", "nan", "0.0", "nan", "-inf", "nan"}),
      // tf.math.divide_no_nan([7.5, -7.5, 1, -1, 0, -0.0, Infinity, NaN, 5, Infinity, 3, -2], [2, 2, 0, 0, 0, 0, 2, 1, Infinity, Infinity, -0.0, NaN]) with dtype float64 -> [3.75, -3.75, 0.0, 0.0, 0.0, 0.0, Infinity, NaN, 0.0, NaN, 0.0, NaN]
      new Case("tf.math.divide_no_nan", DType.FLOAT64, 0, new String[] {"7.5", "-7.5", "1", "-1", "0", "-0.0", "inf", "nan", "5", "inf", "3", "-2"}, new String[] {"2", "2", "0", "0", "0", "0", "2", "1", "inf", "inf", "-0.0", "nan"}, new String[] {"3.75", "-3.75", "0.0", "0.0", "0.0", "0.0", "inf", "nan", "0.0", "nan", "0.0", "nan"}),
      // tf.math.multiply_no_nan([7.5, -7.5, 1, -1, 0, -0.0, Infinity, NaN, 5, Infinity, 3, -2], [2, 2, 0, 0, 0, 0, 2, 1, Infinity, Infinity, -0.0, NaN]) with dtype float64 -> [15.0, -15.0, 0.0, 0.0, 0.0, 0.0, Infinity, NaN, Infinity, Infinity, 0.0, NaN]
      new Case("tf.math.multiply_no_nan", DType.FLOAT64, 0, new String[] {"7.5", "-7.5", "1", "-1", "0", "-0.0", "inf", "nan", "5", "inf", "3", "-2"}, new String[] {"2", "2", "0", "0", "0", "0", "2", "1", "inf", "inf", "-0.0", "nan"}, new String[] {"15.0", "-15.0", "0.0", "0.0", "0.0", "0.0", "inf", "nan", "inf", "inf", "0.0", "nan"}),
      // tf.math.squared_difference([7.5, -7.5, 1, -1, 0, -0.0, Infinity, NaN, 5, Infinity, 3, -2], [2, 2, 0, 0, 0, 0, 2, 1, Infinity, Infinity, -0.0, NaN]) with dtype float64 -> [30.25, 90.25, 1.0, 1.0, 0.0, 0.0, Infinity, NaN, Infinity, NaN, 9.0, NaN]
      new Case("tf.math.squared_difference", DType.FLOAT64, 0, new String[] {"7.5", "-7.5", "1", "-1", "0", "-0.0", "inf", "nan", "5", "inf", "3", "-2"}, new String[] {"2", "2", "0", "0", "0", "0", "2", "1", "inf", "inf", "-0.0", "nan"}, new String[] {"30.25", "90.25", "1.0", "1.0", "0.0", "0.0", "inf", "nan", "inf", "nan", "9.0", "nan"}),
      // tf.math.atan2([7.5, -7.5, 1, -1, 0, -0.0, Infinity, NaN, 5, Infinity, 3, -2], [2, 2, 0, 0, 0, 0, 2, 1, Infinity, Infinity, -0.0, NaN]) with dtype float64 -> [1.3101939350475555, -1.3101939350475555, 1.5707963267948966, -1.5707963267948966, 0.0, -0.0, 1.5707963267948966, NaN, 0.0, 0.7853981633974483, 1.5707963267948966, NaN]
      new Case("tf.math.atan2", DType.FLOAT64, 1, new String[] {"7.5", "-7.5", "1", "-1", "0", "-0.0", "inf", "nan", "5", "inf", "3", "-2"}, new String[] {"2", "2", "0", "0", "0", "0", "2", "1", "inf", "inf", "-0.0", "nan"}, new String[] {"1.3101939350475555", "-1.3101939350475555", "1.5707963267948966", "-1.5707963267948966", "0.0", "-0.0", "1.5707963267948966", "nan", "0.0", "0.7853981633974483", "1.5707963267948966", "nan"}),
      // tf.math.nextafter([7.5, -7.5, 1, -1, 0, -0.0, Infinity, NaN, 5, Infinity, 3, -2], [2, 2, 0, 0, 0, 0, 2, 1, Infinity, Infinity, -0.0, NaN]) with dtype float64 -> [7.499999999999999, -7.499999999999999, 0.9999999999999999, -0.9999999999999999, 0.0, 0.0, 1.7976931348623157E308, NaN, 5.000000000000001, Infinity, 2.9999999999999996, NaN]
      new Case("tf.math.nextafter", DType.FLOAT64, 0, new String[] {"7.5", "-7.5", "1", "-1", "0", "-0.0", "inf", "nan", "5", "inf", "3", "-2"}, new String[] {"2", "2", "0", "0", "0", "0", "2", "1", "inf", "inf", "-0.0", "nan"}, new String[] {"7.499999999999999", "-7.499999999999999", "0.9999999999999999", "-0.9999999999999999", "0.0", "0.0", "1.7976931348623157E308", "nan", "5.000000000000001", "inf", "2.9999999999999996", "nan"}),
      // tf.math.pow([7.5, -7.5, 1, -1, 0, -0.0, Infinity, NaN, 5, Infinity, 3, -2], [2, 2, 0, 0, 0, 0, 2, 1, Infinity, Infinity, -0.0, NaN]) with dtype float64 -> [56.25, 56.25, 1.0, 1.0, 1.0, 1.0, Infinity, NaN, Infinity, Infinity, 1.0, NaN]
      new Case("tf.math.pow", DType.FLOAT64, 0, new String[] {"7.5", "-7.5", "1", "-1", "0", "-0.0", "inf", "nan", "5", "inf", "3", "-2"}, new String[] {"2", "2", "0", "0", "0", "0", "2", "1", "inf", "inf", "-0.0", "nan"}, new String[] {"56.25", "56.25", "1.0", "1.0", "1.0", "1.0", "inf", "nan", "inf", "inf", "1.0", "nan"})
  );

  @TestFactory
  Stream<DynamicTest> everyCase_matchesTf_denseAndRagged() {
    return CASES.stream().map(c -> DynamicTest.dynamicTest(c.method() + " on " + c.dtype(), () -> check(c)));
  }

  private static void check(Case c) throws Exception {
    GraphBuilder g = new GraphBuilder();
    int n = c.x().length;
    Value x = g.placeholder("x", Types.dense(c.dtype(), -1));
    Value rx = g.placeholder("rx", Types.ragged(c.dtype(), 1));
    Value dense;
    Value ragged;
    Tensor xs = tensor(c.dtype(), c.x());
    RowPartition p = RowPartition.fromRowSplits(new long[] {0, n / 2, n / 2, n}, DType.INT64, true);
    Map<String, Object> feeds;
    if (c.y() == null) {
      Method m = namespaceMethod(g.ops(), c.method(), Value.class);
      dense = (Value) m.invoke(namespace(g.ops(), c.method()), x);
      ragged = (Value) m.invoke(namespace(g.ops(), c.method()), rx);
      feeds = Map.of("x", xs, "rx", RaggedTensor.of(xs, p));
    } else {
      Method m = namespaceMethod(g.ops(), c.method(), Value.class, Value.class);
      Value y = g.placeholder("y", Types.dense(c.dtype(), -1));
      Value ry = g.placeholder("ry", Types.ragged(c.dtype(), 1));
      Tensor ys = tensor(c.dtype(), c.y());
      dense = (Value) m.invoke(namespace(g.ops(), c.method()), x, y);
      ragged = (Value) m.invoke(namespace(g.ops(), c.method()), rx, ry);
      feeds = Map.of("x", xs, "rx", RaggedTensor.of(xs, p), "y", ys, "ry", RaggedTensor.of(ys, p));
    }
    List<Object> out = Harness.runEverywhere(g.build(dense, ragged), feeds);
    Tensor result = (Tensor) out.get(0);
    assertEquals(result, ((RaggedTensor) out.get(1)).values(), "ragged flat values == dense result, bit for bit");
    for (int i = 0; i < n; i++) {
      String what = c.method() + " " + c.dtype() + " at " + i + " (x = " + c.x()[i] + (c.y() == null ? "" : ", y = " + c.y()[i])
          + "): TF " + c.tf()[i] + ", Tatter " + result.get(i);
      if (result.dtype() == DType.BOOL) {
        assertEquals(c.tf()[i].equals("1"), result.get(i), what);
      } else if (result.dtype().isInteger()) {
        assertEquals(Long.parseLong(c.tf()[i]), result.getLong(i), what);
      } else {
        assertTrue(closeToTf(result.dtype(), parse(c.tf()[i]), result.getDouble(i), c.ulps()), what);
      }
    }
  }

  /** Within {@code ulps} of TF's value; NaN for NaN; a zero of TF's sign; or TF's flushed zero for a subnormal. */
  static boolean closeToTf(DType dtype, double tf, double tatter, int ulps) {
    if (Double.isNaN(tf) || Double.isNaN(tatter)) {
      return Double.isNaN(tf) && Double.isNaN(tatter);
    }
    boolean float32 = dtype == DType.FLOAT32;
    double minNormal = float32 ? Float.MIN_NORMAL : Double.MIN_NORMAL;
    if (tf == 0 && tatter != 0 && Math.abs(tatter) < minNormal) {
      return Math.copySign(1, tf) == Math.copySign(1, tatter); // TF flushed the subnormal result
    }
    if (tf == 0 || tatter == 0 || Double.isInfinite(tf) || ulps == 0) {
      return float32 ? Float.floatToRawIntBits((float) tf) == Float.floatToRawIntBits((float) tatter)
          : Double.doubleToRawLongBits(tf) == Double.doubleToRawLongBits(tatter);
    }
    return ulpDistance(float32, tf, tatter) <= ulps;
  }

  /** The number of representable values between two finite non-zero values of one sign. */
  static long ulpDistance(boolean float32, double a, double b) {
    if (Math.signum(a) != Math.signum(b)) {
      return Long.MAX_VALUE;
    }
    return float32 ? Math.abs((long) Float.floatToRawIntBits((float) a) - Float.floatToRawIntBits((float) b))
        : Math.abs(Double.doubleToRawLongBits(a) - Double.doubleToRawLongBits(b));
  }

  static double parse(String s) {
    return switch (s) {
      case "nan" -> Double.NaN;
      case "inf" -> Double.POSITIVE_INFINITY;
      case "-inf" -> Double.NEGATIVE_INFINITY;
      default -> Double.parseDouble(s);
    };
  }

  static Tensor tensor(DType dtype, String[] values) {
    Object data = dtype.layout().newArray(values.length);
    for (int i = 0; i < values.length; i++) {
      Object v = dtype.isInteger() ? (Object) Long.parseLong(values[i])
          : dtype == DType.FLOAT32 ? (Object) (double) (float) parse(values[i]) : (Object) parse(values[i]);
      Scalars.store(dtype, data, i, v);
    }
    return Tensor.wrap(dtype, new int[] {values.length}, data);
  }

  /** The namespace object a TF path's function is a method of: {@code tf.math.sqrt} is {@code tf.math}. */
  static Object namespace(Ops tf, String path) throws ReflectiveOperationException {
    Object ns = tf;
    String[] parts = path.split("\\.");
    for (int i = 1; i < parts.length - 1; i++) {
      ns = ns.getClass().getField(camel(parts[i])).get(ns);
    }
    return ns;
  }

  /** The method a TF path names, taking {@code params}: {@code tf.math.is_nan} is {@code tf.math.isNan(Value)}. */
  static Method namespaceMethod(Ops tf, String path, Class<?>... params) throws ReflectiveOperationException {
    String[] parts = path.split("\\.");
    return namespace(tf, path).getClass().getMethod(camel(parts[parts.length - 1]), params);
  }

  private static String camel(String snake) {
    StringBuilder out = new StringBuilder();
    for (String w : snake.split("_")) {
      out.append(out.length() == 0 ? w.substring(0, 1).toLowerCase(java.util.Locale.ROOT) : w.substring(0, 1).toUpperCase(java.util.Locale.ROOT))
          .append(w.substring(1));
    }
    return out.toString();
  }
}
