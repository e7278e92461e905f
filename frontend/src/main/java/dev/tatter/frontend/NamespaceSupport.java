package dev.tatter.frontend;

import dev.tatter.ir.OpDef;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What the generated namespace methods call for an op reached straight from its definition (see
 * {@link Ops}): the op's elementwise lowering (flat values of ragged operands, broadcasting, a Java
 * scalar converted to the other operand's dtype) or the op itself, with the operands checked to
 * come from the namespace's own graph.
 */
@BuilderApi
final class NamespaceSupport {
  private NamespaceSupport() {}

  /** The attribute map of a generated call: names and values, in the op's order. */
  static Map<String, Object> attributes(Object... namesAndValues) {
    Map<String, Object> out = new LinkedHashMap<>();
    for (int i = 0; i < namesAndValues.length; i += 2) {
      out.put((String) namesAndValues[i], namesAndValues[i + 1]);
    }
    return out;
  }

  static Value unary(OpDef op, GraphBuilder g, Value x, Map<String, ?> attributes) {
    NullArguments.check(x, "operand '" + op.operandName(0) + "' of " + op.mnemonic());
    return ElementwiseLowering.unary(op, g.own(x), attributes);
  }

  /** {@code op(x, y)}: either side may be a Java scalar or array, converted to the other's dtype. */
  static Value binary(OpDef op, GraphBuilder g, Object x, Object y, Map<String, ?> attributes) {
    NullArguments.check(x, "operand '" + op.operandName(0) + "' of " + op.mnemonic());
    NullArguments.check(y, "operand '" + op.operandName(1) + "' of " + op.mnemonic());
    Value a = x instanceof Value v ? g.own(v) : ElementwiseLowering.operand(g.own((Value) y), x);
    Value b = y instanceof Value v ? g.own(v) : ElementwiseLowering.operand(a, y);
    return ElementwiseLowering.binary(op, a, b, attributes);
  }

  static Value op(OpDef op, GraphBuilder g, Map<String, ?> attributes, Value... operands) {
    return g.op(op, attributes, operands);
  }

  /** A variadic op's operands: the fixed ones, then the rest. */
  static Value[] operands(Value[] rest, Value... fixed) {
    Value[] all = new Value[fixed.length + rest.length];
    System.arraycopy(fixed, 0, all, 0, fixed.length);
    System.arraycopy(rest, 0, all, fixed.length, rest.length);
    return all;
  }
}
