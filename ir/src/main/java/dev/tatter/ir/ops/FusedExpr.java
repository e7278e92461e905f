package dev.tatter.ir.ops;

import static com.google.common.base.Preconditions.checkArgument;

import com.google.common.collect.ImmutableList;
import dev.tatter.ir.AttrKind;
import dev.tatter.ir.AttrSpec;
import dev.tatter.ir.Attributes;
import dev.tatter.ir.Fusion;
import dev.tatter.ir.KernelInvoker;
import dev.tatter.ir.Lowering;
import dev.tatter.ir.Node;
import dev.tatter.ir.OpDef;
import dev.tatter.ir.Trait;
import dev.tatter.ir.TypeException;
import dev.tatter.ir.text.TextSyntax;
import dev.tatter.ir.types.DenseType;
import dev.tatter.ir.types.Dims;
import dev.tatter.ir.types.PartitionType;
import dev.tatter.ir.types.RaggedType;
import dev.tatter.ir.types.Type;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.RowPartition;
import dev.tatter.runtime.Tensor;
import dev.tatter.runtime.kernels.elementwise.ScalarFunction;
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
 *
 * <p>A row scan ({@code row_cumsum(#k, $p)}) is a step like any other over the same values; a
 * loop holding one runs over $p's rows. A filter ({@code row_boolean_mask(#v, #m, $p)}, at most
 * one) changes the index space: the steps after it run over the kept values, reading the filter
 * step (as its flat values), later steps and one-element operands only, and the node's result is
 * the last step's values under the filter's new row lengths:
 *
 * <pre>greater($0, $1); row_boolean_mask($0, #0, $2); mul(#1, $3)</pre>
 */
public record FusedExpr(List<Step> steps) {
  /** Keeps an unmodifiable copy of {@code steps}. */
  public FusedExpr {
    steps = ImmutableList.copyOf(steps);
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
  public record Step(OpDef op, List<Ref> args, Attributes attributes) {
    /** Keeps an unmodifiable copy of {@code args}. */
    public Step {
      args = ImmutableList.copyOf(args);
    }

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

  /** Whether {@code op} is a row reduction a fused node can end with ({@link Fusion.RowFold}). */
  public static boolean isRowFold(OpDef op) {
    return op.fusion() != null && op.fusion().isRowFold();
  }

  /** Whether {@code op} compacts the values by a mask ({@link Fusion.Filter}). */
  public static boolean isFilter(OpDef op) {
    return op.fusion() != null && op.fusion().isFilter();
  }

  /** Whether {@code op} is a scan within rows ({@link Fusion.Scan}). */
  public static boolean isScan(OpDef op) {
    return op.fusion() != null && op.fusion().isScan();
  }

  /** The index of the filter step, or -1. */
  public int filterStep() {
    for (int k = 0; k < steps.size(); k++) {
      if (isFilter(steps.get(k).op())) {
        return k;
      }
    }
    return -1;
  }

  /**
   * The partition operand the loop runs over the rows of: a row reduction's, a scan's or a
   * filter's (all the same one, as the fuse pass groups them), or -1 for a flat loop.
   */
  public int rowPartition() {
    for (Step step : steps) {
      if (isRowFold(step.op()) || isScan(step.op()) || isFilter(step.op())) {
        Ref p = step.args().get(step.args().size() - 1);
        return p.isInput() ? p.index() : -1;
      }
    }
    return -1;
  }

  /** Whether this expression ends with a row reduction: {@code row_sum(#k, $p)}, $p a partition. */
  public boolean endsWithRowReduction() {
    return isRowFold(result().op());
  }

  /**
   * Whether fusion can hold {@code op} as a step: an op that declares a {@link Fusion} kind, pure,
   * whose attributes print as one token.
   */
  public static boolean canHold(OpDef op) {
    return HOLDABLE.computeIfAbsent(op, o -> o.fusion() != null && o.has(Trait.PURE)
        && o.lowering() instanceof Lowering.StaticCall
        && o.attributes().stream().allMatch(a -> switch (a.kind()) {
          case BOOL, INT, FLOAT, DTYPE -> true;
          default -> false;
        }));
  }

  /** {@link #canHold}'s answer per op, found once (ops are constants of their libraries). */
  private static final java.util.concurrent.ConcurrentHashMap<OpDef, Boolean> HOLDABLE =
      new java.util.concurrent.ConcurrentHashMap<>();

  /**
   * Whether {@code node} can be a step of a fused loop, by its op's fusion kind: an elementwise
   * step on dense operands with an element function for their dtypes, or a gather of one value
   * per row ({@code params [nrows or 1, 1]}, statically), which the loop reads through the
   * partition's value_rowids. (A row fold is the root of a group: see {@link #fusibleRowFold}.)
   */
  public static boolean fusibleStep(Node node) {
    if (!canHold(node.op())) {
      return false;
    }
    return node.op().fusion().accept(new Fusion.Visitor<Boolean>() {
      @Override
      public Boolean visitPointwise(Fusion.Pointwise pointwise) {
        return elementwise();
      }

      @Override
      public Boolean visitCast(Fusion.Cast cast) {
        return elementwise();
      }

      private boolean elementwise() {
        if (!(node.type() instanceof DenseType) || node.inputs().isEmpty()
            || !node.inputs().stream().allMatch(n -> n.type() instanceof DenseType)) {
          return false;
        }
        return Fusion.elementFunction(node.op(), node.input(0).type().dtype(), node.type().dtype(),
            node.inputs().size()).isPresent();
      }

      @Override
      public Boolean visitRowFold(Fusion.RowFold rowFold) {
        return false;
      }

      @Override
      public Boolean visitGather(Fusion.Gather gather) {
        return node.input(0).type() instanceof DenseType params && params.rank() == 2 && params.dim(1) == 1
            && params.dtype().isPrimitive();
      }

      @Override
      public Boolean visitScan(Fusion.Scan scan) {
        return node.input(0).type() instanceof DenseType values && values.rank() == 1
            && scanStart(node.op(), node.attributes(), values.dtype()) != null;
      }

      @Override
      public Boolean visitFilter(Fusion.Filter filter) {
        return false; // the root of a group: see fusibleFilter
      }
    });
  }

  /**
   * A filter over rank-1 values of a primitive dtype: the root of a fused group, which its users
   * that are elementwise on the kept values may join.
   */
  public static boolean fusibleFilter(Node node) {
    return isFilter(node.op()) && canHold(node.op()) && node.input(0).type() instanceof DenseType values
        && values.rank() == 1 && values.dtype().isPrimitive();
  }

  /**
   * The accumulator's starting value of a scan step on {@code dtype} (boxed in its compute type):
   * what the op's own kernel gives as the exclusive scan of one value. Null when the kernel refuses
   * the dtype or the fold has no overload returning its compute type (then the scan is not fused,
   * and the kernel reports what it reports).
   */
  public static Object scanStart(OpDef op, Attributes attributes, DType dtype) {
    ScalarFunction fold = op.fusion() == null ? null : op.fusion().scanFunction().orElse(null);
    if (fold == null || !dtype.isPrimitive()
        || fold.overload(dtype, 2).filter(m -> m.getReturnType() == dtype.computeType()).isEmpty()) {
      return null;
    }
    Tensor one = Tensor.wrap(dtype, new int[] {1}, dtype.layout().newArray(1));
    RowPartition oneRow = RowPartition.fromRowSplits(new long[] {0, 1}, DType.INT64, true);
    Map<String, Object> exclusive = new LinkedHashMap<>();
    for (AttrSpec spec : op.attributes()) {
      exclusive.put(spec.name(), attributes.get(spec.name()));
    }
    exclusive.put("exclusive", true);
    try {
      Tensor start = (Tensor) KernelInvoker.invoke(op, List.of(one, oneRow), op.normalizeAttributes(exclusive));
      return start.dtype().layout().get(start.unsafeData(), 0);
    } catch (RuntimeException e) {
      return null;
    }
  }

  /** A row fold over rank-1 values with a fold overload for their dtype: the root of a fused group. */
  public static boolean fusibleRowFold(Node node) {
    ScalarFunction fold = node.op().fusion() == null ? null : node.op().fusion().rowFoldFunction().orElse(null);
    if (fold == null || !canHold(node.op())
        || !(node.input(0).type() instanceof DenseType values) || values.rank() != 1) {
      return false;
    }
    Class<?> compute = values.dtype().computeType();
    return values.dtype().isPrimitive()
        && fold.overload(values.dtype(), 2).filter(m -> m.getReturnType() == compute).isPresent();
  }

  public Step result() {
    return steps.get(steps.size() - 1);
  }

  /**
   * The type of every step, given the fused node's operand types; the last is the node's type,
   * except after a filter (see {@link #resultType}). A step after the filter reads the filter
   * step's flat values, and may read no operand with more than one element nor a step before it.
   */
  public List<Type> stepTypes(List<Type> inputTypes) {
    List<Type> types = new ArrayList<>();
    int filter = filterStep();
    for (int k = 0; k < steps.size(); k++) {
      Step step = steps.get(k);
      ImmutableList.Builder<Type> operands = ImmutableList.builder();
      for (Ref ref : step.args()) {
        if (ref.isInput() && ref.index() >= inputTypes.size()) {
          throw new TypeException("step #" + k + " reads $" + ref.index() + " but the node has "
              + inputTypes.size() + " operand(s)");
        }
        Type operand = ref.isInput() ? inputTypes.get(ref.index()) : types.get(ref.index());
        if (filter >= 0 && k > filter) {
          boolean oneElement = operand instanceof DenseType d && d.shape().stream().allMatch(n -> n == 1);
          if (ref.isInput() ? !oneElement : ref.index() < filter) {
            throw new TypeException("step #" + k + " (" + step + ") runs over the values the filter #" + filter
                + " kept, so it reads the filter, later steps and one-element operands only, not " + ref);
          }
          if (!ref.isInput() && ref.index() == filter) {
            operand = ((RaggedType) operand).flatValuesType();
          }
        }
        operands.add(operand);
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

  /**
   * The node's type from its steps' types: the last step's, or after a filter the filter's ragged
   * type with the last step's values.
   */
  public Type resultType(List<Type> stepTypes) {
    int filter = filterStep();
    Type last = stepTypes.get(stepTypes.size() - 1);
    if (filter < 0 || filter == steps.size() - 1) {
      return last;
    }
    DenseType values = (DenseType) last;
    return ((RaggedType) stepTypes.get(filter)).withFlatValues(values.dtype(), values.shape());
  }

  @Override
  public String toString() {
    return String.join("; ", steps.stream().map(Step::toString).toList());
  }

  /** Parses the text form; throws {@link TypeException} pointing at the offending character. */
  public static FusedExpr parse(String text) {
    FusedExpr known = PARSED.get(text);
    if (known != null) {
      return known;
    }
    FusedExpr parsed = new Parser(text).parse();
    if (PARSED.size() >= PARSED_BOUND) {
      PARSED.clear(); // bounded: a process that compiles graph after graph keeps at most this many
    }
    PARSED.put(text, parsed);
    return parsed;
  }

  /**
   * Expressions parsed lately, by text: a fused node's expression is parsed by its type rule at
   * every pass that copies it and again by codegen, and a large graph repeats a few expressions
   * many times. A {@code FusedExpr} is immutable, so sharing one is safe.
   */
  private static final java.util.concurrent.ConcurrentHashMap<String, FusedExpr> PARSED =
      new java.util.concurrent.ConcurrentHashMap<>();

  private static final int PARSED_BOUND = 4096;

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
      int filter = -1;
      for (int k = 0; k < steps.size(); k++) {
        OpDef op = steps.get(k).op();
        if (k < steps.size() - 1 && isRowFold(op)) {
          throw error("a row reduction can only be the last step, but step #" + k + " is " + op);
        }
        if (filter >= 0 && (op.fusion() == null || !op.fusion().isElementwise())) {
          throw error("only elementwise steps can follow the filter #" + filter + ", but step #" + k + " is " + op.mnemonic());
        }
        if (isFilter(op)) {
          filter = k;
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
          int i = index(kind);
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

    /** The number after {@code $} or {@code #}: digits only, at most a few, so it never wraps nor is negative. */
    private int index(char kind) {
      int start = pos;
      while (pos < text.length() && text.charAt(pos) >= '0' && text.charAt(pos) <= '9') {
        pos++;
      }
      if (start == pos) {
        throw error("expected the number of " + (kind == '$' ? "an input" : "a step") + " after '" + kind + "'");
      }
      if (pos - start > 9) {
        String digits = text.substring(start, pos);
        pos = start;
        throw error("index " + kind + digits + " is too large");
      }
      return Integer.parseInt(text.substring(start, pos));
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
