package dev.tatter.spark.example;

import dev.tatter.frontend.Ops;
import dev.tatter.frontend.GraphBuilder;
import dev.tatter.frontend.Types;
import dev.tatter.frontend.Value;
import dev.tatter.ir.Graph;
import dev.tatter.runtime.DType;
import dev.tatter.spark.TatterTransformer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;

/**
 * The tokenized-sentences example (examples/TokenizedSentences) on Spark: a Parquet file of
 * sentences with array columns — token ids per sentence, characters per word — is read, one
 * Tatter graph computes the words per sentence, the characters per word, the ids padded to a
 * fixed width with their mask, and each sentence's bag of words, and the result is written as
 * Parquet again. Run it with {@code mvn -B -q -Pspark-example -pl spark -am test -DskipTests}
 * (arguments: an output directory, default a fresh temporary one).
 */
public final class TokenizedSentencesOnSpark {
  static final List<String> SENTENCES = List.of(
      "The cat sat on the mat.",
      "",
      "Ragged tensors hold rows of any length",
      "Hello, world!");
  /** Padded width: a model takes a fixed number of tokens (longer sentences are cut, as tf's to_tensor(shape=...) cuts). */
  static final int WIDTH = 8;

  private TokenizedSentencesOnSpark() {}

  public static void main(String[] args) throws Exception {
    Path dir = args.length > 0 ? Path.of(args[0]) : Files.createTempDirectory("tatter-spark-example");
    SparkSession spark = SparkSession.builder().master("local[2]").appName("tokenized-sentences")
        .config("spark.ui.enabled", "false").config("spark.ui.showConsoleProgress", "false")
        .config("spark.driver.bindAddress", "127.0.0.1").config("spark.driver.host", "127.0.0.1").getOrCreate();
    spark.sparkContext().setLogLevel("WARN");
    try {
      run(spark, dir);
    } finally {
      spark.stop();
    }
  }

  static void run(SparkSession spark, Path dir) {
    Map<String, Long> vocabulary = new LinkedHashMap<>(); // id 0 is the padding
    List<Row> rows = new ArrayList<>();
    for (int copy = 0; copy < 250; copy++) {                // 1000 sentences, so that the job has partitions to share
      for (String sentence : SENTENCES) {
        List<Long> ids = new ArrayList<>();
        List<List<Integer>> chars = new ArrayList<>();
        for (String word : words(sentence)) {
          ids.add(vocabulary.computeIfAbsent(word, w -> (long) vocabulary.size() + 1));
          chars.add(word.codePoints().boxed().toList());
        }
        rows.add(RowFactory.create((long) rows.size(), sentence, ids, chars));
      }
    }
    StructType schema = new StructType()
        .add("id", DataTypes.LongType, false)
        .add("sentence", DataTypes.StringType, false)
        .add("token_ids", DataTypes.createArrayType(DataTypes.LongType, false), false)
        .add("chars", DataTypes.createArrayType(DataTypes.createArrayType(DataTypes.IntegerType, false), false), false);
    String input = dir.resolve("sentences.parquet").toString();
    spark.createDataFrame(rows, schema).repartition(4).write().mode("overwrite").parquet(input);

    int v = vocabulary.size() + 1;
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value tokens = g.placeholder("tokens", Types.ragged(DType.INT64, 1));          // [batch, (words)]
    Value chars = g.placeholder("chars", Types.ragged(DType.INT32, 2));            // [batch, (words), (chars)]
    Value words = tokens.rowLengths().named("words");                              // [batch]
    Value charsPerWord = g.ragged(chars.values().rowLengths(), chars.partition()).named("chars_per_word");
    Value padded = tokens.toTensor(0L, -1, WIDTH).named("padded_ids");             // [batch, WIDTH]
    Value mask = tf.sequenceMask(words, WIDTH, DType.INT64).named("mask");          // [batch, WIDTH]
    Value bag = tf.math.bincount(tokens, null, v, v, false, true).named("bag_of_words"); // [batch, v], per row
    Graph graph = g.build(words, charsPerWord, padded, mask, bag);

    Map<String, String> inputs = new LinkedHashMap<>();
    inputs.put("token_ids", "tokens");
    inputs.put("chars", "chars");
    Map<String, String> outputs = new LinkedHashMap<>();
    for (String name : List.of("words", "chars_per_word", "padded_ids", "mask", "bag_of_words")) {
      outputs.put(name, name);
    }
    TatterTransformer stage = new TatterTransformer().setGraph(graph).setInputs(inputs).setOutputs(outputs)
        .setBatchSize(256);

    Dataset<Row> sentences = spark.read().parquet(input);
    String output = dir.resolve("features.parquet").toString();
    stage.transform(sentences).write().mode("overwrite").parquet(output);

    Dataset<Row> features = spark.read().parquet(output);
    System.out.println("== " + input + " -> " + output + " (" + features.count() + " rows) ==");
    System.out.println("vocabulary (id 0 is padding) = " + vocabulary);
    System.out.println(features.schema().treeString());
    features.orderBy("id").drop("chars").limit(SENTENCES.size()).collectAsList().forEach(r -> System.out.println(r.mkString(" | ")));
  }

  static List<String> words(String sentence) {
    List<String> out = new ArrayList<>();
    for (String w : sentence.toLowerCase(java.util.Locale.ROOT).split("[^\\p{L}\\p{N}']+")) {
      if (!w.isEmpty()) {
        out.add(w);
      }
    }
    return out;
  }
}
