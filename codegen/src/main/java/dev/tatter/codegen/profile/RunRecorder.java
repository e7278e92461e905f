package dev.tatter.codegen.profile;

import dev.tatter.ir.Graph;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.RowPartition;
import dev.tatter.runtime.SparseTensor;
import dev.tatter.runtime.StringColumn;
import dev.tatter.runtime.Tensor;
import dev.tatter.runtime.exec.ProfileProbe;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * Records one profiled run: the instrumented program calls {@link #enter} and {@link #exit} around
 * each node on the running thread, and split loops report their pieces from pool threads. The
 * counters are read nested (CPU time, allocated bytes, wall clock on entry; the reverse on exit),
 * so a node's span holds only its own work and its allocation only the node's and a clock read; describing its value and committing its JFR event happen outside the span.
 */
final class RunRecorder implements ProfileProbe.Listener {
  private static final com.sun.management.ThreadMXBean THREADS =
      (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

  private final ProfiledProgram.NodeInfo[] info;
  private final Thread thread = Thread.currentThread();
  private final boolean cpuMeasured = THREADS.isCurrentThreadCpuTimeSupported() && THREADS.isThreadCpuTimeEnabled();
  private final boolean allocationMeasured = THREADS.isThreadAllocatedMemorySupported()
      && THREADS.isThreadAllocatedMemoryEnabled();
  private final List<NodeProfile> nodes = new ArrayList<>();
  private final ConcurrentLinkedQueue<NodeProfile.LoopPiece> pieces = new ConcurrentLinkedQueue<>();
  /** The node being run, for pool threads' loop pieces (written before the loop forks its tasks). */
  private volatile int current = -1;
  private TatterEvents.Node event;
  private long wallAtEnter;
  private long cpuAtEnter;
  private long allocatedAtEnter;

  RunRecorder(ProfiledProgram.NodeInfo[] info) {
    this.info = info;
  }

  @Override
  public void enter(int node) {
    TatterEvents.Node e = new TatterEvents.Node();
    event = e.isEnabled() ? e : null;
    if (event != null) {
      event.begin();
    }
    current = node;
    cpuAtEnter = cpuMeasured ? THREADS.getCurrentThreadCpuTime() : 0;
    allocatedAtEnter = allocationMeasured ? THREADS.getCurrentThreadAllocatedBytes() : 0;
    wallAtEnter = System.nanoTime();
  }

  @Override
  public void exit(int node, Object value) {
    long wall = System.nanoTime() - wallAtEnter;
    long allocated = allocationMeasured ? THREADS.getCurrentThreadAllocatedBytes() - allocatedAtEnter : -1;
    long cpu = cpuMeasured ? THREADS.getCurrentThreadCpuTime() - cpuAtEnter : -1;
    if (event != null) {
      event.end();
    }
    current = -1;
    List<NodeProfile.LoopPiece> mine = new ArrayList<>();
    for (NodeProfile.LoopPiece piece : pieces) {
      mine.add(piece);
    }
    pieces.clear();
    ProfiledProgram.NodeInfo about = info[node];
    long bytes = payloadBytes(value);
    String shape = describe(value);
    nodes.add(new NodeProfile(node, about.value(), about.op(), about.irLine(), about.source(), thread.getId(),
        thread.getName(), wallAtEnter, wall, cpu, allocated, bytes, shape, mine));
    if (event != null && event.shouldCommit()) {
      event.value = about.value();
      event.op = about.op();
      event.source = about.source();
      event.outputShape = shape;
      event.outputBytes = bytes;
      event.allocated = allocated;
      event.commit();
    }
    event = null;
  }

  @Override
  public void loop(int kernel, int from, int to, long startNanos, long endNanos) {
    if (current >= 0) {
      Thread t = Thread.currentThread();
      pieces.add(new NodeProfile.LoopPiece(kernel, from, to, t.getId(), t.getName(), startNanos, endNanos - startNanos));
    }
  }

  List<NodeProfile> nodes() {
    return nodes;
  }

  /** The bytes of a value's arrays: elements times their width (a string's length in bytes). */
  static long payloadBytes(Object value) {
    if (value instanceof Tensor t) {
      Object data = t.unsafeData();
      if (data instanceof StringColumn strings) {
        return strings.byteCount();
      }
      return (long) t.size() * width(data.getClass().getComponentType());
    }
    if (value instanceof RaggedTensor r) {
      long sum = payloadBytes(r.flatValues());
      for (RowPartition p : r.nestedPartitions()) {
        sum += payloadBytes(p);
      }
      return sum;
    }
    if (value instanceof RowPartition p) {
      return 8L * (p.nrows() + 1);
    }
    if (value instanceof SparseTensor s) {
      return payloadBytes(s.indices()) + payloadBytes(s.values()) + payloadBytes(s.denseShape());
    }
    return 0;
  }

  private static int width(Class<?> primitive) {
    if (primitive == long.class || primitive == double.class) {
      return 8;
    }
    if (primitive == int.class || primitive == float.class) {
      return 4;
    }
    if (primitive == short.class || primitive == char.class) {
      return 2;
    }
    return primitive == byte.class || primitive == boolean.class ? 1 : 8; // references
  }

  /** The value's dtype and shape as it ran: {@code float32[4, 3]}, {@code ragged<int64>[3, (7)]}. */
  static String describe(Object value) {
    if (value instanceof Tensor t) {
      return t.dtype().tfName() + Arrays.toString(t.shape());
    }
    if (value instanceof RaggedTensor r) {
      return "ragged<" + r.dtype().tfName() + ">[" + r.nrows() + ", (" + r.flatValues().size() + ")]";
    }
    if (value instanceof RowPartition p) {
      return "partition[" + p.nrows() + " rows, " + p.nvals() + " values]";
    }
    if (value instanceof SparseTensor s) {
      return "sparse<" + s.dtype().tfName() + ">" + Arrays.toString(s.denseShapeArray()) + " nnz=" + s.nnz();
    }
    return value == null ? "null" : value.getClass().getSimpleName();
  }
}
