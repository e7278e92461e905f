package dev.tatter.bench.sbs;

import dev.tatter.bench.sbs.SideBySideData.Ragged;
import dev.tatter.bench.sbs.SideBySideData.Sparse;
import dev.tatter.bench.sbs.TatterWorkloads.Prepared;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.Tensor;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The side-by-side workloads W1-W6 (docs/BENCHMARKS.md) with their data shapes and the engines
 * that run them: Tatter's compiled {@link dev.tatter.frontend.Session} and the hand loop here,
 * TF Java's graph sessions when the {@code -Ptf} classes are on the class path ({@link
 * EngineProvider}). Every shape is labelled: row lengths uniform in 0..16, and a skewed shape
 * (mostly 0..2 with a long tail) as a second row; W5's sparse operand uniform, and skewed.
 */
public final class SideBySideCases {
  private SideBySideCases() {}

  /** Input sizes: {@code full} is the table's, {@code tiny} checks that the script runs end to end. */
  public enum Scale {
    FULL(1_000_000, 10_000, 1_000_000, 64, 2000),
    TINY(5_000, 300, 5_000, 16, 20);

    final int rows;
    final int sparseDim;
    final int nnz;
    final int matmulCols;
    /** W6's calls per timed sample (one call is far below the clocks' resolution). */
    final int scalarCalls;

    Scale(int rows, int sparseDim, int nnz, int matmulCols, int scalarCalls) {
      this.rows = rows;
      this.sparseDim = sparseDim;
      this.nnz = nnz;
      this.matmulCols = matmulCols;
      this.scalarCalls = scalarCalls;
    }
  }

  /** TF's engines for a case, from the {@code -Ptf} build's {@code dev.tatter.bench.tf.TfSideBySideEngines}. */
  public interface EngineProvider {
    List<Variant> variants(String workload, SideBySideInputs in);
  }

  /** One data shape of a workload: its label and its inputs. */
  public record Shape(String label, SideBySideInputs inputs) {}

  /** A workload: its id (W1 ... W6), what it computes, its shapes, and whether it is timed per call in batches. */
  public record Workload(String id, String title, List<Shape> shapes, int callsPerSample) {}

  static final long SEED = 8;

  /** The workload {@code id} at {@code scale}, its inputs generated from fixed seeds. */
  public static Workload workload(String id, Scale scale) {
    int rows = scale.rows;
    return switch (id) {
      case "W1" -> new Workload(id, "`((x*2 + 1) / 3 - x) * x` on a ragged float32 tensor's values", raggedShapes(rows, false, false), 1);
      case "W2" -> new Workload(id, "`rt.to_tensor(0.0)` (padding a ragged float32 tensor)", raggedShapes(rows, true, false), 1);
      case "W3" -> new Workload(id, "`tf.reduce_sum(rt, axis=1)`", raggedShapes(rows, false, false), 1);
      case "W4a" -> new Workload(id, "`value_rowids()` from row splits", raggedShapes(rows, false, false), 1);
      case "W4b" -> new Workload(id, "`from_value_rowids(rowids, nrows).row_splits()` (validated)", raggedShapes(rows, false, true), 1);
      case "W5a" -> new Workload(id, "`sp * dense`, the dense `[rows, 1]` column broadcast", sparseShapes(scale, 1), 1);
      case "W5b" -> new Workload(id, "`tf.sparse.sparse_dense_matmul(sp, dense [" + scale.sparseDim + ", " + scale.matmulCols + "])`",
          sparseShapes(scale, scale.matmulCols), 1);
      case "W6" -> new Workload(id, "two scalar placeholders and one `add` (session overhead)",
          List.of(new Shape("scalars", SideBySideInputs.none())), scale.scalarCalls);
      default -> throw new IllegalArgumentException("no workload " + id + " (W1, W2, W3, W4a, W4b, W5a, W5b, W6)");
    };
  }

  public static final List<String> IDS = List.of("W1", "W2", "W3", "W4a", "W4b", "W5a", "W5b", "W6");

  private static List<Shape> raggedShapes(int rows, boolean padded, boolean rowids) {
    Ragged uniform = SideBySideData.raggedWithLengths(rows, 16, SEED);
    // to_tensor pads every row to the longest (96 in the skewed shape): a quarter of the rows keeps its output near the uniform one's
    Ragged skewed = SideBySideData.raggedSkewed(padded ? rows / 4 : rows, SEED + 1);
    return List.of(
        new Shape("uniform 0..16: " + SideBySideData.describe(uniform), SideBySideInputs.ragged(uniform, rowids)),
        new Shape("skewed (0..2, every 32nd 32..96): " + SideBySideData.describe(skewed), SideBySideInputs.ragged(skewed, rowids)));
  }

  private static List<Shape> sparseShapes(Scale scale, int cols) {
    int dim = scale.sparseDim;
    Sparse uniform = SideBySideData.sparse(dim, dim, scale.nnz, SEED);
    Sparse skewed = SideBySideData.sparseSkewed(dim, dim, scale.nnz, SEED + 1);
    float[] dense = SideBySideData.floats(dim * cols, SEED + 2);
    return List.of(
        new Shape("uniform positions: " + SideBySideData.describe(uniform), SideBySideInputs.sparse(uniform, dense, dim, cols)),
        new Shape("skewed rows (half in rows n*u^2): " + SideBySideData.describe(skewed),
            SideBySideInputs.sparse(skewed, dense, dim, cols)));
  }

  /** Tatter and the hand loop for {@code workload} on {@code in}, then TF's engines if {@code tf} is given. */
  public static List<Variant> variants(String workload, SideBySideInputs in, EngineProvider tf) {
    List<Variant> out = new ArrayList<>(switch (workload) {
      case "W1" -> w1(in.ragged());
      case "W2" -> w2(in.ragged());
      case "W3" -> w3(in.ragged());
      case "W4a" -> w4a(in.ragged());
      case "W4b" -> w4b(in.ragged(), in.rowids());
      case "W5a" -> w5a(in);
      case "W5b" -> w5b(in);
      case "W6" -> w6();
      default -> throw new IllegalArgumentException(workload);
    });
    if (tf != null) {
      out.addAll(tf.variants(workload, in));
    }
    return out;
  }

  private static final Function<Object, Object> DENSE = t -> ((Tensor) t).unsafeData();

  private static List<Variant> w1(Ragged d) {
    Prepared tatter = TatterWorkloads.elementwise();
    return List.of(
        Variant.exact("tatter", () -> tatter.run(Map.of("rt", TatterWorkloads.ragged(d.values(), d.rowSplits()))),
            r -> ((RaggedTensor) r).flatValues().unsafeData()),
        Variant.exact("hand", () -> HandLoops.elementwise(d.values()), r -> r));
  }

  private static List<Variant> w2(Ragged d) {
    Prepared tatter = TatterWorkloads.toTensor();
    Tensor pad = Tensor.scalar(DType.FLOAT32, 0f);
    return List.of(
        Variant.exact("tatter", () -> tatter.run(Map.of("rt", TatterWorkloads.ragged(d.values(), d.rowSplits()), "pad", pad)), DENSE),
        Variant.exact("hand", () -> HandLoops.toTensor(d.values(), d.rowSplits(), 0f), r -> r));
  }

  private static List<Variant> w3(Ragged d) {
    Prepared tatter = TatterWorkloads.rowSums();
    return List.of(
        Variant.exact("tatter", () -> tatter.run(Map.of("rt", TatterWorkloads.ragged(d.values(), d.rowSplits()))), DENSE),
        Variant.exact("hand", () -> HandLoops.rowSums(d.values(), d.rowSplits()), r -> r));
  }

  private static List<Variant> w4a(Ragged d) {
    Prepared tatter = TatterWorkloads.valueRowids();
    return List.of(
        Variant.exact("tatter", () -> tatter.run(Map.of("splits", TatterWorkloads.longs(d.rowSplits()))), DENSE),
        Variant.exact("hand", () -> HandLoops.valueRowids(d.rowSplits()), r -> r));
  }

  private static List<Variant> w4b(Ragged d, long[] rowids) {
    Prepared tatter = TatterWorkloads.rowSplitsFromValueRowids();
    Tensor nrows = Tensor.scalar(DType.INT64, (long) d.nrows());
    return List.of(
        Variant.exact("tatter", () -> tatter.run(Map.of("rowids", TatterWorkloads.longs(rowids), "nrows", nrows)), DENSE),
        Variant.exact("hand", () -> HandLoops.rowSplits(rowids, d.nrows()), r -> r));
  }

  private static List<Variant> w5a(SideBySideInputs in) {
    Prepared tatter = TatterWorkloads.sparseTimesDense();
    Sparse s = in.sparse();
    return List.of(
        Variant.exact("tatter", () -> tatter.run(Map.of("sp", TatterWorkloads.sparse(s),
            "dense", Tensor.wrap(DType.FLOAT32, new int[] {in.denseRows(), 1}, in.dense()))), TatterWorkloads::sparseValues),
        Variant.exact("hand", () -> HandLoops.sparseTimesColumn(s.indices(), s.values(), in.dense(), s.rows(), s.cols()), r -> r));
  }

  private static List<Variant> w5b(SideBySideInputs in) {
    Prepared tatter = TatterWorkloads.sparseDenseMatmul();
    Sparse s = in.sparse();
    return List.of(
        Variant.exact("tatter", () -> tatter.run(Map.of("sp", TatterWorkloads.sparse(s),
            "dense", Tensor.wrap(DType.FLOAT32, new int[] {in.denseRows(), in.denseCols()}, in.dense()))), DENSE),
        // Tatter's kernel is vectorised exactly when the JVM has the module: so is the hand loop then
        Variant.exact("hand", HandLoops.VECTOR_MATMUL == null
            ? () -> HandLoops.sparseDenseMatmul(s.indices(), s.values(), (int) s.rows(), in.dense(), in.denseCols())
            : () -> HandLoops.VECTOR_MATMUL.run(s.indices(), s.values(), (int) s.rows(), in.dense(), in.denseCols()),
            r -> r));
  }

  private static List<Variant> w6() {
    Prepared tatter = TatterWorkloads.scalarAdd();
    float a = 1.5f;
    float b = 2.5f;
    return List.of(
        Variant.exact("tatter", () -> tatter.run(Map.of("a", Tensor.scalar(DType.FLOAT32, a), "b", Tensor.scalar(DType.FLOAT32, b))),
            DENSE),
        Variant.exact("hand", () -> new float[] {HandLoops.add(a, b)}, r -> r));
  }
}
