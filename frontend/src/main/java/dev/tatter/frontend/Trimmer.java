package dev.tatter.frontend;

import dev.tatter.ir.GraphBuildException;
import dev.tatter.ir.types.DenseType;
import dev.tatter.ir.types.RaggedType;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.Index;
import java.util.ArrayList;
import java.util.List;

/**
 * tensorflow_text's trimmers: a length budget per batch row shared out among a list of segments
 * ({@code [batch, (items)]}, ragged or dense), then {@code generate_mask} says which items each
 * segment keeps and {@code trim} drops the others ({@code tf.ragged.boolean_mask}).
 *
 * <p>TF Text computes the allocation with a loop (a while loop or its round-robin kernel); here
 * each item's fate is one closed formula over the segments' row lengths {@code L_k}, so the mask
 * is elementwise work on the flat values and compiles like any ragged arithmetic. Item {@code j}
 * (0-based) of segment {@code i} is kept when its rank in the order the strategy fills the budget
 * is below the budget {@code M}:
 * <ul>
 *   <li>waterfall (segments in order): rank {@code = j + sum_{k<i} L_k};
 *   <li>round robin (one item of each segment per round, segments in order): rank {@code =
 *       sum_k min(L_k, j) + #{k < i : L_k > j}};
 *   <li>shrink longest (drop the last item of the longest segment, the first of equals, until the
 *       rows fit; kept items are the reverse of that order): rank {@code = sum_k min(L_k, j) +
 *       #{k > i : L_k > j}}.
 * </ul>
 * A budget of zero or less keeps nothing. The budget is a Java integer or an integer {@code Value},
 * a scalar or one per batch row ({@code [batch]}).
 */
@BuilderApi
public final class Trimmer {
  enum Strategy { WATERFALL, ROUND_ROBIN, SHRINK_LONGEST }

  private final Strategy strategy;
  private final Object maxSeqLength;
  private final String name;

  private Trimmer(Strategy strategy, Object maxSeqLength, String name) {
    if (!(maxSeqLength instanceof Value) && !(maxSeqLength instanceof Long) && !(maxSeqLength instanceof Integer)) {
      throw new GraphBuildException(name + " at " + CallSite.find()
          + ": max_seq_length must be an integer or an integer Value, got " + maxSeqLength);
    }
    this.strategy = strategy;
    this.maxSeqLength = maxSeqLength;
    this.name = name;
  }

  /** {@code text.WaterfallTrimmer(max_seq_length)}: the budget goes to the segments in order. */
  @TfApi("text.WaterfallTrimmer")
  public static Trimmer waterfallTrimmer(Object maxSeqLength) {
    return new Trimmer(Strategy.WATERFALL, maxSeqLength, "WaterfallTrimmer");
  }

  /** {@code text.RoundRobinTrimmer(max_seq_length)}: one item of each segment per round until the budget is spent. */
  @TfApi("text.RoundRobinTrimmer")
  public static Trimmer roundRobinTrimmer(Object maxSeqLength) {
    return new Trimmer(Strategy.ROUND_ROBIN, maxSeqLength, "RoundRobinTrimmer");
  }

  /** {@code text.ShrinkLongestTrimmer(max_seq_length)}: the longest segment (the first of equals) loses its last item until the row fits. */
  @TfApi("text.ShrinkLongestTrimmer")
  public static Trimmer shrinkLongestTrimmer(Object maxSeqLength) {
    return new Trimmer(Strategy.SHRINK_LONGEST, maxSeqLength, "ShrinkLongestTrimmer");
  }

  /** {@code trimmer.generate_mask(segments)}: per segment, a bool ragged tensor of its shape, true where the item is kept. */
  public List<Value> generateMask(List<Value> segments) {
    List<Value> shaped = segments(segments);
    // a [batch, (words), (pieces)] segment is trimmed over its pieces: its items merged into one row
    List<Value> ragged = new ArrayList<>();
    for (Value s : shaped) {
      ragged.add(s.type() instanceof RaggedType rt && rt.raggedRank() > 1 ? s.mergeDims(1, -1) : s);
    }
    GraphBuilder g = ragged.get(0).builder();
    Value budget = budget(g);
    boolean perRowBudget = budget.type() instanceof DenseType d && d.rank() == 1;
    // one [batch, segments (+ budget)] table, as TF Text stacks the row lengths: stacking checks at
    // run time that every segment (and a per-row budget) has one batch size
    List<Value> columns = new ArrayList<>();
    ragged.forEach(s -> columns.add(s.rowLengths().cast(DType.INT64)));
    if (perRowBudget) {
      columns.add(budget);
    }
    Value table = Combinations.stack(g, columns, 1);
    List<Value> lengths = new ArrayList<>();
    for (int k = 0; k < columns.size(); k++) {
      lengths.add(table.getItem(Index.all(), Index.at(k)));
    }
    List<Value> masks = new ArrayList<>();
    for (int i = 0; i < ragged.size(); i++) {
      Value seg = ragged.get(i);
      Value rowids = seg.valueRowids();
      Value j = seg.offsetsInRows().cast(DType.INT64);
      Value rank = switch (strategy) {
        case WATERFALL -> {
          Value r = j;
          for (int k = 0; k < i; k++) {
            r = r.add(perItem(g, lengths.get(k), rowids));
          }
          yield r;
        }
        case ROUND_ROBIN, SHRINK_LONGEST -> {
          Value r = g.ops().zerosLike(j);
          for (int k = 0; k < ragged.size(); k++) {
            Value lk = perItem(g, lengths.get(k), rowids);
            r = r.add(g.ops().math.minimum(lk, j));
            boolean before = strategy == Strategy.ROUND_ROBIN ? k < i : k > i;
            if (before) {
              r = r.add(lk.gt(j).cast(DType.INT64));
            }
          }
          yield r;
        }
      };
      Value keep = perRowBudget ? rank.lt(perItem(g, lengths.get(ragged.size()), rowids)) : rank.lt(budget);
      masks.add(shaped.get(i).withFlatValues(keep));
    }
    return masks;
  }

  /** {@code trimmer.trim(segments)}: each segment with the items {@link #generateMask} drops removed. */
  public List<Value> trim(List<Value> segments) {
    List<Value> ragged = segments(segments);
    List<Value> masks = generateMask(ragged);
    List<Value> out = new ArrayList<>();
    for (int i = 0; i < ragged.size(); i++) {
      out.add(Selections.booleanMask(ragged.get(i).builder(), ragged.get(i), masks.get(i)));
    }
    return out;
  }

  private Value budget(GraphBuilder g) {
    if (!(maxSeqLength instanceof Value v)) {
      return g.scalar(DType.INT64, ((Number) maxSeqLength).longValue());
    }
    if (!(v.type() instanceof DenseType d) || d.rank() > 1 || !(v.dtype() == DType.INT32 || v.dtype() == DType.INT64)) {
      throw GraphBuilder.misuse(name + ": max_seq_length must be an int32 or int64 scalar or [batch] vector", v);
    }
    return g.own(v).cast(DType.INT64);
  }

  /** A per-row [batch] value repeated for each item of a segment (its value_rowids), as int64. */
  static Value perItem(GraphBuilder g, Value perRow, Value rowids) {
    return g.ops().gather(perRow, rowids).cast(DType.INT64);
  }

  /**
   * The segments as ragged tensors ragged in every dimension after the batch ({@code [batch,
   * (items)]}, {@code [batch, (words), (pieces)]}, ...): a dense {@code [batch, items]} one becomes
   * ragged with full rows.
   */
  List<Value> segments(List<Value> segments) {
    if (segments.isEmpty()) {
      throw new GraphBuildException(name + " at " + CallSite.find() + ": segments must be a nonempty list");
    }
    List<Value> rows = new ArrayList<>();
    for (Value s : segments) { // a loop, not a stream: the refusal's call site is the user's line
      rows.add(s.type() instanceof RaggedType rt && rt.raggedRank() > 1 && rt.rank() == rt.raggedRank() + 1
          ? s : asRaggedRows(s, name));
    }
    return rows;
  }

  /** A rank-2 ragged tensor of one ragged dimension, or a dense matrix taken as one; anything else is refused. */
  static Value asRaggedRows(Value v, String what) {
    if (v.type() instanceof RaggedType rt && rt.raggedRank() == 1 && rt.rank() == 2) {
      return v;
    }
    if (v.type() instanceof DenseType d && d.rank() == 2) {
      return v.builder().raggedFromTensor(v);
    }
    throw GraphBuilder.misuse(what + " takes segments of shape [batch, (items)] (ragged, or a dense matrix)"
        + (what.endsWith("Trimmer") ? " or [batch, (words), (pieces)...] (ragged in every dimension after the batch)" : ""), v);
  }
}
