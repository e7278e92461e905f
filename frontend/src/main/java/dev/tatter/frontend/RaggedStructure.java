package dev.tatter.frontend;

import dev.tatter.ir.ops.RaggedShapeOps;
import dev.tatter.ir.types.DenseType;
import dev.tatter.ir.types.RaggedType;
import dev.tatter.ir.types.SparseType;
import dev.tatter.ir.types.UnrankedType;
import dev.tatter.runtime.DType;
import java.util.Map;

/** The longer bodies of {@link Value}'s structural methods: shapes, axes, row lengths along an axis. */
@BuilderApi
final class RaggedStructure {
  private RaggedStructure() {}

  /** {@code x}, refused unless it is a ragged tensor ({@code what} needs one). */
  static Value ragged(Value x, String what) {
    if (!(x.type() instanceof RaggedType)) {
      throw GraphBuilder.misuse(what + " needs a ragged tensor", x);
    }
    return x;
  }

  /** The partition of a ragged {@code x}, or {@code x} itself if it is a partition. */
  static Value partitionOf(Value x) {
    if (x.type() instanceof dev.tatter.ir.types.PartitionType) {
      return x;
    }
    if (x.type() instanceof RaggedType) {
      return x.partition();
    }
    throw GraphBuilder.misuse("expected a ragged tensor or a row partition", x);
  }

  /** TF's printed static shape: {@code (2, None, 3)}. */
  static String tfShape(Value x) {
    if (x.type() instanceof RaggedType rt) {
      return rt.tfShape();
    }
    if (x.type() instanceof DenseType dt) {
      return dt.tfShape();
    }
    if (x.type() instanceof SparseType st) {
      return st.tfShape();
    }
    if (x.type() instanceof UnrankedType ut) {
      return ut.tfShape();
    }
    throw GraphBuilder.misuse("a row partition has no shape", x);
  }

  /** Every axis of x, for a reduction over all of them (empty for an unranked x: whatever rank the run gives). */
  static long[] allAxes(Value x) {
    int rank;
    if (x.type() instanceof RaggedType rt) {
      rank = rt.rank();
    } else if (x.type() instanceof DenseType dt) {
      rank = dt.rank();
    } else if (x.type() instanceof UnrankedType) {
      return new long[0]; // see ReductionOps
    } else {
      throw GraphBuilder.misuse("a row partition cannot be reduced", x);
    }
    return java.util.stream.LongStream.range(0, rank).toArray();
  }

  /** TF's {@code rt.row_lengths(axis)} (see {@link Value#rowLengths(int)}). */
  static Value rowLengths(Value x, int axis) {
    RaggedType rt = (RaggedType) ragged(x, "row_lengths").type();
    int a = axis < 0 ? axis + rt.rank() : axis;
    if (a < 0 || a >= rt.rank()) {
      throw GraphBuilder.misuse("row_lengths: axis " + axis + " is out of range for rank " + rt.rank(), x);
    }
    if (a == 0) {
      return x.nrows();
    }
    if (a == 1) {
      return x.rowLengths();
    }
    Value values = x.values();
    if (values.type() instanceof RaggedType) {
      return x.withValues(values.rowLengths(a - 1));
    }
    return x.withValues(x.builder().op(RaggedShapeOps.DENSE_ROW_LENGTHS,
        Map.of("axis", (long) (a - 1), "out_type", rt.splitsDType()), values));
  }

  /** TF's {@code rt.bounding_shape(axis, out_type)} (see {@link Value#boundingShape(Integer, DType)}). */
  static Value boundingShape(Value x, Integer axis, DType outType) {
    RaggedType rt = (RaggedType) ragged(x, "bounding_shape").type();
    long a = -1;
    if (axis != null) {
      a = axis < 0 ? axis + rt.rank() : axis;
      if (a < 0 || a >= rt.rank()) {
        throw GraphBuilder.misuse("bounding_shape: axis " + axis + " is out of range for rank " + rt.rank(), x);
      }
    }
    return x.builder().op(RaggedShapeOps.BOUNDING_SHAPE,
        Map.of("axis", a, "out_type", outType == null ? rt.splitsDType() : outType), x);
  }

  /** TF's {@code RowPartition.with_dtype(dtype)} (see {@link Value#withDType}). */
  static Value withDType(Value p, DType dtype) {
    if (!(p.type() instanceof dev.tatter.ir.types.PartitionType)) {
      throw GraphBuilder.misuse("with_dtype needs a row partition (use withRowSplitsDType on a ragged tensor)", p);
    }
    return dtype == p.dtype() ? p : p.builder().op(dev.tatter.ir.ops.PartitionOps.WITH_DTYPE, Map.of("dtype", dtype), p);
  }
}
