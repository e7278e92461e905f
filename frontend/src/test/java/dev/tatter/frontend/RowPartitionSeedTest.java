package dev.tatter.frontend;

import static dev.tatter.frontend.SeedFixtures.longs;
import static dev.tatter.frontend.SeedFixtures.strings;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.runtime.DType;
import dev.tatter.runtime.RowPartition;
import dev.tatter.runtime.Tensor;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The printed examples of seed 003 ({@code tf.experimental.RowPartition}), and its encodings' static shapes. */
class RowPartitionSeedTest {
  private static final PartitionOptions DEFAULT = PartitionOptions.DEFAULT;

  @Test
  void fiveFactories_describeTheSamePartition() {
    GraphBuilder g = new GraphBuilder();
    Value p1 = g.partitionFromRowLengths(longs(g, 4, 0, 3, 1, 0));
    Value p2 = g.partitionFromRowSplits(longs(g, 0, 4, 4, 7, 8, 8));
    Value p3 = g.partitionFromRowStarts(longs(g, 0, 4, 4, 7, 8), g.index(DType.INT64, 8));
    Value p4 = g.partitionFromRowLimits(longs(g, 4, 4, 7, 8, 8));
    Value p5 = g.partitionFromValueRowids(longs(g, 0, 0, 0, 0, 2, 2, 2, 3), g.index(DType.INT64, 5));
    List<Value> ps = List.of(p1, p2, p3, p4, p5);
    for (Value p : ps) {
      assertEquals("partition<int64>[5, (None)]", p.type().toString().replace(", nvals=8", ""));
    }
    List<Object> out = Harness.runEverywhere(g.build(p1, p2, p3, p4, p5, p1.rowSplits(), p5.rowSplits()), Map.of());
    RowPartition expected = RowPartition.fromRowSplits(new long[] {0, 4, 4, 7, 8, 8}, DType.INT64, true);
    for (int i = 0; i < 5; i++) {
      assertEquals(expected, out.get(i), "p" + (i + 1));
    }
    assertEquals("[0, 4, 4, 7, 8, 8]", out.get(5).toString());
    assertEquals("[0, 4, 4, 7, 8, 8]", out.get(6).toString());
  }

  @Test
  void fromValueRowids_withNrows4_printsItsSplits() {
    // print(RowPartition.from_value_rowids(value_rowids=[0, 0, 0, 0, 2, 2, 2, 3], nrows=4))
    // tf.RowPartition(row_splits=[0 4 4 7 8])
    GraphBuilder g = new GraphBuilder();
    Value p = g.partitionFromValueRowids(new long[] {0, 0, 0, 0, 2, 2, 2, 3}, 4L, DEFAULT);
    assertEquals("partition<int64, nvals=8>[4, (None)]", p.type().toString());
    List<Object> out = Harness.runEverywhere(g.build(p, p.rowSplits()), Map.of());
    assertEquals("RowPartition(row_splits=[0, 4, 4, 7, 8], dtype=int64)", out.get(0).toString());
    assertEquals("[0, 4, 4, 7, 8]", out.get(1).toString());
  }

  @Test
  void fromValueRowids_withoutNrows_endsAtTheLastRowid() {
    GraphBuilder g = new GraphBuilder();
    Value p = g.partitionFromValueRowids(longs(g, 0, 0, 2, 2, 2, 3));
    Value empty = g.partitionFromValueRowids(longs(g));
    List<Object> out = Harness.runEverywhere(g.build(p.rowSplits(), p.nrows(), empty.nrows()), Map.of());
    assertEquals(List.of("[0, 2, 2, 5, 6]", "4", "0"), strings(out));
  }

  @Test
  void isUniform_isStatic_asInTheSeed() {
    // RowPartition.from_row_lengths([3,3,3]).is_uniform() == false
    // RowPartition.from_uniform_row_length(5, nvals=20).is_uniform() == true
    // RowPartition.from_row_lengths([2,0,2]).is_uniform() == false
    GraphBuilder g = new GraphBuilder();
    Value threes = g.partitionFromRowLengths(new long[] {3, 3, 3}, DEFAULT);
    Value uniform = g.partitionFromUniformRowLength(5, 20L, null, DEFAULT);
    Value ragged = g.partitionFromRowLengths(new long[] {2, 0, 2}, DEFAULT);
    assertFalse(threes.isUniform());
    assertTrue(uniform.isUniform());
    assertFalse(ragged.isUniform());
    assertEquals("partition<int64>[4, 5]", uniform.type().toString());
    assertTrue(threes.uniformRowLength().isEmpty(), "uniform_row_length is None unless the partition is uniform");
    Value length = uniform.uniformRowLength().orElseThrow();
    List<Object> out = Harness.runEverywhere(g.build(length, uniform.nrows(), uniform.rowSplits()), Map.of());
    assertEquals(List.of("5", "4", "[0, 5, 10, 15, 20]"), strings(out));
  }

  @Test
  void fromUniformRowLength_withNrowsOnly_derivesNvals() {
    GraphBuilder g = new GraphBuilder();
    Value p = g.partitionFromUniformRowLength(3, null, 2L, DEFAULT);
    assertEquals("partition<int64>[2, 3]", p.type().toString());
    List<Object> out = Harness.runEverywhere(g.build(p.nvals(), p.rowLengths()), Map.of());
    assertEquals(List.of("6", "[3, 3]"), strings(out));
  }

  @Test
  void fromUniformRowLength_zeroLength_hasNoRowsWithoutNrows() {
    GraphBuilder g = new GraphBuilder();
    Value p = g.partitionFromUniformRowLength(0, 0L, null, DEFAULT);
    List<Object> out = Harness.runEverywhere(g.build(p.nrows(), p.rowSplits()), Map.of());
    assertEquals(List.of("0", "[0]"), strings(out));
  }

  @Test
  void offsetsInRows_countsWithinEachRow() {
    // shape [*,*,*],[*,*],[],[*,*] -> 0,1,2,0,1,0,1
    GraphBuilder g = new GraphBuilder();
    Value p = g.partitionFromRowLengths(new long[] {3, 2, 0, 2}, DEFAULT);
    assertEquals("[0, 1, 2, 0, 1, 0, 1]", Harness.runEverywhere(g.build(p.offsetsInRows()), Map.of()).get(0).toString());
  }

  @Test
  void everyEncoding_ofOnePartition() {
    GraphBuilder g = new GraphBuilder();
    Value p = g.partitionFromRowSplits(longs(g, 0, 4, 4, 7, 8, 8));
    List<Object> out = Harness.runEverywhere(g.build(p.rowSplits(), p.rowLengths(), p.rowStarts(), p.rowLimits(),
        p.valueRowids(), p.nrows(), p.nvals(), p.offsetsInRows()), Map.of());
    assertEquals(List.of("[0, 4, 4, 7, 8, 8]", "[4, 0, 3, 1, 0]", "[0, 4, 4, 7, 8]", "[4, 4, 7, 8, 8]",
        "[0, 0, 0, 0, 2, 2, 2, 3]", "5", "8", "[0, 1, 2, 3, 0, 1, 2, 0]"), strings(out));
  }

  @Test
  void encodingShapes_followStaticNrowsAndNvals() {
    // row_lengths/row_starts/row_limits: [static_nrows]; row_splits: [static_nrows + 1]; value_rowids: [static_nvals]
    GraphBuilder g = new GraphBuilder();
    Value lengths = g.placeholder("lengths", Types.dense(DType.INT64, 5));
    Value p = g.partitionFromRowLengths(lengths);
    assertEquals("tensor<int64>[5]", p.rowLengths().type().toString());
    assertEquals("tensor<int64>[5]", p.rowStarts().type().toString());
    assertEquals("tensor<int64>[5]", p.rowLimits().type().toString());
    assertEquals("tensor<int64>[6]", p.rowSplits().type().toString());
    assertEquals("tensor<int64>[None]", p.valueRowids().type().toString());
    Value ids = g.placeholder("ids", Types.dense(DType.INT32, 8));
    Value q = g.partitionFromValueRowids(ids, g.index(DType.INT32, 5));
    assertEquals("tensor<int32>[8]", q.valueRowids().type().toString());
    assertEquals("tensor<int32>[8]", q.offsetsInRows().type().toString());
    assertEquals("tensor<int32>[6]", q.rowSplits().type().toString());
    assertEquals("tensor<int32>[]", q.nrows().type().toString());
    Value unknown = g.partitionFromRowSplits(g.placeholder("splits", Types.dense(DType.INT64, -1)));
    assertEquals("tensor<int64>[None]", unknown.rowSplits().type().toString());
    assertEquals("tensor<int64>[None]", unknown.rowLengths().type().toString());
    List<Object> out = Harness.runEverywhere(g.build(p.rowLimits(), q.valueRowids()),
        Map.of("lengths", Tensor.ofLongs(1, 0, 2, 0, 0), "ids", Tensor.ofInts(0, 0, 1, 1, 1, 2, 4, 4)));
    assertEquals(List.of("[1, 1, 3, 3, 3]", "[0, 0, 1, 1, 1, 2, 4, 4]"), strings(out));
  }

  @Test
  void dtype_int32OnRequest_byDTypeHintDTypeAndWithDType() {
    GraphBuilder g = new GraphBuilder();
    Value hinted = g.partitionFromRowLengths(new long[] {2, 1}, DEFAULT.withDTypeHint(DType.INT32));
    Value converted = g.partitionFromRowLengths(longs(g, 2, 1), DEFAULT.withDType(DType.INT32));
    Value hintIgnored = g.partitionFromRowLengths(longs(g, 2, 1), DEFAULT.withDTypeHint(DType.INT32));
    Value withDType = g.partitionFromRowLengths(longs(g, 2, 1)).withDType(DType.INT32);
    assertEquals(DType.INT32, hinted.dtype());
    assertEquals(DType.INT32, converted.dtype());
    assertEquals(DType.INT64, hintIgnored.dtype(), "dtype_hint only applies to Java arrays, as TF applies it to lists");
    assertEquals(DType.INT32, withDType.dtype());
    List<Object> out = Harness.runEverywhere(g.build(hinted.rowSplits(), converted.rowSplits(), withDType.valueRowids()), Map.of());
    assertEquals(List.of(Tensor.ofInts(0, 2, 3), Tensor.ofInts(0, 2, 3), Tensor.ofInts(0, 0, 1)), out);
  }
}
