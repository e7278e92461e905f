package dev.tatter.frontend;

import dev.tatter.ir.GraphBuildException;
import dev.tatter.ir.types.DenseType;
import dev.tatter.ir.types.RaggedType;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.Index;
import java.util.ArrayList;
import java.util.List;

/**
 * tensorflow_text's model-input builders over token ids: {@code combine_segments} and {@code
 * concatenate_segments} (segments joined along axis 1, with their segment ids), {@code
 * pad_model_inputs} (a fixed width and its mask), {@code sliding_window} and {@code ngrams}. Each
 * is composed of Tatter's ragged ops as TF Text composes it of TF's, so it runs wherever they do.
 */
@BuilderApi
final class ModelInputs {
  private ModelInputs() {}

  /**
   * {@code text.combine_segments(segments, start_of_sequence_id, end_of_segment_id)}: {@code [start,
   * seg0..., end, seg1..., end, ...]} per row, and the segment ids (0 for the start, each segment's
   * index for its items and its end), both ragged and of the segments' dtype (int32 or int64).
   */
  @TfApi("text.combine_segments")
  static List<Value> combineSegments(List<Value> segments, long startOfSequenceId, long endOfSegmentId) {
    List<Value> rows = segments(segments, "combine_segments");
    GraphBuilder g = rows.get(0).builder();
    DType dtype = rows.get(0).dtype();
    Value start = column(g, rows.get(0), startOfSequenceId);
    Value end = column(g, rows.get(0), endOfSegmentId);
    List<Value> tokens = new ArrayList<>(List.of(start));
    List<Value> ids = new ArrayList<>(List.of(g.ops().zerosLike(start)));
    for (int i = 0; i < rows.size(); i++) {
      Value seg = rows.get(i);
      tokens.add(seg);
      tokens.add(end);
      ids.add(g.ops().zerosLike(seg).add(g.scalar(dtype, (long) i)));
      ids.add(g.ops().zerosLike(end).add(g.scalar(dtype, (long) i)));
    }
    return List.of(Combinations.concat(g, tokens, 1), Combinations.concat(g, ids, 1));
  }

  /** {@code text.concatenate_segments(segments)}: the segments joined along axis 1, and each item's segment index. */
  @TfApi("text.concatenate_segments")
  static List<Value> concatenateSegments(List<Value> segments) {
    List<Value> rows = segments(segments, "concatenate_segments");
    GraphBuilder g = rows.get(0).builder();
    List<Value> ids = new ArrayList<>();
    for (int i = 0; i < rows.size(); i++) {
      ids.add(g.ops().zerosLike(rows.get(i)).add(g.scalar(rows.get(i).dtype(), (long) i)));
    }
    return List.of(Combinations.concat(g, rows, 1), Combinations.concat(g, ids, 1));
  }

  /**
   * {@code text.pad_model_inputs(input, max_seq_length, pad_value)}: the rows cut or padded with
   * {@code pad_value} to {@code max_seq_length}, and a mask of the input's dtype (1 for an item, 0
   * for padding). A ragged input of several ragged dimensions is merged to {@code [batch, (items)]}
   * first; a dense vector gives vectors, a dense matrix matrices.
   */
  @TfApi("text.pad_model_inputs")
  static List<Value> padModelInputs(Value input, long maxSeqLength, Object padValue) {
    if (maxSeqLength < 0) {
      throw GraphBuilder.misuse("pad_model_inputs: max_seq_length must be >= 0, got " + maxSeqLength, input);
    }
    GraphBuilder g = input.builder();
    Value rows;
    boolean vector = false;
    if (input.type() instanceof RaggedType rt) {
      rows = rt.rank() > 2 ? input.mergeDims(1, -1) : input;
    } else if (input.type() instanceof DenseType d && d.rank() >= 1) {
      vector = d.rank() == 1;
      Value matrix = vector ? ArrayFunctions.expandDims(input, 0) : input;
      rows = g.raggedFromTensor(matrix);
      if (d.rank() > 2) {
        rows = rows.mergeDims(1, -1);
      }
    } else {
      throw GraphBuilder.misuse("pad_model_inputs takes a ragged or dense tensor of rank >= 1", input);
    }
    Value padded = rows.toTensor(padValue, -1, maxSeqLength);
    Value mask = g.ops().onesLike(rows).toTensor(0, -1, maxSeqLength);
    if (vector) {
      return List.of(padded.getItem(Index.at(0)), mask.getItem(Index.at(0)));
    }
    return List.of(padded, mask);
  }

  /** {@code text.pad_model_inputs(input, max_seq_length)}: padded with 0. */
  @TfApi("text.pad_model_inputs")
  static List<Value> padModelInputs(Value input, long maxSeqLength) {
    return padModelInputs(input, maxSeqLength, 0);
  }

  /**
   * {@code text.sliding_window(data, width, axis)}: {@code result[..., a, :] = data[..., a:a+width]}
   * along {@code axis}, one dimension of {@code width} added after it; a row shorter than {@code
   * width} gives no window. As TF Text: the {@code width} slices of {@code data} along the axis,
   * stacked after it.
   */
  @TfApi("text.sliding_window")
  static Value slidingWindow(Value data, int width, int axis) {
    if (width <= 0) {
      throw GraphBuilder.misuse("sliding_window: width must be an integer greater than 0, got " + width, data);
    }
    int rank = rankOf(data, "sliding_window");
    if (axis < -rank || axis >= rank) {
      throw GraphBuilder.misuse("sliding_window: axis must be in [-" + rank + ", " + rank + "), got " + axis, data);
    }
    int resolved = axis < 0 ? axis + rank : axis;
    if (data.type() instanceof RaggedType rt && resolved > 1 && resolved <= rt.raggedRank()) {
      // a deeper ragged axis: the windows of the values, under the outer partition
      return data.withValues(slidingWindow(data.values(), width, resolved - 1));
    }
    List<Value> slices = new ArrayList<>();
    for (int start = 0; start < width; start++) {
      Index[] key = new Index[resolved + 1];
      java.util.Arrays.fill(key, Index.all());
      int stop = start - width + 1;
      key[resolved] = Index.slice((long) start, stop == 0 ? null : (long) stop, null);
      slices.add(data.getItem(key));
    }
    return Combinations.stack(data.builder(), slices, resolved + 1);
  }

  /** {@code text.sliding_window(data, width)}: along the last axis. */
  @TfApi("text.sliding_window")
  static Value slidingWindow(Value data, int width) {
    return slidingWindow(data, width, -1);
  }

  /**
   * {@code text.ngrams(data, width, axis, reduction_type, string_separator)}: the sliding windows
   * of {@code width} along {@code axis}, each reduced to one value: summed ({@code SUM}), averaged
   * ({@code MEAN}), or its strings joined with {@code string_separator} ({@code STRING_JOIN}, on
   * the last axis only, as TF Text).
   */
  @TfApi("text.ngrams")
  static Value ngrams(Value data, int width, int axis, @Nullable NgramReduction reductionType, String stringSeparator) {
    if (reductionType == null) {
      throw GraphBuilder.misuse("ngrams: reduction_type must be specified", data);
    }
    if (reductionType == NgramReduction.STRING_JOIN && axis != -1) {
      throw GraphBuilder.misuse("ngrams: STRING_JOIN requires that ngrams' 'axis' parameter be -1, got " + axis, data);
    }
    Value windows = slidingWindow(data, width, axis);
    int reductionAxis = axis < 0 ? axis : axis + 1;
    return switch (reductionType) {
      case SUM -> windows.reduceSum(reductionAxis);
      case MEAN -> windows.reduceMean(reductionAxis);
      case STRING_JOIN -> ArrayFunctions.mapFlatValues(
          w -> data.builder().ops().strings.reduceJoin(w, new long[] {-1}, false, stringSeparator), windows);
    };
  }

  /** {@code text.ngrams(data, width, axis, reduction_type)}: joined with a space for {@code STRING_JOIN}. */
  @TfApi("text.ngrams")
  static Value ngrams(Value data, int width, int axis, @Nullable NgramReduction reductionType) {
    return ngrams(data, width, axis, reductionType, " ");
  }

  private static int rankOf(Value v, String what) {
    if (v.type() instanceof RaggedType rt) {
      return rt.rank();
    }
    if (v.type() instanceof DenseType d) {
      return d.rank();
    }
    throw GraphBuilder.misuse(what + " takes a dense or ragged tensor", v);
  }

  private static List<Value> segments(List<Value> segments, String what) {
    if (segments.isEmpty()) {
      throw new GraphBuildException(what + " at " + CallSite.find() + ": segments must be a nonempty list");
    }
    List<Value> rows = new ArrayList<>();
    for (Value s : segments) { // a loop, not a stream: the refusal's call site is the user's line
      rows.add(Trimmer.asRaggedRows(s, what));
    }
    DType dtype = rows.get(0).dtype();
    for (Value r : rows) {
      if (r.dtype() != DType.INT32 && r.dtype() != DType.INT64) {
        throw GraphBuilder.misuse(what + ": segments must have elements with dtype of int32 or int64", r);
      }
      if (r.dtype() != dtype) {
        throw GraphBuilder.misuse(what + ": every segment must have the dtype of the first, " + dtype, r);
      }
    }
    return rows;
  }

  /** A [batch, 1] ragged column of {@code id}, one row per row of {@code like}. */
  private static Value column(GraphBuilder g, Value like, long id) {
    Value perRow = g.ops().zerosLike(like.rowLengths(), like.dtype()).add(g.scalar(like.dtype(), id));
    return g.raggedFromTensor(ArrayFunctions.expandDims(perRow, 1));
  }
}
