package dev.tatter.runtime.kernels.array;

import dev.tatter.runtime.DType;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.RowPartition;
import dev.tatter.runtime.Tensor;
import java.util.ArrayList;
import java.util.List;

/**
 * Dense dimensions seen as ragged ones: TF's {@code RaggedTensor.from_tensor(t, ragged_rank=k)}
 * without padding, the way its ops bring dense and ragged operands to one ragged rank.
 */
final class UniformRagged {
  private UniformRagged() {}

  /** {@code t} with its dims 1..k as uniform partitions. */
  static RaggedTensor of(Tensor t, int raggedRank, DType splitsDType) {
    int[] shape = t.shape();
    if (shape.length <= raggedRank) {
      throw new InvalidArgumentException("a tensor of rank " + shape.length + " has no ragged_rank " + raggedRank);
    }
    int[] flatShape = new int[shape.length - raggedRank];
    long outer = 1;
    for (int a = 0; a <= raggedRank; a++) {
      outer *= shape[a];
    }
    flatShape[0] = (int) outer;
    System.arraycopy(shape, raggedRank + 1, flatShape, 1, flatShape.length - 1);
    List<RowPartition> partitions = new ArrayList<>();
    long rows = 1;
    for (int a = 0; a < raggedRank; a++) {
      rows *= shape[a];
      partitions.add(RowPartition.uniform(shape[a + 1], rows, splitsDType));
    }
    return RaggedTensor.ofNested(t.reshape(flatShape), partitions);
  }

  /** {@code value} (dense or ragged) with ragged rank at least {@code raggedRank}, its innermost dense dims split uniformly. */
  static RaggedTensor withRaggedRank(Object value, int raggedRank, DType splitsDType) {
    if (value instanceof Tensor t) {
      return of(t, raggedRank, splitsDType);
    }
    RaggedTensor rt = (RaggedTensor) value;
    if (rt.raggedRank() >= raggedRank) {
      return rt;
    }
    return RaggedTensor.of(withRaggedRank(rt.values(), raggedRank - 1, splitsDType), rt.partition());
  }

  /** The rank of a dense or ragged value. */
  static int rank(Object value) {
    return value instanceof RaggedTensor rt ? rt.raggedRank() + rt.flatValues().rank() : ((Tensor) value).rank();
  }
}
