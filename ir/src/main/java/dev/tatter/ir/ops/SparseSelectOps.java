package dev.tatter.ir.ops;

import com.google.common.collect.ImmutableList;
import dev.tatter.ir.AttrKind;
import dev.tatter.ir.AttrSpec;
import dev.tatter.ir.OpDef;
import dev.tatter.ir.Trait;
import dev.tatter.ir.types.DenseType;
import dev.tatter.ir.types.Dims;
import dev.tatter.ir.types.SparseType;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.kernels.sparse.SparseSelectKernels;
import java.util.ArrayList;
import java.util.List;

/**
 * A sparse tensor's parts ({@code st.indices}, {@code st.values}, {@code st.dense_shape}) and the
 * {@code tf.sparse} ops that pick, add or split entries. TF ops with several results are one op
 * per result, as the IR has one result per node: {@code fill_empty_rows} is {@code
 * sparse_fill_empty_rows} and {@code sparse_empty_rows} (its indicator), {@code split} is one
 * {@code sparse_split {index}} per piece.
 */
public final class SparseSelectOps {
  private SparseSelectOps() {}

  /** tf.sparse.SparseTensor([[0, 0], [2, 1]], [7, 8], [4, 3]): rows 1 and 3 empty. */
  private static final String GAPS = """
          %i = constant() {value = tensor<int64>[2, 2] [[0, 0], [2, 1]]} : tensor<int64>[2, 2]
          %v = constant() {value = tensor<int32>[2] [7, 8]} : tensor<int32>[2]
          %s = constant() {value = tensor<int64>[2] [4, 3]} : tensor<int64>[2]
          %st = sparse_tensor(%i, %v, %s) {shape = [4, 3]} : sparse<int32>[4, 3]
      """;

  public static final OpDef INDICES =
      OpDef.builder("sparse_indices")
          .summary("st.indices, int64 [N, ndims]")
          .operands("st")
          .traits(Trait.PURE)
          .type(ctx -> DenseType.of(DType.INT64, Dims.UNKNOWN, ctx.sparse(0).rank()))
          .kernel(SparseSelectKernels.class, "indices")
          .example(GAPS + """
          %0 = sparse_indices(%st) : tensor<int64>[None, 2]
          return %0
              """, "[[0, 0], [2, 1]]")
          .tfApi("tf.sparse.SparseTensor.indices")
          .build();

  public static final OpDef VALUES =
      OpDef.builder("sparse_values")
          .summary("st.values, [N]")
          .operands("st")
          .traits(Trait.PURE)
          .type(ctx -> DenseType.of(ctx.sparse(0).dtype(), Dims.UNKNOWN))
          .kernel(SparseSelectKernels.class, "values")
          .example(GAPS + """
          %0 = sparse_values(%st) : tensor<int32>[None]
          return %0
              """, "[7, 8]")
          .tfApi("tf.sparse.SparseTensor.values")
          .build();

  public static final OpDef DENSE_SHAPE =
      OpDef.builder("sparse_dense_shape")
          .summary("st.dense_shape, int64 [ndims]")
          .operands("st")
          .traits(Trait.PURE)
          .type(ctx -> DenseType.of(DType.INT64, ctx.sparse(0).rank()))
          .kernel(SparseSelectKernels.class, "denseShape")
          .example(GAPS + """
          %0 = sparse_dense_shape(%st) : tensor<int64>[2]
          return %0
              """, "[4, 3]")
          .tfApi("tf.sparse.SparseTensor.dense_shape")
          .build();

  public static final OpDef RETAIN =
      OpDef.builder("sparse_retain")
          .summary("the entries where to_retain (a bool per entry) is true, in their order")
          .operands("st", "to_retain")
          .traits(Trait.PURE)
          .type(ctx -> {
            SparseType st = ctx.sparse(0);
            DenseType keep = ctx.dense(1, DType.BOOL);
            if (keep.rank() != 1) {
              throw ctx.fail("to_retain must be a bool vector, got %s", keep);
            }
            return st;
          })
          .kernel(SparseSelectKernels.class, "retain")
          // tf.sparse.retain(st, [False, True])
          .example(GAPS + """
          %k = constant() {value = tensor<bool>[2] [false, true]} : tensor<bool>[2]
          %0 = sparse_retain(%st, %k) : sparse<int32>[4, 3]
          return %0
              """, "SparseTensor(indices=[[2, 1]], values=[8], dense_shape=[4, 3])")
          .tfApi("tf.sparse.retain")
          .build();

  public static final OpDef FILL_EMPTY_ROWS =
      OpDef.builder("sparse_fill_empty_rows")
          .summary("st with default_value at [row, 0, ...] of each row holding no entry; entries grouped by row")
          .operands("st", "default_value")
          .traits(Trait.PURE)
          .type(ctx -> {
            SparseType st = ctx.sparse(0);
            DenseType dv = ctx.dense(1);
            if (dv.rank() != 0 || dv.dtype() != st.dtype()) {
              throw ctx.fail("default_value must be a %s scalar, got %s", st.dtype(), dv);
            }
            return st;
          })
          .kernel(SparseSelectKernels.class, "fillEmptyRows")
          // tf.sparse.fill_empty_rows(st, -1)[0]
          .example(GAPS + """
          %d = constant() {value = tensor<int32>[] -1} : tensor<int32>[]
          %0 = sparse_fill_empty_rows(%st, %d) : sparse<int32>[4, 3]
          return %0
              """, "SparseTensor(indices=[[0, 0], [1, 0], [2, 1], [3, 0]], values=[7, -1, 8, -1], dense_shape=[4, 3])")
          .tfRawOps("SparseFillEmptyRows").tfApi("tf.sparse.fill_empty_rows")
          .build();

  public static final OpDef EMPTY_ROWS =
      OpDef.builder("sparse_empty_rows")
          .summary("fill_empty_rows' empty_row_indicator: true for each row holding no entry")
          .operands("st")
          .traits(Trait.PURE)
          .type(ctx -> DenseType.of(DType.BOOL, ctx.sparse(0).dim(0)))
          .kernel(SparseSelectKernels.class, "emptyRows")
          // tf.sparse.fill_empty_rows(st, -1)[1]
          .example(GAPS + """
          %0 = sparse_empty_rows(%st) : tensor<bool>[4]
          return %0
              """, "[False, True, False, True]")
          .tfRawOps("SparseFillEmptyRows").tfApi("tf.sparse.fill_empty_rows")
          .build();

  public static final OpDef FILL_REVERSE_INDEX_MAP =
      OpDef.builder("sparse_fill_reverse_index_map")
          .summary("fill_empty_rows' reverse_index_map: where each entry of st lands in sparse_fill_empty_rows' result, "
              + "int64 [nnz]")
          .operands("st")
          .traits(Trait.PURE)
          .type(ctx -> {
            ctx.sparse(0);
            return DenseType.of(DType.INT64, Dims.UNKNOWN);
          })
          .kernel(SparseSelectKernels.class, "reverseIndexMap")
          // tf.raw_ops.SparseFillEmptyRows(indices=st.indices, values=st.values, dense_shape=st.dense_shape,
          //   default_value=-1).reverse_index_map
          .example(GAPS + """
          %0 = sparse_fill_reverse_index_map(%st) : tensor<int64>[None]
          return %0
              """, "[0, 2]")
          .tfRawOps("SparseFillEmptyRows").tfApi("tf.raw_ops.SparseFillEmptyRows")
          .build();

  public static final OpDef SPLIT =
      OpDef.builder("sparse_split")
          .summary("piece index of st cut along axis into num_split pieces (the first size % num_split one longer)")
          .operands("st")
          .attribute(AttrSpec.required("axis", AttrKind.INT))
          .attribute(AttrSpec.required("num_split", AttrKind.INT))
          .attribute(AttrSpec.required("index", AttrKind.INT))
          .traits(Trait.PURE)
          .type(ctx -> {
            SparseType st = ctx.sparse(0);
            int rank = st.rank();
            long axis = ctx.attributes().getInt("axis");
            long numSplit = ctx.attributes().getInt("num_split");
            long index = ctx.attributes().getInt("index");
            if (axis < -rank || axis >= rank) {
              throw ctx.fail("split axis %d is out of range [%d, %d)", axis, -rank, rank);
            }
            int dim = (int) (axis < 0 ? axis + rank : axis);
            long size = st.dim(dim);
            if (numSplit < 1 || (Dims.isKnown(size) && numSplit > size)) {
              throw ctx.fail("Input num_split should be between 1 and %s, got %d", Dims.format(size), numSplit);
            }
            if (index < 0 || index >= numSplit) {
              throw ctx.fail("piece %d is out of range [0, %d)", index, numSplit);
            }
            List<Long> shape = new ArrayList<>(st.shape());
            shape.set(dim, Dims.isKnown(size)
                ? size / numSplit + (index < size % numSplit ? 1 : 0) : Dims.UNKNOWN);
            return new SparseType(st.dtype(), ImmutableList.copyOf(shape));
          })
          .kernel(SparseSelectKernels.class, "split")
          // tf.sparse.split(st, 2, axis=1)[0]: columns 0-1 of 3
          .example(GAPS + """
          %0 = sparse_split(%st) {axis = 1, num_split = 2, index = 0} : sparse<int32>[4, 2]
          return %0
              """, "SparseTensor(indices=[[0, 0], [2, 1]], values=[7, 8], dense_shape=[4, 2])")
          .tfRawOps("SparseSplit").tfApi("tf.sparse.split")
          .build();

  public static final OpDef EYE =
      OpDef.builder("sparse_eye")
          .summary("a num_rows x num_columns sparse tensor of ones on the main diagonal")
          .operands()
          .attribute(AttrSpec.required("num_rows", AttrKind.INT))
          .attribute(AttrSpec.required("num_columns", AttrKind.INT))
          .attribute(AttrSpec.optional("dtype", AttrKind.DTYPE, DType.FLOAT32))
          .traits(Trait.PURE)
          .type(ctx -> {
            long rows = ctx.attributes().getInt("num_rows");
            long cols = ctx.attributes().getInt("num_columns");
            if (rows < 0 || cols < 0) {
              throw ctx.fail("num_rows and num_columns must be >= 0, got %d and %d", rows, cols);
            }
            DType dtype = ctx.attributes().getDType("dtype");
            if (dtype == DType.STRING) {
              throw ctx.fail("eye is not defined on %s", dtype);
            }
            return SparseType.of(dtype, rows, cols);
          })
          .kernel(SparseSelectKernels.class, "eye")
          // tf.sparse.eye(2, 3)
          .example("""
          %0 = sparse_eye() {num_rows = 2, num_columns = 3} : sparse<float32>[2, 3]
          return %0
              """, "SparseTensor(indices=[[0, 0], [1, 1]], values=[1.0, 1.0], dense_shape=[2, 3])")
          .tfApi("tf.sparse.eye")
          .build();
}
