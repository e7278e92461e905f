package dev.tatter.frontend;

import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.RowPartition;
import dev.tatter.runtime.SparseTensor;
import dev.tatter.runtime.Tensor;
import java.util.List;

/** Equality of run results bit for bit: floats by their raw bits (NaN payloads and -0.0 included). */
final class BitExact {
  private BitExact() {}

  static boolean equal(Object a, Object b) {
    if (a instanceof List<?> x && b instanceof List<?> y) {
      if (x.size() != y.size()) {
        return false;
      }
      for (int i = 0; i < x.size(); i++) {
        if (!equal(x.get(i), y.get(i))) {
          return false;
        }
      }
      return true;
    }
    if (a instanceof Tensor x && b instanceof Tensor y) {
      if (x.dtype() != y.dtype() || !java.util.Arrays.equals(x.shape(), y.shape())) {
        return false;
      }
      Object p = x.unsafeData();
      Object q = y.unsafeData();
      if (p instanceof float[] f && q instanceof float[] g) {
        for (int i = 0; i < f.length; i++) {
          if (Float.floatToRawIntBits(f[i]) != Float.floatToRawIntBits(g[i])) {
            return false;
          }
        }
        return true;
      }
      if (p instanceof double[] f && q instanceof double[] g) {
        for (int i = 0; i < f.length; i++) {
          if (Double.doubleToRawLongBits(f[i]) != Double.doubleToRawLongBits(g[i])) {
            return false;
          }
        }
        return true;
      }
      return x.equals(y);
    }
    if (a instanceof RaggedTensor x && b instanceof RaggedTensor y) {
      return x.nestedPartitions().equals(y.nestedPartitions()) && equal(x.flatValues(), y.flatValues());
    }
    if (a instanceof SparseTensor x && b instanceof SparseTensor y) {
      return x.indices().equals(y.indices()) && x.denseShape().equals(y.denseShape()) && equal(x.values(), y.values());
    }
    if (a instanceof RowPartition || a == null) {
      return java.util.Objects.equals(a, b);
    }
    return false;
  }
}
