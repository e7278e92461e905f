package dev.tatter.runtime;

import com.google.common.collect.ImmutableMap;
import com.google.common.collect.Maps;
import java.util.Arrays;

/**
 * The element types of Tatter's tensors, named as TensorFlow names them ({@code int32},
 * {@code float32}, ...). Each dtype is stored in exactly one kind of Java primitive array.
 */
public enum DType {
  BOOL("bool", boolean[].class),
  INT8("int8", byte[].class),
  INT16("int16", short[].class),
  INT32("int32", int[].class),
  INT64("int64", long[].class),
  FLOAT32("float32", float[].class),
  FLOAT64("float64", double[].class),
  STRING("string", String[].class);

  private static final ImmutableMap<String, DType> BY_NAME =
      Maps.uniqueIndex(Arrays.asList(values()), DType::tfName);

  private final String tfName;
  private final Class<?> arrayClass;

  DType(String tfName, Class<?> arrayClass) {
    this.tfName = tfName;
    this.arrayClass = arrayClass;
  }

  /** The name TensorFlow prints and the textual IR uses, e.g. {@code float32}. */
  public String tfName() {
    return tfName;
  }

  /** The primitive array class that holds this dtype's elements. */
  public Class<?> arrayClass() {
    return arrayClass;
  }

  public boolean isInteger() {
    return this == INT8 || this == INT16 || this == INT32 || this == INT64;
  }

  public boolean isFloating() {
    return this == FLOAT32 || this == FLOAT64;
  }

  public boolean isNumeric() {
    return isInteger() || isFloating();
  }

  /** Whether this dtype may hold row splits (TF allows int32 and int64). */
  public boolean isSplitsDType() {
    return this == INT32 || this == INT64;
  }

  /** Looks a dtype up by its TF name; throws {@link IllegalArgumentException} if unknown. */
  public static DType fromName(String name) {
    DType dtype = BY_NAME.get(name);
    if (dtype == null) {
      throw new IllegalArgumentException(
          "unknown dtype '" + name + "'; expected one of " + BY_NAME.keySet());
    }
    return dtype;
  }

  @Override
  public String toString() {
    return tfName;
  }
}
