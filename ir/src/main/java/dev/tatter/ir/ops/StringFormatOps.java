package dev.tatter.ir.ops;

import com.google.common.collect.ImmutableList;
import dev.tatter.ir.AttrKind;
import dev.tatter.ir.AttrSpec;
import dev.tatter.ir.OpContext;
import dev.tatter.ir.OpDef;
import dev.tatter.ir.Trait;
import dev.tatter.ir.types.DenseType;
import dev.tatter.ir.types.Dims;
import dev.tatter.ir.types.RaggedType;
import dev.tatter.ir.types.Type;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.kernels.strings.StringJoinKernels;
import dev.tatter.runtime.kernels.strings.StringNumberKernels;
import dev.tatter.runtime.kernels.strings.SubstrKernels;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Strings cut, converted and joined (TF's {@code Substr}, {@code StringToNumber},
 * {@code AsString}, {@code StringJoin}, {@code ReduceJoin}). The formatting attributes of
 * {@code as_string} are checked when the graph is built, where TF's kernel constructor checks them.
 */
public final class StringFormatOps {
  private StringFormatOps() {}

  public static final OpDef SUBSTR =
      OpDef.builder("substr")
          .summary("len bytes (unit BYTE) or UTF-8 characters (UTF8_CHAR) of each string from pos; a negative pos counts "
              + "from the end, a pos past either end is an error; pos and len are scalars or broadcast with the input")
          .operands("input", "pos", "len")
          .attribute(AttrSpec.optional("unit", AttrKind.STRING, "BYTE"))
          .traits(Trait.PURE)
          .type(StringFormatOps::substrType)
          .kernel(SubstrKernels.class, "substr")
          // tf.strings.substr([b'Hello', b'World'], 1, 3) -> [b'ell', b'orl']
          .example("""
              %s = constant() {value = tensor<string>[2] ["Hello", "World"]} : tensor<string>[2]
              %p = constant() {value = tensor<int32>[] 1} : tensor<int32>[]
              %l = constant() {value = tensor<int32>[] 3} : tensor<int32>[]
              %0 = substr(%s, %p, %l) : tensor<string>[2]
              return %0
              """, "[b'ell', b'orl']")
          // tf.strings.substr(b'Hello', -3, 2) -> b'll'; in characters: tf.strings.substr('naïve', 1, 3, unit='UTF8_CHAR') -> 'aïv'
          .example("""
              %s = constant() {value = tensor<string>[2] ["Hello", "naïve"]} : tensor<string>[2]
              %p = constant() {value = tensor<int64>[2] [-3, 1]} : tensor<int64>[2]
              %l = constant() {value = tensor<int64>[2] [2, 3]} : tensor<int64>[2]
              %0 = substr(%s, %p, %l) {unit = "UTF8_CHAR"} : tensor<string>[2]
              return %0
              """, "[b'll', b'a\\xc3\\xafv']")
          .tfRawOps("Substr").tfApi("tf.strings.substr")
          .build();

  public static final OpDef STRING_TO_NUMBER =
      OpDef.builder("string_to_number")
          .summary("each string parsed as a number of out_type (float32, float64, int32, int64), as TF parses it; "
              + "a string that does not parse is an error")
          .operands("input")
          .attribute(AttrSpec.optional("out_type", AttrKind.DTYPE, DType.FLOAT32))
          .traits(Trait.PURE)
          .type(ctx -> {
            DenseType input = ctx.dense(0, DType.STRING);
            DType out = ctx.attributes().getDType("out_type");
            if (out != DType.FLOAT32 && out != DType.FLOAT64 && out != DType.INT32 && out != DType.INT64) {
              throw ctx.fail("out_type must be float32, float64, int32 or int64 (TF's kernels), got %s", out);
            }
            return new DenseType(out, input.shape());
          })
          .kernel(StringNumberKernels.class, "toNumber")
          // tf.strings.to_number(["1.5", " -2e3 ", "inf"]) -> [1.5, -2000., inf]
          .example("""
              %s = constant() {value = tensor<string>[3] ["1.5", " -2e3 ", "inf"]} : tensor<string>[3]
              %0 = string_to_number(%s) : tensor<float32>[3]
              return %0
              """, "[1.5, -2000.0, inf]")
          // tf.strings.to_number(["42", "-7"], out_type=tf.int64) -> [42, -7]
          .example("""
              %s = constant() {value = tensor<string>[2] ["42", "-7"]} : tensor<string>[2]
              %0 = string_to_number(%s) {out_type = int64} : tensor<int64>[2]
              return %0
              """, "[42, -7]")
          .tfRawOps("StringToNumber").tfApi("tf.strings.to_number")
          .build();

  public static final OpDef AS_STRING =
      OpDef.builder("as_string")
          .summary("each number or bool as text, as C's printf prints it with TF's AsString format (a complex number "
              + "as (re,im), each part so formatted) "
              + "(precision, scientific, shortest, width, fill flag); a string, given a positive width, cut to precision bytes and padded to width")
          .operands("input")
          .attribute(AttrSpec.optional("precision", AttrKind.INT, -1L))
          .attribute(AttrSpec.optional("scientific", AttrKind.BOOL, false))
          .attribute(AttrSpec.optional("shortest", AttrKind.BOOL, false))
          .attribute(AttrSpec.optional("width", AttrKind.INT, -1L))
          .attribute(AttrSpec.optional("fill", AttrKind.STRING, ""))
          .traits(Trait.PURE)
          .type(StringFormatOps::asStringType)
          .kernel(StringNumberKernels.class, "asString")
          // tf.strings.as_string([3.5, -0.25]) -> [b'3.500000', b'-0.250000']
          .example("""
              %x = constant() {value = tensor<float32>[2] [3.5, -0.25]} : tensor<float32>[2]
              %0 = as_string(%x) : tensor<string>[2]
              return %0
              """, "[b'3.500000', b'-0.250000']")
          // tf.strings.as_string([3.123456, 0.0001], precision=2, scientific=True) -> [b'3.12e+00', b'1.00e-04']
          .example("""
              %x = constant() {value = tensor<float64>[2] [3.123456, 0.0001]} : tensor<float64>[2]
              %0 = as_string(%x) {precision = 2, scientific = true} : tensor<string>[2]
              return %0
              """, "[b'3.12e+00', b'1.00e-04']")
          // tf.strings.as_string([7, -7], width=4, fill='0') -> [b'0007', b'-007']
          .example("""
              %x = constant() {value = tensor<int32>[2] [7, -7]} : tensor<int32>[2]
              %0 = as_string(%x) {fill = "0", width = 4} : tensor<string>[2]
              return %0
              """, "[b'0007', b'-007']")
          // TF 2.18 (TF Java 1.1.0's kernel): tf.strings.as_string(['ab', 'héllo'], width=5) -> [b'   ab', b'h\xc3\xa9llo']
          .example("""
              %x = constant() {value = tensor<string>[2] ["ab", "héllo"]} : tensor<string>[2]
              %0 = as_string(%x) {width = 5} : tensor<string>[2]
              return %0
              """, "[b'   ab', b'h\\xc3\\xa9llo']")
          .tfRawOps("AsString").tfApi("tf.strings.as_string")
          .build();

  public static final OpDef STRING_JOIN =
      OpDef.builder("string_join")
          .summary("a + separator + b for each pair of strings; each operand a scalar or of the other's shape")
          .operands("a", "b")
          .attribute(AttrSpec.optional("separator", AttrKind.STRING, ""))
          .traits(Trait.PURE)
          .type(ctx -> {
            DenseType a = ctx.dense(0, DType.STRING);
            DenseType b = ctx.dense(1, DType.STRING);
            if (a.rank() == 0) {
              return b;
            }
            if (b.rank() == 0) {
              return a;
            }
            if (a.rank() != b.rank()) {
              throw ctx.fail("Inputs must be the same shape, or scalars; got: %s vs. %s", a.shape(), b.shape());
            }
            List<Long> shape = new ArrayList<>();
            for (int d = 0; d < a.rank(); d++) {
              Long merged = Dims.merge(a.shape().get(d), b.shape().get(d));
              if (merged == null) {
                throw ctx.fail("Inputs must be the same shape, or scalars; got: %s vs. %s", a.shape(), b.shape());
              }
              shape.add(merged);
            }
            return new DenseType(DType.STRING, ImmutableList.copyOf(shape));
          })
          .kernel(StringJoinKernels.class, "join")
          // tf.strings.join(['abc', 'def'], separator=' ') -> b'abc def'; with a vector: tf.strings.join([['a', 'b'], '!']) -> [b'a!', b'b!']
          .example("""
              %a = constant() {value = tensor<string>[2] ["a", "b"]} : tensor<string>[2]
              %b = constant() {value = tensor<string>[] "!"} : tensor<string>[]
              %0 = string_join(%a, %b) {separator = " "} : tensor<string>[2]
              return %0
              """, "[b'a !', b'b !']")
          .tfRawOps("StringJoin").tfApi("tf.strings.join")
          .build();

  public static final OpDef REDUCE_JOIN =
      OpDef.builder("reduce_join")
          .summary("the strings along axis joined in order with separator (tf.strings.reduce_join); dense: any axes, "
              + "ragged: any axes, one at a time, the highest first (TF's ragged dispatch); an empty group gives \"\"")
          .operands("input")
          .attribute(AttrSpec.required("axis", AttrKind.INTS))
          .attribute(AttrSpec.optional("keepdims", AttrKind.BOOL, false))
          .attribute(AttrSpec.optional("separator", AttrKind.STRING, ""))
          .traits(Trait.PURE)
          .type(StringFormatOps::reduceJoinType)
          .kernel(StringJoinKernels.class, "reduceJoin")
          // tf.strings.reduce_join([['abc', '123'], ['def', '456']], axis=-1, separator='.') -> [b'abc.123', b'def.456']
          .example("""
              %s = constant() {value = tensor<string>[2, 2] [["abc", "123"], ["def", "456"]]} : tensor<string>[2, 2]
              %0 = reduce_join(%s) {axis = [-1], separator = "."} : tensor<string>[2]
              return %0
              """, "[b'abc.123', b'def.456']")
          // tf.strings.reduce_join(tf.ragged.constant([['a', 'b', 'c'], ['d'], []]), axis=1, separator=' ') -> [b'a b c', b'd', b'']
          .example("""
              %v = constant() {value = tensor<string>[4] ["a", "b", "c", "d"]} : tensor<string>[4]
              %s = constant() {value = tensor<int64>[4] [0, 3, 4, 4]} : tensor<int64>[4]
              %p = partition_from_row_splits(%s) : partition<int64>[3, (None)]
              %rt = ragged(%v, %p) : ragged<string, nvals=[4]>[3, (None)]
              %0 = reduce_join(%rt) {axis = [1], separator = " "} : tensor<string>[3]
              return %0
              """, "[b'a b c', b'd', b'']")
          .tfRawOps("ReduceJoin").tfApi("tf.strings.reduce_join")
          .build();

  private static Type substrType(OpContext ctx) {
    DenseType input = ctx.dense(0, DType.STRING);
    DenseType pos = ctx.dense(1, DType.INT32, DType.INT64);
    DenseType len = ctx.dense(2, DType.INT32, DType.INT64);
    String unit = (String) ctx.attributes().get("unit");
    if (!unit.equals("BYTE") && !unit.equals("UTF8_CHAR")) {
      throw ctx.fail("unit must be BYTE or UTF8_CHAR, got %s", unit);
    }
    if (pos.dtype() != len.dtype()) {
      throw ctx.fail("pos and len must have one dtype, got %s and %s", pos.dtype(), len.dtype());
    }
    if (pos.rank() != len.rank()) {
      throw ctx.fail("pos and len should have the same shape, got: %s vs. %s", pos.shape(), len.shape());
    }
    if (pos.rank() == 0) {
      return new DenseType(DType.STRING, input.shape());
    }
    int rank = Math.max(input.rank(), pos.rank());
    List<Long> shape = new ArrayList<>();
    for (int d = 0; d < rank; d++) {
      long a = dim(input, d - (rank - input.rank()));
      long b = dim(pos, d - (rank - pos.rank()));
      if (Dims.isKnown(a) && Dims.isKnown(b) && a != b && a != 1 && b != 1) {
        throw ctx.fail("Incompatible shapes: %s vs. %s", input.shape(), pos.shape());
      }
      shape.add(a == 1 ? b : b == 1 ? a : Dims.isKnown(a) ? a : b);
    }
    return new DenseType(DType.STRING, ImmutableList.copyOf(shape));
  }

  private static long dim(DenseType t, int d) {
    return d < 0 ? 1 : t.shape().get(d);
  }

  private static Type asStringType(OpContext ctx) {
    DenseType input = ctx.dense(0);
    DType dtype = input.dtype();
    if (!(dtype.isNumeric() || dtype.isComplex() || dtype == DType.BOOL || dtype == DType.STRING)) {
      throw ctx.fail("Type not supported: %s (as_string takes numbers, bool and string)", dtype);
    }
    long precision = ctx.attributes().getInt("precision");
    boolean scientific = ctx.attributes().getBool("scientific");
    boolean shortest = ctx.attributes().getBool("shortest");
    String fill = (String) ctx.attributes().get("fill");
    // TF 2.18's AsString takes strings: notation is not used for them, precision only with a positive width
    if (!dtype.isFloating() && !dtype.isComplex() && dtype != DType.STRING) {
      if (scientific || shortest) {
        throw ctx.fail("scientific and shortest format not supported for datatype %s", dtype);
      }
      if (precision >= 0) {
        throw ctx.fail("precision not supported for datatype %s", dtype);
      }
    }
    if (fill.length() > 1) {
      throw ctx.fail("Fill string must be one or fewer characters");
    }
    if (scientific && shortest) {
      throw ctx.fail("Cannot select both scientific and shortest notation");
    }
    if (!fill.isEmpty() && " +-0#".indexOf(fill.charAt(0)) < 0) {
      throw ctx.fail("Fill argument not supported: \"%s\"", fill);
    }
    long width = ctx.attributes().getInt("width");
    if (width > 1_000_000 || precision > 1_000_000) {
      throw ctx.fail("width and precision must be at most 1000000, got %d and %d", width, precision);
    }
    return new DenseType(DType.STRING, input.shape());
  }

  private static Type reduceJoinType(OpContext ctx) {
    Type input = ctx.tensor(0);
    if (input.dtype() != DType.STRING) {
      throw ctx.fail("reduce_join takes strings, got %s", input.dtype());
    }
    boolean keepdims = ctx.attributes().getBool("keepdims");
    long[] axis = SparseShapeOps.ints(ctx, "axis");
    int rank = input instanceof RaggedType rt ? rt.rank() : ((DenseType) input).rank();
    boolean[] reduced = reducedAxes(ctx, axis, rank);
    if (input instanceof DenseType dense) {
      return denseReduced(dense, reduced, keepdims);
    }
    // TF's ragged_reduce_aggregate: one axis at a time, the highest first, the rest at once when dense
    Type t = input;
    for (int d = rank - 1; d >= 0; d--) {
      if (!reduced[d]) {
        continue;
      }
      if (t instanceof DenseType dense) {
        boolean[] rest = Arrays.copyOf(reduced, dense.rank());
        Arrays.fill(rest, d + 1, rest.length, false);
        return denseReduced(dense, rest, keepdims);
      }
      t = ReductionOps.reduceAxis(t, d, keepdims);
    }
    return t;
  }

  private static boolean[] reducedAxes(OpContext ctx, long[] axis, int rank) {
    boolean[] reduced = new boolean[rank];
    for (long a : axis) {
      if (a < -rank || a >= rank) {
        throw ctx.fail("Invalid reduction dimension %d for input with %d dimension(s)", a, rank);
      }
      int d = (int) (a < 0 ? a + rank : a);
      if (reduced[d]) {
        throw ctx.fail("Duplicate reduction dimension %d", a);
      }
      reduced[d] = true;
    }
    return reduced;
  }

  private static DenseType denseReduced(DenseType dense, boolean[] reduced, boolean keepdims) {
    List<Long> shape = new ArrayList<>();
    for (int d = 0; d < dense.rank(); d++) {
      if (!reduced[d]) {
        shape.add(dense.shape().get(d));
      } else if (keepdims) {
        shape.add(1L);
      }
    }
    return new DenseType(DType.STRING, ImmutableList.copyOf(shape));
  }
}
