package dev.tatter.frontend;

import dev.tatter.ir.Node;
import dev.tatter.ir.types.DenseType;
import dev.tatter.ir.types.Dims;
import dev.tatter.ir.types.PartitionType;
import dev.tatter.ir.types.RaggedType;
import dev.tatter.ir.types.SparseType;
import dev.tatter.ir.types.Type;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.RowPartition;
import dev.tatter.runtime.SparseTensor;
import dev.tatter.runtime.Tensor;
import dev.tatter.runtime.kernels.elementwise.PointwiseKernels;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Feeds of the placeholders' static types made up for a warm-up: every known size as the type
 * says, an unknown outermost size of {@code rows}, other unknown sizes of {@link #INNER}, ragged
 * rows of lengths 0 to 4 (empty rows included), and elements of each dtype by a {@link Fill}. The
 * elements are varied on purpose (both signs, empty rows, words in and out of any vocabulary), so
 * that the JIT sees the branches real data takes; integers stay small and non-negative under
 * {@link Fill#VARIED} and are zero under {@link Fill#ZEROS}, since a synthetic integer is often an
 * index into a table whose size only the graph knows. Strings are made of the graph's own strings
 * (a vocabulary table's keys, say) three words in four, and of such words with a letter added, which
 * no table holds: a string
 * element is either one such word (an exact key) or a sentence of 1 to 24 of them, so that lookups
 * both hit and miss as real text makes them.
 */
final class SyntheticFeeds {
  /** The size of an unknown dimension that is not outermost. */
  static final int INNER = 4;

  /** How elements are made up. */
  enum Fill {
    /** Integers 0, 1, 2, ...mod 3; floats of both signs and zero; booleans alternating. */
    VARIED,
    /** Integers 0 (an index valid in any non-empty table); floats and booleans as VARIED. */
    ZEROS
  }

  private SyntheticFeeds() {}

  /** The most of the graph's strings a synthetic text draws from. */
  static final int MAX_GRAPH_WORDS = 256;

  /** A feed for each placeholder, by name; strings made with {@code words} (see {@link #graphWords}). */
  static Map<String, Object> of(List<Node> placeholders, int rows, Fill fill, List<String> words) {
    Map<String, Object> feeds = new LinkedHashMap<>();
    for (Node p : placeholders) {
      feeds.put(p.name().orElseThrow(), value(p.type(), rows, fill, words));
    }
    return feeds;
  }

  /**
   * Up to {@link #MAX_GRAPH_WORDS} of the strings the graph holds in its attributes (a table's keys,
   * a constant), spread over each tensor, in graph order; byte strings without spaces only.
   */
  static List<String> graphWords(dev.tatter.ir.Graph graph) {
    java.util.LinkedHashSet<String> words = new java.util.LinkedHashSet<>();
    for (Node node : graph.nodes()) {
      for (Object attribute : node.attributes().asMap().values()) {
        if (attribute instanceof Tensor t && t.dtype() == DType.STRING && t.size() > 0) {
          int step = Math.max(1, t.size() / MAX_GRAPH_WORDS);
          for (int i = 0; i < t.size() && words.size() < MAX_GRAPH_WORDS; i += step) {
            if (t.get(i) instanceof String w && !w.isEmpty() && w.indexOf(' ') < 0) {
              words.add(w);
            }
          }
        }
      }
    }
    return List.copyOf(words);
  }

  static Object value(Type type, int rows, Fill fill, List<String> words) {
    if (type instanceof DenseType dense) {
      return tensor(dense.dtype(), shape(dense.shape(), rows), fill, words);
    }
    if (type instanceof RaggedType ragged) {
      return ragged(ragged, rows, fill, words);
    }
    if (type instanceof SparseType sparse) {
      return sparse(sparse, rows, fill, words);
    }
    if (type instanceof PartitionType partition) {
      return partition(partition, rows);
    }
    throw new IllegalArgumentException("no synthetic value for a placeholder of type " + type);
  }

  private static int[] shape(List<Long> dims, int outer) {
    int[] shape = new int[dims.size()];
    for (int i = 0; i < shape.length; i++) {
      long d = dims.get(i);
      shape[i] = Dims.isKnown(d) ? (int) d : i == 0 ? outer : INNER;
    }
    return shape;
  }

  private static Tensor tensor(DType dtype, int[] shape, Fill fill, List<String> words) {
    int n = 1;
    for (int d : shape) {
      n = Math.multiplyExact(n, d);
    }
    if (dtype.kind() == DType.Kind.STRING) {
      String[] text = new String[n];
      for (int i = 0; i < n; i++) {
        text[i] = text(i, words);
      }
      return Tensor.of(DType.STRING, text, shape);
    }
    double[] values = new double[n];
    boolean integral = dtype.isInteger() || dtype.kind() == DType.Kind.BOOL;
    for (int i = 0; i < n; i++) {
      values[i] = dtype.kind() == DType.Kind.BOOL ? i % 2
          : !integral ? ((i * 7) % 11 - 5) * 0.25
          : fill == Fill.ZEROS ? 0 : i % 3;
    }
    // every dtype's elements through its cast from float64, as the graph's own cast makes them
    return PointwiseKernels.cast(Tensor.of(DType.FLOAT64, values, shape), dtype);
  }

  /** Element {@code i} of a string tensor: one word every fourth element, else a sentence of 1 to 24 words. */
  private static String text(int i, List<String> words) {
    if (i % 4 == 0) {
      return word(i, words);
    }
    StringBuilder s = new StringBuilder();
    for (int w = 0; w < 1 + (i * 5) % 24; w++) {
      if (w > 0) {
        s.append(' ');
      }
      s.append(word(i * 31 + w * 7, words));
    }
    return s.toString();
  }

  /**
   * Word {@code k}: one of the graph's strings three times in four, else one of them with a letter
   * added, which no table is likely to hold but which is as long as real words (a hash of it takes
   * the same paths).
   */
  private static String word(int k, List<String> words) {
    if (words.isEmpty()) {
      return "w" + k % 50 + (k % 4 == 3 ? "q" : "");
    }
    String w = words.get(Math.floorMod(k * 7919, words.size()));
    return k % 4 == 3 ? w + "q" : w;
  }

  /** Row lengths 0, 1, 2, 3, 4, 0, ...: empty rows among short ones. */
  private static long[] splits(int nrows) {
    long[] splits = new long[nrows + 1];
    for (int r = 0; r < nrows; r++) {
      splits[r + 1] = splits[r] + r % 5;
    }
    return splits;
  }

  private static RowPartition partition(PartitionType type, int rows) {
    int nrows = Dims.isKnown(type.nrows()) ? (int) type.nrows() : rows;
    if (type.uniform()) {
      // the row length from the type, not from splits: a partition of zero rows has none to read it from
      long length = Dims.isKnown(type.uniformRowLength()) ? type.uniformRowLength() : INNER;
      return RowPartition.uniform(length, nrows, type.splitsDType());
    }
    return RowPartition.fromRowSplits(splits(nrows), type.splitsDType(), true);
  }

  private static RaggedTensor ragged(RaggedType type, int rows, Fill fill, List<String> words) {
    List<RowPartition> partitions = new ArrayList<>();
    int nrows = Dims.isKnown(type.nrows()) ? (int) type.nrows() : rows;
    for (PartitionType p : type.partitions()) {
      RowPartition partition = partition(p.withNrows(nrows), nrows);
      partitions.add(partition);
      nrows = partition.nvals();
    }
    List<Long> flat = new ArrayList<>(type.flatValuesShape());
    flat.set(0, (long) nrows);
    return RaggedTensor.ofNested(tensor(type.dtype(), shape(flat, nrows), fill, words), partitions);
  }

  private static SparseTensor sparse(SparseType type, int rows, Fill fill, List<String> words) {
    int[] shape = shape(type.shape(), rows);
    long size = 1;
    for (int d : shape) {
      size *= d;
    }
    // every third element of the dense shape, in row-major order
    int count = (int) ((size + 2) / 3);
    long[] indices = new long[count * shape.length];
    for (int k = 0; k < count; k++) {
      long flat = 3L * k;
      for (int axis = shape.length - 1; axis >= 0; axis--) {
        indices[k * shape.length + axis] = flat % shape[axis];
        flat /= shape[axis];
      }
    }
    long[] dense = new long[shape.length];
    for (int i = 0; i < shape.length; i++) {
      dense[i] = shape[i];
    }
    return SparseTensor.of(Tensor.of(DType.INT64, indices, count, shape.length), tensor(type.dtype(), new int[] {count}, fill, words),
        Tensor.ofLongs(dense));
  }
}
