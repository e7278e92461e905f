package dev.tatter.runtime.kernels.scalar;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.runtime.Complex64;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.kernels.elementwise.PointwiseKernels;
import dev.tatter.runtime.kernels.elementwise.ScalarFunction;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Overload sets by composition: a family's overloads are the public static methods its classes
 * declare, each found on the class that declares it, and no element-function class extends another
 * to merge statics.
 */
class OverloadSetTest {
  private static final List<OverloadSet> FAMILIES = List.of(ScalarFunctions.OVERLOADS, ArithmeticFunctions.OVERLOADS,
      DivisionFunctions.OVERLOADS, TranscendentalFunctions.OVERLOADS);

  @Test
  void families_areClassesThatExtendNothing() {
    for (OverloadSet family : FAMILIES) {
      for (Class<?> owner : family.owners()) {
        assertEquals(Object.class, owner.getSuperclass(), owner + " must not extend a class to merge statics");
        assertTrue(Modifier.isFinal(owner.getModifiers()), owner + " is final");
      }
    }
  }

  @Test
  void overloads_comeFromTheClassThatDeclaresThem() throws NoSuchMethodException {
    ScalarFunction add = new ScalarFunction(ScalarFunctions.OVERLOADS, "add");
    assertEquals(ScalarFunctions.class.getMethod("add", float.class, float.class), add.overload(DType.FLOAT32, 2).orElseThrow());
    // uint8 resolves to addUnsigned, complex64 to ComplexFunctions' overload: each on its own class
    assertEquals(UnsignedFunctions.class.getMethod("addUnsigned", int.class, int.class), add.overload(DType.UINT8, 2).orElseThrow());
    assertEquals(ComplexFunctions.class.getMethod("add", Complex64.class, Complex64.class),
        add.overload(DType.COMPLEX64, 2).orElseThrow());
    assertEquals("ScalarFunctions.add", add.toString());
    // cast to float16 from float: HalfFunctions.toFloat16(float), found through ScalarFunctions' set
    Method cast = PointwiseKernels.castFunction(DType.FLOAT32, DType.FLOAT16);
    assertEquals(HalfFunctions.class, cast.getDeclaringClass());
    // a one-class set holds that class's own statics only: ScalarFunctions declares no complex add
    assertTrue(new ScalarFunction(ScalarFunctions.class, "add").overload(DType.COMPLEX64, 2).isEmpty());
  }

  @Test
  void aSignatureDeclaredTwice_isRefused() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> OverloadSet.of(ScalarFunctions.class, ScalarFunctions.class));
    assertTrue(e.getMessage().startsWith("ScalarFunctions: "), e.getMessage());
    assertTrue(e.getMessage().contains("is declared by both ScalarFunctions and ScalarFunctions"), e.getMessage());
  }

  @Test
  void aNameNoClassDeclares_isRefused() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> new ScalarFunction(ArithmeticFunctions.OVERLOADS, "noSuchFunction"));
    assertEquals("no public static method ArithmeticFunctions.noSuchFunction", e.getMessage());
  }
}
