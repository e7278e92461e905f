package dev.tatter.frontend;

import dev.tatter.ir.GraphBuildException;
import dev.tatter.ir.Node;
import dev.tatter.ir.OpDef;
import dev.tatter.ir.ops.ComparisonOps;
import dev.tatter.ir.ops.ConversionOps;
import dev.tatter.ir.ops.BitwiseOps;
import dev.tatter.ir.ops.DivisionOps;
import dev.tatter.ir.ops.ElementwiseOps;
import dev.tatter.ir.ops.MathOps;
import dev.tatter.ir.ops.TranscendentalOps;
import dev.tatter.ir.ops.PartitionEncodingOps;
import dev.tatter.ir.ops.PartitionOps;
import dev.tatter.ir.ops.RaggedOps;
import dev.tatter.ir.ops.RaggedShapeOps;
import dev.tatter.ir.ops.ReductionOps;
import dev.tatter.ir.types.DenseType;
import dev.tatter.ir.types.PartitionType;
import dev.tatter.ir.types.RaggedType;
import dev.tatter.ir.types.Type;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.Tensor;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A symbolic value of a graph under construction — a dense tensor, a ragged tensor or a row
 * partition — with TF's methods as fluent calls. Each call adds nodes to the builder and
 * returns the new value; the static type ({@link #type()}) is known at once.
 *
 * <pre>{@code
 * Value tokens = g.placeholder("tokens", Types.ragged(DType.INT64, 1)); // ragged<int64>[None, (None)]
 * Value lengths = tokens.rowLengths();                                  // tensor<int64>[None]
 * Value padded = tokens.add(1).toTensor(0);                             // tensor<int64>[None, None]
 * }</pre>
 */
@BuilderApi
public final class Value {
  private final GraphBuilder builder;
  private final Node node;

  Value(GraphBuilder builder, Node node) {
    this.builder = builder;
    this.node = node;
  }

  GraphBuilder builder() {
    return builder;
  }

  /** The IR node this value is (its named copy once {@link #named} has named it). */
  public Node node() {
    return builder.current(node);
  }

  /**
   * Names this value {@code name}: the printed IR shows it as {@code %name}, run-time errors
   * name it instead of {@code node #id}, and {@link Session#run(Map, String...)} fetches it by
   * that name. Names are unique in a graph and are IR identifiers (a letter or {@code _}, then
   * letters, digits, {@code _} or {@code .}). Name a value before using it as an input or output.
   * Returns this value (same node), for chaining: {@code x.mul(w).add(b).named("scores")}.
   */
  public Value named(String name) {
    builder.rename(this, name);
    return this;
  }

  public Type type() {
    return node.type();
  }

  public DType dtype() {
    return node.type().dtype();
  }

  /** The number of ragged dimensions; 0 for a dense tensor (TF's "possibly ragged" convention). */
  public int raggedRank() {
    return type() instanceof RaggedType rt ? rt.raggedRank() : 0;
  }

  /** The static shape as TF prints it: {@code (2, None, 3)}. */
  public String shape() {
    if (type() instanceof RaggedType rt) {
      return rt.tfShape();
    }
    if (type() instanceof DenseType dt) {
      return dt.tfShape();
    }
    if (type() instanceof dev.tatter.ir.types.SparseType st) {
      return st.tfShape();
    }
    if (type() instanceof dev.tatter.ir.types.UnrankedType ut) {
      return ut.tfShape();
    }
    throw GraphBuilder.misuse("a row partition has no shape", this);
  }

  // ---- ragged structure ----

  /** The values one level down (TF's {@code rt.values}); of a sparse tensor, TF's {@code st.values}. */
  public Value values() {
    if (type() instanceof dev.tatter.ir.types.SparseType) {
      return op(dev.tatter.ir.ops.SparseSelectOps.VALUES);
    }
    return op(RaggedOps.VALUES);
  }

  /** The innermost values (TF's {@code rt.flat_values}); a dense value is its own flat values. */
  public Value flatValues() {
    return builder.decompose(this).flatValues();
  }

  /** The outermost row partition (TF's {@code rt._row_partition}). */
  public Value partition() {
    return op(RaggedOps.PARTITION);
  }

  /**
   * TF's {@code rt.with_values(new_values)}: the same outer partition over other values; for a
   * sparse tensor, TF's {@code st.with_values}: the same indices and shape.
   */
  public Value withValues(Value newValues) {
    if (type() instanceof dev.tatter.ir.types.SparseType) {
      return Sparse.withValues(this, newValues);
    }
    return builder.ragged(newValues, asRagged("with_values").partition());
  }

  /** TF's {@code rt.with_flat_values(new_values)}: every partition kept, the innermost values replaced. */
  public Value withFlatValues(Value newFlatValues) {
    return builder.rebuild(newFlatValues, builder.decompose(asRagged("with_flat_values")).partitions());
  }

  /**
   * TF's {@code tf.ragged.map_flat_values(fn, rt)}: {@code fn} applied to the flat values, every
   * partition kept ({@code fn} must keep the flat values' row count); on a dense value, {@code fn(x)}.
   */
  public Value mapFlatValues(java.util.function.UnaryOperator<Value> fn) {
    if (!(type() instanceof RaggedType)) {
      return fn.apply(this);
    }
    GraphBuilder.Decomposed d = builder.decompose(this);
    return builder.rebuild(fn.apply(d.flatValues()), d.partitions());
  }

  /** TF's {@code rt.with_row_splits_dtype(dtype)}: every partition converted (narrowing checked at run time). */
  public Value withRowSplitsDType(DType dtype) {
    GraphBuilder.Decomposed d = builder.decompose(asRagged("with_row_splits_dtype"));
    return builder.rebuild(d.flatValues(), d.partitions().stream().map(p -> p.withDType(dtype)).toList());
  }

  /** TF's {@code rt.nested_row_splits}: the row splits of each partition, outermost first. */
  public List<Value> nestedRowSplits() {
    return builder.decompose(asRagged("nested_row_splits")).partitions().stream().map(Value::rowSplits).toList();
  }

  /** TF's {@code rt.nested_row_lengths()}. */
  public List<Value> nestedRowLengths() {
    return builder.decompose(asRagged("nested_row_lengths")).partitions().stream().map(Value::rowLengths).toList();
  }

  /** TF's {@code rt.nested_value_rowids()}. */
  public List<Value> nestedValueRowids() {
    return builder.decompose(asRagged("nested_value_rowids")).partitions().stream().map(Value::valueRowids).toList();
  }

  /**
   * TF's {@code rt.row_lengths(axis)}: axis 0 is nrows, axis 1 the outer row lengths, a deeper
   * axis gives a ragged tensor holding the lengths of that axis' rows (dense axes included);
   * negative axes count from the end.
   */
  public Value rowLengths(int axis) {
    RaggedType rt = (RaggedType) asRagged("row_lengths").type();
    int a = axis < 0 ? axis + rt.rank() : axis;
    if (a < 0 || a >= rt.rank()) {
      throw GraphBuilder.misuse("row_lengths: axis " + axis + " is out of range for rank " + rt.rank(), this);
    }
    if (a == 0) {
      return nrows();
    }
    if (a == 1) {
      return rowLengths();
    }
    Value values = values();
    if (values.type() instanceof RaggedType) {
      return withValues(values.rowLengths(a - 1));
    }
    return withValues(builder.op(RaggedShapeOps.DENSE_ROW_LENGTHS,
        Map.of("axis", (long) (a - 1), "out_type", rt.splitsDType()), values));
  }

  /** TF's {@code rt.bounding_shape()}: int vector of the splits dtype, one size per dimension. */
  public Value boundingShape() {
    return boundingShape(null, null);
  }

  /**
   * TF's {@code rt.bounding_shape(axis, out_type)}: {@code axis} null for the whole shape (else a
   * scalar; negative counts from the end), {@code outType} null for the splits dtype.
   */
  public Value boundingShape(Integer axis, DType outType) {
    RaggedType rt = (RaggedType) asRagged("bounding_shape").type();
    long a = -1;
    if (axis != null) {
      a = axis < 0 ? axis + rt.rank() : axis;
      if (a < 0 || a >= rt.rank()) {
        throw GraphBuilder.misuse("bounding_shape: axis " + axis + " is out of range for rank " + rt.rank(), this);
      }
    }
    return builder.op(RaggedShapeOps.BOUNDING_SHAPE,
        Map.of("axis", a, "out_type", outType == null ? rt.splitsDType() : outType), this);
  }

  /** TF's {@code rt.nrows(out_type)}: the row count as an {@code outType} scalar. */
  public Value nrows(DType outType) {
    return outType == asPartition().dtype() ? nrows() : builder.outerDim(this, outType);
  }

  private Value asRagged(String what) {
    if (!(type() instanceof RaggedType)) {
      throw GraphBuilder.misuse(what + " needs a ragged tensor", this);
    }
    return this;
  }

  // ---- partition encodings: on a partition, or on a ragged tensor's outer partition ----

  /** TF's {@code row_starts()}: {@code row_splits[:-1]}. */
  public Value rowStarts() {
    return asPartition().op(PartitionEncodingOps.ROW_STARTS);
  }

  /** TF's {@code row_limits()}: {@code row_splits[1:]}. */
  public Value rowLimits() {
    return asPartition().op(PartitionEncodingOps.ROW_LIMITS);
  }

  /** TF's {@code RowPartition.nvals()}: how many values the partition splits. */
  public Value nvals() {
    return asPartition().op(PartitionEncodingOps.NVALS);
  }

  /**
   * TF's {@code uniform_row_length}: present only when the partition is statically uniform (TF's
   * None otherwise, here {@code Optional.empty()}).
   */
  public Optional<Value> uniformRowLength() {
    Value p = asPartition();
    return isUniform() ? Optional.of(p.op(PartitionEncodingOps.UNIFORM_ROW_LENGTH)) : Optional.empty();
  }

  /** TF's {@code is_uniform()}: whether the partition is known, as the graph is built, to be uniform. */
  public boolean isUniform() {
    return ((PartitionType) asPartition().type()).uniform();
  }

  /** TF's {@code offsets_in_rows()}: each value's index within its row. */
  public Value offsetsInRows() {
    return asPartition().op(PartitionEncodingOps.OFFSETS_IN_ROWS);
  }

  /** TF's {@code RowPartition.with_dtype(dtype)}: itself if it has that dtype; narrowing to int32 is checked at run time. */
  public Value withDType(DType dtype) {
    if (!(type() instanceof PartitionType)) {
      throw GraphBuilder.misuse("with_dtype needs a row partition (use withRowSplitsDType on a ragged tensor)", this);
    }
    return dtype == dtype() ? this : builder.op(PartitionOps.WITH_DTYPE, Map.of("dtype", dtype), this);
  }

  public Value rowSplits() {
    return asPartition().op(PartitionOps.ROW_SPLITS);
  }

  public Value rowLengths() {
    return asPartition().op(PartitionOps.ROW_LENGTHS);
  }

  public Value valueRowids() {
    return asPartition().op(PartitionOps.VALUE_ROWIDS);
  }

  public Value nrows() {
    return asPartition().op(PartitionOps.NROWS);
  }

  private Value asPartition() {
    if (type() instanceof PartitionType) {
      return this;
    }
    if (type() instanceof RaggedType) {
      return partition();
    }
    throw GraphBuilder.misuse("expected a ragged tensor or a row partition", this);
  }

  // ---- elementwise ----
  // TF's operators. An operand is a Value or a Java scalar or (nested) array, converted to this
  // value's dtype as TF converts a Python scalar or list (integers wrap). Dense operands broadcast
  // as NumPy does; ragged operands work on flat values (see ElementwiseLowering).

  /** TF's {@code abs(x)}; the minimum integer wraps to itself. */
  public Value abs() {
    return ElementwiseLowering.unary(ElementwiseOps.ABS, this, Map.of());
  }

  /** TF's {@code -x}; the minimum integer wraps to itself. */
  public Value neg() {
    return ElementwiseLowering.unary(ElementwiseOps.NEG, this, Map.of());
  }

  /** TF's {@code ~rt}: logical not, bool only. */
  public Value invert() {
    return ElementwiseLowering.unary(ComparisonOps.INVERT, this, Map.of());
  }

  /** TF's {@code tf.cast(x, dtype)}. */
  public Value cast(DType dtype) {
    return ElementwiseLowering.cast(this, dtype);
  }

  /**
   * TF's {@code tf.dtypes.saturate_cast(x, dtype)}: x clamped to {@code dtype}'s finite range (the
   * bounds held in x's dtype, as TF's Python does), then cast. Numeric dtypes only.
   */
  public Value saturateCast(DType dtype) {
    return SaturateCast.apply(this, dtype);
  }

  /** TF's {@code tf.bitcast(x, type)}: the same bytes as {@code type} (dense numeric tensors). */
  public Value bitcast(DType type) {
    return builder.op(dev.tatter.ir.ops.BitcastOps.BITCAST, Map.of("type", type), this);
  }

  /** {@code this + other}; integers wrap. */
  public Value add(Object other) {
    return binary(ElementwiseOps.ADD, other);
  }

  public Value sub(Object other) {
    return binary(ElementwiseOps.SUB, other);
  }

  public Value mul(Object other) {
    return binary(ElementwiseOps.MUL, other);
  }

  /** TF's {@code /}: integers are cast to float32 (int8, int16) or float64 (int32, int64) first. */
  public Value truediv(Object other) {
    return ElementwiseLowering.truediv(ElementwiseOps.TRUEDIV, this, operand(other));
  }

  /** TF's Python-2 {@code div}: floor division on integers, true division on floats. */
  public Value div(Object other) {
    return binary(ElementwiseOps.DIV, other);
  }

  /** TF's {@code //}: floor division; integer division by zero fails at run time. */
  /** TF's {@code tf.math.maximum(x, y)}: the larger of the two, a NaN in either gives NaN. */
  public Value maximum(Object other) {
    return binary(ElementwiseOps.MAXIMUM, other);
  }

  /** TF's {@code tf.math.minimum(x, y)}: the smaller of the two, a NaN in either gives NaN. */
  public Value minimum(Object other) {
    return binary(ElementwiseOps.MINIMUM, other);
  }

  public Value floordiv(Object other) {
    return binary(ElementwiseOps.FLOORDIV, other);
  }

  /** TF's {@code %}: floor modulo, the result takes the divisor's sign. */
  public Value mod(Object other) {
    return binary(ElementwiseOps.MOD, other);
  }

  /** TF's {@code **}; a negative integer exponent fails at run time. */
  public Value pow(Object other) {
    return binary(ElementwiseOps.POW, other);
  }

  /** TF's {@code &}: logical and, bool only. */
  public Value and(Object other) {
    return binary(ComparisonOps.AND, other);
  }

  public Value or(Object other) {
    return binary(ComparisonOps.OR, other);
  }

  public Value xor(Object other) {
    return binary(ComparisonOps.XOR, other);
  }

  public Value lt(Object other) {
    return binary(ComparisonOps.LT, other);
  }

  public Value le(Object other) {
    return binary(ComparisonOps.LE, other);
  }

  public Value gt(Object other) {
    return binary(ComparisonOps.GT, other);
  }

  public Value ge(Object other) {
    return binary(ComparisonOps.GE, other);
  }

  /**
   * TF's {@code ==} ({@code Equal} with {@code incompatible_shape_error=False}): elementwise
   * equality where the shapes broadcast, else a scalar False. When the static shapes decide it,
   * the result is the ranked comparison or the constant False; when an unknown size decides it, the
   * result is {@code tensor<bool>[*]}, whose rank the run decides: only {@code invert},
   * {@code reduceAll()}/{@code reduceAny()} and fetching take it ({@link #equal} is ranked).
   */
  public Value eq(Object other) {
    return ElementwiseLowering.equality(ComparisonOps.EQ, this, operand(other), false);
  }

  /** TF's {@code !=}: elementwise inequality, or a scalar True where the shapes cannot broadcast (as {@link #eq}). */
  public Value ne(Object other) {
    return ElementwiseLowering.equality(ComparisonOps.NE, this, operand(other), true);
  }

  /** TF's {@code tf.math.equal}: like {@link #eq}, but shapes that cannot broadcast are an error. */
  public Value equal(Object other) {
    return binary(ComparisonOps.EQ, other);
  }

  /** TF's {@code tf.math.not_equal}. */
  public Value notEqual(Object other) {
    return binary(ComparisonOps.NE, other);
  }

  // the reflected forms: {@code other OP this}, for a scalar on the left

  public Value radd(Object other) {
    return rbinary(ElementwiseOps.ADD, other);
  }

  public Value rsub(Object other) {
    return rbinary(ElementwiseOps.SUB, other);
  }

  public Value rmul(Object other) {
    return rbinary(ElementwiseOps.MUL, other);
  }

  public Value rtruediv(Object other) {
    return ElementwiseLowering.truediv(ElementwiseOps.TRUEDIV, operand(other), this);
  }

  public Value rdiv(Object other) {
    return rbinary(ElementwiseOps.DIV, other);
  }

  public Value rfloordiv(Object other) {
    return rbinary(ElementwiseOps.FLOORDIV, other);
  }

  public Value rmod(Object other) {
    return rbinary(ElementwiseOps.MOD, other);
  }

  public Value rpow(Object other) {
    return rbinary(ElementwiseOps.POW, other);
  }

  public Value rand(Object other) {
    return rbinary(ComparisonOps.AND, other);
  }

  public Value ror(Object other) {
    return rbinary(ComparisonOps.OR, other);
  }

  public Value rxor(Object other) {
    return rbinary(ComparisonOps.XOR, other);
  }

  // ---- TF's math vocabulary (tf.math, tf.bitwise): one op each, ragged operands on flat values ----

  /** {@code tf.math.sqrt(x)}. */
  public Value sqrt() {
    return ElementwiseLowering.unary(TranscendentalOps.SQRT, this, Map.of());
  }

  /**
   * {@code tf.math.real(x)}: the real part of a complex value (float32 for complex64, float64 for
   * complex128); a real value is returned as it is, as TF does.
   */
  public Value real() {
    return dtype().isComplex() ? ElementwiseLowering.unary(dev.tatter.ir.ops.ComplexOps.REAL, this, Map.of()) : this;
  }

  /** {@code tf.math.imag(x)}: the imaginary part of a complex value; zeros of a real value's dtype, as TF gives. */
  public Value imag() {
    return dtype().isComplex() ? ElementwiseLowering.unary(dev.tatter.ir.ops.ComplexOps.IMAG, this, Map.of())
        : ElementwiseLowering.unary(MathOps.ZEROS_LIKE, this, Map.of());
  }

  /** {@code tf.math.conj(x)}: the complex conjugate; a real value is returned as it is, as TF does. */
  public Value conj() {
    return dtype().isComplex() ? ElementwiseLowering.unary(dev.tatter.ir.ops.ComplexOps.CONJ, this, Map.of()) : this;
  }

  /** {@code tf.math.angle(x)} of a complex value: {@code atan2(imag, real)}, in the part dtype. */
  public Value angle() {
    return ElementwiseLowering.unary(dev.tatter.ir.ops.ComplexOps.ANGLE, this, Map.of());
  }

  /** {@code tf.math.rsqrt(x)}. */
  public Value rsqrt() {
    return ElementwiseLowering.unary(TranscendentalOps.RSQRT, this, Map.of());
  }

  /** {@code tf.math.exp(x)}. */
  public Value exp() {
    return ElementwiseLowering.unary(TranscendentalOps.EXP, this, Map.of());
  }

  /** {@code tf.math.expm1(x)}. */
  public Value expm1() {
    return ElementwiseLowering.unary(TranscendentalOps.EXPM1, this, Map.of());
  }

  /** {@code tf.math.log(x)}. */
  public Value log() {
    return ElementwiseLowering.unary(TranscendentalOps.LOG, this, Map.of());
  }

  /** {@code tf.math.log1p(x)}. */
  public Value log1p() {
    return ElementwiseLowering.unary(TranscendentalOps.LOG1P, this, Map.of());
  }

  /** {@code tf.math.sigmoid(x)}. */
  public Value sigmoid() {
    return ElementwiseLowering.unary(TranscendentalOps.SIGMOID, this, Map.of());
  }

  /** {@code tf.math.softplus(x)}. */
  public Value softplus() {
    return ElementwiseLowering.unary(TranscendentalOps.SOFTPLUS, this, Map.of());
  }

  /** {@code tf.math.sin(x)}. */
  public Value sin() {
    return ElementwiseLowering.unary(TranscendentalOps.SIN, this, Map.of());
  }

  /** {@code tf.math.cos(x)}. */
  public Value cos() {
    return ElementwiseLowering.unary(TranscendentalOps.COS, this, Map.of());
  }

  /** {@code tf.math.tan(x)}. */
  public Value tan() {
    return ElementwiseLowering.unary(TranscendentalOps.TAN, this, Map.of());
  }

  /** {@code tf.math.asin(x)}. */
  public Value asin() {
    return ElementwiseLowering.unary(TranscendentalOps.ASIN, this, Map.of());
  }

  /** {@code tf.math.acos(x)}. */
  public Value acos() {
    return ElementwiseLowering.unary(TranscendentalOps.ACOS, this, Map.of());
  }

  /** {@code tf.math.atan(x)}. */
  public Value atan() {
    return ElementwiseLowering.unary(TranscendentalOps.ATAN, this, Map.of());
  }

  /** {@code tf.math.sinh(x)}. */
  public Value sinh() {
    return ElementwiseLowering.unary(TranscendentalOps.SINH, this, Map.of());
  }

  /** {@code tf.math.cosh(x)}. */
  public Value cosh() {
    return ElementwiseLowering.unary(TranscendentalOps.COSH, this, Map.of());
  }

  /** {@code tf.math.tanh(x)}. */
  public Value tanh() {
    return ElementwiseLowering.unary(TranscendentalOps.TANH, this, Map.of());
  }

  /** {@code tf.math.asinh(x)}. */
  public Value asinh() {
    return ElementwiseLowering.unary(TranscendentalOps.ASINH, this, Map.of());
  }

  /** {@code tf.math.acosh(x)}. */
  public Value acosh() {
    return ElementwiseLowering.unary(TranscendentalOps.ACOSH, this, Map.of());
  }

  /** {@code tf.math.atanh(x)}. */
  public Value atanh() {
    return ElementwiseLowering.unary(TranscendentalOps.ATANH, this, Map.of());
  }

  /** {@code tf.math.erf(x)}. */
  public Value erf() {
    return ElementwiseLowering.unary(TranscendentalOps.ERF, this, Map.of());
  }

  /** {@code tf.math.erfc(x)}. */
  public Value erfc() {
    return ElementwiseLowering.unary(TranscendentalOps.ERFC, this, Map.of());
  }

  /** {@code tf.math.lgamma(x)}: log |Gamma(x)|. */
  public Value lgamma() {
    return ElementwiseLowering.unary(TranscendentalOps.LGAMMA, this, Map.of());
  }

  /** {@code tf.math.digamma(x)}: psi(x), the derivative of lgamma. */
  public Value digamma() {
    return ElementwiseLowering.unary(TranscendentalOps.DIGAMMA, this, Map.of());
  }

  /** {@code tf.math.floor(x)}. */
  public Value floor() {
    return ElementwiseLowering.unary(MathOps.FLOOR, this, Map.of());
  }

  /** {@code tf.math.ceil(x)}. */
  public Value ceil() {
    return ElementwiseLowering.unary(MathOps.CEIL, this, Map.of());
  }

  /** {@code tf.math.round (half to even)(x)}. */
  public Value round() {
    return ElementwiseLowering.unary(MathOps.ROUND, this, Map.of());
  }

  /** {@code tf.math.rint(x)}. */
  public Value rint() {
    return ElementwiseLowering.unary(MathOps.RINT, this, Map.of());
  }

  /** {@code tf.math.is_nan(x)}. */
  public Value isNan() {
    return ElementwiseLowering.unary(MathOps.IS_NAN, this, Map.of());
  }

  /** {@code tf.math.is_inf(x)}. */
  public Value isInf() {
    return ElementwiseLowering.unary(MathOps.IS_INF, this, Map.of());
  }

  /** {@code tf.math.is_finite(x)}. */
  public Value isFinite() {
    return ElementwiseLowering.unary(MathOps.IS_FINITE, this, Map.of());
  }

  /** {@code tf.math.sign(x)}. */
  public Value sign() {
    return ElementwiseLowering.unary(MathOps.SIGN, this, Map.of());
  }

  /** {@code tf.math.square(x)}. */
  public Value square() {
    return ElementwiseLowering.unary(MathOps.SQUARE, this, Map.of());
  }

  /** {@code tf.math.reciprocal(x)}. */
  public Value reciprocal() {
    return ElementwiseLowering.unary(MathOps.RECIPROCAL, this, Map.of());
  }

  /** {@code tf.zeros_like(x)}. */
  public Value zerosLike() {
    return ElementwiseLowering.unary(MathOps.ZEROS_LIKE, this, Map.of());
  }

  /** {@code tf.ones_like(x)}. */
  public Value onesLike() {
    return ElementwiseLowering.unary(MathOps.ONES_LIKE, this, Map.of());
  }

  /** {@code tf.zeros_like(x, dtype)}: zeros of {@code dtype} in x's shape (a ragged x keeps its partitions). */
  public Value zerosLike(DType dtype) {
    return dtype == dtype() ? zerosLike() : likeOfDType("zeros_like", dtype).zerosLike().cast(dtype);
  }

  /** {@code tf.ones_like(x, dtype)}: ones of {@code dtype} in x's shape (a ragged x keeps its partitions). */
  public Value onesLike(DType dtype) {
    return dtype == dtype() ? onesLike() : likeOfDType("ones_like", dtype).onesLike().cast(dtype);
  }

  private Value likeOfDType(String name, DType dtype) {
    if (dtype == DType.STRING || dtype() == DType.STRING) {
      throw GraphBuilder.misuse(name + "(x, dtype=" + dtype + ") of a " + dtype() + " x is not supported: "
          + "only conversions between numeric and bool dtypes are", this);
    }
    return this;
  }

  /** {@code tf.bitwise.invert(x)}. */
  public Value bitwiseInvert() {
    return ElementwiseLowering.unary(BitwiseOps.BITWISE_INVERT, this, Map.of());
  }

  /** {@code tf.math.logical_not(x)}. */
  public Value logicalNot() {
    return ElementwiseLowering.unary(ComparisonOps.INVERT, this, Map.of());
  }

  /** {@code tf.math.atan2(this, other): this is y, other is x}. */
  public Value atan2(Object other) {
    return binary(TranscendentalOps.ATAN2, other);
  }

  /** {@code tf.math.squared_difference}. */
  public Value squaredDifference(Object other) {
    return binary(MathOps.SQUARED_DIFFERENCE, other);
  }

  /** {@code tf.math.multiply_no_nan}. */
  public Value multiplyNoNan(Object other) {
    return binary(MathOps.MULTIPLY_NO_NAN, other);
  }

  /** {@code tf.math.nextafter}. */
  public Value nextafter(Object other) {
    return binary(MathOps.NEXTAFTER, other);
  }

  /** {@code tf.truncatediv}. */
  public Value truncatediv(Object other) {
    return binary(DivisionOps.TRUNCATEDIV, other);
  }

  /** {@code tf.truncatemod}. */
  public Value truncatemod(Object other) {
    return binary(DivisionOps.TRUNCATEMOD, other);
  }

  /** {@code tf.raw_ops.Div: integers truncate}. */
  public Value rawDiv(Object other) {
    return binary(DivisionOps.RAW_DIV, other);
  }

  /** {@code tf.realdiv: floats only, no cast}. */
  public Value realdiv(Object other) {
    return binary(ElementwiseOps.TRUEDIV, other);
  }

  /** {@code tf.math.divide_no_nan}. */
  public Value divideNoNan(Object other) {
    return binary(DivisionOps.DIVIDE_NO_NAN, other);
  }

  /** {@code tf.bitwise.bitwise_and}. */
  public Value bitwiseAnd(Object other) {
    return binary(BitwiseOps.BITWISE_AND, other);
  }

  /** {@code tf.bitwise.bitwise_or}. */
  public Value bitwiseOr(Object other) {
    return binary(BitwiseOps.BITWISE_OR, other);
  }

  /** {@code tf.bitwise.bitwise_xor}. */
  public Value bitwiseXor(Object other) {
    return binary(BitwiseOps.BITWISE_XOR, other);
  }

  /** {@code tf.bitwise.left_shift}. */
  public Value leftShift(Object other) {
    return binary(BitwiseOps.LEFT_SHIFT, other);
  }

  /** {@code tf.bitwise.right_shift}. */
  public Value rightShift(Object other) {
    return binary(BitwiseOps.RIGHT_SHIFT, other);
  }

  /** {@code tf.math.logical_and}. */
  public Value logicalAnd(Object other) {
    return binary(ComparisonOps.AND, other);
  }

  /** {@code tf.math.logical_or}. */
  public Value logicalOr(Object other) {
    return binary(ComparisonOps.OR, other);
  }

  /** {@code tf.math.logical_xor}. */
  public Value logicalXor(Object other) {
    return binary(ComparisonOps.XOR, other);
  }

  /** {@code tf.math.log_sigmoid(x)}, which TF computes as {@code -softplus(-x)}. */
  public Value logSigmoid() {
    return neg().softplus().neg();
  }

  /** {@code tf.math.reciprocal_no_nan(x)}: TF's {@code divide_no_nan(1, x)}. */
  public Value reciprocalNoNan() {
    return ElementwiseLowering.binary(DivisionOps.DIVIDE_NO_NAN, operand(1), this);
  }

  /**
   * {@code tf.clip_by_value(x, min, max)}, which TF computes as {@code maximum(minimum(x, max), min)}
   * and refuses when the bounds would broadcast x to another shape.
   */
  public Value clipByValue(Object min, Object max) {
    Value clipped = minimum(max).maximum(min);
    if (!clipped.shape().equals(shape())) {
      throw GraphBuilder.misuse("clip_by_value: the bounds broadcast x of shape " + shape() + " to " + clipped.shape()
          + "; they must not change its shape", this);
    }
    return clipped;
  }

  private Value operand(Object other) {
    return ElementwiseLowering.operand(this, other);
  }

  private Value binary(OpDef op, Object other) {
    return ElementwiseLowering.binary(op, this, operand(other));
  }

  private Value rbinary(OpDef op, Object other) {
    return ElementwiseLowering.binary(op, operand(other), this);
  }

  /** A binary elementwise op of this value and {@code other} (see {@link ElementwiseLowering}). */
  Value elementwise(OpDef op, Value other) {
    return ElementwiseLowering.binary(op, this, other);
  }

  // ---- reductions (reduce_sum, reduce_mean, ... along any axis) ----
  //
  // reduceX(axis) and reduceX(axis, keepdims) reduce one axis (negative counts from the end; a
  // ragged axis included); reduceX() reduces every axis to a scalar (TF's axis=None).

  /** {@code tf.reduce_sum(x, axis)}. */
  public Value reduceSum(int axis) {
    return reduceSum(axis, false);
  }

  /** {@code tf.reduce_sum(x, axis, keepdims)}. */
  public Value reduceSum(int axis, boolean keepdims) {
    return reduction(ReductionOps.REDUCE_SUM, List.of((long) axis), keepdims);
  }

  /** {@code tf.reduce_sum(x)}: every axis, a scalar. */
  public Value reduceSum() {
    return reduction(ReductionOps.REDUCE_SUM, allAxes(), false);
  }

  /** {@code tf.reduce_prod(x, axis)}. */
  public Value reduceProd(int axis) {
    return reduceProd(axis, false);
  }

  /** {@code tf.reduce_prod(x, axis, keepdims)}. */
  public Value reduceProd(int axis, boolean keepdims) {
    return reduction(ReductionOps.REDUCE_PROD, List.of((long) axis), keepdims);
  }

  /** {@code tf.reduce_prod(x)}: every axis, a scalar. */
  public Value reduceProd() {
    return reduction(ReductionOps.REDUCE_PROD, allAxes(), false);
  }

  /** {@code tf.reduce_min(x, axis)}. */
  public Value reduceMin(int axis) {
    return reduceMin(axis, false);
  }

  /** {@code tf.reduce_min(x, axis, keepdims)}. */
  public Value reduceMin(int axis, boolean keepdims) {
    return reduction(ReductionOps.REDUCE_MIN, List.of((long) axis), keepdims);
  }

  /** {@code tf.reduce_min(x)}: every axis, a scalar. */
  public Value reduceMin() {
    return reduction(ReductionOps.REDUCE_MIN, allAxes(), false);
  }

  /** {@code tf.reduce_max(x, axis)}. */
  public Value reduceMax(int axis) {
    return reduceMax(axis, false);
  }

  /** {@code tf.reduce_max(x, axis, keepdims)}. */
  public Value reduceMax(int axis, boolean keepdims) {
    return reduction(ReductionOps.REDUCE_MAX, List.of((long) axis), keepdims);
  }

  /** {@code tf.reduce_max(x)}: every axis, a scalar. */
  public Value reduceMax() {
    return reduction(ReductionOps.REDUCE_MAX, allAxes(), false);
  }

  /** {@code tf.reduce_mean(x, axis)}. */
  public Value reduceMean(int axis) {
    return reduceMean(axis, false);
  }

  /** {@code tf.reduce_mean(x, axis, keepdims)}. */
  public Value reduceMean(int axis, boolean keepdims) {
    return reduction(ReductionOps.REDUCE_MEAN, List.of((long) axis), keepdims);
  }

  /** {@code tf.reduce_mean(x)}: every axis, a scalar. */
  public Value reduceMean() {
    return reduction(ReductionOps.REDUCE_MEAN, allAxes(), false);
  }

  // ---- reductions TF composes from others (its Python layer; no kernel of their own) ----

  /**
   * {@code tf.math.reduce_variance(x, axis, keepdims)}. Dense, as TF computes it: the mean of the
   * squared deviations from the (kept-dims) mean; floats only, as TF refuses integers. Ragged, as
   * TF's ragged dispatch computes it: {@code maximum(mean(square(x)) - square(mean(x)), 0)}.
   */
  public Value reduceVariance(int axis, boolean keepdims) {
    if (raggedRank() > 0) {
      Value meanOfSquare = square().reduceMean(axis, keepdims);
      return meanOfSquare.sub(reduceMean(axis, keepdims).square()).maximum(0);
    }
    requireFloat("reduce_variance");
    Value means = reduceMean(axis, true);
    return sub(means).square().reduceMean(axis, keepdims);
  }

  /** {@code tf.math.reduce_std(x, axis, keepdims)}: the square root of {@link #reduceVariance}. */
  public Value reduceStd(int axis, boolean keepdims) {
    return reduceVariance(axis, keepdims).sqrt();
  }

  /**
   * {@code tf.math.reduce_euclidean_norm(x, axis, keepdims)} on a float tensor:
   * {@code sqrt(reduce_sum(square(x)))} (TF's EuclideanNorm kernel sums in Eigen's order, so the
   * last bits can differ, as for reduce_sum). On a ragged tensor, which TF's EuclideanNorm does not
   * take, the same composition over the ragged reduce_sum: an empty row's norm is 0.
   */
  public Value reduceEuclideanNorm(int axis, boolean keepdims) {
    requireFloat("reduce_euclidean_norm");
    return square().reduceSum(axis, keepdims).sqrt();
  }

  /**
   * {@code tf.math.reduce_logsumexp(x, axis, keepdims)} on a float tensor, as TF builds it: the
   * kept-dims maximum (0 where it is not finite), subtracted before the exp and added back after
   * the log. A ragged tensor goes through the same composition with the ragged reductions and
   * broadcasting (as TF's Python composition would with its ragged dispatch), along its innermost
   * axis only: along another one the kept-dims maximum does not broadcast back over rows of
   * different lengths (TF's composition fails there too, at run time). An empty row gives -inf, as
   * an empty dense reduction does.
   */
  public Value reduceLogsumexp(int axis, boolean keepdims) {
    requireFloat("reduce_logsumexp");
    if (type() instanceof RaggedType rt && axis != rt.rank() - 1 && axis != -1) {
      throw GraphBuilder.misuse("reduce_logsumexp of a ragged tensor takes its innermost axis (" + (rt.rank() - 1) + " or -1), got "
          + axis + ": the maximum it subtracts does not broadcast back over rows of different lengths", this);
    }
    if (type() instanceof RaggedType rt && rt.rank() - 1 > rt.raggedRank()) {
      return withFlatValues(flatValues().reduceLogsumexp(-1, keepdims)); // a uniform innermost axis: each flat value's row
    }
    if (type() instanceof RaggedType rt && rt.raggedRank() > 1) {
      return withValues(values().reduceLogsumexp(-1, keepdims)); // the innermost ragged axis: rows of the innermost level
    }
    Value rawMax = reduceMax(axis, true);
    // TF's select(is_finite(m), m, 0): multiply_no_nan gives 0 where the factor is 0, m * 1 = m elsewhere
    Value max = rawMax.multiplyNoNan(rawMax.isFinite().cast(dtype()));
    Value result = sub(max).exp().reduceSum(axis, keepdims).log();
    return result.add(keepdims ? max : max.reduceMax(axis, false));
  }

  private void requireFloat(String op) {
    if (!dtype().isFloating()) {
      throw GraphBuilder.misuse(op + " takes floats (TF: \"Input must be either real or complex\"), got " + dtype(), this);
    }
  }

  /** {@code tf.reduce_all(x, axis)}. */
  public Value reduceAll(int axis) {
    return reduceAll(axis, false);
  }

  /** {@code tf.reduce_all(x, axis, keepdims)}. */
  public Value reduceAll(int axis, boolean keepdims) {
    return reduction(ReductionOps.REDUCE_ALL, List.of((long) axis), keepdims);
  }

  /** {@code tf.reduce_all(x)}: every axis, a scalar. */
  public Value reduceAll() {
    return reduction(ReductionOps.REDUCE_ALL, allAxes(), false);
  }

  /** {@code tf.reduce_any(x, axis)}. */
  public Value reduceAny(int axis) {
    return reduceAny(axis, false);
  }

  /** {@code tf.reduce_any(x, axis, keepdims)}. */
  public Value reduceAny(int axis, boolean keepdims) {
    return reduction(ReductionOps.REDUCE_ANY, List.of((long) axis), keepdims);
  }

  /** {@code tf.reduce_any(x)}: every axis, a scalar. */
  public Value reduceAny() {
    return reduction(ReductionOps.REDUCE_ANY, allAxes(), false);
  }

  private Value reduction(OpDef op, List<Long> axis, boolean keepdims) {
    return builder.op(op, Map.of("axis", com.google.common.collect.ImmutableList.copyOf(axis), "keepdims", keepdims), this);
  }

  private List<Long> allAxes() {
    int rank;
    if (type() instanceof RaggedType rt) {
      rank = rt.rank();
    } else if (type() instanceof DenseType dt) {
      rank = dt.rank();
    } else if (type() instanceof dev.tatter.ir.types.UnrankedType) {
      return List.of(); // every axis of whatever rank the run gives (see ReductionOps)
    } else {
      throw GraphBuilder.misuse("a row partition cannot be reduced", this);
    }
    List<Long> axes = new ArrayList<>();
    for (long a = 0; a < rank; a++) {
      axes.add(a);
    }
    return axes;
  }

  // ---- conversions ----

  /**
   * TF's {@code tf.math.cumsum(x, axis)} on a dense tensor, or on a ragged one along its innermost
   * ragged axis or a uniform axis below it; a negative axis counts from the end.
   */
  public Value cumsum(int axis) {
    return Scans.scan(this, false, axis, false, false);
  }

  /** TF's {@code tf.math.cumsum(x, axis, exclusive, reverse)}. */
  public Value cumsum(int axis, boolean exclusive, boolean reverse) {
    return Scans.scan(this, false, axis, exclusive, reverse);
  }

  /** TF's {@code tf.math.cumprod(x, axis)} (the axes {@link #cumsum(int)} takes). */
  public Value cumprod(int axis) {
    return Scans.scan(this, true, axis, false, false);
  }

  /** TF's {@code tf.math.cumprod(x, axis, exclusive, reverse)}. */
  public Value cumprod(int axis, boolean exclusive, boolean reverse) {
    return Scans.scan(this, true, axis, exclusive, reverse);
  }

  /**
   * TF's {@code tf.nn.softmax(x)} along the last axis of a dense tensor, or of a ragged one whose
   * last axis is its ragged axis (each row on its own; an empty row stays empty).
   */
  public Value softmax() {
    return Softmaxes.softmax(this, false, -1);
  }

  /** TF's {@code tf.nn.softmax(x, axis)}: any axis of a dense tensor, a ragged one's innermost ragged axis or a uniform axis below it. */
  public Value softmax(int axis) {
    return Softmaxes.softmax(this, false, axis);
  }

  /** TF's {@code tf.nn.log_softmax(x)} along the last axis (the axes {@link #softmax(int)} takes). */
  public Value logSoftmax() {
    return Softmaxes.softmax(this, true, -1);
  }

  /** TF's {@code tf.nn.log_softmax(x, axis)} (the axes {@link #softmax(int)} takes). */
  public Value logSoftmax(int axis) {
    return Softmaxes.softmax(this, true, axis);
  }

  /**
   * TF's {@code tf.reverse(x, axes)}: any axes of a dense tensor; of a ragged one axis 0 (the rows
   * in reverse order), the innermost ragged axis (each row reversed in place) and uniform axes below it.
   */
  public Value reverse(int... axes) {
    return Reverses.reverse(this, axes);
  }

  /** TF's {@code tf.expand_dims(x, axis)} on a dense or ragged tensor; a negative axis counts from the end. */
  public Value expandDims(int axis) {
    if (type() instanceof RaggedType rt) {
      return Combinations.expandDims(builder, this, axis < 0 ? axis + rt.rank() + 1 : axis);
    }
    if (!(type() instanceof DenseType dense)) {
      throw GraphBuilder.misuse("expand_dims takes a dense or ragged tensor", this);
    }
    long resolved = axis < 0 ? axis + dense.rank() + 1 : axis;
    return builder.op(dev.tatter.ir.ops.ArrayOps.EXPAND_DIMS, Map.of("axis", resolved), this);
  }

  /** TF's {@code rt.to_tensor()}: pads with zero (false, or "" for strings). */
  public Value toTensor() {
    return toTensor(builder.scalar(dtype(), zeroOf(dtype())));
  }

  /** TF's {@code rt.to_tensor(default_value)}. */
  public Value toTensor(Object defaultValue) {
    return toTensor(defaultValue, new long[0]);
  }

  /**
   * TF's {@code rt.to_tensor(default_value, shape=shape)}: the result is padded and truncated to
   * {@code shape}; {@code -1} ({@code None}) keeps a dim's computed size. A null
   * {@code defaultValue} pads with zero: {@code rt.toTensor(null, 5, 2)} is the seed's
   * {@code rt.to_tensor(shape=[5, 2])}.
   */
  public Value toTensor(Object defaultValue, long... shape) {
    Value dv = defaultValue == null ? builder.scalar(dtype(), zeroOf(dtype()))
        : defaultValue instanceof Value v ? v : builder.scalar(dtype(), defaultValue);
    return builder.op(ConversionOps.TO_TENSOR,
        Map.of("shape", com.google.common.collect.ImmutableList.copyOf(com.google.common.primitives.Longs.asList(shape))),
        this, dv);
  }

  /** TF's default padding: the dtype's zero. */
  private static Object zeroOf(DType dtype) {
    return switch (dtype.kind()) {
      case BOOL -> false;
      case STRING -> "";
      case FLOATING, COMPLEX -> 0.0;
      case INTEGER, UNSIGNED -> 0L;
    };
  }

  /** TF's {@code RaggedTensor.from_tensor(tensor)}: every row kept whole (ragged dims uniform). */
  public Value raggedFromTensor() {
    return Conversions.fromTensor(this, null, null, 1);
  }

  /**
   * TF's {@code RaggedTensor.from_tensor(tensor, lengths, padding, ragged_rank)}. {@code lengths}
   * (a Value, long[] or int[]; or a List of them, outermost first, for nested lengths) keeps the
   * first {@code lengths[r]} items of row r; {@code padding} (a Value, Tensor or scalar) drops
   * each row's suffix of padding items. They are mutually exclusive; null means not given.
   */
  public Value raggedFromTensor(Object lengths, Object padding, int raggedRank) {
    return Conversions.fromTensor(this, lengths, padding, raggedRank);
  }

  /** TF's {@code rt.to_sparse()}. */
  public Value toSparse() {
    return Conversions.toSparse(this);
  }

  /** TF's {@code RaggedTensor.from_sparse(st)}: 2-D and right-ragged only (an error names the first bad index). */
  public Value raggedFromSparse() {
    return Conversions.fromSparse(this, DType.INT64);
  }

  public Value raggedFromSparse(DType rowSplitsDType) {
    return Conversions.fromSparse(this, rowSplitsDType);
  }

  /** TF's {@code rt.merge_dims(outer_axis, inner_axis)}; negative axes count from the end. */
  public Value mergeDims(int outerAxis, int innerAxis) {
    return Conversions.mergeDims(this, outerAxis, innerAxis);
  }

  // ---- indexing (__getitem__) ----

  /**
   * TF's {@code x[key]} with a typed key: {@code rt.getItem(Index.all(), Index.slice(1, 3))} is
   * {@code rt[:, 1:3]}; {@code rt.getItem(Index.at(3), Index.at(0))} is {@code rt[3, 0]}. Integers
   * (negative from the end) drop their dim; slices keep it. Indexing a ragged inner dimension
   * with an integer, or a known dimension out of range, fails here; other ranges at run time.
   */
  public Value getItem(dev.tatter.runtime.Index... key) {
    return Indexing.getItem(this, java.util.Arrays.asList(key));
  }

  /** {@code x[i, j, ...]} with integers only: {@code rt.getItem(3, 0)} is {@code rt[3, 0]}. */
  public Value getItem(long... indices) {
    return Indexing.getItem(this, indices);
  }

  /** {@code x[key]} with the key as Python writes it between the brackets: {@code rt.getItem(":, -1:")}. */
  public Value getItem(String key) {
    return Indexing.getItem(this, key);
  }

  // ---- sparse ----

  /** TF's {@code tf.sparse.to_dense(st)}: zero (false, "") where no value is stored. */
  public Value toDense() {
    return Sparse.toDense(this, zeroOf(dtype()));
  }

  /**
   * TF's {@code tf.sparse.to_dense(st, default_value)} (validate_indices=True): out-of-range,
   * unordered and repeated indices fail at run time.
   */
  public Value toDense(Object defaultValue) {
    return Sparse.toDense(this, defaultValue);
  }

  /**
   * TF's {@code tf.sparse.to_dense(st, default_value, validate_indices)}: without validation
   * indices may come in any order and the last of repeated ones wins; out of range still fails.
   */
  public Value toDense(Object defaultValue, boolean validateIndices) {
    return Sparse.toDense(this, defaultValue, validateIndices);
  }

  /** TF's {@code tf.sparse.softmax(st)}: softmax over each row's stored values (float32/float64, rank >= 2). */
  public Value sparseSoftmax() {
    return SparseManipulation.softmax(this);
  }

  /** TF's {@code tf.sparse.to_indicator(st, vocab_size)}: a dense bool tensor marking each row's stored ids. */
  public Value sparseToIndicator(long vocabSize) {
    return SparseManipulation.toIndicator(this, vocabSize);
  }

  /**
   * TF's {@code tf.sparse.bincount(values, weights, axis, minlength, maxlength, binary_output)} of
   * this sparse, dense or ragged tensor: a sparse result; {@code weights} null or of this value's
   * kind (sparse with its indices, dense of its shape, ragged with its row splits); {@code axis} 0 or -1.
   */
  public Value sparseBincount(Value weights, int axis, Long minlength, Long maxlength, boolean binaryOutput) {
    return SparseManipulation.bincount(this, weights, axis, minlength, maxlength, binaryOutput);
  }

  /** TF's {@code tf.sparse.reorder(st)}: indices in row-major order. */
  public Value reorder() {
    return Sparse.reorder(this);
  }

  /**
   * TF's {@code st.set_shape(shape)} ({@code -1} for None): the same sparse tensor with its static
   * shape merged with {@code shape}; an incompatible shape fails at once naming both. Values are
   * immutable, so this returns the merged value rather than changing this one.
   */
  public Value setShape(long... shape) {
    return Sparse.setShape(this, shape);
  }

  /** TF's {@code get_shape()}: the static shape, {@code (3, 4)}; the same as {@link #shape()}. */
  public String getShape() {
    return shape();
  }

  /** {@code sparse * dense}, the dense operand broadcast into the sparse one; implicit zeros stay zero. */
  public Value sparseMul(Value dense) {
    return Sparse.binary(this, dense, false);
  }

  /** {@code sparse / dense}, the dense operand broadcast into the sparse one; implicit zeros stay zero. */
  public Value sparseDiv(Value dense) {
    return Sparse.binary(this, dense, true);
  }

  /** TF's {@code tf.sparse.sparse_dense_matmul(sp_a, b)}: this 2-D sparse tensor times the dense matrix {@code b}. */
  public Value sparseDenseMatmul(Value b) {
    return sparseDenseMatmul(b, false, false);
  }

  /**
   * TF's {@code tf.sparse.sparse_dense_matmul(sp_a, b, adjoint_a, adjoint_b)}: {@code adjointA}
   * transposes this sparse operand, {@code adjointB} the dense one, before multiplying.
   */
  public Value sparseDenseMatmul(Value b, boolean adjointA, boolean adjointB) {
    return builder.op(dev.tatter.ir.ops.SparseMatmulOps.SPARSE_DENSE_MATMUL,
        Map.of("adjoint_a", adjointA, "adjoint_b", adjointB), this, b);
  }

  /**
   * TF's {@code tf.sparse.add(a, b)}: sparse + sparse is sparse (indices assumed in row-major
   * order, as TF assumes), sparse + dense of the same shape is dense (as in TF, {@code +} itself
   * is not defined on a sparse tensor).
   */
  public Value sparseAdd(Value other) {
    return SparseManipulation.add(this, other, 0);
  }

  /** TF's {@code tf.sparse.add(a, b, threshold)}: where both store a value, the sum is kept only if {@code threshold <= |sum|}. */
  public Value sparseAdd(Value other, double threshold) {
    return SparseManipulation.add(this, other, threshold);
  }

  /** TF's {@code tf.sparse.maximum(a, b)}: over the union of both sparse operands' entries, a missing side being 0. */
  public Value sparseMaximum(Value other) {
    return builder.op(dev.tatter.ir.ops.SparseAddOps.MAXIMUM, Map.of(), this, other);
  }

  /** TF's {@code tf.sparse.minimum(a, b)}: over the union of both sparse operands' entries, a missing side being 0. */
  public Value sparseMinimum(Value other) {
    return builder.op(dev.tatter.ir.ops.SparseAddOps.MINIMUM, Map.of(), this, other);
  }

  /** TF's {@code tf.sparse.slice(sp, start, size)}: the entries in {@code [start, start + size)}, shifted by {@code start}. */
  public Value sparseSlice(long[] start, long[] size) {
    return SparseManipulation.slice(this, start, size);
  }

  /** TF's {@code tf.sparse.reshape(sp, shape)}: one dim may be -1. */
  public Value sparseReshape(long... shape) {
    return SparseManipulation.reshape(this, shape);
  }

  /** TF's {@code tf.sparse.transpose(sp)}: the dims reversed. */
  public Value sparseTranspose() {
    return SparseManipulation.transpose(this, null);
  }

  /** TF's {@code tf.sparse.transpose(sp, perm)}: dim {@code d} of the result is dim {@code perm[d]}. */
  public Value sparseTranspose(long... perm) {
    return SparseManipulation.transpose(this, perm);
  }

  /** TF's {@code tf.sparse.expand_dims(sp, axis)}. */
  public Value sparseExpandDims(long axis) {
    return SparseManipulation.expandDims(this, axis);
  }

  /** TF's {@code tf.sparse.reset_shape(sp)}: the tight bounding shape of the indices. */
  public Value sparseResetShape() {
    return SparseManipulation.resetShape(this, null);
  }

  /** TF's {@code tf.sparse.reset_shape(sp, new_shape)}: the same rank, no dim smaller than now. */
  public Value sparseResetShape(long[] newShape) {
    return SparseManipulation.resetShape(this, newShape);
  }

  /** TF's {@code tf.sparse.reduce_sum(sp)}: the sum of the stored values, a dense scalar. */
  public Value sparseReduceSum() {
    return SparseManipulation.reduce(this, false, null, false, false);
  }

  /** TF's {@code tf.sparse.reduce_sum(sp, axis, keepdims)}, dense; {@code axis} null is every axis. */
  public Value sparseReduceSum(long[] axis, boolean keepdims) {
    return SparseManipulation.reduce(this, false, axis, keepdims, false);
  }

  /** TF's {@code tf.sparse.reduce_sum(sp, axis, keepdims, output_is_sparse=True)}. */
  public Value sparseReduceSumSparse(long[] axis, boolean keepdims) {
    return SparseManipulation.reduce(this, false, axis, keepdims, true);
  }

  /** TF's {@code tf.sparse.reduce_max(sp)}: the largest stored value (0 if none), a dense scalar. */
  public Value sparseReduceMax() {
    return SparseManipulation.reduce(this, true, null, false, false);
  }

  /** TF's {@code tf.sparse.reduce_max(sp, axis, keepdims)}, dense; positions without stored values are 0. */
  public Value sparseReduceMax(long[] axis, boolean keepdims) {
    return SparseManipulation.reduce(this, true, axis, keepdims, false);
  }

  /** TF's {@code tf.sparse.reduce_max(sp, axis, keepdims, output_is_sparse=True)}. */
  public Value sparseReduceMaxSparse(long[] axis, boolean keepdims) {
    return SparseManipulation.reduce(this, true, axis, keepdims, true);
  }

  /** TF's {@code st.indices}: int64 {@code [N, ndims]}. */
  public Value indices() {
    Sparse.type(this);
    return op(dev.tatter.ir.ops.SparseSelectOps.INDICES);
  }

  /** TF's {@code st.dense_shape}: int64 {@code [ndims]}. */
  public Value denseShape() {
    Sparse.type(this);
    return op(dev.tatter.ir.ops.SparseSelectOps.DENSE_SHAPE);
  }

  /** TF's {@code tf.sparse.retain(sp, to_retain)}: the entries where the bool vector is true. */
  public Value sparseRetain(Value toRetain) {
    return SparseManipulation.retain(this, toRetain);
  }

  /** TF's {@code tf.sparse.fill_empty_rows(sp, default_value)}: {@code [the filled tensor, empty_row_indicator]}. */
  public List<Value> sparseFillEmptyRows(Object defaultValue) {
    return SparseManipulation.fillEmptyRows(this, defaultValue);
  }

  /** TF's {@code tf.sparse.split(sp, num_split, axis)}: the pieces, in order. */
  public List<Value> sparseSplit(long numSplit, long axis) {
    return SparseManipulation.split(this, numSplit, axis);
  }

  /** TF's {@code tf.sparse.map_values(fn, sp)}: {@code fn} applied to the stored values, indices unchanged. */
  public Value sparseMapValues(java.util.function.UnaryOperator<Value> fn) {
    return SparseManipulation.mapValues(this, fn);
  }

  /** TF's {@code consumers()}: the values built so far that take this one as an input, in graph order. */
  public List<Value> consumers() {
    return Sparse.consumers(this);
  }

  /**
   * TF's {@code eval(feed_dict, session)}: runs {@code session} (whose graph holds this value) and
   * returns this value (a Tensor, RaggedTensor, SparseTensor or RowPartition).
   */
  public Object eval(Map<String, ?> feeds, Session session) {
    return session.run(feeds, this).get(0);
  }

  private Value op(OpDef op) {
    return builder.op(op, Map.of(), this);
  }


  @Override
  public String toString() {
    return node().toString();
  }
}
