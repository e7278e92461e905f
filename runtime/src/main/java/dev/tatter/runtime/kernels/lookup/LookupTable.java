package dev.tatter.runtime.kernels.lookup;

import com.google.common.collect.MapMaker;
import dev.tatter.runtime.Tensor;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentMap;

/**
 * A static hash table (TF's {@code StaticHashTable} after its {@code KeyValueTensorInitializer}
 * ran): the position of each key in the keys tensor. A table is built once per keys tensor — the
 * graph constant an op holds as its attribute — and kept as long as that constant lives, so
 * repeated runs of a graph, compiled or interpreted, look up without rebuilding it.
 */
public final class LookupTable {
  // weak keys compare by identity: one table per attribute tensor, dropped with its graph
  private static final ConcurrentMap<Tensor, LookupTable> BUILT = new MapMaker().weakKeys().makeMap();

  private final Map<Object, Integer> positions;

  private LookupTable(Tensor keys) {
    Map<Object, Integer> m = new HashMap<>(keys.size() * 2);
    for (int i = 0; i < keys.size(); i++) {
      m.putIfAbsent(keys.get(i), i); // duplicates with different values are refused when the graph is built
    }
    this.positions = m;
  }

  /** The table over {@code keys}, built on first use. */
  public static LookupTable of(Tensor keys) {
    return BUILT.computeIfAbsent(keys, LookupTable::new);
  }

  /** The position of {@code key} in the keys, or -1. */
  public int find(Object key) {
    Integer at = positions.get(key);
    return at == null ? -1 : at;
  }

  public int size() {
    return positions.size();
  }
}
