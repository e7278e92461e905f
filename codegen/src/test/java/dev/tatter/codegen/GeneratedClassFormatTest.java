package dev.tatter.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.codegen.testing.VerifiedCompile;
import dev.tatter.ir.Graph;
import dev.tatter.ir.text.GraphParser;
import dev.tatter.runtime.Tensor;
import dev.tatter.runtime.exec.OutputBuffers;
import java.util.concurrent.atomic.AtomicInteger;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.MethodVisitor;
import org.junit.jupiter.api.Test;

/**
 * Generated classes are Java 17 class files (version 61) with stack map frames, the format the
 * split verifier checks fast and CDS accepts; {@code run(feeds, buffers)} reuses a loop's output.
 */
class GeneratedClassFormatTest {
  private static final Graph CHAIN = GraphParser.parse("""
      %x = placeholder() : tensor<float32>[None]
      %0 = mul(%x, %x) : tensor<float32>[None]
      %1 = add(%0, %x) : tensor<float32>[None]
      return %1
      """, "chain.tat");

  @Test
  void generatedClass_isVersion61_withStackMapFrames() {
    CompiledGraph compiled = VerifiedCompile.compile(CHAIN);
    byte[] bytes = compiled.classBytes();
    int major = ((bytes[6] & 0xff) << 8) | (bytes[7] & 0xff);
    assertEquals(61, major);
    AtomicInteger frames = new AtomicInteger();
    new ClassReader(bytes).accept(new ClassVisitor(Opcodes.ASM9) {
      @Override
      public MethodVisitor visitMethod(int access, String name, String descriptor, String signature, String[] exceptions) {
        return new MethodVisitor(Opcodes.ASM9) {
          @Override
          public void visitFrame(int type, int numLocal, Object[] local, int numStack, Object[] stack) {
            frames.incrementAndGet();
          }
        };
      }
    }, ClassReader.SKIP_DEBUG);
    assertTrue(frames.get() > 0, "no stack map frames: branches would need the old type-inferencing verifier");
  }

  @Test
  void runWithBuffers_reusesTheLoopsOutput_andPlainRunNever() {
    CompiledGraph compiled = VerifiedCompile.compile(CHAIN);
    OutputBuffers buffers = new OutputBuffers();
    Object[] feeds = {Tensor.ofFloats(1f, 2f, 3f)};
    Tensor first = (Tensor) compiled.runUnchecked(feeds, buffers)[0];
    Tensor second = (Tensor) compiled.runUnchecked(new Object[] {Tensor.ofFloats(4f, 5f, 6f)}, buffers)[0];
    assertSame(first.unsafeData(), second.unsafeData());
    // tf.multiply(x, x) + x: [4*4+4, 5*5+5, 6*6+6]
    assertEquals(Tensor.ofFloats(20f, 30f, 42f), second);
    assertNotSame(((Tensor) compiled.runUnchecked(feeds)[0]).unsafeData(), ((Tensor) compiled.runUnchecked(feeds)[0]).unsafeData());
    assertEquals(Tensor.ofFloats(2f, 6f, 12f), compiled.runUnchecked(feeds)[0]);
  }
}
