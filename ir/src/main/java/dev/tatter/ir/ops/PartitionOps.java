package dev.tatter.ir.ops;

import dev.tatter.ir.AttrKind;
import dev.tatter.ir.AttrSpec;
import dev.tatter.ir.Node;
import dev.tatter.ir.OpContext;
import dev.tatter.ir.OpDef;
import dev.tatter.ir.Trait;
import dev.tatter.ir.types.DenseType;
import dev.tatter.ir.types.Dims;
import dev.tatter.ir.types.PartitionType;
import dev.tatter.ir.types.Type;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.kernels.ragged.PartitionKernels;
import java.util.List;
import java.util.Map;

/**
 * Row partitions (TF's {@code RowPartition}): the factories from each encoding, and the basic
 * encodings; the other encodings are in {@link PartitionEncodingOps}. Each factory takes
 * {@code validate} (default true): the kernel checks its input and names the first offending
 * index and value. The splits dtype is the input's (int32 or int64); {@code partition_with_dtype}
 * converts it.
 */
public final class PartitionOps {
  private PartitionOps() {}

  public static final OpDef FROM_ROW_SPLITS =
      OpDef.builder("partition_from_row_splits")
          .summary("a partition from row splits; validate checks splits[0]=0 and that they never decrease")
          .operands("row_splits")
          .attribute(AttrSpec.optional("validate", AttrKind.BOOL, true))
          .traits(Trait.PURE)
          .type(ctx -> {
            DenseType splits = ctx.dense(0, DType.INT32, DType.INT64);
            if (splits.rank() != 1) {
              throw ctx.fail("row_splits must be a vector, got %s", splits);
            }
            long n = splits.dim(0);
            if (n == 0) {
              throw ctx.fail("row_splits must have at least one element, got %s", splits);
            }
            return PartitionType.ragged(splits.dtype(), n < 0 ? Dims.UNKNOWN : n - 1, Dims.UNKNOWN);
          })
          .kernel(PartitionKernels.class, "fromRowSplits")
          // from_row_splits(row_splits(p)) is p, when p's splits are known valid and p is not
          // statically uniform (which would change the result's type)
          .canonicalize((node, in, out) -> {
            Node splits = in.get(0);
            if (splits.op() != PartitionOps.ROW_SPLITS) {
              return null;
            }
            Node p = splits.input(0);
            boolean sameType = p.type() instanceof PartitionType pt && !pt.uniform();
            boolean valid = !node.attributes().getBool("validate") || PartitionRules.knownValid(p);
            return sameType && valid ? p : null;
          })
          .example("""
          %s = constant() {value = tensor<int64>[6] [0, 4, 4, 7, 8, 8]} : tensor<int64>[6]
          %p = partition_from_row_splits(%s) : partition<int64>[5, (None)]
          %0 = row_splits(%p) : tensor<int64>[6]
          return %0
              """, "[0, 4, 4, 7, 8, 8]")
          .tfApi("tf.experimental.RowPartition.from_row_splits", "tf.RaggedTensor.from_row_splits")
          .build();

  public static final OpDef ROW_SPLITS =
      OpDef.builder("row_splits")
          .summary("the row splits of a partition: [nrows + 1] offsets")
          .operands("partition")
          .traits(Trait.PURE)
          .type(ctx -> {
            PartitionType p = ctx.partition(0);
            return DenseType.of(p.splitsDType(), p.nrows() < 0 ? Dims.UNKNOWN : p.nrows() + 1);
          })
          .kernel(PartitionKernels.class, "rowSplits")
          // row_splits(from_row_splits(s)) is s; row_splits(from_row_lengths(L)) is one cumsum0(L)
          .canonicalize((node, in, out) -> {
            Node splits = PartitionRules.forward(in.get(0), PartitionOps.FROM_ROW_SPLITS, 0);
            if (splits != null || !PartitionRules.unchecked(in.get(0), PartitionOps.FROM_ROW_LENGTHS)) {
              return splits;
            }
            return out.add(PartitionEncodingOps.CUMSUM0, List.of(in.get(0).input(0)), Map.of(), null, node.location(), null);
          })
          .example("""
          %s = constant() {value = tensor<int64>[6] [0, 4, 4, 7, 8, 8]} : tensor<int64>[6]
          %p = partition_from_row_splits(%s) : partition<int64>[5, (None)]
          %0 = row_splits(%p) : tensor<int64>[6]
          return %0
              """, "[0, 4, 4, 7, 8, 8]")
          .tfApi("tf.experimental.RowPartition.row_splits", "tf.RaggedTensor.row_splits")
          .build();

  public static final OpDef ROW_LENGTHS =
      OpDef.builder("row_lengths")
          .summary("the length of each row: [nrows]")
          .operands("partition")
          .traits(Trait.PURE)
          .type(ctx -> DenseType.of(ctx.partition(0).splitsDType(), ctx.partition(0).nrows()))
          .kernel(PartitionKernels.class, "rowLengths")
          .canonicalize((node, in, out) -> PartitionRules.forward(in.get(0), PartitionOps.FROM_ROW_LENGTHS, 0))
          .example("""
          %s = constant() {value = tensor<int64>[6] [0, 4, 4, 7, 8, 8]} : tensor<int64>[6]
          %p = partition_from_row_splits(%s) : partition<int64>[5, (None)]
          %0 = row_lengths(%p) : tensor<int64>[5]
          return %0
              """, "[4, 0, 3, 1, 0]")
          .tfApi("tf.experimental.RowPartition.row_lengths", "tf.RaggedTensor.row_lengths")
          .build();

  public static final OpDef VALUE_ROWIDS =
      OpDef.builder("value_rowids")
          .summary("the row index of each value: [nvals]")
          .operands("partition")
          .traits(Trait.PURE)
          .type(ctx -> DenseType.of(ctx.partition(0).splitsDType(), ctx.partition(0).nvals()))
          .kernel(PartitionKernels.class, "valueRowids")
          .canonicalize((node, in, out) -> PartitionRules.forward(in.get(0), PartitionOps.FROM_VALUE_ROWIDS, 0))
          .example("""
          %s = constant() {value = tensor<int64>[6] [0, 4, 4, 7, 8, 8]} : tensor<int64>[6]
          %p = partition_from_row_splits(%s) : partition<int64>[5, (None)]
          %0 = value_rowids(%p) : tensor<int64>[None]
          return %0
              """, "[0, 0, 0, 0, 2, 2, 2, 3]")
          .tfApi("tf.experimental.RowPartition.value_rowids", "tf.RaggedTensor.value_rowids")
          .build();

  public static final OpDef NROWS =
      OpDef.builder("nrows")
          .summary("the number of rows, a scalar of the splits dtype")
          .operands("partition")
          .traits(Trait.PURE)
          .type(ctx -> DenseType.scalar(ctx.partition(0).splitsDType()))
          .kernel(PartitionKernels.class, "nrows")
          // nrows(from_value_rowids(ids, n)) is n; nrows(from_uniform_row_length(len, nvals, n)) is n
          .canonicalize((node, in, out) -> {
            Node n = PartitionRules.forward(in.get(0), PartitionOps.FROM_VALUE_ROWIDS, 1);
            return n != null ? n : PartitionRules.forward(in.get(0), PartitionOps.FROM_UNIFORM_ROW_LENGTH, 2);
          })
          .example("""
          %s = constant() {value = tensor<int64>[6] [0, 4, 4, 7, 8, 8]} : tensor<int64>[6]
          %p = partition_from_row_splits(%s) : partition<int64>[5, (None)]
          %0 = nrows(%p) : tensor<int64>[]
          return %0
              """, "5")
          .tfApi("tf.experimental.RowPartition.nrows", "tf.RaggedTensor.nrows")
          .build();

  public static final OpDef FROM_ROW_LENGTHS =
      OpDef.builder("partition_from_row_lengths")
          .summary("a partition from the length of each row; validate checks that none is negative")
          .operands("row_lengths")
          .attribute(AttrSpec.optional("validate", AttrKind.BOOL, true))
          .traits(Trait.PURE)
          .type(ctx -> PartitionType.ragged(vector(ctx, 0).dtype(), vector(ctx, 0).dim(0), Dims.UNKNOWN))
          .kernel(PartitionKernels.class, "fromRowLengths")
          .example("""
          %l = constant() {value = tensor<int64>[5] [4, 0, 3, 1, 0]} : tensor<int64>[5]
          %p = partition_from_row_lengths(%l) : partition<int64>[5, (None)]
          %0 = row_splits(%p) : tensor<int64>[6]
          return %0
              """, "[0, 4, 4, 7, 8, 8]")
          .tfApi("tf.experimental.RowPartition.from_row_lengths", "tf.RaggedTensor.from_row_lengths")
          .build();

  public static final OpDef FROM_ROW_STARTS =
      OpDef.builder("partition_from_row_starts")
          .summary("a partition from each row's first offset and nvals; validate checks starts[0]=0, "
              + "that they never decrease and do not pass nvals")
          .operands("row_starts", "nvals")
          .attribute(AttrSpec.optional("validate", AttrKind.BOOL, true))
          .traits(Trait.PURE)
          .type(ctx -> {
            DenseType starts = vector(ctx, 0);
            scalar(ctx, 1, starts.dtype());
            return PartitionType.ragged(starts.dtype(), starts.dim(0), constantSize(ctx, 1, "nvals"));
          })
          .kernel(PartitionKernels.class, "fromRowStarts")
          .example("""
          %s = constant() {value = tensor<int64>[5] [0, 4, 4, 7, 8]} : tensor<int64>[5]
          %n = constant() {value = tensor<int64>[] 8} : tensor<int64>[]
          %p = partition_from_row_starts(%s, %n) : partition<int64, nvals=8>[5, (None)]
          %0 = row_splits(%p) : tensor<int64>[6]
          return %0
              """, "[0, 4, 4, 7, 8, 8]")
          .tfApi("tf.experimental.RowPartition.from_row_starts", "tf.RaggedTensor.from_row_starts")
          .build();

  public static final OpDef FROM_ROW_LIMITS =
      OpDef.builder("partition_from_row_limits")
          .summary("a partition from each row's end offset; validate checks limits[0]>=0 and that they never decrease")
          .operands("row_limits")
          .attribute(AttrSpec.optional("validate", AttrKind.BOOL, true))
          .traits(Trait.PURE)
          .type(ctx -> PartitionType.ragged(vector(ctx, 0).dtype(), vector(ctx, 0).dim(0), Dims.UNKNOWN))
          .kernel(PartitionKernels.class, "fromRowLimits")
          .example("""
          %l = constant() {value = tensor<int64>[5] [4, 4, 7, 8, 8]} : tensor<int64>[5]
          %p = partition_from_row_limits(%l) : partition<int64>[5, (None)]
          %0 = row_splits(%p) : tensor<int64>[6]
          return %0
              """, "[0, 4, 4, 7, 8, 8]")
          .tfApi("tf.experimental.RowPartition.from_row_limits", "tf.RaggedTensor.from_row_limits")
          .build();

  public static final OpDef FROM_VALUE_ROWIDS =
      OpDef.builder("partition_from_value_rowids")
          .summary("a partition from each value's row index and the row count (trailing rows may be empty); "
              + "validate checks that rowids are sorted and in [0, nrows)")
          .operands("value_rowids", "nrows")
          .attribute(AttrSpec.optional("validate", AttrKind.BOOL, true))
          .traits(Trait.PURE)
          .type(ctx -> {
            DenseType ids = vector(ctx, 0);
            scalar(ctx, 1, ids.dtype());
            return PartitionType.ragged(ids.dtype(), constantSize(ctx, 1, "nrows"), ids.dim(0));
          })
          .kernel(PartitionKernels.class, "fromValueRowids")
          .example("""
          %ids = constant() {value = tensor<int64>[8] [0, 0, 0, 0, 2, 2, 2, 3]} : tensor<int64>[8]
          %n = constant() {value = tensor<int64>[] 5} : tensor<int64>[]
          %p = partition_from_value_rowids(%ids, %n) : partition<int64, nvals=8>[5, (None)]
          %0 = row_splits(%p) : tensor<int64>[6]
          return %0
              """, "[0, 4, 4, 7, 8, 8]")
          .tfApi("tf.experimental.RowPartition.from_value_rowids", "tf.RaggedTensor.from_value_rowids")
          .build();

  public static final OpDef NROWS_FROM_VALUE_ROWIDS =
      OpDef.builder("nrows_from_value_rowids")
          .summary("TF's default nrows for value_rowids: the last rowid + 1, or 0 without values")
          .operands("value_rowids")
          .traits(Trait.PURE)
          .type(ctx -> DenseType.scalar(vector(ctx, 0).dtype()))
          .kernel(PartitionKernels.class, "nrowsFromValueRowids")
          .example("""
          %ids = constant() {value = tensor<int64>[8] [0, 0, 0, 0, 2, 2, 2, 3]} : tensor<int64>[8]
          %0 = nrows_from_value_rowids(%ids) : tensor<int64>[]
          return %0
              """, "4")
          .tfApi("tf.experimental.RowPartition.from_value_rowids", "tf.RaggedTensor.from_value_rowids")
          .build();

  public static final OpDef FROM_UNIFORM_ROW_LENGTH =
      OpDef.builder("partition_from_uniform_row_length")
          .summary("nrows rows of uniform_row_length values each; validate checks the length is not "
              + "negative and length * nrows == nvals")
          .operands("uniform_row_length", "nvals", "nrows")
          .attribute(AttrSpec.optional("validate", AttrKind.BOOL, true))
          .traits(Trait.PURE)
          .type(PartitionOps::inferUniform)
          .kernel(PartitionKernels.class, "fromUniformRowLength")
          .example("""
          %len = constant() {value = tensor<int64>[] 2} : tensor<int64>[]
          %nv = constant() {value = tensor<int64>[] 8} : tensor<int64>[]
          %n = constant() {value = tensor<int64>[] 4} : tensor<int64>[]
          %p = partition_from_uniform_row_length(%len, %nv, %n) : partition<int64>[4, 2]
          %0 = row_splits(%p) : tensor<int64>[5]
          return %0
              """, "[0, 2, 4, 6, 8]")
          // the seed's RaggedTensor.from_uniform_row_length(values, 2) over values of shape (4, None)
          .example("""
          %v = constant() {value = tensor<int32>[10] [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]} : tensor<int32>[10]
          %s = constant() {value = tensor<int64>[5] [0, 3, 4, 6, 10]} : tensor<int64>[5]
          %inner = partition_from_row_splits(%s) : partition<int64>[4, (None)]
          %values = ragged(%v, %inner) : ragged<int32, nvals=[10]>[4, (None)]
          %len = constant() {value = tensor<int64>[] 2} : tensor<int64>[]
          %nv = outer_dim(%values) : tensor<int64>[]
          %n = uniform_nrows(%len, %nv) : tensor<int64>[]
          %p = partition_from_uniform_row_length(%len, %nv, %n) : partition<int64>[None, 2]
          %rt = ragged(%values, %p) : ragged<int32, nvals=[4, 10]>[2, 2, (None)]
          return %rt
              """, "[[[1, 2, 3], [4]], [[5, 6], [7, 8, 9, 10]]]")
          .tfApi("tf.experimental.RowPartition.from_uniform_row_length", "tf.RaggedTensor.from_uniform_row_length")
          .build();

  public static final OpDef UNIFORM_NROWS =
      OpDef.builder("uniform_nrows")
          .summary("how many rows of uniform_row_length nvals fills: nvals // length, 0 for length 0 (TF's default nrows)")
          .operands("uniform_row_length", "nvals")
          .traits(Trait.PURE)
          .type(ctx -> DenseType.scalar(scalar(ctx, 1, scalar(ctx, 0, null).dtype()).dtype()))
          .kernel(PartitionKernels.class, "uniformNrows")
          .example("""
          %len = constant() {value = tensor<int64>[] 5} : tensor<int64>[]
          %nv = constant() {value = tensor<int64>[] 20} : tensor<int64>[]
          %0 = uniform_nrows(%len, %nv) : tensor<int64>[]
          return %0
              """, "4")
          .tfApi("tf.experimental.RowPartition.from_uniform_row_length", "tf.RaggedTensor.from_uniform_row_length")
          .build();

  public static final OpDef UNIFORM_NVALS =
      OpDef.builder("uniform_nvals")
          .summary("uniform_row_length * nrows (TF's default nvals), an error if it overflows")
          .operands("uniform_row_length", "nrows")
          .traits(Trait.PURE)
          .type(ctx -> DenseType.scalar(scalar(ctx, 1, scalar(ctx, 0, null).dtype()).dtype()))
          .kernel(PartitionKernels.class, "uniformNvals")
          .example("""
          %len = constant() {value = tensor<int32>[] 5} : tensor<int32>[]
          %n = constant() {value = tensor<int32>[] 4} : tensor<int32>[]
          %0 = uniform_nvals(%len, %n) : tensor<int32>[]
          return %0
              """, "20")
          .tfApi("tf.experimental.RowPartition.from_uniform_row_length", "tf.RaggedTensor.from_uniform_row_length")
          .build();

  public static final OpDef WITH_DTYPE =
      OpDef.builder("partition_with_dtype")
          .summary("the partition with another splits dtype (TF's with_dtype); narrowing to int32 is checked")
          .operands("partition")
          .attribute(AttrSpec.required("dtype", AttrKind.DTYPE))
          .traits(Trait.PURE)
          .type(ctx -> {
            DType dtype = ctx.attributes().getDType("dtype");
            if (!dtype.isSplitsDType()) {
              throw ctx.fail("row splits dtype must be int32 or int64, got %s", dtype);
            }
            return ctx.partition(0).withSplitsDType(dtype);
          })
          .kernel(PartitionKernels.class, "withDType")
          // a conversion to the dtype the partition already has is the partition itself
          .canonicalize((node, in, out) ->
              in.get(0).type().dtype() == node.attributes().getDType("dtype") ? in.get(0) : null)
          .example("""
          %l = constant() {value = tensor<int64>[3] [2, 0, 1]} : tensor<int64>[3]
          %p = partition_from_row_lengths(%l) : partition<int64>[3, (None)]
          %q = partition_with_dtype(%p) {dtype = int32} : partition<int32>[3, (None)]
          %0 = row_splits(%q) : tensor<int32>[4]
          return %0
              """, "[0, 2, 2, 3]")
          .tfApi("tf.experimental.RowPartition.with_dtype", "tf.RaggedTensor.with_row_splits_dtype")
          .build();

  /** Operand {@code i} as an int32/int64 vector. */
  static DenseType vector(OpContext ctx, int i) {
    DenseType t = ctx.dense(i, DType.INT32, DType.INT64);
    if (t.rank() != 1) {
      throw ctx.fail("operand '%s' must be a vector, got %s", ctx.op().operandName(i), t);
    }
    return t;
  }

  /** Operand {@code i} as an int32/int64 scalar, of {@code dtype} unless that is null. */
  static DenseType scalar(OpContext ctx, int i, DType dtype) {
    DenseType t = ctx.dense(i, DType.INT32, DType.INT64);
    if (t.rank() != 0) {
      throw ctx.fail("operand '%s' must be a scalar, got %s", ctx.op().operandName(i), t);
    }
    if (dtype != null && t.dtype() != dtype) {
      throw ctx.fail("operand '%s' must have the partition's dtype %s, got %s", ctx.op().operandName(i), dtype, t.dtype());
    }
    return t;
  }

  /** The value of a constant scalar operand (a static size), or UNKNOWN; a negative constant is an error. */
  static long constantSize(OpContext ctx, int i, String what) {
    if (ctx.constant(i).isEmpty()) {
      return Dims.UNKNOWN;
    }
    long v = ctx.constant(i).get().getLong(0);
    if (v < 0) {
      throw ctx.fail("%s=%s must be >= 0", what, v);
    }
    return v;
  }

  private static Type inferUniform(OpContext ctx) {
    DType dtype = scalar(ctx, 0, null).dtype();
    scalar(ctx, 1, dtype);
    scalar(ctx, 2, dtype);
    long length = constantSize(ctx, 0, "uniform_row_length");
    long nvals = constantSize(ctx, 1, "nvals");
    long nrows = constantSize(ctx, 2, "nrows");
    if (Dims.isKnown(length) && Dims.isKnown(nrows) && Dims.isKnown(nvals)
        && (Dims.product(List.of(length, nrows)) != nvals)) {
      throw ctx.fail("uniform_row_length=%s times nrows=%s must equal nvals=%s", length, nrows, nvals);
    }
    if (Dims.isKnown(length) && length > 0 && Dims.isKnown(nvals) && nvals % length != 0) {
      throw ctx.fail("nvals=%s is not a multiple of uniform_row_length=%s", nvals, length);
    }
    if (length == 0 && Dims.isKnown(nvals) && nvals != 0) {
      throw ctx.fail("rows of uniform_row_length=0 cannot hold nvals=%s values", nvals);
    }
    return PartitionType.uniform(dtype, nrows, nvals, length);
  }
}
