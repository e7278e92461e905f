package dev.tatter.ir.types;

import java.util.List;

final class TypeFormat {
  private TypeFormat() {}

  static String bracketed(List<String> dims) {
    return "[" + String.join(", ", dims) + "]";
  }

  static String tfShape(List<String> dims) {
    if (dims.size() == 1) {
      return "(" + dims.get(0) + ",)";
    }
    return "(" + String.join(", ", dims) + ")";
  }
}
