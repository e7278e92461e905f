package dev.tatter.frontend;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tatter.codegen.Interpreter;
import dev.tatter.ir.Graph;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.Tensor;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.BiFunction;
import org.junit.jupiter.api.Test;

/**
 * The trimmers' closed-form ranks and the item selectors' running counts against the allocation
 * loops TF Text's docstrings describe, run step by step here per row (waterfall: left to right;
 * round robin: one item per segment per round; shrink longest: drop the last item of the first
 * longest segment until the row fits), over random rows of one to four segments, per-row budgets
 * from 0 to past the total, empty rows and empty segments; interpreter and bytecode alike.
 */
class TrimmerPropertyTest {
  static int[] waterfall(int[] len, int budget) {
    int[] a = new int[len.length];
    int left = budget;
    for (int i = 0; i < len.length; i++) {
      a[i] = Math.max(0, Math.min(len[i], left));
      left -= len[i];
    }
    return a;
  }

  static int[] roundRobin(int[] len, int budget) {
    int[] a = new int[len.length];
    int used = 0;
    boolean progress = true;
    while (used < budget && progress) {
      progress = false;
      for (int i = 0; i < len.length && used < budget; i++) {
        if (a[i] < len[i]) {
          a[i]++;
          used++;
          progress = true;
        }
      }
    }
    return a;
  }

  static int[] shrinkLongest(int[] len, int budget) {
    int[] a = len.clone();
    while (java.util.Arrays.stream(a).sum() > budget) {
      int longest = 0;
      for (int i = 1; i < a.length; i++) {
        if (a[i] > a[longest]) {
          longest = i;
        }
      }
      a[longest]--;
    }
    return a;
  }

  @Test
  void trimmers_matchTheAllocationLoops() {
    Random random = new Random(32);
    for (int segments = 1; segments <= 4; segments++) {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      List<Value> inputs = new ArrayList<>();
      for (int s = 0; s < segments; s++) {
        inputs.add(g.placeholder("s" + s, Types.ragged(DType.INT64, 1)));
      }
      Value budget = g.placeholder("budget", Types.dense(DType.INT32, -1));
      List<Value> outs = new ArrayList<>();
      outs.addAll(tf.text.waterfallTrimmer(budget).generateMask(inputs));
      outs.addAll(tf.text.roundRobinTrimmer(budget).generateMask(inputs));
      outs.addAll(tf.text.shrinkLongestTrimmer(budget).generateMask(inputs));
      Graph graph = g.build(outs.toArray(Value[]::new));
      List<BiFunction<int[], Integer, int[]>> loops = List.of(TrimmerPropertyTest::waterfall,
          TrimmerPropertyTest::roundRobin, TrimmerPropertyTest::shrinkLongest);
      try (Session session = new Session(graph)) {
        for (int trial = 0; trial < 12; trial++) {
          int rows = random.nextInt(12);
          int[][] lengths = new int[rows][segments];
          int[] budgets = new int[rows];
          Map<String, Object> feeds = new HashMap<>();
          for (int s = 0; s < segments; s++) {
            List<List<Long>> data = new ArrayList<>();
            for (int r = 0; r < rows; r++) {
              lengths[r][s] = random.nextInt(4) == 0 ? 0 : random.nextInt(9);
              List<Long> row = new ArrayList<>();
              for (int j = 0; j < lengths[r][s]; j++) {
                row.add((long) (100 * s + j));
              }
              data.add(row);
            }
            feeds.put("s" + s, rows == 0 ? RaggedTensor.of(Tensor.ofLongs(),
                dev.tatter.runtime.RowPartition.fromRowSplits(new long[] {0}, DType.INT64, true))
                : RaggedTensor.fromNested(data, DType.INT64, 1));
          }
          for (int r = 0; r < rows; r++) {
            budgets[r] = random.nextInt(segments * 9 + 2);
          }
          feeds.put("budget", Tensor.ofInts(budgets));
          List<Object> interpreted = Interpreter.run(graph, feeds);
          List<Object> compiled = session.run(feeds, outs.toArray(Value[]::new)).values();
          for (int t = 0; t < loops.size(); t++) {
            for (int s = 0; s < segments; s++) {
              StringBuilder expected = new StringBuilder("[");
              for (int r = 0; r < rows; r++) {
                int keep = loops.get(t).apply(lengths[r], budgets[r])[s];
                expected.append(r == 0 ? "[" : ", [");
                for (int j = 0; j < lengths[r][s]; j++) {
                  expected.append(j == 0 ? "" : ", ").append(j < keep ? "True" : "False");
                }
                expected.append(']');
              }
              expected.append(']');
              int index = t * segments + s;
              String what = "strategy " + t + " segment " + s + " lengths " + java.util.Arrays.deepToString(lengths)
                  + " budgets " + java.util.Arrays.toString(budgets);
              assertEquals(expected.toString(), interpreted.get(index).toString(), what);
              assertEquals(expected.toString(), compiled.get(index).toString(), what + " (bytecode)");
            }
          }
        }
      }
    }
  }
}
