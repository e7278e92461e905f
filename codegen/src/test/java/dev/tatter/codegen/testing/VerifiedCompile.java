package dev.tatter.codegen.testing;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.codegen.BytecodeCompiler;
import dev.tatter.codegen.CompiledGraph;
import dev.tatter.ir.Graph;
import java.io.PrintWriter;
import java.io.StringWriter;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.util.CheckClassAdapter;

/** Compiling a graph in tests: the generated class must pass ASM's {@link CheckClassAdapter}. */
public final class VerifiedCompile {
  private VerifiedCompile() {}

  /** {@link BytecodeCompiler#compile(Graph)}, failing the test unless the class verifies. */
  public static CompiledGraph compile(Graph graph) {
    CompiledGraph compiled = BytecodeCompiler.compile(graph);
    verify(compiled);
    return compiled;
  }

  /** Fails unless ASM's CheckClassAdapter finds the generated class valid. */
  public static void verify(CompiledGraph compiled) {
    StringWriter errors = new StringWriter();
    CheckClassAdapter.verify(new ClassReader(compiled.classBytes()), VerifiedCompile.class.getClassLoader(), false,
        new PrintWriter(errors));
    assertTrue(errors.toString().isEmpty(), () -> "generated class fails verification:\n" + errors);
  }
}
