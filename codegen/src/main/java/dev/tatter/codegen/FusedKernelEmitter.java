package dev.tatter.codegen;

import static org.objectweb.asm.Opcodes.*;

import dev.tatter.ir.Node;
import dev.tatter.ir.ops.FusedExpr;
import dev.tatter.ir.ops.RaggedBroadcastOps;
import dev.tatter.ir.types.DenseType;
import dev.tatter.ir.types.Dims;
import dev.tatter.ir.types.Type;
import dev.tatter.ir.Lowering;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.RowPartition;
import dev.tatter.runtime.Tensor;
import dev.tatter.runtime.exec.FusedSupport;
import dev.tatter.runtime.exec.LoopBody;
import java.lang.reflect.Method;
import java.util.List;
import java.util.function.Function;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;

/**
 * Emits each fused node as two static methods of the generated class:
 *
 * <ul>
 *   <li>{@code fusedK(Object[] frame)}: reads the operands from the frame, asks
 *       {@link FusedSupport#prepare} whether the fast loop applies (every operand read at the
 *       element's own flat index, once as a scalar, or through a broadcast index map) and for
 *       the one output array, then runs {@code loopK} — serially, or split across the
 *       common pool above {@link FusedSupport#PARALLEL_THRESHOLD}. Otherwise (a broadcast only
 *       known at run time, or mismatched sizes) it calls the {@link FusedEvaluator}, which runs
 *       the unfused kernels and so broadcasts and fails exactly as they do.
 *   <li>{@code loopK(int from, int to, Object[] args)}: a counted {@code int} loop over
 *       primitive arrays: per element, each step is an {@code INVOKESTATIC} of its
 *       {@code ScalarFunctions} overload (which C2 inlines), its result kept in a typed local and
 *       narrowed to int8/int16 as the unfused kernel stores it. No boxing, no allocation, no
 *       virtual call, so C2 unrolls and vectorizes it.
 * </ul>
 *
 * The class also implements {@link LoopBody} (a {@code tableswitch} over the loops) so that
 * the pool's tasks can call them.
 */
final class FusedKernelEmitter {
  private static final String OBJECTS = "[Ljava/lang/Object;";
  static final String FUSED_DESC = "(" + OBJECTS + ")Ljava/lang/Object;";
  private static final String LOOP_DESC = "(II" + OBJECTS + ")V";
  private static final String SUPPORT = org.objectweb.asm.Type.getInternalName(FusedSupport.class);
  private static final String LOOP_BODY = org.objectweb.asm.Type.getInternalName(LoopBody.class);
  private static final String DTYPE = org.objectweb.asm.Type.getDescriptor(DType.class);

  private final ClassWriter cw;
  private final String className;
  private final List<Object> constants;
  private int kernels;

  FusedKernelEmitter(ClassWriter cw, String className, List<Object> constants) {
    this.cw = cw;
    this.className = className;
    this.constants = constants;
  }

  /** Emits the methods of {@code node}'s kernel; returns the name of its {@code fusedK} method. */
  String emit(Node node) {
    int k = kernels++;
    FusedExpr expr = FusedEvaluator.exprOf(node);
    List<Type> inputTypes = node.inputs().stream().map(Node::type).toList();
    List<Type> stepTypes = expr.stepTypes(inputTypes);
    boolean rows = expr.endsWithRowReduction();
    // the index space the elementwise steps run over: a row reduction's values, else the result
    DenseType space = (DenseType) (rows ? typeOf(expr.result().args().get(0), inputTypes, stepTypes) : node.type());
    byte[] kinds = new byte[inputTypes.size()];
    // links[i]: for a row_gather's params, the partition it is gathered through; for such a
    // partition, itself (the loop reads its value_rowids); else -1
    int[] links = new int[inputTypes.size()];
    java.util.Arrays.fill(links, -1);
    for (FusedExpr.Step step : expr.steps()) {
      if (step.op() == RaggedBroadcastOps.ROW_GATHER) {
        FusedExpr.Ref params = step.args().get(0), p = step.args().get(1);
        if (!params.isInput() || !p.isInput()) {
          throw new IllegalStateException("row_gather step " + step + " must read operands (a fuse pass bug)");
        }
        links[params.index()] = p.index();
        links[p.index()] = p.index();
      }
    }
    int partition = -1;
    for (int i = 0; i < kinds.length; i++) {
      if (inputTypes.get(i) instanceof DenseType dense) {
        boolean oneElement = dense.shape().stream().allMatch(d -> Dims.isKnown(d) && d == 1);
        kinds[i] = links[i] < 0 ? indexMap(dense, space) : oneElement ? FusedSupport.SCALAR : FusedSupport.GATHER;
      } else {
        kinds[i] = FusedSupport.PARTITION;
        if (rows && expr.result().args().get(1).equals(FusedExpr.Ref.input(i))) {
          partition = i;
        }
      }
    }
    if (rows && partition >= 0 && links[partition] == partition) {
      // gathered through the reduction's own partition: the row loop has the row at hand, so
      // it reads params[row] and needs no rowids (prepareRows checks nvals itself)
      links[partition] = -1;
    }
    emitEntry(k, node, kinds, links, rows ? partition : -1, space);
    emitLoop(k, expr, inputTypes, stepTypes, kinds, links, rows ? partition : -1);
    return "fused" + k;
  }

  private static Type typeOf(FusedExpr.Ref ref, List<Type> inputTypes, List<Type> stepTypes) {
    return ref.isInput() ? inputTypes.get(ref.index()) : stepTypes.get(ref.index());
  }

  /**
   * How the loop reads an operand, from the static types: SCALAR for a one-element shape,
   * BROADCAST if it has a lower rank or a size 1 where the result's is not known to be 1, else
   * IDENTITY (checked at run time, as unknown sizes may still differ).
   */
  static byte indexMap(DenseType operand, DenseType result) {
    if (operand.shape().stream().allMatch(d -> Dims.isKnown(d) && d == 1)) {
      return FusedSupport.SCALAR;
    }
    if (operand.rank() < result.rank()) {
      return FusedSupport.BROADCAST;
    }
    for (int a = 0; a < operand.rank(); a++) {
      if (operand.dim(a) == 1 && result.dim(a) != 1) {
        return FusedSupport.BROADCAST;
      }
    }
    return FusedSupport.IDENTITY;
  }

  private int constant(Object value) {
    constants.add(value);
    return constants.size() - 1;
  }

  private void loadConstant(MethodVisitor mv, Object value, String castTo) {
    mv.visitFieldInsn(GETSTATIC, className, "K", OBJECTS);
    BytecodeCompiler.push(mv, constant(value));
    mv.visitInsn(AALOAD);
    mv.visitTypeInsn(CHECKCAST, castTo);
  }

  private void emitEntry(int k, Node node, byte[] kinds, int[] links, int partition, DenseType space) {
    DenseType type = (DenseType) node.type();
    MethodVisitor mv = cw.visitMethod(ACC_PRIVATE | ACC_STATIC, "fused" + k, FUSED_DESC, null, null);
    mv.visitCode();
    // locals: 0 frame, 1 inputs, 3 args, 4 count
    BytecodeCompiler.push(mv, node.inputs().size());
    mv.visitTypeInsn(ANEWARRAY, "java/lang/Object");
    mv.visitVarInsn(ASTORE, 1);
    for (int i = 0; i < node.inputs().size(); i++) {
      mv.visitVarInsn(ALOAD, 1);
      BytecodeCompiler.push(mv, i);
      mv.visitVarInsn(ALOAD, 0);
      BytecodeCompiler.push(mv, node.input(i).id());
      mv.visitInsn(AALOAD);
      mv.visitInsn(AASTORE);
    }
    mv.visitVarInsn(ALOAD, 1);
    loadConstant(mv, kinds, "[B");
    loadConstant(mv, links, "[I");
    if (partition < 0) {
      BytecodeCompiler.push(mv, space.rank());
      loadConstant(mv, type.dtype(), org.objectweb.asm.Type.getInternalName(DType.class));
      mv.visitMethodInsn(INVOKESTATIC, SUPPORT, "prepare", "(" + OBJECTS + "[B[II" + DTYPE + ")" + OBJECTS, false);
    } else {
      BytecodeCompiler.push(mv, partition);
      loadConstant(mv, type.dtype(), org.objectweb.asm.Type.getInternalName(DType.class));
      BytecodeCompiler.push(mv, type.rank() == 2 ? 1 : 0);
      mv.visitMethodInsn(INVOKESTATIC, SUPPORT, "prepareRows", "(" + OBJECTS + "[B[II" + DTYPE + "Z)" + OBJECTS, false);
    }
    mv.visitVarInsn(ASTORE, 3);
    Label fast = new Label();
    mv.visitVarInsn(ALOAD, 3);
    mv.visitJumpInsn(IFNONNULL, fast);
    loadConstant(mv, FusedEvaluator.of(node), "java/util/function/Function");
    mv.visitVarInsn(ALOAD, 1);
    mv.visitMethodInsn(INVOKEINTERFACE, "java/util/function/Function", "apply",
        "(Ljava/lang/Object;)Ljava/lang/Object;", true);
    mv.visitInsn(ARETURN);

    mv.visitLabel(fast);
    mv.visitVarInsn(ALOAD, 3);
    mv.visitMethodInsn(INVOKESTATIC, SUPPORT, "count", "(" + OBJECTS + ")I", false);
    mv.visitVarInsn(ISTORE, 4);
    Label parallel = new Label(), done = new Label();
    mv.visitVarInsn(ILOAD, 4);
    mv.visitFieldInsn(GETSTATIC, SUPPORT, "PARALLEL_THRESHOLD", "I");
    mv.visitJumpInsn(IF_ICMPGE, parallel);
    BytecodeCompiler.push(mv, 0);
    mv.visitVarInsn(ILOAD, 4);
    mv.visitVarInsn(ALOAD, 3);
    mv.visitMethodInsn(INVOKESTATIC, className, "loop" + k, LOOP_DESC, false);
    mv.visitJumpInsn(GOTO, done);
    mv.visitLabel(parallel);
    mv.visitFieldInsn(GETSTATIC, className, "SELF", "L" + LOOP_BODY + ";");
    BytecodeCompiler.push(mv, k);
    mv.visitVarInsn(ILOAD, 4);
    mv.visitVarInsn(ALOAD, 3);
    mv.visitMethodInsn(INVOKESTATIC, SUPPORT, "forRange", "(L" + LOOP_BODY + ";II" + OBJECTS + ")V", false);
    mv.visitLabel(done);
    loadConstant(mv, type.dtype(), org.objectweb.asm.Type.getInternalName(DType.class));
    mv.visitVarInsn(ALOAD, 3);
    mv.visitMethodInsn(INVOKESTATIC, SUPPORT, "result",
        "(" + DTYPE + OBJECTS + ")Ldev/tatter/runtime/Tensor;", false);
    mv.visitInsn(ARETURN);
    mv.visitMaxs(0, 0);
    mv.visitEnd();
  }

  private void emitLoop(int k, FusedExpr expr, List<Type> inputTypes, List<Type> stepTypes, byte[] kinds, int[] links,
      int partition) {
    MethodVisitor mv = cw.visitMethod(ACC_PRIVATE | ACC_STATIC, "loop" + k, LOOP_DESC, null, null);
    mv.visitCode();
    // locals: 0 from, 1 to, 2 args, then the output array, one local per input (and per index
    // map), the index, the steps; a row loop adds the row, its limit and the accumulator
    int next = 3;
    int out = next++;
    DType outType = stepTypes.get(stepTypes.size() - 1).dtype();
    mv.visitVarInsn(ALOAD, 2);
    BytecodeCompiler.push(mv, 0);
    mv.visitInsn(AALOAD);
    mv.visitTypeInsn(CHECKCAST, arrayDescriptor(outType));
    mv.visitVarInsn(ASTORE, out);
    int n = inputTypes.size();
    int[] inputLocal = new int[n];
    int[] indexLocal = new int[n];
    for (int i = 0; i < n; i++) {
      if (kinds[i] == FusedSupport.PARTITION) {
        mv.visitVarInsn(ALOAD, 2);
        BytecodeCompiler.push(mv, i + 1);
        mv.visitInsn(AALOAD);
        mv.visitTypeInsn(CHECKCAST, "[J");
        inputLocal[i] = next;
        mv.visitVarInsn(ASTORE, next++);
        if (links[i] == i) {
          // the value_rowids a row_gather step reads params through
          mv.visitVarInsn(ALOAD, 2);
          BytecodeCompiler.push(mv, 1 + n + i);
          mv.visitInsn(AALOAD);
          mv.visitTypeInsn(CHECKCAST, "[I");
          indexLocal[i] = next;
          mv.visitVarInsn(ASTORE, next++);
        }
        continue;
      }
      if (kinds[i] == FusedSupport.BROADCAST) {
        mv.visitVarInsn(ALOAD, 2);
        BytecodeCompiler.push(mv, 1 + n + i);
        mv.visitInsn(AALOAD);
        mv.visitTypeInsn(CHECKCAST, "[I");
        indexLocal[i] = next;
        mv.visitVarInsn(ASTORE, next++);
      }
      DType dtype = inputTypes.get(i).dtype();
      mv.visitVarInsn(ALOAD, 2);
      BytecodeCompiler.push(mv, i + 1);
      mv.visitInsn(AALOAD);
      mv.visitTypeInsn(CHECKCAST, arrayDescriptor(dtype));
      inputLocal[i] = next;
      if (kinds[i] == FusedSupport.SCALAR) {
        BytecodeCompiler.push(mv, 0);
        mv.visitInsn(arrayLoad(dtype));
        mv.visitVarInsn(valueType(dtype).getOpcode(ISTORE), next);
        next += valueType(dtype).getSize();
      } else {
        mv.visitVarInsn(ASTORE, next++);
      }
    }
    int index = next++;
    int elementSteps = partition < 0 ? expr.steps().size() : expr.steps().size() - 1;
    int[] stepLocal = new int[expr.steps().size()];
    for (int s = 0; s < stepLocal.length; s++) {
      stepLocal[s] = next;
      next += valueType(stepTypes.get(s).dtype()).getSize();
    }
    int row = partition >= 0 ? next++ : -1;
    StepEmitter steps = new StepEmitter(mv, expr, inputTypes, stepTypes, kinds, inputLocal, indexLocal, stepLocal, index,
        partition, row);
    if (partition < 0) {
      // for (index = from; index < to; index++) out[index] = steps(index)
      mv.visitVarInsn(ILOAD, 0);
      mv.visitVarInsn(ISTORE, index);
      Label head = new Label(), end = new Label();
      mv.visitLabel(head);
      mv.visitVarInsn(ILOAD, index);
      mv.visitVarInsn(ILOAD, 1);
      mv.visitJumpInsn(IF_ICMPGE, end);
      steps.emit(elementSteps);
      mv.visitVarInsn(ALOAD, out);
      mv.visitVarInsn(ILOAD, index);
      mv.visitVarInsn(valueType(outType).getOpcode(ILOAD), stepLocal[stepLocal.length - 1]);
      mv.visitInsn(arrayStore(outType));
      mv.visitIincInsn(index, 1);
      mv.visitJumpInsn(GOTO, head);
      mv.visitLabel(end);
    } else {
      emitRows(mv, expr, stepTypes, steps, elementSteps, inputLocal[partition], out, index, row, next);
    }
    mv.visitInsn(RETURN);
    mv.visitMaxs(0, 0);
    mv.visitEnd();
  }

  /**
   * for (row = from; row < to; row++) { acc = init; for (index = splits[row]; index < splits[row + 1]; index++)
   * acc = fold(acc, steps(index)); out[row] = acc; } — the kernel's own order, so equal bit for bit.
   */
  private void emitRows(MethodVisitor mv, FusedExpr expr, List<Type> stepTypes, StepEmitter steps,
      int elementSteps, int splits, int out, int index, int row, int next) {
    FusedExpr.Step reduce = expr.result();
    FusedExpr.Ref values = reduce.args().get(0);
    DType valueType = typeOf(values, steps.inputTypes(), stepTypes).dtype();
    DType outType = stepTypes.get(stepTypes.size() - 1).dtype();
    org.objectweb.asm.Type acc = valueType(valueType);
    int limit = next++;
    int accLocal = next;
    Method fold = FusedExpr.rowFold(reduce.op()).overload(FusedExpr.computeType(valueType), 2).orElseThrow();
    Object init = initialValue(reduce, valueType);
    mv.visitVarInsn(ILOAD, 0);
    mv.visitVarInsn(ISTORE, row);
    Label rowHead = new Label(), rowEnd = new Label(), head = new Label(), end = new Label();
    mv.visitLabel(rowHead);
    mv.visitVarInsn(ILOAD, row);
    mv.visitVarInsn(ILOAD, 1);
    mv.visitJumpInsn(IF_ICMPGE, rowEnd);
    mv.visitLdcInsn(init);
    mv.visitVarInsn(acc.getOpcode(ISTORE), accLocal);
    mv.visitVarInsn(ALOAD, splits);
    mv.visitVarInsn(ILOAD, row);
    mv.visitInsn(ICONST_1);
    mv.visitInsn(IADD);
    mv.visitInsn(LALOAD);
    mv.visitInsn(L2I);
    mv.visitVarInsn(ISTORE, limit);
    mv.visitVarInsn(ALOAD, splits);
    mv.visitVarInsn(ILOAD, row);
    mv.visitInsn(LALOAD);
    mv.visitInsn(L2I);
    mv.visitVarInsn(ISTORE, index);
    mv.visitLabel(head);
    mv.visitVarInsn(ILOAD, index);
    mv.visitVarInsn(ILOAD, limit);
    mv.visitJumpInsn(IF_ICMPGE, end);
    steps.emit(elementSteps);
    mv.visitVarInsn(acc.getOpcode(ILOAD), accLocal);
    if (values.isInput()) {
      steps.loadInput(values.index());
    } else {
      steps.load(values.index());
    }
    mv.visitMethodInsn(INVOKESTATIC, org.objectweb.asm.Type.getInternalName(fold.getDeclaringClass()),
        fold.getName(), org.objectweb.asm.Type.getMethodDescriptor(fold), false);
    mv.visitVarInsn(acc.getOpcode(ISTORE), accLocal);
    mv.visitIincInsn(index, 1);
    mv.visitJumpInsn(GOTO, head);
    mv.visitLabel(end);
    mv.visitVarInsn(ALOAD, out);
    mv.visitVarInsn(ILOAD, row);
    mv.visitVarInsn(acc.getOpcode(ILOAD), accLocal);
    mv.visitInsn(arrayStore(outType));
    mv.visitIincInsn(row, 1);
    mv.visitJumpInsn(GOTO, rowHead);
    mv.visitLabel(rowEnd);
  }

  /**
   * What the reduction kernel gives for an empty row (its starting value), found by running the
   * kernel itself on one, as the JVM constant the accumulator starts from.
   */
  private static Object initialValue(FusedExpr.Step reduce, DType valueType) {
    Tensor empty = Tensor.wrap(valueType, new int[] {0}, java.lang.reflect.Array.newInstance(valueType.arrayClass().getComponentType(), 0));
    RowPartition oneRow = RowPartition.fromRowSplits(new long[] {0, 0}, DType.INT64, true);
    Object[] args = {empty, oneRow, false};
    Tensor start;
    try {
      start = (Tensor) ((Lowering.StaticCall) reduce.op().lowering()).method().invoke(null, args);
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("could not run " + reduce.op() + " on an empty row", e);
    }
    return switch (valueType) {
      case INT8, INT16, INT32 -> (int) start.getLong(0);
      case INT64 -> start.getLong(0);
      case FLOAT32 -> (float) start.getDouble(0);
      case FLOAT64 -> start.getDouble(0);
      default -> throw new IllegalStateException("no fused " + reduce.op() + " on " + valueType);
    };
  }

  /** Emits the elementwise steps at the current index, each into its typed local. */
  private record StepEmitter(MethodVisitor mv, FusedExpr expr, List<Type> inputTypes, List<Type> stepTypes,
      byte[] kinds, int[] inputLocal, int[] indexLocal, int[] stepLocal, int index, int rowPartition, int row) {
    void emit(int count) {
      for (int s = 0; s < count; s++) {
        FusedExpr.Step step = expr.steps().get(s);
        if (step.op() == RaggedBroadcastOps.ROW_GATHER) {
          gather(step.args().get(0).index(), step.args().get(1).index());
          mv.visitVarInsn(valueType(stepTypes.get(s).dtype()).getOpcode(ISTORE), stepLocal[s]);
          continue;
        }
        DType operandType = null;
        for (FusedExpr.Ref ref : step.args()) {
          operandType = ref.isInput() ? inputTypes.get(ref.index()).dtype() : stepTypes.get(ref.index()).dtype();
          if (ref.isInput()) {
            loadInput(ref.index());
          } else {
            load(ref.index());
          }
        }
        DType resultType = stepTypes.get(s).dtype();
        Method overload = FusedExpr.scalarOverload(step.op(), operandType, resultType, step.args().size())
            .orElseThrow(() -> new IllegalStateException("no scalar function for step " + step + " (a fuse pass bug)"));
        mv.visitMethodInsn(INVOKESTATIC, org.objectweb.asm.Type.getInternalName(overload.getDeclaringClass()),
            overload.getName(), org.objectweb.asm.Type.getMethodDescriptor(overload), false);
        narrow(mv, resultType);
        mv.visitVarInsn(valueType(resultType).getOpcode(ISTORE), stepLocal[s]);
      }
    }

    /**
     * params[rowids[index]], or params[row] in the row loop of the same partition, or the scalar
     * params of a one-row broadcast: the row's value, as the kernel repeats it.
     */
    void gather(int params, int partition) {
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
      mv.visitInsn(arrayLoad(inputTypes.get(params).dtype()));
    }

    void load(int step) {
      mv.visitVarInsn(valueType(stepTypes.get(step).dtype()).getOpcode(ILOAD), stepLocal[step]);
    }

    void loadInput(int i) {
      DType dtype = inputTypes.get(i).dtype();
      if (kinds[i] == FusedSupport.SCALAR) {
        mv.visitVarInsn(valueType(dtype).getOpcode(ILOAD), inputLocal[i]);
        return;
      }
      mv.visitVarInsn(ALOAD, inputLocal[i]);
      if (kinds[i] == FusedSupport.BROADCAST) {
        mv.visitVarInsn(ALOAD, indexLocal[i]);
        mv.visitVarInsn(ILOAD, index);
        mv.visitInsn(IALOAD);
      } else {
        mv.visitVarInsn(ILOAD, index);
      }
      mv.visitInsn(arrayLoad(dtype));
    }
  }

  /** The static field SELF (this program as a {@link LoopBody}) and {@code loop(k, from, to, args)}. */
  void emitLoopBody(MethodVisitor clinit) {
    cw.visitField(ACC_PRIVATE | ACC_STATIC | ACC_FINAL, "SELF", "L" + LOOP_BODY + ";", null, null).visitEnd();
    clinit.visitTypeInsn(NEW, className);
    clinit.visitInsn(DUP);
    clinit.visitMethodInsn(INVOKESPECIAL, className, "<init>", "()V", false);
    clinit.visitFieldInsn(PUTSTATIC, className, "SELF", "L" + LOOP_BODY + ";");

    MethodVisitor mv = cw.visitMethod(ACC_PUBLIC, "loop", "(III" + OBJECTS + ")V", null, null);
    mv.visitCode();
    Label fail = new Label();
    if (kernels > 0) {
      Label[] cases = new Label[kernels];
      for (int k = 0; k < kernels; k++) {
        cases[k] = new Label();
      }
      mv.visitVarInsn(ILOAD, 1);
      mv.visitTableSwitchInsn(0, kernels - 1, fail, cases);
      for (int k = 0; k < kernels; k++) {
        mv.visitLabel(cases[k]);
        mv.visitVarInsn(ILOAD, 2);
        mv.visitVarInsn(ILOAD, 3);
        mv.visitVarInsn(ALOAD, 4);
        mv.visitMethodInsn(INVOKESTATIC, className, "loop" + k, LOOP_DESC, false);
        mv.visitInsn(RETURN);
      }
    }
    mv.visitLabel(fail);
    mv.visitTypeInsn(NEW, "java/lang/IllegalArgumentException");
    mv.visitInsn(DUP);
    mv.visitLdcInsn("no such loop");
    mv.visitMethodInsn(INVOKESPECIAL, "java/lang/IllegalArgumentException", "<init>", "(Ljava/lang/String;)V", false);
    mv.visitInsn(ATHROW);
    mv.visitMaxs(0, 0);
    mv.visitEnd();
  }

  private static void narrow(MethodVisitor mv, DType dtype) {
    if (dtype == DType.INT8) {
      mv.visitInsn(I2B);
    } else if (dtype == DType.INT16) {
      mv.visitInsn(I2S);
    }
  }

  /** The JVM type a value of {@code dtype} is held in (booleans and narrow ints as int). */
  private static org.objectweb.asm.Type valueType(DType dtype) {
    return switch (dtype) {
      case BOOL, INT8, INT16, INT32 -> org.objectweb.asm.Type.INT_TYPE;
      case INT64 -> org.objectweb.asm.Type.LONG_TYPE;
      case FLOAT32 -> org.objectweb.asm.Type.FLOAT_TYPE;
      case FLOAT64 -> org.objectweb.asm.Type.DOUBLE_TYPE;
      case STRING -> throw new IllegalStateException("strings are never fused");
    };
  }

  private static String arrayDescriptor(DType dtype) {
    return org.objectweb.asm.Type.getDescriptor(dtype.arrayClass());
  }

  private static int arrayLoad(DType dtype) {
    return switch (dtype) {
      case BOOL, INT8 -> BALOAD;
      case INT16 -> SALOAD;
      case INT32 -> IALOAD;
      case INT64 -> LALOAD;
      case FLOAT32 -> FALOAD;
      case FLOAT64 -> DALOAD;
      case STRING -> throw new IllegalStateException("strings are never fused");
    };
  }

  private static int arrayStore(DType dtype) {
    return switch (dtype) {
      case BOOL, INT8 -> BASTORE;
      case INT16 -> SASTORE;
      case INT32 -> IASTORE;
      case INT64 -> LASTORE;
      case FLOAT32 -> FASTORE;
      case FLOAT64 -> DASTORE;
      case STRING -> throw new IllegalStateException("strings are never fused");
    };
  }
}
