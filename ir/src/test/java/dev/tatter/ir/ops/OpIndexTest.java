package dev.tatter.ir.ops;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableMap;
import dev.tatter.ir.OpDef;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The index the build writes ({@code op-index.tsv}, from {@link OpIndex#main} in process-classes) is
 * exactly what reflection over {@link OpRegistry#LIBRARIES} gives, entry for entry and in order, so
 * that a lookup through it finds the op the registry would.
 */
class OpIndexTest {
  @Test
  void theBuiltIndex_equalsReflectionOverTheLibraries() {
    ImmutableMap<String, Class<?>> built = OpIndex.fromResource()
        .orElseThrow(() -> new AssertionError(OpIndex.RESOURCE + " is missing or names a class that is not a library"));
    ImmutableMap<String, Class<?>> reflected = OpIndex.fromLibraries();
    assertEquals(ImmutableList.copyOf(reflected.entrySet()), ImmutableList.copyOf(built.entrySet()));
    assertEquals(OpRegistry.ALL.size(), built.size(), "one entry per registered op");
  }

  @Test
  void everyIndexedMnemonic_findsTheConstantOfItsLibrary() {
    for (Map.Entry<String, Class<?>> e : OpIndex.fromLibraries().entrySet()) {
      OpDef op = OpRegistry.lookup(e.getKey()).orElseThrow();
      assertTrue(OpRegistry.opsOf(e.getValue()).stream().anyMatch(declared -> declared == op),
          e.getKey() + " must be the constant " + e.getValue().getSimpleName() + " declares");
    }
  }

  @Test
  void allAndLookup_agree_inRegistryOrder() {
    ImmutableList<String> fromAll = OpRegistry.ALL.stream().map(OpDef::mnemonic).collect(ImmutableList.toImmutableList());
    assertEquals(ImmutableList.copyOf(OpIndex.fromLibraries().keySet()), fromAll);
    for (OpDef op : OpRegistry.ALL) {
      assertSame(op, OpRegistry.lookup(op.mnemonic()).orElseThrow());
    }
    assertTrue(OpRegistry.lookup("no_such_op").isEmpty());
  }

  @Test
  void theResourceText_isOneTabSeparatedLinePerOp() {
    String text = OpIndex.text(ImmutableMap.of("placeholder", CoreOps.class, "add", ElementwiseOps.class));
    assertEquals("placeholder\tCoreOps\nadd\tElementwiseOps\n", text);
  }
}
