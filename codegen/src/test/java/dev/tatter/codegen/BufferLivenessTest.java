package dev.tatter.codegen;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tatter.ir.Graph;
import dev.tatter.ir.text.GraphParser;
import dev.tatter.runtime.exec.BufferLifetimes;
import org.junit.jupiter.api.Test;

/**
 * The lifetimes of the loops' arrays a compiled graph gives its runners: a loop's arrays die after
 * the last read of its value or of any value derived from it through nodes that are not loops, and
 * never while a graph output may hold them.
 */
class BufferLivenessTest {
  @Test
  void aLoopsArrays_dieAfterTheLastReadThroughViews_andNeverWhenAnOutputMayHoldThem() {
    // unoptimized, so each elementwise op is a loop of its own (kernels 0..3 at nodes 1, 3, 5, 6)
    Graph graph = GraphParser.parse("""
        %x = placeholder() : tensor<float32>[None]
        %a = mul(%x, %x) : tensor<float32>[None]
        %r = reverse(%a) {axis = 0} : tensor<float32>[None]
        %b = add(%r, %x) : tensor<float32>[None]
        %r2 = reverse(%b) {axis = 0} : tensor<float32>[None]
        %c = mul(%r2, %x) : tensor<float32>[None]
        %d = mul(%c, %x) : tensor<float32>[None]
        %e = reverse(%d) {axis = 0} : tensor<float32>[None]
        return %e
        """, "lifetimes.tat");
    BufferLifetimes lifetimes = BytecodeCompiler.compile(graph).lifetimes();
    assertEquals(4, lifetimes.kernels());
    // a is read by r, and r (which may hold a's array) by b: dead before c's loop (kernel 2)
    assertArrayEquals(new int[] {}, lifetimes.deadBefore(0));
    assertArrayEquals(new int[] {}, lifetimes.deadBefore(1));
    assertArrayEquals(new int[] {0}, lifetimes.deadBefore(2));
    // b through r2 to c: dead before d's loop; c is read by d, the last loop; d reaches the output
    assertArrayEquals(new int[] {1}, lifetimes.deadBefore(3));
  }

  @Test
  void aLoopReadByAnOutputsView_livesToTheEnd_andTheInterpreterFallbackReleasesNothing() {
    Graph graph = GraphParser.parse("""
        %x = placeholder() : tensor<float32>[None]
        %a = mul(%x, %x) : tensor<float32>[None]
        %r = reverse(%a) {axis = 0} : tensor<float32>[None]
        %b = add(%x, %x) : tensor<float32>[None]
        %c = mul(%b, %x) : tensor<float32>[None]
        return %r, %c
        """, "lifetimes.tat");
    BufferLifetimes lifetimes = BytecodeCompiler.compile(graph).lifetimes();
    assertEquals(3, lifetimes.kernels());
    // a may be held by the output r; b is read by c alone, but no loop follows c
    for (int k = 0; k < 3; k++) {
      assertArrayEquals(new int[] {}, lifetimes.deadBefore(k));
    }
    assertEquals(0, BufferLifetimes.NONE.kernels());
  }
}
