package dev.tatter.ir.ops;

import static com.google.common.base.Preconditions.checkArgument;

import com.google.common.collect.ImmutableList;
import dev.tatter.ir.AttrKind;
import dev.tatter.ir.AttrSpec;
import dev.tatter.ir.Attributes;
import dev.tatter.ir.Lowering;
import dev.tatter.ir.OpDef;
import dev.tatter.ir.Trait;
import dev.tatter.ir.TypeException;
import dev.tatter.ir.text.TextSyntax;
import dev.tatter.ir.types.Type;
import dev.tatter.runtime.DType;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The expression a {@code fused} node computes: a DAG of elementwise steps in order, the last
 * being the result. Each step applies an elementwise op to operands that are either an input
 * of the fused node ({@code $i}) or an earlier step ({@code #k}), so a value used twice inside
 * the group is computed once. Its text form is the node's {@code expr} attribute:
 *
 * <pre>mul($0, $1); add(#0, $2); mul(#1, $0)</pre>
 *
 * Steps with attributes spell them in braces after the mnemonic:
 * {@code cast{dtype = float32}($0)}. Only attribute kinds with a one-token spelling (bool, int,
 * float, dtype) can appear; fusion leaves ops with other attributes alone.
 */
public record FusedExpr(ImmutableList<Step> steps) {
  public FusedExpr {
    checkArgument(!steps.isEmpty(), "a fused expression needs at least one step");
  }

  /** An operand of a step: input {@code $index} of the fused node, or step {@code #index}. */
  public record Ref(boolean isInput, int index) {
    public static Ref input(int i) {
      return new Ref(true, i);
    }

    public static Ref step(int k) {
      return new Ref(false, k);
    }

    @Override
    public String toString() {
      return (isInput ? "$" : "#") + index;
    }
  }

  /** One elementwise op applied to refs, with its attributes (defaults filled in). */
  public record Step(OpDef op, ImmutableList<Ref> args, Attributes attributes) {
    @Override
    public String toString() {
      StringBuilder out = new StringBuilder(op.mnemonic());
      List<String> attrs = new ArrayList<>();
      for (AttrSpec spec : op.attributes()) {
        Object value = attributes.get(spec.name());
        if (!value.equals(spec.defaultValue())) {
          attrs.add(spec.name() + " = " + TextSyntax.formatAttribute(value));
        }
      }
      if (!attrs.isEmpty()) {
        out.append('{').append(String.join(", ", attrs)).append('}');
      }
      out.append('(').append(String.join(", ", args.stream().map(Ref::toString).toList())).append(')');
      return out.toString();
    }
  }

  /**
   * The row reductions a fused node may end with, each with the function its kernel folds a row
   * with, in order from the first value (see {@code ReduceLoops.rows}): the fused loop folds the
   * same values in the same order with the same function, so it agrees bit for bit. Mean, all
   * and any are left unfused for now.
   */
  private static final java.util.Map<OpDef, dev.tatter.ir.ScalarFunction> ROW_REDUCTIONS = java.util.Map.of(
      RowReductionOps.ROW_SUM, new dev.tatter.ir.ScalarFunction(dev.tatter.runtime.kernels.ScalarFunctions.class, "add"),
      RowReductionOps.ROW_PROD, new dev.tatter.ir.ScalarFunction(dev.tatter.runtime.kernels.ScalarFunctions.class, "mul"),
      RowReductionOps.ROW_MIN, new dev.tatter.ir.ScalarFunction(Math.class, "min"),
      RowReductionOps.ROW_MAX, new dev.tatter.ir.ScalarFunction(Math.class, "max"));

  /** The fold function of a row reduction a fused node can end with, or null. */
  public static dev.tatter.ir.ScalarFunction rowFold(OpDef op) {
    return ROW_REDUCTIONS.get(op);
  }

  /** Whether this expression ends with a row reduction: {@code row_sum(#k, $p)}, $p a partition. */
  public boolean endsWithRowReduction() {
    return rowFold(result().op()) != null;
  }

  /**
   * Whether fusion can hold {@code op} as a step: a pure elementwise kernel whose attributes
   * print as one token, a row reduction (last), or {@code row_gather(params, partition)} with
   * params {@code [nrows or 1, 1]}, which the fused loop reads as {@code params[value_rowids[j]]},
   * or {@code cast}, whose element function depends on its dtype attribute (see {@link #scalarOverload}).
   */
  public static boolean canHold(OpDef op) {
    return rowFold(op) != null || op == RaggedBroadcastOps.ROW_GATHER || op == ElementwiseOps.CAST || op.has(Trait.ELEMENTWISE) && op.has(Trait.PURE) && op.scalarFunction() != null
        && op.lowering() instanceof Lowering.StaticCall
        && op.attributes().stream().allMatch(a -> switch (a.kind()) {
          case BOOL, INT, FLOAT, DTYPE -> true;
          default -> false;
        });
  }

  /**
   * The Java type a scalar function computes {@code dtype} in: {@code int} for int8/16/32 (narrowed
   * when stored), {@code long}, {@code float}, {@code double}, {@code boolean}; null for strings.
   */
  public static Class<?> computeType(DType dtype) {
    return switch (dtype) {
      case BOOL -> boolean.class;
      case INT8, INT16, INT32 -> int.class;
      case INT64 -> long.class;
      case FLOAT32 -> float.class;
      case FLOAT64 -> double.class;
      case STRING -> null;
    };
  }

  /**
   * The scalar-function overload a fused loop calls for {@code op} on operands of
   * {@code operandDtype} giving {@code resultDtype}, if the op defines one whose return type is
   * the result's compute type (a dtype-changing op without such an overload is not fused). For
   * {@code cast} it is {@code ScalarFunctions.to<Dtype>} of the result dtype.
   */
  public static java.util.Optional<java.lang.reflect.Method> scalarOverload(
      OpDef op, DType operandDtype, DType resultDtype, int arity) {
    Class<?> in = computeType(operandDtype);
    Class<?> out = computeType(resultDtype);
    if (op == ElementwiseOps.CAST && in != null && out != null) {
      // cast's element functions are one family per target dtype (ScalarFunctions.toInt8, ...),
      // overloaded on the source's compute type: the very methods CastKernels.cast calls
      try {
        return java.util.Optional.of(dev.tatter.runtime.kernels.ScalarFunctions.class
            .getMethod(dev.tatter.runtime.kernels.ScalarFunctions.castFunctionName(resultDtype), in))
            .filter(m -> m.getReturnType() == out);
      } catch (NoSuchMethodException e) {
        return java.util.Optional.empty();
      }
    }
    if (op.scalarFunction() == null || in == null || out == null) {
      return java.util.Optional.empty();
    }
    return op.scalarFunction().overload(in, arity).filter(m -> m.getReturnType() == out);
  }

  public Step result() {
    return steps.get(steps.size() - 1);
  }

  /** The type of every step, given the fused node's operand types; the last is the node's type. */
  public List<Type> stepTypes(List<Type> inputTypes) {
    List<Type> types = new ArrayList<>();
    for (int k = 0; k < steps.size(); k++) {
      Step step = steps.get(k);
      ImmutableList.Builder<Type> operands = ImmutableList.builder();
      for (Ref ref : step.args()) {
        if (ref.isInput() && ref.index() >= inputTypes.size()) {
          throw new TypeException("step #" + k + " reads $" + ref.index() + " but the node has "
              + inputTypes.size() + " operand(s)");
        }
        operands.add(ref.isInput() ? inputTypes.get(ref.index()) : types.get(ref.index()));
      }
      try {
        step.op().checkOperandCount(step.args().size());
        types.add(step.op().inferType(operands.build(), step.attributes(), null));
      } catch (TypeException e) {
        throw new TypeException("step #" + k + " (" + step + "): " + e.getMessage());
      }
    }
    return types;
  }

  @Override
  public String toString() {
    return String.join("; ", steps.stream().map(Step::toString).toList());
  }

  /** Parses the text form; throws {@link TypeException} pointing at the offending character. */
  public static FusedExpr parse(String text) {
    return new Parser(text).parse();
  }

  private static final class Parser {
    private final String text;
    private int pos;

    Parser(String text) {
      this.text = text;
    }

    FusedExpr parse() {
      List<Step> steps = new ArrayList<>();
      do {
        steps.add(step(steps.size()));
        skipSpaces();
      } while (accept(';'));
      if (pos != text.length()) {
        throw error("expected ';' or the end");
      }
      for (int k = 0; k < steps.size() - 1; k++) {
        if (rowFold(steps.get(k).op()) != null) {
          throw error("a row reduction can only be the last step, but step #" + k + " is " + steps.get(k).op());
        }
      }
      return new FusedExpr(ImmutableList.copyOf(steps));
    }

    private Step step(int index) {
      String mnemonic = word();
      OpDef op = OpRegistry.lookup(mnemonic).orElseThrow(() -> error("unknown op '" + mnemonic + "'"));
      if (!canHold(op)) {
        throw error("'" + mnemonic + "' is not an elementwise op a fused node can hold");
      }
      Map<String, Object> attrs = new LinkedHashMap<>();
      skipSpaces();
      if (accept('{')) {
        do {
          String name = word();
          AttrSpec spec = op.attributes().stream().filter(a -> a.name().equals(name)).findFirst()
              .orElseThrow(() -> error(mnemonic + " has no attribute '" + name + "'"));
          expect('=');
          attrs.put(name, value(spec.kind()));
          skipSpaces();
        } while (accept(','));
        expect('}');
      }
      expect('(');
      List<Ref> args = new ArrayList<>();
      skipSpaces();
      if (!accept(')')) {
        do {
          skipSpaces();
          char kind = pos < text.length() ? text.charAt(pos++) : ' ';
          if (kind != '$' && kind != '#') {
            pos--;
            throw error("expected $input or #step");
          }
          int i = Integer.parseInt(word());
          if (kind == '#' && i >= index) {
            throw error("step #" + index + " may only read earlier steps, not #" + i);
          }
          args.add(new Ref(kind == '$', i));
          skipSpaces();
        } while (accept(','));
        expect(')');
      }
      Attributes normalized;
      try {
        normalized = op.normalizeAttributes(attrs);
      } catch (TypeException e) {
        throw error(e.getMessage());
      }
      return new Step(op, ImmutableList.copyOf(args), normalized);
    }

    private Object value(AttrKind kind) {
      String token = word();
      try {
        return switch (kind) {
          case BOOL -> Boolean.parseBoolean(token);
          case INT -> Long.parseLong(token);
          case FLOAT -> switch (token) {
            case "nan" -> Double.NaN;
            case "inf" -> Double.POSITIVE_INFINITY;
            case "-inf" -> Double.NEGATIVE_INFINITY;
            default -> Double.parseDouble(token);
          };
          case DTYPE -> DType.fromName(token);
          default -> throw error("attributes of kind " + kind + " cannot appear in a fused expression");
        };
      } catch (IllegalArgumentException e) {
        throw error("bad " + kind + " value '" + token + "'");
      }
    }

    private String word() {
      skipSpaces();
      int start = pos;
      while (pos < text.length() && (Character.isLetterOrDigit(text.charAt(pos)) || "_.-+".indexOf(text.charAt(pos)) >= 0)) {
        pos++;
      }
      if (start == pos) {
        throw error("expected a name or a number");
      }
      return text.substring(start, pos);
    }

    private void expect(char c) {
      skipSpaces();
      if (!accept(c)) {
        throw error("expected '" + c + "'");
      }
    }

    private boolean accept(char c) {
      if (pos < text.length() && text.charAt(pos) == c) {
        pos++;
        return true;
      }
      return false;
    }

    private void skipSpaces() {
      while (pos < text.length() && text.charAt(pos) == ' ') {
        pos++;
      }
    }

    private TypeException error(String message) {
      return new TypeException("bad fused expression \"" + text + "\" at column " + (pos + 1) + ": " + message);
    }
  }
}
