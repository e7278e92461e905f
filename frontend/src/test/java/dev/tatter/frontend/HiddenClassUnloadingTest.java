package dev.tatter.frontend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.codegen.BytecodeCompiler;
import dev.tatter.codegen.CompiledGraph;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.Tensor;
import java.lang.management.ClassLoadingMXBean;
import java.lang.management.ManagementFactory;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Compiling many distinct graphs one after another must not leak: each compiled graph is a
 * hidden class that the JVM unloads once the graph is unreachable, so metaspace returns to a
 * bound instead of growing with the number of graphs compiled.
 */
class HiddenClassUnloadingTest {
  private static final int GRAPHS = 10_000;

  @Test
  void tenThousandCompiledGraphs_areUnloadedAndMetaspaceStaysBounded() {
    ClassLoadingMXBean classes = ManagementFactory.getClassLoadingMXBean();
    long unloadedBefore = classes.getUnloadedClassCount();
    compileAndRun(500); // warm up: load Tatter's own classes
    long metaspaceWarm = metaspaceAfterGc();
    compileAndRun(GRAPHS);
    long metaspaceAfter = metaspaceAfterGc();
    long unloaded = classes.getUnloadedClassCount() - unloadedBefore;
    System.out.printf("compiled %d graphs: %d classes unloaded; metaspace %d KiB after warm-up, %d KiB after%n",
        GRAPHS, unloaded, metaspaceWarm / 1024, metaspaceAfter / 1024);
    assertTrue(unloaded >= GRAPHS / 2, "hidden classes were not unloaded: " + unloaded);
    // Each generated class takes a few KiB of metaspace: 10,000 kept alive would be tens of MiB.
    assertTrue(metaspaceAfter - metaspaceWarm < 8L << 20,
        "metaspace grew by " + (metaspaceAfter - metaspaceWarm) / 1024 + " KiB");
  }

  private static void compileAndRun(int count) {
    for (int i = 0; i < count; i++) {
      GraphBuilder g = new GraphBuilder();
      Value x = g.placeholder("x", Types.dense(DType.INT64, 3));
      Value y = x.add(g.constant(Tensor.ofLongs(i, i + 1, i + 2)));
      CompiledGraph compiled = BytecodeCompiler.compile(g.build(y));
      assertEquals(Tensor.ofLongs(i + 1, i + 2, i + 3), compiled.run(Map.of("x", Tensor.ofLongs(1, 1, 1))).get(0));
    }
  }

  private static long metaspaceAfterGc() {
    for (int i = 0; i < 3; i++) {
      System.gc();
    }
    return ManagementFactory.getMemoryPoolMXBeans().stream()
        .filter(p -> p.getName().equals("Metaspace"))
        .mapToLong(p -> p.getUsage().getUsed())
        .sum();
  }

}
