package dev.tatter.frontend;

import dev.tatter.ir.GraphBuildException;
import dev.tatter.ir.ops.IndexingOps;
import dev.tatter.runtime.Index;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * The builder side of {@code __getitem__}: a key given as typed {@link Index} entries, as
 * integers, or as Python's text between the brackets becomes one {@code getitem} node whose key
 * attribute is the canonical text ({@code ":, 1:3"}).
 */
@BuilderApi
final class Indexing {
  private Indexing() {}

  static Value getItem(Value x, List<Index> key) {
    return x.builder().op(IndexingOps.GETITEM, Map.of("key", Index.format(key)), x);
  }

  static Value getItem(Value x, long... indices) {
    return getItem(x, Arrays.stream(indices).mapToObj(Index::at).toList());
  }

  static Value getItem(Value x, String key) {
    List<Index> parsed;
    try {
      parsed = Index.parse(key);
    } catch (IllegalArgumentException e) {
      throw new GraphBuildException("getitem at " + CallSite.find() + ": " + e.getMessage());
    }
    return getItem(x, parsed);
  }
}
