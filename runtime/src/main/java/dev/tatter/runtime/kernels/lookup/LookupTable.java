package dev.tatter.runtime.kernels.lookup;

import com.google.common.collect.MapMaker;
import dev.tatter.runtime.StringColumn;
import dev.tatter.runtime.Tensor;
import dev.tatter.runtime.kernels.strings.FarmHash;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentMap;

/**
 * A static hash table (TF's {@code StaticHashTable} after its {@code KeyValueTensorInitializer}
 * ran): the position of each key in the keys tensor. A table is built once per keys tensor — the
 * graph constant an op holds as its attribute — and kept as long as that constant lives, so
 * repeated runs of a graph, compiled or interpreted, look up without rebuilding it.
 *
 * <p>String keys are looked up by their bytes in place: open addressing over the keys' FarmHash
 * fingerprints (linear probing, the fingerprint compared before the bytes), so a token is never
 * copied out of its buffer to be looked up, and the one fingerprint a lookup computes also gives
 * a vocabulary table's out-of-vocabulary bucket. Other keys go through a map of boxed values.
 */
public final class LookupTable {
  // weak keys compare by identity: one table per attribute tensor, dropped with its graph
  private static final ConcurrentMap<Tensor, LookupTable> BUILT = new MapMaker().weakKeys().makeMap();

  private final int size;
  private final Map<Object, Integer> positions; // non-string keys
  private final StringColumn keys; // string keys
  private final int[] slots; // key position + 1, 0 for an empty slot
  private final long[] hashes; // the fingerprint of each slot's key
  private final int mask;

  private LookupTable(Tensor keys) {
    this.size = keys.size();
    if (keys.unsafeData() instanceof StringColumn column) {
      this.keys = column;
      this.positions = null;
      int capacity = Integer.highestOneBit(Math.max(2, size) * 2 - 1) * 2; // at most half full
      this.slots = new int[capacity];
      this.hashes = new long[capacity];
      this.mask = capacity - 1;
      byte[] b = column.unsafeBytes();
      for (int i = 0; i < size; i++) {
        long h = FarmHash.fingerprint64(b, column.start(i), column.end(i));
        if (findBytes(b, column.start(i), column.end(i), h) < 0) { // duplicates with other values are refused when the graph is built
          int s = (int) h & mask;
          while (slots[s] != 0) {
            s = (s + 1) & mask;
          }
          slots[s] = i + 1;
          hashes[s] = h;
        }
      }
    } else {
      this.keys = null;
      this.slots = null;
      this.hashes = null;
      this.mask = 0;
      Map<Object, Integer> m = new HashMap<>(size * 2);
      for (int i = 0; i < size; i++) {
        m.putIfAbsent(keys.get(i), i);
      }
      this.positions = m;
    }
  }

  /** The table over {@code keys}, built on first use. */
  public static LookupTable of(Tensor keys) {
    return BUILT.computeIfAbsent(keys, LookupTable::new);
  }

  /** The position in the table's keys of element {@code i} of {@code lookedUp} (of the keys' dtype), or -1. */
  public int find(Tensor lookedUp, int i) {
    if (keys != null) {
      StringColumn c = lookedUp.stringColumn();
      return findBytes(c.unsafeBytes(), c.start(i), c.end(i));
    }
    Integer at = positions.get(lookedUp.get(i));
    return at == null ? -1 : at;
  }

  /** The position of the string key {@code b[from, to)}, or -1 (a table of string keys only). */
  public int findBytes(byte[] b, int from, int to) {
    return findBytes(b, from, to, FarmHash.fingerprint64(b, from, to));
  }

  /**
   * The position of the string key {@code b[from, to)}, whose FarmHash fingerprint is
   * {@code fingerprint}, or -1 (a table of string keys only).
   */
  public int findBytes(byte[] b, int from, int to, long fingerprint) {
    for (int s = (int) fingerprint & mask; slots[s] != 0; s = (s + 1) & mask) {
      if (hashes[s] == fingerprint && keys.equals(slots[s] - 1, b, from, to)) {
        return slots[s] - 1;
      }
    }
    return -1;
  }

  /** The number of keys (duplicates counted). */
  public int size() {
    return size;
  }
}
