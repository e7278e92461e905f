package dev.tatter.frontend;

import static dev.tatter.frontend.SeedFixtures.longs;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.ir.Graph;
import dev.tatter.ir.GraphBuildException;
import dev.tatter.ir.ops.PartitionEncodingOps;
import dev.tatter.optimizer.PassManager;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.RowPartition;
import dev.tatter.runtime.Tensor;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * Every check {@code validate} makes, each bad feed, and each build-time misuse of the partition
 * factories, with its message. Run-time failures are asserted through both the interpreter and
 * compiled bytecode, which must agree on the message.
 */
class PartitionValidationTest {

  /** Builds {@code factory(placeholder "x")}, feeds x and returns the run's error message. */
  private static String failure(String op, Function<Value, Value> factory, Tensor x) {
    GraphBuilder g = new GraphBuilder();
    Value p = factory.apply(g.placeholder("x", Types.dense(x.dtype(), -1)));
    Graph graph = g.build(p.rowSplits());
    String message = runFailure(graph, Map.of("x", x));
    assertTrue(message.contains("(" + op + ") at PartitionValidationTest.java:"), message);
    return message.substring(message.indexOf(": ") + 2);
  }

  static String runFailure(Graph graph, Map<String, ?> feeds) {
    String interpreted;
    try (Session s = new Session(graph, PassManager.DEFAULT_PIPELINE, Session.Backend.INTERPRETED)) {
      interpreted = assertThrows(InvalidArgumentException.class, () -> s.run(feeds, graph.outputs())).getMessage();
    }
    try (Session s = new Session(graph)) {
      String compiled = assertThrows(InvalidArgumentException.class, () -> s.run(feeds, graph.outputs())).getMessage();
      assertEquals(interpreted, compiled, "interpreter and bytecode must fail alike");
    }
    return interpreted;
  }

  @Test
  void rowSplits_mustStartAtZeroAndNeverDecrease() {
    assertEquals("row_splits[0]=1 must be 0",
        failure("partition_from_row_splits", x -> x.builder().partitionFromRowSplits(x), Tensor.ofLongs(1, 2)));
    assertEquals("row_splits must be non-decreasing: row_splits[3]=2 < row_splits[2]=5",
        failure("partition_from_row_splits", x -> x.builder().partitionFromRowSplits(x), Tensor.ofLongs(0, 4, 5, 2)));
    assertEquals("row_splits must have at least one element (got none)",
        failure("partition_from_row_splits", x -> x.builder().partitionFromRowSplits(x), Tensor.ofLongs()));
  }

  @Test
  void rowLengths_mustNotBeNegative() {
    assertEquals("row_lengths[2]=-1 must be >= 0",
        failure("partition_from_row_lengths", x -> x.builder().partitionFromRowLengths(x), Tensor.ofLongs(4, 0, -1, 2)));
  }

  @Test
  void rowStarts_mustStartAtZero_neverDecrease_andNotPassNvals() {
    Function<Value, Value> eight = x -> x.builder().partitionFromRowStarts(x, x.builder().index(DType.INT64, 8));
    assertEquals("row_starts[0]=1 must be 0", failure("partition_from_row_starts", eight, Tensor.ofLongs(1, 4)));
    assertEquals("row_starts must be non-decreasing: row_starts[2]=3 < row_starts[1]=4",
        failure("partition_from_row_starts", eight, Tensor.ofLongs(0, 4, 3)));
    assertEquals("nvals=8 must be >= row_starts[2]=9", failure("partition_from_row_starts", eight, Tensor.ofLongs(0, 4, 9)));
    assertEquals("nvals=8 must be 0 when row_starts is empty", failure("partition_from_row_starts", eight, Tensor.ofLongs()));
  }

  @Test
  void rowLimits_mustNotBeNegativeNorDecrease() {
    Function<Value, Value> limits = x -> x.builder().partitionFromRowLimits(x);
    assertEquals("row_limits[0]=-2 must be >= 0", failure("partition_from_row_limits", limits, Tensor.ofLongs(-2, 4)));
    assertEquals("row_limits must be non-decreasing: row_limits[2]=1 < row_limits[1]=4",
        failure("partition_from_row_limits", limits, Tensor.ofLongs(0, 4, 1)));
  }

  @Test
  void valueRowids_mustBeSortedNonNegativeAndBelowNrows() {
    Function<Value, Value> five = x -> x.builder().partitionFromValueRowids(x, x.builder().index(DType.INT32, 5));
    String op = "partition_from_value_rowids";
    assertEquals("value_rowids[0]=-1 must be >= 0", failure(op, five, Tensor.ofInts(-1, 0, 2)));
    assertEquals("value_rowids must be sorted: value_rowids[3]=0 < value_rowids[2]=2", failure(op, five, Tensor.ofInts(0, 0, 2, 0)));
    assertEquals("value_rowids[3]=5 must be < nrows=5", failure(op, five, Tensor.ofInts(0, 0, 2, 5)));
  }

  @Test
  void nrows_mustNotBeNegative() {
    GraphBuilder g = new GraphBuilder();
    Value p = g.partitionFromValueRowids(longs(g, 0, 1), g.placeholder("n", Types.dense(DType.INT64)));
    Graph graph = g.build(p.rowSplits());
    assertTrue(runFailure(graph, Map.of("n", Tensor.scalar(DType.INT64, -3L))).endsWith(": nrows=-3 must be >= 0"));
  }

  @Test
  void valueRowidsOutOfRange_failEvenWithoutValidate() {
    Function<Value, Value> unchecked = x -> x.builder().partitionFromValueRowids(x, x.builder().index(DType.INT64, 3),
        PartitionOptions.DEFAULT.withValidate(false));
    assertEquals("value_rowids[1]=7 is not a row in [0, 3)",
        failure("partition_from_value_rowids", unchecked, Tensor.ofLongs(0, 7)));
  }

  @Test
  void validateFalse_skipsTheChecks() {
    GraphBuilder g = new GraphBuilder();
    PartitionOptions noChecks = PartitionOptions.DEFAULT.withValidate(false);
    Value unsorted = g.partitionFromValueRowids(g.placeholder("ids", Types.dense(DType.INT64, -1)),
        g.index(DType.INT64, 3), noChecks);
    Value offByOne = g.partitionFromUniformRowLength(g.index(DType.INT64, 2), g.placeholder("nvals", Types.dense(DType.INT64)),
        g.index(DType.INT64, 2), noChecks);
    List<Object> out = Harness.runEverywhere(g.build(unsorted.rowSplits(), offByOne.rowSplits()),
        Map.of("ids", Tensor.ofLongs(2, 0, 2), "nvals", Tensor.scalar(DType.INT64, 5L)));
    // unchecked rowids are counted per row, as TF's bincount-based conversion does
    assertEquals(List.of(Tensor.ofLongs(0, 1, 1, 3), Tensor.ofLongs(0, 2, 4)), out);
  }

  @Test
  void uniformRowLength_mustNotBeNegative_andFillNvalsExactly() {
    GraphBuilder g = new GraphBuilder();
    Value length = g.placeholder("len", Types.dense(DType.INT64));
    Value nvals = g.placeholder("nvals", Types.dense(DType.INT64));
    Value p = g.partitionFromUniformRowLength(length, nvals, null, PartitionOptions.DEFAULT);
    Graph graph = g.build(p.rowSplits());
    String negative = runFailure(graph, Map.of("len", Tensor.scalar(DType.INT64, -2L), "nvals", Tensor.scalar(DType.INT64, 4L)));
    assertTrue(negative.endsWith("(partition_from_uniform_row_length) at PartitionValidationTest.java:" + p.node().location().line()
        + ": uniform_row_length=-2 must be >= 0"), negative);
    String uneven = runFailure(graph, Map.of("len", Tensor.scalar(DType.INT64, 2L), "nvals", Tensor.scalar(DType.INT64, 5L)));
    assertTrue(uneven.endsWith(": uniform_row_length=2 times nrows=2 must equal nvals=5"), uneven);
  }

  @Test
  void raggedValues_mustMatchThePartitionsNvals() {
    GraphBuilder g = new GraphBuilder();
    Value rt = g.raggedFromRowLengths(g.placeholder("v", Types.dense(DType.INT32, -1)), longs(g, 2, 3));
    String message = runFailure(g.build(rt), Map.of("v", Tensor.ofInts(1, 2, 3, 4)));
    assertTrue(message.endsWith("(ragged) at PartitionValidationTest.java:" + rt.node().location().line()
        + ": the partition covers 5 values but values has 4 rows (row_splits[-1] must equal nrows(values))"), message);
  }

  @Test
  void narrowingToInt32_thatOverflows_isAnError() {
    GraphBuilder g = new GraphBuilder();
    Value wide = g.partitionFromUniformRowLength(3_000_000_000L, null, 0L, PartitionOptions.DEFAULT);
    Value narrow = wide.withDType(DType.INT32);
    String message = runFailure(g.build(narrow.rowSplits()), Map.of());
    assertTrue(message.contains("(partition_with_dtype) at PartitionValidationTest.java:"), message);
    assertTrue(message.endsWith(": uniform_row_length=3000000000 does not fit int32 row splits"), message);
    GraphBuildException literal = assertThrows(GraphBuildException.class,
        () -> g.partitionFromRowLengths(new long[] {1, 3_000_000_000L}, PartitionOptions.DEFAULT.withDTypeHint(DType.INT32)));
    assertTrue(literal.getMessage().endsWith("value 3000000000 at index 1 does not fit int32"), literal.getMessage());
  }

  @Test
  void feeds_thatDoNotFitTheStaticType_areRefused() {
    GraphBuilder g = new GraphBuilder();
    Value uniform = g.placeholder("p", Types.parse("partition<int64>[None, 2]"));
    Value lengths = g.placeholder("lengths", Types.dense(DType.INT64, 3));
    Graph graph = g.build(uniform.rowLengths(), g.partitionFromRowLengths(lengths).rowSplits());
    RowPartition ragged = RowPartition.fromRowSplits(new long[] {0, 2, 3}, DType.INT64, true);
    String notUniform = runFailure(graph, Map.of("p", ragged, "lengths", Tensor.ofLongs(1, 2, 3)));
    assertTrue(notUniform.endsWith("does not match its type partition<int64>[None, 2]: row 1 has length 1 but the partition "
        + "is uniform with length 2"), notUniform);
    GraphBuilder narrow = new GraphBuilder();
    Value p32 = narrow.placeholder("p", Types.parse("partition<int32>[None, 2]"));
    RowPartition int64 = RowPartition.fromRowSplits(new long[] {0, 2, 4}, DType.INT64, true);
    String dtype = runFailure(narrow.build(p32.rowLengths()), Map.of("p", int64));
    assertTrue(dtype.endsWith(": row splits dtype int64 instead of int32"), dtype);
    RowPartition good = RowPartition.fromRowSplits(new long[] {0, 2, 4}, DType.INT64, true);
    String shape = runFailure(graph, Map.of("p", good, "lengths", Tensor.ofLongs(1, 2)));
    assertTrue(shape.endsWith(": shape [2] instead of [3]"), shape);
  }

  @Test
  void buildTimeMisuse_namesTheCallSite() {
    GraphBuilder g = new GraphBuilder();
    String here = "at PartitionValidationTest.java:";
    GraphBuildException dtypes = assertThrows(GraphBuildException.class,
        () -> g.partitionFromValueRowids(g.indices(DType.INT32, 0, 1), g.index(DType.INT64, 2)));
    assertTrue(dtypes.getMessage().contains(here), dtypes.getMessage());
    assertTrue(dtypes.getMessage().endsWith("operand 'nrows' must have the partition's dtype int32, got int64"), dtypes.getMessage());
    GraphBuildException negative = assertThrows(GraphBuildException.class,
        () -> g.partitionFromValueRowids(longs(g, 0), g.index(DType.INT64, -1)));
    assertTrue(negative.getMessage().endsWith("nrows=-1 must be >= 0"), negative.getMessage());
    GraphBuildException uneven = assertThrows(GraphBuildException.class,
        () -> g.partitionFromUniformRowLength(2, 5L, 3L, PartitionOptions.DEFAULT));
    assertTrue(uneven.getMessage().endsWith("uniform_row_length=2 times nrows=3 must equal nvals=5"), uneven.getMessage());
    GraphBuildException neither = assertThrows(GraphBuildException.class,
        () -> g.partitionFromUniformRowLength(2, null, null, PartitionOptions.DEFAULT));
    assertTrue(neither.getMessage().startsWith("from_uniform_row_length " + here), neither.getMessage());
    assertTrue(neither.getMessage().endsWith("either (or both) of nvals and nrows must be given"), neither.getMessage());
    Value ragged = g.partitionFromRowLengths(longs(g, 1, 2));
    GraphBuildException notUniform = assertThrows(GraphBuildException.class,
        () -> g.op(PartitionEncodingOps.UNIFORM_ROW_LENGTH, Map.of(), ragged));
    assertTrue(notUniform.getMessage().contains("the partition is not uniform"), notUniform.getMessage());
    Value splits32 = g.indices(DType.INT32, 0, 1, 3);
    Value inner = g.raggedFromRowSplits(g.constant(Tensor.ofInts(1, 2, 3)), longs(g, 0, 1, 3));
    GraphBuildException mixed = assertThrows(GraphBuildException.class, () -> g.raggedFromRowSplits(inner, splits32));
    assertTrue(mixed.getMessage().contains("row splits dtypes differ: the partition has int32, the ragged values int64"),
        mixed.getMessage());
    GraphBuildException axis = assertThrows(GraphBuildException.class, () -> inner.rowLengths(2));
    assertTrue(axis.getMessage().startsWith("row_lengths: axis 2 is out of range for rank 2 " + here), axis.getMessage());
    GraphBuildException nrowsCount = assertThrows(GraphBuildException.class,
        () -> g.raggedFromNestedValueRowids(g.constant(Tensor.ofInts(1)), List.of(longs(g, 0)), List.of(), true));
    assertTrue(nrowsCount.getMessage().endsWith("nested_nrows has 0 entries but nested_value_rowids has 1"), nrowsCount.getMessage());
    GraphBuildException floatSplits = assertThrows(GraphBuildException.class,
        () -> g.partitionFromRowLengths(g.constant(Tensor.ofFloats(1f))));
    assertTrue(floatSplits.getMessage().endsWith("operand 'row_lengths' must have dtype [int32, int64], got float32"),
        floatSplits.getMessage());
  }
}
