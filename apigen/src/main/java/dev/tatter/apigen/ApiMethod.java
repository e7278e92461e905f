package dev.tatter.apigen;

import java.util.List;

/**
 * One method the generator writes into a namespace class: its TF path, Java signature, body and
 * Javadoc, and the row it adds to the API index (which the README's name table is drawn from).
 *
 * @param path the TF path the method answers to
 * @param returnType the Java return type, as source text
 * @param parameters the parameters, as source text ({@code Value x}, {@code long... multiples})
 * @param body the statement(s) of the body, as source text
 * @param javadoc the Javadoc's text, without comment markers (lines joined by {@code \n})
 * @param thrown the declared exceptions, as source text
 * @param target what the method calls, for the index: an IR op's mnemonic or {@code Class.method}
 */
record ApiMethod(ApiPath path, String returnType, List<Parameter> parameters, String body, String javadoc,
    List<String> thrown, String target) {

  /** A parameter: its type as source text, its name, and whether it takes null ({@code @Nullable}). */
  record Parameter(String type, String name, boolean nullable) {
    Parameter(String type, String name) {
      this(type, name, false);
    }

    @Override
    public String toString() {
      return (nullable ? "@Nullable " : "") + type + " " + name;
    }

    /**
     * The statement refusing a null argument, naming the parameter and {@code path}, or empty for a
     * primitive or {@code @Nullable} one; arrays and lists of operands are checked element by element.
     */
    String nullCheck(String path) {
      if (nullable || PRIMITIVES.contains(type)) {
        return "";
      }
      boolean operands = type.equals("Value...") || type.equals("Value[]") || type.matches("(java\\.util\\.)?(List|Collection|Iterable)<(\\? extends )?Value>");
      return "NullArguments." + (operands ? "checkElements" : "check") + "(" + name + ", \"argument '" + name + "' of "
          + path + "\");";
    }

    private static final java.util.Set<String> PRIMITIVES = java.util.Set.of("boolean", "byte", "short", "char", "int",
        "long", "float", "double");
  }

  /** {@code body} after the null checks of {@code parameters}, one statement a line. */
  static String withNullChecks(List<Parameter> parameters, String path, String body) {
    StringBuilder out = new StringBuilder();
    for (Parameter p : parameters) {
      String check = p.nullCheck(path);
      if (!check.isEmpty()) {
        out.append(check).append('\n');
      }
    }
    return out.append(body).toString();
  }

  /** The parameter types as erased source text, the key two overloads must differ in. */
  String erasure() {
    StringBuilder out = new StringBuilder(path.methodName()).append('(');
    for (Parameter p : parameters) {
      out.append(p.type().replaceAll("<.*>", "").replace("...", "[]")).append(',');
    }
    return out.append(')').toString();
  }

  /** How a user calls it: {@code tf.math.sqrt(x)}. */
  String usage() {
    StringBuilder out = new StringBuilder(ApiPath.javaPrefix(path.namespace())).append('.').append(path.methodName()).append('(');
    for (int i = 0; i < parameters.size(); i++) {
      out.append(i == 0 ? "" : ", ").append(parameters.get(i).name());
    }
    return out.append(')').toString();
  }

  /** {@code text} in lines of at most {@code width} characters where its words allow. */
  static List<String> wrap(String text, int width) {
    List<String> lines = new java.util.ArrayList<>();
    StringBuilder line = new StringBuilder();
    for (String word : text.split(" ")) {
      if (line.length() > 0 && line.length() + 1 + word.length() > width) {
        lines.add(line.toString());
        line.setLength(0);
      }
      line.append(line.length() == 0 ? "" : " ").append(word);
    }
    if (line.length() > 0) {
      lines.add(line.toString());
    }
    return lines;
  }

  /** The method as source text, indented two spaces. */
  String source() {
    StringBuilder out = new StringBuilder();
    out.append("  /**\n");
    for (String line : javadoc.strip().split("\n", -1)) {
      if (line.isBlank()) {
        out.append("   *\n");
      }
      for (String wrapped : wrap(line.strip(), 96)) {
        out.append("   * ").append(wrapped).append('\n');
      }
    }
    out.append("   */\n");
    out.append("  public ").append(returnType).append(' ').append(path.methodName()).append('(');
    for (int i = 0; i < parameters.size(); i++) {
      out.append(i == 0 ? "" : ", ").append(parameters.get(i));
    }
    out.append(')');
    if (!thrown.isEmpty()) {
      out.append(" throws ").append(String.join(", ", thrown));
    }
    out.append(" {\n");
    for (String line : body.split("\n")) {
      out.append("    ").append(line).append('\n');
    }
    return out.append("  }\n").toString();
  }
}
