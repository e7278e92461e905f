package dev.tatter.spark;

import dev.tatter.frontend.Result;
import dev.tatter.ir.Node;
import dev.tatter.runtime.InvalidArgumentException;
import java.io.Serial;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import org.apache.spark.TaskContext;
import org.apache.spark.api.java.function.FlatMapFunction;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.GenericInternalRow;
import org.apache.spark.sql.catalyst.expressions.JoinedRow;
import org.apache.spark.sql.types.StructType;

/**
 * What each task runs over its partition: rows gathered into batches of {@code batchSize}, each
 * batch's columns read into the placeholders' values, one {@code Session.run} per batch (with all
 * its feed checks), and the fetched values written back as new columns after the row's own (NULL
 * where {@link NullPolicy#PROPAGATE} says so). Serializable: it carries the graph's text and the
 * parameters, never a compiled graph, and finds the executor's session in {@link GraphCache}.
 */
final class PartitionRunner implements FlatMapFunction<Iterator<InternalRow>, InternalRow> {
  @Serial
  private static final long serialVersionUID = 1L;

  private final String graphText;
  private final String fingerprint;
  private final StructType inputSchema;
  private final List<String> columns;
  private final List<String> placeholders;
  private final List<String> fetches;
  private final List<String> outputColumns;
  private final int batchSize;
  private final NullPolicy nullPolicy;
  private final String rowKeyColumn;
  /**
   * Arrays in Spark's binary form are read and written in bulk (the default), or else element by
   * element through Spark's getters and generic arrays, as any other {@code ArrayData} is: the two
   * paths give the same bits, which a test checks by running both.
   */
  private final boolean bulkArrays;

  PartitionRunner(String graphText, StructType inputSchema, List<String> columns, List<String> placeholders,
      List<String> fetches, List<String> outputColumns, int batchSize, NullPolicy nullPolicy, String rowKeyColumn) {
    this(graphText, inputSchema, columns, placeholders, fetches, outputColumns, batchSize, nullPolicy, rowKeyColumn, true);
  }

  PartitionRunner(String graphText, StructType inputSchema, List<String> columns, List<String> placeholders,
      List<String> fetches, List<String> outputColumns, int batchSize, NullPolicy nullPolicy, String rowKeyColumn,
      boolean bulkArrays) {
    this.graphText = graphText;
    this.fingerprint = GraphCache.fingerprint(graphText);
    this.inputSchema = inputSchema;
    this.columns = List.copyOf(columns);
    this.placeholders = List.copyOf(placeholders);
    this.fetches = List.copyOf(fetches);
    this.outputColumns = List.copyOf(outputColumns);
    this.batchSize = batchSize;
    this.nullPolicy = nullPolicy;
    this.rowKeyColumn = rowKeyColumn;
    this.bulkArrays = bulkArrays;
  }

  @Override
  public Iterator<InternalRow> call(Iterator<InternalRow> rows) {
    GraphCache.Loaded loaded = GraphCache.get(fingerprint, graphText);
    GraphBinding binding = GraphBinding.bind(loaded.graph(), inputSchema, columns, placeholders, fetches, outputColumns,
        nullPolicy);
    TaskContext task = TaskContext.get();
    int partition = task == null ? 0 : task.partitionId();
    RowNames names = rowKeyColumn.isEmpty() ? new RowNames(partition, "", -1, null)
        : new RowNames(partition, rowKeyColumn, inputSchema.fieldIndex(rowKeyColumn),
            inputSchema.apply(rowKeyColumn).dataType());
    return new Batches(loaded, binding, rows, names);
  }

  /** The output rows of one partition, computed a batch at a time as they are asked for. */
  private final class Batches implements Iterator<InternalRow> {
    private final GraphCache.Loaded loaded;
    private final GraphBinding binding;
    private final Iterator<InternalRow> rows;
    private final RowNames names;
    private final List<InputColumn> inputs = new ArrayList<>();
    private final List<OutputColumn> outputs = new ArrayList<>();
    private final List<Node> fetchNodes = new ArrayList<>();
    private final List<InternalRow> batch = new ArrayList<>();
    private InternalRow[] ready = new InternalRow[0];
    private int next;
    private long rowsRead;

    Batches(GraphCache.Loaded loaded, GraphBinding binding, Iterator<InternalRow> rows, RowNames names) {
      this.loaded = loaded;
      this.binding = binding;
      this.rows = rows;
      this.names = names;
      for (GraphBinding.Input in : binding.inputs) {
        inputs.add(newInput(in));
      }
      for (int i = 0; i < binding.outputs.size(); i++) {
        GraphBinding.Output out = binding.outputs.get(i);
        outputs.add(new OutputColumn(out.fetch().name().orElseThrow(), i, out.fetch().type(), bulkArrays));
        fetchNodes.add(out.fetch());
      }
    }

    private InputColumn newInput(GraphBinding.Input in) {
      return new InputColumn(in.column(), in.ordinal(), in.placeholder().name().orElseThrow(), in.placeholder().type(),
          nullPolicy, names, bulkArrays);
    }

    @Override
    public boolean hasNext() {
      if (next < ready.length) {
        return true;
      }
      return rows.hasNext() && runBatch();
    }

    @Override
    public InternalRow next() {
      if (!hasNext()) {
        throw new NoSuchElementException();
      }
      InternalRow row = ready[next];
      ready[next++] = null;
      return row;
    }

    private boolean runBatch() {
      batch.clear();
      long first = rowsRead;
      while (batch.size() < batchSize && rows.hasNext()) {
        // Spark reuses the row object it hands out: keep a copy for the output row
        InternalRow row = rows.next().copy();
        for (InputColumn in : inputs) {
          in.read(row, rowsRead);
        }
        batch.add(row);
        rowsRead++;
      }
      Map<String, Object> feeds = new HashMap<>();
      for (InputColumn in : inputs) {
        feeds.put(in.placeholder(), in.take());
      }
      Result result;
      try {
        result = loaded.session().run(feeds, fetchNodes);
      } catch (InvalidArgumentException e) {
        throw locate(e, first);
      }
      List<OutputColumn.Rows> laidOut = new ArrayList<>(outputs.size());
      for (int i = 0; i < outputs.size(); i++) {
        laidOut.add(outputs.get(i).rows(result.get(i), batch.size(), nullRows(binding.outputs.get(i))));
      }
      ready = new InternalRow[batch.size()];
      for (int r = 0; r < ready.length; r++) {
        GenericInternalRow added = new GenericInternalRow(laidOut.size());
        for (OutputColumn.Rows out : laidOut) {
          out.write(added, r);
        }
        ready[r] = new JoinedRow(batch.get(r), added);
      }
      next = 0;
      return ready.length > 0;
    }

    /** The rows where an input the output depends on is null (under PROPAGATE; none otherwise). */
    private BitSet nullRows(GraphBinding.Output out) {
      BitSet nulls = new BitSet();
      for (int input : out.inputs()) {
        nulls.or(inputs.get(input).nullRows());
      }
      return nulls;
    }

    /**
     * The batch failed as a whole: runs its rows one at a time to name the first row that fails
     * alone (only on this failure path, so a good batch pays nothing for it). The error is one
     * line: the row, its input values, and the graph's own message (node, op, source line).
     */
    private InvalidArgumentException locate(InvalidArgumentException batchFailure, long first) {
      List<InputColumn> single = binding.inputs.stream().map(this::newInput).toList();
      for (int r = 0; r < batch.size(); r++) {
        InternalRow row = batch.get(r);
        Map<String, Object> feeds = new HashMap<>();
        for (InputColumn in : single) {
          in.read(row, first + r);
          feeds.put(in.placeholder(), in.take());
        }
        try {
          loaded.session().run(feeds, fetchNodes);
        } catch (InvalidArgumentException alone) {
          return new RowFailure("spark: " + names.name(row, first + r) + " fails the graph with " + describe(row, single)
              + ": " + alone.getMessage());
        }
      }
      return new RowFailure("spark: the " + batch.size() + " rows from " + names.name(batch.get(0), first)
          + " fail the graph together, though each row passes alone: " + batchFailure.getMessage());
    }

    /** {@code column ids as %ids = [1, 9]}, for each input column, and which are null stand-ins. */
    private String describe(InternalRow row, List<InputColumn> single) {
      List<String> parts = new ArrayList<>();
      for (int i = 0; i < binding.inputs.size(); i++) {
        GraphBinding.Input in = binding.inputs.get(i);
        String value = RowNames.preview(row, in.ordinal(), inputSchema.apply(in.ordinal()).dataType());
        boolean standIn = single.get(i).nullRows().get(0);
        parts.add("column " + in.column() + " as %" + in.placeholder().name().orElseThrow() + " = " + value
            + (standIn ? ", run as a stand-in under nullPolicy \"propagate\"" : ""));
      }
      return String.join(", ", parts);
    }
  }
}
