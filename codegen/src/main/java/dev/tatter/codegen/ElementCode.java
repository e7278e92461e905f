package dev.tatter.codegen;

import static org.objectweb.asm.Opcodes.IALOAD;
import static org.objectweb.asm.Opcodes.IASTORE;
import static org.objectweb.asm.Opcodes.INVOKESTATIC;

import dev.tatter.runtime.DType;
import dev.tatter.runtime.DTypeLayout;
import java.lang.reflect.Method;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Type;

/**
 * The bytecode for one element of a dtype, derived from its {@link DTypeLayout}: the JVM type it
 * is computed in, the array load and store of its storage type and the conversions between the
 * two. Generated loops read and write elements only through these, so a new dtype needs no
 * change here.
 */
final class ElementCode {
  private ElementCode() {}

  /** The JVM type a value of {@code dtype} is held in while computing (int for int8). */
  static Type valueType(DType dtype) {
    requirePrimitive(dtype);
    return Type.getType(dtype.computeType());
  }

  /** The descriptor of the array holding {@code dtype}'s elements. */
  static String arrayDescriptor(DType dtype) {
    return JvmNames.descriptor(dtype.arrayClass());
  }

  /** {@code array, index -> value}: the array load, then the widening the JVM does not do itself. */
  static void load(MethodVisitor mv, DType dtype) {
    requirePrimitive(dtype);
    mv.visitInsn(Type.getType(dtype.storageType()).getOpcode(IALOAD));
    dtype.layout().fromStorage().ifPresent(m -> invoke(mv, m));
  }

  /** {@code array, index, value -> }: the narrowing to the storage type, then the array store. */
  static void store(MethodVisitor mv, DType dtype) {
    requirePrimitive(dtype);
    dtype.layout().toStorage().ifPresent(m -> invoke(mv, m));
    mv.visitInsn(Type.getType(dtype.storageType()).getOpcode(IASTORE));
  }

  /** {@code value -> value}: what storing and loading back keeps (int8 wraps), so every step equals the unfused kernel. */
  static void wrap(MethodVisitor mv, DType dtype) {
    DTypeLayout layout = dtype.layout();
    layout.toStorage().ifPresent(m -> invoke(mv, m));
    layout.fromStorage().ifPresent(m -> invoke(mv, m));
  }

  static void invoke(MethodVisitor mv, Method m) {
    mv.visitMethodInsn(INVOKESTATIC, JvmNames.internalName(m.getDeclaringClass()), m.getName(),
        JvmNames.descriptor(m), false);
  }

  private static void requirePrimitive(DType dtype) {
    if (!dtype.isPrimitive()) {
      throw new IllegalStateException(dtype + " is never fused");
    }
  }
}
