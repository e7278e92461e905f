package dev.tatter.runtime.io;

import dev.tatter.runtime.DType;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.RowPartition;
import dev.tatter.runtime.Tensor;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import java.util.zip.ZipOutputStream;

/**
 * NumPy's {@code .npz} archives (a zip of {@code .npy} files, as {@code np.savez} writes them),
 * and the convention for a ragged tensor in one: TF's own components, {@code values} and
 * {@code row_splits} for ragged rank 1, {@code flat_values} and {@code nested_row_splits_0}, ...
 * (outermost first) above. In Python:
 *
 * <pre>{@code
 * z = np.load("batch.npz")
 * rt = tf.RaggedTensor.from_row_splits(z["values"], z["row_splits"])
 * np.savez("out.npz", values=rt.values.numpy(), row_splits=rt.row_splits.numpy())
 * }</pre>
 */
public final class Npz {
  private Npz() {}

  /** The most arrays one archive may hold. */
  public static final int MAX_ENTRIES = 1024;

  /**
   * Reads every array of an archive, by name without {@code .npy}.
   *
   * @param in the archive (read to its end, not closed)
   * @return the arrays in archive order
   * @throws IOException if reading fails
   * @throws InvalidArgumentException if an entry is not an {@code .npy} array Tatter can hold
   */
  public static Map<String, Tensor> read(InputStream in) throws IOException {
    java.util.Objects.requireNonNull(in, "in");
    Map<String, Tensor> out = new LinkedHashMap<>();
    ZipInputStream zip = new ZipInputStream(in);
    for (ZipEntry e = zip.getNextEntry(); e != null; e = zip.getNextEntry()) {
      if (e.isDirectory()) {
        continue;
      }
      if (out.size() == MAX_ENTRIES) {
        throw new InvalidArgumentException("npz: more than " + MAX_ENTRIES + " arrays in one archive");
      }
      String name = e.getName().endsWith(".npy") ? e.getName().substring(0, e.getName().length() - 4) : e.getName();
      try {
        out.put(name, Npy.read(zip));
      } catch (InvalidArgumentException bad) {
        throw new InvalidArgumentException("npz entry " + dev.tatter.runtime.ByteStrings.quotedText(e.getName()) + ": " + bad.getMessage());
      }
    }
    if (out.isEmpty()) {
      throw new InvalidArgumentException("npz: the archive holds no arrays (is it a zip file?)");
    }
    return out;
  }

  /**
   * Writes arrays as an uncompressed archive, each as {@code name.npy} ({@code np.savez}'s layout).
   *
   * @param arrays the arrays by name
   * @param out the stream (finished, not closed)
   * @throws IOException if writing fails
   */
  public static void write(Map<String, Tensor> arrays, OutputStream out) throws IOException {
    java.util.Objects.requireNonNull(arrays, "arrays");
    java.util.Objects.requireNonNull(out, "out");
    ZipOutputStream zip = new ZipOutputStream(out);
    for (Map.Entry<String, Tensor> e : arrays.entrySet()) {
      zip.putNextEntry(new ZipEntry(e.getKey() + ".npy"));
      Npy.write(e.getValue(), zip);
      zip.closeEntry();
    }
    zip.finish();
  }

  /**
   * The ragged tensor an archive's components make.
   *
   * @param arrays {@code values} + {@code row_splits}, or {@code flat_values} + {@code nested_row_splits_0..k-1}
   * @return the ragged tensor, its partitions validated
   * @throws InvalidArgumentException if components are missing, or the row splits are not valid
   */
  public static RaggedTensor toRagged(Map<String, Tensor> arrays) {
    java.util.Objects.requireNonNull(arrays, "arrays");
    List<Tensor> splits = new ArrayList<>();
    Tensor values;
    if (arrays.containsKey("row_splits")) {
      values = component(arrays, "values");
      splits.add(arrays.get("row_splits"));
    } else if (arrays.containsKey("nested_row_splits_0")) {
      values = component(arrays, "flat_values");
      for (int i = 0; arrays.containsKey("nested_row_splits_" + i); i++) {
        splits.add(arrays.get("nested_row_splits_" + i));
      }
    } else {
      throw new InvalidArgumentException("npz: a ragged tensor needs 'values' and 'row_splits' (or 'flat_values' and "
          + "'nested_row_splits_0', ...); the archive holds " + arrays.keySet());
    }
    DType splitsDType = splits.get(0).dtype();
    List<RowPartition> partitions = new ArrayList<>();
    for (int i = 0; i < splits.size(); i++) {
      Tensor s = splits.get(i);
      if (!s.dtype().isSplitsDType() || s.rank() != 1 || s.dtype() != splitsDType) {
        throw new InvalidArgumentException("npz: row splits " + i + " must be a vector of int32 or int64 (all of one "
            + "dtype), got " + s.dtype() + " of rank " + s.rank());
      }
      partitions.add(RowPartition.fromRowSplits(s.toLongArray(), splitsDType, true));
    }
    return RaggedTensor.ofNested(values, partitions);
  }

  private static Tensor component(Map<String, Tensor> arrays, String name) {
    Tensor t = arrays.get(name);
    if (t == null) {
      throw new InvalidArgumentException("npz: a ragged tensor needs '" + name + "'; the archive holds "
          + arrays.keySet());
    }
    return t;
  }

  /**
   * A ragged tensor's components, named as {@link #toRagged} reads them.
   *
   * @param rt the ragged tensor
   * @return its flat values and row splits (in their splits dtype)
   */
  public static Map<String, Tensor> fromRagged(RaggedTensor rt) {
    java.util.Objects.requireNonNull(rt, "rt");
    Map<String, Tensor> out = new LinkedHashMap<>();
    List<RowPartition> partitions = rt.nestedPartitions();
    if (partitions.size() == 1) {
      out.put("values", rt.flatValues());
      out.put("row_splits", splitsTensor(partitions.get(0)));
    } else {
      out.put("flat_values", rt.flatValues());
      for (int i = 0; i < partitions.size(); i++) {
        out.put("nested_row_splits_" + i, splitsTensor(partitions.get(i)));
      }
    }
    return out;
  }

  private static Tensor splitsTensor(RowPartition p) {
    long[] splits = p.unsafeRowSplits();
    if (p.splitsDType() == DType.INT64) {
      return Tensor.ofLongs(splits);
    }
    int[] narrow = new int[splits.length];
    for (int i = 0; i < splits.length; i++) {
      narrow[i] = (int) splits[i]; // an int32 partition's splits fit int32 (RowPartition checks)
    }
    return Tensor.ofInts(narrow);
  }
}
