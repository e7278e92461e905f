package dev.tatter.ir.text;

import dev.tatter.ir.TypeException;
import dev.tatter.ir.types.DenseType;
import dev.tatter.ir.types.Dims;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.Tensor;
import java.lang.reflect.Array;
import java.util.ArrayList;
import java.util.List;

/**
 * Turns nested lists of scalars (Long, Double, Boolean, String) into a tensor of a given type.
 * Strict: the nesting must match the shape exactly, and an integer that does not fit the
 * dtype is an error, never a silent truncation.
 */
public final class Literals {
  private Literals() {}

  public static Tensor toTensor(DenseType type, Object nested) {
    int[] shape = new int[type.rank()];
    for (int i = 0; i < shape.length; i++) {
      long d = type.dim(i);
      if (!Dims.isKnown(d) || d > Integer.MAX_VALUE) {
        throw new TypeException("a constant's shape must be fully known, got " + type);
      }
      shape[i] = (int) d;
    }
    List<Object> flat = new ArrayList<>();
    flatten(nested, 0, shape, flat, "");
    Object array = Array.newInstance(type.dtype().arrayClass().getComponentType(), flat.size());
    for (int i = 0; i < flat.size(); i++) {
      store(type.dtype(), array, i, flat.get(i));
    }
    return Tensor.wrap(type.dtype(), shape, array);
  }

  /**
   * A ragged constant of {@code type} (its dtype, ragged rank and splits dtype) from nested
   * lists; inner dims the type gives must match the literal's. Scalars convert strictly.
   */
  public static dev.tatter.runtime.RaggedTensor toRagged(dev.tatter.ir.types.RaggedType type, Object nested) {
    dev.tatter.runtime.RaggedTensor rt;
    try {
      rt = dev.tatter.runtime.RaggedLiterals.build(nested, type.dtype(), type.raggedRank(), type.splitsDType(),
          (dtype, array, i, v) -> store(dtype, array, i, v));
    } catch (IllegalArgumentException e) {
      throw new TypeException(e.getMessage());
    }
    dev.tatter.ir.types.RaggedType actual = dev.tatter.ir.ops.RaggedConstantOps.typeOf(rt);
    List<String> want = type.dimStrings();
    List<String> got = actual.dimStrings();
    boolean fits = want.size() == got.size();
    for (int i = 0; fits && i < want.size(); i++) {
      fits = want.get(i).contains("None") || want.get(i).equals(got.get(i));
    }
    if (!fits) {
      throw new TypeException("the literal has type " + actual + ", not " + type);
    }
    return rt;
  }

  private static void flatten(Object nested, int axis, int[] shape, List<Object> out, String path) {
    if (axis == shape.length) {
      if (nested instanceof List) {
        throw new TypeException("literal" + path + " is a list where the shape " + java.util.Arrays.toString(shape) + " wants a scalar");
      }
      out.add(nested);
      return;
    }
    if (!(nested instanceof List<?> list)) {
      throw new TypeException("literal" + path + " is a scalar where the shape " + java.util.Arrays.toString(shape) + " wants a list");
    }
    if (list.size() != shape[axis]) {
      throw new TypeException("literal" + path + " has " + list.size() + " elements where the shape "
          + java.util.Arrays.toString(shape) + " wants " + shape[axis]);
    }
    for (int i = 0; i < list.size(); i++) {
      flatten(list.get(i), axis + 1, shape, out, path + "[" + i + "]");
    }
  }

  private static void store(DType dtype, Object array, int i, Object v) {
    switch (dtype) {
      case BOOL -> ((boolean[]) array)[i] = expect(Boolean.class, v, dtype);
      case INT8 -> ((byte[]) array)[i] = (byte) fit(v, dtype, Byte.MIN_VALUE, Byte.MAX_VALUE);
      case INT16 -> ((short[]) array)[i] = (short) fit(v, dtype, Short.MIN_VALUE, Short.MAX_VALUE);
      case INT32 -> ((int[]) array)[i] = (int) fit(v, dtype, Integer.MIN_VALUE, Integer.MAX_VALUE);
      case INT64 -> ((long[]) array)[i] = fit(v, dtype, Long.MIN_VALUE, Long.MAX_VALUE);
      case FLOAT32 -> ((float[]) array)[i] = (float) number(v, dtype);
      case FLOAT64 -> ((double[]) array)[i] = number(v, dtype);
      case STRING -> ((String[]) array)[i] = expect(String.class, v, dtype);
    }
  }

  private static long fit(Object v, DType dtype, long min, long max) {
    long x = expect(Long.class, v, dtype);
    if (x < min || x > max) {
      throw new TypeException("literal " + x + " does not fit " + dtype + " [" + min + ", " + max + "]");
    }
    return x;
  }

  private static double number(Object v, DType dtype) {
    if (v instanceof Long l) {
      return l;
    }
    return expect(Double.class, v, dtype);
  }

  private static <T> T expect(Class<T> kind, Object v, DType dtype) {
    if (!kind.isInstance(v)) {
      throw new TypeException("literal " + TextSyntax.formatScalar(v) + " is not a valid " + dtype);
    }
    return kind.cast(v);
  }
}
