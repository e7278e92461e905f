package dev.tatter.bench.tf;

import dev.tatter.bench.sbs.SideBySideCases.EngineProvider;
import dev.tatter.bench.sbs.SideBySideData.Ragged;
import dev.tatter.bench.sbs.SideBySideData.Sparse;
import dev.tatter.bench.sbs.SideBySideInputs;
import dev.tatter.bench.sbs.Variant;
import dev.tatter.bench.tf.TfProgram.Threads;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * TF Java's side of {@code dev.tatter.bench.sbs.SideBySide}: each workload through {@link
 * TfWorkloads}' graph sessions with TF's default threads ({@code tf}) and with one intra- and one
 * inter-op thread ({@code tf1}). Loaded by name, so the default build never needs TF. Programs
 * stay open until the JVM ends (one JVM runs one workload).
 *
 * <p>Tolerances against the hand loop: W1, W3 and W5b within 1e-6 relative (TF's Eigen kernels
 * may vectorize a division or a sum differently; the oracle tests compare the kernels bit for
 * bit on their own inputs), the others exact.
 */
public final class TfSideBySideEngines implements EngineProvider {
  @Override
  public List<Variant> variants(String workload, SideBySideInputs in) {
    List<Variant> out = new ArrayList<>();
    for (Threads threads : Threads.values()) {
      String engine = threads == Threads.ONE ? "tf1" : "tf";
      out.add(variant(engine, workload, in, threads));
    }
    return out;
  }

  private static Variant variant(String engine, String workload, SideBySideInputs in, Threads threads) {
    Ragged r = in.ragged();
    Sparse s = in.sparse();
    return switch (workload) {
      case "W1" -> {
        TfWorkloads.Elementwise tf = new TfWorkloads.Elementwise(threads);
        yield near(engine, () -> tf.run(r.values()), 1e-6);
      }
      case "W2" -> {
        TfWorkloads.ToTensor tf = new TfWorkloads.ToTensor(threads);
        yield near(engine, () -> tf.run(r.values(), r.rowSplits(), 0f).data(), 0);
      }
      case "W3" -> {
        TfWorkloads.RowSums tf = new TfWorkloads.RowSums(threads);
        yield near(engine, () -> tf.run(r.values(), r.rowSplits()), 1e-6);
      }
      case "W4a" -> {
        TfWorkloads.ValueRowids tf = new TfWorkloads.ValueRowids(threads);
        yield near(engine, () -> tf.run(r.rowSplits()), 0);
      }
      case "W4b" -> {
        TfWorkloads.RowSplitsFromRowids tf = new TfWorkloads.RowSplitsFromRowids(threads);
        yield near(engine, () -> tf.run(in.rowids(), r.nrows()), 0);
      }
      case "W5a" -> {
        TfWorkloads.SparseCwise tf = new TfWorkloads.SparseCwise(threads, false);
        long[] shape = {s.rows(), s.cols()};
        yield near(engine, () -> tf.run(s.indices(), s.values(), shape, in.dense(), in.denseRows(), 1), 0);
      }
      case "W5b" -> {
        TfWorkloads.SparseDenseMatmul tf = new TfWorkloads.SparseDenseMatmul(threads, false, false);
        long[] shape = {s.rows(), s.cols()};
        yield near(engine, () -> tf.run(s.indices(), s.values(), shape, in.dense(), in.denseRows(), in.denseCols()).data(), 1e-6);
      }
      case "W6" -> {
        TfWorkloads.ScalarAdd tf = new TfWorkloads.ScalarAdd(threads);
        yield near(engine, () -> new float[] {tf.run(1.5f, 2.5f)}, 0);
      }
      default -> throw new IllegalArgumentException(workload);
    };
  }

  private static Variant near(String engine, Supplier<Object> run, double tolerance) {
    return new Variant(engine, run, x -> x, tolerance);
  }
}
