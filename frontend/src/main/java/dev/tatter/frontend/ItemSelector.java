package dev.tatter.frontend;

import dev.tatter.ir.GraphBuildException;
import dev.tatter.ir.types.DenseType;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.Index;
import java.util.List;

/**
 * tensorflow_text's deterministic item selectors: {@code FirstNItemSelector(num_to_select,
 * unselectable_ids)} selects the first {@code n} selectable items of each row, {@code
 * LastNItemSelector} the last {@code n}; an item whose id is in {@code unselectable_ids} is never
 * selected and does not count. {@code n} is a Java integer or an integer {@code Value}, a scalar
 * or one per row. Items are counted along axis 1 of a {@code [batch, (items)]} tensor (ragged, or
 * a dense matrix taken as one).
 *
 * <p>An item is selected when it is selectable and the number of selectable items before it in
 * its row (after it, for the last {@code n}) is below {@code n}: an exclusive running count along
 * the row, where TF Text gathers and scatters positions.
 */
@BuilderApi
public final class ItemSelector {
  private final boolean last;
  private final Object numToSelect;
  private final long[] unselectableIds;
  private final String name;

  private ItemSelector(boolean last, Object numToSelect, long[] unselectableIds, String name) {
    if (!(numToSelect instanceof Value) && !(numToSelect instanceof Long) && !(numToSelect instanceof Integer)) {
      throw new GraphBuildException(name + " at " + CallSite.find()
          + ": num_to_select must be an integer or an integer Value, got " + numToSelect);
    }
    this.last = last;
    this.numToSelect = numToSelect;
    this.unselectableIds = unselectableIds.clone();
    this.name = name;
  }

  /** {@code text.FirstNItemSelector(num_to_select, unselectable_ids)}. */
  @TfApi("text.FirstNItemSelector")
  public static ItemSelector firstNItemSelector(Object numToSelect, long... unselectableIds) {
    return new ItemSelector(false, numToSelect, unselectableIds, "FirstNItemSelector");
  }

  /** {@code text.LastNItemSelector(num_to_select, unselectable_ids)}. */
  @TfApi("text.LastNItemSelector")
  public static ItemSelector lastNItemSelector(Object numToSelect, long... unselectableIds) {
    return new ItemSelector(true, numToSelect, unselectableIds, "LastNItemSelector");
  }

  /** {@code selector.get_selectable(input_ids, axis)}: true where the id is not one of {@code unselectable_ids}. */
  public Value getSelectable(Value inputIds, int axis) {
    Value ids = rows(inputIds, axis);
    Value flat = ids.flatValues();
    Value selectable = flat.builder().ops().onesLike(flat, DType.BOOL);
    for (long id : unselectableIds) {
      selectable = selectable.and(flat.ne(id));
    }
    return ids.withFlatValues(selectable);
  }

  /** {@code selector.get_selection_mask(input_ids, axis)}: a bool ragged tensor of the ids' shape, true where selected. */
  public Value getSelectionMask(Value inputIds, int axis) {
    Value ids = rows(inputIds, axis);
    GraphBuilder g = ids.builder();
    Value selectable = getSelectable(ids, axis);
    Value counted = selectable.cast(DType.INT64);
    // selectable items before this one (after it, for the last n), in its row
    Value others = g.ops().math.cumsum(counted, 1, true, last);
    Value n = num(g);
    Value rowids = ids.valueRowids();
    Value limit = n;
    if (n.type() instanceof DenseType d && d.rank() == 1) {
      // stacked beside the row lengths, as TF Text broadcasts it to them: one count per row, checked at run time
      Value table = Combinations.stack(g, List.of(ids.rowLengths().cast(DType.INT64), n), 1);
      limit = Trimmer.perItem(g, table.getItem(Index.all(), Index.at(1)), rowids);
    }
    Value chosen = selectable.flatValues().and(others.flatValues().lt(limit));
    return ids.withFlatValues(chosen);
  }

  private Value rows(Value inputIds, int axis) {
    if (axis != 1 && axis != -1) {
      throw GraphBuilder.misuse(name + " selects along axis 1 of [batch, (items)] ids; axis " + axis + " is not supported", inputIds);
    }
    Value ids = Trimmer.asRaggedRows(inputIds, name);
    if (!ids.dtype().isInteger()) {
      throw GraphBuilder.misuse(name + " takes integer ids", inputIds);
    }
    return ids;
  }

  private Value num(GraphBuilder g) {
    if (!(numToSelect instanceof Value v)) {
      return g.scalar(DType.INT64, ((Number) numToSelect).longValue());
    }
    if (!(v.type() instanceof DenseType d) || d.rank() > 1 || !(v.dtype() == DType.INT32 || v.dtype() == DType.INT64)) {
      throw GraphBuilder.misuse(name + ": num_to_select must be an int32 or int64 scalar or [batch] vector", v);
    }
    return g.own(v).cast(DType.INT64);
  }
}
