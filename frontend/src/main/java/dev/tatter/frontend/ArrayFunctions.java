package dev.tatter.frontend;

import dev.tatter.ir.ops.ArrayOps;
import dev.tatter.ir.ops.SelectionOps;
import dev.tatter.ir.types.DenseType;
import dev.tatter.ir.types.RaggedType;
import dev.tatter.runtime.DType;
import java.util.Map;

/**
 * TF's array functions that are more than one op or take TF's defaults: {@code expand_dims} of
 * dense and ragged tensors, {@code sequence_mask}, {@code tile}, and {@code tf.ragged.map_flat_values}.
 */
@BuilderApi
final class ArrayFunctions {
  private ArrayFunctions() {}

  /** TF's {@code tf.expand_dims(input, axis)} on a dense or ragged tensor; a negative axis counts from the end. */
  @TfApi("tf.expand_dims")
  static Value expandDims(Value input, int axis) {
    if (input.type() instanceof RaggedType rt) {
      return Combinations.expandDims(input.builder(), input, axis < 0 ? axis + rt.rank() + 1 : axis);
    }
    if (!(input.type() instanceof DenseType dense)) {
      throw GraphBuilder.misuse("expand_dims takes a dense or ragged tensor", input);
    }
    long resolved = axis < 0 ? axis + dense.rank() + 1 : axis;
    return input.builder().op(ArrayOps.EXPAND_DIMS, Map.of("axis", resolved), input);
  }

  /** TF's {@code tf.sequence_mask(lengths)}: bool, as wide as the largest length. */
  @TfApi("tf.sequence_mask")
  static Value sequenceMask(Value lengths) {
    return sequenceMask(lengths, -1, DType.BOOL);
  }

  /** TF's {@code tf.sequence_mask(lengths, maxlen, dtype)}; a maxlen of -1 is the largest length. */
  @TfApi("tf.sequence_mask")
  static Value sequenceMask(Value lengths, long maxlen, DType dtype) {
    return lengths.builder().op(SelectionOps.SEQUENCE_MASK, Map.of("maxlen", maxlen, "dtype", dtype), lengths);
  }

  /** TF's {@code tf.tile(input, multiples)} on a dense or ragged tensor (multiples known when the graph is built). */
  @TfApi("tf.tile")
  static Value tile(Value input, long... multiples) {
    return input.builder().op(dev.tatter.ir.ops.CombinationOps.TILE, Map.of("multiples", multiples), input);
  }

  /**
   * TF's {@code tf.ragged.map_flat_values(op, rt)}: {@code fn} applied to the flat values, every
   * partition kept ({@code fn} must keep the flat values' row count); on a dense value, {@code fn(x)}.
   */
  @TfApi("tf.ragged.map_flat_values")
  static Value mapFlatValues(java.util.function.UnaryOperator<Value> fn, Value rt) {
    if (!(rt.type() instanceof RaggedType)) {
      return fn.apply(rt);
    }
    GraphBuilder.Decomposed d = rt.builder().decompose(rt);
    return rt.builder().rebuild(fn.apply(d.flatValues()), d.partitions());
  }
}
