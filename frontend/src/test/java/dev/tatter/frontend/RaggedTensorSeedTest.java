package dev.tatter.frontend;

import static dev.tatter.frontend.SeedFixtures.ints;
import static dev.tatter.frontend.SeedFixtures.longs;
import static dev.tatter.frontend.SeedFixtures.nested;
import static dev.tatter.frontend.SeedFixtures.ragged;
import static dev.tatter.frontend.SeedFixtures.seedValues;
import static dev.tatter.frontend.SeedFixtures.strings;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.runtime.DType;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.Tensor;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The printed examples of seed 000 ({@code tf.RaggedTensor}) about construction, nesting, uniform
 * dimensions, shapes, ragged_rank and accessors, each run through the builder, the text round
 * trip, the interpreter and bytecode.
 */
class RaggedTensorSeedTest {
  private static final String SEED = "[[3, 1, 4, 1], [], [5, 9, 2], [6], []]";

  @Test
  void everyRowPartitioningScheme_buildsTheSeedsTensor() {
    GraphBuilder g = new GraphBuilder();
    Value v = seedValues(g);
    Value bySplits = g.raggedFromRowSplits(v, longs(g, 0, 4, 4, 7, 8, 8));
    Value byLengths = g.raggedFromRowLengths(v, longs(g, 4, 0, 3, 1, 0));
    Value byRowids = g.raggedFromValueRowids(v, longs(g, 0, 0, 0, 0, 2, 2, 2, 3), g.index(DType.INT64, 5), true);
    Value byStarts = g.raggedFromRowStarts(v, longs(g, 0, 4, 4, 7, 8));
    Value byLimits = g.raggedFromRowLimits(v, longs(g, 4, 4, 7, 8, 8));
    Value byUniform = g.raggedFromUniformRowLength(v, 2);
    for (Value rt : List.of(bySplits, byLengths, byRowids, byStarts, byLimits)) {
      assertEquals("(5, None)", rt.shape());
      assertEquals(1, rt.raggedRank());
    }
    assertEquals("(4, 2)", byUniform.shape());
    List<Object> out = Harness.runEverywhere(g.build(bySplits, byLengths, byRowids, byStarts, byLimits, byUniform), Map.of());
    assertEquals(List.of(SEED, SEED, SEED, SEED, SEED, "[[3, 1], [4, 1], [5, 9], [2, 6]]"), strings(out));
  }

  @Test
  void fromValueRowids_withTrailingEmptyRows_needsNrows() {
    GraphBuilder g = new GraphBuilder();
    Value withoutNrows = g.raggedFromValueRowids(seedValues(g), longs(g, 0, 0, 0, 0, 2, 2, 2, 3));
    List<Object> out = Harness.runEverywhere(g.build(withoutNrows), Map.of());
    assertEquals("[[3, 1, 4, 1], [], [5, 9, 2], [6]]", out.get(0).toString());
  }

  @Test
  void nestedValues_addOneRaggedDimensionEach() {
    GraphBuilder g = new GraphBuilder();
    Value inner = g.raggedFromRowSplits(seedValues(g), longs(g, 0, 4, 4, 7, 8, 8));
    Value outer = g.raggedFromRowSplits(inner, longs(g, 0, 3, 3, 5));
    Value direct = g.raggedFromNestedRowSplits(seedValues(g), List.of(longs(g, 0, 3, 3, 5), longs(g, 0, 4, 4, 7, 8, 8)));
    Value byLengths = g.raggedFromNestedRowLengths(seedValues(g), List.of(longs(g, 3, 0, 2), longs(g, 4, 0, 3, 1, 0)));
    Value byRowids = g.raggedFromNestedValueRowids(seedValues(g),
        List.of(longs(g, 0, 0, 0, 2, 2), longs(g, 0, 0, 0, 0, 2, 2, 2, 3)),
        java.util.Arrays.asList(null, g.index(DType.INT64, 5)), true);
    assertEquals(2, outer.raggedRank());
    assertEquals("ragged<int32, nvals=[5, 8]>[3, (None), (None)]", outer.type().toString());
    String expected = "[[[3, 1, 4, 1], [], [5, 9, 2]], [], [[6], []]]";
    List<Object> out = Harness.runEverywhere(g.build(outer, direct, byLengths, byRowids), Map.of());
    assertEquals(List.of(expected, expected, expected, expected), strings(out));
    assertEquals(List.of(List.of(List.of(3, 1, 4, 1), List.of(), List.of(5, 9, 2)), List.of(), List.of(List.of(6), List.of())),
        ((RaggedTensor) out.get(0)).toList());
  }

  @Test
  void uniformInnerDimensions_comeFromMultiDimensionalValues() {
    GraphBuilder g = new GraphBuilder();
    Value ones = g.constant(Tensor.of(DType.INT32, new int[] {1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1}, 5, 3));
    Value rt = g.raggedFromRowSplits(ones, longs(g, 0, 2, 5));
    assertEquals("(2, None, 3)", rt.shape());
    List<Object> out = Harness.runEverywhere(g.build(rt), Map.of());
    assertEquals("[[[1, 1, 1], [1, 1, 1]], [[1, 1, 1], [1, 1, 1], [1, 1, 1]]]", out.get(0).toString());
  }

  @Test
  void uniformOuterDimensions_fromUniformRowLength() {
    GraphBuilder g = new GraphBuilder();
    Value values = ragged(g, new int[] {1, 2, 3, 4, 5, 6, 7, 8, 9, 10}, 0, 3, 4, 6, 10);
    assertEquals("(4, None)", values.shape());
    assertEquals(1, values.raggedRank());
    Value rt6 = g.raggedFromUniformRowLength(values, 2);
    assertEquals("(2, 2, None)", rt6.shape());
    assertEquals(2, rt6.raggedRank(), "from_uniform_row_length adds a partition: ragged_rank 2");
    Value rt7 = g.raggedFromRowSplits(values, longs(g, 0, 2, 4));
    assertEquals("(2, None, None)", rt7.shape());
    assertTrue(values.uniformRowLength().isEmpty(), "rt1.uniform_row_length is None: rows are ragged");
    Value length = rt6.uniformRowLength().orElseThrow();
    assertEquals("tensor<int64>[]", length.type().toString());
    List<Object> out = Harness.runEverywhere(g.build(rt6, rt7, length), Map.of());
    assertEquals(List.of("[[[1, 2, 3], [4]], [[5, 6], [7, 8, 9, 10]]]", "[[[1, 2, 3], [4]], [[5, 6], [7, 8, 9, 10]]]", "2"),
        strings(out));
  }

  @Test
  void interleavedUniformAndRaggedPartitions_giveTheSeedsShape() {
    GraphBuilder g = new GraphBuilder();
    Value t0 = g.constant(Tensor.of(DType.FLOAT32, new float[2000], 1000, 2));
    long[] lengths160 = new long[160];
    for (int i = 0; i < 160; i++) {
      lengths160[i] = i < 40 ? 10 : 5; // 400 + 600 = 1000 values
    }
    Value t1 = g.raggedFromRowLengths(t0, longs(g, lengths160));
    assertEquals("(160, None, 2)", t1.shape());
    Value t2 = g.raggedFromUniformRowLength(t1, 8);
    assertEquals("(20, 8, None, 2)", t2.shape());
    Value t3 = g.raggedFromUniformRowLength(t2, 4);
    assertEquals("(5, 4, 8, None, 2)", t3.shape());
    Value t4 = g.raggedFromRowLengths(t3, longs(g, 2, 0, 3));
    assertEquals("(3, None, 4, 8, None, 2)", t4.shape());
    assertEquals("ragged<float32, nvals=[5, 20, 160, 1000]>[3, (None), 4, 8, (None), 2]", t4.type().toString());
    assertEquals(4, t4.raggedRank());
    List<Object> out = Harness.runEverywhere(g.build(t4.boundingShape(), t4.nestedRowLengths().get(1)), Map.of());
    assertEquals(List.of("[3, 3, 4, 8, 10, 2]", "[4, 4, 4, 4, 4]"), strings(out));
  }

  @Test
  void flatValuesAndNestedRowSplits_ofAFourDimensionalTensor() {
    // rt = tf.ragged.constant([[[[3, 1, 4, 1], [], [5, 9, 2]], [], [[6], []]]])
    GraphBuilder g = new GraphBuilder();
    Value rt = nested(g, new int[] {3, 1, 4, 1, 5, 9, 2, 6}, new long[] {0, 3}, new long[] {0, 3, 3, 5},
        new long[] {0, 4, 4, 7, 8, 8});
    List<Value> fetches = new ArrayList<>();
    fetches.add(rt.flatValues());
    fetches.addAll(rt.nestedRowSplits());
    fetches.addAll(rt.nestedValueRowids());
    fetches.addAll(rt.nestedRowLengths());
    List<Object> out = Harness.runEverywhere(g.build(fetches.toArray(Value[]::new)), Map.of());
    assertEquals(List.of("[3, 1, 4, 1, 5, 9, 2, 6]",
        "[0, 3]", "[0, 3, 3, 5]", "[0, 4, 4, 7, 8, 8]",
        "[0, 0, 0]", "[0, 0, 0, 2, 2]", "[0, 0, 0, 0, 2, 2, 2, 3]",
        "[3]", "[3, 0, 2]", "[4, 0, 3, 1, 0]"), strings(out));
    assertEquals(DType.INT32, out.get(0) instanceof Tensor t ? t.dtype() : null);
  }

  @Test
  void accessors_ofTheSeedsTensor() {
    // rt = tf.ragged.constant([[3, 1, 4, 1], [], [5, 9, 2], [6], []])
    GraphBuilder g = new GraphBuilder();
    Value rt = ragged(g, new int[] {3, 1, 4, 1, 5, 9, 2, 6}, 0, 4, 4, 7, 8, 8);
    assertEquals("tensor<int64>[6]", rt.rowSplits().type().toString());
    assertEquals("tensor<int64>[]", rt.nrows().type().toString());
    assertEquals(DType.INT32, rt.dtype());
    List<Object> out = Harness.runEverywhere(g.build(rt.values(), rt.rowSplits(), rt.rowStarts(), rt.rowLimits(),
        rt.valueRowids(), rt.nrows(), rt.rowLengths(), rt.nrows(DType.INT32)), Map.of());
    assertEquals(List.of("[3, 1, 4, 1, 5, 9, 2, 6]", "[0, 4, 4, 7, 8, 8]", "[0, 4, 4, 7, 8]", "[4, 4, 7, 8, 8]",
        "[0, 0, 0, 0, 2, 2, 2, 3]", "5", "[4, 0, 3, 1, 0]", "5"), strings(out));
    assertEquals(Tensor.scalar(DType.INT64, 5L), out.get(5));
    assertEquals(Tensor.scalar(DType.INT32, 5), out.get(7));
  }

  @Test
  void shapes_ofTwoRaggedConstants() {
    // tf.ragged.constant([[0], [1, 2]]).shape -> [2, None]
    // tf.ragged.constant([[[0, 1]], [[1, 2], [3, 4]]], ragged_rank=1).shape -> [2, None, 2]
    GraphBuilder g = new GraphBuilder();
    Value a = ragged(g, new int[] {0, 1, 2}, 0, 1, 3);
    Value b = g.raggedFromRowSplits(g.constant(Tensor.of(DType.INT32, new int[] {0, 1, 1, 2, 3, 4}, 3, 2)), longs(g, 0, 1, 3));
    assertEquals("(2, None)", a.shape());
    assertEquals("(2, None, 2)", b.shape());
    assertEquals(1, b.raggedRank());
  }

  @Test
  void rowLengths_alongEachAxis() {
    // rt = tf.ragged.constant([[[3, 1, 4], [1]], [], [[5, 9], [2]], [[6]], []])
    GraphBuilder g = new GraphBuilder();
    Value rt = nested(g, new int[] {3, 1, 4, 1, 5, 9, 2, 6}, new long[] {0, 2, 2, 4, 5, 5}, new long[] {0, 3, 4, 6, 7, 8});
    Value axis2 = rt.rowLengths(2);
    assertEquals("ragged<int64, nvals=[5]>[5, (None)]", axis2.type().toString());
    List<Object> out = Harness.runEverywhere(g.build(rt.rowLengths(), axis2, rt.rowLengths(0), rt.rowLengths(-1)), Map.of());
    assertEquals(List.of("[2, 0, 2, 1, 0]", "[[3, 1], [], [2, 1], [1], []]", "5", "[[3, 1], [], [2, 1], [1], []]"),
        strings(out));
  }

  @Test
  void rowLengths_alongADenseAxis_isRaggedToo() {
    GraphBuilder g = new GraphBuilder();
    Value rt = g.raggedFromRowSplits(g.constant(Tensor.of(DType.INT32, new int[15], 5, 3)), longs(g, 0, 2, 5));
    Value lengths = rt.rowLengths(2);
    assertEquals("ragged<int64, nvals=[5]>[2, (None)]", lengths.type().toString());
    assertEquals("[[3, 3], [3, 3, 3]]", Harness.runEverywhere(g.build(lengths), Map.of()).get(0).toString());
  }

  @Test
  void boundingShape_isTheSmallestDenseShape() {
    // rt = tf.ragged.constant([[1, 2, 3, 4], [5], [], [6, 7, 8, 9], [10]]); rt.bounding_shape() -> [5, 4]
    GraphBuilder g = new GraphBuilder();
    Value rt = ragged(g, new int[] {1, 2, 3, 4, 5, 6, 7, 8, 9, 10}, 0, 4, 5, 5, 9, 10);
    Value empty = ragged(g, new int[] {}, 0);
    List<Object> out = Harness.runEverywhere(g.build(rt.boundingShape(), rt.boundingShape(1, null),
        rt.boundingShape(-2, DType.INT32), empty.boundingShape()), Map.of());
    assertEquals(List.of("[5, 4]", "4", "5", "[0, 0]"), strings(out));
    assertEquals(Tensor.scalar(DType.INT32, 5), out.get(2));
  }

  @Test
  void withValues_withFlatValues_withRowSplitsDType_keepThePartitions() {
    GraphBuilder g = new GraphBuilder();
    Value rt = nested(g, new int[] {3, 1, 4, 1, 5, 9, 2, 6}, new long[] {0, 3, 3, 5}, new long[] {0, 4, 4, 7, 8, 8});
    Value withValues = rt.withValues(ragged(g, new int[] {1, 2, 3, 4, 5}, 0, 1, 1, 2, 4, 5));
    Value withFlat = rt.withFlatValues(g.constant(Tensor.ofFloats(8, 7, 6, 5, 4, 3, 2, 1)));
    Value int32 = rt.withRowSplitsDType(DType.INT32);
    assertEquals("ragged<float32, nvals=[5, 8]>[3, (None), (None)]", withFlat.type().toString());
    assertEquals("ragged<int32, splits=int32, nvals=[5, 8]>[3, (None), (None)]", int32.type().toString());
    List<Object> out = Harness.runEverywhere(g.build(withValues, withFlat, int32, int32.nestedRowSplits().get(1)), Map.of());
    assertEquals(List.of("[[[1], [], [2]], [], [[3, 4], [5]]]", "[[[8.0, 7.0, 6.0, 5.0], [], [4.0, 3.0, 2.0]], [], [[1.0], []]]",
        "[[[3, 1, 4, 1], [], [5, 9, 2]], [], [[6], []]]", "[0, 4, 4, 7, 8, 8]"), strings(out));
    assertEquals(Tensor.ofInts(0, 4, 4, 7, 8, 8), out.get(3));
  }
}
