package dev.tatter.frontend;

import dev.tatter.runtime.DType;
import dev.tatter.runtime.Tensor;
import java.util.Arrays;
import java.util.List;

/** Short ways to write the seeds' inputs in the builder. */
final class SeedFixtures {
  private SeedFixtures() {}

  static Value ints(GraphBuilder g, int... values) {
    return g.constant(Tensor.ofInts(values));
  }

  static Value longs(GraphBuilder g, long... values) {
    return g.indices(DType.INT64, values);
  }

  /** The seed's running example {@code [[3, 1, 4, 1], [], [5, 9, 2], [6], []]}'s values. */
  static Value seedValues(GraphBuilder g) {
    return ints(g, 3, 1, 4, 1, 5, 9, 2, 6);
  }

  /** What {@code tf.ragged.constant} builds for a ragged_rank-1 int32 list, from its splits. */
  static Value ragged(GraphBuilder g, int[] values, long... splits) {
    return g.raggedFromRowSplits(ints(g, values), longs(g, splits));
  }

  /** A ragged int32 tensor from flat values and nested splits, outermost first. */
  static Value nested(GraphBuilder g, int[] flatValues, long[]... nestedSplits) {
    return g.raggedFromNestedRowSplits(ints(g, flatValues),
        Arrays.stream(nestedSplits).map(s -> longs(g, s)).toList());
  }

  static List<String> strings(List<Object> values) {
    return values.stream().map(String::valueOf).toList();
  }
}
