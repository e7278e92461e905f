package dev.tatter.frontend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.codegen.CompilerOptions;
import dev.tatter.codegen.testing.BitExact;
import dev.tatter.ir.Graph;
import dev.tatter.optimizer.PassManager;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.RowPartition;
import dev.tatter.runtime.Tensor;
import dev.tatter.runtime.exec.FusedSupport;
import dev.tatter.runtime.exec.Parallelism;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** A session given a ForkJoinPool splits its parallel loops across that pool's threads, not the common pool's. */
class SessionPoolTest {
  /** A pool of {@code threads} workers counting the threads it starts (it starts them only for work given to it). */
  private static final class RecordingPool {
    final AtomicInteger created = new AtomicInteger();
    final ForkJoinPool pool;

    RecordingPool(int threads) {
      pool = new ForkJoinPool(threads, p -> {
        created.incrementAndGet();
        return ForkJoinPool.defaultForkJoinWorkerThreadFactory.newThread(p);
      }, null, false);
    }
  }

  private static Graph fusedChain() {
    GraphBuilder g = new GraphBuilder();
    Value x = g.placeholder("x", Types.ragged(DType.FLOAT32, 1));
    return g.build(x.mul(2).add(1).mul(x));
  }

  private static RaggedTensor bigFeed() {
    int n = FusedSupport.PARALLEL_THRESHOLD * 2 + 7; // past the threshold: split
    float[] values = new float[n];
    for (int i = 0; i < n; i++) {
      values[i] = (i % 1000) - 500.5f;
    }
    return RaggedTensor.of(Tensor.ofFloats(values), RowPartition.fromRowSplits(new long[] {0, n / 2, n}, DType.INT64, true));
  }

  @Test
  void aGivenPool_runsTheSplitLoop_andTheResultEqualsTheDefaultSessionsBitForBit() {
    Graph graph = fusedChain();
    RaggedTensor feed = bigFeed();
    RecordingPool recording = new RecordingPool(2);
    try (Session pooled = new Session(graph, PassManager.DEFAULT_PIPELINE, Session.Backend.COMPILED,
            CompilerOptions.defaults(), recording.pool);
        Session plain = new Session(graph)) {
      Result viaPool = pooled.run(Map.of("x", feed), graph.outputs());
      assertTrue(recording.created.get() > 0, "the given pool started no thread: the split work went elsewhere");
      BitExact.assertSameBits(plain.run(Map.of("x", feed), graph.outputs()).values(), viaPool.values(),
          "default pool vs given pool");
    } finally {
      recording.pool.shutdown();
    }
  }

  @Test
  void parallelismPool_isTheGivenOneInsideARun_andTheHostingOrCommonPoolOutside() throws Exception {
    ForkJoinPool given = new ForkJoinPool(1);
    ForkJoinPool other = new ForkJoinPool(1);
    try {
      assertEquals(ForkJoinPool.commonPool(), Parallelism.pool());
      assertEquals(given, Parallelism.runIn(given, Parallelism::pool));
      assertEquals(ForkJoinPool.commonPool(), Parallelism.pool(), "restored after the run");
      // as parallel streams do: a run started on a pool's worker splits onto that pool
      assertEquals(other, other.submit(Parallelism::pool).get());
      assertEquals(List.of(given, other), Parallelism.runIn(other, () -> List.of(Parallelism.runIn(given, Parallelism::pool),
          Parallelism.pool())));
    } finally {
      given.shutdown();
      other.shutdown();
    }
  }
}
