package dev.tatter.spark;

import static dev.tatter.spark.TatterTransformerTest.byId;
import static dev.tatter.spark.TatterTransformerTest.frame;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.functions;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** On local[2]: nullPolicy "propagate" (and "empty"), the new columns' order, and how a failing row is named. */
class NullsOrderAndRowErrorsTest {
  static SparkSession spark;

  @BeforeAll
  static void start() {
    spark = SparkTestSession.start();
  }

  /** Fetches depending on a, on b, on a and b, on c (a dense column of a width the type leaves unknown). */
  static final String GRAPH = """
      %a = placeholder() : ragged<int32>[None, (None)]
      %b = placeholder() : tensor<float32>[None]
      %c = placeholder() : tensor<int64>[None, None]
      %s = reduce_sum(%a) {axis = [1]} : tensor<int32>[None]
      %m = reduce_max(%a) {axis = [1]} : tensor<int32>[None]
      %bb = mul(%b, %b) : tensor<float32>[None]
      %sf = cast(%s) {dtype = float32} : tensor<float32>[None]
      %mix = add(%sf, %b) : tensor<float32>[None]
      %cs = reduce_sum(%c) {axis = [1]} : tensor<int64>[None]
      return %s, %m, %bb, %mix, %cs
      """;

  static final StructType SCHEMA = new StructType().add("id", DataTypes.IntegerType, false)
      .add("a", DataTypes.createArrayType(DataTypes.IntegerType), true).add("b", DataTypes.FloatType, true)
      .add("c", DataTypes.createArrayType(DataTypes.LongType), true);

  /** Two partitions of four rows: partition 0 starts with a null c (its width not yet known), partition 1 is all null. */
  static final List<Row> ROWS = List.of(
      RowFactory.create(0, List.of(1, 2), 1.5f, null),
      RowFactory.create(1, null, 2f, List.of(1L, 2L, 3L)),
      RowFactory.create(2, List.of(), null, List.of(4L, 5L, 6L)),
      RowFactory.create(3, List.of(7), 3f, null),
      RowFactory.create(4, null, null, null),
      RowFactory.create(5, List.of(5, 5), 0.5f, List.of(1L, 1L)),
      RowFactory.create(6, List.of(-1), null, null),
      RowFactory.create(7, null, 4f, List.of(2L, 2L)));

  static TatterTransformer stage(NullPolicy policy) {
    return new TatterTransformer().setGraph(GRAPH).setInputs(Map.of("a", "a", "b", "b", "c", "c"))
        .setOutputs(List.of("mix", "s", "cs", "bb", "m"), List.of("mix", "s", "cs", "bb", "m"))
        .setNullPolicy(policy).setBatchSize(16);
  }

  @Test
  void propagate_aNullRowGivesNullInTheColumnsThatDependOnIt_andOnlyThose() {
    Dataset<Row> result = stage(NullPolicy.PROPAGATE).transform(frame(SCHEMA, ROWS, 2));
    for (String column : List.of("mix", "s", "cs", "bb", "m")) {
      assertTrue(result.schema().apply(column).nullable(), column);
    }
    Map<Integer, Row> out = byId(result);
    // expected values: tf.reduce_sum / reduce_max over the row, b * b, float(sum) + b, row sums of c
    Object[][] expected = {
        // mix, s, cs, bb, m
        {4.5f, 3, null, 2.25f, 2},
        {null, null, 6L, 4f, null},
        {null, 0, 15L, null, Integer.MIN_VALUE},   // tf.reduce_max of an empty int32 row: -2147483648
        {10f, 7, null, 9f, 7},
        {null, null, null, null, null},
        {10.5f, 10, 2L, 0.25f, 5},
        {null, -1, null, null, -1},
        {null, null, 4L, 16f, null}};
    List<String> columns = List.of("mix", "s", "cs", "bb", "m");
    for (int id = 0; id < expected.length; id++) {
      Row row = out.get(id);
      for (int k = 0; k < columns.size(); k++) {
        assertEquals(expected[id][k], row.get(row.fieldIndex(columns.get(k))), "row " + id + " " + columns.get(k));
      }
    }
  }

  @Test
  void empty_readsANullArrayAsEmpty_itsOutputsAreNotNull() {
    StructType arraysOnly = new StructType().add("id", DataTypes.IntegerType, false)
        .add("a", DataTypes.createArrayType(DataTypes.IntegerType), true);
    String graph = """
        %a = placeholder() : ragged<int32>[None, (None)]
        %s = reduce_sum(%a) {axis = [1]} : tensor<int32>[None]
        %m = reduce_max(%a) {axis = [1]} : tensor<int32>[None]
        return %s, %m
        """;
    TatterTransformer stage = new TatterTransformer().setGraph(graph).setInputs(Map.of("a", "a"))
        .setOutputs(List.of("s", "m"), List.of("s", "m")).setNullPolicy(NullPolicy.EMPTY);
    Dataset<Row> result = stage.transform(frame(arraysOnly, List.of(RowFactory.create(0, null),
        RowFactory.create(1, List.of(3, 4))), 1));
    assertTrue(!result.schema().apply("m").nullable());
    Map<Integer, Row> out = byId(result);
    // tf.reduce_sum / tf.reduce_max of tf.ragged.constant([[], [3, 4]], tf.int32), axis=1 -> [0, 7] / [-2147483648, 4]
    assertEquals(List.of(0, Integer.MIN_VALUE), List.of(out.get(0).getInt(2), out.get(0).getInt(3)));
    assertEquals(List.of(7, 4), List.of(out.get(1).getInt(2), out.get(1).getInt(3)));
  }

  @Test
  void newColumnsComeInTheOrderGiven() {
    Dataset<Row> result = stage(NullPolicy.PROPAGATE).transform(frame(SCHEMA, ROWS.subList(0, 2), 1));
    assertEquals(List.of("id", "a", "b", "c", "mix", "s", "cs", "bb", "m"),
        Arrays.stream(result.schema().fields()).map(StructField::name).toList());
    Row first = result.collectAsList().get(0);
    assertEquals(4.5f, first.get(4));
    assertEquals(3, first.get(5));
  }

  static final String LOOKUP = TatterTransformerTest.LOOKUP;

  static final StructType IDS = new StructType().add("id", DataTypes.IntegerType, false)
      .add("ids", DataTypes.createArrayType(DataTypes.LongType), true);

  /** Nine rows in three partitions; row 7 (the second of partition 2) has an index past the table. */
  static Dataset<Row> badRowInPartitionTwo() {
    List<Row> rows = new java.util.ArrayList<>();
    for (int i = 0; i < 9; i++) {
      rows.add(RowFactory.create(i, i == 7 ? List.of(2L, 9L) : List.of(1L, 3L)));
    }
    return frame(IDS, rows, 3);
  }

  static RowFailure rowFailure(Throwable thrown) {
    for (Throwable t = thrown; t != null; t = t.getCause()) {
      if (t instanceof RowFailure f) {
        return f;
      }
    }
    throw new AssertionError("no RowFailure in the cause chain", thrown);
  }

  @Test
  void aFailingRowIsNamedByItsMonotonicallyIncreasingId_inOneLineWithoutAStackTrace() {
    Dataset<Row> input = badRowInPartitionTwo();
    TatterTransformer lookup = new TatterTransformer().setGraph(LOOKUP).setInputs(Map.of("ids", "ids"))
        .setOutputs(List.of("emb"), List.of("emb")).setBatchSize(2);
    Exception e = assertThrows(Exception.class, () -> lookup.transform(input).collect());
    RowFailure failure = rowFailure(e);
    long id = (2L << 33) + 1; // monotonically_increasing_id: partition 2 in the upper bits, the row's place in it below
    assertEquals("spark: row " + id + " (monotonically_increasing_id()) fails the graph with column ids as %ids = [2, 9]:"
        + " %g (gather) at graph:5:1: indices[1] = 9 is not in [0, 4)", failure.getMessage());
    assertEquals(0, failure.getStackTrace().length);
    assertNull(failure.getCause());
    // the id finds the row again, as the message says
    Row found = input.withColumn("row_id", functions.monotonically_increasing_id()).where("row_id = " + id).first();
    assertEquals(7, found.getInt(0));
  }

  @Test
  void aRowKeyColumnNamesTheRowByItsValue() {
    TatterTransformer lookup = new TatterTransformer().setGraph(LOOKUP).setInputs(Map.of("ids", "ids"))
        .setOutputs(List.of("emb"), List.of("emb")).setRowKeyColumn("id");
    Exception e = assertThrows(Exception.class, () -> lookup.transform(badRowInPartitionTwo()).collect());
    assertTrue(rowFailure(e).getMessage().startsWith("spark: row id = 7 fails the graph with column ids as %ids = [2, 9]:"),
        rowFailure(e).getMessage());
    List<Row> nullRow = List.of(RowFactory.create(41, List.of(1L)), RowFactory.create(42, null));
    e = assertThrows(Exception.class, () -> lookup.transform(frame(IDS, nullRow, 2)).collect());
    assertEquals("spark: column ids in row id = 42 is null (a ragged tensor has no null rows; nullPolicy \"empty\" reads it"
        + " as an empty row, \"propagate\" gives NULL outputs)", rowFailure(e).getMessage());
    String refusal = assertThrows(IllegalArgumentException.class,
        () -> lookup.setRowKeyColumn("nope").transformSchema(IDS)).getMessage();
    assertEquals("spark: no row key column nope in the DataFrame; its columns: [id, ids]", refusal);
  }
}
