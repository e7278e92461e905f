package dev.tatter.spark;

import dev.tatter.ir.Graph;
import dev.tatter.ir.Node;
import dev.tatter.ir.types.DenseType;
import dev.tatter.ir.types.RaggedType;
import dev.tatter.ir.types.Type;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * A graph bound to a DataFrame's schema: which column feeds which placeholder (checked type
 * against type), which fetched value becomes which new column, and the schema that results.
 * Built on the driver by {@code transformSchema} and again on each executor from the same
 * parameters, so both sides agree on every ordinal and type.
 */
final class GraphBinding {
  /** A column feeding a placeholder. */
  record Input(String column, int ordinal, Node placeholder) {}

  /**
   * A fetched value written as a new column; {@code inputs} are the indices (in {@link #inputs})
   * of the input columns it depends on, found in the graph as given: under {@link
   * NullPolicy#PROPAGATE} the column is null in a row where one of them is.
   */
  record Output(String column, Node fetch, int[] inputs) {}

  final List<Input> inputs;
  final List<Output> outputs;
  /** The input schema followed by the new columns. */
  final StructType schema;
  /** The new columns alone, in output order. */
  final StructType newColumns;

  private GraphBinding(List<Input> inputs, List<Output> outputs, StructType schema, StructType newColumns) {
    this.inputs = List.copyOf(inputs);
    this.outputs = List.copyOf(outputs);
    this.schema = schema;
    this.newColumns = newColumns;
  }

  static GraphBinding bind(Graph graph, StructType input, List<String> columns, List<String> placeholders,
      List<String> fetches, List<String> outputColumns, NullPolicy nullPolicy) {
    if (columns.size() != placeholders.size()) {
      throw new IllegalArgumentException("spark: " + columns.size() + " input columns but " + placeholders.size()
          + " placeholders (each input column names one placeholder)");
    }
    if (fetches.size() != outputColumns.size()) {
      throw new IllegalArgumentException("spark: " + fetches.size() + " fetches but " + outputColumns.size()
          + " output columns (each fetched value names one column)");
    }
    if (fetches.isEmpty()) {
      throw new IllegalArgumentException("spark: no outputs (set at least one fetched value and its column)");
    }
    List<String> existing = Arrays.asList(input.fieldNames());
    List<String> graphPlaceholders = graph.placeholders().stream().map(n -> n.name().orElseThrow()).toList();
    List<Input> inputs = new ArrayList<>();
    Set<String> fed = new HashSet<>();
    for (int i = 0; i < columns.size(); i++) {
      String column = columns.get(i);
      String name = placeholders.get(i);
      if (!existing.contains(column)) {
        throw new IllegalArgumentException("spark: no column " + column + " in the DataFrame; its columns: " + existing);
      }
      Node placeholder = graph.node(name).filter(n -> n.op().mnemonic().equals("placeholder")).orElseThrow(() ->
          new IllegalArgumentException("spark: column " + column + " is mapped to placeholder %" + name
              + ", which the graph does not have; its placeholders: " + graphPlaceholders));
      if (!fed.add(name)) {
        throw new IllegalArgumentException("spark: placeholder %" + name + " is fed by two columns");
      }
      checkBatchDimension(placeholder.type(), "placeholder %" + name);
      DataType expected = SparkTypes.columnType(placeholder.type(), "placeholder %" + name);
      DataType actual = input.apply(column).dataType();
      if (!SparkTypes.feeds(actual, expected)) {
        throw new IllegalArgumentException("spark: column " + column + " is " + actual.simpleString()
            + " but placeholder %" + name + " is " + placeholder.type() + ", which reads " + expected.simpleString());
      }
      inputs.add(new Input(column, input.fieldIndex(column), placeholder));
    }
    List<Output> outputs = new ArrayList<>();
    List<StructField> added = new ArrayList<>();
    Set<String> names = new HashSet<>(existing);
    for (int i = 0; i < fetches.size(); i++) {
      String name = fetches.get(i);
      String column = outputColumns.get(i);
      Node fetch = graph.node(name).orElseThrow(() -> new IllegalArgumentException(
          "spark: no value named %" + name + " in the graph (fetches are value names, without the %)"));
      if (!names.add(column)) {
        throw new IllegalArgumentException("spark: output column " + column + " already exists");
      }
      checkBatchDimension(fetch.type(), "fetch %" + name);
      int[] dependsOn = dependencies(graph, fetch, inputs);
      boolean nullable = nullPolicy == NullPolicy.PROPAGATE && dependsOn.length > 0;
      added.add(new StructField(column, SparkTypes.columnType(fetch.type(), "fetch %" + name), nullable,
          org.apache.spark.sql.types.Metadata.empty()));
      outputs.add(new Output(column, fetch, dependsOn));
    }
    checkFed(graph, outputs, fed);
    StructType newColumns = new StructType(added.toArray(new StructField[0]));
    StructType schema = input;
    for (StructField f : added) {
      schema = schema.add(f);
    }
    return new GraphBinding(inputs, outputs, schema, newColumns);
  }

  /** A batch has as many rows as the partition gives it: a type that fixes the row count cannot take every batch. */
  private static void checkBatchDimension(Type type, String what) {
    long rows = type instanceof RaggedType r ? r.nrows() : type instanceof DenseType d && d.rank() >= 1 ? d.dim(0) : -1;
    if (rows >= 0) {
      throw new IllegalArgumentException("spark: " + what + " has type " + type + ", whose " + rows
          + " rows fix the batch size; a column's value needs an unknown number of rows (None)");
    }
  }

  /** The indices of the inputs whose placeholders {@code fetch} reaches through its operands. */
  private static int[] dependencies(Graph graph, Node fetch, List<Input> inputs) {
    BitSet reached = reachable(graph, List.of(fetch));
    List<Integer> found = new ArrayList<>();
    for (int i = 0; i < inputs.size(); i++) {
      if (reached.get(inputs.get(i).placeholder().id())) {
        found.add(i);
      }
    }
    return found.stream().mapToInt(Integer::intValue).toArray();
  }

  private static BitSet reachable(Graph graph, List<Node> from) {
    BitSet seen = new BitSet(graph.size());
    ArrayDeque<Node> work = new ArrayDeque<>(from);
    while (!work.isEmpty()) {
      Node n = work.pop();
      if (!seen.get(n.id())) {
        seen.set(n.id());
        work.addAll(n.inputs());
      }
    }
    return seen;
  }

  /** Every placeholder the fetches need must be fed by a column (Session.run would refuse the first batch). */
  private static void checkFed(Graph graph, List<Output> outputs, Set<String> fed) {
    BitSet needed = reachable(graph, outputs.stream().map(Output::fetch).toList());
    for (Node p : graph.placeholders()) {
      if (needed.get(p.id()) && !fed.contains(p.name().orElseThrow())) {
        throw new IllegalArgumentException("spark: placeholder %" + p.name().orElseThrow()
            + " is needed by the fetches but no column feeds it");
      }
    }
  }
}
