package dev.tatter.ir;

import dev.tatter.runtime.DType;
import dev.tatter.runtime.kernels.elementwise.PointwiseKernels;
import dev.tatter.runtime.kernels.elementwise.ScalarFunction;
import java.lang.reflect.Method;
import java.util.Optional;
import java.util.function.Function;

/**
 * How an op takes part in a fused loop, declared by the op itself ({@link OpDef#fusion()}). The
 * fuse pass asks an op's kind whether and how it fuses, and the bytecode backend emits each kind
 * through {@link Visitor}, so a new kind is a new record here and a compile error in every backend
 * until handled. No fusion or codegen file names an op. The yes/no questions and the accessors
 * below answer through a visitor too ({@link #byKind}), so a new kind must be answered for each.
 */
public sealed interface Fusion {
  <R> R accept(Visitor<R> visitor);

  /** Whether this kind is one step per element of its operands, as an elementwise op is: {@link Pointwise} or {@link Cast}. */
  default boolean isElementwise() {
    return accept(byKind(pointwise -> true, cast -> true, rowFold -> false, gather -> false, scan -> false, filter -> false));
  }

  /** Whether this kind is {@link RowFold}: a row reduction, the root of a fused group. */
  default boolean isRowFold() {
    return accept(byKind(pointwise -> false, cast -> false, rowFold -> true, gather -> false, scan -> false, filter -> false));
  }

  /** Whether this kind is {@link Gather}: a read of one value per row through value_rowids. */
  default boolean isGather() {
    return accept(byKind(pointwise -> false, cast -> false, rowFold -> false, gather -> true, scan -> false, filter -> false));
  }

  /** Whether this kind is {@link Scan}: a running fold within rows. */
  default boolean isScan() {
    return accept(byKind(pointwise -> false, cast -> false, rowFold -> false, gather -> false, scan -> true, filter -> false));
  }

  /** Whether this kind is {@link Filter}: a compaction of the values by a mask. */
  default boolean isFilter() {
    return accept(byKind(pointwise -> false, cast -> false, rowFold -> false, gather -> false, scan -> false, filter -> true));
  }

  /** A {@link Pointwise} op's scalar function; empty for the other kinds. */
  default Optional<ScalarFunction> pointwiseFunction() {
    return accept(byKind(pointwise -> Optional.of(pointwise.function()), cast -> Optional.empty(),
        rowFold -> Optional.empty(), gather -> Optional.empty(), scan -> Optional.empty(), filter -> Optional.empty()));
  }

  /** A {@link RowFold}'s fold function; empty for the other kinds. */
  default Optional<ScalarFunction> rowFoldFunction() {
    return accept(byKind(pointwise -> Optional.empty(), cast -> Optional.empty(), rowFold -> Optional.of(rowFold.fold()),
        gather -> Optional.empty(), scan -> Optional.empty(), filter -> Optional.empty()));
  }

  /** A {@link Scan}'s fold function; empty for the other kinds. */
  default Optional<ScalarFunction> scanFunction() {
    return accept(byKind(pointwise -> Optional.empty(), cast -> Optional.empty(), rowFold -> Optional.empty(),
        gather -> Optional.empty(), scan -> Optional.of(scan.fold()), filter -> Optional.empty()));
  }

  /**
   * A visitor from one answer per kind, in the order {@link Visitor} declares them: a new kind
   * adds a parameter here, so every question above fails to compile until it answers for it.
   */
  private static <R> Visitor<R> byKind(Function<Pointwise, R> pointwise, Function<Cast, R> cast,
      Function<RowFold, R> rowFold, Function<Gather, R> gather, Function<Scan, R> scan, Function<Filter, R> filter) {
    return new Visitor<>() {
      @Override
      public R visitPointwise(Pointwise p) {
        return pointwise.apply(p);
      }

      @Override
      public R visitCast(Cast c) {
        return cast.apply(c);
      }

      @Override
      public R visitRowFold(RowFold r) {
        return rowFold.apply(r);
      }

      @Override
      public R visitGather(Gather g) {
        return gather.apply(g);
      }

      @Override
      public R visitScan(Scan s) {
        return scan.apply(s);
      }

      @Override
      public R visitFilter(Filter f) {
        return filter.apply(f);
      }
    };
  }

  /** The cases a backend handles. */
  interface Visitor<R> {
    R visitPointwise(Pointwise pointwise);

    R visitCast(Cast cast);

    R visitRowFold(RowFold rowFold);

    R visitGather(Gather gather);

    R visitScan(Scan scan);

    R visitFilter(Filter filter);
  }

  /**
   * An elementwise op defined by its scalar function: one step per element, calling the overload
   * for the operands' compute type (see {@link ScalarFunction}).
   */
  record Pointwise(ScalarFunction function) implements Fusion {
    @Override
    public <R> R accept(Visitor<R> visitor) {
      return visitor.visitPointwise(this);
    }
  }

  /**
   * {@code cast}: a step whose element function depends on its {@code dtype} attribute, one of
   * {@code ScalarFunctions.to<Dtype>} (see {@link PointwiseKernels#castFunction}).
   */
  record Cast() implements Fusion {
    @Override
    public <R> R accept(Visitor<R> visitor) {
      return visitor.visitCast(this);
    }
  }

  /**
   * A row reduction {@code (values, partition)}: the last step of a loop over rows, folding each
   * row's values in order with {@code fold} from the value the op's kernel gives an empty row.
   */
  record RowFold(ScalarFunction fold) implements Fusion {
    @Override
    public <R> R accept(Visitor<R> visitor) {
      return visitor.visitRowFold(this);
    }
  }

  /**
   * {@code (params [nrows, 1], partition)}: each value reads its row's one param, so the loop reads
   * {@code params[value_rowids[j]]} (inside a row fold over the same partition, {@code params[row]}).
   */
  record Gather() implements Fusion {
    @Override
    public <R> R accept(Visitor<R> visitor) {
      return visitor.visitGather(this);
    }
  }

  /**
   * A scan within rows {@code (values, partition)} with attributes {@code exclusive} and {@code
   * reverse}: the loop runs over the partition's rows and, within each row, keeps an accumulator
   * that {@code fold} combines with each value in order, starting from the value the op's kernel
   * gives the first element of an exclusive scan. Elementwise steps over the same values run in
   * the same loop, before and after it.
   */
  record Scan(ScalarFunction fold) implements Fusion {
    @Override
    public <R> R accept(Visitor<R> visitor) {
      return visitor.visitScan(this);
    }
  }

  /**
   * Stream compaction {@code (values, mask, partition)} giving a ragged tensor: the values of each
   * row where mask is true, the new row lengths being the counts of true values. Fused, one loop
   * over the rows computes the mask and the values elementwise, stores only the kept values and
   * counts them per row; elementwise steps on the kept values run in the same loop before each
   * store (the fused node's result is then those values under the new row lengths).
   */
  record Filter() implements Fusion {
    @Override
    public <R> R accept(Visitor<R> visitor) {
      return visitor.visitFilter(this);
    }
  }

  /**
   * The scalar method a fused loop calls for a step of {@code op} on operands of
   * {@code operand} giving {@code result} (a cast's target is {@code result}): present only for
   * the elementwise kinds, and only when its return type is the result's compute type.
   */
  static Optional<Method> elementFunction(OpDef op, DType operand, DType result, int arity) {
    Fusion fusion = op.fusion();
    if (fusion == null || !operand.isPrimitive() || !result.isPrimitive()) {
      return Optional.empty();
    }
    return fusion.accept(byKind(
        pointwise -> pointwise.function().overload(operand, arity).filter(m -> m.getReturnType() == result.computeType()),
        cast -> Optional.ofNullable(PointwiseKernels.castFunction(operand, result)),
        rowFold -> Optional.empty(), gather -> Optional.empty(), scan -> Optional.empty(), filter -> Optional.empty()));
  }
}
