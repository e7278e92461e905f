package dev.tatter.runtime.exec;

import java.lang.reflect.Array;
import java.util.ArrayDeque;
import java.util.Iterator;

/**
 * Idle primitive arrays that runners' generated loops may write into instead of allocating, held
 * under a budget of bytes: the intermediates of a run (loop outputs no result refers to), given back
 * when the run's liveness says they are dead, and taken by a later loop (of the same run or of
 * another run, of any runner sharing the pool) that needs an array of exactly that element type and
 * length. Only arrays no caller was ever handed come here ({@link OutputBuffers} keeps the arrays of
 * fetched results itself), so nothing a user holds is ever written through the pool.
 *
 * <p>The budget bounds the idle arrays only, never what a run in progress uses: an array given back
 * past the budget evicts the arrays idle longest, and one larger than the whole budget is dropped
 * (left to the garbage collector). A budget of 0 pools nothing: every intermediate is freed as soon
 * as the run's liveness allows. Thread-safe: one pool serves all the runners of a session.
 */
public final class BufferPool {
  /**
   * The default budget: {@code -Dtatter.bufferPoolBytes}, else an eighth of the maximum heap, so
   * that a server's idle intermediates stay a bounded share of its heap however many runners it
   * makes.
   */
  public static long defaultBudget() {
    Long bytes = Long.getLong("tatter.bufferPoolBytes");
    return bytes != null ? Math.max(0, bytes) : Runtime.getRuntime().maxMemory() / 8;
  }

  private final ArrayDeque<Object> idle = new ArrayDeque<>(); // oldest first
  private long idleBytes;
  private long budget;

  /** A pool holding at most {@code budgetBytes} bytes of idle arrays (0: pool nothing). */
  public BufferPool(long budgetBytes) {
    this.budget = checkBudget(budgetBytes);
  }

  private static long checkBudget(long bytes) {
    if (bytes < 0) {
      throw new IllegalArgumentException("a buffer pool's budget is a number of bytes >= 0, not " + bytes);
    }
    return bytes;
  }

  /** The budget in bytes. */
  public synchronized long budget() {
    return budget;
  }

  /** Sets the budget, evicting idle arrays (those idle longest first) until they fit it. */
  public synchronized void setBudget(long bytes) {
    budget = checkBudget(bytes);
    evictDownTo(budget);
  }

  /** The bytes of the idle arrays held now (payload bytes: element width times length). */
  public synchronized long idleBytes() {
    return idleBytes;
  }

  /** The number of idle arrays held now. */
  public synchronized int idleArrays() {
    return idle.size();
  }

  /** Drops every idle array. */
  public synchronized void clear() {
    idle.clear();
    idleBytes = 0;
  }

  /**
   * An idle array of {@code length} elements of type {@code element} (a primitive class), removed
   * from the pool, or null if there is none. The most recently given one is taken first.
   */
  public synchronized Object take(Class<?> element, int length) {
    Iterator<Object> it = idle.descendingIterator();
    while (it.hasNext()) {
      Object array = it.next();
      if (array.getClass().getComponentType() == element && Array.getLength(array) == length) {
        it.remove();
        idleBytes -= bytes(array);
        return array;
      }
    }
    return null;
  }

  /**
   * Gives back an array nothing reads any more: kept if it fits the budget (evicting the arrays
   * idle longest to make room), dropped otherwise.
   */
  public synchronized void give(Object array) {
    long size = bytes(array);
    if (size > budget) {
      return;
    }
    evictDownTo(budget - size);
    idle.addLast(array);
    idleBytes += size;
  }

  private void evictDownTo(long bytes) {
    while (idleBytes > bytes) {
      idleBytes -= bytes(idle.removeFirst());
    }
  }

  /** The payload bytes of a primitive array. */
  static long bytes(Object array) {
    Class<?> element = array.getClass().getComponentType();
    int width = element == long.class || element == double.class ? 8
        : element == int.class || element == float.class ? 4
        : element == short.class || element == char.class ? 2
        : element == byte.class || element == boolean.class ? 1
        : 8; // references (a complex or string array never comes from a loop): a pointer each, at most
    return (long) width * Array.getLength(array);
  }
}
