package dev.tatter.spark.bench;

import static org.apache.spark.sql.functions.array_max;
import static org.apache.spark.sql.functions.array_repeat;
import static org.apache.spark.sql.functions.coalesce;
import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.concat;
import static org.apache.spark.sql.functions.greatest;
import static org.apache.spark.sql.functions.least;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.lower;
import static org.apache.spark.sql.functions.map_from_arrays;
import static org.apache.spark.sql.functions.pmod;
import static org.apache.spark.sql.functions.size;
import static org.apache.spark.sql.functions.slice;
import static org.apache.spark.sql.functions.transform;
import static org.apache.spark.sql.functions.try_element_at;
import static org.apache.spark.sql.functions.xxhash64;

import dev.tatter.frontend.GraphBuilder;
import dev.tatter.frontend.StaticTables;
import dev.tatter.frontend.Ops;
import dev.tatter.frontend.TableInitializer;
import dev.tatter.frontend.Types;
import dev.tatter.frontend.Value;
import dev.tatter.ir.Graph;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.Tensor;
import dev.tatter.spark.NullPolicy;
import dev.tatter.spark.TatterTransformer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;

/**
 * A feature job as a text pipeline writes it: rows of tokens ({@code array<string>}) and clicks
 * ({@code array<int>}), 2 % of each column null and 9 % empty; tokens lower-cased (Unicode),
 * looked up in a 10,000-word vocabulary with 100 OOV buckets, shifted by one and padded (or cut)
 * to 8 ids with 0; the token count; the clicks' sum and maximum; the clicks clipped to [0, 100].
 * The same features two ways: a {@link TatterTransformer} over one graph, and Spark SQL's
 * higher-order functions ({@code transform} with {@code lower} and {@code try_element_at} on a
 * map literal, which Spark 4.2 looks up through a prebuilt hash map; {@code aggregate},
 * {@code array_max}).
 *
 * <p>The OOV buckets differ: TF's {@code StaticVocabularyTable} hashes with FarmHash's
 * Fingerprint64, Spark SQL has {@code xxhash64}; both put an unknown word in one of the same 100
 * ids, which is what {@link TextFeatureCheck} checks for them. An empty clicks row has no maximum: TF's
 * {@code reduce_max} gives int32's lowest value, SQL's {@code array_max} a NULL, compared as such.
 */
final class TextFeatureJob {
  static final int VOCABULARY = 10_000;
  static final int OOV_WORDS = 2_000;
  static final long OOV_BUCKETS = 100;
  static final int WIDTH = 8;
  static final StructType SCHEMA = new StructType()
      .add("id", DataTypes.LongType, false)
      .add("tokens", DataTypes.createArrayType(DataTypes.StringType, false), true)
      .add("clicks", DataTypes.createArrayType(DataTypes.IntegerType, false), true);
  /** The new columns, in the order both variants give them. */
  static final List<String> FEATURES = List.of("ids", "token_count", "click_sum", "click_max", "clicked");

  final List<String> vocabulary;
  final List<String> oov;

  TextFeatureJob(long seed) {
    Random random = new Random(seed);
    Set<String> words = new LinkedHashSet<>();
    while (words.size() < VOCABULARY + OOV_WORDS) {
      words.add(word(random));
    }
    List<String> all = new ArrayList<>(words);
    vocabulary = List.copyOf(all.subList(0, VOCABULARY));
    oov = List.copyOf(all.subList(VOCABULARY, all.size()));
  }

  /** 2 to 10 lower-case letters; one word in 25 has an accented letter (two UTF-8 bytes). */
  private static String word(Random random) {
    int length = 2 + random.nextInt(9);
    StringBuilder w = new StringBuilder(length);
    for (int i = 0; i < length; i++) {
      w.append((char) ('a' + random.nextInt(26)));
    }
    if (random.nextInt(25) == 0) {
      w.setCharAt(random.nextInt(length), "éèàüöçñ".charAt(random.nextInt(7)));
    }
    return w.toString();
  }

  /** {@code rows} rows: ids 0..rows-1, 2 % of each column null and 9 % empty, drawn independently. */
  List<Row> rows(int rows, long seed) {
    Random random = new Random(seed);
    List<Row> out = new ArrayList<>(rows);
    for (int r = 0; r < rows; r++) {
      out.add(RowFactory.create((long) r, tokens(random), clicks(random)));
    }
    return out;
  }

  private scala.collection.immutable.Seq<String> tokens(Random random) {
    int kind = random.nextInt(100);
    if (kind < 2) {
      return null;
    }
    int n = kind < 11 ? 0 : 1 + random.nextInt(16);
    List<String> tokens = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      String w;
      if (random.nextInt(20) == 0) {
        w = oov.get(random.nextInt(oov.size()));
      } else { // a skewed choice: frequent words first, as in text
        double u = random.nextDouble();
        w = vocabulary.get((int) (VOCABULARY * u * u * u));
      }
      int casing = random.nextInt(20);
      if (casing < 4) {
        w = Character.toUpperCase(w.charAt(0)) + w.substring(1);
      } else if (casing == 4) {
        w = w.toUpperCase(java.util.Locale.ROOT);
      }
      tokens.add(w);
    }
    return scala.jdk.javaapi.CollectionConverters.asScala(tokens).toList();
  }

  private static scala.collection.immutable.Seq<Integer> clicks(Random random) {
    int kind = random.nextInt(100);
    if (kind < 2) {
      return null;
    }
    int n = kind < 11 ? 0 : 1 + random.nextInt(16);
    List<Integer> clicks = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      clicks.add(random.nextInt(300) - 20);
    }
    return scala.jdk.javaapi.CollectionConverters.asScala(clicks).toList();
  }

  /** The input written once as Parquet (a few files), then read by every job. */
  void writeParquet(SparkSession spark, int rows, String path) {
    spark.createDataFrame(rows(rows, 7), SCHEMA).repartition(4).write().mode("overwrite").parquet(path);
  }

  /** The graph: lower, lookup + 1, pad to 8; token count; click sum, max and clip. */
  Graph graph() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value tokens = g.placeholder("tokens", Types.ragged(DType.STRING, 1));
    Value clicks = g.placeholder("clicks", Types.ragged(DType.INT32, 1));
    String[] keys = vocabulary.toArray(new String[0]); // Java text: ofStrings stores its UTF-8 bytes
    long[] values = new long[keys.length];
    Arrays.setAll(values, i -> i);
    StaticTables table = StaticTables.vocabularyTable(
        TableInitializer.keyValueTensors(Tensor.ofStrings(keys), Tensor.ofLongs(values)), OOV_BUCKETS);
    Value ids = table.lookup(tf.strings.lower(tokens, "utf-8")).add(1L);
    Value padded = ids.toTensor(0L, -1, WIDTH).named("ids");
    Value count = tokens.rowLengths().cast(DType.INT32).named("token_count");
    Value sum = clicks.reduceSum(1).named("click_sum");
    Value max = clicks.reduceMax(1).named("click_max");
    Value clipped = tf.clipByValue(clicks, 0, 100).named("clicked");
    return g.build(padded, count, sum, max, clipped);
  }

  TatterTransformer transformer(int batchSize) {
    LinkedHashMap<String, String> inputs = new LinkedHashMap<>();
    inputs.put("tokens", "tokens");
    inputs.put("clicks", "clicks");
    LinkedHashMap<String, String> outputs = new LinkedHashMap<>();
    FEATURES.forEach(f -> outputs.put(f, f));
    return new TatterTransformer().setGraph(graph()).setInputs(inputs).setOutputs(outputs).setBatchSize(batchSize)
        .setNullPolicy(NullPolicy.PROPAGATE);
  }

  /** The same features in Spark SQL's higher-order functions. */
  Dataset<Row> sql(Dataset<Row> input) {
    String[] keys = vocabulary.toArray(new String[0]);
    long[] values = new long[keys.length];
    Arrays.setAll(values, i -> i);
    Column table = map_from_arrays(lit(keys), lit(values));
    Column lowered = transform(col("tokens"), t -> lower(t));
    Column ids = transform(lowered, t -> coalesce(try_element_at(table, t),
        lit((long) VOCABULARY).plus(pmod(xxhash64(t), lit(OOV_BUCKETS)))).plus(lit(1L)));
    Column padded = slice(concat(ids, array_repeat(lit(0L), WIDTH)), 1, WIDTH);
    Column sum = org.apache.spark.sql.functions.aggregate(col("clicks"), lit(0), (acc, v) -> acc.plus(v));
    Column clipped = transform(col("clicks"), v -> greatest(least(v, lit(100)), lit(0)));
    return input.select(col("id"), col("tokens"), col("clicks"), padded.as("ids"), size(col("tokens")).as("token_count"),
        sum.as("click_sum"), array_max(col("clicks")).as("click_max"), clipped.as("clicked"));
  }
}
