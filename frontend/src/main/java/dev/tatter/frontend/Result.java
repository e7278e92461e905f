package dev.tatter.frontend;

import com.google.common.collect.ImmutableList;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.RowPartition;
import dev.tatter.runtime.Tensor;

/** The values a {@link Session} run fetched, in the order they were asked for. */
public final class Result {
  private final ImmutableList<Object> values;

  Result(ImmutableList<Object> values) {
    this.values = values;
  }

  public Object get(int i) {
    return values.get(i);
  }

  public Tensor tensor(int i) {
    return (Tensor) values.get(i);
  }

  public RaggedTensor ragged(int i) {
    return (RaggedTensor) values.get(i);
  }

  public RowPartition partition(int i) {
    return (RowPartition) values.get(i);
  }

  public ImmutableList<Object> values() {
    return values;
  }

  public int size() {
    return values.size();
  }

  @Override
  public String toString() {
    return values.toString();
  }
}
