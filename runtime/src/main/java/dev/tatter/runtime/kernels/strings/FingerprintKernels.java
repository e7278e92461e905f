package dev.tatter.runtime.kernels.strings;

import dev.tatter.runtime.DType;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.StringColumn;
import dev.tatter.runtime.Tensor;
import dev.tatter.runtime.kernels.array.BitcastKernels;

/**
 * TF's {@code tf.fingerprint(data, method="farmhash64")} ({@code Fingerprint}): row i of the
 * {@code uint8 [dim0, 8]} result is the FarmHash Fingerprint64 of {@code data[i, ...]}, written
 * little-endian. A numeric row is fingerprinted as its elements' bytes in memory (little-endian);
 * a string row of one string as that string, and of several as the bytes of their fingerprints
 * (each little-endian), as TF's kernel does.
 */
public final class FingerprintKernels {
  private FingerprintKernels() {}

  public static Tensor fingerprint(Tensor data, String method) {
    if (!method.equals("farmhash64")) {
      throw new InvalidArgumentException("Unsupported fingerprint method: " + method);
    }
    if (data.rank() < 1) {
      throw new InvalidArgumentException("`data` should have at least one dimension: " + java.util.Arrays.toString(data.shape()));
    }
    int rows = data.dim(0);
    int perRow = rows == 0 ? 0 : data.size() / rows;
    byte[] out = new byte[dev.tatter.runtime.Sizes.elementCount(new int[] {rows, 8})];
    if (data.dtype() == DType.STRING) {
      StringColumn strings = data.stringColumn();
      byte[] b = strings.unsafeBytes();
      byte[] buffer = perRow == 1 ? null : new byte[dev.tatter.runtime.Sizes.toIntSize(8L * perRow, "a row's fingerprints")]; // reused per row
      for (int i = 0; i < rows; i++) {
        long fp;
        if (perRow == 1) {
          fp = FarmHash.fingerprint64(b, strings.start(i), strings.end(i));
        } else {
          // the row's strings' fingerprints, little-endian one after the other, fingerprinted
          for (int k = 0; k < perRow; k++) {
            int e = i * perRow + k;
            putLittleEndian(buffer, k * 8, FarmHash.fingerprint64(b, strings.start(e), strings.end(e)));
          }
          fp = FarmHash.fingerprint64(buffer);
        }
        putLittleEndian(out, i * 8, fp);
      }
    } else {
      byte[] bytes = BitcastKernels.littleEndianBytes(data);
      int rowBytes = rows == 0 ? 0 : bytes.length / rows;
      for (int i = 0; i < rows; i++) {
        putLittleEndian(out, i * 8, FarmHash.fingerprint64(bytes, i * rowBytes, (i + 1) * rowBytes));
      }
    }
    return Tensor.wrap(DType.UINT8, new int[] {rows, 8}, out);
  }

  private static void putLittleEndian(byte[] out, int at, long v) {
    for (int b = 0; b < 8; b++) {
      out[at + b] = (byte) (v >>> (8 * b));
    }
  }
}
