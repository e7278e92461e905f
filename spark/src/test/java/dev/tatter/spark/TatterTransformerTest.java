package dev.tatter.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.frontend.GraphBuilder;
import dev.tatter.frontend.Result;
import dev.tatter.frontend.Session;
import dev.tatter.frontend.Types;
import dev.tatter.frontend.Value;
import dev.tatter.ir.text.GraphParser;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.RaggedTensor;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.ml.Pipeline;
import org.apache.spark.ml.PipelineModel;
import org.apache.spark.ml.PipelineStage;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** TatterTransformer on a local[2] Spark: results, types, nulls, partitions, save/load and failures. */
class TatterTransformerTest {
  static SparkSession spark;

  @BeforeAll
  static void start() {
    spark = SparkTestSession.start();
  }

  static StructType schema(String column, DataType type) {
    return new StructType().add("id", DataTypes.IntegerType, false).add(column, type, true);
  }

  /** {@code rows} in {@code partitions} slices, in order, without a shuffle (some slices empty when rows are few). */
  static Dataset<Row> frame(StructType schema, List<Row> rows, int partitions) {
    List<Row> external = new ArrayList<>();
    for (Row row : rows) {
      Object[] values = new Object[row.size()];
      for (int i = 0; i < values.length; i++) {
        values[i] = scalaSeqs(row.get(i));
      }
      external.add(RowFactory.create(values));
    }
    SparkSession session = SparkTestSession.start();
    return session.createDataFrame(
        JavaSparkContext.fromSparkContext(session.sparkContext()).parallelize(external, partitions), schema);
  }

  /** Java lists as the Scala sequences a Row of an RDD must hold for an array column (nulls kept). */
  static Object scalaSeqs(Object value) {
    if (!(value instanceof List<?> list)) {
      return value;
    }
    List<Object> converted = new ArrayList<>();
    for (Object item : list) {
      converted.add(scalaSeqs(item));
    }
    return scala.jdk.javaapi.CollectionConverters.asScala(converted).toSeq();
  }

  static List<Row> floatRows(List<float[]> data) {
    List<Row> rows = new ArrayList<>();
    for (int i = 0; i < data.size(); i++) {
      List<Float> values = new ArrayList<>();
      for (float f : data.get(i)) {
        values.add(f);
      }
      rows.add(RowFactory.create(i, values));
    }
    return rows;
  }

  static TatterTransformer stage(String graph, String column, String placeholder, String fetch, String output) {
    return new TatterTransformer().setGraph(graph).setInputs(Map.of(column, placeholder)).setOutputs(Map.of(fetch, output));
  }

  /** Row id -> the collected row, so results are compared whatever order the partitions come back in. */
  static Map<Integer, Row> byId(Dataset<Row> frame) {
    Map<Integer, Row> rows = new LinkedHashMap<>();
    for (Row r : frame.collectAsList()) {
      rows.put(r.getInt(r.fieldIndex("id")), r);
    }
    return rows;
  }

  static List<Object> nested(Object value) {
    List<Object> out = new ArrayList<>();
    Iterable<?> items = value instanceof scala.collection.Seq<?> seq
        ? scala.jdk.javaapi.CollectionConverters.asJava(seq) : (List<?>) value;
    for (Object item : items) {
      out.add(item instanceof scala.collection.Seq<?> || item instanceof List<?> ? nested(item) : item);
    }
    return out;
  }

  @Test
  void w1AndW3OverManyPartitionsEqualAPlainSessionOnTheCollectedData() {
    List<float[]> data = Workloads.raggedFloats(600, 16, 42);
    Dataset<Row> input = frame(schema("x", DataTypes.createArrayType(DataTypes.FloatType)), floatRows(data), 23);
    TatterTransformer w1 = stage(Workloads.W1, "x", "x", "y", "y").setBatchSize(16);
    TatterTransformer w3 = stage(Workloads.W3, "x", "x", "sums", "sums").setBatchSize(16);
    Map<Integer, Row> out = byId(w3.transform(w1.transform(input)));
    assertEquals(data.size(), out.size());

    RaggedTensor all = RaggedTensor.fromNested(data.toArray(new float[0][]));
    float[][] y;
    float[] sums;
    try (Session s1 = new Session(GraphParser.parse(Workloads.W1, "w1"));
        Session s3 = new Session(GraphParser.parse(Workloads.W3, "w3"))) {
      Result r1 = s1.run(Map.of("x", all), "y");
      y = (float[][]) r1.ragged(0).toNestedArray();
      sums = s3.run(Map.of("x", all), "sums").tensor(0).toFloatArray();
    }
    int empty = 0;
    for (int i = 0; i < data.size(); i++) {
      Row row = out.get(i);
      List<Object> got = nested(row.getList(row.fieldIndex("y")));
      assertEquals(y[i].length, got.size(), "row " + i);
      for (int j = 0; j < y[i].length; j++) {
        assertEquals(Float.floatToRawIntBits(y[i][j]), Float.floatToRawIntBits((Float) got.get(j)), "row " + i + " element " + j);
      }
      assertEquals(Float.floatToRawIntBits(sums[i]), Float.floatToRawIntBits(row.getFloat(row.fieldIndex("sums"))), "row " + i);
      empty += data.get(i).length == 0 ? 1 : 0;
    }
    assertTrue(empty > 20, "the data has empty rows: " + empty);

    // 23 tasks ran W1 on two threads: this JVM holds one session for it, which compiled the fetch once
    Session session = GraphCache.get(GraphCache.fingerprint(Workloads.W1), Workloads.W1).session();
    int programs = session.compiledSignatures();
    assertEquals(data.size(), w1.transform(input).count());
    assertTrue(session == GraphCache.get(GraphCache.fingerprint(Workloads.W1), Workloads.W1).session());
    assertEquals(programs, session.compiledSignatures());
  }

  static TatterTransformer wordsAndChars() {
    GraphBuilder g = new GraphBuilder();
    Value chars = g.placeholder("chars", Types.ragged(DType.INT32, 2));
    Value words = chars.rowLengths().named("words");
    Value perWord = g.ragged(chars.values().rowLengths(), chars.partition()).named("chars_per_word");
    LinkedHashMap<String, String> outputs = new LinkedHashMap<>();
    outputs.put("words", "words");
    outputs.put("chars_per_word", "chars_per_word");
    outputs.put("chars", "chars_again");
    return new TatterTransformer().setGraph(g.build(words, perWord, chars)).setInputs(Map.of("chars", "chars"))
        .setOutputs(outputs);
  }

  @Test
  void raggedRankTwoWithEmptyArraysAndNullsReadAsEmpty() {
    StructType schema = schema("chars", DataTypes.createArrayType(DataTypes.createArrayType(DataTypes.IntegerType)));
    List<Row> rows = List.of(
        RowFactory.create(0, List.of(List.of(1, 2), List.of(3))),
        RowFactory.create(1, List.of()),
        RowFactory.create(2, null),
        RowFactory.create(3, Arrays.asList(List.of(4, 5, 6), null, List.of())));
    TatterTransformer stage = wordsAndChars().setNullPolicy(NullPolicy.EMPTY);
    Dataset<Row> result = stage.transform(frame(schema, rows, 2));
    assertEquals("bigint", result.schema().apply("words").dataType().simpleString());
    assertEquals("array<bigint>", result.schema().apply("chars_per_word").dataType().simpleString());
    assertEquals("array<array<int>>", result.schema().apply("chars_again").dataType().simpleString());
    Map<Integer, Row> out = byId(result);
    // tf.ragged.constant([[[1, 2], [3]], [], [], [[4, 5, 6], [], []]]): nulls read as empty arrays
    long[] words = {2, 0, 0, 3};                                   // .row_lengths() -> [2, 0, 0, 3]
    List<List<Long>> perWord = List.of(List.of(2L, 1L), List.of(), List.of(), List.of(3L, 0L, 0L)); // .row_lengths(axis=2)
    List<Object> again = List.of(List.of(List.of(1, 2), List.of(3)), List.of(), List.of(),
        List.of(List.of(4, 5, 6), List.of(), List.of()));
    for (int i = 0; i < 4; i++) {
      Row r = out.get(i);
      assertEquals(words[i], r.getLong(r.fieldIndex("words")), "row " + i);
      assertEquals(perWord.get(i), nested(r.getList(r.fieldIndex("chars_per_word"))), "row " + i);
      assertEquals(again.get(i), nested(r.getList(r.fieldIndex("chars_again"))), "row " + i);
    }
  }

  @Test
  void nullsAreRefusedByDefaultNamingTheRowAndColumn() {
    StructType schema = schema("chars", DataTypes.createArrayType(DataTypes.createArrayType(DataTypes.IntegerType)));
    List<Row> nullRow = List.of(RowFactory.create(0, List.of(List.of(1))), RowFactory.create(1, List.of()),
        RowFactory.create(2, null));
    Exception e = assertThrows(Exception.class, () -> wordsAndChars().transform(frame(schema, nullRow, 1)).collect());
    assertTrue(e.getMessage().contains("spark: column chars in row 2 (monotonically_increasing_id()) is null (a ragged tensor has no null rows"),
        e.getMessage());
    List<Row> nullInner = List.of(RowFactory.create(0, Arrays.asList(List.of(1), null)));
    e = assertThrows(Exception.class, () -> wordsAndChars().transform(frame(schema, nullInner, 1)).collect());
    assertTrue(e.getMessage().contains("spark: column chars in row 0 (monotonically_increasing_id()) holds a null array (element 1 at depth 1"),
        e.getMessage());
    List<Row> nullValue = List.of(RowFactory.create(0, List.of(Arrays.asList(7, null))));
    e = assertThrows(Exception.class,
        () -> wordsAndChars().setNullPolicy(NullPolicy.EMPTY).transform(frame(schema, nullValue, 1)).collect());
    assertTrue(e.getMessage().contains("spark: column chars in row 0 (monotonically_increasing_id()) holds a null value (element 1 of an array at depth 2"),
        e.getMessage());
  }

  static final String STRINGS = """
      %tokens = placeholder() : ragged<string>[None, (None)]
      %word = placeholder() : tensor<string>[None]
      %v = values(%tokens) : tensor<string>[None]
      %p = partition(%tokens) : partition<int64>[None, (None)]
      %u = string_upper(%v) : tensor<string>[None]
      %upper = ragged(%u, %p) : ragged<string>[None, (None)]
      %length = string_length(%word) : tensor<int32>[None]
      return %upper, %length
      """;

  @Test
  void stringColumnsPassUtf8Through() {
    StructType schema = new StructType().add("id", DataTypes.IntegerType, false)
        .add("tokens", DataTypes.createArrayType(DataTypes.StringType), true).add("word", DataTypes.StringType, true);
    List<Row> rows = List.of(RowFactory.create(0, List.of("ab", "Cd"), "hello"), RowFactory.create(1, List.of(), "é"),
        RowFactory.create(2, List.of("é"), ""));
    LinkedHashMap<String, String> inputs = new LinkedHashMap<>();
    inputs.put("tokens", "tokens");
    inputs.put("word", "word");
    LinkedHashMap<String, String> outputs = new LinkedHashMap<>();
    outputs.put("upper", "upper");
    outputs.put("length", "length");
    Map<Integer, Row> out = byId(new TatterTransformer().setGraph(STRINGS).setInputs(inputs).setOutputs(outputs)
        .transform(frame(schema, rows, 2)));
    // tf.strings.upper(tf.ragged.constant([["ab", "Cd"], [], ["é"]])) -> [[b'AB', b'CD'], [], [b'\xc3\xa9']] (ASCII only)
    assertEquals(List.of("AB", "CD"), nested(out.get(0).getList(3)));
    assertEquals(List.of(), nested(out.get(1).getList(3)));
    assertEquals(List.of("é"), nested(out.get(2).getList(3)));
    // tf.strings.length(["hello", "é", ""]) -> [5, 2, 0] (bytes)
    assertEquals(5, out.get(0).getInt(4));
    assertEquals(2, out.get(1).getInt(4));
    assertEquals(0, out.get(2).getInt(4));
  }

  /**
   * The way out alone: ASCII comes in, and the graph makes the non-ASCII text itself (its separator's
   * UTF-8), so a wrong encoding of output strings cannot be cancelled by a wrong decoding of input ones.
   */
  @Test
  void nonAsciiMadeByTheGraph_leavesAsTheSameText() {
    StructType schema = new StructType().add("id", DataTypes.IntegerType, false).add("word", DataTypes.StringType, true);
    List<Row> rows = List.of(RowFactory.create(0, "a"), RowFactory.create(1, ""));
    String graph = """
        %word = placeholder() : tensor<string>[None]
        %joined = string_join(%word, %word) {separator = "\u00e9"} : tensor<string>[None]
        return %joined
        """;
    LinkedHashMap<String, String> inputs = new LinkedHashMap<>();
    inputs.put("word", "word");
    LinkedHashMap<String, String> outputs = new LinkedHashMap<>();
    outputs.put("joined", "joined");
    Map<Integer, Row> out = byId(new TatterTransformer().setGraph(graph).setInputs(inputs).setOutputs(outputs)
        .transform(frame(schema, rows, 1)));
    // tf.strings.join([["a", ""], ["a", ""]], separator="\u00e9") -> [b'a\xc3\xa9a', b'\xc3\xa9'], which Spark reads as text
    assertEquals("a\u00e9a", out.get(0).getString(2));
    assertEquals("\u00e9", out.get(1).getString(2));
  }

  static final String DENSE = """
      %n = placeholder() : tensor<int32>[None]
      %v = placeholder() : tensor<float32>[None, 3]
      %squares = mul(%n, %n) : tensor<int32>[None]
      %sums = reduce_sum(%v) {axis = [1]} : tensor<float32>[None]
      %twice = add(%v, %v) : tensor<float32>[None, 3]
      return %squares, %sums, %twice
      """;

  static TatterTransformer denseStage() {
    LinkedHashMap<String, String> inputs = new LinkedHashMap<>();
    inputs.put("n", "n");
    inputs.put("v", "v");
    LinkedHashMap<String, String> outputs = new LinkedHashMap<>();
    outputs.put("squares", "squares");
    outputs.put("sums", "sums");
    outputs.put("twice", "twice");
    return new TatterTransformer().setGraph(DENSE).setInputs(inputs).setOutputs(outputs).setBatchSize(2);
  }

  static final StructType DENSE_SCHEMA = new StructType().add("id", DataTypes.IntegerType, false)
      .add("n", DataTypes.IntegerType, true).add("v", DataTypes.createArrayType(DataTypes.FloatType), true);

  @Test
  void scalarAndFixedLengthColumns() {
    List<Row> rows = List.of(RowFactory.create(0, 1, List.of(1f, 2f, 3f)), RowFactory.create(1, -2, List.of(0.5f, 0f, 0f)),
        RowFactory.create(2, 3, List.of(-1f, -1f, -1f)));
    Dataset<Row> result = denseStage().transform(frame(DENSE_SCHEMA, rows, 1));
    assertEquals("array<float>", result.schema().apply("twice").dataType().simpleString());
    Map<Integer, Row> out = byId(result);
    int[] squares = {1, 4, 9};                 // tf.math.multiply([1, -2, 3], [1, -2, 3])
    float[] sums = {6f, 0.5f, -3f};            // tf.reduce_sum([[1., 2., 3.], [.5, 0., 0.], [-1., -1., -1.]], axis=1)
    List<List<Float>> twice = List.of(List.of(2f, 4f, 6f), List.of(1f, 0f, 0f), List.of(-2f, -2f, -2f));
    for (int i = 0; i < 3; i++) {
      assertEquals(squares[i], out.get(i).getInt(3));
      assertEquals(Float.floatToRawIntBits(sums[i]), Float.floatToRawIntBits(out.get(i).getFloat(4)));
      assertEquals(twice.get(i), nested(out.get(i).getList(5)));
    }
  }

  @Test
  void aFixedLengthColumnOfAnotherLengthIsRefusedNamingTheRow() {
    List<Row> rows = List.of(RowFactory.create(0, 1, List.of(1f, 2f, 3f)), RowFactory.create(1, 2, List.of(1f, 2f)));
    Exception e = assertThrows(Exception.class, () -> denseStage().transform(frame(DENSE_SCHEMA, rows, 1)).collect());
    assertTrue(e.getMessage().contains("spark: column v in row 1 (monotonically_increasing_id()) has an array of length 2 at depth 1 where"
        + " placeholder %v (tensor<float32>[None, 3]) is uniform: its type requires 3"), e.getMessage());
    List<Row> nullScalar = List.of(RowFactory.create(0, null, List.of(1f, 2f, 3f)));
    e = assertThrows(Exception.class,
        () -> denseStage().setNullPolicy(NullPolicy.EMPTY).transform(frame(DENSE_SCHEMA, nullScalar, 1)).collect());
    assertTrue(e.getMessage().contains("spark: column n in row 0 (monotonically_increasing_id()) is null (a tensor has no null values; nullPolicy \"propagate\" gives NULL outputs)"),
        e.getMessage());
  }

  @Test
  void emptyPartitionsAndAnEmptyFrame() {
    List<float[]> data = List.of(new float[] {1f, 2f}, new float[] {}, new float[] {3f});
    Dataset<Row> sparse = frame(schema("x", DataTypes.createArrayType(DataTypes.FloatType)), floatRows(data), 8);
    assertTrue(sparse.javaRDD().glom().collect().stream().filter(List::isEmpty).count() >= 5, "most partitions empty");
    Map<Integer, Row> out = byId(stage(Workloads.W3, "x", "x", "sums", "sums").transform(sparse));
    // tf.reduce_sum(tf.ragged.constant([[1., 2.], [], [3.]]) ** 2, axis=1) -> [5., 0., 9.]
    assertEquals(5f, out.get(0).getFloat(2));
    assertEquals(0f, out.get(1).getFloat(2));
    assertEquals(9f, out.get(2).getFloat(2));
    Dataset<Row> none = frame(schema("x", DataTypes.createArrayType(DataTypes.FloatType)), List.of(), 3);
    Dataset<Row> result = stage(Workloads.W1, "x", "x", "y", "y").transform(none);
    assertEquals(0, result.count());
    assertEquals(new ArrayType(DataTypes.FloatType, false), result.schema().apply("y").dataType());
  }

  static final String LOOKUP = """
      %ids = placeholder() : ragged<int64>[None, (None)]
      %v = values(%ids) : tensor<int64>[None]
      %p = partition(%ids) : partition<int64>[None, (None)]
      %table = constant() {value = tensor<float32>[4] [0.5, 1.5, 2.5, 3.5]} : tensor<float32>[4]
      %g = gather(%table, %v) : tensor<float32>[None]
      %emb = ragged(%g, %p) : ragged<float32>[None, (None)]
      return %emb
      """;

  @Test
  void aGraphFailingOnBadDataNamesTheRowAndColumn() {
    StructType schema = schema("ids", DataTypes.createArrayType(DataTypes.LongType));
    List<Row> rows = new ArrayList<>();
    for (int i = 0; i < 8; i++) {
      rows.add(RowFactory.create(i, i == 5 ? List.of(1L, 9L) : List.of(1L, 3L)));
    }
    TatterTransformer lookup = stage(LOOKUP, "ids", "ids", "emb", "emb").setBatchSize(4);
    Exception e = assertThrows(Exception.class, () -> lookup.transform(frame(schema, rows, 1)).collect());
    assertTrue(e.getMessage().contains("spark: row 5 (monotonically_increasing_id()) fails the graph with column ids as %ids = [1, 9]: %g (gather)"),
        e.getMessage());
    // tf.gather([0.5, 1.5, 2.5, 3.5], [1, 3]) -> [1.5, 3.5]: the good rows alone pass
    Row good = lookup.transform(frame(schema, rows.subList(0, 5), 1)).collectAsList().get(0);
    assertEquals(List.of(1.5f, 3.5f), nested(good.getList(2)));
  }

  @Test
  void aFetchWithoutOneRowPerInputRowIsRefusedAtRunTime() {
    List<Row> rows = List.of(RowFactory.create(0, List.of(1f, 2f)), RowFactory.create(1, List.of(3f)));
    TatterTransformer values = stage(Workloads.W1, "x", "x", "v", "flat");
    Exception e = assertThrows(Exception.class,
        () -> values.transform(frame(schema("x", DataTypes.createArrayType(DataTypes.FloatType)), rows, 1)).collect());
    assertTrue(e.getMessage().contains("spark: fetch %v has 3 rows for a batch of 2 rows;"
        + " an output column needs one row per input row"), e.getMessage());
  }

  @Test
  void aPipelineWithTheStageSavesAndLoads(@TempDir Path dir) throws Exception {
    List<float[]> data = Workloads.raggedFloats(40, 16, 7);
    Dataset<Row> input = frame(schema("x", DataTypes.createArrayType(DataTypes.FloatType)), floatRows(data), 3);
    TatterTransformer w1 = stage(Workloads.W1, "x", "x", "y", "y").setBatchSize(5).setNullPolicy(NullPolicy.EMPTY);
    TatterTransformer w3 = stage(Workloads.W3, "y", "x", "sums", "sums");
    PipelineModel model = new Pipeline().setStages(new PipelineStage[] {w1, w3}).fit(input);
    String path = dir.resolve("model").toString();
    model.write().overwrite().save(path);
    PipelineModel loaded = PipelineModel.load(path);
    TatterTransformer back = (TatterTransformer) loaded.stages()[0];
    assertEquals(w1.uid(), back.uid());
    assertEquals(Workloads.W1, back.getGraph());
    assertEquals(5, back.getBatchSize());
    assertEquals(NullPolicy.EMPTY, back.getNullPolicy());
    assertEquals(List.of("y"), Arrays.asList(back.getOrDefault(back.fetches())));
    Map<Integer, Row> expected = byId(model.transform(input));
    Map<Integer, Row> actual = byId(loaded.transform(input));
    assertEquals(expected, actual);
    assertEquals(data.size(), actual.size());

    String alone = dir.resolve("stage").toString();
    w3.save(alone);
    TatterTransformer stageBack = TatterTransformer.load(alone);
    assertEquals(w3.getGraph(), stageBack.getGraph());
    assertEquals(List.of("y"), Arrays.asList(stageBack.getOrDefault(stageBack.inputColumns())));
  }

  static final String UNSIGNED = """
      %a = placeholder() : tensor<uint8>[None]
      %b = placeholder() : ragged<uint16>[None, (None)]
      %c = placeholder() : tensor<uint32>[None, 2]
      %d = placeholder() : ragged<uint64>[None, (None)]
      %e = placeholder() : tensor<uint64>[None]
      %a2 = add(%a, %a) : tensor<uint8>[None]
      return %a2, %b, %c, %d, %e
      """;

  static final StructType UNSIGNED_SCHEMA = new StructType().add("id", DataTypes.IntegerType, false)
      .add("a", DataTypes.ShortType, true).add("b", DataTypes.createArrayType(DataTypes.IntegerType), true)
      .add("c", DataTypes.createArrayType(DataTypes.LongType), true)
      .add("d", DataTypes.createArrayType(DataTypes.createDecimalType(20, 0)), true)
      .add("e", DataTypes.createDecimalType(20, 0), true);

  static TatterTransformer passThrough(String graph, List<String> in, List<String> out) {
    LinkedHashMap<String, String> inputs = new LinkedHashMap<>();
    in.forEach(c -> inputs.put(c, c));
    LinkedHashMap<String, String> outputs = new LinkedHashMap<>();
    out.forEach(f -> outputs.put(f, f + "_out"));
    return new TatterTransformer().setGraph(graph).setInputs(inputs).setOutputs(outputs);
  }

  static java.math.BigDecimal dec(String digits) {
    return new java.math.BigDecimal(digits);
  }

  @Test
  void unsignedColumns_carriedWidened_uint64AsDecimal20_rangeCheckedOnInput() {
    TatterTransformer stage = passThrough(UNSIGNED, List.of("a", "b", "c", "d", "e"), List.of("a2", "b", "c", "d", "e"));
    List<Row> rows = List.of(
        RowFactory.create(0, (short) 255, List.of(65535, 0), List.of(4294967295L, 1L),
            List.of(dec("18446744073709551615"), dec("9223372036854775808")), dec("18446744073709551614")),
        RowFactory.create(1, (short) 200, List.of(), List.of(0L, 2L), List.of(dec("7")), dec("0")));
    Dataset<Row> result = stage.transform(frame(UNSIGNED_SCHEMA, rows, 1));
    assertEquals("smallint", result.schema().apply("a2_out").dataType().simpleString());
    assertEquals("array<int>", result.schema().apply("b_out").dataType().simpleString());
    assertEquals("array<bigint>", result.schema().apply("c_out").dataType().simpleString());
    assertEquals("array<decimal(20,0)>", result.schema().apply("d_out").dataType().simpleString());
    Map<Integer, Row> out = byId(result);
    // tf.add on uint8 wraps modulo 2^8: 255 + 255 = 254, 200 + 200 = 144
    assertEquals((short) 254, out.get(0).getShort(out.get(0).fieldIndex("a2_out")));
    assertEquals((short) 144, out.get(1).getShort(out.get(1).fieldIndex("a2_out")));
    assertEquals(List.of(65535, 0), nested(out.get(0).getList(out.get(0).fieldIndex("b_out"))));
    assertEquals(List.of(4294967295L, 1L), nested(out.get(0).getList(out.get(0).fieldIndex("c_out"))));
    List<Object> d = nested(out.get(0).getList(out.get(0).fieldIndex("d_out")));
    assertEquals(new java.math.BigInteger("18446744073709551615"), ((java.math.BigDecimal) d.get(0)).toBigIntegerExact());
    assertEquals(java.math.BigInteger.ONE.shiftLeft(63), ((java.math.BigDecimal) d.get(1)).toBigIntegerExact());
    assertEquals("decimal(20,0)", result.schema().apply("e_out").dataType().simpleString());
    assertEquals(new java.math.BigInteger("18446744073709551614"),
        out.get(0).getDecimal(out.get(0).fieldIndex("e_out")).toBigIntegerExact());
    assertEquals(java.math.BigInteger.ZERO, out.get(1).getDecimal(out.get(1).fieldIndex("e_out")).toBigIntegerExact());

    // out of range: tf.constant(256, tf.uint8) and tf.constant(-1, tf.uint16) raise; 2^64 is no uint64
    List<Row> big = List.of(RowFactory.create(0, (short) 1, List.of(1), List.of(1L, 1L), List.of(), dec("1")),
        RowFactory.create(1, (short) 256, List.of(1), List.of(1L, 1L), List.of(), dec("1")));
    Exception e = assertThrows(Exception.class, () -> stage.transform(frame(UNSIGNED_SCHEMA, big, 1)).collect());
    assertTrue(e.getMessage().contains("spark: column a in row 1 (monotonically_increasing_id()) holds 256, which uint8 does not hold: [0, 255]"),
        e.getMessage());
    List<Row> negative = List.of(RowFactory.create(0, (short) 1, List.of(3, -1), List.of(1L, 1L), List.of(), dec("1")));
    e = assertThrows(Exception.class, () -> stage.transform(frame(UNSIGNED_SCHEMA, negative, 1)).collect());
    assertTrue(e.getMessage().contains("spark: column b in row 0 (monotonically_increasing_id()) holds -1 (element 1 of an array at depth 1),"
        + " which uint16 does not hold: [0, 65535]"), e.getMessage());
    List<Row> over = List.of(RowFactory.create(0, (short) 1, List.of(), List.of(1L, 1L), List.of(dec("18446744073709551616")),
        dec("1")));
    e = assertThrows(Exception.class, () -> stage.transform(frame(UNSIGNED_SCHEMA, over, 1)).collect());
    assertTrue(e.getMessage().contains("spark: column d in row 0 (monotonically_increasing_id()) holds 18446744073709551616 (element 0 of an"
        + " array at depth 1), which uint64 does not hold: [0, 18446744073709551615]"), e.getMessage());
  }

  static final String HALF_AND_COMPLEX = """
      %h = placeholder() : ragged<float16>[None, (None)]
      %bf = placeholder() : tensor<bfloat16>[None]
      %c = placeholder() : ragged<complex64>[None, (None)]
      %z = placeholder() : tensor<complex128>[None]
      %re = real(%z) : tensor<float64>[None]
      return %h, %bf, %c, %z, %re
      """;

  static StructType complexStruct(DataType part) {
    return new StructType().add("real", part, true).add("imag", part, true);
  }

  static final StructType HALF_AND_COMPLEX_SCHEMA = new StructType().add("id", DataTypes.IntegerType, false)
      .add("h", DataTypes.createArrayType(DataTypes.FloatType), true).add("bf", DataTypes.FloatType, true)
      .add("c", DataTypes.createArrayType(complexStruct(DataTypes.FloatType)), true)
      .add("z", complexStruct(DataTypes.DoubleType), true);

  @Test
  void halfFloatsAsFloat_roundedAsTfCast_complexAsRealImagStructs() {
    TatterTransformer stage = passThrough(HALF_AND_COMPLEX, List.of("h", "bf", "c", "z"), List.of("h", "bf", "c", "z", "re"));
    List<Row> rows = List.of(
        RowFactory.create(0, List.of(65519f, 0.1f, 1e-8f, 70000f, -0f), 1.00390625f,
            List.of(RowFactory.create(1f, 2f), RowFactory.create(-0f, Float.POSITIVE_INFINITY)), RowFactory.create(0.1, -1e-300)),
        RowFactory.create(1, List.of(), 1.01171875f, List.of(), RowFactory.create(Double.NaN, 0.0)));
    Dataset<Row> result = stage.transform(frame(HALF_AND_COMPLEX_SCHEMA, rows, 2));
    assertEquals("array<float>", result.schema().apply("h_out").dataType().simpleString());
    assertEquals("float", result.schema().apply("bf_out").dataType().simpleString());
    assertEquals("array<struct<real:float,imag:float>>", result.schema().apply("c_out").dataType().simpleString());
    assertEquals("struct<real:double,imag:double>", result.schema().apply("z_out").dataType().simpleString());
    Map<Integer, Row> out = byId(result);
    Row r0 = out.get(0);
    // tf.cast(float32 -> float16) rounds to nearest even: 65519 -> 65504 (max, 0x7bff), 0.1 -> 0x2e66 = 0.0999755859375,
    // 1e-8 (below half of 2^-24) -> 0.0, 70000 -> inf; -0.0 stays
    assertEquals(List.of(65504f, 0.0999755859375f, 0f, Float.POSITIVE_INFINITY, -0f), nested(r0.getList(r0.fieldIndex("h_out"))));
    // bfloat16 keeps 8 significand bits: 1 + 2^-8 ties to even 1.0, 1 + 3 * 2^-8 ties to even 1 + 2^-6
    assertEquals(1f, r0.getFloat(r0.fieldIndex("bf_out")));
    assertEquals(1.015625f, out.get(1).getFloat(out.get(1).fieldIndex("bf_out")));
    List<Object> c = nested(r0.getList(r0.fieldIndex("c_out")));
    assertEquals(RowFactory.create(1f, 2f), c.get(0));
    assertEquals(RowFactory.create(-0f, Float.POSITIVE_INFINITY), c.get(1));
    assertEquals(RowFactory.create(0.1, -1e-300), r0.getStruct(r0.fieldIndex("z_out")));
    // tf.math.real(complex128(0.1, -1e-300)) -> 0.1; real(nan+0j) -> nan
    assertEquals(0.1, r0.getDouble(r0.fieldIndex("re_out")));
    assertTrue(Double.isNaN(out.get(1).getDouble(out.get(1).fieldIndex("re_out"))));

    List<Row> nullPart = List.of(RowFactory.create(0, List.of(), 1f, List.of(RowFactory.create(1f, null)),
        RowFactory.create(0.0, 0.0)));
    Exception e = assertThrows(Exception.class, () -> stage.transform(frame(HALF_AND_COMPLEX_SCHEMA, nullPart, 1)).collect());
    assertTrue(e.getMessage().contains("spark: column c in row 0 (monotonically_increasing_id()) holds a complex number whose imag part is null"
        + " (element 0 of an array at depth 1); a tensor has no null values"), e.getMessage());
  }
}
