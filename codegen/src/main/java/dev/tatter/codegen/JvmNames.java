package dev.tatter.codegen;

import java.lang.reflect.Method;
import java.util.concurrent.ConcurrentHashMap;
import org.objectweb.asm.Type;

/**
 * The JVM names of the classes and methods generated code calls, each made once: ASM's {@link
 * Type} builds a new string on every call, which its symbol table then hashes again, and a large
 * graph asks for the same few kernels' names thousands of times. Kernels and scalar functions live
 * in the runtime, loaded for good, so the caches only grow with the library.
 */
final class JvmNames {
  private JvmNames() {}

  private static final ClassValue<String> INTERNAL = new ClassValue<>() {
    @Override
    protected String computeValue(Class<?> type) {
      return Type.getInternalName(type);
    }
  };

  private static final ClassValue<String> DESCRIPTOR = new ClassValue<>() {
    @Override
    protected String computeValue(Class<?> type) {
      return Type.getDescriptor(type);
    }
  };

  private static final ConcurrentHashMap<Method, String> METHOD_DESCRIPTORS = new ConcurrentHashMap<>();

  /** {@code Type.getInternalName(type)}, made once per class. */
  static String internalName(Class<?> type) {
    return INTERNAL.get(type);
  }

  /** {@code Type.getDescriptor(type)}, made once per class. */
  static String descriptor(Class<?> type) {
    return DESCRIPTOR.get(type);
  }

  /** {@code Type.getMethodDescriptor(method)}, made once per method. */
  static String descriptor(Method method) {
    // a lambda, not a method reference to ASM: the AppCDS dump would link ASM's Type (a Java 5 class
    // file) to archive the reference, and a linked old class is left out of the archive
    return METHOD_DESCRIPTORS.computeIfAbsent(method, m -> Type.getMethodDescriptor(m));
  }
}
