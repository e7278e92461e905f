package dev.tatter.frontend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.ir.GraphBuildException;
import dev.tatter.ir.types.Type;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.Tensor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Parameter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * Every public method of {@link Value} and {@link GraphBuilder}, called with a null for each
 * reference parameter in turn: a parameter not marked {@link Nullable} is refused naming the
 * method and the parameter at the caller's line ({@code argument 'y' of Value.add is null at
 * ...}), never with the JVM's {@code NullPointerException} text; a {@code @Nullable} one (TF's
 * {@code None}) never ends in a {@code NullPointerException} either.
 */
class NullBuilderArgumentsTest {
  /** A harmless argument of {@code type}. */
  private static Object dummy(Class<?> type, GraphBuilder g) {
    if (type == Value.class || type == Object.class) {
      return g.constant(Tensor.ofInts(1, 2));
    }
    if (type.isArray()) {
      return java.lang.reflect.Array.newInstance(type.getComponentType(), 0);
    }
    Map<Class<?>, Object> ready = Map.of(boolean.class, false, int.class, 0, long.class, 0L, double.class, 0.0,
        String.class, "a", DType.class, DType.INT32, List.class, List.of(), Map.class, Map.of(),
        Tensor.class, Tensor.ofInts(1, 2), Type.class, Types.parse("tensor<int32>[2]"));
    return type == PartitionOptions.class ? PartitionOptions.DEFAULT : ready.get(type); // none ready: a second null, refused under its own name if it comes first
  }

  private static int check(Class<?> owner, Function<GraphBuilder, Object> target, List<String> wrong) {
    int calls = 0;
    for (Method m : owner.getDeclaredMethods()) {
      if (!Modifier.isPublic(m.getModifiers()) || Modifier.isStatic(m.getModifiers())) {
        continue;
      }
      Parameter[] params = m.getParameters();
      for (int i = 0; i < params.length; i++) {
        if (params[i].getType().isPrimitive()) {
          continue;
        }
        boolean nullable = params[i].isAnnotationPresent(Nullable.class);
        GraphBuilder g = new GraphBuilder();
        Object[] args = new Object[params.length];
        for (int k = 0; k < params.length; k++) {
          args[k] = k == i ? null : dummy(params[k].getType(), g);
        }
        calls++;
        String what = owner.getSimpleName() + "." + m.getName() + " parameter " + i + " (" + params[i].getType().getSimpleName()
            + (nullable ? ", @Nullable" : "") + ")";
        Throwable thrown = null;
        try {
          m.invoke(target.apply(g), args);
        } catch (InvocationTargetException e) {
          thrown = e.getCause();
        } catch (IllegalAccessException e) {
          throw new AssertionError(e);
        }
        String expected = "(?s)argument '\\w+'(\\[\\d+\\])? of " + owner.getSimpleName() + "\\." + m.getName()
            + " is null at NullBuilderArgumentsTest\\.java:\\d+.*";
        if (thrown instanceof NullPointerException) {
          wrong.add(what + ": " + thrown);
        } else if (!nullable && !(thrown instanceof GraphBuildException e && e.getMessage().matches(expected))) {
          wrong.add(what + ": not refused by name: " + thrown);
        }
      }
    }
    return calls;
  }

  @Test
  void everyReferenceParameterOfValueAndGraphBuilder_isCheckedOrMarkedNullable() {
    List<String> wrong = new ArrayList<>();
    int calls = check(Value.class, g -> g.constant(Tensor.ofInts(1, 2)), wrong)
        + check(GraphBuilder.class, g -> g, wrong);
    assertTrue(calls > 80, "only " + calls + " calls");
    assertEquals(List.of(), wrong, wrong.size() + " of " + calls + " calls");
  }

  @Test
  void anOperandListNamesTheNullElement() {
    GraphBuilder g = new GraphBuilder();
    Value v = g.constant(Tensor.ofLongs(0, 1));
    GraphBuildException e = assertThrows(GraphBuildException.class,
        () -> g.raggedFromNestedRowSplits(v, java.util.Arrays.asList(g.constant(Tensor.ofLongs(0, 2)), null)));
    assertTrue(e.getMessage().startsWith("argument 'nestedRowSplits'[1] of GraphBuilder.raggedFromNestedRowSplits is null at "
        + "NullBuilderArgumentsTest.java:"), e.getMessage());
  }

  @Test
  void applyOfAnUnknownOp_namesTheCallersLine() {
    GraphBuildException e = assertThrows(GraphBuildException.class,
        () -> new GraphBuilder().apply("no_such_op", Map.of()));
    assertTrue(e.getMessage().startsWith("apply at NullBuilderArgumentsTest.java:"), e.getMessage());
  }
}
