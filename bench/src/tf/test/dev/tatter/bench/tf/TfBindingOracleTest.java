package dev.tatter.bench.tf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.ir.OpDef;
import dev.tatter.ir.ops.OpRegistry;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * The ops' TF bindings against the TF runtime: every raw op an op names is an op TF 2.18
 * registers (read from {@code TF_GetAllOpList}), so a misspelt or invented name fails here and
 * not later as an oracle that cannot build its graph. An op reached only through tensorflow_text
 * ({@code text.} paths) names TF Text's kernels, which its own library registers, not TF.
 */
class TfBindingOracleTest {
  @Test
  void everyRawOpAnOpNames_isAnOpTfRegisters() {
    Map<String, String> unknown = new TreeMap<>();
    int named = 0;
    for (OpDef op : OpRegistry.ALL) {
      if (!op.tf().apis().isEmpty() && op.tf().apis().stream().allMatch(api -> api.startsWith("text."))) {
        continue; // tensorflow_text's kernels (NormalizeUTF8, RegexSplitWithOffsets, ...) are not in TF's op list
      }
      for (String raw : op.tf().rawOps()) {
        named++;
        if (!TfKernels.exists(raw)) {
          unknown.put(op.mnemonic(), raw);
        }
      }
    }
    assertTrue(named > 100, "only " + named + " raw op names in the registry");
    assertEquals(Map.of(), unknown, "ops naming raw ops TF does not register");
  }

  /** The check can fail: a name TF does not have is refused, one it has is found. */
  @Test
  void theOpList_knowsTfsNames_andNoOthers() {
    assertTrue(TfKernels.exists("RaggedGather"));
    assertTrue(!TfKernels.exists("RaggedGatherV9"));
  }
}
