package dev.tatter.bench.tf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.frontend.GraphBuilder;
import dev.tatter.frontend.Session;
import dev.tatter.frontend.Value;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.RowPartition;
import dev.tatter.runtime.Tensor;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.tensorflow.Operand;
import org.tensorflow.op.dtypes.AsString;
import org.tensorflow.op.strings.ReduceJoin;
import org.tensorflow.op.strings.StringFormat;
import org.tensorflow.op.strings.UnsortedSegmentJoin;
import org.tensorflow.types.TInt32;
import org.tensorflow.types.TString;

/**
 * tf.strings.format against TF's StringFormat kernel (every printable dtype of the oracle, ranks 0
 * to 3, empty dimensions, summarize -1 to 3, other placeholders, the empty one), reduce_join over
 * several axes of a ragged tensor against the graph TF's ragged dispatch builds for it
 * (UnsortedSegmentJoin per axis, the highest first, then ReduceJoin), and as_string of strings
 * (TF 2.18's kernel takes them).
 */
class StringTemplateOracleTest {
  static final int CASES = 300;

  private static Object tatter(GraphBuilder g, Value out) {
    try (Session s = new Session(g.build(out)); Session i = new Session(g.build(out), "", Session.Backend.INTERPRETED)) {
      Object compiled = s.run(Map.of(), out).get(0);
      assertEquals(compiled, i.run(Map.of(), out).get(0), "compiled vs interpreted");
      return compiled;
    }
  }

  /** TF's error, whether the graph refuses the op when it is built or the session when it runs. */
  private static String tfFails(java.util.function.Function<org.tensorflow.op.Ops, List<Operand<?>>> build) {
    try {
      TfEval.Outcome o = TfEval.run(build);
      assertTrue(o.failed(), "TF did not fail: " + o.values());
      return o.error();
    } catch (RuntimeException e) {
      return String.valueOf(e.getMessage());
    }
  }

  private static final String[] TEXT = {"a", "\"", "'", "\\", "\n", "\t", "\u0001", "\u007f", "é", "😀", " ", ""};

  private static Tensor randomTensor(DType dtype, int[] shape, SplittableRandom r) {
    int n = 1;
    for (int d : shape) {
      n *= d;
    }
    return switch (dtype) {
      case BOOL -> {
        boolean[] b = new boolean[n];
        for (int i = 0; i < n; i++) {
          b[i] = r.nextBoolean();
        }
        yield Tensor.wrap(DType.BOOL, shape, b);
      }
      case STRING -> {
        String[] s = new String[n];
        for (int i = 0; i < n; i++) {
          StringBuilder b = new StringBuilder();
          for (int k = r.nextInt(4); k > 0; k--) {
            b.append(dev.tatter.runtime.ByteStrings.fromText(TEXT[r.nextInt(TEXT.length)]));
          }
          s[i] = b.toString();
        }
        yield TfEval.byteStrings(s, shape);
      }
      case FLOAT32 -> {
        float[] f = new float[n];
        for (int i = 0; i < n; i++) {
          // digits that need %.9g, extremes, and short decimals
          f[i] = switch (r.nextInt(3)) {
            case 0 -> (float) (r.nextDouble() * Math.pow(10, r.nextInt(-8, 12)));
            case 1 -> OracleInputs.FLOAT_EXTREMES[r.nextInt(OracleInputs.FLOAT_EXTREMES.length)];
            default -> r.nextInt(-50, 50) / 4f;
          };
          if (OracleAssert.subnormal(f[i], DType.FLOAT32)) {
            f[i] = 0.5f; // TF's threads read subnormals as zero (docs/SEMANTICS.md)
          }
        }
        yield Tensor.wrap(DType.FLOAT32, shape, f);
      }
      case FLOAT64 -> {
        double[] f = new double[n];
        for (int i = 0; i < n; i++) {
          f[i] = r.nextBoolean() ? r.nextDouble() * Math.pow(10, r.nextInt(-300, 300)) : r.nextInt(-50, 50) / 3.0;
          if (OracleAssert.subnormal(f[i], DType.FLOAT64)) {
            f[i] = 0.25;
          }
        }
        yield Tensor.wrap(DType.FLOAT64, shape, f);
      }
      default -> OracleInputs.tensor(dtype, shape, r);
    };
  }

  @Test
  void stringFormat_matchesTfsKernel() {
    DType[] types = {DType.INT32, DType.INT64, DType.FLOAT32, DType.FLOAT64, DType.BOOL, DType.STRING};
    String[][] templates = {{"{}", "{}"}, {"x = {}!", "{}"}, {"[%s]", "%s"}, {"ab", ""}, {"é{}é", "{}"}};
    for (int seed = 0; seed < CASES; seed++) {
      SplittableRandom r = new SplittableRandom(seed + 7000);
      DType type = types[r.nextInt(types.length)];
      int[] shape = r.ints(r.nextInt(4), 0, r.nextInt(3) == 0 ? 9 : 4).toArray();
      Tensor input = randomTensor(type, shape, r);
      long summarize = r.nextInt(-1, 4);
      String[] t = templates[r.nextInt(templates.length)];
      TfEval.Outcome tf = TfEval.run(ops -> {
        List<Operand<?>> inputs = List.of(TfEval.constant(ops, input));
        return List.of(ops.strings.stringFormat(inputs, StringFormat.template(t[0]), StringFormat.placeholder(t[1]),
            StringFormat.summarize(summarize)));
      });
      GraphBuilder g = new GraphBuilder();
      dev.tatter.frontend.Ops tt = g.ops();
      Object actual = tatter(g, tt.strings.format(t[0], List.of(g.constant(input)), t[1], (int) summarize));
      assertEquals(tf.value(0), actual, input + " template '" + t[0] + "' placeholder '" + t[1] + "' summarize " + summarize);
    }
  }

  @Test
  void stringFormat_severalInputs_asOneStringFormat() {
    for (int seed = 0; seed < 50; seed++) {
      SplittableRandom r = new SplittableRandom(seed + 8000);
      Tensor a = randomTensor(DType.INT64, r.ints(r.nextInt(3), 0, 5).toArray(), r);
      Tensor b = randomTensor(DType.STRING, r.ints(r.nextInt(3), 0, 5).toArray(), r);
      String refused = tfFails(ops -> List.of(ops.strings.stringFormat(
          List.<Operand<?>>of(TfEval.constant(ops, a), TfEval.constant(ops, b)), StringFormat.template("{}{} and {}."), StringFormat.placeholder("{}"))));
      GraphBuilder g = new GraphBuilder();
      dev.tatter.frontend.Ops tt = g.ops();
      List<Value> inputs = List.of(g.constant(a), g.constant(a), g.constant(b));
      // TF takes the same tensor twice as two inputs: give it the same
      TfEval.Outcome tf3 = TfEval.run(ops -> List.of(ops.strings.stringFormat(
          List.<Operand<?>>of(TfEval.constant(ops, a), TfEval.constant(ops, a), TfEval.constant(ops, b)),
          StringFormat.template("{}{} and {}."), StringFormat.placeholder("{}"))));
      assertEquals(tf3.value(0), tatter(g, tt.strings.format("{}{} and {}.", inputs, "{}", 3)), a + " / " + b);
      // TF checks the count too (3 placeholders, 2 inputs), in the words Tatter uses
      assertTrue(refused.contains("num placeholders in template and num inputs must match: 3 vs. 2"), refused);
    }
  }

  /**
   * TF's ragged reduce_join of a 2-D ragged tensor over {@code axes}, built as ragged_reduce_aggregate
   * builds it: axis 1 is UnsortedSegmentJoin by row id into nrows segments, axis 0 by position in the
   * row into max-row-length segments; over [0, 1], axis 1 first and then ReduceJoin of axis 0.
   */
  private static TfEval.Outcome tfRaggedReduceJoin(RaggedTensor rt, boolean axis0, boolean axis1, boolean keepdims, String sep) {
    RowPartition p = rt.partition();
    int[] rowIds = new int[p.nvals()];
    int[] positions = new int[p.nvals()];
    int longest = 0;
    for (int row = 0; row < p.nrows(); row++) {
      longest = Math.max(longest, p.rowLength(row));
      for (int v = p.rowStart(row); v < p.rowLimit(row); v++) {
        rowIds[v] = row;
        positions[v] = v - p.rowStart(row);
      }
    }
    int nrows = p.nrows();
    int segments = longest;
    return TfEval.run(ops -> {
      Operand<TString> values = TfEval.constant(ops, (Tensor) rt.values());
      if (axis1) {
        Operand<TString> rows = ops.strings.unsortedSegmentJoin(values, ops.constant(rowIds), ops.constant(nrows),
            UnsortedSegmentJoin.separator(sep));
        if (keepdims) {
          rows = ops.expandDims(rows, ops.constant(1));
        }
        if (!axis0) {
          return List.of(rows);
        }
        Operand<TInt32> zero = ops.constant(new int[] {0});
        return List.of(ops.strings.reduceJoin(rows, zero, ReduceJoin.keepDims(keepdims), ReduceJoin.separator(sep)));
      }
      Operand<TString> columns = ops.strings.unsortedSegmentJoin(values, ops.constant(positions), ops.constant(segments),
          UnsortedSegmentJoin.separator(sep));
      return List.of(keepdims ? ops.expandDims(columns, ops.constant(0)) : columns);
    });
  }

  @Test
  void raggedReduceJoin_overSeveralAxes_matchesTfsRaggedDispatchGraph() {
    for (int seed = 0; seed < CASES; seed++) {
      SplittableRandom r = new SplittableRandom(seed + 9000);
      int nrows = r.nextInt(5);
      long[] splits = OracleInputs.splits(nrows, 3, r);
      Tensor values = randomTensor(DType.STRING, new int[] {(int) splits[nrows]}, r);
      RaggedTensor rt = RaggedTensor.of(values, RowPartition.fromRowSplits(splits, DType.INT64, true));
      long[][] axisLists = {{1}, {0}, {0, 1}, {1, 0}, {-1, -2}, {-1, 0}};
      long[] axes = axisLists[r.nextInt(axisLists.length)];
      boolean keepdims = r.nextBoolean();
      String sep = r.nextBoolean() ? "" : ", ";
      boolean axis0 = false;
      boolean axis1 = false;
      for (long a : axes) {
        axis0 |= a == 0 || a == -2;
        axis1 |= a == 1 || a == -1;
      }
      TfEval.Outcome tf = tfRaggedReduceJoin(rt, axis0, axis1, keepdims, sep);
      GraphBuilder g = new GraphBuilder();
      dev.tatter.frontend.Ops tt = g.ops();
      Value in = g.raggedFromRowSplits(g.constant(values), g.constant(Tensor.ofLongs(splits)));
      Object actual = tatter(g, tt.strings.reduceJoin(in, axes, keepdims, sep));
      assertEquals(tf.value(0), actual, rt + " axes " + java.util.Arrays.toString(axes) + " keepdims " + keepdims);
    }
  }

  @Test
  void asStringOfStrings_matchesTf218sKernel() {
    String[] fills = {"", " ", "+", "-", "0", "#"};
    for (int seed = 0; seed < 100; seed++) {
      SplittableRandom r = new SplittableRandom(seed + 10000);
      Tensor input = randomTensor(DType.STRING, new int[] {1 + r.nextInt(4)}, r);
      long width = r.nextBoolean() ? r.nextInt(0, 9) : -1;
      long precision = r.nextBoolean() ? r.nextInt(0, 4) : -1;
      boolean shortest = r.nextBoolean();
      String fill = fills[r.nextInt(fills.length)];
      TfEval.Outcome tf = TfEval.run(ops -> List.of(ops.dtypes.asString(TfEval.constant(ops, input), AsString.width(width),
          AsString.precision(precision), AsString.shortest(shortest), AsString.fill(fill))));
      GraphBuilder g = new GraphBuilder();
      dev.tatter.frontend.Ops tt = g.ops();
      Object actual = tatter(g, tt.strings.asString(g.constant(input), (int) precision, false, shortest, (int) width, fill));
      assertEquals(tf.value(0), actual, input + " width " + width + " precision " + precision + " fill '" + fill + "'");
    }
  }
}
