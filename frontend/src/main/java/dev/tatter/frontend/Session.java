package dev.tatter.frontend;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;
import static com.google.common.base.Preconditions.checkState;

import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableSet;
import dev.tatter.codegen.CompiledGraph;
import dev.tatter.codegen.CompilerOptions;
import dev.tatter.codegen.FeedChecker;
import dev.tatter.codegen.Interpreter;
import dev.tatter.codegen.profile.ProfiledProgram;
import dev.tatter.ir.Graph;
import dev.tatter.ir.Node;
import dev.tatter.optimizer.PassManager;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.exec.BufferPool;
import dev.tatter.runtime.exec.OutputBuffers;
import dev.tatter.runtime.exec.Parallelism;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
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
  /** The idle intermediates of this session's runners, under a budget (see {@link #bufferPool()}). */
  private final BufferPool bufferPool = new BufferPool(BufferPool.defaultBudget());
  /**
   * At most {@link #MAX_CACHED_PROGRAMS} compiled programs per session (each holds a hidden class,
   * about 6 KB of metaspace and 7.5 KB of heap). Past that, the fetch lists asked for most often are
   * kept ({@link ProgramCache}: a new one replaces the least asked only when asked for more often), the
   * others compiled for the call and dropped (their classes unloaded once no run uses them), so a
   * server cycling through more fetch lists keeps most of its programs rather than recompiling each.
   * {@code -Dtatter.sessionCacheSize} changes the bound.
   */
  public static final int MAX_CACHED_PROGRAMS = Math.max(1, Integer.getInteger("tatter.sessionCacheSize", 256));

  private final ProgramCache<Plan> plans = new ProgramCache<>(MAX_CACHED_PROGRAMS);
  private final ImmutableList<Node> placeholders;
  private final ImmutableSet<String> placeholderNames;
  /** The placeholders' names, in {@link #placeholders} order. */
  private final String[] placeholderNameArray;
  /** The plan of the last fetch list run, tried before the map (a program run in a loop skips the lookup). */
  private volatile Plan lastPlan;
  /** Per fetch list, the program compiled for {@link #runProfiled} (apart from {@link #plans}, whose programs it never touches). */
  private final ProgramCache<ProfiledProgram> profiledPrograms = new ProgramCache<>(MAX_CACHED_PROGRAMS);

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
    this.placeholderNameArray = placeholders.stream().map(n -> n.name().orElseThrow()).toArray(String[]::new);
  }

  public Graph graph() {
    return graph;
  }

  /** Runs the fetched values of this session's graph with {@code feeds} (placeholder name to value). */
  public Result run(Map<String, ?> feeds, Value... fetches) {
    checkNotNull(fetches, "fetches");
    Plan plan = lastPlan;
    if (plan == null || !plan.fetches(fetches)) {
      return run(feeds, nodes(fetches));
    }
    return run(plan, feeds); // the fetch list of the last run: no list, no key, no lookup
  }

  /** Fetches by value name (as in the textual IR, without the {@code %}). */
  public Result run(Map<String, ?> feeds, String... fetchNames) {
    checkNotNull(fetchNames, "fetchNames");
    for (int i = 0; i < fetchNames.length; i++) {
      checkNotNull(fetchNames[i], "fetchNames[%s] is null", i);
    }
    return run(feeds, Arrays.stream(fetchNames).map(name -> graph.node(name)
        .orElseThrow(() -> new IllegalArgumentException("no value named '" + name + "' in the graph"
            + DidYouMean.suggest(name, graph.nodes().stream().flatMap(n -> n.name().stream()).toList()))))
        .toList());
  }

  public Result run(Map<String, ?> feeds, List<Node> fetches) {
    checkOpen();
    checkNotNull(feeds, "feeds (use Map.of() for none)");
    Plan plan = lastPlan;
    if (plan == null || !plan.fetches(fetches)) {
      checkFetches(fetches);
      plan = plan(fetches);
      lastPlan = plan;
    }
    return run(plan, feeds);
  }

  /**
   * Runs as {@link #run(Map, Value...)} does and profiles the run: see {@link #runProfiled(Map, List)}.
   */
  public ProfiledResult runProfiled(Map<String, ?> feeds, Value... fetches) {
    return runProfiled(feeds, nodes(fetches));
  }

  /** The nodes of {@code fetches}, each checked not null (a misuse named by its index, not the JVM's text). */
  private static List<Node> nodes(Value[] fetches) {
    checkNotNull(fetches, "fetches");
    for (int i = 0; i < fetches.length; i++) {
      checkNotNull(fetches[i], "fetches[%s] is null", i);
    }
    return Arrays.stream(fetches).map(Value::node).toList();
  }

  /**
   * Runs the fetches once with profiling on: the same checks, results and errors as {@link #run},
   * plus a profile of every node the run executed (wall and CPU time, bytes allocated, output
   * shape) and, on the first profiled run of a fetch list, its compile times. Profiling runs a
   * program of its own, compiled for it and cached beside the ordinary one, which stays unchanged
   * (so {@link #run} costs the same whether or not a session is ever profiled). Needs the
   * compiled backend.
   */
  public ProfiledResult runProfiled(Map<String, ?> feeds, List<Node> fetches) {
    checkState(backend == Backend.COMPILED, "profiling runs the compiled program; this session uses the %s backend",
        backend);
    checkOpen();
    checkNotNull(feeds, "feeds (use Map.of() for none)");
    checkFetches(fetches);
    Plan plan = plan(fetches);
    Map<String, ?> admitted = checkFeeds(plan, feeds);
    ProfiledProgram profiled = profiledPrograms.get(fetches.stream().map(Node::id).toList(),
        k -> ProfiledProgram.compile(graph.withOutputs(fetches), g -> PassManager.parse(pipeline).run(g),
            compilerOptions));
    ProfiledProgram.Run run = pool == null ? profiled.run(admitted) : Parallelism.runIn(pool, () -> profiled.run(admitted));
    return new ProfiledResult(new Result(run.outputs().toArray(), fetches), run.profile());
  }

  private Result run(Plan plan, Map<String, ?> feeds) {
    checkOpen();
    return new Result(execute(plan, checkFeeds(plan, feeds), null), plan.fetches);
  }

  /**
   * A runner of {@code fetches} that keeps the output arrays of its generated loops that its
   * results hold from one run to the next (see {@link Runner} for when a result is overwritten),
   * and pools the others in {@link #bufferPool()}.
   *
   * @param fetches the values each run computes, in order
   * @return a new runner, for one thread at a time
   */
  public Runner runner(Value... fetches) {
    return runner(nodes(fetches));
  }

  /**
   * A runner of {@code fetches}, as {@link #runner(Value...)}.
   *
   * @param fetches nodes of this session's graph
   * @return a new runner, for one thread at a time
   */
  public Runner runner(List<Node> fetches) {
    checkOpen();
    checkFetches(fetches);
    return new Runner(this, List.copyOf(fetches), plan(fetches));
  }

  /**
   * The pool of idle loop arrays this session's runners share: between runs a {@link Runner} keeps
   * only the arrays its results hold, and gives every other array its loops wrote (an
   * intermediate) to this pool as soon as the compiled program's liveness says no live value can
   * read it; a later loop of any runner of this session needing an array of that type and length
   * takes it instead of allocating. The pool holds at most its budget of idle bytes
   * ({@code bufferPool().setBudget(bytes)}; the default is {@link BufferPool#defaultBudget()}, an
   * eighth of the heap or {@code -Dtatter.bufferPoolBytes}); 0 frees every intermediate once it is dead.
   *
   * @return the session's pool
   */
  public BufferPool bufferPool() {
    return bufferPool;
  }

  /**
   * Compiles the program of {@code fetches} and runs it, through {@link #run}, on small synthetic
   * feeds of the placeholders' types until the JIT has compiled what the runs execute, or for at
   * most {@link WarmUp#DEFAULT_BUDGET}: call it when a server starts, so that the first request
   * pays neither the compile nor the interpreter (see {@link WarmUp}; a {@link Runner} warms up
   * itself, or with a sample of real feeds: {@link Runner#warmUp(Map)}).
   *
   * @param fetches the values the requests will fetch
   * @return what the warm-up did
   * @throws InvalidArgumentException if the synthetic feeds cannot run this graph (then warm up with a sample)
   */
  public WarmUp warmUp(Value... fetches) {
    return warmUp(Arrays.stream(fetches).map(Value::node).toList(), WarmUp.DEFAULT_BUDGET);
  }

  /**
   * As {@link #warmUp(Value...)}, taking at most {@code budget}.
   *
   * @param fetches nodes of this session's graph
   * @param budget the most time to spend
   * @return what the warm-up did
   */
  public WarmUp warmUp(List<Node> fetches, java.time.Duration budget) {
    checkOpen();
    checkFetches(fetches);
    checkNotNull(budget, "budget");
    Plan plan = plan(fetches);
    plan.program();
    return WarmUp.synthetic(graph, neededPlaceholders(plan), fetches, feeds -> run(plan, feeds), budget);
  }

  /** The placeholders a plan's fetches need, in node order. */
  List<Node> neededPlaceholders(Plan plan) {
    return placeholders.stream().filter(p -> plan.needed.get(p.id())).toList();
  }

  void checkFetches(List<Node> fetches) {
    checkNotNull(fetches, "fetches");
    checkArgument(!fetches.isEmpty(), "nothing to fetch");
    for (Node fetch : fetches) {
      if (!graph.contains(fetch)) {
        // TF 1.x builds ops into the graph a session runs; here the graph is an immutable value, made
        // once by build, so a value made afterwards (x.add(1) in the run call) is in no session's graph
        throw new IllegalArgumentException("fetch " + fetch.describe() + " is not a node of this session's graph: "
            + "the session runs the graph g.build(...) made, and a value made afterwards (or by another builder) is "
            + "not in it; build the graph with every value you fetch, g.build(..., fetch), then open the session on it");
      }
    }
  }

  /** The plan of a fetch list: one key per run, one lookup (a run allocates nothing it need not: W6). */
  private Plan plan(List<Node> fetches) {
    List<Integer> key = fetches.stream().map(Node::id).toList();
    return plans.get(key, k -> new Plan(fetches, reachable(fetches)));
  }

  /** Runs a plan whose feeds {@link #checkFeeds} has checked; the loops write into {@code buffers} (null: allocate). */
  Object[] execute(Plan plan, Map<String, ?> feeds, OutputBuffers buffers) {
    return pool == null ? executeHere(plan, feeds, buffers) : Parallelism.runIn(pool, () -> executeHere(plan, feeds, buffers));
  }

  private Object[] executeHere(Plan plan, Map<String, ?> feeds, OutputBuffers buffers) {
    if (backend == Backend.INTERPRETED) {
      return Interpreter.run(PassManager.parse(pipeline).run(graph.withOutputs(plan.fetches)), feeds).toArray();
    }
    Program program = plan.program();
    if (!program.feedsAsChecked) {
      for (Node placeholder : program.compiled.feedNodes()) {
        FeedChecker.check(placeholder, feeds.get(placeholder.name().orElseThrow()));
      }
    }
    return program.compiled.runPrechecked(feeds, buffers);
  }

  void checkOpen() {
    if (closed) {
      throw new IllegalStateException("this session is closed");
    }
  }

  /**
   * Checks that every feed names a placeholder, every feed against its placeholder, and that every
   * placeholder the fetches need in the graph as built is fed, in node order (as the interpreter
   * meets them). Done here, before optimization, so that whether a run fails on its feeds never
   * depends on what the optimizer removed (as in TF, which checks feeds and prunes before it
   * optimizes). Returns the feeds the run takes: {@code feeds} itself, or a copy in which a feed
   * with narrower row splits than its placeholder's is widened ({@link FeedChecker#admit}).
   */
  Map<String, ?> checkFeeds(Plan plan, Map<String, ?> feeds) {
    checkNotNull(feeds, "feeds (use Map.of() for none)");
    int fed = 0;
    Map<String, Object> admitted = null;
    try {
      for (int i = 0; i < placeholderNameArray.length; i++) {
        Object value = feeds.get(placeholderNameArray[i]);
        if (value != null || feeds.containsKey(placeholderNameArray[i])) {
          fed++;
          Object taken = FeedChecker.admit(placeholders.get(i), value);
          if (taken != value) {
            if (admitted == null) {
              admitted = new java.util.HashMap<>(feeds);
            }
            admitted.put(placeholderNameArray[i], taken);
          }
        } else if (plan.needed.get(placeholders.get(i).id())) {
          throw new InvalidArgumentException("placeholder " + placeholders.get(i).describe() + " must be fed");
        }
      }
    } catch (InvalidArgumentException e) {
      checkFeedNames(feeds); // a feed naming no placeholder is reported first, whatever else is wrong
      throw e;
    }
    if (fed != feeds.size()) {
      checkFeedNames(feeds); // some feed names no placeholder: found without walking the map on every run
    }
    return admitted == null ? feeds : admitted;
  }

  private void checkFeedNames(Map<String, ?> feeds) {
    for (String name : feeds.keySet()) {
      checkNotNull(name, "feeds has a null key; each key names a placeholder");
      if (!placeholderNames.contains(name)) {
        // the message's list is built only on failure: a run must not scan the graph (the session-overhead benchmark, W6)
        List<String> names = graph.placeholders().stream().map(n -> n.name().orElseThrow()).toList();
        throw new InvalidArgumentException(String.format("feed '%s' names no placeholder%s; placeholders: %s", name,
            DidYouMean.suggest(name, names), names));
      }
    }
  }

  private java.util.BitSet reachable(List<Node> fetches) {
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
  }

  /** The compiled program for these fetches (compiling it if needed), e.g. to print its bytecode. */
  public CompiledGraph compiled(List<Node> fetches) {
    checkOpen();
    return plan(fetches).program().compiled;
  }

  private Program compile(List<Node> fetches) {
    CompiledGraph compiled =
        CompileLog.compile(PassManager.parse(pipeline), graph.withOutputs(fetches), compilerOptions, compiledSignatures());
    // the program may trust the session's feed checks only if it reads the placeholders the session checked
    boolean asChecked = compiled.feedNodes().stream().allMatch(feed -> graph.node(feed.name().orElseThrow())
        .filter(p -> placeholders.contains(p) && p.type().equals(feed.type())).isPresent());
    return new Program(compiled, asChecked);
  }

  /** What a fetch list needs, computed once: the nodes it reads, and its program once compiled. */
  final class Plan {
    final List<Node> fetches;
    final java.util.BitSet needed;
    /** Set once, when first run (double-checked: a fetch list is compiled once however many threads race). */
    private volatile Program program;

    Program program() {
      Program p = program;
      if (p == null) {
        synchronized (this) {
          p = program;
          if (p == null) {
            p = compile(fetches);
            program = p;
          }
        }
      }
      return p;
    }

    /** Whether {@code nodes} are this plan's fetches (the same objects), in order. */
    boolean fetches(List<Node> nodes) {
      if (nodes == null || nodes.size() != fetches.size()) {
        return false;
      }
      for (int i = 0; i < fetches.size(); i++) {
        if (nodes.get(i) != fetches.get(i)) {
          return false;
        }
      }
      return true;
    }

    /** Whether {@code values} are this plan's fetches, in order. */
    boolean fetches(Value[] values) {
      if (values.length != fetches.size()) {
        return false;
      }
      for (int i = 0; i < values.length; i++) {
        if (values[i].node() != fetches.get(i)) {
          return false;
        }
      }
      return true;
    }

    Plan(List<Node> fetches, java.util.BitSet needed) {
      this.fetches = List.copyOf(fetches);
      this.needed = needed;
    }
  }

  /** A compiled program, and whether its feed nodes are the session's placeholders with the same types. */
  private record Program(CompiledGraph compiled, boolean feedsAsChecked) {}

  /** How many compiled programs the session holds now (distinct fetch lists, at most {@link #MAX_CACHED_PROGRAMS}). */
  public int compiledSignatures() {
    return (int) plans.values().stream().filter(p -> p.program != null).count();
  }

  @Override
  public void close() {
    closed = true;
    lastPlan = null;
    plans.clear();
    profiledPrograms.clear();
    bufferPool.clear();
  }
}
