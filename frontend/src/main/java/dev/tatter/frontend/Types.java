package dev.tatter.frontend;

import com.google.common.collect.ImmutableList;
import dev.tatter.ir.types.DenseType;
import dev.tatter.ir.types.Dims;
import dev.tatter.ir.types.PartitionType;
import dev.tatter.ir.types.RaggedType;
import dev.tatter.ir.types.Type;
import dev.tatter.ir.text.GraphParser;
import dev.tatter.runtime.DType;
import java.util.ArrayList;
import java.util.List;

/**
 * Short ways to write placeholder types, as TF's {@code tf.TensorSpec} and {@code
 * tf.RaggedTensorSpec} describe them.
 */
public final class Types {
  private Types() {}

  /**
   * TF's {@code tf.TensorSpec(shape, dtype)}: a dense type; {@code -1} ({@link Dims#UNKNOWN}) for
   * an unknown size ({@code None}).
   */
  public static DenseType dense(DType dtype, long... shape) {
    java.util.Objects.requireNonNull(dtype, "dtype");
    java.util.Objects.requireNonNull(shape, "shape");
    return DenseType.of(dtype, shape);
  }

  /**
   * TF's {@code tf.RaggedTensorSpec(dtype=dtype, ragged_rank=raggedRank)}: a ragged type with int64
   * splits, every size unknown and flat values of rank 1: {@code ragged(FLOAT32, 1)} is
   * {@code ragged<float32>[None, (None)]}.
   */
  public static RaggedType ragged(DType dtype, int raggedRank) {
    return ragged(dtype, raggedRank, DType.INT64);
  }

  /** TF's {@code tf.RaggedTensorSpec(dtype=dtype, ragged_rank=raggedRank, row_splits_dtype=splitsDType)}. */
  public static RaggedType ragged(DType dtype, int raggedRank, DType splitsDType) {
    List<PartitionType> partitions = new ArrayList<>();
    for (int i = 0; i < raggedRank; i++) {
      partitions.add(PartitionType.ragged(splitsDType, Dims.UNKNOWN, Dims.UNKNOWN));
    }
    return RaggedType.of(dtype, partitions, ImmutableList.of(Dims.UNKNOWN));
  }

  /**
   * Any type in the textual IR's syntax, e.g. {@code "ragged<float32>[None, (None), 3]"} (TF prints
   * a spec as {@code RaggedTensorSpec(TensorShape([None, None, 3]), tf.float32, 1, tf.int64)}).
   */
  public static Type parse(String text) {
    return GraphParser.parseType(text);
  }
}
