package dev.tatter.runtime;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;

/**
 * Prints values as TF prints their {@code to_list()} ({@code [[1, 2], [], [3]]}), streaming to
 * any {@link Appendable}, and summarised as NumPy summarises: a value of more than
 * {@link #THRESHOLD} elements shows only the first and last {@link #EDGE_ITEMS} entries of each
 * dimension, with {@code ...} between ({@code [0, 1, 2, ..., 997, 998, 999]}, NumPy's
 * {@code threshold=1000, edgeitems=3}). So printing a million-value tensor writes a few hundred
 * characters, and never builds the boxed nested lists {@code toList()} does.
 *
 * <pre>{@code
 * TensorPrinter.repr(Tensor.fromNested(new long[][] {{1, 2}, {3, 4}}));
 * // <tf.Tensor: shape=(2, 2), dtype=int64, numpy=[[1, 2], [3, 4]]>
 * TensorPrinter.repr(RaggedTensor.fromNested(new long[][] {{3, 1}, {}}));
 * // <tf.RaggedTensor [[3, 1], []]>
 * }</pre>
 */
public final class TensorPrinter {
  private TensorPrinter() {}

  /** Above this many elements a value is summarised (NumPy's default {@code threshold}). */
  public static final int THRESHOLD = 1000;

  /** How many entries each end of a summarised dimension keeps (NumPy's default {@code edgeitems}). */
  public static final int EDGE_ITEMS = 3;

  /**
   * The value as {@code toString()} prints it.
   *
   * @param value a {@link Tensor} or {@link RaggedTensor}
   * @return its values, summarised past {@link #THRESHOLD} elements
   */
  public static String toString(Object value) {
    StringBuilder out = new StringBuilder();
    appendTo(value, out);
    return out.toString();
  }

  /**
   * The value as TF's eager {@code repr} shows it: a tensor with its shape and dtype, a ragged
   * tensor as {@code <tf.RaggedTensor [...]>} (its dtype and shape are {@link RaggedTensor#dtype()}
   * and {@link RaggedTensor#shape()}).
   *
   * @param value a {@link Tensor} or {@link RaggedTensor}
   * @return the representation
   */
  public static String repr(Object value) {
    StringBuilder out = new StringBuilder();
    if (value instanceof Tensor t) {
      out.append("<tf.Tensor: shape=(");
      int[] shape = t.shape();
      for (int i = 0; i < shape.length; i++) {
        out.append(i > 0 ? ", " : "").append(shape[i]);
      }
      out.append(shape.length == 1 ? ",)" : ")").append(", dtype=").append(t.dtype()).append(", numpy=");
      appendTo(t, out);
    } else {
      out.append("<tf.RaggedTensor ");
      appendTo(value, out);
    }
    return out.append('>').toString();
  }

  /**
   * Writes the value as {@code toString()} prints it, element by element.
   *
   * @param value a {@link Tensor} or {@link RaggedTensor}
   * @param out where to write (an {@code IOException} is rethrown unchecked)
   */
  public static void appendTo(Object value, Appendable out) {
    try {
      if (value instanceof Tensor t) {
        boolean summarise = t.size() > THRESHOLD;
        if (t.rank() == 0) {
          out.append(t.formatElement(0));
        } else {
          dense(t, t.shape(), 0, 0, summarise, out);
        }
      } else if (value instanceof RaggedTensor rt) {
        Tensor flat = rt.flatValues();
        ragged(flat, rt.nestedPartitions(), 0, 0, rt.nrows(), flat.size() > THRESHOLD, out);
      } else {
        throw new IllegalArgumentException("prints a Tensor or a RaggedTensor, got "
            + (value == null ? "null" : value.getClass().getSimpleName()));
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static void dense(Tensor t, int[] shape, int axis, int offset, boolean summarise, Appendable out)
      throws IOException {
    int stride = 1;
    for (int a = axis + 1; a < shape.length; a++) {
      stride *= shape[a];
    }
    int n = shape[axis];
    out.append('[');
    for (int i = 0; i < n; i++) {
      if (summarise && n > 2 * EDGE_ITEMS && i == EDGE_ITEMS) {
        out.append(", ...");
        i = n - EDGE_ITEMS;
      }
      if (i > 0) {
        out.append(", ");
      }
      if (axis == shape.length - 1) {
        out.append(t.formatElement(offset + i));
      } else {
        dense(t, shape, axis + 1, offset + i * stride, summarise, out);
      }
    }
    out.append(']');
  }

  private static void ragged(Tensor flat, List<RowPartition> partitions, int level, int start, int count,
      boolean summarise, Appendable out) throws IOException {
    out.append('[');
    for (int k = 0; k < count; k++) {
      if (summarise && count > 2 * EDGE_ITEMS && k == EDGE_ITEMS) {
        out.append(", ...");
        k = count - EDGE_ITEMS;
      }
      if (k > 0) {
        out.append(", ");
      }
      int index = start + k;
      if (level == partitions.size()) {
        if (flat.rank() == 1) {
          out.append(flat.formatElement(index));
        } else {
          int[] shape = flat.shape();
          dense(flat, shape, 1, index * (flat.size() / Math.max(1, shape[0])), summarise, out);
        }
      } else {
        RowPartition p = partitions.get(level);
        ragged(flat, partitions, level + 1, p.rowStart(index), p.rowLength(index), summarise, out);
      }
    }
    out.append(']');
  }
}
