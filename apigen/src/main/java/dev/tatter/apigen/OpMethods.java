package dev.tatter.apigen;

import dev.tatter.ir.AttrKind;
import dev.tatter.ir.AttrSpec;
import dev.tatter.ir.OpDef;
import dev.tatter.ir.Trait;
import dev.tatter.ir.ops.OpRegistry;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The namespace methods an op gets from its definition alone: one per API path its TF binding
 * lists that no hand-written builder method claims. Operands become {@code Value} parameters (a
 * binary elementwise op also takes a Java scalar or array on either side, converted to the other
 * operand's dtype as TF converts a Python number), attributes become typed parameters, and an op
 * with optional attributes gets a second overload without them.
 */
final class OpMethods {
  /** Where each op is declared: {@code dev.tatter.ir.ops.TranscendentalOps.SQRT}. */
  private final Map<OpDef, String> constants = new IdentityHashMap<>();

  OpMethods() {
    for (Class<?> library : OpRegistry.LIBRARIES) {
      for (Field f : library.getFields()) {
        if (Modifier.isStatic(f.getModifiers()) && f.getType() == OpDef.class) {
          try {
            constants.put((OpDef) f.get(null), library.getName() + "." + f.getName());
          } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
          }
        }
      }
    }
  }

  /** Where {@code op} is declared, as source text. */
  String constant(OpDef op) {
    String constant = constants.get(op);
    if (constant == null) {
      throw new IllegalStateException(op.mnemonic() + " is not a public constant of a listed op library");
    }
    return constant;
  }

  List<ApiMethod> methods(OpDef op, ApiPath path) {
    String constant = constants.get(op);
    if (constant == null) {
      throw new IllegalStateException(op.mnemonic() + " is not a public constant of a listed op library");
    }
    List<AttrSpec> required = op.attributes().stream().filter(a -> a.defaultValue() == null).toList();
    List<List<AttrSpec>> attributeSets = required.size() == op.attributes().size()
        ? List.of(op.attributes()) : List.of(required, op.attributes());
    List<ApiMethod> out = new ArrayList<>();
    for (List<AttrSpec> attrs : attributeSets) {
      if (op.has(Trait.ELEMENTWISE) && !op.isVariadic() && op.operandNames().size() == 2) {
        for (String[] types : new String[][] {{"Value", "Value"}, {"Value", "Object"}, {"Object", "Value"}}) {
          out.add(method(op, constant, path, attrs, List.of(types)));
        }
      } else {
        out.add(method(op, constant, path, attrs, null));
      }
    }
    return out;
  }

  private ApiMethod method(OpDef op, String constant, ApiPath path, List<AttrSpec> attrs, List<String> operandTypes) {
    List<ApiMethod.Parameter> params = new ArrayList<>();
    Set<String> taken = new HashSet<>(Set.of("tf", "builder"));
    List<String> operands = new ArrayList<>();
    int count = op.operandNames().size();
    for (int i = 0; i < count; i++) {
      boolean rest = op.isVariadic() && i == count - 1;
      String name = unique(ApiPath.lowerCamel(op.operandNames().get(i)), taken);
      String type = operandTypes == null ? (rest ? "Value..." : "Value") : operandTypes.get(i);
      params.add(new ApiMethod.Parameter(type, name));
      operands.add(name);
    }
    StringBuilder attrMap = new StringBuilder("NamespaceSupport.attributes(");
    for (int i = 0; i < attrs.size(); i++) {
      AttrSpec a = attrs.get(i);
      String name = unique(ApiPath.lowerCamel(a.name()), taken);
      params.add(params.size() - (op.isVariadic() ? 1 : 0), new ApiMethod.Parameter(javaType(a.kind()), name));
      attrMap.append(i == 0 ? "" : ", ").append('"').append(a.name()).append("\", ").append(name);
    }
    attrMap.append(')');
    String body;
    if (op.has(Trait.ELEMENTWISE) && !op.isVariadic() && count == 1) {
      body = "return NamespaceSupport.unary(" + constant + ", builder, " + operands.get(0) + ", " + attrMap + ");";
    } else if (operandTypes != null) {
      body = "return NamespaceSupport.binary(" + constant + ", builder, " + operands.get(0) + ", " + operands.get(1)
          + ", " + attrMap + ");";
    } else if (op.isVariadic()) {
      List<String> fixed = operands.subList(0, operands.size() - 1);
      body = "return NamespaceSupport.op(" + constant + ", builder, " + attrMap + ", NamespaceSupport.operands("
          + operands.get(operands.size() - 1) + (fixed.isEmpty() ? "" : ", " + String.join(", ", fixed)) + "));";
    } else {
      body = "return NamespaceSupport.op(" + constant + ", builder, " + attrMap
          + (operands.isEmpty() ? "" : ", " + String.join(", ", operands)) + ");";
    }
    return new ApiMethod(path, "Value", params, ApiMethod.withNullChecks(params, path.text(), body), javadoc(op, path),
        List.of(), op.mnemonic());
  }

  static String javadoc(OpDef op, ApiPath path) {
    StringBuilder doc = new StringBuilder("{@code ").append(path.text()).append("}");
    String summary = op.summary().strip();
    if (!summary.isEmpty()) {
      doc.append(": ").append(Javadocs.escape(summary));
    }
    doc.append(summary.endsWith(".") ? "" : ".");
    doc.append("\n\n<p>The IR op {@code ").append(op.mnemonic()).append("}");
    if (!op.tf().rawOps().isEmpty()) {
      doc.append(op.tf().rawOps().size() == 1 ? ", as TF's raw op " : ", as TF's raw ops ")
          .append(String.join(", ", op.tf().rawOps().stream().map(r -> "{@code " + r + "}").toList()));
    }
    doc.append('.');
    if (op.has(Trait.ELEMENTWISE)) {
      doc.append(" Elementwise: dense operands broadcast, ragged ones apply to their flat values.");
    }
    return doc.toString();
  }

  private static String unique(String name, Set<String> taken) {
    String n = name;
    while (!taken.add(n)) {
      n = n + "_";
    }
    return n;
  }

  private static String javaType(AttrKind kind) {
    return switch (kind) {
      case BOOL -> "boolean";
      case INT -> "long";
      case FLOAT -> "double";
      case STRING -> "String";
      case DTYPE -> "dev.tatter.runtime.DType";
      case TENSOR -> "dev.tatter.runtime.Tensor";
      case RAGGED -> "dev.tatter.runtime.RaggedTensor";
      case INTS -> "long[]";
    };
  }
}
