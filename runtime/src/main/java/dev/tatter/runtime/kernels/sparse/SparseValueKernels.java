package dev.tatter.runtime.kernels.sparse;

import dev.tatter.runtime.DType;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.Sizes;
import dev.tatter.runtime.SparseTensor;
import dev.tatter.runtime.Tensor;
import java.util.Arrays;

/**
 * {@code tf.sparse.softmax} (TF's {@code SparseSoftmax}), {@code tf.sparse.to_indicator} and
 * {@code tf.sparse.bincount} ({@code DenseCountSparseOutput} / {@code SparseCountSparseOutput}):
 * ops that compute new values from a sparse tensor's entries.
 */
public final class SparseValueKernels {
  private SparseValueKernels() {}

  /**
   * {@code sparse_softmax}: the softmax of each group of entries sharing all but the last
   * coordinate, over the stored values only. As TF's kernel, it reorders a copy of the entries,
   * computes in that order ({@code exp(x - max) * (1 / sum)}) and writes the results in that
   * order next to the indices as given: for the row-major indices TF requires, each value lands
   * at its own index.
   */
  public static SparseTensor softmax(SparseTensor st) {
    int rank = st.rank();
    if (rank < 2) {
      throw new InvalidArgumentException("Input should have rank >= 2, but received shape: " + Arrays.toString(st.denseShapeArray()));
    }
    int n = st.nnz();
    long[] idx = (long[]) st.indices().unsafeData();
    int[] order = SparseEntries.rowMajorOrder(idx, n, rank);
    Object values = st.values().unsafeData();
    boolean single = values instanceof float[];
    float[] f = single ? (float[]) values : null;
    double[] d = single ? null : (double[]) values;
    Object out = single ? new float[n] : new double[n];
    int start = 0;
    while (start < n) {
      int end = start + 1;
      while (end < n && Arrays.equals(idx, order[start] * rank, order[start] * rank + rank - 1,
          idx, order[end] * rank, order[end] * rank + rank - 1)) {
        end++;
      }
      if (single) {
        float max = f[order[start]];
        for (int t = start + 1; t < end; t++) {
          max = Math.max(max, f[order[t]]);
        }
        float[] o = (float[]) out;
        float sum = 0f;
        for (int t = start; t < end; t++) {
          o[t] = (float) Math.exp(f[order[t]] - max);
          sum += o[t];
        }
        float inverse = 1f / sum;
        for (int t = start; t < end; t++) {
          o[t] *= inverse;
        }
      } else {
        double max = d[order[start]];
        for (int t = start + 1; t < end; t++) {
          max = Math.max(max, d[order[t]]);
        }
        double[] o = (double[]) out;
        double sum = 0;
        for (int t = start; t < end; t++) {
          o[t] = Math.exp(d[order[t]] - max);
          sum += o[t];
        }
        double inverse = 1 / sum;
        for (int t = start; t < end; t++) {
          o[t] *= inverse;
        }
      }
      start = end;
    }
    return SparseTensor.of(st.indices(), Tensor.wrap(st.dtype(), new int[] {n}, out), st.denseShape());
  }

  /**
   * {@code sparse_to_indicator {vocab_size}}: a dense bool tensor of the input's shape with the
   * last dimension replaced by {@code vocab_size}, true at {@code [index[:-1], id]} for every
   * stored id (repeats allowed, as TF's {@code to_dense(validate_indices=False)} of the merge).
   */
  public static Tensor toIndicator(SparseTensor st, long vocabSize) {
    long[] shape = st.denseShapeArray();
    int rank = shape.length;
    shape[rank - 1] = vocabSize;
    int count = Sizes.elementCount(shape);
    boolean[] out = new boolean[count];
    long[] idx = (long[]) st.indices().unsafeData();
    long[] dense = (long[]) st.denseShape().unsafeData();
    Object ids = st.values().unsafeData();
    for (int i = 0; i < st.nnz(); i++) {
      long pos = 0;
      for (int k = 0; k < rank - 1; k++) {
        long c = idx[i * rank + k];
        if (c < 0 || c >= dense[k]) {
          throw outOfBounds(shape, i);
        }
        pos = pos * shape[k] + c;
      }
      long id = ids instanceof int[] a ? a[i] : ((long[]) ids)[i];
      if (id < 0 || id >= vocabSize) {
        throw new InvalidArgumentException("Indices are not valid (out of bounds).  Shape: " + tfList(shape)
            + " (sp_input.values[" + i + "] = " + id + " is not in [0, " + vocabSize + "))");
      }
      out[(int) (pos * vocabSize + id)] = true;
    }
    return Tensor.wrap(DType.BOOL, Sizes.toIntShape(shape), out);
  }

  private static InvalidArgumentException outOfBounds(long[] shape, int i) {
    return new InvalidArgumentException("Indices are not valid (out of bounds).  Shape: " + tfList(shape) + " (indices[" + i + "])");
  }

  private static String tfList(long[] values) {
    return "[" + String.join(",", Arrays.stream(values).mapToObj(Long::toString).toList()) + "]";
  }

  /**
   * {@code sparse_bincount {minlength, maxlength, binary_output, axis}}: TF's count ops with a
   * sparse result. Axis 0 counts every stored value ({@code DenseCountSparseOutput} of the
   * values); axis -1 counts per batch, the first index coordinate ({@code SparseCountSparseOutput},
   * which checks the indices). A negative value is an error (TF 2.18's count kernels); values at or above a
   * positive maxlength are skipped;
   * the number of bins is maxlength if positive, else max(largest value + 1, minlength) — so 1
   * when nothing is counted, as in TF. {@code weights} is empty (count 1 per value, in the values'
   * dtype) or one weight per value. Entries come per batch in increasing bin order.
   */
  public static SparseTensor bincount(SparseTensor st, Tensor weights, long minlength, long maxlength, boolean binaryOutput,
      long axis) {
    int n = st.nnz();
    boolean weighted = weights.size() > 0;
    if (weighted && weights.size() != n) {
      throw new InvalidArgumentException("Weights and values must have the same shape. Weight shape: " + Arrays.toString(weights.shape())
          + "; values shape: [" + n + "]");
    }
    long[] shape = (long[]) st.denseShape().unsafeData();
    long[] idx = (long[]) st.indices().unsafeData();
    int rank = shape.length;
    boolean perBatch = axis != 0 && rank > 1;
    if (axis != 0) {
      for (int i = 0; i < n; i++) {
        for (int j = 0; j < rank; j++) {
          long c = idx[i * rank + j];
          if (c < 0 || c >= shape[j]) {
            throw new InvalidArgumentException("Invalid index value at " + i + ": dimension " + j + " has value " + c
                + " which is not in [0, " + shape[j] + ") (as given by dense shape " + Arrays.toString(shape) + ")");
          }
        }
      }
    }
    long batches = perBatch ? shape[0] : 1;
    if (batches <= 0 || batches >= Integer.MAX_VALUE) {
      throw new InvalidArgumentException("Cannot allocate " + batches + " batches, is the dense shape too wide?");
    }
    return SparseCountKernels.counts(st.values().unsafeData(), n, perBatch ? i -> (int) idx[i * rank] : null, (int) batches,
        weights, minlength, maxlength, binaryOutput);
  }
}
