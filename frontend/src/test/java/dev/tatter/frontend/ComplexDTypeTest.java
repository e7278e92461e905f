package dev.tatter.frontend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.ir.GraphBuildException;
import dev.tatter.ir.text.GraphParser;
import dev.tatter.ir.text.GraphPrinter;
import dev.tatter.runtime.Complex128;
import dev.tatter.runtime.Complex64;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.Tensor;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * complex64 and complex128: feeding and fetching, printing, literals, casts and the elementwise
 * ops, each through {@link Harness#runEverywhere} (interpreter, optimizer, verified bytecode, text
 * round trip). Expected values are TF's: the seed's {@code tf.abs} example, and otherwise what
 * NumPy 2.4 (the same IEEE arithmetic as TF's Eigen kernels for add, sub, mul, and TF's and
 * NumPy's printing) gives for the TF call in the comment.
 */
class ComplexDTypeTest {
  private final GraphBuilder g = new GraphBuilder();
  private final Ops tf = g.ops();

  private List<Object> run(Map<String, ?> feeds, Value... outputs) {
    return Harness.runEverywhere(g.build(outputs), feeds);
  }

  private static final Tensor A128 = Tensor.ofComplex128(1.5, -2, -0.0, 1, 3, 4);
  private static final Tensor B128 = Tensor.ofComplex128(0.5, 0.25, 2, -1, -1, 0);

  @Test
  void printsAsPythonPrintsComplexNumbers() {
    // repr(complex(1, 2)), repr(1j), repr(complex(-0.0, -1)), repr(complex(nan, inf)), repr(complex(0.0, -0.0)),
    // repr(complex(1.5, -0.0)), repr(complex(1e16, 1e-5)) -> (1+2j) 1j (-0-1j) (nan+infj) -0j (1.5-0j) (1e+16+1e-05j)
    Tensor t = Tensor.ofComplex128(1, 2, 0, 1, -0.0, -1, Double.NaN, Double.POSITIVE_INFINITY, 0, -0.0, 1.5, -0.0, 1e16, 1e-5);
    assertEquals("[(1+2j), 1j, (-0-1j), (nan+infj), -0j, (1.5-0j), (1e+16+1e-05j)]", t.toString());
    // np.complex64(0.1 + 0.2j) prints (0.1+0.2j): float32's shortest digits
    assertEquals("[(0.1+0.2j), -infj]", Tensor.ofComplex64(0.1f, 0.2f, 0f, Float.NEGATIVE_INFINITY).toString());
    assertEquals(DType.COMPLEX64, Tensor.ofComplex64(1, 2).dtype());
    assertEquals(DType.FLOAT32, DType.COMPLEX64.realDType());
    assertEquals(DType.COMPLEX128, DType.FLOAT64.complexDType().orElseThrow());
  }

  @Test
  void feedsAndFetches_interleavedParts() {
    Tensor t = Tensor.ofComplex64(1.5f, -2f, 3f, 0.25f);
    assertEquals(-2.0, t.imag(0));
    assertEquals(3.0, t.real(1));
    assertEquals(new Complex64(3f, 0.25f), t.get(1));
    assertEquals(List.of(1.5, -2.0, 3.0, 0.25), java.util.Arrays.stream(t.toInterleavedArray()).boxed().toList());
    assertThrows(IllegalArgumentException.class, () -> Tensor.ofComplex64(1f, 2f, 3f));
    assertThrows(IllegalArgumentException.class, () -> Tensor.ofFloats(1f).real(0));
    assertThrows(IllegalArgumentException.class, () -> t.getDouble(0));
    assertThrows(IllegalArgumentException.class, () -> Tensor.of(DType.COMPLEX128, new Complex128[] {null}, 1));
    // a fed complex placeholder goes through as it came
    Value x = g.placeholder("x", Types.dense(DType.COMPLEX64, -1));
    assertEquals(t, run(Map.of("x", t), x.add(x).sub(x)).get(0));
  }

  @Test
  void textLiterals_roundTrip() {
    String ir = """
        %x = constant() {value = tensor<complex64>[4] [complex(re=1.5, im=-2.0), complex(re=-0.0, im=nan), 3.0, complex(re=0.1, im=-inf)]} : tensor<complex64>[4]
        return %x
        """;
    var graph = GraphParser.parse(ir, "c.tat");
    String printed = GraphPrinter.print(graph);
    assertTrue(printed.contains("[complex(re=1.5, im=-2.0), complex(re=-0.0, im=nan), complex(re=3.0, im=0.0), complex(re=0.1, im=-inf)]"), printed);
    assertEquals(printed, GraphPrinter.print(GraphParser.parse(printed, "again.tat")));
    assertEquals("[(1.5-2j), (-0+nanj), (3+0j), (0.1-infj)]", dev.tatter.codegen.Interpreter.run(graph, Map.of()).get(0).toString());
    // a struct of another name, or with other parts, is not a complex literal
    Exception bad = assertThrows(RuntimeException.class, () -> GraphParser.parse(
        "%x = constant() {value = tensor<complex128>[1] [complex(re=1.0, imag=2.0)]} : tensor<complex128>[1]\nreturn %x", "bad.tat"));
    assertTrue(bad.getMessage().contains("is not a valid complex128 (write complex(re=1.0, im=2.0))"), bad.getMessage());
  }

  @Test
  void seedAbs_andParts() {
    // the seed: tf.abs(tf.constant([[-2.25 + 4.75j], [-3.25 + 5.75j]])) -> float64 [[5.25594901], [6.60492241]]
    // (np.abs gives 5.25594901040716 and 6.604922406811453 in full)
    Value x = g.constant(Tensor.ofComplex128(-2.25, 4.75, -3.25, 5.75).reshape(2, 1));
    List<Object> out = run(Map.of(), x.abs(), tf.math.real(x), tf.math.imag(x), tf.math.conj(x), tf.math.angle(x));
    assertEquals(DType.FLOAT64, ((Tensor) out.get(0)).dtype());
    assertEquals("[[5.25594901040716], [6.604922406811453]]", out.get(0).toString());
    // tf.math.real / imag / conj of the same -> [[-2.25], [-3.25]], [[4.75], [5.75]], [[-2.25-4.75j], [-3.25-5.75j]]
    assertEquals("[[-2.25], [-3.25]]", out.get(1).toString());
    assertEquals("[[4.75], [5.75]]", out.get(2).toString());
    assertEquals("[[(-2.25-4.75j)], [(-3.25-5.75j)]]", out.get(3).toString());
    // tf.math.angle -> atan2(imag, real), glibc's (Python's math.atan2): [[2.0131705497716417], [2.0852476398539244]]
    assertEquals("[[2.0131705497716417], [2.0852476398539244]]", out.get(4).toString());
  }

  @Test
  void complexOfParts_complex64AndRagged() {
    // tf.complex(tf.constant([2.25, 3.25]), tf.constant([4.75, 5.75])) -> [2.25+4.75j, 3.25+5.75j] complex64
    Value re = g.constant(Tensor.ofFloats(2.25f, 3.25f, -0.0f));
    Value im = g.constant(Tensor.ofFloats(4.75f, 5.75f, -1f));
    Value z = tf.complex(re, im);
    assertEquals(DType.COMPLEX64, z.dtype());
    // over ragged values: tf.complex(rt, rt * 2) keeps rt's rows
    Value r = g.raggedFromRowSplits(g.constant(Tensor.ofDoubles(1, -2, 3)), g.constant(Tensor.ofLongs(0, 2, 2, 3)));
    Value zr = tf.complex(r, r.mul(2.0));
    List<Object> out = run(Map.of(), z, zr, zr.abs(), tf.math.real(z));
    assertEquals("[(2.25+4.75j), (3.25+5.75j), (-0-1j)]", out.get(0).toString());
    assertEquals("[[(1+2j), (-2-4j)], [], [(3+6j)]]", out.get(1).toString());
    // np.abs([1+2j, -2-4j, 3+6j]) -> [2.23606797749979, 4.47213595499958, 6.708203932499369]
    assertEquals("[[2.23606797749979, 4.47213595499958], [], [6.708203932499369]]", out.get(2).toString());
    assertEquals("[2.25, 3.25, -0.0]", out.get(3).toString());
    // float16 parts: TF's Complex takes float and double only
    Value h = g.constant(Tensor.ofFloat16(1f));
    GraphBuildException e = assertThrows(GraphBuildException.class, () -> tf.complex(h, h));
    assertTrue(e.getMessage().contains("complex is not defined on float16"), e.getMessage());
  }

  @Test
  void arithmetic_complex128AndComplex64() {
    // a = [1.5-2j, complex(-0.0, 1), 3+4j], b = [0.5+0.25j, 2-1j, -1+0j]; a+b, a-b, a*b, a/b, -a (NumPy complex128):
    Value a = g.constant(A128);
    Value b = g.constant(B128);
    List<Object> out = run(Map.of(), a.add(b), a.sub(b), a.mul(b), a.truediv(b), a.neg(), tf.math.square(a));
    assertEquals("[(2-1.75j), (2+0j), (2+4j)]", out.get(0).toString());
    assertEquals("[(1-2.25j), (-2+2j), (4+4j)]", out.get(1).toString());
    assertEquals("[(1.25-0.625j), (1+2j), (-3-4j)]", out.get(2).toString());
    assertEquals("[(0.8-4.4j), (-0.2+0.4j), (-3-4j)]", out.get(3).toString());
    // -(-0+1j) is (0-1j), which prints -1j
    assertEquals("[(-1.5+2j), -1j, (-3-4j)]", out.get(4).toString());
    // np.square(a) -> [(-1.75-6j), (-1-0j), (-7+24j)]
    assertEquals("[(-1.75-6j), (-1-0j), (-7+24j)]", out.get(5).toString());
    // the same in complex64: np.complex64 products and quotients, printed in float32's digits
    GraphBuilder g2 = new GraphBuilder();
    Ops g2Tf = g2.ops();
    Value a64 = g2.constant(Tensor.ofComplex64(1.5f, -2f, -0.0f, 1f, 3f, 4f));
    Value b64 = g2.constant(Tensor.ofComplex64(0.5f, 0.25f, 2f, -1f, -1f, 0f));
    List<Object> out64 = Harness.runEverywhere(g2.build(a64.mul(b64), a64.truediv(b64)), Map.of());
    assertEquals("[(1.25-0.625j), (1+2j), (-3-4j)]", out64.get(0).toString());
    assertEquals("[(0.8-4.4j), (-0.2+0.4j), (-3-4j)]", out64.get(1).toString());
  }

  @Test
  void division_edgeValues() {
    // Eigen's scaled complex division: no overflow in c^2 + d^2 (np: (1e300+1e300j) / (1e300+1e300j) -> (1+0j))
    Value x = g.constant(Tensor.ofComplex128(1e300, 1e300, 1, 1, 1, 0, 0, 0));
    Value y = g.constant(Tensor.ofComplex128(1e300, 1e300, 0, 0, Double.POSITIVE_INFINITY, 0, 1, 0));
    List<Object> out = run(Map.of(), x.truediv(y), tf.math.divideNoNan(x, y));
    // division by 0j: 0/0 parts (TF prints nan+nanj); 1 / inf -> 0 (the scale is inf, inf/inf is nan: Eigen gives nan too)
    assertEquals("[(1+0j), (nan+nanj), (nan+nanj), 0j]", out.get(0).toString());
    // tf.math.divide_no_nan(x, 0j) -> 0j
    assertEquals("[(1+0j), 0j, (nan+nanj), 0j]", out.get(1).toString());
  }

  @Test
  void equality_ieeeOnEachPart_andOrderingRefused() {
    // tf.equal([1+2j, nan+0j, -0+0j], [1+2j, nan+0j, 0j]) -> [True, False, True]
    Value a = g.constant(Tensor.ofComplex64(1, 2, Float.NaN, 0, -0.0f, 0));
    Value b = g.constant(Tensor.ofComplex64(1, 2, Float.NaN, 0, 0, 0));
    List<Object> out = run(Map.of(), tf.math.equal(a, b), tf.math.notEqual(a, b));
    assertEquals("[True, False, True]", out.get(0).toString());
    assertEquals("[False, True, False]", out.get(1).toString());
    GraphBuildException e = assertThrows(GraphBuildException.class, () -> a.lt(b));
    assertTrue(e.getMessage().contains("lt is not defined on complex64"), e.getMessage());
    assertThrows(GraphBuildException.class, () -> tf.math.maximum(a, b));
    assertThrows(GraphBuildException.class, () -> a.reduceMax());
  }

  @Test
  void casts_realToComplex_complexToReal_andBetweenWidths() {
    // tf.cast(tf.constant([1.5-2j, -3.7+1j]), tf.int32) -> [1, -3] (the imaginary part is dropped, as NumPy)
    Value z = g.constant(Tensor.ofComplex128(1.5, -2, -3.7, 1));
    // tf.cast(tf.constant([0.1]), tf.complex64) -> (0.1+0j); tf.cast(tf.constant([True, False]), tf.complex128) -> [1+0j, 0j]
    Value f = g.constant(Tensor.ofDoubles(0.1, -0.0));
    Value t = g.constant(Tensor.ofBools(true, false));
    Value u = g.constant(Tensor.ofUint64(-1L));
    List<Object> out = run(Map.of(), z.cast(DType.INT32), z.cast(DType.FLOAT32), z.cast(DType.COMPLEX64),
        f.cast(DType.COMPLEX64), t.cast(DType.COMPLEX128), z.cast(DType.BOOL), u.cast(DType.COMPLEX64),
        z.cast(DType.COMPLEX64).cast(DType.COMPLEX128));
    assertEquals("[1, -3]", out.get(0).toString());
    assertEquals("[1.5, -3.7]", out.get(1).toString());
    assertEquals("[(1.5-2j), (-3.7+1j)]", out.get(2).toString());
    assertEquals("[(0.1+0j), (-0+0j)]", out.get(3).toString());
    assertEquals("[(1+0j), 0j]", out.get(4).toString());
    assertEquals("[True, True]", out.get(5).toString());
    // np.uint64(2**64 - 1).astype(np.complex64) -> (1.8446744e+19+0j)
    assertEquals("[(1.8446744e+19+0j)]", out.get(6).toString());
    // np.complex64(-3.7+1j).astype(np.complex128) -> (-3.700000047683716+1j)
    assertEquals("[(1.5-2j), (-3.700000047683716+1j)]", out.get(7).toString());
  }

  @Test
  void transcendentals_withinTwoUlpOfNumPy() {
    // np.exp, np.log, np.sqrt, np.sin, np.cos, np.tanh of a = [1.5-2j, -0+1j, 3+4j] (glibc's cexp and the like)
    Value a = g.constant(A128);
    List<Object> out = run(Map.of(), tf.math.exp(a), tf.math.log(a), tf.math.sqrt(a), tf.math.sin(a), tf.math.cos(a), tf.math.tanh(a), tf.math.rsqrt(a), tf.math.reciprocal(a), tf.math.sign(a));
    close(out.get(0), -1.8650407290090891, -4.075188339491183, 0.5403023058681398, 0.8414709848078965, -13.128783081462158, -15.200784463067954);
    close(out.get(1), 0.9162907318741551, -0.9272952180016122, 0, 1.5707963267948966, 1.6094379124341003, 0.9272952180016122);
    close(out.get(2), 1.4142135623730951, -0.7071067811865475, 0.7071067811865476, 0.7071067811865476, 2, 1);
    close(out.get(3), 3.752771340479298, -0.2565539560904818, 0, 1.1752011936438014, 3.853738037919377, -27.016813258003932);
    close(out.get(4), 0.26612719531354573, 3.6177750739401375, 1.5430806348152437, -0.0, -27.034945603074224, -3.851153334811777);
    close(out.get(5), 1.0641443991765371, 0.08039101531016819, 0, 1.557407724654902, 1.000709536067233, 0.0049082580674960595);
    // 1 / np.sqrt(a): [(0.565685424949238+0.282842712474619j), (0.7071067811865476-0.7071067811865476j), (0.4-0.2j)]
    close(out.get(6), 0.565685424949238, 0.28284271247461895, 0.7071067811865475, -0.7071067811865475, 0.4, -0.2);
    // 1 / a: [(0.24+0.32j), -1j, (0.12-0.16j)]
    close(out.get(7), 0.24, 0.32, 0, -1, 0.12, -0.16);
    // tf.math.sign(a) in Eigen's vectorized psign, each part over max * sqrt(1 + (min / max)^2):
    // tf.math.sign(tf.complex([3., 3.], [-4., 4.])) -> [(0.6-0.8j), (0.6+0.8j)] (TF's scalar path, which an odd last
    // complex128 element takes, multiplies by 1/|a|: 0.6000000000000001)
    assertEquals("[(0.6-0.8j), (-0+1j), (0.6+0.8j)]", out.get(8).toString());
  }

  @Test
  void hyperbolicTanExpm1Sigmoid_withinTwoUlpOfNumPy() {
    // np.sinh, np.cosh, np.tan, np.expm1 and 1 / (1 + np.exp(-a)) of a = [1.5-2j, complex(-0.0, 1), 3+4j]
    Value a = g.constant(A128);
    List<Object> out = run(Map.of(), tf.math.sinh(a), tf.math.cosh(a), tf.math.tan(a), tf.math.expm1(a), tf.math.sigmoid(a));
    close(out.get(0), -0.8860929093625314, -2.139040009980677, -0.0, 0.8414709848078965, -6.5481200409110025, -7.61923172032141);
    close(out.get(1), -0.9789478196465577, -1.936148329510507, 0.5403023058681398, -0.0, -6.580663040551157, -7.581552742746545);
    close(out.get(2), 0.0053620609220030565, -1.036920282100185, -0.0, 0.7615941559557649, -0.00018734620462947845, 0.9993559873814732);
    close(out.get(3), -2.865040729009089, -4.075188339491183, -0.4596976941318603, 0.8414709848078965, -14.128783081462158, -15.200784463067954);
    close(out.get(4), 1.0498425829702442, -0.23480734041636897, 0.5, 0.27315124492189524, 1.0320721995882685, -0.04019550765508409);
  }

  @Test
  void sqrtAndExp_edgeValues() {
    // np.sqrt (C's csqrt, and Eigen's vectorized sqrt): sqrt(-4+0j) = 2j, sqrt(complex(-4, -0.0)) = -2j,
    // sqrt(1+infj) = inf+infj, sqrt(0j) = 0j
    Value z = g.constant(Tensor.ofComplex64(-4, 0, -4, -0.0f, 1, Float.POSITIVE_INFINITY, 0, 0));
    // np.exp(complex(-inf, 1)) = 0j, np.exp(complex(x, 0)) keeps the zero imaginary part: exp(1-0j) = (e-0j)
    Value e = g.constant(Tensor.ofComplex128(Double.NEGATIVE_INFINITY, 0, 1, -0.0));
    List<Object> out = run(Map.of(), tf.math.sqrt(z), tf.math.exp(e));
    assertEquals("[2j, -2j, (inf+infj), 0j]", out.get(0).toString());
    assertEquals("[0j, (2.718281828459045-0j)]", out.get(1).toString());
  }

  @Test
  void powAndSquaredDifference() {
    // np.power([1.5-2j, -0+1j, 3+4j], [0.5+0.25j, 2-1j, -1+0j]) -> [(1.939...-0.463...j), (-4.81...+5.9e-16j), (0.12-0.16j)]
    Value a = g.constant(A128);
    Value b = g.constant(B128);
    // tf.math.squared_difference(a, b) = (a-b) * conj(a-b): [(6.0625+0j), (8+0j), (32+0j)]
    List<Object> out = run(Map.of(), a.pow(b), tf.math.squaredDifference(a, b));
    close(out.get(0), 1.9390543212985194, -0.46338416583613423, -4.810477380965351, 5.89113572696996e-16, 0.12, -0.16);
    assertEquals("[(6.0625+0j), (8+0j), (32+0j)]", out.get(1).toString());
  }

  @Test
  void reductionsAndAddN_onDenseAndRagged() {
    // tf.reduce_sum([[1+2j, 3-1j], [0.5j, -1+0j]], axis=1) -> [4+1j, -1+0.5j]; reduce_prod -> [(5+5j), -0.5j]
    Value m = g.constant(Tensor.ofComplex128(1, 2, 3, -1, 0, 0.5, -1, 0).reshape(2, 2));
    // tf.reduce_sum(tf.ragged.constant([[1+2j, 3-1j], [], [0.5j]]), axis=1) -> [4+1j, 0j, 0.5j]
    Value r = g.raggedFromRowSplits(g.constant(Tensor.ofComplex64(1, 2, 3, -1, 0, 0.5f)), g.constant(Tensor.ofLongs(0, 2, 2, 3)));
    List<Object> out = run(Map.of(), m.reduceSum(1), m.reduceProd(1), r.reduceSum(1), r.reduceProd(1), m.reduceSum(),
        tf.math.addN(m, m, m), tf.zerosLike(m), tf.onesLike(m));
    assertEquals("[(4+1j), (-1+0.5j)]", out.get(0).toString());
    // (1+2j)(3-1j) = 3 - 1j + 6j + 2 = 5+5j; 0.5j * (-1+0j) = (0*-1 - 0.5*0) + (0*0 + 0.5*-1)j = (-0-0.5j) in
    // the lanes of one Packet2cd, which Eigen's finalizeBoth multiplies by the empty tail (1+0j):
    // 1*-0 - 0*-0.5 = +0, so TF gives 0-0.5j (-Ptf ComplexProductOracleTest.signedZeros_matchTfBitForBit)
    assertEquals("[(5+5j), -0.5j]", out.get(1).toString());
    assertEquals("[(4+1j), 0j, 0.5j]", out.get(2).toString());
    assertEquals("[(5+5j), (1+0j), 0.5j]", out.get(3).toString());
    assertEquals("(3+1.5j)", out.get(4).toString());
    assertEquals("[[(3+6j), (9-3j)], [1.5j, (-3+0j)]]", out.get(5).toString());
    assertEquals("[[0j, 0j], [0j, 0j]]", out.get(6).toString());
    assertEquals("[[(1+0j), (1+0j)], [(1+0j), (1+0j)]]", out.get(7).toString());
  }

  @Test
  void structuralOps_moveComplexElementsAsAnyOther() {
    Value m = g.constant(Tensor.ofComplex64(1, 2, 3, -1, 0, 0.5f, -1, 0).reshape(2, 2));
    Value rt = g.raggedFromTensor(m);
    List<Object> out = run(Map.of(), tf.gather(m, g.constant(Tensor.ofInts(1, 0))), rt.toTensor(null));
    assertEquals("[[0.5j, (-1+0j)], [(1+2j), (3-1j)]]", out.get(0).toString());
    assertEquals("[[(1+2j), (3-1j)], [0.5j, (-1+0j)]]", out.get(1).toString());
  }

  @Test
  void raggedFromTensorPadding_andSparseFromDense_compareComplexElements() {
    // tf.RaggedTensor.from_tensor([[1+2j, 0j], [3j, 0j]], padding=0j) -> [[(1+2j)], [3j]]
    Value m = g.constant(Tensor.ofComplex64(1, 2, 0, 0, 0, 3, -0.0f, 0).reshape(2, 2));
    Value rt = g.raggedFromTensor(m, null, g.scalar(DType.COMPLEX64, 0.0), 1);
    // tf.sparse.from_dense([[1+2j, 0j], [3j, -0+0j]]) keeps the two non-zero entries
    Value sp = tf.sparse.fromDense(m).values();
    List<Object> out = run(Map.of(), rt, sp);
    assertEquals("[[(1+2j)], [3j]]", out.get(0).toString());
    assertEquals("[(1+2j), 3j]", out.get(1).toString());
  }

  @Test
  void complexSteps_stayUnfusedWithARemark_andTheirRealNeighboursStillFuse() {
    Value x = g.placeholder("x", Types.dense(DType.FLOAT32, -1));
    Value z = tf.complex(x.mul(2.0f).add(1.0f), x);
    dev.tatter.ir.Graph graph = g.build(z.abs().mul(3.0f));
    dev.tatter.optimizer.FusePass fuse = new dev.tatter.optimizer.FusePass();
    dev.tatter.ir.Graph fused = fuse.run(graph);
    assertTrue(fuse.remarks().stream().anyMatch(r -> r.contains("(complex) stays unfused: complex values are objects")), fuse.remarks().toString());
    assertTrue(fuse.remarks().stream().anyMatch(r -> r.contains("(abs) stays unfused")), fuse.remarks().toString());
    assertTrue(GraphPrinter.print(fused).contains("fused("), GraphPrinter.print(fused));
    // tf.abs(tf.complex(2x + 1, x)) * 3 at x = [0, 1, -1] (np.float32(3) * np.abs(np.complex64(...))): [3.0, 9.486834, 4.2426405]
    List<Object> out = Harness.runEverywhere(graph, Map.of("x", Tensor.ofFloats(0, 1, -1)));
    assertEquals("[3.0, 9.486834, 4.2426405]", out.get(0).toString());
  }

  /** Each part of {@code value} (complex128) within 2 ulp of the expected parts, interleaved. */
  private static void close(Object value, double... expected) {
    double[] got = ((Tensor) value).toInterleavedArray();
    assertEquals(expected.length, got.length);
    for (int i = 0; i < got.length; i++) {
      double tolerance = 2 * Math.ulp(Math.max(Math.abs(expected[i]), Double.MIN_NORMAL));
      assertTrue(Math.abs(got[i] - expected[i]) <= tolerance || expected[i] == 0 && Math.abs(got[i]) < 1e-15,
          "part " + i + ": got " + got[i] + ", expected " + expected[i] + " in " + value);
    }
  }
}
