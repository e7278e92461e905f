package dev.tatter.frontend;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.runtime.DType;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.RowPartition;
import dev.tatter.runtime.Tensor;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/** A {@link Runner} keeps its loops' output arrays between runs, under the aliasing rules its Javadoc states. */
class RunnerTest {
  /** W1's expression, {@code ((x*2 + 1) / 3 - x) * x}, over a ragged float32 placeholder, and its row sums. */
  private static final class W1 {
    final GraphBuilder g = new GraphBuilder();
    final Value x = g.placeholder("x", Types.ragged(DType.FLOAT32, 1));
    final Value y = x.mul(2).add(1).truediv(3).sub(x).mul(x);
    final Value rowSums = y.reduceSum(1);
  }

  /** tf: ((x * 2. + 1.) / 3. - x) * x in float32, element by element (each op rounded to float32). */
  private static float[] expected(float[] x) {
    float[] out = new float[x.length];
    for (int i = 0; i < x.length; i++) {
      float v = x[i];
      out[i] = ((v * 2f + 1f) / 3f - v) * v;
    }
    return out;
  }

  private static RaggedTensor ragged(float[] values, long... splits) {
    return RaggedTensor.of(Tensor.ofFloats(values), RowPartition.fromRowSplits(splits, DType.INT64, true));
  }

  private static float[] floats(Random random, int n) {
    float[] v = new float[n];
    for (int i = 0; i < n; i++) {
      v[i] = random.nextInt(2000) / 8f - 125f;
    }
    return v;
  }

  private static void assertBits(float[] expected, Tensor actual) {
    float[] got = actual.toFloatArray();
    assertEquals(expected.length, got.length);
    for (int i = 0; i < got.length; i++) {
      assertEquals(Float.floatToRawIntBits(expected[i]), Float.floatToRawIntBits(got[i]), "element " + i);
    }
  }

  private static Object valuesArray(Result r) {
    return r.ragged(0).flatValues().unsafeData();
  }

  @Test
  void secondRun_overwritesTheFirstResultsArrays_asDocumented() {
    W1 w = new W1();
    float[] a = floats(new Random(1), 40);
    float[] b = floats(new Random(2), 40);
    try (Session session = new Session(w.g.build())) {
      Runner runner = session.runner(w.y);
      Result first = runner.run(Map.of("x", ragged(a, 0, 10, 10, 40)));
      assertBits(expected(a), first.ragged(0).flatValues());
      Result second = runner.run(Map.of("x", ragged(b, 0, 40)));
      assertBits(expected(b), second.ragged(0).flatValues());
      // the first result now reads the second run's values: one array, written again
      assertSame(valuesArray(first), valuesArray(second));
      assertBits(expected(b), first.ragged(0).flatValues());
      assertEquals(1, runner.keptArrays());
      // Session.run keeps nothing: each run its own array
      Result s1 = session.run(Map.of("x", ragged(a, 0, 40)), w.y);
      Result s2 = session.run(Map.of("x", ragged(a, 0, 40)), w.y);
      assertNotSame(valuesArray(s1), valuesArray(s2));
    }
  }

  @Test
  void rowReduction_reusesItsOutput_andAgreesWithSessionRun() {
    W1 w = new W1();
    Random random = new Random(3);
    try (Session session = new Session(w.g.build())) {
      Runner runner = session.runner(w.rowSums);
      Object previous = null;
      for (int round = 0; round < 3; round++) {
        RaggedTensor x = ragged(floats(random, 30), 0, 7, 7, 19, 30);
        Result r = runner.run(Map.of("x", x));
        assertTrue(BitExact.equal(session.run(Map.of("x", x), w.rowSums).values(), r.values()), "round " + round);
        if (previous != null) {
          assertSame(previous, r.tensor(0).unsafeData());
        }
        previous = r.tensor(0).unsafeData();
      }
    }
  }

  @Test
  void shapeChange_reallocates_andEveryResultIsRight() {
    W1 w = new W1();
    Random random = new Random(4);
    try (Session session = new Session(w.g.build())) {
      Runner runner = session.runner(w.y, w.rowSums);
      int[] sizes = {25, 25, 60, 3, 60, 0, 25};
      Object last = null;
      int lastSize = -1;
      for (int size : sizes) {
        float[] v = floats(random, size);
        RaggedTensor x = ragged(v, 0, size / 2, size);
        Result r = runner.run(Map.of("x", x));
        assertBits(expected(v), r.ragged(0).flatValues());
        assertTrue(BitExact.equal(session.run(Map.of("x", x), w.y, w.rowSums).values(), r.values()), "size " + size);
        Object array = valuesArray(r);
        if (size == lastSize) {
          assertSame(last, array);
        } else if (last != null) {
          assertNotSame(last, array);
        }
        last = array;
        lastSize = size;
      }
    }
  }

  @Test
  void twoThreadsWithTwoRunners_neverShareAnArray() throws Exception {
    W1 w = new W1();
    try (Session session = new Session(w.g.build())) {
      List<Set<Object>> seen = new ArrayList<>();
      ExecutorService pool = Executors.newFixedThreadPool(2);
      try {
        List<Future<?>> done = new ArrayList<>();
        for (int t = 0; t < 2; t++) {
          Set<Object> arrays = Collections.newSetFromMap(new IdentityHashMap<>());
          seen.add(arrays);
          Runner runner = session.runner(w.y, w.rowSums);
          long seed = t;
          done.add(pool.submit(() -> {
            Random random = new Random(seed);
            for (int i = 0; i < 300; i++) {
              int size = 1 + random.nextInt(3) * 20; // three sizes: reuse and reallocation both happen
              float[] v = floats(random, size);
              Result r = runner.run(Map.of("x", ragged(v, 0, size)));
              assertBits(expected(v), r.ragged(0).flatValues());
              arrays.add(valuesArray(r));
              arrays.add(r.tensor(1).unsafeData());
            }
            return null;
          }));
        }
        for (Future<?> f : done) {
          f.get();
        }
      } finally {
        pool.shutdown();
      }
      Set<Object> both = Collections.newSetFromMap(new IdentityHashMap<>());
      both.addAll(seen.get(0));
      both.retainAll(seen.get(1));
      assertEquals(Set.of(), both, "an array written by both runners");
    }
  }

  /** {@code cumsum(x, axis=1)} and {@code boolean_mask(x, x > 0) * 2} over a ragged float32 placeholder. */
  private static final class ScanAndFilter {
    final GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    final Value x = g.placeholder("x", Types.ragged(DType.FLOAT32, 1));
    final Value scanned = tf.math.cumsum(x, 1);
    final Value masked = tf.booleanMask(x, x.gt(0f)).mul(2f);
  }

  /** tf.cumsum(rt, axis=1) in float32: each row's running sum, value by value. */
  private static float[] cumsum(float[] v, long[] splits) {
    float[] out = new float[v.length];
    for (int r = 0; r + 1 < splits.length; r++) {
      float acc = 0f;
      for (int i = (int) splits[r]; i < splits[r + 1]; i++) {
        acc += v[i];
        out[i] = acc;
      }
    }
    return out;
  }

  /** tf.ragged.boolean_mask(rt, rt > 0) * 2: the kept values doubled, and the kept counts' row splits. */
  private static Object[] masked(float[] v, long[] splits) {
    float[] kept = new float[v.length];
    long[] outSplits = new long[splits.length];
    int k = 0;
    for (int r = 0; r + 1 < splits.length; r++) {
      for (int i = (int) splits[r]; i < splits[r + 1]; i++) {
        if (v[i] > 0f) {
          kept[k++] = v[i] * 2f;
        }
      }
      outSplits[r + 1] = k;
    }
    return new Object[] {java.util.Arrays.copyOf(kept, k), outSplits};
  }

  private static long[] randomSplits(Random random, int nrows, int nvals) {
    long[] splits = new long[nrows + 1];
    for (int r = 1; r < nrows; r++) {
      splits[r] = random.nextInt(nvals + 1);
    }
    splits[nrows] = nvals;
    java.util.Arrays.sort(splits);
    return splits;
  }

  private static void assertScanAndFilter(float[] v, long[] splits, Result r) {
    assertBits(cumsum(v, splits), r.ragged(0).flatValues());
    assertArrayEquals(splits, r.ragged(0).partition().rowSplitsArray());
    Object[] m = masked(v, splits);
    assertBits((float[]) m[0], r.ragged(1).flatValues());
    assertArrayEquals((long[]) m[1], r.ragged(1).partition().rowSplitsArray());
  }

  @Test
  void scanAndFilter_reuseTheirOutputs_andAgreeWithSessionRun() {
    ScanAndFilter w = new ScanAndFilter();
    float[] a = {1f, -2f, 3f, 4f, -5f, 6f, 0f, 8f};
    long[] splits = {0, 3, 3, 8};
    try (Session session = new Session(w.g.build())) {
      Runner runner = session.runner(w.scanned, w.masked);
      Result first = runner.run(Map.of("x", ragged(a, splits)));
      // tf.cumsum(rt, axis=1) -> [[1, -1, 2], [], [4, -1, 5, 5, 13]]
      assertArrayEquals(new float[] {1f, -1f, 2f, 4f, -1f, 5f, 5f, 13f}, first.ragged(0).flatValues().toFloatArray());
      // tf.ragged.boolean_mask(rt, rt > 0) * 2 -> [[2, 6], [], [8, 12, 16]]
      assertArrayEquals(new float[] {2f, 6f, 8f, 12f, 16f}, first.ragged(1).flatValues().toFloatArray());
      assertArrayEquals(new long[] {0, 2, 2, 5}, first.ragged(1).partition().rowSplitsArray());
      Object scanArray = first.ragged(0).flatValues().unsafeData();
      Object maskArray = first.ragged(1).flatValues().unsafeData();
      Object maskSplits = first.ragged(1).partition().unsafeRowSplits();
      // the same sizes (five values kept again): every array is written again in place
      float[] b = {2f, 2f, -1f, 1f, 1f, -1f, -3f, 5f};
      Result second = runner.run(Map.of("x", ragged(b, splits)));
      assertSame(scanArray, second.ragged(0).flatValues().unsafeData());
      assertSame(maskArray, second.ragged(1).flatValues().unsafeData());
      assertSame(maskSplits, second.ragged(1).partition().unsafeRowSplits());
      assertScanAndFilter(b, splits, second);
      assertScanAndFilter(b, splits, session.run(Map.of("x", ragged(b, splits)), w.scanned, w.masked));
      // all eight kept: the filter's own values array is the result (no trimmed copy)
      float[] c = {1f, 2f, 3f, 4f, 5f, 6f, 7f, 8f};
      assertScanAndFilter(c, splits, runner.run(Map.of("x", ragged(c, splits))));
      // none kept, then other row counts: new arrays where the sizes differ, right values throughout
      float[] d = {-1f, -2f, -3f, -4f, -5f, -6f, -7f, -8f};
      assertScanAndFilter(d, splits, runner.run(Map.of("x", ragged(d, splits))));
      Random random = new Random(3);
      for (int i = 0; i < 50; i++) {
        float[] v = floats(random, random.nextInt(30));
        long[] s = randomSplits(random, 1 + random.nextInt(4), v.length);
        assertScanAndFilter(v, s, runner.run(Map.of("x", ragged(v, s))));
      }
    }
  }

  @Test
  void scanAndFilter_twoThreadsWithTwoRunners_neverShareAnArray() throws Exception {
    ScanAndFilter w = new ScanAndFilter();
    try (Session session = new Session(w.g.build())) {
      List<Set<Object>> seen = new ArrayList<>();
      ExecutorService pool = Executors.newFixedThreadPool(2);
      try {
        List<Future<?>> done = new ArrayList<>();
        for (int t = 0; t < 2; t++) {
          Set<Object> arrays = Collections.newSetFromMap(new IdentityHashMap<>());
          seen.add(arrays);
          Runner runner = session.runner(w.scanned, w.masked);
          long seed = 10 + t;
          done.add(pool.submit(() -> {
            Random random = new Random(seed);
            for (int i = 0; i < 300; i++) {
              int size = 1 + random.nextInt(3) * 20;
              float[] v = floats(random, size);
              long[] s = randomSplits(random, 1 + random.nextInt(2), size);
              Result r = runner.run(Map.of("x", ragged(v, s)));
              assertScanAndFilter(v, s, r);
              arrays.add(r.ragged(0).flatValues().unsafeData());
              arrays.add(r.ragged(1).flatValues().unsafeData());
              arrays.add(r.ragged(1).partition().unsafeRowSplits());
            }
            return null;
          }));
        }
        for (Future<?> f : done) {
          f.get();
        }
      } finally {
        pool.shutdown();
      }
      Set<Object> both = Collections.newSetFromMap(new IdentityHashMap<>());
      both.addAll(seen.get(0));
      both.retainAll(seen.get(1));
      assertEquals(Set.of(), both, "an array written by both runners");
    }
  }

  @Test
  void filterResultsRowSplits_fedBackUnderOtherValues_areReadIntact() {
    ScanAndFilter w = new ScanAndFilter();
    float[] a = {1f, -2f, 3f, 4f, -5f, 6f};
    try (Session session = new Session(w.g.build())) {
      Runner runner = session.runner(w.scanned, w.masked);
      Result first = runner.run(Map.of("x", ragged(a, 0, 2, 6)));
      RowPartition keptRows = first.ragged(1).partition(); // splits [0, 1, 4] in a kept array
      assertArrayEquals(new long[] {0, 1, 4}, keptRows.rowSplitsArray());
      // fed back under new values with one row more: had the run refilled that splits array in
      // place, the feed's partition (and the scan reading it) would have changed under it
      float[] b = {5f, -1f, -2f, 7f};
      RaggedTensor fed = RaggedTensor.of(Tensor.ofFloats(b), keptRows);
      Result second = runner.run(Map.of("x", fed));
      assertScanAndFilter(b, new long[] {0, 1, 4}, second);
      assertArrayEquals(new long[] {0, 1, 4}, keptRows.rowSplitsArray());
      assertNotSame(keptRows.unsafeRowSplits(), second.ragged(1).partition().unsafeRowSplits());
    }
  }

  @Test
  void resultFedBackToItsRunner_isReadIntact() {
    W1 w = new W1();
    float[] a = floats(new Random(5), 32);
    try (Session session = new Session(w.g.build())) {
      Runner runner = session.runner(w.y);
      Result first = runner.run(Map.of("x", ragged(a, 0, 32)));
      Result second = runner.run(Map.of("x", first.ragged(0)));
      assertBits(expected(expected(a)), second.ragged(0).flatValues());
      assertBits(expected(a), first.ragged(0).flatValues()); // the fed value was never written
      assertNotSame(valuesArray(first), valuesArray(second));
    }
  }

  @Test
  void handedOutArrays_areCopies_soWritingThemChangesNothing() {
    W1 w = new W1();
    float[] a = floats(new Random(6), 20);
    try (Session session = new Session(w.g.build())) {
      Runner runner = session.runner(w.y);
      Result r = runner.run(Map.of("x", ragged(a, 0, 20)));
      float[] copy = (float[]) r.ragged(0).flatValues().data();
      java.util.Arrays.fill(copy, Float.NaN);
      r.ragged(0).flatValues().toFloatArray()[0] = 1e9f;
      r.ragged(0).partition().rowSplitsArray()[1] = 99;
      assertBits(expected(a), r.ragged(0).flatValues());
      assertArrayEquals(new long[] {0, 20}, r.ragged(0).partition().rowSplitsArray());
      assertBits(expected(a), runner.run(Map.of("x", ragged(a, 0, 20))).ragged(0).flatValues());
    }
  }

  @Test
  void interpreter_runsTheSameRunner_keepingNothing() {
    W1 w = new W1();
    float[] a = floats(new Random(7), 24);
    float[] b = floats(new Random(8), 24);
    try (Session session = new Session(w.g.build(), "", Session.Backend.INTERPRETED)) {
      Runner runner = session.runner(w.y);
      Result first = runner.run(Map.of("x", ragged(a, 0, 24)));
      Result second = runner.run(Map.of("x", ragged(b, 0, 12, 24)));
      assertBits(expected(a), first.ragged(0).flatValues()); // allocated afresh: still the first run's values
      assertBits(expected(b), second.ragged(0).flatValues());
      assertEquals(0, runner.keptArrays());
    }
  }

  @Test
  void aRunnerAlreadyRunning_refusesASecondRun() {
    W1 w = new W1();
    try (Session session = new Session(w.g.build())) {
      Runner runner = session.runner(w.y);
      RaggedTensor x = ragged(new float[] {1f, 2f}, 0, 2);
      IllegalStateException[] inner = new IllegalStateException[1];
      // the feeds are read while the run holds the runner: a second run then (here from inside it) is refused
      Map<String, Object> feeds = new java.util.HashMap<>(Map.of("x", x)) {
        @Override
        public Object get(Object key) {
          if (inner[0] == null) {
            inner[0] = assertThrows(IllegalStateException.class, () -> runner.run(Map.of("x", x)));
          }
          return super.get(key);
        }
      };
      Result r = runner.run(feeds);
      assertEquals("this runner is running on another thread: make one runner per thread", inner[0].getMessage());
      assertBits(expected(new float[] {1f, 2f}), r.ragged(0).flatValues());
      assertBits(expected(new float[] {1f, 2f}), runner.run(Map.of("x", x)).ragged(0).flatValues()); // free again
    }
  }

  @Test
  void badFeeds_failAsInSessionRun_andAClosedSessionIsRefused() {
    W1 w = new W1();
    Session session = new Session(w.g.build());
    Runner runner = session.runner(w.y);
    InvalidArgumentException wrongDType = assertThrows(InvalidArgumentException.class,
        () -> runner.run(Map.of("x", RaggedTensor.fromNested(new long[][] {{1}}))));
    assertTrue(wrongDType.getMessage().contains("dtype int64 instead of float32"), wrongDType.getMessage());
    assertThrows(InvalidArgumentException.class, () -> runner.run(Map.of()));
    assertThrows(InvalidArgumentException.class, () -> runner.run(Map.of("z", Tensor.ofFloats(1f))));
    session.close();
    assertThrows(IllegalStateException.class, () -> runner.run(Map.of("x", ragged(new float[] {1f}, 0, 1))));
    assertThrows(IllegalStateException.class, () -> session.runner(w.y));
  }

  /**
   * {@code a} is a loop whose array a view ({@code ragged(a, p)}) still holds when the later loop
   * {@code b}, of the same length, runs: {@code a}'s array must not be pooled before {@code b} takes
   * one (liveness follows values through views), or the concat would read {@code b} twice.
   */
  private static final String VIEW_OF_A_LOOP = """
      %x = placeholder() : ragged<float32>[None, (None)]
      %v = values(%x) : tensor<float32>[None]
      %p = partition(%x) : partition<int64>[None, (None)]
      %a = mul(%v, %v) : tensor<float32>[None]
      %ra = ragged(%a, %p) : ragged<float32>[None, (None)]
      %s = row_sum(%a, %p) : tensor<float32>[None]
      %b = add(%v, %v) : tensor<float32>[None]
      %rb = ragged(%b, %p) : ragged<float32>[None, (None)]
      %c = concat(%ra, %rb) {axis = 1} : ragged<float32>[None, (None)]
      return %c, %s
      """;

  @Test
  void aLoopsArrayHeldByAView_isNotReusedByALaterLoop_whileTheViewIsRead() {
    dev.tatter.ir.Graph graph = dev.tatter.ir.text.GraphParser.parse(VIEW_OF_A_LOOP, "view.tat");
    float[] v = {1f, 2f, 3f, -4f, 0.5f};
    RaggedTensor x = ragged(v, 0, 2, 2, 5);
    // tf.concat([x * x, x + x], axis=1) -> [[1, 4, 2, 4], [], [9, 16, 0.25, 6, -8, 1]]; row sums of x * x
    RaggedTensor expected = RaggedTensor.fromNested(new float[][] {{1f, 4f, 2f, 4f}, {}, {9f, 16f, 0.25f, 6f, -8f, 1f}});
    Harness.runEverywhere(graph, Map.of("x", x));
    try (Session session = new Session(graph)) {
      Runner runner = session.runner(graph.outputs());
      for (int run = 0; run < 3; run++) {
        Result r = runner.run(Map.of("x", x));
        assertEquals(expected, r.get(0), "run " + run);
        assertEquals(Tensor.ofFloats(5f, 0f, 25.25f), r.get(1), "run " + run);
      }
    }
  }

  /**
   * An embedding pooling: {@code tanh(gather(table, ids) * 0.5)} (a loop whose [tokens, 4] output
   * only the row mean reads), its mean per row, doubled (a loop). The runner keeps the doubled
   * mean's array alone; the first loop's goes to the session's pool (under a budget that holds
   * it), or is freed under budget 0.
   */
  @Test
  void aRunnerKeepsOnlyItsResultsArrays_andPoolsTheIntermediateUnderTheBudget() {
    GraphBuilder g = new GraphBuilder();
    Value ids = g.placeholder("ids", Types.ragged(DType.INT64, 1));
    Value table = g.placeholder("table", Types.dense(DType.FLOAT32, -1, 4));
    Value pooled = g.ops().math.tanh(g.ops().gather(table, ids).mul(0.5f)).reduceMean(1).mul(2f);
    float[] t = new float[8 * 4];
    for (int i = 0; i < t.length; i++) {
      t[i] = i / 8f - 2f;
    }
    Map<String, Object> feeds = Map.of("ids", RaggedTensor.fromNested(new long[][] {{1, 2, 3}, {}, {7, 0}}),
        "table", Tensor.of(DType.FLOAT32, t, 8, 4));
    try (Session session = new Session(g.build(pooled))) {
      session.bufferPool().setBudget(1 << 20);
      Runner first = session.runner(pooled);
      Result r = first.run(feeds);
      assertTrue(BitExact.equal(session.run(feeds, pooled).values(), r.values()));
      assertEquals(1, first.keptArrays());
      assertEquals(3 * 4 * 4, first.keptBytes()); // the [3, 4] float32 result
      assertEquals(5 * 4 * 4, session.bufferPool().idleBytes()); // the [5, 4] loop output
      // a second runner takes the pooled intermediate, and gives it back
      Runner second = session.runner(pooled);
      assertTrue(BitExact.equal(r.values(), second.run(feeds).values()));
      assertEquals(5 * 4 * 4, session.bufferPool().idleBytes());
      assertNotSame(r.tensor(0).unsafeData(), second.run(feeds).tensor(0).unsafeData());
      session.bufferPool().setBudget(0);
      assertTrue(BitExact.equal(r.values(), first.run(feeds).values()));
      assertEquals(0, session.bufferPool().idleBytes());
      assertEquals(3 * 4 * 4, first.keptBytes());
    }
  }
}
