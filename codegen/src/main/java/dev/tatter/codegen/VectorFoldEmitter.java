package dev.tatter.codegen;

import static org.objectweb.asm.Opcodes.*;

import dev.tatter.ir.Fusion;
import dev.tatter.ir.ops.FusedExpr;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.exec.FusedSupport;
import java.lang.reflect.Method;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;

/**
 * The loop a fused row reduction over values with inner dims compiles to: a vector of {@code
 * inner} accumulators per row, kept in the row's slice of the output.
 *
 * <pre>
 * for (row = from; row < to; row++) {
 *   out[row * inner + d] = init                                   for every d
 *   for (j = splits[row]; j < splits[row + 1]; j++) {
 *     lookup bases: base_s = checked(indices_s[j]) * inner;  per-value operands: v_i = data_i[j]
 *     for (d = 0; d < inner; d++)
 *       out[row * inner + d] = fold(out[row * inner + d], steps(j * inner + d))
 *   }
 *   out[row * inner + d] = finish(out[row * inner + d], length)   for every d, if the fold finishes
 * }
 * </pre>
 *
 * A lookup step reads {@code params[base_s + d]}: the gathered rows are never stored. Each inner
 * position folds its values in the row's order and is stored as the kernel stores it, so the loop
 * equals the unfused ops (gather, elementwise, row reduction) bit for bit.
 */
final class VectorFoldEmitter {
  private final MethodVisitor mv;
  private final FusedExpr expr;
  private final FusedStepEmitter steps;
  private final byte[] kinds;

  VectorFoldEmitter(MethodVisitor mv, FusedExpr expr, FusedStepEmitter steps, byte[] kinds) {
    this.mv = mv;
    this.expr = expr;
    this.steps = steps;
    this.kinds = kinds;
  }

  /**
   * Emits the loop. {@code splits} holds the partition's row splits, {@code innerSize} the inner
   * size, {@code out} the output array; {@code next} is the first free local.
   */
  void emit(int splits, int innerSize, int out, int row, int next) {
    int base = next++;
    int start = next++;
    int limit = next++;
    int j = next++;
    int valueBase = next++;
    int d = steps.inner();
    int index = steps.index();
    FusedExpr.Step fold = expr.result();
    FusedExpr.Ref values = fold.args().get(0);
    DType valueType = values.isInput() ? steps.inputTypes().get(values.index()).dtype() : steps.dtypeOf(values.index());
    org.objectweb.asm.Type accType = ElementCode.valueType(valueType);
    int count = next;
    next += accType.getSize();
    Fusion kind = fold.op().fusion();
    Method function = kind.rowFoldFunction().orElseThrow().overload(valueType, 2).orElseThrow();
    Method finish = kind.rowFoldFinish().flatMap(f -> f.overload(valueType, 2)).orElse(null);

    mv.visitVarInsn(ILOAD, 0);
    mv.visitVarInsn(ISTORE, row);
    Label rowHead = new Label(), rowEnd = new Label(), valueHead = new Label(), valueEnd = new Label();
    mv.visitLabel(rowHead);
    mv.visitVarInsn(ILOAD, row);
    mv.visitVarInsn(ILOAD, 1);
    mv.visitJumpInsn(IF_ICMPGE, rowEnd);
    mv.visitVarInsn(ILOAD, row);
    mv.visitVarInsn(ILOAD, innerSize);
    mv.visitInsn(IMUL);
    mv.visitVarInsn(ISTORE, base);
    Object init = RowLoopEmitter.initialValue(fold, valueType);
    innerLoop(innerSize, d, () -> {
      outSlot(out, base, d);
      mv.visitLdcInsn(init);
      ElementCode.store(mv, valueType);
    });
    loadSplit(splits, row, 0);
    mv.visitVarInsn(ISTORE, start);
    loadSplit(splits, row, 1);
    mv.visitVarInsn(ISTORE, limit);
    mv.visitVarInsn(ILOAD, start);
    mv.visitVarInsn(ISTORE, j);
    mv.visitLabel(valueHead);
    mv.visitVarInsn(ILOAD, j);
    mv.visitVarInsn(ILOAD, limit);
    mv.visitJumpInsn(IF_ICMPGE, valueEnd);
    perValue(j, innerSize);
    mv.visitVarInsn(ILOAD, j);
    mv.visitVarInsn(ILOAD, innerSize);
    mv.visitInsn(IMUL);
    mv.visitVarInsn(ISTORE, valueBase);
    innerLoop(innerSize, d, () -> {
      mv.visitVarInsn(ILOAD, valueBase);
      mv.visitVarInsn(ILOAD, d);
      mv.visitInsn(IADD);
      mv.visitVarInsn(ISTORE, index);
      steps.emit(0, expr.steps().size() - 1);
      outSlot(out, base, d);
      outSlot(out, base, d);
      ElementCode.load(mv, valueType);
      steps.loadRef(values);
      ElementCode.invoke(mv, function);
      ElementCode.wrap(mv, valueType); // each step stored, as the kernel's
      ElementCode.store(mv, valueType);
    });
    mv.visitIincInsn(j, 1);
    mv.visitJumpInsn(GOTO, valueHead);
    mv.visitLabel(valueEnd);
    if (finish != null) {
      // the row's length in the values' compute type, rounded through their dtype, as the kernel divides
      mv.visitVarInsn(ILOAD, limit);
      mv.visitVarInsn(ILOAD, start);
      mv.visitInsn(ISUB);
      ElementCode.fromInt(mv, valueType);
      mv.visitVarInsn(accType.getOpcode(ISTORE), count);
      innerLoop(innerSize, d, () -> {
        outSlot(out, base, d);
        outSlot(out, base, d);
        ElementCode.load(mv, valueType);
        mv.visitVarInsn(accType.getOpcode(ILOAD), count);
        ElementCode.invoke(mv, finish);
        ElementCode.wrap(mv, valueType);
        ElementCode.store(mv, valueType);
      });
    }
    mv.visitIincInsn(row, 1);
    mv.visitJumpInsn(GOTO, rowHead);
    mv.visitLabel(rowEnd);
  }

  /** What is read once per value: each lookup's row start and each PER_VALUE operand's element. */
  private void perValue(int j, int innerSize) {
    for (int s = 0; s < expr.steps().size(); s++) {
      FusedExpr.Step step = expr.steps().get(s);
      if (!step.op().fusion().isLookup()) {
        continue;
      }
      int params = step.args().get(0).index();
      int indices = step.args().get(1).index();
      DType indexType = steps.inputTypes().get(indices).dtype();
      mv.visitVarInsn(ALOAD, steps.inputLocal()[indices]);
      mv.visitVarInsn(ILOAD, j);
      ElementCode.load(mv, indexType);
      steps.loadIndexAsLong(indexType);
      mv.visitVarInsn(ILOAD, steps.rowsLocal()[params]);
      mv.visitMethodInsn(INVOKESTATIC, org.objectweb.asm.Type.getInternalName(FusedSupport.class), "lookupIndex",
          "(JI)I", false);
      mv.visitVarInsn(ILOAD, innerSize);
      mv.visitInsn(IMUL);
      mv.visitVarInsn(ISTORE, steps.lookupBase()[s]);
    }
    for (int i = 0; i < kinds.length; i++) {
      if (kinds[i] == FusedSupport.PER_VALUE) {
        DType dtype = steps.inputTypes().get(i).dtype();
        mv.visitVarInsn(ALOAD, steps.inputLocal()[i]);
        mv.visitVarInsn(ILOAD, j);
        ElementCode.load(mv, dtype);
        mv.visitVarInsn(ElementCode.valueType(dtype).getOpcode(ISTORE), steps.valueLocal()[i]);
      }
    }
  }

  /** {@code for (d = 0; d < inner; d++) body}. */
  private void innerLoop(int innerSize, int d, Runnable body) {
    Label head = new Label(), end = new Label();
    mv.visitInsn(ICONST_0);
    mv.visitVarInsn(ISTORE, d);
    mv.visitLabel(head);
    mv.visitVarInsn(ILOAD, d);
    mv.visitVarInsn(ILOAD, innerSize);
    mv.visitJumpInsn(IF_ICMPGE, end);
    body.run();
    mv.visitIincInsn(d, 1);
    mv.visitJumpInsn(GOTO, head);
    mv.visitLabel(end);
  }

  /** Pushes {@code out, base + d}. */
  private void outSlot(int out, int base, int d) {
    mv.visitVarInsn(ALOAD, out);
    mv.visitVarInsn(ILOAD, base);
    mv.visitVarInsn(ILOAD, d);
    mv.visitInsn(IADD);
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
}
