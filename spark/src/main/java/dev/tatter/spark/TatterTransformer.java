package dev.tatter.spark;

import dev.tatter.ir.Graph;
import dev.tatter.ir.text.GraphPrinter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.apache.spark.ml.Transformer;
import org.apache.spark.ml.param.IntParam;
import org.apache.spark.ml.param.Param;
import org.apache.spark.ml.param.ParamMap;
import org.apache.spark.ml.param.ParamValidators;
import org.apache.spark.ml.param.StringArrayParam;
import org.apache.spark.ml.util.DefaultParamsReader;
import org.apache.spark.ml.util.DefaultParamsWritable;
import org.apache.spark.ml.util.Identifiable$;
import org.apache.spark.ml.util.MLReader;
import org.apache.spark.rdd.RDD;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.types.StructType;

/**
 * A Spark ML stage that runs a Tatter graph over a DataFrame's array columns: each input column
 * feeds a placeholder, each fetched value becomes a new column, a batch of rows at a time.
 *
 * <pre>{@code
 * TatterTransformer stage = new TatterTransformer()
 *     .setGraph(graphText)                                  // the textual IR (it is saved with the stage)
 *     .setInputs(Map.of("tokens", "tokens"))                // column -> placeholder
 *     .setOutputs(List.of("lengths", "ids"),                // fetched values ...
 *         List.of("token_count", "token_ids"))              // ... -> new columns, in this order
 *     .setBatchSize(4096);
 * Dataset<Row> out = stage.transform(documents);
 * }</pre>
 *
 * <p>Types: a placeholder's dimensions after the batch are nested arrays, ragged or not
 * ({@link SparkTypes}); {@code transformSchema} refuses a column whose type is not its
 * placeholder's, naming both, and derives each new column's type from its value's static type.
 *
 * <p>Execution: the input's rows are read as Spark's internal rows ({@code InternalRow}); an
 * array in Spark's own binary form ({@code UnsafeArrayData}) is copied into the flat values in
 * bulk, a string as its UTF-8 bytes, and any other array through its primitive getters (the
 * public {@code Row} API would box every element into a {@code Seq}). Each task gathers
 * {@code batchSize} rows, runs the graph once on them with the {@code Session} its JVM holds for
 * this graph (compiled once per executor), and appends the results to the rows, each new array
 * column written in Spark's binary form. A failing batch is rerun row by row to name the row
 * that fails, in one line without a stack trace ({@link #setRowKeyColumn}).
 *
 * <p>Nulls ({@link NullPolicy}): a tensor has no null values, so a null array is refused by
 * default; {@code "empty"} reads it as an empty array (its outputs are then those of an empty
 * row: a row's {@code reduce_max} is the dtype's lowest value, not NULL); {@code "propagate"}
 * gives NULL in every new column whose fetch depends on the null column (through the graph's
 * operands), and those columns are nullable.
 *
 * <p>Saved and loaded as Spark saves any stage of plain params ({@code DefaultParamsWritable};
 * {@link #read()}/{@link #load}), alone or inside a {@code Pipeline}.
 */
public final class TatterTransformer extends Transformer implements DefaultParamsWritable {
  private static final long serialVersionUID = 1L;

  private final String uid;
  private final Param<String> graph;
  private final StringArrayParam inputColumns;
  private final StringArrayParam placeholders;
  private final StringArrayParam fetches;
  private final StringArrayParam outputColumns;
  private final IntParam batchSize;
  private final Param<String> nullPolicy;
  private final Param<String> rowKeyColumn;

  public TatterTransformer() {
    this(Identifiable$.MODULE$.randomUID("tatter"));
  }

  /** The constructor Spark's reader and {@code copy} call. */
  public TatterTransformer(String uid) {
    this.uid = uid;
    graph = new Param<>(this, "graph", "the graph, as Tatter's textual IR");
    inputColumns = new StringArrayParam(this, "inputColumns", "input columns, each feeding the placeholder at its index");
    placeholders = new StringArrayParam(this, "placeholders", "placeholder names (without %), one per input column");
    fetches = new StringArrayParam(this, "fetches", "fetched value names (without %), one per output column");
    outputColumns = new StringArrayParam(this, "outputColumns", "new columns, each holding the fetch at its index");
    batchSize = new IntParam(this, "batchSize", "rows per run of the graph (>= 1)", ParamValidators.gtEq(1));
    nullPolicy = new Param<>(this, "nullPolicy", "a null array: \"error\" (refused, naming row and column), \"empty\""
        + " (read as an empty array) or \"propagate\" (NULL in every new column depending on it)",
        ParamValidators.inArray(new String[] {"error", "empty", "propagate"}));
    rowKeyColumn = new Param<>(this, "rowKeyColumn", "a column whose value names a row in an error (\"\": the row's"
        + " monotonically_increasing_id())");
    setDefault(inputColumns, new String[0]);
    setDefault(placeholders, new String[0]);
    setDefault(fetches, new String[0]);
    setDefault(outputColumns, new String[0]);
    setDefault(batchSize, 1024);
    setDefault(nullPolicy, NullPolicy.ERROR.paramValue());
    setDefault(rowKeyColumn, "");
  }

  /** Spark's reader of saved stages (a Pipeline's loader finds it by this name). */
  public static MLReader<TatterTransformer> read() {
    return new DefaultParamsReader<>();
  }

  public static TatterTransformer load(String path) {
    return read().load(path);
  }

  @Override
  public String uid() {
    return uid;
  }

  public Param<String> graph() {
    return graph;
  }

  public StringArrayParam inputColumns() {
    return inputColumns;
  }

  public StringArrayParam placeholders() {
    return placeholders;
  }

  public StringArrayParam fetches() {
    return fetches;
  }

  public StringArrayParam outputColumns() {
    return outputColumns;
  }

  public IntParam batchSize() {
    return batchSize;
  }

  public Param<String> nullPolicy() {
    return nullPolicy;
  }

  public Param<String> rowKeyColumn() {
    return rowKeyColumn;
  }

  public TatterTransformer setGraph(String text) {
    java.util.Objects.requireNonNull(text, "spark: setGraph(null): the graph's text is null");
    GraphCache.parse(text); // refuse a graph that does not parse here, not on the executors
    set(graph, text);
    return this;
  }

  /** The graph as its textual IR (value names are kept, so fetches and placeholders keep theirs). */
  public TatterTransformer setGraph(Graph g) {
    java.util.Objects.requireNonNull(g, "spark: setGraph(null): the graph is null");
    return setGraph(GraphPrinter.print(g));
  }

  /** Column to placeholder name, in the map's iteration order. */
  public TatterTransformer setInputs(Map<String, String> columnToPlaceholder) {
    checkNoNulls(columnToPlaceholder, "setInputs", "column", "placeholder");
    set(inputColumns, columnToPlaceholder.keySet().toArray(new String[0]));
    set(placeholders, columnToPlaceholder.values().toArray(new String[0]));
    return this;
  }

  /**
   * Fetched value name to new column, the new columns in the map's iteration order: a map that
   * has one (a {@code LinkedHashMap}, a {@code SortedMap}, or one entry). A map of unspecified
   * order ({@code Map.of}, {@code HashMap}, Guava's maps, which this check cannot tell apart) is
   * refused, since the columns would come out in hash order: use {@link #setOutputs(List, List)}.
   */
  public TatterTransformer setOutputs(Map<String, String> fetchToColumn) {
    checkNoNulls(fetchToColumn, "setOutputs", "fetch", "column");
    if (!hasOrder(fetchToColumn)) {
      throw new IllegalArgumentException("spark: setOutputs(Map) takes the new columns in the map's order, and a "
          + fetchToColumn.getClass().getName() + " has none (its order is its hashes'): give setOutputs(List.of(fetches),"
          + " List.of(columns)) or a LinkedHashMap");
    }
    return setOutputs(List.copyOf(fetchToColumn.keySet()), List.copyOf(fetchToColumn.values()));
  }

  /** The fetched values {@code fetches} (names without {@code %}) as the new columns {@code columns}, in this order. */
  public TatterTransformer setOutputs(List<String> fetchNames, List<String> columns) {
    java.util.Objects.requireNonNull(fetchNames, "spark: setOutputs: the fetch names are null");
    java.util.Objects.requireNonNull(columns, "spark: setOutputs: the columns are null");
    // each element compared, not contains(null): List.of's lists refuse to look for a null
    if (fetchNames.stream().anyMatch(java.util.Objects::isNull) || columns.stream().anyMatch(java.util.Objects::isNull)) {
      throw new NullPointerException("spark: setOutputs: a null "
          + (fetchNames.stream().anyMatch(java.util.Objects::isNull) ? "fetch" : "column") + " name");
    }
    if (fetchNames.size() != columns.size()) {
      throw new IllegalArgumentException("spark: " + fetchNames.size() + " fetches but " + columns.size()
          + " output columns (each fetched value names one column)");
    }
    set(fetches, fetchNames.toArray(new String[0]));
    set(outputColumns, columns.toArray(new String[0]));
    return this;
  }

  private static boolean hasOrder(Map<?, ?> map) {
    return map.size() <= 1 || map instanceof java.util.LinkedHashMap || map instanceof java.util.SortedMap;
  }

  public TatterTransformer setBatchSize(int rows) {
    set(batchSize, rows);
    return this;
  }

  public TatterTransformer setNullPolicy(NullPolicy policy) {
    java.util.Objects.requireNonNull(policy, "spark: setNullPolicy(null): the policy is null");
    set(nullPolicy, policy.paramValue());
    return this;
  }

  /**
   * The column whose value names a row in an error ({@code "id = 12345"}); without one, a row is
   * named by the {@code monotonically_increasing_id()} Spark gives it in this input (its partition
   * in the upper 31 bits, its position in the partition in the lower 33), which
   * {@code input.withColumn("row_id", monotonically_increasing_id())} shows for the same input.
   */
  public TatterTransformer setRowKeyColumn(String column) {
    set(rowKeyColumn, column);
    return this;
  }

  private static void checkNoNulls(Map<String, String> map, String method, String key, String value) {
    java.util.Objects.requireNonNull(map, "spark: " + method + "(null): the map is null");
    map.forEach((k, v) -> {
      if (k == null || v == null) {
        throw new NullPointerException("spark: " + method + ": a null " + (k == null ? key : value) + " name");
      }
    });
  }

  public String getGraph() {
    return getOrDefault(graph);
  }

  public int getBatchSize() {
    return (Integer) getOrDefault(batchSize);
  }

  public NullPolicy getNullPolicy() {
    return NullPolicy.ofParam(getOrDefault(nullPolicy));
  }

  public String getRowKeyColumn() {
    return getOrDefault(rowKeyColumn);
  }

  private List<String> list(StringArrayParam p) {
    return new ArrayList<>(Arrays.asList(getOrDefault(p)));
  }

  private GraphBinding bind(StructType schema) {
    if (!isDefined(graph)) {
      throw new IllegalArgumentException("spark: no graph set (setGraph)");
    }
    String key = getRowKeyColumn();
    if (!key.isEmpty() && !Arrays.asList(schema.fieldNames()).contains(key)) {
      throw new IllegalArgumentException("spark: no row key column " + key + " in the DataFrame; its columns: "
          + Arrays.asList(schema.fieldNames()));
    }
    return GraphBinding.bind(GraphCache.parse(getGraph()), schema, list(inputColumns), list(placeholders),
        list(fetches), list(outputColumns), getNullPolicy());
  }

  @Override
  public StructType transformSchema(StructType schema) {
    return bind(schema).schema;
  }

  @Override
  public Dataset<Row> transform(Dataset<?> dataset) {
    StructType input = dataset.schema();
    StructType output = transformSchema(input);
    org.apache.spark.sql.classic.Dataset<?> classic = (org.apache.spark.sql.classic.Dataset<?>) dataset;
    PartitionRunner runner = new PartitionRunner(getGraph(), input, list(inputColumns), list(placeholders),
        list(fetches), list(outputColumns), getBatchSize(), getNullPolicy(), getRowKeyColumn());
    RDD<InternalRow> rows = classic.queryExecution().toRdd().toJavaRDD().mapPartitions(runner).rdd();
    return classic.sparkSession().internalCreateDataFrame(rows, output, false);
  }

  @Override
  public TatterTransformer copy(ParamMap extra) {
    return defaultCopy(extra);
  }
}
