package dev.tatter.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.tatter.ir.Graph;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A null argument to the transformer's setters is refused naming it (no Spark session needed). */
class TransformerArgumentsTest {
  @Test
  void nullArguments_areNamed_notTheJvmsNpeText() {
    TatterTransformer t = new TatterTransformer();
    assertEquals("spark: setGraph(null): the graph's text is null",
        assertThrows(NullPointerException.class, () -> t.setGraph((String) null)).getMessage());
    assertEquals("spark: setGraph(null): the graph is null",
        assertThrows(NullPointerException.class, () -> t.setGraph((Graph) null)).getMessage());
    assertEquals("spark: setInputs(null): the map is null",
        assertThrows(NullPointerException.class, () -> t.setInputs(null)).getMessage());
    Map<String, String> nullColumn = new HashMap<>();
    nullColumn.put(null, "x");
    assertEquals("spark: setInputs: a null column name",
        assertThrows(NullPointerException.class, () -> t.setInputs(nullColumn)).getMessage());
    Map<String, String> nullFetch = new HashMap<>();
    nullFetch.put("y", null);
    assertEquals("spark: setOutputs: a null column name",
        assertThrows(NullPointerException.class, () -> t.setOutputs(nullFetch)).getMessage());
    assertEquals("spark: setNullPolicy(null): the policy is null",
        assertThrows(NullPointerException.class, () -> t.setNullPolicy(null)).getMessage());
  }
}
