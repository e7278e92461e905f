package dev.tatter.frontend;

import static com.google.common.base.Preconditions.checkNotNull;

import dev.tatter.ir.Node;
import dev.tatter.runtime.exec.OutputBuffers;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Runs one fetch list of a {@link Session} again and again, keeping the output arrays of its
 * generated loops (fused elementwise chains, row reductions, row scans such as {@code cumsum},
 * row filters such as {@code boolean_mask}, single elementwise ops) that its results hold from one
 * run to the next, so that a steady loop allocates no large output. Made by {@link Session#runner}.
 *
 * <p>Memory: between runs a runner holds only the arrays of its last results. Every other array
 * its loops write (an intermediate, such as an elementwise loop's output that a reduction then
 * reads) is given to the session's {@link Session#bufferPool() pool} as soon as the compiled
 * program's liveness says no live value can read it, so a later loop of the same run, or a later
 * run of any runner of the session, reuses it when it needs an array of that type and length; the
 * pool keeps idle arrays up to its budget and frees the rest. So two runners over a large
 * intermediate hold their outputs, and at most the pool's budget of intermediates besides.
 *
 * <p>Aliasing rules:
 *
 * <ul>
 *   <li>A result stays valid until the next run of the same runner: that run writes its values
 *       into the same arrays (when the sizes are unchanged), so a {@link Result} kept across runs
 *       then reads the new values. Copy what must outlive the next run ({@code tensor.data()},
 *       {@code toFloatArray()}, ... return copies).
 *   <li>Runners never share an array a result holds: each owns its results' arrays, so two
 *       threads with two runners (of one session or of two) never write an array the other's
 *       results hold. They share only pooled intermediates, which no caller is ever handed and
 *       which one runner at a time holds. One runner refuses to run on two threads at once
 *       ({@link IllegalStateException}).
 *   <li>A size change reallocates: when a loop's output has another length (or dtype) than last
 *       time, it gets another array (from the pool, or new), which the runner keeps from then on;
 *       the old one is dropped, never pooled, since an earlier result may hold it.
 *   <li>A filter's result (its values and its row splits) is kept too; its values array is reused
 *       when as many values are kept as last time, its splits when the row count is unchanged.
 *   <li>A result fed back to the runner that made it is safe: the runner sees that a feed holds
 *       one of its arrays (a ragged feed's values or any of its row splits) and lets that run write new arrays instead (the fed value keeps its
 *       values for the whole run).
 *   <li>Nothing a caller is handed can change the runner's state: values hand out copies
 *       ({@code Tensor.data()}, {@code RowPartition.rowSplitsArray()}), never the kept arrays
 *       (only {@code unsafeData()}, documented as never to be written, returns them), and the
 *       runner checks each kept array's length before every reuse.
 *   <li>Other kernels (gathers, to_tensor, string ops, ...) allocate as in {@link Session#run},
 *       and the interpreter (an interpreting session, or a graph too large for one class) keeps
 *       nothing: its results simply stay valid for ever, which the rules above allow.
 * </ul>
 *
 * <pre>{@code
 * Runner runner = session.runner(y);
 * for (RaggedTensor batch : batches) {
 *   Result r = runner.run(Map.of("x", batch)); // r.ragged(0) is overwritten by the next run
 *   consume(r.ragged(0));
 * }
 * }</pre>
 */
public final class Runner {
  private final Session session;
  private final List<Node> fetches;
  private final Session.Plan plan;
  private final OutputBuffers buffers;
  private final AtomicBoolean running = new AtomicBoolean();

  Runner(Session session, List<Node> fetches, Session.Plan plan) {
    this.session = session;
    this.fetches = fetches;
    this.plan = plan;
    this.buffers = new OutputBuffers(session.bufferPool());
  }

  /**
   * Runs the fetches with {@code feeds} (placeholder name to value), checked as {@link Session#run}
   * checks them; the result's arrays are overwritten by this runner's next run.
   *
   * @param feeds placeholder name to value
   * @return the fetched values, in the runner's fetch order
   * @throws IllegalStateException if this runner is running on another thread, or the session is closed
   */
  public Result run(Map<String, ?> feeds) {
    checkNotNull(feeds, "feeds (use Map.of() for none)");
    if (!running.compareAndSet(false, true)) {
      throw new IllegalStateException("this runner is running on another thread: make one runner per thread");
    }
    try {
      session.checkOpen();
      Map<String, ?> admitted = session.checkFeeds(plan, feeds);
      buffers.releaseIfFed(admitted);
      return new Result(session.execute(plan, admitted, buffers), fetches);
    } finally {
      running.set(false);
    }
  }

  /**
   * Runs this runner on small synthetic feeds of its placeholders' types until the JIT has compiled
   * what the runs execute (or for at most {@link WarmUp#DEFAULT_BUDGET}): call it when a server
   * starts, so that the first request runs compiled code (see {@link WarmUp}). The runner then
   * holds the last synthetic run's result arrays, which the first real run writes again or drops.
   *
   * @return what the warm-up did
   * @throws dev.tatter.runtime.InvalidArgumentException if the synthetic feeds cannot run this graph (then use {@link #warmUp(Map)})
   */
  public WarmUp warmUp() {
    return warmUp(WarmUp.DEFAULT_BUDGET);
  }

  /**
   * As {@link #warmUp()}, taking at most {@code budget}.
   *
   * @param budget the most time to spend
   * @return what the warm-up did
   */
  public WarmUp warmUp(java.time.Duration budget) {
    checkNotNull(budget, "budget");
    session.checkOpen();
    plan.program();
    return WarmUp.synthetic(session.graph(), session.neededPlaceholders(plan), fetches, this::run, budget);
  }

  /**
   * As {@link #warmUp()}, running a sample of real feeds (a typical request) instead of synthetic
   * ones, checked as {@link #run} checks them.
   *
   * @param sample placeholder name to value
   * @return what the warm-up did
   */
  public WarmUp warmUp(Map<String, ?> sample) {
    return warmUp(sample, WarmUp.DEFAULT_BUDGET);
  }

  /**
   * As {@link #warmUp(Map)}, taking at most {@code budget}.
   *
   * @param sample placeholder name to value
   * @param budget the most time to spend
   * @return what the warm-up did
   */
  public WarmUp warmUp(Map<String, ?> sample, java.time.Duration budget) {
    checkNotNull(sample, "sample (use Map.of() for none)");
    checkNotNull(budget, "budget");
    run(sample); // fails now, with run's own error, on a bad sample
    return WarmUp.sample(sample, this::run, budget);
  }

  /**
   * The values this runner computes.
   *
   * @return the fetch list, unmodifiable
   */
  public List<Node> fetches() {
    return fetches;
  }

  /**
   * How many output arrays this runner keeps now, between runs those its last results hold (for
   * tests and monitoring).
   *
   * @return the number of arrays
   */
  public int keptArrays() {
    return buffers.size();
  }

  /**
   * The payload bytes of the arrays this runner keeps now (between runs: its last results').
   *
   * @return bytes
   */
  public long keptBytes() {
    return buffers.bytes();
  }
}
