package dev.tatter.frontend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The session's program cache, driven by fetch-list keys alone (counting the programs it has to
 * make): a cycle through more keys than it holds keeps most of them (where dropping the oldest
 * would make one on every call), it never holds more than its capacity, and a new working set asked
 * for often takes over from an old one.
 */
class ProgramCacheTest {
  private static final class Counting {
    int made;

    String make(List<Integer> key) {
      made++;
      return "program " + key;
    }
  }

  private static List<Integer> key(int i) {
    return List.of(i);
  }

  @Test
  void aCycleThroughMoreKeysThanItHolds_keepsMostOfThem() {
    ProgramCache<String> cache = new ProgramCache<>(256);
    Counting c = new Counting();
    int cycles = 20;
    for (int round = 0; round < cycles; round++) {
      for (int i = 0; i < 300; i++) {
        assertEquals("program [" + i + "]", cache.get(key(i), c::make));
      }
    }
    // 6,000 calls: an LRU cache (or dropping any one) made a program on nearly every call of such a cycle;
    // the best any cache of 256 can do is 300 + 44 per later cycle (256 held, 44 not)
    assertTrue(c.made <= 300 + (cycles - 1) * 60, "made " + c.made + " programs in " + cycles * 300 + " calls");
    assertEquals(256, cache.values().size());
  }

  @Test
  void keysWithinTheCapacity_areMadeOnce() {
    ProgramCache<String> cache = new ProgramCache<>(4);
    Counting c = new Counting();
    for (int round = 0; round < 50; round++) {
      for (int i = 0; i < 4; i++) {
        cache.get(key(i), c::make);
      }
    }
    assertEquals(4, c.made);
  }

  @Test
  void aNewWorkingSet_takesOverAsTheCountsAge() {
    ProgramCache<String> cache = new ProgramCache<>(8);
    Counting c = new Counting();
    for (int round = 0; round < 20; round++) {
      for (int i = 0; i < 8; i++) {
        cache.get(key(i), c::make);
      }
    }
    List<Integer> madePerRound = new ArrayList<>();
    for (int round = 0; round < 30; round++) {
      int before = c.made;
      for (int i = 100; i < 108; i++) {
        cache.get(key(i), c::make);
      }
      madePerRound.add(c.made - before);
    }
    // the old keys' counts halve every 80 calls: within a few rounds the new keys are held and made no more
    assertEquals(List.of(0, 0, 0, 0, 0), madePerRound.subList(25, 30), madePerRound.toString());
    for (int i = 100; i < 108; i++) {
      assertTrue(cache.holds(key(i)), "key " + i + " held");
    }
  }

  @Test
  void aKeyAskedForOnce_doesNotDisplaceOnesAskedForOften() {
    ProgramCache<String> cache = new ProgramCache<>(2);
    Counting c = new Counting();
    for (int round = 0; round < 5; round++) {
      cache.get(key(1), c::make);
      cache.get(key(2), c::make);
    }
    assertEquals("program [3]", cache.get(key(3), c::make)); // served, not kept
    assertTrue(cache.holds(key(1)) && cache.holds(key(2)));
    assertEquals(3, c.made);
    assertThrows(IllegalArgumentException.class, () -> new ProgramCache<String>(0));
  }
}
