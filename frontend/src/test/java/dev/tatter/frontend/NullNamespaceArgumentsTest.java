package dev.tatter.frontend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.ir.GraphBuildException;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.Tensor;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Parameter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Every generated namespace method, called with a null for each reference parameter in turn: a
 * parameter not marked {@link Nullable} is refused naming the method and the parameter at the
 * caller's line, never with the JVM's {@code NullPointerException} text; a {@code @Nullable} one
 * (TF's {@code None}) never ends in a {@code NullPointerException} either.
 */
class NullNamespaceArgumentsTest {
  /** The namespaces reachable from {@code tf}: {@code tf} itself and its public namespace fields, recursively. */
  private static List<Object> namespaces(Object root) throws IllegalAccessException {
    List<Object> out = new ArrayList<>(List.of(root));
    for (Field f : root.getClass().getFields()) {
      if (!Modifier.isStatic(f.getModifiers()) && f.getType().getSimpleName().endsWith("Namespace")) {
        out.addAll(namespaces(f.get(root)));
      }
    }
    return out;
  }

  /** A harmless argument of {@code type} (the nulled parameter is refused before any other is looked at). */
  private static Object dummy(Class<?> type, GraphBuilder g) {
    if (type == Value.class || type == Object.class) {
      return g.constant(Tensor.ofInts(1, 2));
    }
    if (type.isArray()) {
      return java.lang.reflect.Array.newInstance(type.getComponentType(), 0);
    }
    if (type == boolean.class) {
      return false;
    }
    if (type == int.class) {
      return 0;
    }
    if (type == long.class) {
      return 0L;
    }
    if (type == double.class) {
      return 0.0;
    }
    if (type == float.class) {
      return 0f;
    }
    if (type == String.class) {
      return "a";
    }
    if (type == DType.class) {
      return DType.INT32;
    }
    if (type == List.class) {
      return List.of();
    }
    if (type == Map.class) {
      return Map.of();
    }
    if (type.isEnum()) {
      return type.getEnumConstants()[0];
    }
    return null; // no ready value: a second null, refused under its own name if it comes first
  }

  @Test
  void everyReferenceParameter_isCheckedOrMarkedNullable() throws Exception {
    List<String> raw = new ArrayList<>();
    int calls = 0;
    for (Object namespace : namespaces(new GraphBuilder().ops())) {
      for (Method m : namespace.getClass().getDeclaredMethods()) {
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
          Object target = namespaceOf(g.ops(), namespace.getClass());
          Object[] args = new Object[params.length];
          for (int k = 0; k < params.length; k++) {
            args[k] = k == i ? null : dummy(params[k].getType(), g);
          }
          calls++;
          String what = namespace.getClass().getSimpleName() + "." + m.getName() + " parameter " + i + " ("
              + params[i].getType().getSimpleName() + (nullable ? ", @Nullable" : "") + ")";
          Throwable thrown = null;
          try {
            m.invoke(target, args);
          } catch (InvocationTargetException e) {
            thrown = e.getCause();
          }
          if (thrown instanceof NullPointerException) {
            raw.add(what + ": " + thrown);
          } else if (!nullable && !(thrown instanceof GraphBuildException e && e.getMessage().matches(
              "(?s).*argument '\\w+'(\\[\\d+\\])? of (tf|text)\\.[\\w.]+ is null at NullNamespaceArgumentsTest\\.java:\\d+.*"))) {
            raw.add(what + ": not refused by name: " + thrown);
          }
        }
      }
    }
    assertTrue(calls > 400, "only " + calls + " calls: are the namespaces still found?");
    assertEquals(List.of(), raw, raw.size() + " of " + calls + " calls");
  }

  private static Object namespaceOf(Ops tf, Class<?> type) throws IllegalAccessException {
    for (Object ns : namespaces(tf)) {
      if (ns.getClass() == type) {
        return ns;
      }
    }
    throw new AssertionError("no namespace " + type);
  }

  @Test
  void operandLists_nameTheNullElement() {
    GraphBuilder g = new GraphBuilder();
    Value x = g.constant(Tensor.ofInts(1));
    GraphBuildException e = org.junit.jupiter.api.Assertions.assertThrows(GraphBuildException.class,
        () -> g.ops().stack(java.util.Arrays.asList(x, null), 0));
    assertTrue(e.getMessage().startsWith("argument 'values'[1] of tf.stack is null at NullNamespaceArgumentsTest.java:"),
        e.getMessage());
  }
}
