package dev.tatter.frontend;

import java.util.Collection;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;

/**
 * A session's compiled programs by fetch list, at most {@code capacity} of them, kept by how often
 * each fetch list is asked for (TinyLFU's admission, as Caffeine keeps its caches): a fetch list
 * that is not held takes the place of the least often asked one only if it has been asked for more
 * often; otherwise its program serves this call and is not kept. A server cycling through more
 * fetch lists than the capacity then keeps a fixed {@code capacity} of them and compiles only the
 * rest, where dropping the oldest (LRU) or any one would compile on nearly every call; a new set of
 * fetch lists asked for often takes the places of an old one as the counts age (halved every
 * {@code 10 * capacity} calls).
 *
 * <p>Thread-safe: a hit is a map look-up and a counter increment; a miss decides under the cache's
 * lock (compiling takes milliseconds, deciding microseconds). A program computed twice by two
 * threads missing at once is kept once.
 */
final class ProgramCache<V> {
  private final int capacity;
  private final Map<List<Integer>, V> held = new ConcurrentHashMap<>();
  /** How often each fetch list was asked for, held or not, since the counts last aged. */
  private final Map<List<Integer>, AtomicInteger> counts = new ConcurrentHashMap<>();
  private final AtomicLong calls = new AtomicLong();

  ProgramCache(int capacity) {
    if (capacity < 1) {
      throw new IllegalArgumentException("a program cache holds at least 1 program, got " + capacity);
    }
    this.capacity = capacity;
  }

  /** The value of {@code key}: the one held, else {@code make}'s, kept if the admission above lets it in. */
  V get(List<Integer> key, Function<List<Integer>, V> make) {
    int count = counts.computeIfAbsent(key, k -> new AtomicInteger()).incrementAndGet();
    V value = held.get(key);
    if (calls.incrementAndGet() % (10L * capacity) == 0) {
      age();
    }
    if (value != null) {
      return value;
    }
    V made = make.apply(key);
    synchronized (this) {
      V raced = held.get(key);
      if (raced != null) {
        return raced;
      }
      if (held.size() < capacity) {
        held.put(key, made);
        return made;
      }
      List<Integer> victim = leastAsked();
      if (count > countOf(victim) + 1) { // a margin of one: in a cycle, the victim may simply not have come round yet
        held.remove(victim);
        held.put(key, made);
      }
      return made;
    }
  }

  /** The held key asked for least often (the first such, in the map's order). */
  private List<Integer> leastAsked() {
    List<Integer> victim = null;
    int fewest = Integer.MAX_VALUE;
    for (List<Integer> k : held.keySet()) {
      int c = countOf(k);
      if (c < fewest) {
        fewest = c;
        victim = k;
      }
    }
    return victim;
  }

  private int countOf(List<Integer> key) {
    AtomicInteger c = counts.get(key);
    return c == null ? 0 : c.get();
  }

  /**
   * Halves every count and forgets the keys left at 0 that are not held, so that old popularity
   * fades (a new working set can take over) and the counts stay about as many as the recent keys.
   */
  private synchronized void age() {
    for (Iterator<Map.Entry<List<Integer>, AtomicInteger>> it = counts.entrySet().iterator(); it.hasNext(); ) {
      Map.Entry<List<Integer>, AtomicInteger> e = it.next();
      int halved = e.getValue().updateAndGet(c -> c / 2);
      if (halved == 0 && !held.containsKey(e.getKey())) {
        it.remove();
      }
    }
  }

  /** The values held now. */
  Collection<V> values() {
    return held.values();
  }

  /** Whether {@code key}'s value is held. */
  boolean holds(List<Integer> key) {
    return held.containsKey(key);
  }

  synchronized void clear() {
    held.clear();
    counts.clear();
  }
}
