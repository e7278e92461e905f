package dev.tatter.apigen;

import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import javax.annotation.processing.Filer;

/**
 * One TF namespace ({@code tf}, {@code tf.math}, {@code tf.compat.v1}) as the generated class that
 * holds its functions' methods and a field per nested namespace.
 */
final class Namespace {
  private final List<String> path;
  private final Map<String, Namespace> children = new TreeMap<>();
  private final List<ApiMethod> methods = new ArrayList<>();

  Namespace(List<String> path) {
    this.path = List.copyOf(path);
  }

  /** Adds {@code m} to the namespace its path names, creating the namespaces on the way. */
  void add(ApiMethod m) {
    Namespace ns = this;
    for (String segment : m.path().namespace().subList(path.size(), m.path().namespace().size())) {
      List<String> childPath = new ArrayList<>(ns.path);
      childPath.add(segment);
      ns = ns.children.computeIfAbsent(segment, s -> new Namespace(childPath));
    }
    ns.methods.add(m);
  }

  /** Methods two paths would give the same signature, here and below. */
  List<String> clashes() {
    List<String> out = new ArrayList<>();
    Map<String, ApiMethod> seen = new HashMap<>();
    for (ApiMethod m : methods) {
      ApiMethod other = seen.putIfAbsent(m.erasure(), m);
      if (other != null) {
        out.add(ApiPath.javaPrefix(path) + "." + m.erasure() + " would answer both " + other.path().text() + " (calling "
            + other.target() + ") and " + m.path().text() + " (calling " + m.target() + "): give one of them other parameters");
      }
    }
    children.values().forEach(c -> out.addAll(c.clashes()));
    return out;
  }

  void write(Filer filer) throws IOException {
    String name = ApiPath.className(path);
    try (Writer w = filer.createSourceFile(ForwardMethods.PACKAGE + "." + name).openWriter()) {
      w.write(source(name));
    }
    for (Namespace child : children.values()) {
      child.write(filer);
    }
  }

  private String source(String name) {
    StringBuilder out = new StringBuilder();
    out.append("package ").append(ForwardMethods.PACKAGE).append(";\n\n");
    out.append("/**\n");
    if (path.isEmpty()) {
      out.append(" * TF's functions and namespaces over one graph, as TF Java's {@code Ops} gives them: {@code Ops tf =\n")
          .append(" * g.ops(); tf.gather(params, ids); tf.math.sqrt(x); tf.strings.split(lines)}. Each method builds\n")
          .append(" * its op(s) in the graph of the {@link GraphBuilder} it came from, and names the TF call it follows.\n");
    } else {
      out.append(" * TF's {@code ").append(String.join(".", path.get(0).equals("text") ? path : prefixed()))
          .append("} namespace over one graph ({@code ").append(ApiPath.javaPrefix(path)).append("}).\n");
    }
    out.append(" *\n * <p>Generated while tatter-frontend compiles, from the ops' TF bindings and the builder's\n")
        .append(" * {@code @TfApi} methods: adding an op with its binding adds its method here.\n */\n");
    out.append("@javax.annotation.processing.Generated(\"dev.tatter.apigen.NamespaceProcessor\")\n");
    out.append("@BuilderApi\n");
    out.append("public final class ").append(name).append(" {\n");
    out.append("  private final GraphBuilder builder;\n");
    for (Map.Entry<String, Namespace> child : children.entrySet()) {
      List<String> childPath = child.getValue().path;
      out.append("\n  /** {@code ").append(ApiPath.javaPrefix(childPath)).append("}: TF's {@code ")
          .append(String.join(".", childPath.get(0).equals("text") ? childPath : child.getValue().prefixed()))
          .append("}. */\n");
      out.append("  public final ").append(ApiPath.className(childPath)).append(' ')
          .append(ApiPath.lowerCamel(child.getKey())).append(";\n");
    }
    out.append("\n  ").append(name).append("(GraphBuilder builder) {\n    this.builder = builder;\n");
    for (Map.Entry<String, Namespace> child : children.entrySet()) {
      out.append("    this.").append(ApiPath.lowerCamel(child.getKey())).append(" = new ")
          .append(ApiPath.className(child.getValue().path)).append("(builder);\n");
    }
    out.append("  }\n");
    methods.stream()
        .sorted((a, b) -> a.path().methodName().equals(b.path().methodName())
            ? Integer.compare(a.parameters().size(), b.parameters().size())
            : a.path().methodName().compareTo(b.path().methodName()))
        .forEach(m -> out.append('\n').append(m.source()));
    return out.append("}\n").toString();
  }

  private List<String> prefixed() {
    List<String> out = new ArrayList<>();
    out.add("tf");
    out.addAll(path);
    return out;
  }
}
