package dev.tatter.codegen;

import static org.objectweb.asm.Opcodes.*;

import com.google.common.collect.ImmutableList;
import dev.tatter.ir.AttrSpec;
import dev.tatter.ir.Graph;
import dev.tatter.ir.Lowering;
import dev.tatter.ir.Node;
import dev.tatter.ir.text.GraphPrinter;
import dev.tatter.runtime.exec.BufferLifetimes;
import dev.tatter.runtime.exec.GeneratedProgram;
import dev.tatter.runtime.exec.LoopBody;
import dev.tatter.runtime.exec.NodeFailure;
import dev.tatter.runtime.exec.OutputBuffers;
import dev.tatter.runtime.exec.ProfileProbe;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Type;

/**
 * The ASM backend: compiles a graph (its outputs and what they need) into one hidden class
 * implementing {@link GeneratedProgram}. Values live in an {@code Object[]} frame indexed by node
 * id; each node is a call of its kernel; a value's slot is cleared after its last use. Nodes are
 * emitted in chunk methods kept well under HotSpot's 8000-byte JIT limit, so graphs of any size
 * compile to methods the JIT compiles. Constants (attribute values, node descriptions) reach the
 * class as class data; no constant is ever turned into code.
 */
public final class BytecodeCompiler {
  /** Generated classes live in this package so that this class's lookup can define them. */
  private static final String CLASS_NAME = "dev/tatter/codegen/TatterProgram";
  private static final String OBJECTS = "[Ljava/lang/Object;";
  private static final String CHUNK_DESC = "(" + OBJECTS + OBJECTS + ")V";
  private static final String BUFFERS = Type.getDescriptor(OutputBuffers.class);
  /** Estimated bytecode bytes per chunk method; HotSpot will not JIT a method over 8000. */
  static final int CHUNK_BUDGET_BYTES = 6000;
  private static final AtomicLong COUNTER = new AtomicLong();
  private static final String PROBE = Type.getInternalName(ProfileProbe.class);
  /** The bytecode bytes of one node's two probe calls, added to its size estimate when instrumented. */
  private static final int PROBE_BYTES = 16;

  private BytecodeCompiler() {}

  public static CompiledGraph compile(Graph graph) {
    return compile(graph, CompilerOptions.defaults());
  }

  public static CompiledGraph compile(Graph graph, CompilerOptions options) {
    return compileTimed(graph, options, false).program();
  }

  /**
   * A compiled program and how long its two phases took: generating the class file ({@code
   * codegenNanos}) and defining and instantiating the hidden class ({@code defineNanos}).
   */
  public record Timed(CompiledGraph program, long codegenNanos, long defineNanos) {}

  /**
   * {@link #compile}, timed. With {@code instrumented}, the program calls {@link ProfileProbe}
   * before and after each node and splits large loops through it, for profiling; without, the
   * class is exactly the one {@link #compile} makes.
   */
  public static Timed compileTimed(Graph graph, CompilerOptions options, boolean instrumented) {
    long compileStart = System.nanoTime();
    if (graph.outputs().isEmpty()) {
      throw new IllegalArgumentException("the graph has no outputs to compute");
    }
    BitSet needed = Liveness.needed(graph);
    int[] lastUse = Liveness.lastUse(graph, needed);
    BitSet isOutput = new BitSet();
    graph.outputs().forEach(n -> isOutput.set(n.id()));

    List<Object> constants = new ArrayList<>();
    // how an error names node i, made only when a run fails (a large graph would describe thousands of nodes for nothing)
    List<Node> nodes = graph.nodes();
    java.util.function.IntFunction<String> descriptions = i -> nodes.get(i).describe();
    constants.add(descriptions);
    ImmutableList.Builder<Node> feeds = ImmutableList.builder();

    ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_FRAMES | ClassWriter.COMPUTE_MAXS);
    cw.visit(V17, ACC_PUBLIC | ACC_FINAL | ACC_SUPER, CLASS_NAME, null, "java/lang/Object",
        new String[] {Type.getInternalName(GeneratedProgram.class), Type.getInternalName(LoopBody.class)});
    cw.visitSource("graph.tat", null);
    cw.visitField(ACC_PRIVATE | ACC_STATIC | ACC_FINAL, "K", OBJECTS, null, null).visitEnd();
    emitConstructor(cw);
    // the frame holds one slot per node, then the run's output buffers (at graph.size())
    FusedKernelEmitter fusedKernels = new FusedKernelEmitter(cw, CLASS_NAME, constants, graph.size());
    if (instrumented) {
      fusedKernels.reportSplitLoops();
    }

    List<List<Node>> chunks = chunk(graph, needed, lastUse, isOutput, instrumented ? PROBE_BYTES : 0);
    int feedIndex = 0;
    for (int c = 0; c < chunks.size(); c++) {
      MethodVisitor mv = cw.visitMethod(ACC_PRIVATE | ACC_STATIC, "chunk" + c, CHUNK_DESC, null, null);
      mv.visitCode();
      Label start = new Label(), end = new Label(), handler = new Label();
      mv.visitTryCatchBlock(start, end, handler, "java/lang/RuntimeException");
      // an allocation the heap cannot hold fails the run like a kernel error (as in the interpreter)
      mv.visitTryCatchBlock(start, end, handler, "java/lang/OutOfMemoryError");
      push(mv, -1);
      mv.visitVarInsn(ISTORE, 2);
      mv.visitLabel(start);
      for (Node node : chunks.get(c)) {
        Label line = new Label();
        mv.visitLabel(line);
        mv.visitLineNumber(node.id() + 1, line);
        push(mv, node.id());
        mv.visitVarInsn(ISTORE, 2);
        if (node.op().lowering() instanceof Lowering.Feed) {
          feeds.add(node);
        }
        if (instrumented) {
          push(mv, node.id());
          mv.visitMethodInsn(INVOKESTATIC, PROBE, "enter", "(I)V", false);
        }
        emitNode(mv, node, constants, feedIndex, fusedKernels);
        if (instrumented) {
          push(mv, node.id());
          mv.visitVarInsn(ALOAD, 1);
          push(mv, node.id());
          mv.visitInsn(AALOAD);
          mv.visitMethodInsn(INVOKESTATIC, PROBE, "exit", "(ILjava/lang/Object;)V", false);
        }
        if (node.op().lowering() instanceof Lowering.Feed) {
          feedIndex++;
        }
        List<Node> inputs = node.inputs();
        for (int k = 0; k < inputs.size(); k++) {
          Node input = inputs.get(k);
          if (inputs.indexOf(input) == k && lastUse[input.id()] == node.id() && !isOutput.get(input.id())) {
            mv.visitVarInsn(ALOAD, 1);
            push(mv, input.id());
            mv.visitInsn(ACONST_NULL);
            mv.visitInsn(AASTORE);
          }
        }
      }
      mv.visitLabel(end);
      mv.visitInsn(RETURN);
      mv.visitLabel(handler);
      mv.visitVarInsn(ASTORE, 3);
      mv.visitVarInsn(ALOAD, 3);
      mv.visitFieldInsn(GETSTATIC, CLASS_NAME, "K", OBJECTS);
      push(mv, 0);
      mv.visitInsn(AALOAD);
      mv.visitTypeInsn(CHECKCAST, "java/util/function/IntFunction");
      mv.visitVarInsn(ILOAD, 2);
      mv.visitMethodInsn(INVOKESTATIC, Type.getInternalName(NodeFailure.class), "at",
          "(Ljava/lang/Throwable;Ljava/util/function/IntFunction;I)Ldev/tatter/runtime/InvalidArgumentException;", false);
      mv.visitInsn(ATHROW);
      mv.visitMaxs(0, 0);
      mv.visitEnd();
    }
    emitRun(cw, graph, chunks.size());
    emitStaticInit(cw, fusedKernels);
    cw.visitEnd();
    byte[] bytes;
    try {
      bytes = cw.toByteArray();
    } catch (org.objectweb.asm.ClassTooLargeException | org.objectweb.asm.MethodTooLargeException e) {
      // past the class file's limits (a constant pool of 65535 entries, 64 KB per method: about
      // 100,000 nodes, or a fused node of some 10,000 steps): the graph still runs, node by node
      return new Timed(CompiledGraph.interpreted(graph, feeds.build(), e.getMessage()), System.nanoTime() - compileStart, 0);
    }
    options.dumpDirectory().ifPresent(dir -> dump(dir, graph, bytes));
    BufferLifetimes lifetimes = BufferLifetimes.of(Liveness.releaseAt(graph, needed, lastUse, fusedKernels.kernelNodes()));
    long generated = System.nanoTime();
    CompiledGraph program = new CompiledGraph(graph, feeds.build(), instantiate(bytes, constants), bytes, lifetimes);
    return new Timed(program, generated - compileStart, System.nanoTime() - generated);
  }

  /** Splits the needed nodes into runs whose estimated code size fits {@link #CHUNK_BUDGET_BYTES}. */
  private static List<List<Node>> chunk(Graph graph, BitSet needed, int[] lastUse, BitSet isOutput, int probeBytes) {
    List<List<Node>> chunks = new ArrayList<>();
    List<Node> current = new ArrayList<>();
    int bytes = 0;
    for (Node node : graph.nodes()) {
      if (!needed.get(node.id())) {
        continue;
      }
      int estimate = probeBytes + 24 + 10 * node.inputs().size() + 12 * node.op().attributes().size();
      if (bytes + estimate > CHUNK_BUDGET_BYTES && !current.isEmpty()) {
        chunks.add(current);
        current = new ArrayList<>();
        bytes = 0;
      }
      current.add(node);
      bytes += estimate;
    }
    if (!current.isEmpty()) {
      chunks.add(current);
    }
    return chunks;
  }

  /** {@code frame[id] = value of node}. */
  private static void emitNode(MethodVisitor mv, Node node, List<Object> constants, int feedIndex,
      FusedKernelEmitter fusedKernels) {
    mv.visitVarInsn(ALOAD, 1);
    push(mv, node.id());
    node.op().lowering().accept(new Lowering.Visitor<Void>() {
      @Override
      public Void visitFeed(Lowering.Feed feed) {
        mv.visitVarInsn(ALOAD, 0);
        push(mv, feedIndex);
        mv.visitInsn(AALOAD);
        return null;
      }

      @Override
      public Void visitStaticCall(Lowering.StaticCall call) {
        if (FusedKernelEmitter.runsAsLoop(node)) {
          // an elementwise op or row fold left alone by fusion still runs as a generated loop
          // over primitive arrays, not as the generic kernel the interpreter uses
          fusedKernels.emitCall(mv, fusedKernels.emitSingle(node));
          return null;
        }
        Method method = call.method();
        Class<?>[] params = method.getParameterTypes();
        int bound = call.bound().size();
        for (int i = 0; i < bound; i++) {
          loadConstant(call.bound().get(i), params[i]);
        }
        for (int i = 0; i < node.inputs().size(); i++) {
          mv.visitVarInsn(ALOAD, 1);
          push(mv, node.input(i).id());
          mv.visitInsn(AALOAD);
          checkcast(mv, params[bound + i]);
        }
        List<AttrSpec> specs = node.op().attributes();
        for (int i = 0; i < specs.size(); i++) {
          Object value = specs.get(i).kind().toKernelArgument(node.attributes().get(specs.get(i).name()));
          loadConstant(value, params[bound + node.inputs().size() + i]);
        }
        mv.visitMethodInsn(INVOKESTATIC, JvmNames.internalName(method.getDeclaringClass()), method.getName(),
            JvmNames.descriptor(method), false);
        return null;
      }

      /** Pushes {@code value} (kept in the class data) as a {@code type}. */
      private void loadConstant(Object value, Class<?> type) {
        mv.visitFieldInsn(GETSTATIC, CLASS_NAME, "K", OBJECTS);
        push(mv, constants.size());
        constants.add(value);
        mv.visitInsn(AALOAD);
        unboxTo(mv, type);
      }

      @Override
      public Void visitFused(Lowering.Fused fused) {
        fusedKernels.emitCall(mv, fusedKernels.emit(node));
        return null;
      }
    });
    mv.visitInsn(AASTORE);
  }

  /**
   * {@code run(feeds)} as {@code run(feeds, null)}; {@code run(feeds, buffers)} makes the frame
   * (a slot per node, then the buffers, read by the generated loops) and runs the chunks.
   */
  private static void emitRun(ClassWriter cw, Graph graph, int chunkCount) {
    String withBuffers = "(" + OBJECTS + BUFFERS + ")" + OBJECTS;
    MethodVisitor plain = cw.visitMethod(ACC_PUBLIC, "run", "(" + OBJECTS + ")" + OBJECTS, null, null);
    plain.visitCode();
    plain.visitVarInsn(ALOAD, 0);
    plain.visitVarInsn(ALOAD, 1);
    plain.visitInsn(ACONST_NULL);
    plain.visitMethodInsn(INVOKEVIRTUAL, CLASS_NAME, "run", withBuffers, false);
    plain.visitInsn(ARETURN);
    plain.visitMaxs(0, 0);
    plain.visitEnd();

    MethodVisitor mv = cw.visitMethod(ACC_PUBLIC, "run", withBuffers, null, null);
    mv.visitCode();
    push(mv, graph.size() + 1);
    mv.visitTypeInsn(ANEWARRAY, "java/lang/Object");
    mv.visitVarInsn(ASTORE, 3);
    mv.visitVarInsn(ALOAD, 3);
    push(mv, graph.size());
    mv.visitVarInsn(ALOAD, 2);
    mv.visitInsn(AASTORE);
    for (int c = 0; c < chunkCount; c++) {
      mv.visitVarInsn(ALOAD, 1);
      mv.visitVarInsn(ALOAD, 3);
      mv.visitMethodInsn(INVOKESTATIC, CLASS_NAME, "chunk" + c, CHUNK_DESC, false);
    }
    push(mv, graph.outputs().size());
    mv.visitTypeInsn(ANEWARRAY, "java/lang/Object");
    for (int i = 0; i < graph.outputs().size(); i++) {
      mv.visitInsn(DUP);
      push(mv, i);
      mv.visitVarInsn(ALOAD, 3);
      push(mv, graph.outputs().get(i).id());
      mv.visitInsn(AALOAD);
      mv.visitInsn(AASTORE);
    }
    mv.visitInsn(ARETURN);
    mv.visitMaxs(0, 0);
    mv.visitEnd();
  }

  private static void emitStaticInit(ClassWriter cw, FusedKernelEmitter fusedKernels) {
    MethodVisitor mv = cw.visitMethod(ACC_STATIC, "<clinit>", "()V", null, null);
    mv.visitCode();
    mv.visitMethodInsn(INVOKESTATIC, "java/lang/invoke/MethodHandles", "lookup",
        "()Ljava/lang/invoke/MethodHandles$Lookup;", false);
    mv.visitLdcInsn("_");
    mv.visitLdcInsn(Type.getType(OBJECTS));
    mv.visitMethodInsn(INVOKESTATIC, "java/lang/invoke/MethodHandles", "classData",
        "(Ljava/lang/invoke/MethodHandles$Lookup;Ljava/lang/String;Ljava/lang/Class;)Ljava/lang/Object;", false);
    mv.visitTypeInsn(CHECKCAST, OBJECTS);
    mv.visitFieldInsn(PUTSTATIC, CLASS_NAME, "K", OBJECTS);
    fusedKernels.emitLoopBody(mv);
    mv.visitInsn(RETURN);
    mv.visitMaxs(0, 0);
    mv.visitEnd();
  }

  private static void emitConstructor(ClassWriter cw) {
    MethodVisitor mv = cw.visitMethod(ACC_PUBLIC, "<init>", "()V", null, null);
    mv.visitCode();
    mv.visitVarInsn(ALOAD, 0);
    mv.visitMethodInsn(INVOKESPECIAL, "java/lang/Object", "<init>", "()V", false);
    mv.visitInsn(RETURN);
    mv.visitMaxs(0, 0);
    mv.visitEnd();
  }

  private static void checkcast(MethodVisitor mv, Class<?> type) {
    if (type != Object.class) {
      mv.visitTypeInsn(CHECKCAST, JvmNames.internalName(type));
    }
  }

  private static void unboxTo(MethodVisitor mv, Class<?> type) {
    if (type == boolean.class) {
      mv.visitTypeInsn(CHECKCAST, "java/lang/Boolean");
      mv.visitMethodInsn(INVOKEVIRTUAL, "java/lang/Boolean", "booleanValue", "()Z", false);
    } else if (type == long.class) {
      mv.visitTypeInsn(CHECKCAST, "java/lang/Long");
      mv.visitMethodInsn(INVOKEVIRTUAL, "java/lang/Long", "longValue", "()J", false);
    } else if (type == double.class) {
      mv.visitTypeInsn(CHECKCAST, "java/lang/Double");
      mv.visitMethodInsn(INVOKEVIRTUAL, "java/lang/Double", "doubleValue", "()D", false);
    } else if (type.isPrimitive()) {
      throw new IllegalStateException("no attribute kind passes a " + type);
    } else {
      checkcast(mv, type);
    }
  }

  static void push(MethodVisitor mv, int value) {
    if (value >= -1 && value <= 5) {
      mv.visitInsn(ICONST_0 + value);
    } else if (value >= Byte.MIN_VALUE && value <= Byte.MAX_VALUE) {
      mv.visitIntInsn(BIPUSH, value);
    } else if (value >= Short.MIN_VALUE && value <= Short.MAX_VALUE) {
      mv.visitIntInsn(SIPUSH, value);
    } else {
      mv.visitLdcInsn(value);
    }
  }

  private static GeneratedProgram instantiate(byte[] bytes, List<Object> constants) {
    try {
      MethodHandles.Lookup lookup = MethodHandles.lookup()
          .defineHiddenClassWithClassData(bytes, constants.toArray(), true);
      return (GeneratedProgram) lookup.findConstructor(lookup.lookupClass(), MethodType.methodType(void.class)).invoke();
    } catch (Throwable e) {
      throw new IllegalStateException("generated class failed to load (a codegen bug)", e);
    }
  }

  private static void dump(Path dir, Graph graph, byte[] bytes) {
    String base = "TatterProgram" + COUNTER.incrementAndGet();
    try {
      Files.createDirectories(dir);
      Files.write(dir.resolve(base + ".class"), bytes);
      Files.writeString(dir.resolve(base + ".tat"), GraphPrinter.print(graph), StandardCharsets.UTF_8);
      StringBuilder listing = new StringBuilder();
      java.io.StringWriter sw = new java.io.StringWriter();
      new org.objectweb.asm.ClassReader(bytes).accept(
          new org.objectweb.asm.util.TraceClassVisitor(new java.io.PrintWriter(sw)), 0);
      listing.append(sw);
      Files.writeString(dir.resolve(base + ".txt"), listing, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("could not write the bytecode dump to " + dir, e);
    }
  }
}
