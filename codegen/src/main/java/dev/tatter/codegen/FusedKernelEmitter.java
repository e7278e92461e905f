package dev.tatter.codegen;

import static org.objectweb.asm.Opcodes.*;

import com.google.common.collect.ImmutableList;
import dev.tatter.ir.Node;
import dev.tatter.ir.ops.FusedExpr;
import dev.tatter.ir.types.DenseType;
import dev.tatter.ir.types.Dims;
import dev.tatter.ir.types.Type;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.exec.FusedSupport;
import dev.tatter.runtime.exec.LoopBody;
import dev.tatter.runtime.exec.LoopKernel;
import dev.tatter.runtime.exec.OutputBuffers;
import dev.tatter.runtime.exec.ProfileProbe;
import java.util.List;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;

/**
 * Emits each fused node (and each elementwise op or row fold fusion left alone) as a loop:
 *
 * <ul>
 *   <li>a {@link LoopKernel} among the class's constants, and at the node, one call {@code
 *       FusedSupport.run(loop, frame, SELF)}, which reads the operands from the frame, asks
 *       {@link FusedSupport#prepare} whether the fast loop applies (every operand read at the
 *       element's own flat index, once as a scalar, or through a broadcast index map) and for
 *       the one output array, then runs {@code loopK} through {@code SELF} — serially, or split
 *       across the pool above {@link FusedSupport#PARALLEL_THRESHOLD}. Otherwise (a broadcast
 *       only known at run time, or mismatched sizes) it calls the {@link FusedEvaluator}, which
 *       runs the unfused kernels and so broadcasts and fails exactly as they do. That part is the
 *       same for every loop, so it is runtime code, not generated: a graph of a thousand loops
 *       generates a thousand loop methods and nothing else per loop.
 *   <li>{@code loopK(int from, int to, Object[] args)}: a counted {@code int} loop over
 *       primitive arrays: per element, each step is an {@code INVOKESTATIC} of its
 *       {@code ScalarFunctions} overload (which C2 inlines), its result kept in a typed local and
 *       narrowed to int8/int16 as the unfused kernel stores it. No boxing, no allocation, no
 *       virtual call, so C2 unrolls and vectorizes it.
 * </ul>
 *
 * The class also implements {@link LoopBody} (a {@code tableswitch} over the loops), through which
 * {@code FusedSupport.run} and the pool's tasks call them.
 */
final class FusedKernelEmitter {
  private static final String OBJECTS = "[Ljava/lang/Object;";
  private static final String LOOP_DESC = "(II" + OBJECTS + ")V";
  private static final String SUPPORT = org.objectweb.asm.Type.getInternalName(FusedSupport.class);
  private static final String LOOP_BODY = org.objectweb.asm.Type.getInternalName(LoopBody.class);
  private static final String LOOP_BODY_FIELD = "L" + LOOP_BODY + ";";
  private static final String LOOP_KERNEL_NAME = org.objectweb.asm.Type.getInternalName(LoopKernel.class);
  private static final String RUN_DESC =
      "(" + org.objectweb.asm.Type.getDescriptor(LoopKernel.class) + OBJECTS + "L" + LOOP_BODY + ";)Ljava/lang/Object;";

  private final ClassWriter cw;
  private final String className;
  private final List<Object> constants;
  /** The frame slot holding the run's {@link OutputBuffers} (null: allocate every output). */
  private final int buffersSlot;
  private int kernels;
  /** The node each kernel runs, in kernel order (which is node order). */
  private final java.util.List<Integer> kernelNodes = new java.util.ArrayList<>();
  /** Whether split loops report to {@link ProfileProbe} (a program compiled for profiling). */
  private boolean profiled;

  FusedKernelEmitter(ClassWriter cw, String className, List<Object> constants, int buffersSlot) {
    this.cw = cw;
    this.className = className;
    this.constants = constants;
    this.buffersSlot = buffersSlot;
  }

  /** The node id each kernel runs, indexed by kernel. */
  int[] kernelNodes() {
    return kernelNodes.stream().mapToInt(Integer::intValue).toArray();
  }

  /** Split loops go through {@link ProfileProbe#forRange}, which times each piece on its thread (profiling only). */
  void reportSplitLoops() {
    profiled = true;
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
    return FusedExpr.fusibleRowFold(node) || FusedExpr.fusibleStep(node) && !node.op().fusion().isGather();
  }

  /** Results of at most this many elements, known statically, call the generic kernel instead. */
  private static final long SMALL = 16;

  /**
   * Emits the loop method of a {@code fused} node's kernel; returns the index of its {@link
   * LoopKernel} among the class's constants, for {@link #emitCall}.
   */
  int emit(Node node) {
    FusedEvaluator evaluator = FusedEvaluator.of(node); // parses the expression once for both
    return emit(node, evaluator.expr(), evaluator);
  }

  /** Emits a loop of one step for a node that {@link #runsAsLoop runs as a loop}; returns its constant as {@link #emit} does. */
  int emitSingle(Node node) {
    ImmutableList.Builder<FusedExpr.Ref> args = ImmutableList.builder();
    for (int i = 0; i < node.inputs().size(); i++) {
      args.add(FusedExpr.Ref.input(i));
    }
    FusedExpr expr = new FusedExpr(ImmutableList.of(new FusedExpr.Step(node.op(), args.build(), node.attributes())));
    // the step's origin is the node itself, described only if it fails
    List<String> origin = new java.util.AbstractList<>() {
      @Override
      public String get(int i) {
        java.util.Objects.checkIndex(i, 1);
        return node.describe();
      }

      @Override
      public int size() {
        return 1;
      }
    };
    return emit(node, expr, new FusedEvaluator(expr, origin));
  }

  private int emit(Node node, FusedExpr expr, FusedEvaluator evaluator) {
    int k = kernels++;
    kernelNodes.add(node.id());
    List<Type> inputTypes = node.inputs().stream().map(Node::type).toList();
    List<Type> stepTypes = expr.stepTypes(inputTypes);
    LoopShape shape = LoopShape.of(expr);
    // the index space the elementwise steps run over: a row reduction's or filter's values, else the result
    DenseType space = (DenseType) (shape.valuesOf() != null ? typeOf(shape.valuesOf(), inputTypes, stepTypes) : node.type());
    byte[] kinds = new byte[inputTypes.size()];
    // links[i]: for a row_gather's params, the partition it is gathered through; for such a
    // partition, itself (the loop reads its value_rowids); else -1
    int[] links = new int[inputTypes.size()];
    java.util.Arrays.fill(links, -1);
    for (FusedExpr.Step step : expr.steps()) {
      if (step.op().fusion().isGather()) {
        FusedExpr.Ref params = step.args().get(0), p = step.args().get(1);
        if (!params.isInput() || !p.isInput()) {
          throw new IllegalStateException("row_gather step " + step + " must read operands (a fuse pass bug)");
        }
        links[params.index()] = p.index();
        links[p.index()] = p.index();
      }
    }
    for (int i = 0; i < kinds.length; i++) {
      if (inputTypes.get(i) instanceof DenseType dense) {
        boolean oneElement = dense.shape().stream().allMatch(d -> Dims.isKnown(d) && d == 1);
        kinds[i] = links[i] < 0 ? indexMap(dense, space) : oneElement ? FusedSupport.SCALAR : FusedSupport.GATHER;
      } else {
        kinds[i] = FusedSupport.PARTITION;
      }
    }
    int partition = shape.partition();
    if (partition >= 0 && links[partition] == partition) {
      // gathered through the row loop's own partition: the row loop has the row at hand, so
      // it reads params[row] and needs no rowids (prepareRows checks nvals itself)
      links[partition] = -1;
    }
    DType outType = shape.filter() >= 0 ? stepTypes.get(stepTypes.size() - 1).dtype() : node.type().dtype();
    int[] slots = new int[node.inputs().size()];
    for (int i = 0; i < slots.length; i++) {
      slots[i] = node.input(i).id();
    }
    LoopKernel loop = new LoopKernel(k, KINDS.get(shape.kind()), slots, buffersSlot, kinds, links, space.rank(),
        shape.partition(), outType, shape.kind() == LoopShape.Kind.FOLD && ((DenseType) node.type()).rank() == 2,
        evaluator, profiled);
    emitLoop(k, expr, inputTypes, stepTypes, kinds, links, shape);
    return constant(loop);
  }

  private static final java.util.Map<LoopShape.Kind, LoopKernel.Kind> KINDS = java.util.Map.of(
      LoopShape.Kind.FLAT, LoopKernel.Kind.FLAT, LoopShape.Kind.FOLD, LoopKernel.Kind.FOLD,
      LoopShape.Kind.SCAN, LoopKernel.Kind.SCAN, LoopShape.Kind.FILTER, LoopKernel.Kind.FILTER);

  /**
   * {@code FusedSupport.run(loop, frame, SELF)}: the call that runs the loop whose {@link LoopKernel}
   * is constant {@code loop}, leaving its result on the stack (the frame is local 1).
   */
  void emitCall(MethodVisitor mv, int loop) {
    loadConstantAt(mv, loop, LOOP_KERNEL_NAME);
    mv.visitVarInsn(ALOAD, 1);
    mv.visitFieldInsn(GETSTATIC, className, "SELF", LOOP_BODY_FIELD);
    mv.visitMethodInsn(INVOKESTATIC, SUPPORT, "run", RUN_DESC, false);
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

  private void emitLoop(int k, FusedExpr expr, List<Type> inputTypes, List<Type> stepTypes, byte[] kinds, int[] links,
      LoopShape shape) {
    MethodVisitor mv = cw.visitMethod(ACC_PRIVATE | ACC_STATIC, "loop" + k, LOOP_DESC, null, null);
    mv.visitCode();
    // locals: 0 from, 1 to, 2 args, then the output array, one local per input (and per index
    // map), the index, the steps and scan accumulators; a row loop adds the row and its own locals
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
    int[] stepLocal = new int[expr.steps().size()];
    int[] scanLocal = new int[expr.steps().size()];
    for (int s = 0; s < stepLocal.length; s++) {
      int size = ElementCode.valueType(stepTypes.get(s).dtype()).getSize();
      stepLocal[s] = next;
      next += size;
      if (FusedExpr.isScan(expr.steps().get(s).op())) {
        scanLocal[s] = next;
        next += size;
      }
    }
    int partition = shape.partition();
    int row = partition >= 0 ? next++ : -1;
    FusedStepEmitter steps = new FusedStepEmitter(mv, expr, inputTypes, stepTypes, kinds, inputLocal, indexLocal,
        stepLocal, scanLocal, index, partition, row);
    if (partition < 0) {
      // for (index = from; index < to; index++) out[index] = steps(index)
      mv.visitVarInsn(ILOAD, 0);
      mv.visitVarInsn(ISTORE, index);
      Label head = new Label(), end = new Label();
      mv.visitLabel(head);
      mv.visitVarInsn(ILOAD, index);
      mv.visitVarInsn(ILOAD, 1);
      mv.visitJumpInsn(IF_ICMPGE, end);
      steps.emit(0, expr.steps().size());
      mv.visitVarInsn(ALOAD, out);
      mv.visitVarInsn(ILOAD, index);
      mv.visitVarInsn(ElementCode.valueType(outType).getOpcode(ILOAD), stepLocal[stepLocal.length - 1]);
      ElementCode.store(mv, outType);
      mv.visitIincInsn(index, 1);
      mv.visitJumpInsn(GOTO, head);
      mv.visitLabel(end);
    } else {
      new RowLoopEmitter(mv, expr, stepTypes, steps, shape, n).emit(inputLocal[partition], out, index, row, next);
    }
    mv.visitInsn(RETURN);
    mv.visitMaxs(0, 0);
    mv.visitEnd();
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
