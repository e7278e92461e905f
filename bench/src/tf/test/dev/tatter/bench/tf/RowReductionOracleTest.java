package dev.tatter.bench.tf;

import dev.tatter.frontend.GraphBuilder;
import dev.tatter.frontend.Session;
import dev.tatter.frontend.Types;
import dev.tatter.frontend.Value;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.RowPartition;
import dev.tatter.runtime.Tensor;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.tensorflow.Operand;
import org.tensorflow.Output;
import org.tensorflow.op.Ops;
import org.tensorflow.types.TInt64;

/**
 * Reductions along the ragged axis ({@code tf.reduce_*(rt, axis=1)}) against the ops TF's
 * Python layer emits for them: {@code UnsortedSegmentSum/Prod/Min/Max} of the values by their
 * value rowids into nrows segments, and for the mean, that sum divided by the sum of ones.
 */
class RowReductionOracleTest {
  static final int CASES = 120;

  enum Reduction {
    SUM("UnsortedSegmentSum", v -> v.reduceSum(1)),
    PROD("UnsortedSegmentProd", v -> v.reduceProd(1)),
    MIN("UnsortedSegmentMin", v -> v.reduceMin(1)),
    MAX("UnsortedSegmentMax", v -> v.reduceMax(1)),
    MEAN("UnsortedSegmentSum", v -> v.reduceMean(1));

    final String tfOp;
    final Function<Value, Value> tatter;

    Reduction(String tfOp, Function<Value, Value> tatter) {
      this.tfOp = tfOp;
      this.tatter = tatter;
    }
  }

  @ParameterizedTest(name = "{0} on {1}, inner {2}")
  @CsvSource({
    "SUM, FLOAT32, ''", "SUM, FLOAT64, ''", "SUM, INT32, ''", "SUM, INT64, ''", "SUM, FLOAT32, 2",
    "PROD, FLOAT32, ''", "PROD, INT32, ''", "PROD, INT64, ''",
    "MIN, FLOAT32, ''", "MIN, FLOAT64, ''", "MIN, INT32, ''", "MIN, INT64, ''",
    "MAX, FLOAT32, ''", "MAX, FLOAT64, ''", "MAX, INT32, ''", "MAX, INT64, ''", "MAX, FLOAT32, 2",
    "MEAN, FLOAT32, ''", "MEAN, FLOAT64, ''",
  })
  void reduceAlongRaggedAxis_matchesTf(Reduction reduction, DType dtype, String inner) {
    int[] innerShape = inner.isEmpty() ? new int[0] : new int[] {Integer.parseInt(inner)};
    for (int seed = 0; seed < CASES; seed++) {
      RaggedTensor rt = OracleInputs.ragged(dtype, 1, innerShape, seed);
      Tensor expected = tf(reduction, rt);
      Tensor actual = tatter(reduction, rt, innerShape);
      OracleAssert.sameValues(expected, actual, reduction + " of " + rt + " (row_splits "
          + java.util.Arrays.toString(rt.partition().unsafeRowSplits()) + ")", i -> excused(reduction, rt, actual, i));
    }
  }

  /**
   * Where TF's answer is not the one to follow (docs/SEMANTICS.md): a subnormal input or partial
   * sum/product (TF flushes them to zero). NaN and signed zeros in min/max rows are not excused:
   * Tatter folds them as TF's segment kernels do ({@code MinMaxFunctions}).
   */
  static boolean excused(Reduction reduction, RaggedTensor rt, Tensor actual, int i) {
    Tensor flat = rt.flatValues();
    int inner = flat.rank() == 1 ? 1 : flat.dim(1);
    int row = i / inner;
    int col = i % inner;
    RowPartition p = rt.partition();
    boolean subnormal = false;
    double sum = 0;
    double prod = 1;
    for (int j = p.rowStart(row); j < p.rowLimit(row); j++) {
      double v = flat.getDouble(j * inner + col);
      sum = round(sum + v, flat.dtype());
      prod = round(prod * v, flat.dtype());
      subnormal |= OracleAssert.subnormal(v, flat.dtype()) || OracleAssert.subnormal(sum, flat.dtype())
          || OracleAssert.subnormal(prod, flat.dtype());
    }
    return subnormal;
  }

  private static double round(double v, DType dtype) {
    return dtype == DType.FLOAT32 ? (float) v : v;
  }

  static Tensor tf(Reduction reduction, RaggedTensor rt) {
    RowPartition p = rt.partition();
    long[] rowids = new long[p.nvals()];
    for (int r = 0; r < p.nrows(); r++) {
      java.util.Arrays.fill(rowids, p.rowStart(r), p.rowLimit(r), r);
    }
    return TfEval.run(tf -> {
      Output<?> values = TfEval.constant(tf, rt.flatValues()).asOutput();
      Operand<TInt64> ids = tf.constant(rowids);
      Operand<TInt64> n = tf.constant((long) p.nrows());
      Output<?> total = segment(tf, reduction.tfOp, values, ids, n);
      if (reduction != Reduction.MEAN) {
        return List.of(total);
      }
      Output<?> ones = tf.scope().opBuilder("OnesLike", "OnesLike").addInput(values).build().output(0);
      Output<?> count = segment(tf, "UnsortedSegmentSum", ones, ids, n);
      return List.of(tf.scope().opBuilder("RealDiv", "RealDiv").addInput(total).addInput(count).build().output(0));
    }).value(0);
  }

  private static Output<?> segment(Ops tf, String op, Output<?> values, Operand<TInt64> ids, Operand<TInt64> n) {
    return tf.scope().opBuilder(op, op).addInput(values).addInput(ids.asOutput()).addInput(n.asOutput()).build().output(0);
  }

  static Tensor tatter(Reduction reduction, RaggedTensor rt, int[] innerShape) {
    StringBuilder type = new StringBuilder("ragged<" + rt.dtype() + ">[None, (None)");
    for (int d : innerShape) {
      type.append(", ").append(d);
    }
    GraphBuilder g = new GraphBuilder();
    Value in = g.placeholder("rt", Types.parse(type + "]"));
    Value out = reduction.tatter.apply(in);
    Map<String, Object> feeds = Map.of("rt", rt);
    Tensor compiled = new Session(g.build()).run(feeds, out).tensor(0);
    Tensor interpreted = new Session(g.build(), "", Session.Backend.INTERPRETED).run(feeds, out).tensor(0);
    OracleAssert.sameValues(interpreted, compiled, "compiled vs interpreted");
    return compiled;
  }
}
