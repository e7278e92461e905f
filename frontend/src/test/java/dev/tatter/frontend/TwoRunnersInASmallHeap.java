package dev.tatter.frontend;

import dev.tatter.runtime.DType;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.RowPartition;
import dev.tatter.runtime.Tensor;
import java.util.Arrays;
import java.util.Map;

/**
 * Two runners of one embedding-pooling graph, {@code reduce_mean(gather(table, ids) * 0.5,
 * axis=1)}, whose fused loop writes a {@code [tokens, 64]} float32 intermediate that only the row
 * mean reads, run alternately three times each. Started by {@link RunnerMemoryTest} in a JVM whose
 * heap holds the two runners' results and one run's working set (the gather's output and the
 * loop's) but not two intermediates kept besides: it exits 0 when every run succeeded with the
 * same results, 3 when a run ran out of memory.
 *
 * <p>{@code java -cp ... dev.tatter.frontend.TwoRunnersInASmallHeap TOKENS}
 */
final class TwoRunnersInASmallHeap {
  static final int DIMENSION = 64;
  static final int ROW_LENGTH = 16;
  static final int VOCABULARY = 1024;

  private TwoRunnersInASmallHeap() {}

  public static void main(String[] args) {
    int tokens = Integer.parseInt(args[0]);
    GraphBuilder g = new GraphBuilder();
    Value ids = g.placeholder("ids", Types.ragged(DType.INT64, 1));
    Value table = g.placeholder("table", Types.dense(DType.FLOAT32, -1, DIMENSION));
    Value pooled = g.ops().gather(table, ids).mul(0.5f).reduceMean(1);
    Map<String, Object> feeds = feeds(tokens);
    try (Session session = new Session(g.build(pooled))) {
      Runner first = session.runner(pooled);
      Runner second = session.runner(pooled);
      float[] expected = null;
      for (int round = 0; round < 3; round++) {
        for (Runner runner : new Runner[] {first, second}) {
          float[] got = runner.run(feeds).tensor(0).toFloatArray();
          if (expected == null) {
            expected = got;
          } else if (!Arrays.equals(expected, got)) {
            System.out.println("round " + round + ": the runners' results differ");
            System.exit(2);
          }
        }
      }
      System.out.println("ok: kept " + first.keptBytes() + " + " + second.keptBytes() + " bytes, pooled "
          + session.bufferPool().idleBytes() + " of a budget of " + session.bufferPool().budget());
    } catch (RuntimeException | OutOfMemoryError e) {
      if (e instanceof OutOfMemoryError || e.getCause() instanceof OutOfMemoryError) {
        System.out.println("out of memory: " + e.getMessage());
        System.exit(3);
      }
      throw e;
    }
  }

  /** {@code tokens} ids in rows of {@link #ROW_LENGTH}, and a table of {@link #VOCABULARY} rows. */
  static Map<String, Object> feeds(int tokens) {
    long[] ids = new long[tokens];
    for (int i = 0; i < tokens; i++) {
      ids[i] = (i * 7919L) % VOCABULARY;
    }
    int rows = tokens / ROW_LENGTH;
    long[] splits = new long[rows + 1];
    for (int r = 0; r <= rows; r++) {
      splits[r] = (long) r * ROW_LENGTH;
    }
    float[] table = new float[VOCABULARY * DIMENSION];
    for (int i = 0; i < table.length; i++) {
      table[i] = (i % 97) / 24f - 2f;
    }
    return Map.of("ids", RaggedTensor.of(Tensor.ofLongs(ids), RowPartition.fromRowSplits(splits, DType.INT64, true)),
        "table", Tensor.of(DType.FLOAT32, table, VOCABULARY, DIMENSION));
  }
}
