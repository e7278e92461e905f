package dev.tatter.codegen;

import static org.objectweb.asm.Opcodes.*;

import com.google.common.collect.ImmutableList;
import dev.tatter.ir.Fusion;
import dev.tatter.ir.KernelInvoker;
import dev.tatter.ir.Node;
import dev.tatter.ir.ops.FusedExpr;
import dev.tatter.ir.types.DenseType;
import dev.tatter.ir.types.Dims;
import dev.tatter.ir.types.Type;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.RowPartition;
import dev.tatter.runtime.Tensor;
import dev.tatter.runtime.exec.FusedSupport;
import dev.tatter.runtime.exec.LoopBody;
import dev.tatter.runtime.exec.OutputBuffers;
import dev.tatter.runtime.exec.ProfileProbe;
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
  private static final String BUFFERS = org.objectweb.asm.Type.getDescriptor(OutputBuffers.class);

  private final ClassWriter cw;
  private final String className;
  private final List<Object> constants;
  /** The frame slot holding the run's {@link OutputBuffers} (null: allocate every output). */
  private final int buffersSlot;
  private int kernels;
  /** Who splits a large loop: {@link FusedSupport}, or {@link ProfileProbe} in a program compiled for profiling. */
  private String splitter = SUPPORT;

  FusedKernelEmitter(ClassWriter cw, String className, List<Object> constants, int buffersSlot) {
    this.cw = cw;
    this.className = className;
    this.constants = constants;
    this.buffersSlot = buffersSlot;
  }

  /** Split loops go through {@link ProfileProbe#forRange}, which times each piece on its thread (profiling only). */
  void reportSplitLoops() {
    splitter = org.objectweb.asm.Type.getInternalName(ProfileProbe.class);
  }

  /**
   * Whether a node that is not {@code fused} still runs as a generated loop of one step: an
   * elementwise step or a row fold that fusion left alone (a gather alone keeps its kernel).
   */
  static boolean runsAsLoop(Node node) {
    if (node.type() instanceof DenseType t && t.shape().stream().allMatch(Dims::isKnown)
        && t.shape().stream().mapToLong(Long::longValue).reduce(1, (a, b) -> a * b) <= SMALL) {
      return false; // a handful of elements: the kernel's fixed cost is below the loop's set-up
    }
    return FusedExpr.fusibleRowFold(node) || FusedExpr.fusibleStep(node) && !(node.op().fusion() instanceof Fusion.Gather);
  }

  /** Results of at most this many elements, known statically, call the generic kernel instead. */
  private static final long SMALL = 16;

  /** Emits the methods of a {@code fused} node's kernel; returns the name of its {@code fusedK} method. */
  String emit(Node node) {
    return emit(node, FusedEvaluator.exprOf(node), FusedEvaluator.of(node));
  }

  /** Emits a loop of one step for a node that {@link #runsAsLoop runs as a loop}. */
  String emitSingle(Node node) {
    ImmutableList.Builder<FusedExpr.Ref> args = ImmutableList.builder();
    for (int i = 0; i < node.inputs().size(); i++) {
      args.add(FusedExpr.Ref.input(i));
    }
    FusedExpr expr = new FusedExpr(ImmutableList.of(new FusedExpr.Step(node.op(), args.build(), node.attributes())));
    return emit(node, expr, new FusedEvaluator(expr, List.of(node.describe())));
  }

  private String emit(Node node, FusedExpr expr, FusedEvaluator evaluator) {
    int k = kernels++;
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
      if (step.op().fusion() instanceof Fusion.Gather) {
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
    emitEntry(k, node, kinds, links, rows ? partition : -1, space, evaluator);
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
    loadConstantAt(mv, constant(value), castTo);
  }

  private void loadConstantAt(MethodVisitor mv, int index, String castTo) {
    mv.visitFieldInsn(GETSTATIC, className, "K", OBJECTS);
    BytecodeCompiler.push(mv, index);
    mv.visitInsn(AALOAD);
    mv.visitTypeInsn(CHECKCAST, castTo);
  }

  /** Pushes the run's output buffers (frame slot {@link #buffersSlot}) and this kernel's index among them. */
  private void loadBuffers(MethodVisitor mv, int k) {
    mv.visitVarInsn(ALOAD, 0);
    BytecodeCompiler.push(mv, buffersSlot);
    mv.visitInsn(AALOAD);
    mv.visitTypeInsn(CHECKCAST, org.objectweb.asm.Type.getInternalName(OutputBuffers.class));
    BytecodeCompiler.push(mv, k);
  }

  private void emitEntry(int k, Node node, byte[] kinds, int[] links, int partition, DenseType space,
      FusedEvaluator evaluator) {
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
      loadBuffers(mv, k);
      mv.visitMethodInsn(INVOKESTATIC, SUPPORT, "prepare", "(" + OBJECTS + "[B[II" + DTYPE + BUFFERS + "I)" + OBJECTS, false);
    } else {
      BytecodeCompiler.push(mv, partition);
      loadConstant(mv, type.dtype(), org.objectweb.asm.Type.getInternalName(DType.class));
      BytecodeCompiler.push(mv, type.rank() == 2 ? 1 : 0);
      loadBuffers(mv, k);
      mv.visitMethodInsn(INVOKESTATIC, SUPPORT, "prepareRows",
          "(" + OBJECTS + "[B[II" + DTYPE + "Z" + BUFFERS + "I)" + OBJECTS, false);
    }
    mv.visitVarInsn(ASTORE, 3);
    Label fast = new Label();
    mv.visitVarInsn(ALOAD, 3);
    mv.visitJumpInsn(IFNONNULL, fast);
    int evaluatorConstant = constant(evaluator);
    loadConstantAt(mv, evaluatorConstant, "java/util/function/Function");
    mv.visitVarInsn(ALOAD, 1);
    mv.visitMethodInsn(INVOKEINTERFACE, "java/util/function/Function", "apply",
        "(Ljava/lang/Object;)Ljava/lang/Object;", true);
    mv.visitInsn(ARETURN);

    // a step that throws in the fast loop (integer division by zero) is reported by the general
    // path, which runs the steps one by one and names the failing step's node; no cost per element
    Label tryStart = new Label(), tryEnd = new Label(), failed = new Label();
    mv.visitTryCatchBlock(tryStart, tryEnd, failed, "java/lang/RuntimeException");
    mv.visitLabel(fast);
    mv.visitLabel(tryStart);
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
    mv.visitMethodInsn(INVOKESTATIC, splitter, "forRange", "(L" + LOOP_BODY + ";II" + OBJECTS + ")V", false);
    mv.visitLabel(done);
    mv.visitLabel(tryEnd);
    loadConstant(mv, type.dtype(), org.objectweb.asm.Type.getInternalName(DType.class));
    mv.visitVarInsn(ALOAD, 3);
    mv.visitMethodInsn(INVOKESTATIC, SUPPORT, "result",
        "(" + DTYPE + OBJECTS + ")Ldev/tatter/runtime/Tensor;", false);
    mv.visitInsn(ARETURN);
    mv.visitLabel(failed);
    mv.visitVarInsn(ASTORE, 5);
    loadConstantAt(mv, evaluatorConstant, "java/util/function/Function");
    mv.visitVarInsn(ALOAD, 1);
    mv.visitVarInsn(ALOAD, 5);
    mv.visitMethodInsn(INVOKESTATIC, SUPPORT, "failed",
        "(Ljava/util/function/Function;" + OBJECTS + "Ljava/lang/RuntimeException;)Ljava/lang/RuntimeException;", false);
    mv.visitInsn(ATHROW);
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
    mv.visitTypeInsn(CHECKCAST, ElementCode.arrayDescriptor(outType));
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
      mv.visitTypeInsn(CHECKCAST, ElementCode.arrayDescriptor(dtype));
      inputLocal[i] = next;
      if (kinds[i] == FusedSupport.SCALAR) {
        BytecodeCompiler.push(mv, 0);
        ElementCode.load(mv, dtype);
        mv.visitVarInsn(ElementCode.valueType(dtype).getOpcode(ISTORE), next);
        next += ElementCode.valueType(dtype).getSize();
      } else {
        mv.visitVarInsn(ASTORE, next++);
      }
    }
    int index = next++;
    int elementSteps = partition < 0 ? expr.steps().size() : expr.steps().size() - 1;
    int[] stepLocal = new int[expr.steps().size()];
    for (int s = 0; s < stepLocal.length; s++) {
      stepLocal[s] = next;
      next += ElementCode.valueType(stepTypes.get(s).dtype()).getSize();
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
      mv.visitVarInsn(ElementCode.valueType(outType).getOpcode(ILOAD), stepLocal[stepLocal.length - 1]);
      ElementCode.store(mv, outType);
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
    org.objectweb.asm.Type acc = ElementCode.valueType(valueType);
    int limit = next++;
    int accLocal = next;
    Method fold = ((Fusion.RowFold) reduce.op().fusion()).fold().overload(valueType, 2).orElseThrow();
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
    ElementCode.invoke(mv, fold);
    ElementCode.wrap(mv, valueType); // each step stored, as the kernel's (a 16-bit float sum rounds every step)
    mv.visitVarInsn(acc.getOpcode(ISTORE), accLocal);
    mv.visitIincInsn(index, 1);
    mv.visitJumpInsn(GOTO, head);
    mv.visitLabel(end);
    mv.visitVarInsn(ALOAD, out);
    mv.visitVarInsn(ILOAD, row);
    mv.visitVarInsn(acc.getOpcode(ILOAD), accLocal);
    ElementCode.store(mv, outType);
    mv.visitIincInsn(row, 1);
    mv.visitJumpInsn(GOTO, rowHead);
    mv.visitLabel(rowEnd);
  }

  /**
   * What the reduction kernel gives for an empty row (its starting value), found by running the
   * kernel itself on one, as the JVM constant (boxed in the compute type) the accumulator starts from.
   */
  private static Object initialValue(FusedExpr.Step reduce, DType valueType) {
    Tensor empty = Tensor.wrap(valueType, new int[] {0}, valueType.layout().newArray(0));
    RowPartition oneRow = RowPartition.fromRowSplits(new long[] {0, 0}, DType.INT64, true);
    Tensor start = (Tensor) KernelInvoker.invoke(reduce.op(), List.of(empty, oneRow), reduce.attributes());
    return start.dtype().layout().get(start.unsafeData(), 0);
  }

  /** Emits the elementwise steps at the current index, each into its typed local. */
  private record StepEmitter(MethodVisitor mv, FusedExpr expr, List<Type> inputTypes, List<Type> stepTypes,
      byte[] kinds, int[] inputLocal, int[] indexLocal, int[] stepLocal, int index, int rowPartition, int row) {
    void emit(int count) {
      for (int s = 0; s < count; s++) {
        FusedExpr.Step step = expr.steps().get(s);
        DType resultType = stepTypes.get(s).dtype();
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
        });
        mv.visitVarInsn(ElementCode.valueType(resultType).getOpcode(ISTORE), stepLocal[s]);
      }
    }

    /** Loads the step's operands and calls its element function, wrapping the result as storing would. */
    private Void elementwise(FusedExpr.Step step, DType resultType) {
      DType operandType = null;
      for (FusedExpr.Ref ref : step.args()) {
        operandType = ref.isInput() ? inputTypes.get(ref.index()).dtype() : stepTypes.get(ref.index()).dtype();
        if (ref.isInput()) {
          loadInput(ref.index());
        } else {
          load(ref.index());
        }
      }
      Method function = Fusion.elementFunction(step.op(), operandType, resultType, step.args().size())
          .orElseThrow(() -> new IllegalStateException("no element function for step " + step + " (a fuse pass bug)"));
      ElementCode.invoke(mv, function);
      ElementCode.wrap(mv, resultType);
      return null;
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
      ElementCode.load(mv, inputTypes.get(params).dtype());
    }

    void load(int step) {
      mv.visitVarInsn(ElementCode.valueType(stepTypes.get(step).dtype()).getOpcode(ILOAD), stepLocal[step]);
    }

    void loadInput(int i) {
      DType dtype = inputTypes.get(i).dtype();
      if (kinds[i] == FusedSupport.SCALAR) {
        mv.visitVarInsn(ElementCode.valueType(dtype).getOpcode(ILOAD), inputLocal[i]);
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
      ElementCode.load(mv, dtype);
    }
  }

  /** Loops per dispatch method: keeps each {@code tableswitch} method far under HotSpot's JIT limit. */
  private static final int LOOPS_PER_GROUP = 256;

  /**
   * The static field SELF (this program as a {@link LoopBody}) and {@code loop(k, from, to, args)}:
   * a {@code tableswitch} over the loops, in groups of {@link #LOOPS_PER_GROUP} (one method each)
   * when a graph has more, so that a graph of thousands of loops still dispatches in JIT-compiled code.
   */
  void emitLoopBody(MethodVisitor clinit) {
    cw.visitField(ACC_PRIVATE | ACC_STATIC | ACC_FINAL, "SELF", "L" + LOOP_BODY + ";", null, null).visitEnd();
    clinit.visitTypeInsn(NEW, className);
    clinit.visitInsn(DUP);
    clinit.visitMethodInsn(INVOKESPECIAL, className, "<init>", "()V", false);
    clinit.visitFieldInsn(PUTSTATIC, className, "SELF", "L" + LOOP_BODY + ";");

    int groups = (kernels + LOOPS_PER_GROUP - 1) / LOOPS_PER_GROUP;
    MethodVisitor mv = cw.visitMethod(ACC_PUBLIC, "loop", "(III" + OBJECTS + ")V", null, null);
    mv.visitCode();
    if (groups <= 1) {
      emitSwitch(mv, 0, kernels, false);
    } else {
      Label fail = new Label();
      Label[] cases = new Label[groups];
      for (int g = 0; g < groups; g++) {
        cases[g] = new Label();
      }
      mv.visitVarInsn(ILOAD, 1);
      BytecodeCompiler.push(mv, LOOPS_PER_GROUP);
      mv.visitInsn(IDIV);
      mv.visitTableSwitchInsn(0, groups - 1, fail, cases);
      for (int g = 0; g < groups; g++) {
        mv.visitLabel(cases[g]);
        for (int local = 1; local <= 3; local++) {
          mv.visitVarInsn(ILOAD, local);
        }
        mv.visitVarInsn(ALOAD, 4);
        mv.visitMethodInsn(INVOKESTATIC, className, "loopGroup" + g, "(III" + OBJECTS + ")V", false);
        mv.visitInsn(RETURN);
      }
      mv.visitLabel(fail);
      throwNoSuchLoop(mv);
    }
    mv.visitMaxs(0, 0);
    mv.visitEnd();
    for (int g = 0; groups > 1 && g < groups; g++) {
      MethodVisitor group = cw.visitMethod(ACC_PRIVATE | ACC_STATIC, "loopGroup" + g, "(III" + OBJECTS + ")V", null, null);
      group.visitCode();
      emitSwitch(group, g * LOOPS_PER_GROUP, Math.min(kernels, (g + 1) * LOOPS_PER_GROUP), true);
      group.visitMaxs(0, 0);
      group.visitEnd();
    }
  }

  /** {@code switch (k) { case from..to-1: loopK(from, to, args); return; }}; k in local 1 (0 if static). */
  private void emitSwitch(MethodVisitor mv, int from, int to, boolean isStatic) {
    int base = isStatic ? 0 : 1;
    Label fail = new Label();
    if (to > from) {
      Label[] cases = new Label[to - from];
      for (int k = 0; k < cases.length; k++) {
        cases[k] = new Label();
      }
      mv.visitVarInsn(ILOAD, base);
      mv.visitTableSwitchInsn(from, to - 1, fail, cases);
      for (int k = from; k < to; k++) {
        mv.visitLabel(cases[k - from]);
        mv.visitVarInsn(ILOAD, base + 1);
        mv.visitVarInsn(ILOAD, base + 2);
        mv.visitVarInsn(ALOAD, base + 3);
        mv.visitMethodInsn(INVOKESTATIC, className, "loop" + k, LOOP_DESC, false);
        mv.visitInsn(RETURN);
      }
    }
    mv.visitLabel(fail);
    throwNoSuchLoop(mv);
  }

  private static void throwNoSuchLoop(MethodVisitor mv) {
    mv.visitTypeInsn(NEW, "java/lang/IllegalArgumentException");
    mv.visitInsn(DUP);
    mv.visitLdcInsn("no such loop");
    mv.visitMethodInsn(INVOKESPECIAL, "java/lang/IllegalArgumentException", "<init>", "(Ljava/lang/String;)V", false);
    mv.visitInsn(ATHROW);
  }
}
