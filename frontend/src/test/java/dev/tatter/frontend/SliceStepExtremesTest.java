package dev.tatter.frontend;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tatter.ir.Graph;
import dev.tatter.ir.text.GraphParser;
import dev.tatter.runtime.Index;
import dev.tatter.runtime.Tensor;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Slice steps at the ends of the long range count positions as Python does, with no overflow. */
class SliceStepExtremesTest {
  @Test
  void countAtTheEndsOfTheLongRange() {
    // Python: len(range(3)[::-2**63]) == 1, len(range(3)[::2**63-1]) == 1, len(range(3)[::-(2**63-1)]) == 1
    assertEquals(1, ((Index.Slice) Index.slice(null, null, Long.MIN_VALUE)).count(3));
    assertEquals(1, ((Index.Slice) Index.slice(null, null, Long.MAX_VALUE)).count(3));
    assertEquals(1, ((Index.Slice) Index.slice(null, null, -Long.MAX_VALUE)).count(3));
    assertEquals(0, ((Index.Slice) Index.slice(null, null, Long.MIN_VALUE)).count(0));
    // a huge static size: span + |step| - 1 wrapped before
    assertEquals(2, ((Index.Slice) Index.slice(null, null, Long.MAX_VALUE - 1)).count(Long.MAX_VALUE));
    assertEquals(4, ((Index.Slice) Index.slice(null, null, 3L)).count(10));
  }

  @Test
  void extremeStepsThroughEveryBackend() {
    // tf.constant([1, 2, 3])[::-2**63] -> [3]; [::2**63-1] -> [1] (TF's strided_slice follows Python)
    for (Object[] c : new Object[][] {{Long.MIN_VALUE, 3}, {Long.MAX_VALUE, 1}}) {
      Graph g = GraphParser.parse("""
          %x = placeholder() : tensor<int32>[None]
          %y = getitem(%x) {key = "::STEP"} : tensor<int32>[None]
          return %y
          """.replace("STEP", c[0].toString()), "s.tat");
      List<Object> out = Harness.runEverywhere(g, Map.of("x", Tensor.ofInts(1, 2, 3)));
      assertEquals(Tensor.ofInts((Integer) c[1]), out.get(0));
    }
  }
}
