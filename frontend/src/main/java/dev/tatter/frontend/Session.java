package dev.tatter.frontend;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;

import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableSet;
import dev.tatter.codegen.CompiledGraph;
import dev.tatter.codegen.CompilerOptions;
import dev.tatter.codegen.FeedChecker;
import dev.tatter.codegen.Interpreter;
import dev.tatter.ir.Graph;
import dev.tatter.ir.Node;
import dev.tatter.optimizer.PassManager;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.exec.Parallelism;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ForkJoinPool;

/**
 * Runs a graph TF-1 style: {@code run(feeds, fetches)}. Each distinct list of fetches is
 * optimized and compiled to bytecode once, then cached; only the nodes the fetches need run.
 * Feeds are checked against their placeholders' static types. Thread-safe: compiled programs
 * are stateless, so any number of threads may run one session at once.
 *
 * <pre>{@code
 * try (Session session = new Session(graph)) {
 *   Result r = session.run(Map.of("tokens", RaggedTensor.fromNested(new long[][] {{5, 2}, {}})), lengths);
 *   long[] perRow = r.tensor(0).toLongArray(); // [2, 0]
 * }
 * }</pre>
 */
public final class Session implements AutoCloseable {
  private volatile boolean closed;
  /** How a session executes: compiled bytecode (the default) or the reference interpreter. */
  public enum Backend { COMPILED, INTERPRETED }

  private final Graph graph;
  private final String pipeline;
  private final Backend backend;
  private final CompilerOptions compilerOptions;
  private final ForkJoinPool pool; // null: Parallelism's default
  /**
   * At most {@link #MAX_CACHED_PROGRAMS} compiled programs per session (each holds a hidden class,
   * about 6 KB of metaspace and 7.5 KB of heap): past that, one program is dropped (its class is
   * unloaded once no run uses it) and compiled again if its fetch list comes back.
   * {@code -Dtatter.sessionCacheSize} changes the bound.
   */
  public static final int MAX_CACHED_PROGRAMS = Math.max(1, Integer.getInteger("tatter.sessionCacheSize", 256));

  private final Map<List<Integer>, CompiledGraph> cache = new ConcurrentHashMap<>();
  private final ImmutableList<Node> placeholders;
  private final ImmutableSet<String> placeholderNames;
  /** Per fetch list, the nodes they need (by id): computed once, not at every run (the session-overhead benchmark, W6). */
  private final Map<List<Integer>, java.util.BitSet> neededByFetches = new ConcurrentHashMap<>();

  public Session(Graph graph) {
    this(graph, PassManager.DEFAULT_PIPELINE, Backend.COMPILED);
  }

  /** A session that optimizes with {@code pipeline} (e.g. {@code "cse,dce"}; empty for none). */
  public Session(Graph graph, String pipeline, Backend backend) {
    this(graph, pipeline, backend, CompilerOptions.defaults());
  }

  public Session(Graph graph, String pipeline, Backend backend, CompilerOptions compilerOptions) {
    this(graph, pipeline, backend, compilerOptions, null);
  }

  /**
   * A session whose runs split their parallel loops (large fused elementwise loops, sparse-dense
   * matmul) across {@code pool} instead of the common pool, so that a server can bound the threads
   * Tatter uses ({@code new ForkJoinPool(2)}); {@code null} for the default (see {@link Parallelism}).
   * The session does not own the pool: closing it leaves the pool running.
   */
  public Session(Graph graph, String pipeline, Backend backend, CompilerOptions compilerOptions, ForkJoinPool pool) {
    this.pool = pool;
    this.graph = checkNotNull(graph, "graph");
    this.pipeline = checkNotNull(pipeline, "pipeline");
    this.backend = checkNotNull(backend, "backend");
    this.compilerOptions = checkNotNull(compilerOptions, "compilerOptions");
    PassManager.parse(pipeline); // fail now on an unknown pass name
    this.placeholders = ImmutableList.copyOf(graph.placeholders());
    this.placeholderNames = placeholders.stream().map(n -> n.name().orElseThrow())
        .collect(ImmutableSet.toImmutableSet());
  }

  public Graph graph() {
    return graph;
  }

  /** Runs the fetched values of this session's graph with {@code feeds} (placeholder name to value). */
  public Result run(Map<String, ?> feeds, Value... fetches) {
    return run(feeds, Arrays.stream(fetches).map(Value::node).toList());
  }

  /** Fetches by value name (as in the textual IR, without the {@code %}). */
  public Result run(Map<String, ?> feeds, String... fetchNames) {
    return run(feeds, Arrays.stream(fetchNames).map(name -> graph.node(name)
        .orElseThrow(() -> new IllegalArgumentException("no value named '" + name + "' in the graph"
            + DidYouMean.suggest(name, graph.nodes().stream().flatMap(n -> n.name().stream()).toList()))))
        .toList());
  }

  public Result run(Map<String, ?> feeds, List<Node> fetches) {
    checkOpen();
    checkNotNull(feeds, "feeds (use Map.of() for none)");
    checkNotNull(fetches, "fetches");
    checkArgument(!fetches.isEmpty(), "nothing to fetch");
    for (Node fetch : fetches) {
      checkArgument(graph.contains(fetch), "fetch %s is not a node of this session's graph", fetch);
    }
    for (String name : feeds.keySet()) {
      if (!placeholderNames.contains(name)) {
        // the message's list is built only on failure: a run must not scan the graph (the session-overhead benchmark, W6)
        List<String> names = graph.placeholders().stream().map(n -> n.name().orElseThrow()).toList();
        throw new InvalidArgumentException(String.format("feed '%s' names no placeholder%s; placeholders: %s", name,
            DidYouMean.suggest(name, names), names));
      }
    }
    // one key per run, shared by both caches (a run allocates nothing it need not: W6)
    List<Integer> key = fetches.stream().map(Node::id).toList();
    checkFeeds(key, fetches, feeds);
    return pool == null ? runChecked(key, fetches, feeds) : Parallelism.runIn(pool, () -> runChecked(key, fetches, feeds));
  }

  private Result runChecked(List<Integer> key, List<Node> fetches, Map<String, ?> feeds) {
    if (backend == Backend.INTERPRETED) {
      return new Result(Interpreter.run(PassManager.parse(pipeline).run(graph.withOutputs(fetches)), feeds), fetches);
    }
    return new Result(compiled(key, fetches).run(feeds), fetches);
  }

  private void checkOpen() {
    if (closed) {
      throw new IllegalStateException("this session is closed");
    }
  }

  /** {@code map.computeIfAbsent}, first dropping an entry if the map is at the bound (any one: no run pays for LRU order). */
  private static <V> V bounded(Map<List<Integer>, V> map, List<Integer> key, java.util.function.Function<List<Integer>, V> make) {
    V value = map.get(key);
    if (value != null) {
      return value;
    }
    if (map.size() >= MAX_CACHED_PROGRAMS) {
      java.util.Iterator<List<Integer>> it = map.keySet().iterator();
      if (it.hasNext()) {
        map.remove(it.next());
      }
    }
    return map.computeIfAbsent(key, make);
  }

  /**
   * Checks every feed against its placeholder and that every placeholder the fetches need in the
   * graph as built is fed, in node order (as the interpreter meets them). Done here, before
   * optimization, so that whether a run fails on its feeds never depends on what the optimizer
   * removed (as in TF, which checks feeds and prunes before it optimizes).
   */
  private void checkFeeds(List<Integer> key, List<Node> fetches, Map<String, ?> feeds) {
    java.util.BitSet needed = bounded(neededByFetches, key, k -> {
      java.util.BitSet reachable = new java.util.BitSet(graph.size());
      java.util.ArrayDeque<Node> work = new java.util.ArrayDeque<>(fetches);
      while (!work.isEmpty()) {
        Node n = work.pop();
        if (!reachable.get(n.id())) {
          reachable.set(n.id());
          work.addAll(n.inputs());
        }
      }
      return reachable;
    });
    for (Node placeholder : placeholders) {
      String name = placeholder.name().orElseThrow();
      if (feeds.containsKey(name)) {
        FeedChecker.check(placeholder, feeds.get(name));
      } else if (needed.get(placeholder.id())) {
        throw new InvalidArgumentException("placeholder " + placeholder.describe() + " must be fed");
      }
    }
  }

  /** The compiled program for these fetches (compiling it if needed), e.g. to print its bytecode. */
  public CompiledGraph compiled(List<Node> fetches) {
    checkOpen();
    return compiled(fetches.stream().map(Node::id).toList(), fetches);
  }

  private CompiledGraph compiled(List<Integer> key, List<Node> fetches) {
    return bounded(cache, key,
        k -> CompileLog.compile(PassManager.parse(pipeline), graph.withOutputs(fetches), compilerOptions, cache.size()));
  }

  /** How many compiled programs the session holds now (distinct fetch lists, at most {@link #MAX_CACHED_PROGRAMS}). */
  public int compiledSignatures() {
    return cache.size();
  }

  @Override
  public void close() {
    closed = true;
    cache.clear();
    neededByFetches.clear();
  }
}
