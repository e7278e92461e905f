package dev.tatter.frontend;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.ir.GraphBuildException;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.Tensor;
import java.util.List;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * A null operand of a builder method is refused naming what is null and the caller's line, never
 * with the JVM's message about a variable inside Tatter ({@code Cannot invoke "Value.type()" because "v" is null}).
 */
class NullArgumentsTest {
  @Test
  void nullOperands_areNamedWithTheCallSite() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value x = g.constant(Tensor.ofInts(1, 2));
    List<Supplier<Value>> calls = List.of(
        () -> tf.strings.length(null, "BYTE"),
        () -> tf.strings.split(null),
        () -> tf.sparse.toDense(null),
        () -> tf.math.add(x, (Value) null),
        () -> tf.math.abs(null),
        () -> tf.gather(null, x),
        () -> tf.concat(java.util.Arrays.asList(x, null), 0),
        () -> tf.where(null));
    for (Supplier<Value> call : calls) {
      GraphBuildException e = assertThrows(GraphBuildException.class, call::get);
      assertTrue(e.getMessage().contains("null"), e.getMessage());
      assertTrue(e.getMessage().contains("NullArgumentsTest.java:"), e.getMessage());
      assertFalse(e.getMessage().contains("because"), e.getMessage());
    }
    GraphBuildException named = assertThrows(GraphBuildException.class, () -> x.named(null));
    assertTrue(named.getMessage().startsWith("argument 'name' of Value.named is null at NullArgumentsTest.java:"), named.getMessage());
    assertThrows(NullPointerException.class, () -> Types.dense(null, 1));
    assertThrows(GraphBuildException.class, () -> g.scalar(DType.INT32, 1).add((Value) null));
  }
}
