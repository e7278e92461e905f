package dev.tatter.frontend;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The user-facing API speaks {@code java.util} only: no Guava type in a public signature (a user
 * on another Guava version must not meet ours). The op-author API ({@code OpDef},
 * {@code OpContext}, the op libraries) is not listed here.
 */
class PublicApiTypesTest {
  private static final List<Class<?>> USER_FACING = List.of(
      GraphBuilder.class, Value.class, Session.class, Runner.class, Result.class, Types.class, PartitionOptions.class,
      dev.tatter.runtime.Tensor.class, dev.tatter.runtime.RaggedTensor.class, dev.tatter.runtime.RowPartition.class,
      dev.tatter.runtime.SparseTensor.class, dev.tatter.runtime.DType.class, dev.tatter.runtime.Index.class,
      dev.tatter.ir.Graph.class, dev.tatter.ir.Node.class, dev.tatter.ir.types.DenseType.class,
      dev.tatter.ir.types.RaggedType.class, dev.tatter.ir.types.SparseType.class,
      dev.tatter.ir.types.PartitionType.class, dev.tatter.ir.text.GraphParser.class,
      dev.tatter.ir.text.GraphPrinter.class, dev.tatter.ir.text.IrParseException.class,
      dev.tatter.optimizer.PassManager.class, dev.tatter.codegen.CompiledGraph.class,
      dev.tatter.codegen.Interpreter.class);

  @Test
  void noGuavaTypeInAUserFacingPublicSignature() {
    List<String> offenders = new ArrayList<>();
    for (Class<?> c : USER_FACING) {
      for (Method m : c.getMethods()) {
        if (m.getDeclaringClass() == c) {
          check(c.getSimpleName() + "." + m.getName(), m.getGenericReturnType(), offenders);
          for (Type p : m.getGenericParameterTypes()) {
            check(c.getSimpleName() + "." + m.getName() + " parameter", p, offenders);
          }
        }
      }
      for (Constructor<?> k : c.getConstructors()) {
        for (Type p : k.getGenericParameterTypes()) {
          check(c.getSimpleName() + " constructor parameter", p, offenders);
        }
      }
      for (Field f : c.getFields()) {
        if (Modifier.isPublic(f.getModifiers())) {
          check(c.getSimpleName() + "." + f.getName(), f.getGenericType(), offenders);
        }
      }
    }
    assertEquals(List.of(), offenders);
  }

  private static void check(String where, Type type, List<String> offenders) {
    if (type.getTypeName().contains("com.google.common")) {
      offenders.add(where + ": " + type.getTypeName());
    }
  }
}
