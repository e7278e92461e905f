package dev.tatter.bench.tf;

import org.tensorflow.Graph;
import org.tensorflow.Session;
import org.tensorflow.ndarray.Shape;
import org.tensorflow.ndarray.buffer.DataBuffers;
import org.tensorflow.op.Ops;
import org.tensorflow.proto.ConfigProto;
import org.tensorflow.types.TFloat32;
import org.tensorflow.types.TInt32;
import org.tensorflow.types.TInt64;

/**
 * A TensorFlow graph built once, with the session that runs it (TF-1 graph mode through
 * TensorFlow Java). Subclasses add placeholders and fetches in their constructor, then call
 * {@link #open}. Also holds the conversions between Java arrays and TF's native tensors that
 * every run pays: a JVM program's data lives in Java arrays, so feeding TF copies it in and
 * fetching copies it out.
 */
public abstract class TfProgram implements AutoCloseable {
  /** TF's thread settings: its defaults (a pool per core), or one intra- and one inter-op thread. */
  public enum Threads { DEFAULT, ONE }

  protected final Graph graph = new Graph();
  protected final Ops tf = Ops.create(graph);
  private Session session;

  /** Opens the session once the graph is complete. */
  protected final void open(Threads threads) {
    session = threads == Threads.ONE
        ? new Session(graph, ConfigProto.newBuilder()
            .setIntraOpParallelismThreads(1)
            .setInterOpParallelismThreads(1)
            .build())
        : new Session(graph);
  }

  protected final Session.Runner runner() {
    return session.runner();
  }

  @Override
  public void close() {
    if (session != null) {
      session.close();
    }
    graph.close();
  }

  // ---- Java arrays to and from TF tensors (copies) ----

  public static TFloat32 floats(float[] data, long... shape) {
    return TFloat32.tensorOf(Shape.of(shape), DataBuffers.of(data, true, false));
  }

  public static TInt64 longs(long[] data, long... shape) {
    return TInt64.tensorOf(Shape.of(shape), DataBuffers.of(data, true, false));
  }

  public static TInt32 ints(int[] data, long... shape) {
    return TInt32.tensorOf(Shape.of(shape), DataBuffers.of(data, true, false));
  }

  public static float[] toFloats(org.tensorflow.Tensor t) {
    TFloat32 f = (TFloat32) t;
    float[] out = new float[Math.toIntExact(f.shape().size())];
    f.copyTo(DataBuffers.of(out, false, false));
    return out;
  }

  public static long[] toLongs(org.tensorflow.Tensor t) {
    TInt64 f = (TInt64) t;
    long[] out = new long[Math.toIntExact(f.shape().size())];
    f.copyTo(DataBuffers.of(out, false, false));
    return out;
  }

  public static int[] toInts(org.tensorflow.Tensor t) {
    TInt32 f = (TInt32) t;
    int[] out = new int[Math.toIntExact(f.shape().size())];
    f.copyTo(DataBuffers.of(out, false, false));
    return out;
  }
}
