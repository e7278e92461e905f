package dev.tatter.frontend;

import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.RowPartition;
import dev.tatter.runtime.SparseTensor;
import dev.tatter.runtime.Tensor;
import dev.tatter.ir.Node;
import java.util.List;

/**
 * The values a {@link Session} run fetched, in the order they were asked for. The typed
 * accessors say which fetch was of another kind than asked:
 *
 * <pre>{@code
 * Result r = session.run(feeds, padded, lengths);
 * float[][] rows = (float[][]) r.tensor(0).toNestedArray();
 * long[] lengths = r.tensor(1).toLongArray();
 * }</pre>
 */
public final class Result {
  private final List<Object> values;
  /** The fetched nodes, named only when an accessor fails: a run pays for no strings (W6). */
  private final List<Node> fetches;

  Result(Object[] values, List<Node> fetches) {
    this.values = List.of(values); // one copy, unmodifiable; a fetched value is never null
    this.fetches = fetches;
  }

  /**
   * Fetch {@code i} as it came out: a {@link Tensor}, {@link RaggedTensor}, {@link RowPartition} or {@link SparseTensor}.
   *
   * @param i the fetch's position in the run's fetch list
   * @return the fetched value
   */
  public Object get(int i) {
    return values.get(i);
  }

  /**
   * Fetch {@code i}, a dense tensor.
   *
   * @param i the fetch's position
   * @return the tensor
   * @throws IllegalStateException if the fetch is of another kind
   */
  public Tensor tensor(int i) {
    return as(i, Tensor.class);
  }

  /**
   * Fetch {@code i}, a ragged tensor.
   *
   * @param i the fetch's position
   * @return the ragged tensor
   * @throws IllegalStateException if the fetch is of another kind
   */
  public RaggedTensor ragged(int i) {
    return as(i, RaggedTensor.class);
  }

  /**
   * Fetch {@code i}, a row partition.
   *
   * @param i the fetch's position
   * @return the partition
   * @throws IllegalStateException if the fetch is of another kind
   */
  public RowPartition partition(int i) {
    return as(i, RowPartition.class);
  }

  /**
   * Fetch {@code i}, a sparse tensor.
   *
   * @param i the fetch's position
   * @return the sparse tensor
   * @throws IllegalStateException if the fetch is of another kind
   */
  public SparseTensor sparse(int i) {
    return as(i, SparseTensor.class);
  }

  private <T> T as(int i, Class<T> kind) {
    Object v = values.get(i);
    if (!kind.isInstance(v)) {
      throw new IllegalStateException("fetch " + i + " (" + fetches.get(i) + ") is a "
          + v.getClass().getSimpleName() + ", not a " + kind.getSimpleName());
    }
    return kind.cast(v);
  }

  /**
   * The fetched values, in fetch order.
   *
   * @return an unmodifiable list
   */
  public List<Object> values() {
    return values;
  }

  /**
   * The number of fetched values.
   *
   * @return the size of the fetch list
   */
  public int size() {
    return values.size();
  }

  @Override
  public String toString() {
    return values.toString();
  }
}
