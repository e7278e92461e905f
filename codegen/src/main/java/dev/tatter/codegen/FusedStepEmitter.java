package dev.tatter.codegen;

import static org.objectweb.asm.Opcodes.*;

import dev.tatter.ir.Fusion;
import dev.tatter.ir.ops.FusedExpr;
import dev.tatter.ir.types.Type;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.exec.FusedSupport;
import java.lang.reflect.Method;
import java.util.List;
import org.objectweb.asm.MethodVisitor;

/**
 * Emits a fused loop's steps at the current index, each into its typed local. A scan step keeps
 * its accumulator in a local of its own ({@code scanLocal}, set to its start at each row by the
 * row loop); a filter step is the row loop's own branch, never emitted here. In a loop folding
 * vectors, {@code index} is the flat element index, {@code inner} the local holding the inner
 * position, a PER_VALUE operand's element is in {@code valueLocal} and a lookup step's row start in
 * {@code lookupBase} (both set once per value by the loop); {@code rowsLocal} holds each lookup
 * table's row count.
 */
record FusedStepEmitter(MethodVisitor mv, FusedExpr expr, List<Type> inputTypes, List<Type> stepTypes,
    byte[] kinds, int[] inputLocal, int[] indexLocal, int[] stepLocal, int[] scanLocal, int index, int rowPartition,
    int row, int[] valueLocal, int[] rowsLocal, int[] lookupBase, int inner) {

  /** Steps {@code from} to {@code to - 1}. */
  void emit(int from, int to) {
    for (int s = from; s < to; s++) {
      FusedExpr.Step step = expr.steps().get(s);
      DType resultType = dtypeOf(s);
      int stepIndex = s;
      step.op().fusion().accept(new Fusion.Visitor<Void>() {
        @Override
        public Void visitPointwise(Fusion.Pointwise pointwise) {
          return elementwise(step, resultType);
        }

        @Override
        public Void visitCast(Fusion.Cast cast) {
          return elementwise(step, resultType);
        }

        @Override
        public Void visitRowFold(Fusion.RowFold rowFold) {
          throw new IllegalStateException("a row fold is only the last step, emitted by the row loop (a fuse pass bug)");
        }

        @Override
        public Void visitGather(Fusion.Gather gather) {
          gather(step.args().get(0).index(), step.args().get(1).index());
          return null;
        }

        @Override
        public Void visitScan(Fusion.Scan scan) {
          scan(stepIndex, step, scan, resultType);
          return null;
        }

        @Override
        public Void visitFilter(Fusion.Filter filter) {
          throw new IllegalStateException("a filter is the row loop's branch, not a step (a fuse pass bug)");
        }

        @Override
        public Void visitLookup(Fusion.Lookup lookup) {
          lookup(stepIndex, step, resultType);
          return null;
        }
      });
      mv.visitVarInsn(ElementCode.valueType(resultType).getOpcode(ISTORE), stepLocal[s]);
    }
  }

  /** The dtype of step {@code s}'s values (a filter's: its flat values'). */
  DType dtypeOf(int s) {
    return stepTypes.get(s).dtype();
  }

  /** Loads the step's operands and calls its element function, wrapping the result as storing would. */
  private Void elementwise(FusedExpr.Step step, DType resultType) {
    DType operandType = null;
    for (FusedExpr.Ref ref : step.args()) {
      operandType = ref.isInput() ? inputTypes.get(ref.index()).dtype() : dtypeOf(ref.index());
      loadRef(ref);
    }
    Method function = Fusion.elementFunction(step.op(), operandType, resultType, step.args().size())
        .orElseThrow(() -> new IllegalStateException("no element function for step " + step + " (a fuse pass bug)"));
    ElementCode.invoke(mv, function);
    ElementCode.wrap(mv, resultType);
    return null;
  }

  /**
   * acc = fold(acc, x), wrapped as the kernel's stored value is; the step's value is acc after
   * (inclusive) or before (exclusive) that.
   */
  private void scan(int s, FusedExpr.Step step, Fusion.Scan scan, DType dtype) {
    org.objectweb.asm.Type value = ElementCode.valueType(dtype);
    boolean exclusive = step.attributes().getBool("exclusive");
    if (exclusive) {
      mv.visitVarInsn(value.getOpcode(ILOAD), scanLocal[s]);
    }
    mv.visitVarInsn(value.getOpcode(ILOAD), scanLocal[s]);
    loadRef(step.args().get(0));
    ElementCode.invoke(mv, scan.fold().overload(dtype, 2).orElseThrow());
    ElementCode.wrap(mv, dtype);
    if (!exclusive) {
      mv.visitInsn(value.getSize() == 2 ? DUP2 : DUP);
    }
    mv.visitVarInsn(value.getOpcode(ISTORE), scanLocal[s]);
  }

  /**
   * params[rowids[index]], or params[row] in the row loop of the same partition, or the scalar
   * params of a one-row broadcast: the row's value, as the kernel repeats it.
   */
  private void gather(int params, int partition) {
    if (kinds[params] == FusedSupport.SCALAR) {
      loadInput(params);
      return;
    }
    mv.visitVarInsn(ALOAD, inputLocal[params]);
    if (partition == rowPartition) {
      mv.visitVarInsn(ILOAD, row);
    } else {
      mv.visitVarInsn(ALOAD, indexLocal[partition]);
      mv.visitVarInsn(ILOAD, index);
      mv.visitInsn(IALOAD);
    }
    ElementCode.load(mv, inputTypes.get(params).dtype());
  }

  /**
   * params[base + d] in a loop folding vectors (base set once per value: the checked index times
   * the inner size); elsewhere params[checked(indices[index])], params being rank 1.
   */
  private void lookup(int s, FusedExpr.Step step, DType resultType) {
    int params = step.args().get(0).index();
    mv.visitVarInsn(ALOAD, inputLocal[params]);
    if (inner >= 0) {
      mv.visitVarInsn(ILOAD, lookupBase[s]);
      mv.visitVarInsn(ILOAD, inner);
      mv.visitInsn(IADD);
    } else {
      FusedExpr.Ref indices = step.args().get(1);
      loadRef(indices);
      DType indexType = indices.isInput() ? inputTypes.get(indices.index()).dtype() : dtypeOf(indices.index());
      loadIndexAsLong(indexType);
      mv.visitVarInsn(ILOAD, rowsLocal[params]);
      mv.visitMethodInsn(INVOKESTATIC, SUPPORT, "lookupIndex", "(JI)I", false);
    }
    ElementCode.load(mv, resultType);
  }

  /** Widens an int32 index on the stack to the long {@link FusedSupport#lookupIndex} takes. */
  void loadIndexAsLong(DType indexType) {
    if (ElementCode.valueType(indexType).getSort() == org.objectweb.asm.Type.INT) {
      mv.visitInsn(I2L);
    }
  }

  private static final String SUPPORT = org.objectweb.asm.Type.getInternalName(FusedSupport.class);

  void loadRef(FusedExpr.Ref ref) {
    if (ref.isInput()) {
      loadInput(ref.index());
    } else {
      load(ref.index());
    }
  }

  void load(int step) {
    mv.visitVarInsn(ElementCode.valueType(dtypeOf(step)).getOpcode(ILOAD), stepLocal[step]);
  }

  void loadInput(int i) {
    DType dtype = inputTypes.get(i).dtype();
    if (kinds[i] == FusedSupport.SCALAR) {
      mv.visitVarInsn(ElementCode.valueType(dtype).getOpcode(ILOAD), inputLocal[i]);
      return;
    }
    if (kinds[i] == FusedSupport.PER_VALUE) {
      mv.visitVarInsn(ElementCode.valueType(dtype).getOpcode(ILOAD), valueLocal[i]);
      return;
    }
    mv.visitVarInsn(ALOAD, inputLocal[i]);
    if (kinds[i] == FusedSupport.INNER) {
      mv.visitVarInsn(ILOAD, inner);
    } else if (kinds[i] == FusedSupport.BROADCAST) {
      mv.visitVarInsn(ALOAD, indexLocal[i]);
      mv.visitVarInsn(ILOAD, index);
      mv.visitInsn(IALOAD);
    } else {
      mv.visitVarInsn(ILOAD, index);
    }
    ElementCode.load(mv, dtype);
  }
}
