package dev.tatter.spark;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.spark.api.java.function.FlatMapFunction;
import org.apache.spark.rdd.RDD;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.UnsafeProjection;
import org.apache.spark.sql.catalyst.expressions.UnsafeRow;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * On local[2]: the columnar path (an array in Spark's binary form read and written in bulk, strings
 * as bytes) and the row path (every element through Spark's getters, generic arrays written) give
 * the same output rows bit for bit, over every dtype that has a bulk path, nested arrays, empty
 * arrays and strings, non-ASCII text, NaNs with payloads, signed zeros and null rows; and what
 * passes through the graph unchanged comes out as it went in.
 */
class ColumnarPathTest {
  static SparkSession spark;

  @BeforeAll
  static void start() {
    spark = SparkTestSession.start();
  }

  static final String GRAPH = """
      %i = placeholder() : ragged<int32>[None, (None)]
      %f = placeholder() : ragged<float32>[None, (None)]
      %d = placeholder() : ragged<float64>[None, (None), (None)]
      %l = placeholder() : tensor<int64>[None, 3]
      %s = placeholder() : ragged<string>[None, (None)]
      %z = placeholder() : ragged<bool>[None, (None)]
      %h = placeholder() : ragged<int16>[None, (None)]
      %y = placeholder() : ragged<int8>[None, (None)]
      %w = placeholder() : tensor<string>[None]
      %u = placeholder() : ragged<uint8>[None, (None)]
      %fv = values(%f) : tensor<float32>[None]
      %fp = partition(%f) : partition<int64>[None, (None)]
      %two = constant() {value = tensor<float32>[] 2.0} : tensor<float32>[]
      %f2v = mul(%fv, %two) : tensor<float32>[None]
      %f2 = ragged(%f2v, %fp) : ragged<float32>[None, (None)]
      %sv = values(%s) : tensor<string>[None]
      %sp = partition(%s) : partition<int64>[None, (None)]
      %suv = string_upper(%sv) : tensor<string>[None]
      %su = ragged(%suv, %sp) : ragged<string>[None, (None)]
      return %i, %f, %d, %l, %s, %z, %h, %y, %w, %u, %f2, %su
      """;
  static final List<String> PASSED = List.of("i", "f", "d", "l", "s", "z", "h", "y", "w", "u");

  static final StructType SCHEMA = new StructType().add("id", DataTypes.IntegerType, false)
      .add("i", DataTypes.createArrayType(DataTypes.IntegerType), true)
      .add("f", DataTypes.createArrayType(DataTypes.FloatType), true)
      .add("d", DataTypes.createArrayType(DataTypes.createArrayType(DataTypes.DoubleType)), true)
      .add("l", DataTypes.createArrayType(DataTypes.LongType), true)
      .add("s", DataTypes.createArrayType(DataTypes.StringType), true)
      .add("z", DataTypes.createArrayType(DataTypes.BooleanType), true)
      .add("h", DataTypes.createArrayType(DataTypes.ShortType), true)
      .add("y", DataTypes.createArrayType(DataTypes.ByteType), true)
      .add("w", DataTypes.StringType, true)
      .add("u", DataTypes.createArrayType(DataTypes.ShortType), true);

  static final float[] FLOATS = {0f, -0f, 1.5f, Float.NaN, Float.intBitsToFloat(0x7fc0_0123), Float.intBitsToFloat(0xffa0_0001),
      Float.POSITIVE_INFINITY, Float.MIN_VALUE, -3.25e38f};
  static final String[] WORDS = {"", "a", "Hello", "héllo", "日本語", "ß", "x".repeat(70), "tab\there"};

  static List<Row> rows(int n, long seed) {
    Random r = new Random(seed);
    List<Row> rows = new ArrayList<>();
    for (int row = 0; row < n; row++) {
      int id = row;
      rows.add(RowFactory.create(id,
          maybeNull(r, () -> list(r, () -> r.nextInt())),
          maybeNull(r, () -> list(r, () -> FLOATS[r.nextInt(FLOATS.length)])),
          maybeNull(r, () -> list(r, () -> list(r, () -> r.nextBoolean() ? -0.0 : Double.longBitsToDouble(r.nextLong())))),
          maybeNull(r, () -> List.of(r.nextLong(), Long.MIN_VALUE, (long) id)),
          maybeNull(r, () -> list(r, () -> WORDS[r.nextInt(WORDS.length)])),
          maybeNull(r, () -> list(r, r::nextBoolean)),
          maybeNull(r, () -> list(r, () -> (short) r.nextInt())),
          maybeNull(r, () -> list(r, () -> (byte) r.nextInt())),
          maybeNull(r, () -> WORDS[r.nextInt(WORDS.length)]),
          maybeNull(r, () -> list(r, () -> (short) r.nextInt(256)))));
    }
    return rows;
  }

  static <T> List<T> list(Random r, java.util.function.Supplier<T> element) {
    int n = r.nextInt(6) == 0 ? 0 : r.nextInt(9);
    List<T> out = new ArrayList<>();
    for (int k = 0; k < n; k++) {
      out.add(element.get());
    }
    return out;
  }

  static Object maybeNull(Random r, java.util.function.Supplier<Object> value) {
    return r.nextInt(12) == 0 ? null : value.get();
  }

  /** The output rows as Spark's binary rows (bytes), in partition order. */
  static List<byte[]> run(RDD<InternalRow> input, StructType output, boolean bulk) {
    List<String> fetches = new ArrayList<>(PASSED);
    fetches.addAll(List.of("f2", "su"));
    PartitionRunner runner = new PartitionRunner(GRAPH, SCHEMA, PASSED, PASSED, fetches,
        fetches.stream().map(f -> f + "_out").toList(), 7, NullPolicy.PROPAGATE, "", bulk);
    FlatMapFunction<Iterator<InternalRow>, byte[]> toBytes = rows -> {
      UnsafeProjection project = UnsafeProjection.create(output);
      List<byte[]> out = new ArrayList<>();
      rows.forEachRemaining(row -> out.add(project.apply(row).getBytes()));
      return out.iterator();
    };
    return input.toJavaRDD().mapPartitions(runner).mapPartitions(toBytes).collect();
  }

  @Test
  void bulkAndElementByElementGiveTheSameRows_andPassThroughValuesUnchanged() {
    Dataset<Row> input = TatterTransformerTest.frame(SCHEMA, rows(300, 5), 3);
    TatterTransformer stage = new TatterTransformer().setGraph(GRAPH).setNullPolicy(NullPolicy.PROPAGATE);
    List<String> fetches = new ArrayList<>(PASSED);
    fetches.addAll(List.of("f2", "su"));
    stage.setInputs(PASSED.stream().collect(java.util.stream.Collectors.toMap(c -> c, c -> c)))
        .setOutputs(fetches, fetches.stream().map(f -> f + "_out").toList());
    StructType output = stage.transformSchema(SCHEMA);
    RDD<InternalRow> internal = ((org.apache.spark.sql.classic.Dataset<Row>) input).queryExecution().toRdd();

    List<byte[]> bulk = run(internal, output, true);
    List<byte[]> perElement = run(internal, output, false);
    assertEquals(300, bulk.size());
    assertEquals(300, perElement.size());
    int nulls = 0;
    for (int r = 0; r < bulk.size(); r++) {
      assertArrayEquals(perElement.get(r), bulk.get(r), "row " + r);
      UnsafeRow row = new UnsafeRow(output.size());
      row.pointTo(bulk.get(r), bulk.get(r).length);
      for (String column : PASSED) {
        int in = output.fieldIndex(column);
        int out = output.fieldIndex(column + "_out");
        assertEquals(row.isNullAt(in), row.isNullAt(out), "row " + r + " " + column);
        if (row.isNullAt(in)) {
          nulls++;
        } else if (column.equals("w")) {
          assertEquals(row.getUTF8String(in), row.getUTF8String(out), "row " + r + " " + column);
        } else {
          assertEquals(row.getArray(in), row.getArray(out), "row " + r + " " + column); // the bytes of Spark's arrays
        }
      }
    }
    assertTrue(nulls > 150, "null rows: " + nulls);
    Map<Integer, Row> byId = TatterTransformerTest.byId(stage.transform(input));
    // tf.strings.upper(["héllo", "日本語", "ß"]) -> [b'H\xc3\xa9LLO', b'\xe6\x97\xa5\xe6\x9c\xac\xe8\xaa\x9e', b'\xc3\x9f']:
    // ASCII letters only, the other bytes unchanged
    for (Row row : byId.values()) {
      if (!row.isNullAt(row.fieldIndex("s"))) {
        List<String> upper = row.getList(row.fieldIndex("su_out"));
        List<String> words = row.getList(row.fieldIndex("s"));
        for (int k = 0; k < words.size(); k++) {
          String w = words.get(k);
          StringBuilder ascii = new StringBuilder();
          w.chars().forEach(c -> ascii.append(c < 128 ? Character.toUpperCase((char) c) : (char) c));
          assertEquals(ascii.toString(), upper.get(k));
        }
      }
    }
  }
}
