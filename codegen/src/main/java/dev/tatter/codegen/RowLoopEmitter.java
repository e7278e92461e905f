package dev.tatter.codegen;

import static org.objectweb.asm.Opcodes.*;

import dev.tatter.ir.Fusion;
import dev.tatter.ir.KernelInvoker;
import dev.tatter.ir.ops.FusedExpr;
import dev.tatter.ir.types.Type;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.RowPartition;
import dev.tatter.runtime.Tensor;
import java.lang.reflect.Method;
import java.util.List;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;

/**
 * The loop over a partition's rows that a fused row reduction, scan or filter compiles to:
 *
 * <pre>
 * for (row = from; row < to; row++) {
 *   acc = init; scan accumulators = their starts;
 *   for (index = splits[row]; index < splits[row + 1]; index++)   // backwards for a reverse scan
 *     FOLD:   acc = fold(acc, steps(index))
 *     SCAN:   out[index] = steps(index)
 *     FILTER: if (mask(index)) out[k++] = steps after the filter(values(index))
 *   FOLD: out[row] = acc;  FILTER: outSplits[row + 1] = k
 * }
 * </pre>
 *
 * Each row is read in the kernels' own order and each accumulator stored as the kernel stores it,
 * so the loop equals the unfused ops bit for bit.
 */
final class RowLoopEmitter {
  private final MethodVisitor mv;
  private final FusedExpr expr;
  private final List<Type> stepTypes;
  private final FusedStepEmitter steps;
  private final LoopShape shape;
  private final int operands;

  RowLoopEmitter(MethodVisitor mv, FusedExpr expr, List<Type> stepTypes, FusedStepEmitter steps, LoopShape shape,
      int operands) {
    this.mv = mv;
    this.expr = expr;
    this.stepTypes = stepTypes;
    this.steps = steps;
    this.shape = shape;
    this.operands = operands;
  }

  /** Emits the loop; {@code splits} holds the partition's row splits, {@code next} is the first free local. */
  void emit(int splits, int out, int index, int row, int next) {
    int start = next++;
    int limit = next++;
    int k = next++;
    int outSplits = next++;
    int acc = next;
    FusedExpr.Step fold = shape.kind() == LoopShape.Kind.FOLD ? expr.result() : null;
    DType valueType = null;
    if (fold != null) {
      FusedExpr.Ref values = fold.args().get(0);
      valueType = values.isInput() ? steps.inputTypes().get(values.index()).dtype() : steps.dtypeOf(values.index());
    }
    boolean reverse = false;
    for (FusedExpr.Step step : expr.steps()) {
      reverse |= FusedExpr.isScan(step.op()) && step.attributes().getBool("reverse");
    }
    if (shape.kind() == LoopShape.Kind.FILTER) {
      // the kept values' row splits, from the row the loop starts at
      mv.visitVarInsn(ALOAD, 2);
      BytecodeCompiler.push(mv, 2 * operands + 2);
      mv.visitInsn(AALOAD);
      mv.visitTypeInsn(CHECKCAST, "[J");
      mv.visitVarInsn(ASTORE, outSplits);
      mv.visitVarInsn(ALOAD, outSplits);
      mv.visitVarInsn(ILOAD, 0);
      mv.visitInsn(LALOAD);
      mv.visitInsn(L2I);
      mv.visitVarInsn(ISTORE, k);
    }
    mv.visitVarInsn(ILOAD, 0);
    mv.visitVarInsn(ISTORE, row);
    Label rowHead = new Label(), rowEnd = new Label(), head = new Label(), end = new Label();
    mv.visitLabel(rowHead);
    mv.visitVarInsn(ILOAD, row);
    mv.visitVarInsn(ILOAD, 1);
    mv.visitJumpInsn(IF_ICMPGE, rowEnd);
    if (fold != null) {
      mv.visitLdcInsn(initialValue(fold, valueType));
      mv.visitVarInsn(ElementCode.valueType(valueType).getOpcode(ISTORE), acc);
    }
    for (int s = 0; s < expr.steps().size(); s++) {
      FusedExpr.Step step = expr.steps().get(s);
      if (FusedExpr.isScan(step.op())) {
        DType dtype = steps.dtypeOf(s);
        mv.visitLdcInsn(FusedExpr.scanStart(step.op(), step.attributes(), dtype));
        mv.visitVarInsn(ElementCode.valueType(dtype).getOpcode(ISTORE), steps.scanLocal()[s]);
      }
    }
    loadSplit(splits, row, 0);
    mv.visitVarInsn(ISTORE, start);
    loadSplit(splits, row, 1);
    mv.visitVarInsn(ISTORE, limit);
    if (reverse) {
      mv.visitVarInsn(ILOAD, limit);
      mv.visitInsn(ICONST_1);
      mv.visitInsn(ISUB);
    } else {
      mv.visitVarInsn(ILOAD, start);
    }
    mv.visitVarInsn(ISTORE, index);
    mv.visitLabel(head);
    mv.visitVarInsn(ILOAD, index);
    mv.visitVarInsn(ILOAD, reverse ? start : limit);
    mv.visitJumpInsn(reverse ? IF_ICMPLT : IF_ICMPGE, end);
    switch (shape.kind()) {
      case FOLD -> foldBody(fold, valueType, acc);
      case SCAN -> scanBody(out, index);
      case FILTER -> filterBody(out, k);
      case FLAT -> throw new IllegalStateException("a flat loop has no rows");
    }
    mv.visitIincInsn(index, reverse ? -1 : 1);
    mv.visitJumpInsn(GOTO, head);
    mv.visitLabel(end);
    if (fold != null) {
      DType outType = stepTypes.get(stepTypes.size() - 1).dtype();
      mv.visitVarInsn(ALOAD, out);
      mv.visitVarInsn(ILOAD, row);
      mv.visitVarInsn(ElementCode.valueType(valueType).getOpcode(ILOAD), acc);
      Method finish = fold.op().fusion().rowFoldFinish().flatMap(f -> f.overload(outType, 2)).orElse(null);
      if (finish != null) {
        // the row's length in the compute type, rounded through the dtype, as the kernel divides
        mv.visitVarInsn(ILOAD, limit);
        mv.visitVarInsn(ILOAD, start);
        mv.visitInsn(ISUB);
        ElementCode.fromInt(mv, outType);
        ElementCode.invoke(mv, finish);
        ElementCode.wrap(mv, outType);
      }
      ElementCode.store(mv, outType);
    }
    if (shape.kind() == LoopShape.Kind.FILTER) {
      mv.visitVarInsn(ALOAD, outSplits);
      mv.visitVarInsn(ILOAD, row);
      mv.visitInsn(ICONST_1);
      mv.visitInsn(IADD);
      mv.visitVarInsn(ILOAD, k);
      mv.visitInsn(I2L);
      mv.visitInsn(LASTORE);
    }
    mv.visitIincInsn(row, 1);
    mv.visitJumpInsn(GOTO, rowHead);
    mv.visitLabel(rowEnd);
  }

  /** {@code (int) splits[row + offset]}. */
  private void loadSplit(int splits, int row, int offset) {
    mv.visitVarInsn(ALOAD, splits);
    mv.visitVarInsn(ILOAD, row);
    if (offset != 0) {
      mv.visitInsn(ICONST_1);
      mv.visitInsn(IADD);
    }
    mv.visitInsn(LALOAD);
    mv.visitInsn(L2I);
  }

  private void foldBody(FusedExpr.Step fold, DType valueType, int acc) {
    org.objectweb.asm.Type accType = ElementCode.valueType(valueType);
    Method function = ((Fusion.RowFold) fold.op().fusion()).fold().overload(valueType, 2).orElseThrow();
    steps.emit(0, expr.steps().size() - 1);
    mv.visitVarInsn(accType.getOpcode(ILOAD), acc);
    steps.loadRef(fold.args().get(0));
    ElementCode.invoke(mv, function);
    ElementCode.wrap(mv, valueType); // each step stored, as the kernel's (a 16-bit float sum rounds every step)
    mv.visitVarInsn(accType.getOpcode(ISTORE), acc);
  }

  private void scanBody(int out, int index) {
    int last = expr.steps().size() - 1;
    DType outType = steps.dtypeOf(last);
    steps.emit(0, last + 1);
    mv.visitVarInsn(ALOAD, out);
    mv.visitVarInsn(ILOAD, index);
    steps.load(last);
    ElementCode.store(mv, outType);
  }

  /** The steps before the filter, then, if the mask is true, the steps after it and the store at k. */
  private void filterBody(int out, int k) {
    int filter = shape.filter();
    int last = expr.steps().size() - 1;
    FusedExpr.Step step = expr.steps().get(filter);
    DType valueType = steps.dtypeOf(filter);
    steps.emit(0, filter);
    Label skip = new Label();
    steps.loadRef(step.args().get(1));
    mv.visitJumpInsn(IFEQ, skip);
    steps.loadRef(step.args().get(0));
    mv.visitVarInsn(ElementCode.valueType(valueType).getOpcode(ISTORE), steps.stepLocal()[filter]);
    steps.emit(filter + 1, last + 1);
    mv.visitVarInsn(ALOAD, out);
    mv.visitVarInsn(ILOAD, k);
    steps.load(last);
    ElementCode.store(mv, steps.dtypeOf(last));
    mv.visitIincInsn(k, 1);
    mv.visitLabel(skip);
  }

  /**
   * What the reduction kernel gives for an empty row (its starting value), found by running the
   * kernel itself on one, as the JVM constant (boxed in the compute type) the accumulator starts
   * from. A fold that finishes (a mean: its empty row is 0 / 0) starts from the dtype's zero, what
   * its sum starts from.
   */
  static Object initialValue(FusedExpr.Step reduce, DType valueType) {
    if (reduce.op().fusion().rowFoldFinish().isPresent()) {
      return valueType.layout().get(valueType.layout().newArray(1), 0);
    }
    Tensor empty = Tensor.wrap(valueType, new int[] {0}, valueType.layout().newArray(0));
    RowPartition oneRow = RowPartition.fromRowSplits(new long[] {0, 0}, DType.INT64, true);
    Tensor start = (Tensor) KernelInvoker.invoke(reduce.op(), List.of(empty, oneRow), reduce.attributes());
    return start.dtype().layout().get(start.unsafeData(), 0);
  }
}
