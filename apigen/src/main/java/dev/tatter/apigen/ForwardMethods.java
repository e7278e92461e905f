package dev.tatter.apigen;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.Elements;

/**
 * The namespace methods of hand-written builder methods: a {@code @TfApi} method answers for its
 * paths, so a namespace method of that name calls it with the same parameters. A static method
 * whose first parameter is the {@code GraphBuilder} gets the namespace's builder there; an instance
 * method of {@code Value} takes the value as a new first parameter; one of {@code GraphBuilder} is
 * called on the namespace's builder.
 */
final class ForwardMethods {
  static final String PACKAGE = "dev.tatter.frontend";
  static final String VALUE = PACKAGE + ".Value";
  static final String GRAPH_BUILDER = PACKAGE + ".GraphBuilder";

  private final Elements elements;

  ForwardMethods(Elements elements) {
    this.elements = elements;
  }

  /** The namespace method calling {@code target} for {@code path}. */
  ApiMethod method(ExecutableElement target, ApiPath path) {
    TypeElement owner = (TypeElement) target.getEnclosingElement();
    String ownerName = owner.getQualifiedName().toString();
    boolean isStatic = target.getModifiers().contains(Modifier.STATIC);
    if (!target.getTypeParameters().isEmpty()) {
      throw new IllegalArgumentException("a @TfApi method with type parameters cannot be forwarded yet");
    }
    List<? extends VariableElement> declared = target.getParameters();
    List<ApiMethod.Parameter> params = new ArrayList<>();
    List<String> args = new ArrayList<>();
    Set<String> taken = new HashSet<>(Set.of("tf", "builder"));
    declared.forEach(p -> taken.add(p.getSimpleName().toString()));
    String call;
    int first = 0;
    if (isStatic) {
      if (!declared.isEmpty() && typeText(declared.get(0).asType()).equals("GraphBuilder")) {
        args.add("builder");
        first = 1;
      }
      call = owner.getSimpleName() + "." + target.getSimpleName();
    } else if (ownerName.equals(VALUE)) {
      String self = taken.contains("x") ? "input" : "x";
      params.add(new ApiMethod.Parameter("Value", self));
      call = "builder.own(" + self + ")." + target.getSimpleName();
    } else if (ownerName.equals(GRAPH_BUILDER)) {
      call = "builder." + target.getSimpleName();
    } else {
      throw new IllegalArgumentException("a @TfApi instance method must be a method of Value or GraphBuilder, not of "
          + ownerName);
    }
    for (int i = first; i < declared.size(); i++) {
      VariableElement p = declared.get(i);
      String type = typeText(p.asType());
      if (target.isVarArgs() && i == declared.size() - 1) {
        type = type.substring(0, type.length() - 2) + "...";
      }
      String name = p.getSimpleName().toString();
      params.add(new ApiMethod.Parameter(type, name, isNullable(p)));
      args.add(type.equals("Value") ? "builder.own(" + name + ")" : name);
    }
    String returnType = typeText(target.getReturnType());
    String body = ApiMethod.withNullChecks(params, path.text(), (target.getReturnType().getKind() == TypeKind.VOID ? "" : "return ")
        + call + "(" + String.join(", ", args) + ");");
    List<String> thrown = target.getThrownTypes().stream().map(ForwardMethods::typeText).toList();
    String doc = Javadocs.copied(elements.getDocComment(target));
    String javadoc = (doc.contains(path.text()) ? "" : "{@code " + path.text() + "}" + (doc.isEmpty() ? "." : ": ")) + doc;
    return new ApiMethod(path, returnType, params, body, javadoc, thrown, owner.getSimpleName() + "." + target.getSimpleName());
  }

  /**
   * The namespace method of {@code op}'s {@code path} served by the {@code @TfDispatch} method
   * {@code target}: its parameters after the op, and the op's own summary in the Javadoc.
   */
  ApiMethod dispatched(ExecutableElement target, dev.tatter.ir.OpDef op, String constant, ApiPath path, String opDoc) {
    TypeElement owner = (TypeElement) target.getEnclosingElement();
    List<? extends VariableElement> declared = target.getParameters();
    if (!target.getModifiers().contains(Modifier.STATIC) || declared.isEmpty()
        || !typeText(declared.get(0).asType()).equals("dev.tatter.ir.OpDef")) {
      throw new IllegalArgumentException("a @TfDispatch method is static and takes the OpDef first");
    }
    List<ApiMethod.Parameter> params = new ArrayList<>();
    List<String> args = new ArrayList<>(List.of(constant));
    for (int i = 1; i < declared.size(); i++) {
      VariableElement p = declared.get(i);
      String type = typeText(p.asType());
      if (target.isVarArgs() && i == declared.size() - 1) {
        type = type.substring(0, type.length() - 2) + "...";
      }
      String name = p.getSimpleName().toString();
      params.add(new ApiMethod.Parameter(type, name, isNullable(p)));
      args.add(type.equals("Value") ? "builder.own(" + name + ")" : name);
    }
    String doc = Javadocs.copied(elements.getDocComment(target));
    String body = ApiMethod.withNullChecks(params, path.text(),
        "return " + owner.getSimpleName() + "." + target.getSimpleName() + "(" + String.join(", ", args) + ");");
    return new ApiMethod(path, typeText(target.getReturnType()), params, body,
        opDoc + (doc.isEmpty() ? "" : "\n\n<p>" + doc), List.of(), op.mnemonic());
  }

  /** Whether {@code p} is marked {@code @Nullable} (it takes null for "not given"). */
  private static boolean isNullable(VariableElement p) {
    return p.getAnnotationMirrors().stream()
        .anyMatch(a -> a.getAnnotationType().toString().equals(PACKAGE + ".Nullable"));
  }

  /** How a user writes a call of a class-member path: {@code x.toTensor(defaultValue)}, {@code g.placeholder(name, type)}. */
  static String memberUsage(ExecutableElement target) {
    TypeElement owner = (TypeElement) target.getEnclosingElement();
    String receiver = owner.getQualifiedName().toString().equals(VALUE) ? "x" : "g";
    StringBuilder out = new StringBuilder(receiver).append('.').append(target.getSimpleName()).append('(');
    List<? extends VariableElement> params = target.getParameters();
    for (int i = 0; i < params.size(); i++) {
      out.append(i == 0 ? "" : ", ").append(params.get(i).getSimpleName());
    }
    return out.append(')').toString();
  }

  /** A type as source text, types of this package by simple name. */
  static String typeText(TypeMirror type) {
    return type.toString().replaceAll("\\b(dev\\.tatter\\.frontend|java\\.lang)\\.(?=[A-Z])", "");
  }
}
