package dev.tatter.spark.bench;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.expr;

import dev.tatter.spark.TatterTransformer;
import dev.tatter.spark.Workloads;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.api.java.UDF1;
import org.apache.spark.sql.types.DataTypes;

/**
 * W1 (the elementwise chain) and W3 (row sums of squares) over ragged float arrays on Spark,
 * three ways: (a) {@link TatterTransformer}, (b) Spark SQL's higher-order functions
 * ({@code transform}, {@code aggregate}), (c) a Java UDF over the row's {@code Seq}. Each job reads
 * the same cached DataFrame and writes to Spark's {@code noop} sink (every output value is
 * computed, nothing is stored). Round-robin: every round runs each variant once, in an order
 * rotated per round, after one warm-up round; prints the median rows/s per master.
 *
 * <p>{@code mvn -B -q -Pspark-bench -pl spark -am test -DskipTests -Dbench.args="ROWS ROUNDS [MASTERS]"}
 * (default {@code 1000000 5 local[1],local[2]}).
 */
public final class SparkRaggedBenchmark {
  private SparkRaggedBenchmark() {}

  /** W1 in SQL. {@code /} is a double division in Spark SQL: the quotient is computed in double, cast back. */
  static final String W1_SQL = "transform(x, v -> CAST((CAST(v * 2 + 1 AS DOUBLE) / 3 - v) * v AS FLOAT))";
  static final String W3_SQL = "aggregate(x, CAST(0 AS FLOAT), (acc, v) -> acc + v * v)";

  public static void main(String[] args) {
    int rows = args.length > 0 ? Integer.parseInt(args[0]) : 1_000_000;
    int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 5;
    List<String> masters = Arrays.asList((args.length > 2 ? args[2] : "local[1],local[2]").split(","));
    List<String> report = new ArrayList<>();
    report.add("| master | workload | variant | median rows/s | min | max | vs SQL HOF |");
    report.add("|---|---|---|---|---|---|---|");
    for (String master : masters) {
      SparkSession spark = SparkSession.builder().master(master).appName("tatter-spark-bench")
          .config("spark.ui.enabled", "false").config("spark.ui.showConsoleProgress", "false")
          .config("spark.driver.bindAddress", "127.0.0.1").config("spark.driver.host", "127.0.0.1").getOrCreate();
      spark.sparkContext().setLogLevel("WARN");
      try {
        report.addAll(run(spark, master, rows, rounds));
      } finally {
        spark.stop();
      }
    }
    System.out.println();
    System.out.printf(Locale.ROOT, "%d rows of float arrays, lengths 0..16; %d measured rounds after 1 warm-up%n", rows, rounds);
    report.forEach(System.out::println);
  }

  static List<String> run(SparkSession spark, String master, int rows, int rounds) {
    // lengths 0..16 and values in [-4, 4) from a hash of (row, index): the same data on every master
    Dataset<Row> input = spark.range(0, rows, 1, 8)
        .select(expr("transform(array_repeat(0, CAST(pmod(xxhash64(id), 17) AS INT)),"
            + " (z, i) -> CAST(pmod(xxhash64(id, i), 8000) / 1000.0 - 4 AS FLOAT))").as("x"))
        .cache();
    input.count();

    spark.udf().register("w1_udf", (UDF1<scala.collection.Seq<Object>, float[]>) xs -> {
      float[] out = new float[xs.length()];
      for (int i = 0; i < out.length; i++) {
        float v = (Float) xs.apply(i);
        out[i] = ((v * 2 + 1) / 3 - v) * v;
      }
      return out;
    }, DataTypes.createArrayType(DataTypes.FloatType, false));
    spark.udf().register("w3_udf", (UDF1<scala.collection.Seq<Object>, Float>) xs -> {
      float sum = 0;
      for (int i = 0; i < xs.length(); i++) {
        float v = (Float) xs.apply(i);
        sum += v * v;
      }
      return sum;
    }, DataTypes.FloatType);

    Map<String, Function<Dataset<Row>, Dataset<Row>>> jobs = new LinkedHashMap<>();
    TatterTransformer w1 = new TatterTransformer().setGraph(Workloads.W1).setInputs(Map.of("x", "x"))
        .setOutputs(Map.of("y", "y")).setBatchSize(4096);
    TatterTransformer w3 = new TatterTransformer().setGraph(Workloads.W3).setInputs(Map.of("x", "x"))
        .setOutputs(Map.of("sums", "y")).setBatchSize(4096);
    jobs.put("W1 tatter", w1::transform);
    jobs.put("W1 sql-hof", df -> df.select(col("x"), expr(W1_SQL).as("y")));
    jobs.put("W1 java-udf", df -> df.select(col("x"), expr("w1_udf(x)").as("y")));
    jobs.put("W3 tatter", w3::transform);
    jobs.put("W3 sql-hof", df -> df.select(col("x"), expr(W3_SQL).as("y")));
    jobs.put("W3 java-udf", df -> df.select(col("x"), expr("w3_udf(x)").as("y")));
    checkAgreement(input, jobs);

    List<String> names = new ArrayList<>(jobs.keySet());
    Map<String, List<Double>> rates = new LinkedHashMap<>();
    names.forEach(n -> rates.put(n, new ArrayList<>()));
    for (int round = 0; round <= rounds; round++) {
      for (int k = 0; k < names.size(); k++) {
        String name = names.get((k + round) % names.size());
        long start = System.nanoTime();
        jobs.get(name).apply(input).write().format("noop").mode("overwrite").save();
        double seconds = (System.nanoTime() - start) / 1e9;
        if (round > 0) {
          rates.get(name).add(rows / seconds);
        }
      }
      System.out.printf(Locale.ROOT, "%s round %d done%n", master, round);
    }
    input.unpersist();
    List<String> lines = new ArrayList<>();
    for (String name : names) {
      List<Double> r = new ArrayList<>(rates.get(name));
      r.sort(null);
      String workload = name.substring(0, 2);
      List<Double> hof = new ArrayList<>(rates.get(workload + " sql-hof"));
      hof.sort(null);
      lines.add(String.format(Locale.ROOT, "| %s | %s | %s | %,.0f | %,.0f | %,.0f | %.2fx |", master, workload,
          name.substring(3), median(r), r.get(0), r.get(r.size() - 1), median(r) / median(hof)));
    }
    return lines;
  }

  /** The three W3 variants sum the same floats in the same order: their totals must agree to float rounding of the total. */
  static void checkAgreement(Dataset<Row> input, Map<String, Function<Dataset<Row>, Dataset<Row>>> jobs) {
    double[] totals = new double[3];
    String[] variants = {"W3 tatter", "W3 sql-hof", "W3 java-udf"};
    for (int i = 0; i < 3; i++) {
      totals[i] = jobs.get(variants[i]).apply(input).selectExpr("sum(CAST(y AS DOUBLE))").first().getDouble(0);
    }
    for (int i = 1; i < 3; i++) {
      if (Math.abs(totals[i] - totals[0]) > 1e-6 * Math.abs(totals[0])) {
        throw new IllegalStateException("W3 variants disagree: " + Arrays.toString(totals));
      }
    }
    long w1Rows = jobs.get("W1 tatter").apply(input).selectExpr("sum(size(y))").first().getLong(0);
    long sqlRows = jobs.get("W1 sql-hof").apply(input).selectExpr("sum(size(y))").first().getLong(0);
    if (w1Rows != sqlRows) {
      throw new IllegalStateException("W1 variants disagree on the value count: " + w1Rows + " vs " + sqlRows);
    }
  }

  static double median(List<Double> sorted) {
    int n = sorted.size();
    return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
  }
}
