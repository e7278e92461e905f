package dev.tatter.runtime.kernels.scalar;

import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableListMultimap;
import com.google.common.collect.Multimaps;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The element functions of a family of ops, by composition: the classes whose declared public
 * static methods together are the family's overloads ({@code ScalarFunctions} with the unsigned,
 * 16-bit float and complex overloads of the same ops, which live in classes of their own). No
 * class extends another to merge its statics into a family; a family names its classes, and an
 * overload is always called on the class that declares it. A signature is declared by one class
 * of a set only (checked when the set is made), so which class provides it never depends on the
 * order of the classes.
 */
public final class OverloadSet {
  private final String name;
  private final ImmutableList<Class<?>> owners;
  /** The classes' public static methods by name, the first class's first. */
  private final ImmutableListMultimap<String, Method> byName;

  private OverloadSet(String name, ImmutableList<Class<?>> owners) {
    this.name = name;
    this.owners = owners;
    List<Method> statics = owners.stream()
        .flatMap(owner -> Arrays.stream(owner.getDeclaredMethods()))
        .filter(m -> Modifier.isPublic(m.getModifiers()) && Modifier.isStatic(m.getModifiers()))
        .toList();
    Map<String, Class<?>> declared = new HashMap<>();
    for (Method m : statics) {
      String signature = m.getName() + Arrays.toString(m.getParameterTypes());
      Class<?> first = declared.putIfAbsent(signature, m.getDeclaringClass());
      if (first != null) {
        throw new IllegalArgumentException(name + ": " + signature + " is declared by both " + first.getSimpleName()
            + " and " + m.getDeclaringClass().getSimpleName());
      }
    }
    this.byName = Multimaps.index(statics, Method::getName);
  }

  /** The set of {@code first} and {@code more}, named after {@code first} (the family's own class). */
  public static OverloadSet of(Class<?> first, Class<?>... more) {
    return new OverloadSet(first.getSimpleName(), ImmutableList.<Class<?>>builder().add(first).add(more).build());
  }

  /** The name of the set in messages ({@code ScalarFunctions.add}): its first class's. */
  public String name() {
    return name;
  }

  /** The classes whose public static methods the set holds, the family's own first. */
  public List<Class<?>> owners() {
    return owners;
  }

  /** The public static methods named {@code name} the classes declare, the first class's first. */
  public List<Method> staticMethods(String name) {
    return byName.get(name);
  }

  /** The public static method {@code name(parameterTypes)} one of the classes declares, if any. */
  public Optional<Method> method(String name, Class<?>... parameterTypes) {
    return byName.get(name).stream()
        .filter(m -> Arrays.equals(m.getParameterTypes(), parameterTypes))
        .findFirst();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof OverloadSet s && s.owners.equals(owners);
  }

  @Override
  public int hashCode() {
    return owners.hashCode();
  }

  @Override
  public String toString() {
    return name;
  }
}
