package dev.tatter.runtime.kernels.strings;

import dev.tatter.runtime.ByteStrings;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.RowPartition;
import dev.tatter.runtime.Sizes;
import dev.tatter.runtime.SparseTensor;
import dev.tatter.runtime.StringColumn;
import dev.tatter.runtime.Tensor;
import java.util.Arrays;

/**
 * The parts of TF's feature-cross kernels ({@code SparseCross}, {@code SparseCrossV2}, {@code
 * RaggedCross}), each input first taken as a column of features per batch row (a ragged tensor
 * of one ragged dimension): the rows of a sparse input as its readers find them, and the cross of
 * two columns row by row, every combination in TF's order (the right column's feature varying
 * fastest), joined as strings or combined as fingerprints. A cross of several inputs is the
 * crosses of the first two, then of that and the third, ...: the same combinations in the same
 * order as TF's product iterator over all of them.
 */
public final class CrossKernels {
  private CrossKernels() {}

  /**
   * The features of each row of a rank-2 sparse tensor, as TF's kernels read them: with {@code
   * contiguous} (SparseCross's reader) row b takes the run of entries from the current one whose
   * row index is b, so entries out of row order are skipped; otherwise (RaggedCross's) row b ends
   * after every remaining entry whose row index is at most b, so out-of-order entries join the
   * row reached. Row-major indices give the same rows either way.
   */
  public static RaggedTensor sparseRows(SparseTensor sp, boolean contiguous) {
    if (sp.rank() != 2) {
      throw new InvalidArgumentException("shape should imply a 2D tensor, but got rank " + sp.rank());
    }
    int batch = Sizes.toIntSize(((long[]) sp.denseShape().unsafeData())[0], "the batch size (dense_shape[0])");
    long[] idx = (long[]) sp.indices().unsafeData();
    int n = sp.nnz();
    long[] splits = new long[batch + 1];
    Tensor values = sp.values();
    int[] runStart = new int[batch]; // row b's features: the run of entries [runStart[b], runStart[b] + splits' length)
    int at = 0;
    for (int b = 0; b < batch; b++) {
      runStart[b] = at;
      while (at < n && (contiguous ? idx[2 * at] == b : idx[2 * at] <= b)) {
        at++;
      }
      splits[b + 1] = splits[b] + (at - runStart[b]);
    }
    int kept = (int) splits[batch];
    Object in = values.unsafeData();
    Object out = values.dtype().layout().newArray(kept);
    for (int b = 0; b < batch; b++) {
      values.dtype().layout().copy(in, runStart[b], out, (int) splits[b], (int) (splits[b + 1] - splits[b]));
    }
    return RaggedTensor.of(Tensor.wrap(values.dtype(), new int[] {kept}, out), RowPartition.adoptingRowSplits(splits, DType.INT64));
  }

  /**
   * The cross of two feature columns: row b holds every {@code (a[b][i], b[b][j])}, j fastest,
   * as {@code a + separator + b} for strings or {@code FingerprintCat64(a, b)} for int64
   * fingerprints. Both must have the same rows: {@code mismatch} names where TF reports the
   * right one ("at position 2", "at dense tensor 0"), or is empty for TF's ragged message.
   */
  public static RaggedTensor cross(RaggedTensor a, RaggedTensor b, String separator, String mismatch) {
    RowPartition pa = a.partition();
    RowPartition pb = b.partition();
    if (pa.nrows() != pb.nrows()) {
      throw new InvalidArgumentException(mismatch.isEmpty()
          ? "inputs must all have the same batch dimension size."
          : "Expected batch size " + pa.nrows() + " got " + pb.nrows() + " " + mismatch);
    }
    Tensor va = (Tensor) a.values();
    Tensor vb = (Tensor) b.values();
    if (va.dtype() != vb.dtype() || va.rank() != 1 || vb.rank() != 1) {
      throw new InvalidArgumentException("cross takes two columns of one dtype with one feature per value, got "
          + va.dtype() + Arrays.toString(va.shape()) + " and " + vb.dtype() + Arrays.toString(vb.shape()));
    }
    int rows = pa.nrows();
    long[] splits = new long[rows + 1];
    for (int r = 0; r < rows; r++) {
      // each length is below 2^31, so the product fits a long, and every partial sum is checked
      splits[r + 1] = Sizes.toIntSize(splits[r] + (long) pa.rowLength(r) * pb.rowLength(r), "the number of crosses");
    }
    int count = (int) splits[rows];
    Object out;
    if (va.dtype() == DType.STRING) {
      StringColumn x = va.stringColumn();
      StringColumn y = vb.stringColumn();
      byte[] sep = ByteStrings.bytes(separator);
      long bytes = 0;
      for (int r = 0; r < rows; r++) {
        long left = 0;
        long right = 0;
        for (int i = pa.rowStart(r); i < pa.rowLimit(r); i++) {
          left += x.length(i);
        }
        for (int j = pb.rowStart(r); j < pb.rowLimit(r); j++) {
          right += y.length(j);
        }
        // every left feature meets every right one: sum of |x_i| + |sep| + |y_j| over the row's pairs
        bytes += left * pb.rowLength(r) + right * pa.rowLength(r) + (long) sep.length * pa.rowLength(r) * pb.rowLength(r);
        StringColumn.checkedBytes(bytes, "the crosses");
      }
      StringColumn.Builder o = StringColumn.builder(count, StringColumn.checkedBytes(bytes, "the crosses"));
      for (int r = 0; r < rows; r++) {
        for (int i = pa.rowStart(r); i < pa.rowLimit(r); i++) {
          for (int j = pb.rowStart(r); j < pb.rowLimit(r); j++) {
            o.put(x, i).put(sep, 0, sep.length).put(y, j).endElement();
          }
        }
      }
      out = o.build();
    } else if (va.dtype() == DType.INT64) {
      long[] x = (long[]) va.unsafeData();
      long[] y = (long[]) vb.unsafeData();
      long[] o = new long[count];
      int k = 0;
      for (int r = 0; r < rows; r++) {
        for (int i = pa.rowStart(r); i < pa.rowLimit(r); i++) {
          for (int j = pb.rowStart(r); j < pb.rowLimit(r); j++) {
            o[k++] = FarmHash.fingerprintCat64(x[i], y[j]);
          }
        }
      }
      out = o;
    } else {
      throw new InvalidArgumentException("cross takes string or int64 features, got " + va.dtype());
    }
    return RaggedTensor.of(Tensor.wrap(va.dtype(), new int[] {count}, out), RowPartition.adoptingRowSplits(splits,
        pa.splitsDType() == DType.INT32 && pb.splitsDType() == DType.INT32 ? DType.INT32 : DType.INT64));
  }

  /** Each string's FarmHash Fingerprint64, as the raw 64 bits in an int64: a string feature's fingerprint in a hashed cross. */
  public static Tensor featureFingerprints(Tensor strings) {
    StringColumn in = strings.stringColumn();
    long[] out = new long[in.size()];
    byte[] b = in.unsafeBytes();
    for (int i = 0; i < out.length; i++) {
      out[i] = FarmHash.fingerprint64(b, in.start(i), in.end(i));
    }
    return Tensor.wrap(DType.INT64, strings.shape(), out);
  }
}
