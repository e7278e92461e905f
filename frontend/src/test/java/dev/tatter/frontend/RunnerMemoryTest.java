package dev.tatter.frontend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two runners over a large intermediate fit a heap that holds their results and one run's working
 * set: a runner keeps only its results' arrays between runs, so the intermediates of both are never
 * held at once. Run in a JVM of its own with a small heap ({@link TwoRunnersInASmallHeap}).
 */
class RunnerMemoryTest {
  /**
   * 131,072 tokens of 64 floats: the gather's output and the loop's each take 32 MB, the results
   * 2 MB each. A run needs about 64 MB; a runner that kept its loop's output would hold 32 MB more
   * per runner. With a heap of 90 MB the program ran out of memory when each runner kept its
   * intermediate (it needed 120 MB), and passes with 80 MB now (72 MB is too few).
   */
  @Test
  void twoRunnersOverALargeIntermediate_fitAHeapHoldingOnlyOneRunsWorkingSet(@TempDir Path dir) throws Exception {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    List<String> command = List.of(java, "-Xmx90m", "-Xmn8m", "-XX:+UseSerialGC", "-Dtatter.maxElements=100000000",
        "-cp", System.getProperty("java.class.path"), TwoRunnersInASmallHeap.class.getName(), "131072");
    Path log = dir.resolve("child.txt");
    Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    try {
      assertTrue(process.waitFor(120, TimeUnit.SECONDS), "the child JVM did not finish in 120 s");
    } finally {
      process.destroyForcibly();
    }
    String output = Files.readString(log, StandardCharsets.UTF_8);
    assertEquals(0, process.exitValue(), output);
    // the results come from the row mean's kernel, not a loop: the runners keep nothing, and the
    // 32 MB intermediate is over the pool's default budget (an eighth of the heap), so it is freed
    assertTrue(output.startsWith("ok: kept 0 + 0 bytes, pooled 0 "), output);
  }
}
