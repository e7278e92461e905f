package dev.tatter.runtime.kernels.text;

import java.util.Arrays;

/**
 * A trie over byte strings with an int value per key: nodes are numbered from the root, 0, and a
 * node's child by a byte is found in one open-addressing hash table keyed by {@code node * 256 +
 * byte}, so a step is one multiply-shift and a probe or two, and the whole trie is three arrays.
 * Immutable once built; safe to share across threads.
 */
public final class ByteTrie {
  /** The value of a node that ends no key. */
  public static final int NONE = -1;
  public static final int ROOT = 0;

  private final long[] keys;
  private final int[] children;
  private final int shift;
  private final int[] values;

  private ByteTrie(long[] keys, int[] children, int shift, int[] values) {
    this.keys = keys;
    this.children = children;
    this.shift = shift;
    this.values = values;
  }

  /** The child of {@code node} by byte {@code b}, or -1. */
  public int child(int node, int b) {
    long key = ((long) node << 8) | (b & 0xFF);
    int h = (int) ((key * 0x9E3779B97F4A7C15L) >>> shift);
    int mask = keys.length - 1;
    while (true) {
      long k = keys[h];
      if (k == key) {
        return children[h];
      }
      if (k == -1) {
        return -1;
      }
      h = (h + 1) & mask;
    }
  }

  /** The node reached from {@code node} by {@code b[from, to)}, or -1. */
  public int walk(int node, byte[] b, int from, int to) {
    int n = node;
    for (int i = from; i < to && n >= 0; i++) {
      n = child(n, b[i]);
    }
    return n;
  }

  /** The value the node holds ({@link #NONE} for a node that ends no key). */
  public int value(int node) {
    return values[node];
  }

  /** The value of the key {@code b[from, to)}, or {@link #NONE}. */
  public int get(byte[] b, int from, int to) {
    int n = walk(ROOT, b, from, to);
    return n < 0 ? NONE : values[n];
  }

  public int nodeCount() {
    return values.length;
  }

  /** Builds a trie; keys added twice keep their last value. */
  public static final class Builder {
    private long[] edgeKeys = new long[1024];
    private int[] edgeChildren = new int[1024];
    private int edges;
    private int[] values = new int[1024];
    private int nodes = 1;
    private long[] keys = newKeys(1024);
    private int[] children = new int[1024];
    private int shift = 64 - 10;

    public Builder() {
      values[0] = NONE;
    }

    /** Adds the key {@code b[from, to)} with {@code value}; returns its node. */
    public int put(byte[] b, int from, int to, int value) {
      int n = ROOT;
      for (int i = from; i < to; i++) {
        n = childOrAdd(n, b[i]);
      }
      values[n] = value;
      return n;
    }

    /** The node for {@code b[from, to)}, added with no value where missing. */
    public int node(byte[] b, int from, int to) {
      int n = ROOT;
      for (int i = from; i < to; i++) {
        n = childOrAdd(n, b[i]);
      }
      return n;
    }

    private int childOrAdd(int node, byte b) {
      long key = ((long) node << 8) | (b & 0xFF);
      int mask = keys.length - 1;
      int h = (int) ((key * 0x9E3779B97F4A7C15L) >>> shift);
      while (keys[h] != -1) {
        if (keys[h] == key) {
          return children[h];
        }
        h = (h + 1) & mask;
      }
      int child = nodes++;
      if (child == values.length) {
        values = Arrays.copyOf(values, values.length * 2);
      }
      values[child] = NONE;
      keys[h] = key;
      children[h] = child;
      if (edges == edgeKeys.length) {
        edgeKeys = Arrays.copyOf(edgeKeys, edges * 2);
        edgeChildren = Arrays.copyOf(edgeChildren, edges * 2);
      }
      edgeKeys[edges] = key;
      edgeChildren[edges] = child;
      edges++;
      if (edges * 2 > keys.length) {
        rehash(keys.length * 2);
      }
      return child;
    }

    private void rehash(int capacity) {
      keys = newKeys(capacity);
      children = new int[capacity];
      shift = 64 - Integer.numberOfTrailingZeros(capacity);
      int mask = capacity - 1;
      for (int e = 0; e < edges; e++) {
        int h = (int) ((edgeKeys[e] * 0x9E3779B97F4A7C15L) >>> shift);
        while (keys[h] != -1) {
          h = (h + 1) & mask;
        }
        keys[h] = edgeKeys[e];
        children[h] = edgeChildren[e];
      }
    }

    private static long[] newKeys(int capacity) {
      long[] k = new long[capacity];
      Arrays.fill(k, -1);
      return k;
    }

    /** Each edge as {@code parent << 8 | byte} (in the order added), for builders of derived tables. */
    long[] edgeKeys() {
      return Arrays.copyOf(edgeKeys, edges);
    }

    int[] edgeChildren() {
      return Arrays.copyOf(edgeChildren, edges);
    }

    public ByteTrie build() {
      rehash(Integer.highestOneBit(Math.max(4, edges * 2 - 1)) * 2); // load at most 1/2, fresh table
      return new ByteTrie(keys, children, shift, Arrays.copyOf(values, nodes));
    }
  }
}
