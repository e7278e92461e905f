package dev.tatter.ir;

import static com.google.common.base.Preconditions.checkArgument;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Arrays;
import java.util.List;

/**
 * The element-level definition of an elementwise op: the public static overloads named
 * {@code name} in {@code owner}, one per Java computation type — {@code (int, int)} for
 * int8/int16/int32 (results are narrowed when stored, which wraps as TF does), {@code (long,
 * long)} for int64, {@code (float, float)}, {@code (double, double)} and {@code (boolean,
 * boolean)}; unary ops take one argument. Unfused kernels, constant folding and fused loops all
 * call these same methods, so they agree bit for bit.
 */
public record ScalarFunction(Class<?> owner, String name) {
  public ScalarFunction {
    checkArgument(!overloads(owner, name).isEmpty(), "no public static method %s.%s", owner.getSimpleName(), name);
  }

  /** The overload whose parameters are all {@code computeType}, if the op is defined there. */
  public java.util.Optional<Method> overload(Class<?> computeType, int arity) {
    return overloads(owner, name).stream()
        .filter(m -> m.getParameterCount() == arity
            && Arrays.stream(m.getParameterTypes()).allMatch(p -> p == computeType))
        .findFirst();
  }

  private static List<Method> overloads(Class<?> owner, String name) {
    return Arrays.stream(owner.getMethods())
        .filter(m -> m.getName().equals(name) && Modifier.isStatic(m.getModifiers()))
        .toList();
  }
}
