package dev.tatter.frontend;

import dev.tatter.ir.types.DenseType;
import dev.tatter.ir.types.RaggedType;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;

/**
 * How tensorflow_text's Python layer brings a string tensor and per-string rows beside it (labels,
 * offsets: one dimension more than the strings) to its kernels, which take a string vector and
 * rows {@code [strings, (None)]}: a scalar is stacked into a vector, a ragged input recurses into
 * its values (the rows into theirs), a dense input of rank 2 or more is made ragged first, and dense
 * rows beside a vector become ragged ({@code RaggedTensor.from_tensor}).
 */
@BuilderApi
final class TextRows {
  private TextRows() {}

  static Value alongRows(String where, Value input, List<Value> rows, BiFunction<Value, List<Value>, Value> kernel) {
    Strings.checkString(input, where);
    for (Value r : rows) {
      NullArguments.check(r, "an operand of " + where);
      if (rank(r) != rank(input) + 1) {
        throw GraphBuilder.misuse(where + ": each row operand needs the input's rank + 1 (" + (rank(input) + 1)
            + "), got rank " + rank(r), r);
      }
    }
    if (input.type() instanceof RaggedType) {
      List<Value> inner = new ArrayList<>();
      for (Value r : rows) {
        Value rr = r.type() instanceof RaggedType ? r : Conversions.fromTensor(r, null, null, 1);
        inner.add(rr.values());
      }
      return input.withValues(alongRows(where, input.values(), inner, kernel));
    }
    DenseType dense = (DenseType) input.type();
    if (dense.rank() == 0) {
      List<Value> stacked = new ArrayList<>();
      for (Value r : rows) {
        stacked.add(r.type() instanceof RaggedType ? r : ArrayFunctions.expandDims(r, 0));
      }
      return alongRows(where, ArrayFunctions.expandDims(input, 0), stacked, kernel).values();
    }
    if (dense.rank() == 1) {
      List<Value> ragged = new ArrayList<>();
      for (Value r : rows) {
        Value rr = r.type() instanceof RaggedType ? r : Conversions.fromTensor(r, null, null, 1);
        if (((RaggedType) rr.type()).raggedRank() != 1) {
          throw GraphBuilder.misuse(where + ": the rows beside a string vector need one ragged dimension", r);
        }
        ragged.add(rr);
      }
      return kernel.apply(input, ragged);
    }
    return alongRows(where, Conversions.fromTensor(input, null, null, dense.rank() - 1), rows, kernel);
  }

  static int rank(Value v) {
    if (v.type() instanceof DenseType d) {
      return d.rank();
    }
    if (v.type() instanceof RaggedType r) {
      return r.rank();
    }
    throw GraphBuilder.misuse("a dense or ragged tensor is needed here, got " + v.type(), v);
  }
}
