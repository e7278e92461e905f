package dev.tatter.codegen;

import com.google.common.collect.ImmutableList;
import dev.tatter.ir.Graph;
import dev.tatter.ir.Node;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.exec.BufferLifetimes;
import dev.tatter.runtime.exec.GeneratedProgram;
import dev.tatter.runtime.exec.OutputBuffers;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.util.TraceClassVisitor;

/**
 * A graph compiled to a hidden class: runs it with feeds checked against the placeholders'
 * static types. Immutable and thread-safe; the hidden class is unloaded once this object is
 * unreachable.
 */
public final class CompiledGraph {
  private final Graph graph;
  private final ImmutableList<Node> feedNodes;
  private final GeneratedProgram program;
  private final byte[] classBytes;
  /** Why the graph runs in the interpreter instead (it does not fit one class file), or null. */
  private final String interpretedBecause;

  /** When each generated loop's arrays die within a run (for the runners' {@link OutputBuffers}). */
  private final BufferLifetimes lifetimes;

  CompiledGraph(Graph graph, ImmutableList<Node> feedNodes, GeneratedProgram program, byte[] classBytes,
      BufferLifetimes lifetimes) {
    this(graph, feedNodes, program, classBytes, lifetimes, null);
  }

  private CompiledGraph(Graph graph, ImmutableList<Node> feedNodes, GeneratedProgram program, byte[] classBytes,
      BufferLifetimes lifetimes, String interpretedBecause) {
    this.graph = graph;
    this.feedNodes = feedNodes;
    this.program = program;
    this.classBytes = classBytes;
    this.lifetimes = lifetimes;
    this.interpretedBecause = interpretedBecause;
  }

  /**
   * A graph too large for one class file, run by the interpreter behind the same interface: the
   * same feeds, results and errors, only slower.
   */
  static CompiledGraph interpreted(Graph graph, ImmutableList<Node> feedNodes, String reason) {
    GeneratedProgram program = in -> {
      Map<String, Object> byName = new java.util.HashMap<>();
      for (int i = 0; i < in.length; i++) {
        byName.put(feedNodes.get(i).name().orElseThrow(), in[i]);
      }
      return Interpreter.run(graph, byName).toArray();
    };
    return new CompiledGraph(graph, feedNodes, program, new byte[0], BufferLifetimes.NONE, reason);
  }

  /** Whether this graph runs in the interpreter because it does not fit a class file (see {@link BytecodeCompiler}). */
  public boolean isInterpreted() {
    return interpretedBecause != null;
  }

  /** The graph this was compiled from (its outputs are what {@link #run} returns). */
  public Graph graph() {
    return graph;
  }

  /** The placeholders this program reads, in the order of {@link #runUnchecked}'s array. */
  public List<Node> feedNodes() {
    return feedNodes;
  }

  /**
   * Runs with feeds by placeholder name, each checked and admitted as {@link FeedChecker#admit}
   * does (narrower row splits widened); returns the graph's outputs in order.
   */
  public List<Object> run(Map<String, ?> feeds) {
    Object[] in = new Object[feedNodes.size()];
    for (int i = 0; i < in.length; i++) {
      Node placeholder = feedNodes.get(i);
      String name = placeholder.name().orElseThrow();
      if (!feeds.containsKey(name)) {
        throw new InvalidArgumentException("placeholder " + placeholder.describe() + " must be fed");
      }
      in[i] = FeedChecker.admit(placeholder, feeds.get(name));
    }
    return Arrays.asList(program.run(in));
  }

  /** Runs with feeds already checked, in {@link #feedNodes()} order (for hot loops). */
  public Object[] runUnchecked(Object[] feeds) {
    return program.run(feeds);
  }

  /**
   * As {@link #runUnchecked(Object[])}, the generated loops writing their outputs into
   * {@code buffers}' arrays, kept from the last run with the same buffers where the sizes still
   * fit (see {@link OutputBuffers}): a result may hold those arrays until the next such run. The
   * loops' other arrays (intermediates) go to the buffers' pool as soon as this program's liveness
   * says they are dead, or are dropped.
   *
   * @param buffers the arrays to reuse, or null to allocate every output
   */
  public Object[] runUnchecked(Object[] feeds, OutputBuffers buffers) {
    if (buffers == null) {
      return program.run(feeds);
    }
    buffers.startRun(lifetimes);
    Object[] results;
    try {
      results = program.run(feeds, buffers);
    } catch (RuntimeException | Error e) {
      buffers.abortRun();
      throw e;
    }
    buffers.finishRun(results);
    return results;
  }

  /** When each generated loop's output arrays die within a run. */
  public BufferLifetimes lifetimes() {
    return lifetimes;
  }

  /**
   * Runs with feeds by placeholder name that the caller has already checked against placeholders
   * of the same names and types ({@code Session} checks them against the graph as built, before it
   * optimizes): each feed is only looked up, and one that is missing or null gets the full check
   * (and its error).
   *
   * @param buffers the arrays the generated loops reuse, or null to allocate every output
   */
  public Object[] runPrechecked(Map<String, ?> feeds, OutputBuffers buffers) {
    Object[] in = new Object[feedNodes.size()];
    for (int i = 0; i < in.length; i++) {
      Node placeholder = feedNodes.get(i);
      Object value = feeds.get(placeholder.name().orElseThrow());
      if (value == null) {
        if (!feeds.containsKey(placeholder.name().orElseThrow())) {
          throw new InvalidArgumentException("placeholder " + placeholder.describe() + " must be fed");
        }
        FeedChecker.check(placeholder, null);
      }
      in[i] = value;
    }
    return runUnchecked(in, buffers);
  }

  public byte[] classBytes() {
    return classBytes.clone();
  }

  /** The generated class as ASM's {@code Textifier} prints it. */
  public String bytecodeListing() {
    if (interpretedBecause != null) {
      return "# no class: the graph runs in the interpreter (" + interpretedBecause + ")\n";
    }
    StringWriter out = new StringWriter();
    new ClassReader(classBytes).accept(new TraceClassVisitor(new PrintWriter(out)), 0);
    return out.toString();
  }
}
