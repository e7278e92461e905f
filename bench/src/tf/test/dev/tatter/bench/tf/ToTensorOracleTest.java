package dev.tatter.bench.tf;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tatter.frontend.GraphBuilder;
import dev.tatter.frontend.Session;
import dev.tatter.frontend.Types;
import dev.tatter.frontend.Value;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.RowPartition;
import dev.tatter.runtime.Tensor;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.tensorflow.Operand;
import org.tensorflow.types.TInt64;
import org.tensorflow.types.family.TNumber;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** {@code to_tensor} against TF's {@code RaggedTensorToTensor} kernel on random ragged tensors. */
class ToTensorOracleTest {
  static final int CASES = 200;

  @ParameterizedTest(name = "{0}, ragged_rank {1}, inner {2}")
  @CsvSource({"FLOAT32, 1, ''", "FLOAT32, 2, ''", "INT32, 1, ''", "INT64, 2, ''", "FLOAT32, 1, 3", "FLOAT64, 2, 2"})
  void toTensor_matchesTf_withDefaultValue(DType dtype, int raggedRank, String inner) {
    int[] innerShape = inner.isEmpty() ? new int[0] : new int[] {Integer.parseInt(inner)};
    for (int seed = 0; seed < CASES; seed++) {
      RaggedTensor rt = OracleInputs.ragged(dtype, raggedRank, innerShape, seed);
      Tensor pad = OracleInputs.scalar(dtype, new SplittableRandom(seed + 1000));
      Tensor expected = tfToTensor(rt, pad, null);
      Tensor actual = tatterToTensor(rt, pad, raggedRank, innerShape);
      assertEquals(expected, actual, () -> "seed " + rt + " default " + pad);
    }
  }

  @ParameterizedTest(name = "{0}, ragged_rank {1}, inner {2}")
  @CsvSource({"FLOAT32, 1, ''", "INT32, 2, ''", "FLOAT64, 1, 2", "INT64, 2, 3"})
  void toTensor_matchesTf_withAShapeThatPadsOrTruncates(DType dtype, int raggedRank, String inner) {
    int[] innerShape = inner.isEmpty() ? new int[0] : new int[] {Integer.parseInt(inner)};
    for (int seed = 0; seed < CASES; seed++) {
      RaggedTensor rt = OracleInputs.ragged(dtype, raggedRank, innerShape, seed);
      SplittableRandom r = new SplittableRandom(seed + 2000);
      Tensor pad = OracleInputs.scalar(dtype, r);
      // each dimension None (-1) or a size from 0 to a little past the data's
      long[] shape = new long[1 + raggedRank + innerShape.length];
      for (int d = 0; d < shape.length; d++) {
        shape[d] = r.nextInt(3) == 0 ? -1 : r.nextInt(OracleInputs.maxSize(seed) + 2);
      }
      for (int d = 0; d < innerShape.length; d++) {
        // TF requires inner (uniform) dims to match exactly or be None
        shape[1 + raggedRank + d] = r.nextBoolean() ? -1 : innerShape[d];
      }
      Tensor expected = tfToTensor(rt, pad, shape);
      Tensor actual = tatterToTensor(rt, pad, raggedRank, innerShape, shape);
      assertEquals(expected, actual, () -> rt + " default " + pad + " shape " + java.util.Arrays.toString(shape));
    }
  }

  static Tensor tfToTensor(RaggedTensor rt, Tensor pad, long[] shape) {
    return TfEval.run(tf -> {
      List<Operand<? extends TNumber>> splits = new ArrayList<>();
      for (RowPartition p : rt.nestedPartitions()) {
        splits.add(TfEval.splits(tf, p));
      }
      Operand<TInt64> shapeTensor = shape == null ? tf.constant(-1L) : tf.constant(shape);
      return List.of(tf.ragged.raggedTensorToTensor(shapeTensor, TfEval.constant(tf, rt.flatValues()),
          TfEval.constant(tf, pad), splits, Collections.nCopies(splits.size(), "ROW_SPLITS")));
    }).value(0);
  }

  static Tensor tatterToTensor(RaggedTensor rt, Tensor pad, int raggedRank, int[] innerShape) {
    return tatterToTensor(rt, pad, raggedRank, innerShape, new long[0]);
  }

  static Tensor tatterToTensor(RaggedTensor rt, Tensor pad, int raggedRank, int[] innerShape, long[] shape) {
    StringBuilder type = new StringBuilder("ragged<" + rt.dtype() + ">[None");
    for (int i = 0; i < raggedRank; i++) {
      type.append(", (None)");
    }
    for (int d : innerShape) {
      type.append(", ").append(d);
    }
    GraphBuilder g = new GraphBuilder();
    Value in = g.placeholder("rt", Types.parse(type + "]"));
    Value p = g.placeholder("pad", Types.dense(rt.dtype()));
    Value out = in.toTensor(p, shape);
    Map<String, Object> feeds = Map.of("rt", rt, "pad", pad);
    Tensor compiled = new Session(g.build()).run(feeds, out).tensor(0);
    Tensor interpreted = new Session(g.build(), "", Session.Backend.INTERPRETED).run(feeds, out).tensor(0);
    assertEquals(compiled, interpreted, "compiled vs interpreted");
    return compiled;
  }
}
