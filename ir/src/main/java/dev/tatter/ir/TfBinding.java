package dev.tatter.ir;

import static com.google.common.base.Preconditions.checkArgument;

import com.google.common.collect.ImmutableList;
import java.util.List;
import java.util.Optional;

/**
 * An op's identity in TensorFlow: the raw ops ({@code tf.raw_ops} names, TF's kernels) whose
 * semantics it implements, and the Python API paths that reach it ({@code tf.math.sqrt},
 * {@code tf.strings.split}); or, for an op TF has no counterpart of, why. Every registered op
 * carries one, so its TF name, its oracle coverage and its place in the user API are derived
 * from its definition instead of being kept in lists beside it.
 *
 * <p>{@code rawOps} are what the {@code -Ptf} oracle runs against (the first is the reference;
 * any others are kernels the op also stands for, such as a dtype-specific variant). An
 * {@code apis} path names the Python function a user calls: the user API's generated namespace
 * method of that name calls this op directly unless a hand-written method claims the same path
 * (the op is then one step of TF's Python-level dispatch, as {@code ragged_gather} is of
 * {@code tf.gather}). A path with an upper-case segment is a method of a TF class
 * ({@code tf.RaggedTensor.to_tensor}) and is documented, not generated.
 *
 * @param rawOps TF's raw op names, reference first; empty where TF composes the op in Python
 * @param apis TF's Python API paths, the canonical one first
 * @param pythonLevel how TF's Python layer defines the op when no single raw op's kernel does
 *     (its dtypes or semantics come from Python code), else empty
 * @param noCounterpart why TF has nothing this op corresponds to, else empty
 */
public record TfBinding(List<String> rawOps, List<String> apis, String pythonLevel, String noCounterpart) {
  /** The binding of an op not bound yet (none). */
  public static final TfBinding UNBOUND = new TfBinding(List.of(), List.of(), "", "");

  public TfBinding {
    rawOps = ImmutableList.copyOf(rawOps);
    apis = ImmutableList.copyOf(apis);
    for (String raw : rawOps) {
      checkArgument(raw.matches("[A-Z][A-Za-z0-9]*"), "a raw op name is TF's CamelCase op name, not '%s'", raw);
    }
    for (String api : apis) {
      checkArgument(api.matches("(tf|text)(\\.[A-Za-z_][A-Za-z0-9_]*)+"),
          "an API path is a dotted Python path under tf. or text. (tensorflow_text), not '%s'", api);
    }
    checkArgument(noCounterpart.isEmpty() || (rawOps.isEmpty() && apis.isEmpty() && pythonLevel.isEmpty()),
        "an op without a TF counterpart names no raw op, API path or Python-level definition");
  }

  /** Whether anything is said: a counterpart in TF, or why there is none. */
  public boolean isBound() {
    return !rawOps.isEmpty() || !apis.isEmpty() || !noCounterpart.isEmpty();
  }

  /** The raw op whose kernel is the reference, if any. */
  public Optional<String> referenceRawOp() {
    return rawOps.isEmpty() ? Optional.empty() : Optional.of(rawOps.get(0));
  }

  TfBinding withRawOps(String... names) {
    return new TfBinding(concat(rawOps, names), apis, pythonLevel, noCounterpart);
  }

  TfBinding withApis(String... paths) {
    return new TfBinding(rawOps, concat(apis, paths), pythonLevel, noCounterpart);
  }

  TfBinding withPythonLevel(String how) {
    checkArgument(!how.isBlank(), "say how TF's Python layer defines the op");
    return new TfBinding(rawOps, apis, how, noCounterpart);
  }

  TfBinding withNoCounterpart(String why) {
    checkArgument(!why.isBlank(), "say why TF has no counterpart");
    return new TfBinding(rawOps, apis, pythonLevel, why);
  }

  private static ImmutableList<String> concat(List<String> head, String... tail) {
    return ImmutableList.<String>builder().addAll(head).add(tail).build();
  }
}
