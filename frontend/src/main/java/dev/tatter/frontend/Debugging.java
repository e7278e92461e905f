package dev.tatter.frontend;

import dev.tatter.ir.ops.DebuggingOps;
import dev.tatter.ir.types.DenseType;
import dev.tatter.ir.types.RaggedType;
import java.util.Map;

/**
 * TF's {@code tf.debugging} run-time checks. Each returns its (first) operand after the check:
 * TF returns an op to put in {@code tf.control_dependencies}, or runs the check eagerly; Tatter
 * has no control edges, so the check is carried by the value, and a graph runs it when a fetched
 * value depends on that value (docs/SEMANTICS.md, "Run-time checks"). {@code message} is text;
 * {@code summarize} is how many elements of each operand the error shows (TF's default 3).
 */
@BuilderApi
final class Debugging {
  private Debugging() {}

  /** TF's {@code tf.debugging.assert_equal(x, y)}: x, once {@code x == y} holds everywhere (broadcasting). */
  @TfApi("tf.debugging.assert_equal")
  static Value assertEqual(Value x, Value y) {
    return compare(x, y, "==", null, 3);
  }

  /** TF's {@code tf.debugging.assert_equal(x, y, message, summarize)}. */
  @TfApi("tf.debugging.assert_equal")
  static Value assertEqual(Value x, Value y, @Nullable String message, long summarize) {
    return compare(x, y, "==", message, summarize);
  }

  /** TF's {@code tf.debugging.assert_none_equal(x, y)}: x, once {@code x != y} holds everywhere. */
  @TfApi("tf.debugging.assert_none_equal")
  static Value assertNoneEqual(Value x, Value y) {
    return compare(x, y, "!=", null, 3);
  }

  /** TF's {@code tf.debugging.assert_none_equal(x, y, message, summarize)}. */
  @TfApi("tf.debugging.assert_none_equal")
  static Value assertNoneEqual(Value x, Value y, @Nullable String message, long summarize) {
    return compare(x, y, "!=", message, summarize);
  }

  /** TF's {@code tf.debugging.assert_less(x, y)}: x, once {@code x < y} holds everywhere. */
  @TfApi("tf.debugging.assert_less")
  static Value assertLess(Value x, Value y) {
    return compare(x, y, "<", null, 3);
  }

  /** TF's {@code tf.debugging.assert_less(x, y, message, summarize)}. */
  @TfApi("tf.debugging.assert_less")
  static Value assertLess(Value x, Value y, @Nullable String message, long summarize) {
    return compare(x, y, "<", message, summarize);
  }

  /** TF's {@code tf.debugging.assert_less_equal(x, y)}: x, once {@code x <= y} holds everywhere. */
  @TfApi("tf.debugging.assert_less_equal")
  static Value assertLessEqual(Value x, Value y) {
    return compare(x, y, "<=", null, 3);
  }

  /** TF's {@code tf.debugging.assert_less_equal(x, y, message, summarize)}. */
  @TfApi("tf.debugging.assert_less_equal")
  static Value assertLessEqual(Value x, Value y, @Nullable String message, long summarize) {
    return compare(x, y, "<=", message, summarize);
  }

  /** TF's {@code tf.debugging.assert_greater(x, y)}: x, once {@code x > y} holds everywhere. */
  @TfApi("tf.debugging.assert_greater")
  static Value assertGreater(Value x, Value y) {
    return compare(x, y, ">", null, 3);
  }

  /** TF's {@code tf.debugging.assert_greater(x, y, message, summarize)}. */
  @TfApi("tf.debugging.assert_greater")
  static Value assertGreater(Value x, Value y, @Nullable String message, long summarize) {
    return compare(x, y, ">", message, summarize);
  }

  /** TF's {@code tf.debugging.assert_greater_equal(x, y)}: x, once {@code x >= y} holds everywhere. */
  @TfApi("tf.debugging.assert_greater_equal")
  static Value assertGreaterEqual(Value x, Value y) {
    return compare(x, y, ">=", null, 3);
  }

  /** TF's {@code tf.debugging.assert_greater_equal(x, y, message, summarize)}. */
  @TfApi("tf.debugging.assert_greater_equal")
  static Value assertGreaterEqual(Value x, Value y, @Nullable String message, long summarize) {
    return compare(x, y, ">=", message, summarize);
  }

  /** TF's {@code tf.debugging.assert_positive(x)}: x, once every element is {@code > 0}. */
  @TfApi("tf.debugging.assert_positive")
  static Value assertPositive(Value x) {
    return againstZero(x, ">", null, 3);
  }

  /** TF's {@code tf.debugging.assert_positive(x, message, summarize)}. */
  @TfApi("tf.debugging.assert_positive")
  static Value assertPositive(Value x, @Nullable String message, long summarize) {
    return againstZero(x, ">", message, summarize);
  }

  /** TF's {@code tf.debugging.assert_negative(x)}: x, once every element is {@code < 0}. */
  @TfApi("tf.debugging.assert_negative")
  static Value assertNegative(Value x) {
    return againstZero(x, "<", null, 3);
  }

  /** TF's {@code tf.debugging.assert_negative(x, message, summarize)}. */
  @TfApi("tf.debugging.assert_negative")
  static Value assertNegative(Value x, @Nullable String message, long summarize) {
    return againstZero(x, "<", message, summarize);
  }

  /** TF's {@code tf.debugging.assert_non_negative(x)}: x, once every element is {@code >= 0}. */
  @TfApi("tf.debugging.assert_non_negative")
  static Value assertNonNegative(Value x) {
    return againstZero(x, ">=", null, 3);
  }

  /** TF's {@code tf.debugging.assert_non_negative(x, message, summarize)}. */
  @TfApi("tf.debugging.assert_non_negative")
  static Value assertNonNegative(Value x, @Nullable String message, long summarize) {
    return againstZero(x, ">=", message, summarize);
  }

  /** TF's {@code tf.debugging.assert_non_positive(x)}: x, once every element is {@code <= 0}. */
  @TfApi("tf.debugging.assert_non_positive")
  static Value assertNonPositive(Value x) {
    return againstZero(x, "<=", null, 3);
  }

  /** TF's {@code tf.debugging.assert_non_positive(x, message, summarize)}. */
  @TfApi("tf.debugging.assert_non_positive")
  static Value assertNonPositive(Value x, @Nullable String message, long summarize) {
    return againstZero(x, "<=", message, summarize);
  }

  /** TF's {@code tf.debugging.check_numerics(tensor, message)}: the tensor (dense or ragged), once it holds no NaN or infinity. */
  @TfApi("tf.debugging.check_numerics")
  static Value checkNumerics(Value tensor, String message) {
    GraphBuilder g = tensor.builder();
    Map<String, Object> attrs = Map.of("message", Strings.bytesOf(message));
    if (tensor.type() instanceof RaggedType) {
      GraphBuilder.Decomposed d = g.decompose(tensor);
      return g.rebuild(g.op(DebuggingOps.CHECK_NUMERICS, attrs, d.flatValues()), d.partitions());
    }
    return g.op(DebuggingOps.CHECK_NUMERICS, attrs, tensor);
  }

  /** TF's {@code tf.debugging.assert_all_finite(t, msg)}: {@link #checkNumerics}. */
  @TfApi("tf.debugging.assert_all_finite")
  static Value assertAllFinite(Value t, String msg) {
    return checkNumerics(t, msg);
  }

  private static Value againstZero(Value x, String comparison, String message, long summarize) {
    return check(x, x.builder().scalar(x.type().dtype(), 0), comparison, message, summarize, true);
  }

  private static Value compare(Value x, Value y, String comparison, String message, long summarize) {
    return check(x, y, comparison, message, summarize, false);
  }

  private static Value check(Value x, Value y, String comparison, String message, long summarize, boolean againstZero) {
    for (Value v : againstZero ? new Value[] {x} : new Value[] {x, y}) {
      if (!(v.type() instanceof DenseType)) {
        throw GraphBuilder.misuse("tf.debugging assertions take dense tensors", v);
      }
    }
    GraphBuilder g = x.builder();
    return g.op(DebuggingOps.ASSERT_COMPARE, Map.of("comparison", comparison, "message", Strings.bytesOf(message == null ? "" : message),
        "summarize", summarize, "against_zero", againstZero), x, g.own(y));
  }
}
