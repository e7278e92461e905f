package dev.tatter.bench;

import dev.tatter.codegen.CompiledGraph;
import dev.tatter.frontend.Ops;
import dev.tatter.frontend.GraphBuilder;
import dev.tatter.frontend.Session;
import dev.tatter.frontend.Types;
import dev.tatter.frontend.Value;
import dev.tatter.ir.Graph;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.RowPartition;
import dev.tatter.runtime.Tensor;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The structural ragged ops against hand-written loops, on W1's ragged float32 tensor (8,000,000
 * values in 1,000,000 rows): {@code boolean_mask(x, x > 0.5) * 2}, {@code cumsum} along the ragged
 * axis, and a ragged {@code gather} of 1,000,000 rows from a table of 100,000 ragged rows. The
 * mask and its product are one fused loop (the {@code Filter} kind), the scan a generated row loop
 * (the {@code Scan} kind; setup checks both); the gather runs the {@code RaggedGather} kernel. The
 * hand loops read the arrays in place and hand their results over without copying, as the
 * kernels do.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-Xms4g", "-Xmx4g"})
public class StructuralOpsBenchmark {
  static final int TABLE_ROWS = 100_000;
  static final int GATHERED_ROWS = 1_000_000;

  RaggedTensor x;
  RaggedTensor table;
  Tensor ids;
  CompiledGraph mask;
  CompiledGraph cumsum;
  CompiledGraph gather;

  @Setup
  public void setup() {
    x = W1ElementwiseBenchmark.raggedInput(W1ElementwiseBenchmark.ROWS, W1ElementwiseBenchmark.VALUES, 42);
    table = W1ElementwiseBenchmark.raggedInput(TABLE_ROWS, TABLE_ROWS * 8, 7);
    SplittableRandom r = new SplittableRandom(11);
    long[] picked = new long[GATHERED_ROWS];
    for (int i = 0; i < picked.length; i++) {
      picked[i] = r.nextInt(TABLE_ROWS);
    }
    ids = Tensor.ofLongs(picked);

    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value in = g.placeholder("x", Types.ragged(DType.FLOAT32, 1));
    Value masked = tf.booleanMask(in, in.gt(0.5f)).mul(2f);
    Value scanned = tf.math.cumsum(in, 1);
    Value t = g.placeholder("table", Types.ragged(DType.FLOAT32, 1));
    Value i = g.placeholder("ids", Types.dense(DType.INT64, -1));
    Value gathered = tf.gather(t, i);
    Graph graph = g.build(masked, scanned, gathered);
    Session session = new Session(graph);
    mask = session.compiled(List.of(masked.node()));
    cumsum = session.compiled(List.of(scanned.node()));
    gather = session.compiled(List.of(gathered.node()));
    if (!mask.graph().nodes().stream().anyMatch(n -> n.op().mnemonic().equals("fused")
        && String.valueOf(n.attributes().get("expr")).contains("row_boolean_mask"))) {
      throw new IllegalStateException("boolean_mask(x, x > 0.5) * 2 did not fuse:\n" + mask.graph());
    }
    if (!maskHandLoop().equals(maskCompiled()) || !cumsumHandLoop().equals(cumsumCompiled())
        || !gatherHandLoop().equals(gatherCompiled())) {
      throw new IllegalStateException("structural op results differ from the hand loops");
    }
  }

  @Benchmark
  public Object maskCompiled() {
    return mask.run(Map.of("x", x)).get(0);
  }

  /** One pass: keep values above 0.5, doubled, and count them per row. */
  @Benchmark
  public Object maskHandLoop() {
    float[] v = (float[]) x.flatValues().unsafeData();
    long[] splits = x.partition().unsafeRowSplits();
    float[] out = new float[v.length];
    long[] outSplits = new long[splits.length];
    int k = 0;
    for (int row = 0; row + 1 < splits.length; row++) {
      for (int j = (int) splits[row]; j < splits[row + 1]; j++) {
        if (v[j] > 0.5f) {
          out[k++] = v[j] * 2f;
        }
      }
      outSplits[row + 1] = k;
    }
    return RaggedTensor.of(Tensor.wrap(DType.FLOAT32, new int[] {k}, java.util.Arrays.copyOf(out, k)),
        RowPartition.adoptingRowSplits(outSplits, DType.INT64));
  }

  @Benchmark
  public Object cumsumCompiled() {
    return cumsum.run(Map.of("x", x)).get(0);
  }

  @Benchmark
  public Object cumsumHandLoop() {
    float[] v = (float[]) x.flatValues().unsafeData();
    long[] splits = x.partition().unsafeRowSplits();
    float[] out = new float[v.length];
    for (int row = 0; row + 1 < splits.length; row++) {
      float acc = 0;
      for (int j = (int) splits[row]; j < splits[row + 1]; j++) {
        acc += v[j];
        out[j] = acc;
      }
    }
    return RaggedTensor.of(Tensor.wrap(DType.FLOAT32, new int[] {v.length}, out), x.partition());
  }

  @Benchmark
  public Object gatherCompiled() {
    return gather.run(Map.of("table", table, "ids", ids)).get(0);
  }

  @Benchmark
  public Object gatherHandLoop() {
    float[] v = (float[]) table.flatValues().unsafeData();
    long[] splits = table.partition().unsafeRowSplits();
    long[] picked = (long[]) ids.unsafeData();
    long[] outSplits = new long[picked.length + 1];
    for (int i = 0; i < picked.length; i++) {
      int row = (int) picked[i];
      outSplits[i + 1] = outSplits[i] + splits[row + 1] - splits[row];
    }
    float[] out = new float[(int) outSplits[picked.length]];
    for (int i = 0; i < picked.length; i++) {
      int row = (int) picked[i];
      System.arraycopy(v, (int) splits[row], out, (int) outSplits[i], (int) (splits[row + 1] - splits[row]));
    }
    return RaggedTensor.of(Tensor.wrap(DType.FLOAT32, new int[] {out.length}, out),
        RowPartition.adoptingRowSplits(outSplits, DType.INT64));
  }
}
