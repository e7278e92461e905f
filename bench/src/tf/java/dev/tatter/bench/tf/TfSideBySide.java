package dev.tatter.bench.tf;

import dev.tatter.bench.sbs.HandLoops;
import dev.tatter.bench.sbs.SideBySideData;
import dev.tatter.bench.sbs.SideBySideData.Ragged;
import dev.tatter.bench.sbs.SideBySideData.Sparse;
import dev.tatter.bench.sbs.TatterWorkloads;
import dev.tatter.bench.sbs.TatterWorkloads.Prepared;
import dev.tatter.bench.tf.TfProgram.Threads;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.Tensor;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Issue 8's side-by-side table: each workload W1–W6 through TensorFlow Java's graph session with
 * its default threads ({@code tf}) and with one intra-op and one inter-op thread ({@code tf1}),
 * through a compiled Tatter {@link dev.tatter.frontend.Session} ({@code tatter}), and as a
 * hand-written single-threaded loop ({@code hand}). Graphs are built once per trial; every
 * invocation feeds the inputs anew from Java arrays and fetches the result into Java (TF copies
 * both ways, Tatter wraps the arrays). Each state checks, once at setup, that its engine computes
 * what the hand loop computes, so every row of the table does the same work.
 *
 * <p>Run: see docs/BENCHMARKS.md ({@code java -jar bench/target/benchmarks.jar TfSideBySide}
 * after building with {@code -Ptf}).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms4g", "-Xmx4g"})
public class TfSideBySide {
  static final long SEED = 8;
  static final int ROWS = 1_000_000;
  static final int VALUES = 8_000_000;
  static final int SPARSE_DIM = 10_000;
  static final int NNZ = 1_000_000;
  static final int MATMUL_COLS = 64;

  /** Which system runs the workload. */
  enum Engine {
    TF, TF1, TATTER, HAND;

    static Engine of(String name) {
      return valueOf(name.toUpperCase(java.util.Locale.ROOT));
    }

    Threads threads() {
      return this == TF1 ? Threads.ONE : Threads.DEFAULT;
    }

    boolean isTf() {
      return this == TF || this == TF1;
    }
  }

  /** Common to every workload's state: the engine parameter and the programs to close. */
  @State(Scope.Benchmark)
  public abstract static class Base {
    @Param({"tf", "tf1", "tatter", "hand"})
    public String engine;

    Engine e;
    private final List<TfProgram> programs = new ArrayList<>();

    void init() {
      e = Engine.of(engine);
    }

    /** Registers a TF program to close after the trial. */
    <T extends TfProgram> T track(T program) {
      programs.add(program);
      return program;
    }

    @TearDown
    public void close() {
      programs.forEach(TfProgram::close);
      programs.clear();
    }
  }

  // ---- W1: ((x*2 + 1) / 3 - x) * x on the flat values of a ragged float32 tensor ----

  public static class W1 extends Base {
    Ragged data;
    TfWorkloads.Elementwise tf;
    Prepared tatter;

    @Setup
    public void setup() {
      init();
      data = SideBySideData.raggedWithTotal(ROWS, VALUES, SEED);
      if (e.isTf()) {
        tf = track(new TfWorkloads.Elementwise(e.threads()));
      } else if (e == Engine.TATTER) {
        tatter = TatterWorkloads.elementwise();
      }
      Checks.close(HandLoops.elementwise(data.values()), w1(this), 1e-6);
    }
  }

  static float[] w1(W1 s) {
    return switch (s.e) {
      case TF, TF1 -> s.tf.run(s.data.values());
      case TATTER -> flat(s.tatter.run(Map.of("rt", TatterWorkloads.ragged(s.data.values(), s.data.rowSplits()))));
      case HAND -> HandLoops.elementwise(s.data.values());
    };
  }

  @Benchmark
  public Object w1_elementwise(W1 s) {
    return w1(s);
  }

  // ---- W2: ragged to padded dense ----

  public static class W2 extends Base {
    Ragged data;
    TfWorkloads.ToTensor tf;
    Prepared tatter;

    @Setup
    public void setup() {
      init();
      data = SideBySideData.raggedWithLengths(ROWS, 16, SEED);
      if (e.isTf()) {
        tf = track(new TfWorkloads.ToTensor(e.threads()));
      } else if (e == Engine.TATTER) {
        tatter = TatterWorkloads.toTensor();
      }
      Checks.close(HandLoops.toTensor(data.values(), data.rowSplits(), 0f), w2(this), 0);
    }
  }

  static float[] w2(W2 s) {
    return switch (s.e) {
      case TF, TF1 -> s.tf.run(s.data.values(), s.data.rowSplits(), 0f).data();
      case TATTER -> dense(s.tatter.run(Map.of(
          "rt", TatterWorkloads.ragged(s.data.values(), s.data.rowSplits()),
          "pad", Tensor.scalar(DType.FLOAT32, 0f))));
      case HAND -> HandLoops.toTensor(s.data.values(), s.data.rowSplits(), 0f);
    };
  }

  @Benchmark
  public Object w2_toTensor(W2 s) {
    return w2(s);
  }

  // ---- W3: row sums ----

  public static class W3 extends Base {
    Ragged data;
    TfWorkloads.RowSums tf;
    Prepared tatter;

    @Setup
    public void setup() {
      init();
      data = SideBySideData.raggedWithTotal(ROWS, VALUES, SEED);
      if (e.isTf()) {
        tf = track(new TfWorkloads.RowSums(e.threads()));
      } else if (e == Engine.TATTER) {
        tatter = TatterWorkloads.rowSums();
      }
      Checks.close(HandLoops.rowSums(data.values(), data.rowSplits()), w3(this), 1e-5);
    }
  }

  static float[] w3(W3 s) {
    return switch (s.e) {
      case TF, TF1 -> s.tf.run(s.data.values(), s.data.rowSplits());
      case TATTER -> dense(s.tatter.run(Map.of("rt", TatterWorkloads.ragged(s.data.values(), s.data.rowSplits()))));
      case HAND -> HandLoops.rowSums(s.data.values(), s.data.rowSplits());
    };
  }

  @Benchmark
  public Object w3_rowSums(W3 s) {
    return w3(s);
  }

  // ---- W4: partition encodings ----

  public static class W4a extends Base {
    Ragged data;
    TfWorkloads.ValueRowids tf;
    Prepared tatter;

    @Setup
    public void setup() {
      init();
      data = SideBySideData.raggedWithTotal(ROWS, VALUES, SEED);
      if (e.isTf()) {
        tf = track(new TfWorkloads.ValueRowids(e.threads()));
      } else if (e == Engine.TATTER) {
        tatter = TatterWorkloads.valueRowids();
      }
      Checks.equal(data.valueRowids(), w4a(this));
    }
  }

  public static class W4b extends Base {
    Ragged data;
    long[] rowids;
    TfWorkloads.RowSplitsFromRowids tf;
    Prepared tatter;

    @Setup
    public void setup() {
      init();
      data = SideBySideData.raggedWithTotal(ROWS, VALUES, SEED);
      rowids = data.valueRowids();
      if (e.isTf()) {
        tf = track(new TfWorkloads.RowSplitsFromRowids(e.threads()));
      } else if (e == Engine.TATTER) {
        tatter = TatterWorkloads.rowSplitsFromValueRowids();
      }
      Checks.equal(data.rowSplits(), w4b(this));
    }
  }

  static long[] w4a(W4a s) {
    return switch (s.e) {
      case TF, TF1 -> s.tf.run(s.data.rowSplits());
      case TATTER -> (long[]) ((Tensor) s.tatter.run(Map.of("splits", TatterWorkloads.longs(s.data.rowSplits())))).unsafeData();
      case HAND -> HandLoops.valueRowids(s.data.rowSplits());
    };
  }

  static long[] w4b(W4b s) {
    return switch (s.e) {
      case TF, TF1 -> s.tf.run(s.rowids, ROWS);
      case TATTER -> (long[]) ((Tensor) s.tatter.run(Map.of(
          "rowids", TatterWorkloads.longs(s.rowids), "nrows", Tensor.scalar(DType.INT64, (long) ROWS)))).unsafeData();
      case HAND -> HandLoops.rowSplits(s.rowids, ROWS);
    };
  }

  @Benchmark
  public Object w4a_valueRowids(W4a s) {
    return w4a(s);
  }

  @Benchmark
  public Object w4b_rowSplitsFromValueRowids(W4b s) {
    return w4b(s);
  }

  // ---- W5: sparse times dense ----

  /** The 10,000 x 10,000 sparse operand of W5, with 1,000,000 nonzeros. */
  public abstract static class SparseBase extends Base {
    Sparse sparse;
    long[] sparseShape = {SPARSE_DIM, SPARSE_DIM};

    void initSparse() {
      init();
      sparse = SideBySideData.sparse(SPARSE_DIM, SPARSE_DIM, NNZ, SEED);
    }
  }

  public static class W5a extends SparseBase {
    float[] column;
    TfWorkloads.SparseCwise tf;
    Prepared tatter;

    @Setup
    public void setup() {
      initSparse();
      column = SideBySideData.floats(SPARSE_DIM, SEED + 1);
      if (e.isTf()) {
        tf = track(new TfWorkloads.SparseCwise(e.threads(), false));
      } else if (e == Engine.TATTER) {
        tatter = TatterWorkloads.sparseTimesDense();
      }
      Checks.close(HandLoops.sparseTimesColumn(sparse.indices(), sparse.values(), column, SPARSE_DIM, SPARSE_DIM), w5a(this), 0);
    }
  }

  public static class W5b extends SparseBase {
    float[] matrix;
    TfWorkloads.SparseDenseMatmul tf;
    Prepared tatter;

    @Setup
    public void setup() {
      initSparse();
      matrix = SideBySideData.floats(SPARSE_DIM * MATMUL_COLS, SEED + 2);
      if (e.isTf()) {
        tf = track(new TfWorkloads.SparseDenseMatmul(e.threads(), false, false));
      } else if (e == Engine.TATTER) {
        tatter = TatterWorkloads.sparseDenseMatmul();
      }
      Checks.close(HandLoops.sparseDenseMatmul(sparse.indices(), sparse.values(), SPARSE_DIM, matrix, MATMUL_COLS),
          w5b(this), 1e-5);
    }
  }

  static float[] w5a(W5a s) {
    return switch (s.e) {
      case TF, TF1 -> s.tf.run(s.sparse.indices(), s.sparse.values(), s.sparseShape, s.column, SPARSE_DIM, 1);
      case TATTER -> TatterWorkloads.sparseValues(s.tatter.run(Map.of(
          "sp", TatterWorkloads.sparse(s.sparse), "dense", Tensor.wrap(DType.FLOAT32, new int[] {SPARSE_DIM, 1}, s.column))));
      case HAND -> HandLoops.sparseTimesColumn(s.sparse.indices(), s.sparse.values(), s.column, SPARSE_DIM, SPARSE_DIM);
    };
  }

  static float[] w5b(W5b s) {
    return switch (s.e) {
      case TF, TF1 -> s.tf.run(s.sparse.indices(), s.sparse.values(), s.sparseShape, s.matrix,
          SPARSE_DIM, MATMUL_COLS).data();
      case TATTER -> dense(s.tatter.run(Map.of(
          "sp", TatterWorkloads.sparse(s.sparse),
          "dense", Tensor.wrap(DType.FLOAT32, new int[] {SPARSE_DIM, MATMUL_COLS}, s.matrix))));
      case HAND -> HandLoops.sparseDenseMatmul(s.sparse.indices(), s.sparse.values(), SPARSE_DIM, s.matrix, MATMUL_COLS);
    };
  }

  @Benchmark
  public Object w5a_sparseTimesDense(W5a s) {
    return w5a(s);
  }

  @Benchmark
  public Object w5b_sparseDenseMatmul(W5b s) {
    return w5b(s);
  }

  // ---- W6: session overhead ----

  public static class W6 extends Base {
    TfWorkloads.ScalarAdd tf;
    Prepared tatter;
    float a = 1.5f;
    float b = 2.5f;

    @Setup
    public void setup() {
      init();
      if (e.isTf()) {
        tf = track(new TfWorkloads.ScalarAdd(e.threads()));
      } else if (e == Engine.TATTER) {
        tatter = TatterWorkloads.scalarAdd();
      }
      Checks.close(new float[] {4f}, new float[] {w6(this)}, 0);
    }
  }

  static float w6(W6 s) {
    return switch (s.e) {
      case TF, TF1 -> s.tf.run(s.a, s.b);
      case TATTER -> ((float[]) ((Tensor) s.tatter.run(Map.of(
          "a", Tensor.scalar(DType.FLOAT32, s.a), "b", Tensor.scalar(DType.FLOAT32, s.b)))).unsafeData())[0];
      case HAND -> HandLoops.add(s.a, s.b);
    };
  }

  @Benchmark
  @OutputTimeUnit(TimeUnit.MICROSECONDS)
  public float w6_sessionOverhead(W6 s) {
    return w6(s);
  }

  // ---- results as Java arrays ----

  static float[] flat(Object ragged) {
    return (float[]) ((RaggedTensor) ragged).flatValues().unsafeData();
  }

  static float[] dense(Object tensor) {
    return (float[]) ((Tensor) tensor).unsafeData();
  }

  /** Checks that an engine computes what the hand loop computes. */
  static final class Checks {
    private Checks() {}

    static void close(float[] expected, float[] actual, double relative) {
      if (expected.length != actual.length) {
        throw new AssertionError("length " + actual.length + ", expected " + expected.length);
      }
      for (int i = 0; i < expected.length; i++) {
        double tolerance = relative * Math.max(1, Math.abs(expected[i]));
        if (!(Math.abs(expected[i] - actual[i]) <= tolerance)) {
          throw new AssertionError("element " + i + ": " + actual[i] + ", expected " + expected[i]);
        }
      }
    }

    static void equal(long[] expected, long[] actual) {
      if (!Arrays.equals(expected, actual)) {
        throw new AssertionError("results differ from the hand-written loop's, first at "
            + Arrays.mismatch(expected, actual));
      }
    }
  }
}
