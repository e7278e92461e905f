package dev.tatter.frontend;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.fail;

import dev.tatter.codegen.testing.BitExact;
import dev.tatter.ir.Graph;
import dev.tatter.ir.GraphBuildException;
import dev.tatter.ir.Node;
import dev.tatter.ir.text.GraphPrinter;
import dev.tatter.optimizer.PassManager;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.Tensor;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Supplier;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;

/**
 * Fuzzing: random small graphs over ragged and dense values, fed random and partly invalid
 * inputs (broken row splits, mismatched value counts, wrong dtypes and ranks, missing and null
 * feeds, extreme values, empty rows). Every run either gives the interpreter's values (compiled,
 * unoptimized and optimized) or fails, in the interpreter and the compiled program alike, with
 * an error catalogued in docs/ERRORS.md — never another exception. A failure prints the seed and
 * the graph's text.
 */
class FuzzPropertyTest {
  private static final String[] SLICES = {"1:", ":-1", "::2", "::-1", "-2:", ":, 1:", ":, ::-1", "0:0"};
  private static final DType[] VALUE_DTYPES = {DType.INT32, DType.INT64, DType.FLOAT32, DType.FLOAT64};

  @Property(tries = 500, seed = "20261130")
  void randomGraphsAndFeeds_runAsTheInterpreterOrFailWithACataloguedError(@ForAll long seed) {
    Random r = new Random(seed);
    DType dtype = VALUE_DTYPES[r.nextInt(VALUE_DTYPES.length)];
    DType splitsDType = r.nextBoolean() ? DType.INT64 : DType.INT32;
    GraphBuilder g = new GraphBuilder();
    Value encoding = g.placeholder("e", Types.dense(splitsDType, -1));
    Value values = g.placeholder("v", Types.dense(dtype, -1));
    Value dense = g.placeholder("d", Types.dense(dtype, -1, -1));
    Value scalar = g.placeholder("k", Types.dense(dtype));
    int factory = r.nextInt(3);
    Value ragged = switch (factory) {
      case 0 -> g.raggedFromRowSplits(values, encoding);
      case 1 -> g.raggedFromRowLengths(values, encoding);
      default -> g.raggedFromValueRowids(values, encoding);
    };
    Value fedRagged = g.placeholder("r", Types.ragged(dtype, 1, splitsDType));
    List<Value> pool = new ArrayList<>(List.of(ragged, dense, fedRagged));
    int steps = 2 + r.nextInt(5);
    for (int i = 0; i < steps; i++) {
      Value x = pool.get(r.nextInt(pool.size()));
      Value y = pool.get(r.nextInt(pool.size()));
      Value next = tryBuild(() -> step(r, g, x, y, scalar));
      if (next != null) {
        pool.add(next);
      }
    }
    List<Value> fetches = new ArrayList<>();
    fetches.add(pool.get(pool.size() - 1));
    if (pool.size() > 3 && r.nextBoolean()) {
      fetches.add(pool.get(2 + r.nextInt(pool.size() - 3)));
    }
    Graph graph = g.build(fetches.toArray(Value[]::new));
    Map<String, Object> feeds = feeds(r, dtype, splitsDType, factory);
    check(seed, graph, feeds);
  }

  /** One random op over the pool's values; null or a build error when it does not apply. */
  private static Value step(Random r, GraphBuilder g, Value x, Value y, Value scalar) {
    Ops tf = g.ops();
    boolean isRagged = x.raggedRank() > 0;
    return switch (r.nextInt(19)) {
      case 14 -> x.getItem(SLICES[r.nextInt(SLICES.length)]);
      case 15 -> isRagged ? x.mergeDims(0, 1) : tf.sparse.toDense(tf.sparse.fromDense(x));
      case 16 -> isRagged ? x.rowStarts() : g.raggedFromSparse(tf.sparse.fromDense(x)).flatValues();
      case 17 -> x.reduceMean(r.nextInt(3) - 1);
      case 18 -> isRagged ? x.toTensor(0, 2 + r.nextInt(2), r.nextInt(3)) : x.mod(y);
      case 0 -> x.add(y);
      case 1 -> x.mul(scalar);
      case 2 -> x.floordiv(r.nextBoolean() ? y : scalar);
      case 3 -> x.mod(scalar);
      case 4 -> x.sub(y).abs();
      case 5 -> x.neg();
      case 6 -> isRagged ? x.rowLengths() : x.reduceSum(r.nextInt(3) - 1);
      case 7 -> isRagged ? x.toTensor(r.nextInt(3) - 1) : g.raggedFromTensor(x);
      case 8 -> x.reduceMax(r.nextInt(4) - 2);
      case 9 -> x.getItem(r.nextInt(5) - 2);
      case 10 -> x.cast(r.nextBoolean() ? DType.INT32 : DType.FLOAT64).cast(x.dtype());
      case 11 -> isRagged ? x.valueRowids() : x.reduceMin(0);
      case 12 -> x.truediv(scalar).cast(x.dtype());
      default -> x.lt(y).cast(x.dtype());
    };
  }

  private static Value tryBuild(Supplier<Value> build) {
    try {
      return build.get();
    } catch (GraphBuildException e) {
      // a random op that does not type-check: its error must be a catalogued one too
      if (Boolean.getBoolean("fuzz.collect") && ErrorCatalogTest.classify(e.getMessage()) == null) {
        System.out.println("UNCATALOGUED " + e.getMessage());
        return null;
      }
      assertNotNull(ErrorCatalogTest.classify(e.getMessage()), () -> "uncatalogued build error: " + e.getMessage());
      return null;
    }
  }

  private static Map<String, Object> feeds(Random r, DType dtype, DType splitsDType, int factory) {
    int nrows = r.nextInt(5);
    long[] lengths = new long[nrows];
    for (int i = 0; i < nrows; i++) {
      lengths[i] = r.nextInt(4) == 0 ? 0 : r.nextInt(4); // empty rows often
    }
    long[] splits = new long[nrows + 1];
    for (int i = 0; i < nrows; i++) {
      splits[i + 1] = splits[i] + lengths[i];
    }
    int nvals = (int) splits[nrows];
    long[] rowids = new long[nvals];
    for (int row = 0; row < nrows; row++) {
      for (long j = splits[row]; j < splits[row + 1]; j++) {
        rowids[(int) j] = row;
      }
    }
    long[] encoding = switch (factory) {
      case 0 -> splits;
      case 1 -> lengths;
      default -> rowids;
    };
    int valueCount = nvals;
    switch (r.nextInt(12)) { // a fifth or so of the feeds are broken
      case 0 -> { if (encoding.length > 0) encoding[r.nextInt(encoding.length)] = extreme(r); }
      case 1 -> { if (encoding.length > 1) encoding[encoding.length - 1] = encoding[0] - 1; }
      case 2 -> valueCount = nvals + 1 + r.nextInt(2);
      case 3 -> encoding = new long[0];
      default -> { }
    }
    Map<String, Object> feeds = new HashMap<>();
    feeds.put("e", splitsDType == DType.INT32 ? ints(encoding) : Tensor.ofLongs(encoding));
    feeds.put("v", vector(r, dtype, valueCount));
    int rows = r.nextInt(4);
    int cols = r.nextInt(4);
    feeds.put("d", Tensor.of(dtype, vector(r, dtype, rows * cols).data(), rows, cols));
    feeds.put("k", Tensor.of(dtype, vector(r, dtype, 1).data()));
    feeds.put("r", fedRagged(r, dtype, splitsDType));
    switch (r.nextInt(25)) {
      case 0 -> feeds.remove("v");
      case 1 -> feeds.put("k", null);
      case 2 -> feeds.put("v", Tensor.ofStrings("a"));
      case 3 -> feeds.put("d", vector(r, dtype, 2));
      case 4 -> feeds.put("k", vector(r, dtype, 2));
      default -> { }
    }
    return feeds;
  }

  /** A ragged feed, sometimes of the wrong ragged rank, splits dtype or value dtype. */
  private static Object fedRagged(Random r, DType dtype, DType splitsDType) {
    dev.tatter.runtime.RowPartition p = ConcurrentSessionTest.randomPartition(r);
    int k = r.nextInt(20);
    DType splits = k == 0 ? (splitsDType == DType.INT64 ? DType.INT32 : DType.INT64) : splitsDType;
    DType values = k == 1 ? (dtype == DType.INT32 ? DType.INT64 : DType.INT32) : dtype;
    dev.tatter.runtime.RaggedTensor rt = dev.tatter.runtime.RaggedTensor.of(vector(r, values, p.nvals()), p.withSplitsDType(splits));
    if (k == 2) {
      return dev.tatter.runtime.RaggedTensor.of(rt, dev.tatter.runtime.RowPartition.uniform(rt.nrows(), 1, splits));
    }
    return k == 3 ? vector(r, dtype, 3) : rt;
  }

  private static long extreme(Random r) {
    long[] choices = {-1, Integer.MAX_VALUE, Integer.MIN_VALUE, Long.MAX_VALUE, Long.MIN_VALUE, 1L << 33, 100};
    return choices[r.nextInt(choices.length)];
  }

  private static Tensor ints(long[] values) {
    int[] out = new int[values.length];
    for (int i = 0; i < values.length; i++) {
      out[i] = (int) values[i]; // an extreme value wraps here, in the test's input, on purpose
    }
    return Tensor.ofInts(out);
  }

  private static Tensor vector(Random r, DType dtype, int n) {
    long[] pick = {0, 1, -1, 2, 7, -3, Integer.MAX_VALUE, Integer.MIN_VALUE, Long.MAX_VALUE, Long.MIN_VALUE};
    Object data = switch (dtype) {
      case INT32 -> { int[] a = new int[n]; for (int i = 0; i < n; i++) a[i] = (int) pick[r.nextInt(8)]; yield a; }
      case INT64 -> { long[] a = new long[n]; for (int i = 0; i < n; i++) a[i] = pick[r.nextInt(pick.length)]; yield a; }
      case FLOAT32 -> { float[] a = new float[n]; for (int i = 0; i < n; i++) a[i] = r.nextInt(9) == 0 ? Float.NaN : pick[r.nextInt(pick.length)]; yield a; }
      default -> { double[] a = new double[n]; for (int i = 0; i < n; i++) a[i] = r.nextInt(9) == 0 ? Double.NEGATIVE_INFINITY : pick[r.nextInt(pick.length)]; yield a; }
    };
    return Tensor.of(dtype, data, n);
  }

  /**
   * The interpreter is the oracle, through Sessions (which check all feeds first): compiled code
   * must give the interpreter's values or its error message (node ids aside), on the graph as
   * built and on the optimized graph. Optimization must not make a good run fail or change its
   * values; it may make a failing run succeed, since it removes nodes whose values the fetches
   * do not depend on (as TF prunes them): {@code row_lengths(ragged(bad_values, p))} is
   * {@code row_lengths(p)}.
   */
  private static void check(long seed, Graph graph, Map<String, Object> feeds) {
    String context = "seed " + seed + "\n" + GraphPrinter.print(graph) + "\nfeeds " + feeds;
    List<Node> fetches = graph.outputs();
    try (Session interpreter = new Session(graph, "", Session.Backend.INTERPRETED);
        Session compiled = new Session(graph, "", Session.Backend.COMPILED);
        Session optimizedInterpreter = new Session(graph, PassManager.DEFAULT_PIPELINE, Session.Backend.INTERPRETED);
        Session optimized = new Session(graph)) {
      Outcome oracle = outcome(() -> interpreter.run(feeds, fetches).values(), context);
      BitExact.assertSameBits(oracle.normalized(), outcome(() -> compiled.run(feeds, fetches).values(), context).normalized(),
          "compiled vs interpreted, unoptimized\n" + context);
      Outcome optimizedOracle = outcome(() -> optimizedInterpreter.run(feeds, fetches).values(), context);
      BitExact.assertSameBits(optimizedOracle.normalized(),
          outcome(() -> optimized.run(feeds, fetches).values(), context).normalized(),
          "compiled vs interpreted, optimized\n" + context);
      if (oracle.error() == null) {
        BitExact.assertSameBits(oracle.values(), optimizedOracle.values(), "optimized vs unoptimized\n" + context);
      }
    }
  }

  /** Either values or a catalogued error (never another exception). */
  record Outcome(List<Object> values, String error) {
    Object normalized() {
      return error == null ? values : "error " + error.replaceFirst("node #\\d+", "node");
    }
  }

  private static Outcome outcome(Supplier<List<Object>> run, String context) {
    try {
      return new Outcome(run.get(), null);
    } catch (InvalidArgumentException e) {
      String id = ErrorCatalogTest.classify(e.getMessage());
      if (Boolean.getBoolean("fuzz.collect") && (id == null || e.getMessage().contains("kernel failed with"))) {
        System.out.println("UNCATALOGUED " + e.getMessage());
        return new Outcome(null, e.getMessage());
      }
      if (id == null || e.getMessage().contains("kernel failed with")) {
        throw new AssertionError("uncatalogued error: " + e.getMessage() + "\n" + context, e);
      }
      return new Outcome(null, e.getMessage());
    } catch (RuntimeException | Error e) {
      if (Boolean.getBoolean("fuzz.collect")) {
        System.out.println("UNCATALOGUED " + e);
        return new Outcome(null, e.toString());
      }
      throw new AssertionError("a run threw " + e + "\n" + context, e);
    }
  }
}
