package dev.tatter.spark.bench;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.expr;

import dev.tatter.spark.TatterTransformer;
import dev.tatter.spark.Workloads;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.api.java.UDF1;
import org.apache.spark.sql.types.DataTypes;

/**
 * TatterTransformer against Spark SQL on the same {@code local[N]} session, round-robin: the text
 * feature job ({@link TextFeatureJob}, read from Parquet), W1 (the elementwise chain) and W3 (row
 * sums of squares) over ragged float arrays (a cached frame), each as (a) a
 * {@link TatterTransformer}, (b) Spark SQL's higher-order functions ({@code transform},
 * {@code aggregate}) and, for W1 and W3, (c) a Java UDF over the row's {@code Seq}; each written
 * to Spark's {@code noop} sink (every value computed, nothing stored) and as Parquet. Every
 * variant's result is checked against the others' first. Each round runs every job once, the one
 * going first rotating; the warm-up rounds are untimed. Per job: wall time (rows/s) and the
 * process's CPU time (Spark's tasks run on its executor threads, so the calling thread's CPU says
 * nothing).
 *
 * <p>{@code mvn -B -q -Pspark-bench -pl spark -am test -DskipTests -Dbench.args="--rounds=5"}; arguments
 * (all optional): {@code --text-rows=300000 --numeric-rows=1000000 --rounds=5 --warmups=1
 * --masters=local[1],local[2] --workloads=text,W1,W3 --sinks=noop,parquet --batch-size=4096 --markdown}.
 * With {@code --markdown} the tables are printed as a section of {@code docs/BENCHMARKS.md}
 * (bench/report.sh runs it so) and progress goes to stderr.
 */
public final class SparkBenchmark {
  private SparkBenchmark() {}

  /** W1 in SQL. {@code /} is a double division in Spark SQL: the quotient is computed in double, cast back. */
  static final String W1_SQL = "transform(x, v -> CAST((CAST(v * 2 + 1 AS DOUBLE) / 3 - v) * v AS FLOAT))";
  static final String W3_SQL = "aggregate(x, CAST(0 AS FLOAT), (acc, v) -> acc + v * v)";

  record Options(int textRows, int numericRows, int rounds, int warmups, List<String> masters, List<String> workloads,
      List<String> sinks, int batchSize, boolean markdown) {
    static Options parse(String[] args) {
      Map<String, String> given = new LinkedHashMap<>();
      for (String a : args) {
        if (!a.startsWith("--")) {
          throw new IllegalArgumentException("arguments are --name=value (see SparkBenchmark's Javadoc), got " + a);
        }
        int eq = a.indexOf('=');
        given.put(eq < 0 ? a.substring(2) : a.substring(2, eq), eq < 0 ? "true" : a.substring(eq + 1));
      }
      Options o = new Options(Integer.parseInt(given.getOrDefault("text-rows", "300000")),
          Integer.parseInt(given.getOrDefault("numeric-rows", "1000000")),
          Integer.parseInt(given.getOrDefault("rounds", "5")), Integer.parseInt(given.getOrDefault("warmups", "1")),
          List.of(given.getOrDefault("masters", "local[1],local[2]").split(",")),
          List.of(given.getOrDefault("workloads", "text,W1,W3").split(",")),
          List.of(given.getOrDefault("sinks", "noop,parquet").split(",")),
          Integer.parseInt(given.getOrDefault("batch-size", "4096")), given.containsKey("markdown"));
      List<String> known = List.of("text-rows", "numeric-rows", "rounds", "warmups", "masters", "workloads", "sinks",
          "batch-size", "markdown");
      for (String k : given.keySet()) {
        if (!known.contains(k)) {
          throw new IllegalArgumentException("unknown argument --" + k + "; known: " + known);
        }
      }
      return o;
    }
  }

  /** One timed job: a workload's variant written to a sink. */
  record Job(String workload, String variant, String sink, long rows, Supplier<Dataset<Row>> frame) {
    String name() {
      return workload + " " + variant + " " + sink;
    }
  }

  /** A job's samples: rows/s and process CPU seconds per run. */
  record Samples(Job job, List<Double> rowsPerSecond, List<Double> cpuSeconds) {}

  private static final com.sun.management.OperatingSystemMXBean PROCESS =
      (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();

  public static void main(String[] args) throws IOException {
    Options o = Options.parse(args);
    String loadAtStart = loadAverage();
    Path work = Files.createTempDirectory("tatter-spark-bench");
    Map<String, List<Samples>> byMaster = new LinkedHashMap<>();
    for (String master : o.masters()) {
      SparkSession spark = SparkSession.builder().master(master).appName("tatter-spark-bench")
          .config("spark.ui.enabled", "false").config("spark.ui.showConsoleProgress", "false")
          .config("spark.driver.bindAddress", "127.0.0.1").config("spark.driver.host", "127.0.0.1").getOrCreate();
      spark.sparkContext().setLogLevel("WARN");
      try {
        byMaster.put(master, run(spark, master, o, work));
      } finally {
        spark.stop();
      }
    }
    String table = render(o, byMaster, loadAtStart);
    System.out.print(table);
    deleteRecursively(work);
  }

  static List<Samples> run(SparkSession spark, String master, Options o, Path work) {
    List<Job> jobs = new ArrayList<>();
    List<Runnable> cleanup = new ArrayList<>();
    if (o.workloads().contains("text")) {
      TextFeatureJob text = new TextFeatureJob(11);
      String input = work.resolve("text-input.parquet").toString();
      if (!Files.exists(work.resolve("text-input.parquet"))) {
        text.writeParquet(spark, o.textRows(), input);
      }
      TatterTransformer stage = text.transformer(o.batchSize());
      Supplier<Dataset<Row>> read = () -> spark.read().parquet(input);
      TextFeatureCheck.check(read.get(), stage, text);
      for (String sink : o.sinks()) {
        jobs.add(new Job("text", "tatter", sink, o.textRows(), () -> stage.transform(read.get())));
        jobs.add(new Job("text", "sql-hof", sink, o.textRows(), () -> text.sql(read.get())));
      }
    }
    if (o.workloads().contains("W1") || o.workloads().contains("W3")) {
      Dataset<Row> floats = numericInput(spark, o.numericRows());
      cleanup.add(floats::unpersist);
      registerUdfs(spark);
      TatterTransformer w1 = new TatterTransformer().setGraph(Workloads.W1).setInputs(Map.of("x", "x"))
          .setOutputs(List.of("y"), List.of("y")).setBatchSize(o.batchSize());
      TatterTransformer w3 = new TatterTransformer().setGraph(Workloads.W3).setInputs(Map.of("x", "x"))
          .setOutputs(List.of("sums"), List.of("y")).setBatchSize(o.batchSize());
      checkNumericAgreement(floats, w1, w3);
      for (String sink : o.sinks()) {
        for (String w : List.of("W1", "W3")) {
          if (!o.workloads().contains(w)) {
            continue;
          }
          TatterTransformer stage = w.equals("W1") ? w1 : w3;
          String sql = w.equals("W1") ? W1_SQL : W3_SQL;
          String udf = w.equals("W1") ? "w1_udf(x)" : "w3_udf(x)";
          jobs.add(new Job(w, "tatter", sink, o.numericRows(), () -> stage.transform(floats)));
          jobs.add(new Job(w, "sql-hof", sink, o.numericRows(), () -> floats.select(col("x"), expr(sql).as("y"))));
          jobs.add(new Job(w, "java-udf", sink, o.numericRows(), () -> floats.select(col("x"), expr(udf).as("y"))));
        }
      }
    }

    List<Samples> samples = new ArrayList<>();
    jobs.forEach(j -> samples.add(new Samples(j, new ArrayList<>(), new ArrayList<>())));
    for (int round = 0; round < o.warmups() + o.rounds(); round++) {
      for (int k = 0; k < jobs.size(); k++) {
        Samples s = samples.get((k + round) % jobs.size());
        long cpu0 = PROCESS.getProcessCpuTime();
        long start = System.nanoTime();
        write(s.job(), work);
        double seconds = (System.nanoTime() - start) / 1e9;
        double cpu = (PROCESS.getProcessCpuTime() - cpu0) / 1e9;
        if (round >= o.warmups()) {
          s.rowsPerSecond().add(s.job().rows() / seconds);
          s.cpuSeconds().add(cpu);
        }
      }
      System.err.printf(Locale.ROOT, "%s: %s round %d of %d done (load average %s)%n", SparkBenchmark.class.getSimpleName(),
          master, round + 1, o.warmups() + o.rounds(), loadAverage());
    }
    cleanup.forEach(Runnable::run);
    return samples;
  }

  static void write(Job job, Path work) {
    Dataset<Row> frame = job.frame().get();
    if (job.sink().equals("noop")) {
      frame.write().format("noop").mode("overwrite").save();
    } else if (job.sink().equals("parquet")) {
      frame.write().mode("overwrite").parquet(work.resolve("out-" + job.workload() + "-" + job.variant()).toString());
    } else {
      throw new IllegalArgumentException("unknown sink " + job.sink() + " (noop or parquet)");
    }
  }

  /** Lengths 0..16 and values in [-4, 4) from a hash of (row, index): the same data on every master. */
  static Dataset<Row> numericInput(SparkSession spark, int rows) {
    Dataset<Row> input = spark.range(0, rows, 1, 8)
        .select(expr("transform(array_repeat(0, CAST(pmod(xxhash64(id), 17) AS INT)),"
            + " (z, i) -> CAST(pmod(xxhash64(id, i), 8000) / 1000.0 - 4 AS FLOAT))").as("x"))
        .cache();
    input.count();
    return input;
  }

  static void registerUdfs(SparkSession spark) {
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
  }

  /**
   * W3's three variants sum the same floats in the same order: their totals agree to the rounding
   * of the total. W1's agree bit for bit on every value (SQL computes the quotient in double and
   * rounds it once to float, as the others do in float, which for these operands gives the same
   * bits: checked here, not assumed).
   */
  static void checkNumericAgreement(Dataset<Row> input, TatterTransformer w1, TatterTransformer w3) {
    double[] totals = {
        w3.transform(input).selectExpr("sum(CAST(y AS DOUBLE))").first().getDouble(0),
        input.select(expr(W3_SQL).as("y")).selectExpr("sum(CAST(y AS DOUBLE))").first().getDouble(0),
        input.select(expr("w3_udf(x)").as("y")).selectExpr("sum(CAST(y AS DOUBLE))").first().getDouble(0)};
    for (int i = 1; i < 3; i++) {
      if (Math.abs(totals[i] - totals[0]) > 1e-6 * Math.abs(totals[0])) {
        throw new IllegalStateException("W3 variants disagree: " + Arrays.toString(totals));
      }
    }
    long w1Values = w1.transform(input).selectExpr("sum(size(y))").first().getLong(0);
    long sqlValues = input.select(expr(W1_SQL).as("y")).selectExpr("sum(size(y))").first().getLong(0);
    long udfValues = input.select(expr("w1_udf(x)").as("y")).selectExpr("sum(size(y))").first().getLong(0);
    if (w1Values != sqlValues || w1Values != udfValues) {
      throw new IllegalStateException("W1 variants disagree on the value count: " + w1Values + ", " + sqlValues + ", "
          + udfValues);
    }
  }

  static String render(Options o, Map<String, List<Samples>> byMaster, String loadAtStart) {
    StringBuilder md = new StringBuilder();
    md.append("#### Spark: TatterTransformer against Spark SQL\n\n");
    md.append('`').append(command(o)).append("`\n\n");
    md.append("| master | workload | sink | variant | rows/s median | rows/s min | rows/s max | process CPU s median | vs SQL HOF |\n");
    md.append("|---|---|---|---|---:|---:|---:|---:|---:|\n");
    List<String> figures = new ArrayList<>();
    for (Map.Entry<String, List<Samples>> e : byMaster.entrySet()) {
      for (Samples s : e.getValue()) {
        Job j = s.job();
        double median = median(s.rowsPerSecond());
        double sql = e.getValue().stream().filter(t -> t.job().workload().equals(j.workload())
            && t.job().sink().equals(j.sink()) && t.job().variant().equals("sql-hof"))
            .mapToDouble(t -> median(t.rowsPerSecond())).findFirst().orElse(Double.NaN);
        md.append(String.format(Locale.ROOT, "| %s | %s | %s | %s | %,.0f | %,.0f | %,.0f | %.2f | %.2f× |%n", e.getKey(),
            j.workload(), j.sink(), j.variant(), median, min(s.rowsPerSecond()), max(s.rowsPerSecond()),
            median(s.cpuSeconds()), median / sql));
        if (j.variant().equals("tatter")) {
          figures.add(String.format(Locale.ROOT, "<!-- figure spark-%s-%s-%s-vs-sql %.6g -->", j.workload(), j.sink(),
              e.getKey().replaceAll("[\\[\\]]", ""), median / sql));
        }
      }
    }
    if (byMaster.size() > 1) {
      List<String> masters = new ArrayList<>(byMaster.keySet());
      String first = masters.get(0);
      String last = masters.get(masters.size() - 1);
      md.append("\nScaling, rows/s on ").append(last).append(" over ").append(first).append(" (medians):\n\n");
      md.append("| workload | sink | variant | ").append(first).append(" rows/s | ").append(last)
          .append(" rows/s | scaling |\n|---|---|---|---:|---:|---:|\n");
      for (Samples s : byMaster.get(last)) {
        Job j = s.job();
        Samples base = byMaster.get(first).stream().filter(t -> t.job().name().equals(j.name())).findFirst().orElse(null);
        if (base != null) {
          double a = median(base.rowsPerSecond());
          double b = median(s.rowsPerSecond());
          md.append(String.format(Locale.ROOT, "| %s | %s | %s | %,.0f | %,.0f | %.2f× |%n", j.workload(), j.sink(),
              j.variant(), a, b, b / a));
        }
      }
    }
    md.append(String.format(Locale.ROOT, "%n%d rounds after %d warm-up round(s), the job going first rotating; text: %,d rows"
        + " read from Parquet (4 files), W1/W3: %,d rows of float arrays (lengths 0..16, cached); batch size %d;"
        + " load average %s when the driver started, %s after the last table.%n%n", o.rounds(), o.warmups(), o.textRows(),
        o.numericRows(), o.batchSize(), loadAtStart, loadAverage()));
    figures.forEach(f -> md.append(f).append('\n'));
    return md.toString();
  }

  static String command(Options o) {
    List<String> flags = ManagementFactory.getRuntimeMXBean().getInputArguments().stream()
        .filter(f -> !f.startsWith("--add-opens") && !f.startsWith("-Dio.netty")).toList();
    return ("java " + String.join(" ", flags) + " [Spark's --add-opens] -cp <spark module test class path> "
        + SparkBenchmark.class.getName() + String.format(Locale.ROOT, " --text-rows=%d --numeric-rows=%d --rounds=%d"
        + " --warmups=%d --masters=%s --workloads=%s --sinks=%s --batch-size=%d", o.textRows(), o.numericRows(),
        o.rounds(), o.warmups(), String.join(",", o.masters()), String.join(",", o.workloads()),
        String.join(",", o.sinks()), o.batchSize())).replaceAll(" +", " ");
  }

  static double median(List<Double> values) {
    List<Double> sorted = new ArrayList<>(values);
    sorted.sort(null);
    int n = sorted.size();
    return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
  }

  static double min(List<Double> values) {
    return values.stream().mapToDouble(Double::doubleValue).min().orElse(Double.NaN);
  }

  static double max(List<Double> values) {
    return values.stream().mapToDouble(Double::doubleValue).max().orElse(Double.NaN);
  }

  static String loadAverage() {
    try {
      String[] f = Files.readString(Path.of("/proc/loadavg")).trim().split("\\s+");
      return f[0] + " " + f[1] + " " + f[2];
    } catch (IOException e) {
      return "unknown";
    }
  }

  static void deleteRecursively(Path dir) throws IOException {
    try (var paths = Files.walk(dir)) {
      for (Path p : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    }
  }
}
