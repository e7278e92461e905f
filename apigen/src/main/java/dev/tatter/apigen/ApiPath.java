package dev.tatter.apigen;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javax.lang.model.SourceVersion;

/**
 * A TF Python API path ({@code tf.math.unsorted_segment_sum}, {@code tf.gather}, {@code
 * text.normalize_utf8} for tensorflow_text) and the Java names it becomes: the namespace it is a
 * function of (empty for {@code tf.}'s own functions; tensorflow_text's are the namespace {@code
 * text}) and the method name, in lower camel case ({@code unsortedSegmentSum}).
 *
 * <p>A path with an upper-case segment before its last ({@code tf.RaggedTensor.to_tensor}) names a
 * member of a TF class rather than a namespace function: it is documented, never generated.
 */
record ApiPath(String text, List<String> namespace, String function) {
  static ApiPath parse(String text) {
    String[] parts = text.split("\\.");
    if (parts.length < 2 || !(parts[0].equals("tf") || parts[0].equals("text"))) {
      throw new IllegalArgumentException("an API path starts with tf. or text.: '" + text + "'");
    }
    List<String> namespace = new ArrayList<>();
    if (parts[0].equals("text")) {
      namespace.add("text");
    }
    for (int i = 1; i < parts.length - 1; i++) {
      namespace.add(parts[i]);
    }
    return new ApiPath(text, List.copyOf(namespace), parts[parts.length - 1]);
  }

  /** Whether the path names a member of a TF class (documented only). */
  boolean isClassMember() {
    return namespace.stream().anyMatch(s -> Character.isUpperCase(s.charAt(0)));
  }

  /** The Java method name: {@code unsorted_segment_sum} is {@code unsortedSegmentSum}, {@code Div} is {@code div}. */
  String methodName() {
    String name = lowerCamel(function);
    if (SourceVersion.isKeyword(name)) {
      throw new IllegalArgumentException(text + " would be the Java keyword '" + name + "'");
    }
    return name;
  }

  /** {@code unsorted_segment_sum} to {@code unsortedSegmentSum}; {@code SparseTensor} to {@code sparseTensor}. */
  static String lowerCamel(String snake) {
    String upper = upperCamel(snake);
    return Character.toLowerCase(upper.charAt(0)) + upper.substring(1);
  }

  /** {@code raw_ops} to {@code RawOps}. */
  static String upperCamel(String snake) {
    StringBuilder out = new StringBuilder();
    for (String word : snake.split("_")) {
      if (!word.isEmpty()) {
        out.append(word.substring(0, 1).toUpperCase(Locale.ROOT)).append(word.substring(1));
      }
    }
    return out.toString();
  }

  /** The generated class of a namespace: {@code [compat, v1]} is {@code CompatV1Namespace}, the root {@code Ops}. */
  static String className(List<String> namespace) {
    if (namespace.isEmpty()) {
      return "Ops";
    }
    StringBuilder out = new StringBuilder();
    namespace.forEach(s -> out.append(upperCamel(s)));
    return out.append("Namespace").toString();
  }

  /** How a user writes the namespace in Java: {@code tf.compat.v1}. */
  static String javaPrefix(List<String> namespace) {
    StringBuilder out = new StringBuilder("tf");
    namespace.forEach(s -> out.append('.').append(lowerCamel(s)));
    return out.toString();
  }
}
