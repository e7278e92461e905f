package dev.tatter.ir;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;
import static com.google.common.base.Preconditions.checkState;

import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableSet;
import com.google.common.collect.Sets;
import dev.tatter.ir.types.Type;
import dev.tatter.ir.types.UnrankedType;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.DTypeSet;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.RowPartition;
import dev.tatter.runtime.SparseTensor;
import dev.tatter.runtime.Tensor;
import dev.tatter.runtime.kernels.elementwise.PointwiseKernels;
import dev.tatter.runtime.kernels.elementwise.ScalarFunction;
import dev.tatter.runtime.kernels.scalar.OverloadSet;
import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The one definition of an op: its mnemonic (as printed and parsed), operands, attribute
 * signature, traits, type rule (inference and verification) and lowering (the runtime kernel
 * that both the interpreter and generated code call). Everything else — builder, parser,
 * printer, passes, backends — reads these fields; none of them lists ops by name.
 */
public final class OpDef {
  private final String mnemonic;
  private final ImmutableList<String> operandNames;
  private final boolean variadic;
  private final ImmutableList<AttrSpec> attributes;
  private final ImmutableSet<Trait> traits;
  private final TypeRule typeRule;
  private final Lowering lowering;
  private final Canonicalizer canonicalizer;
  private final Fusion fusion;
  private final ImmutableList<OpExample> examples;
  private final String summary;
  private final DTypeSet dtypes;
  private final TfBinding tf;

  private OpDef(Builder b) {
    this.mnemonic = b.mnemonic;
    this.operandNames = b.operandNames;
    this.variadic = b.variadic;
    this.attributes = b.attributes.build();
    this.traits = Sets.immutableEnumSet(b.traits);
    this.typeRule = checkNotNull(b.typeRule, "%s has no type rule", mnemonic);
    this.lowering = checkNotNull(b.lowering, "%s has no lowering", mnemonic);
    this.canonicalizer = b.canonicalizer;
    this.fusion = b.fusion;
    this.examples = b.examples.build();
    checkArgument(fusion == null || !fusion.isElementwise() || traits.contains(Trait.ELEMENTWISE),
        "%s fuses as an elementwise step but is not ELEMENTWISE", mnemonic);
    this.summary = b.summary;
    this.dtypes = b.dtypes;
    this.tf = b.tf;
    if (lowering instanceof Lowering.StaticCall) {
      checkKernelSignature((Lowering.StaticCall) lowering);
    }
  }

  public static Builder builder(String mnemonic) {
    return new Builder(mnemonic);
  }

  public String mnemonic() {
    return mnemonic;
  }

  public List<String> operandNames() {
    return operandNames;
  }

  /** The name of operand {@code i} (the last name repeats for a variadic op). */
  public String operandName(int i) {
    return operandNames.get(Math.min(i, operandNames.size() - 1));
  }

  public boolean isVariadic() {
    return variadic;
  }

  public List<AttrSpec> attributes() {
    return attributes;
  }

  public Set<Trait> traits() {
    return traits;
  }

  public boolean has(Trait trait) {
    return traits.contains(trait);
  }

  public Lowering lowering() {
    return lowering;
  }

  /** The op's simplification rule, or null if it has none. */
  public Canonicalizer canonicalizer() {
    return canonicalizer;
  }

  /** How the op takes part in fused loops, or null if it does not. */
  public Fusion fusion() {
    return fusion;
  }

  /** For an op declared {@link Builder#pointwise pointwise}, its scalar function; else null. */
  public ScalarFunction scalarFunction() {
    return fusion == null ? null : fusion.pointwiseFunction().orElse(null);
  }

  /**
   * The operand dtypes the op accepts, as TF registers its kernel ({@link DTypeSet#ANY} unless
   * declared); a pointwise op also needs its scalar function's overload (see {@link #accepts}).
   */
  public DTypeSet dtypes() {
    return dtypes;
  }

  /**
   * Whether the op takes operands of {@code dtype}: the declared set contains it and, for a
   * pointwise op, its scalar function has the overload for it.
   */
  public boolean accepts(DType dtype) {
    ScalarFunction fn = scalarFunction();
    return dtypes.contains(dtype) && (fn == null || fn.accepts(dtype, operandNames.size()));
  }

  /** Runnable examples of this op (see {@link OpExample}). */
  public List<OpExample> examples() {
    return examples;
  }

  /** One line saying what the op computes, for docs and {@code --help}. */
  public String summary() {
    return summary;
  }

  /** The op's identity in TensorFlow: its raw ops and Python API paths, or why it has none. */
  public TfBinding tf() {
    return tf;
  }

  /** Checks the operand count and attributes, fills in defaults and infers the result type. */
  public Type inferType(List<Type> operandTypes, Attributes attrs, Type declaredType) {
    return inferType(operandTypes, null, attrs, declaredType);
  }

  /** Like {@link #inferType(List, Attributes, Type)}, seeing the values of constant operands (null where not constant). */
  public Type inferType(List<Type> operandTypes, List<Tensor> constants, Attributes attrs, Type declaredType) {
    checkRankedOperands(operandTypes);
    if (lowering instanceof Lowering.Feed && declaredType instanceof UnrankedType) {
      // a feed is checked against its placeholder's type before the run; a type without a rank
      // would check nothing, and no op downstream could take it anyway
      throw new TypeException("a placeholder needs a rank: " + declaredType + " is the type of == on shapes "
          + "that may not broadcast, not of a fed value (declare the rank, with None for unknown sizes)");
    }
    return typeRule.infer(new OpContext(this, operandTypes, constants, attrs, declaredType));
  }

  /**
   * Why {@code op} refuses a {@link UnrankedType} operand, and what to write instead: the text of
   * every such refusal, the builder's sugar included.
   */
  public static String unrankedReason(String op) {
    return "whose rank is known only at run time: == (!=) of shapes that may not broadcast gives TF's scalar False (True) "
        + "instead of an elementwise result, and " + op + " needs a rank; use equal() or notEqual() (tf.math.equal, "
        + "tf.math.not_equal) for a ranked elementwise result, or reduce_all/reduce_any over all axes for one bool";
  }

  /**
   * The one check of unranked operands, before any type rule runs: only an op that declares
   * {@link Trait#ACCEPTS_UNRANKED} takes a value whose rank is known only at run time, so no
   * other rule ever meets one.
   */
  private void checkRankedOperands(List<Type> operandTypes) {
    if (traits.contains(Trait.ACCEPTS_UNRANKED)) {
      return;
    }
    for (int i = 0; i < operandTypes.size(); i++) {
      if (operandTypes.get(i) instanceof UnrankedType t) {
        throw new TypeException(String.format("operand '%s' of %s is %s, %s", operandName(i), mnemonic, t, unrankedReason(mnemonic)));
      }
    }
  }

  /** Checks the operand count: exact, or at least {@code operandNames.size() - 1} if variadic. */
  public void checkOperandCount(int count) {
    boolean ok = variadic ? count >= operandNames.size() - 1 : count == operandNames.size();
    if (!ok) {
      throw new TypeException(
          String.format("expects %s%d operand(s) %s, got %d",
              variadic ? "at least " : "", variadic ? operandNames.size() - 1 : operandNames.size(),
              operandNames, count));
    }
  }

  private boolean hasAttribute(String name) {
    for (AttrSpec a : attributes) {
      if (a.name().equals(name)) {
        return true;
      }
    }
    return false;
  }

  /**
   * Validates {@code given} against the attribute signature (names, kinds) and returns it with
   * defaults filled in. Integer values given as Integer are widened to Long, and a {@code long[]}
   * given for an INTS attribute becomes its list.
   */
  public Attributes normalizeAttributes(Map<String, ?> given) {
    if (attributes.isEmpty() && given.isEmpty()) {
      return Attributes.EMPTY; // most elementwise ops
    }
    Map<String, Object> out = new LinkedHashMap<>();
    for (String name : given.keySet()) {
      if (!hasAttribute(name)) {
        throw new TypeException(
            "unknown attribute '" + name + "'; " + mnemonic + " takes "
                + attributes.stream().map(AttrSpec::name).toList());
      }
    }
    for (AttrSpec spec : attributes) {
      Object value = given.get(spec.name());
      if (value == null) {
        if (spec.defaultValue() == null) {
          throw new TypeException("missing required attribute '" + spec.name() + "' (" + spec.kind() + ")");
        }
        value = spec.defaultValue();
      }
      if (value instanceof Integer && spec.kind() == AttrKind.INT) {
        value = ((Integer) value).longValue();
      }
      if (value instanceof long[] list && spec.kind() == AttrKind.INTS) {
        value = ImmutableList.copyOf(com.google.common.primitives.Longs.asList(list));
      }
      if (!spec.kind().storedType().isInstance(value)) {
        throw new TypeException(
            "attribute '" + spec.name() + "' must be " + spec.kind() + ", got "
                + value.getClass().getSimpleName() + " " + value);
      }
      out.put(spec.name(), value);
    }
    return Attributes.of(out);
  }

  /**
   * The kernel must take the bound constants, then one runtime value per operand, then each
   * attribute as its kind's kernel parameter type: checked when the op's library class loads, so
   * a mismatch never reaches a run.
   */
  private void checkKernelSignature(Lowering.StaticCall call) {
    checkArgument(!variadic, "%s: variadic ops cannot call a fixed-arity kernel", mnemonic);
    Method method = call.method();
    Class<?>[] params = method.getParameterTypes();
    int bound = call.bound().size();
    int expected = bound + operandNames.size() + attributes.size();
    checkArgument(params.length == expected,
        "%s: kernel %s takes %s parameters, but the op has %s bound constants, %s operands and %s attributes",
        mnemonic, method.getName(), params.length, bound, operandNames.size(), attributes.size());
    for (int i = 0; i < bound; i++) {
      checkArgument(params[i].isInstance(call.bound().get(i)), "%s: kernel parameter %s cannot take the bound %s",
          mnemonic, i, call.bound().get(i));
    }
    for (int i = 0; i < operandNames.size(); i++) {
      Class<?> p = params[bound + i];
      checkArgument(RUNTIME_VALUES.contains(p), "%s: kernel parameter %s for operand '%s' must be one of %s, is %s",
          mnemonic, bound + i, operandNames.get(i), RUNTIME_VALUES.stream().map(Class::getSimpleName).toList(), p);
    }
    for (int i = 0; i < attributes.size(); i++) {
      Class<?> want = attributes.get(i).kind().kernelParameterType();
      Class<?> got = params[bound + operandNames.size() + i];
      checkArgument(got == want, "%s: kernel parameter %s for attribute '%s' must be %s, is %s",
          mnemonic, bound + operandNames.size() + i, attributes.get(i).name(), want, got);
    }
    checkArgument(!method.getReturnType().isPrimitive(), "%s: kernel %s must return a runtime value", mnemonic, method);
  }

  /** What an operand can be at run time (Object: any of them, for ops generic over kinds). */
  private static final ImmutableSet<Class<?>> RUNTIME_VALUES =
      ImmutableSet.of(Tensor.class, RaggedTensor.class, RowPartition.class, SparseTensor.class, Object.class);

  @Override
  public String toString() {
    return mnemonic;
  }

  /** Declares an op; see the op libraries in {@code dev.tatter.ir.ops} for examples. */
  public static final class Builder {
    private final String mnemonic;
    private ImmutableList<String> operandNames = ImmutableList.of();
    private boolean variadic;
    private final ImmutableList.Builder<AttrSpec> attributes = ImmutableList.builder();
    private final java.util.EnumSet<Trait> traits = java.util.EnumSet.noneOf(Trait.class);
    private TypeRule typeRule;
    private Lowering lowering;
    private Canonicalizer canonicalizer;
    private Fusion fusion;
    private final ImmutableList.Builder<OpExample> examples = ImmutableList.builder();
    private String summary = "";
    private DTypeSet dtypes = DTypeSet.ANY;
    private TfBinding tf = TfBinding.UNBOUND;

    private Builder(String mnemonic) {
      checkArgument(mnemonic.matches("[a-z][a-z0-9_.]*"), "bad mnemonic '%s'", mnemonic);
      this.mnemonic = mnemonic;
    }

    public Builder operands(String... names) {
      this.operandNames = ImmutableList.copyOf(names);
      return this;
    }

    /** The last operand name stands for zero or more operands. */
    public Builder variadicOperands(String... names) {
      checkArgument(names.length >= 1, "a variadic op needs at least one operand name");
      this.operandNames = ImmutableList.copyOf(names);
      this.variadic = true;
      return this;
    }

    public Builder attribute(AttrSpec spec) {
      attributes.add(spec);
      return this;
    }

    public Builder traits(Trait... ts) {
      traits.addAll(Arrays.asList(ts));
      return this;
    }

    public Builder type(TypeRule rule) {
      this.typeRule = rule;
      return this;
    }

    public Builder lowering(Lowering l) {
      checkState(lowering == null, "%s already has a lowering", mnemonic);
      this.lowering = l;
      return this;
    }

    /**
     * Shorthand for a {@link Lowering.StaticCall} of {@code owner.name}, called with
     * {@code bound} before the operands (e.g. {@code .kernel(RowReductionKernels.class, "rows",
     * Reducer.SUM)}).
     */
    public Builder kernel(Class<?> owner, String name, Object... bound) {
      return lowering(Lowering.staticCall(owner, name, bound));
    }

    /** How the op fuses; see {@link Fusion}. */
    public Builder fusion(Fusion f) {
      checkState(fusion == null, "%s already has a fusion kind", mnemonic);
      this.fusion = f;
      return this;
    }

    /**
     * Declares an ELEMENTWISE op by its scalar function, {@code owner.name} (see {@link
     * ScalarFunction}): that is all an elementwise op needs. Its kernel is the generic loop of
     * {@link PointwiseKernels} over the operands declared before this call, and it fuses as a
     * {@link Fusion.Pointwise} step.
     */
    public Builder pointwise(Class<?> owner, String name) {
      return pointwise(OverloadSet.of(owner), name);
    }

    /**
     * Declares an ELEMENTWISE op by its scalar function {@code name} in a family's overload set
     * ({@code ScalarFunctions.OVERLOADS}: the classes whose static methods together are the
     * family's overloads); otherwise as {@link #pointwise(Class, String)}.
     */
    public Builder pointwise(OverloadSet overloads, String name) {
      checkState(operandNames.size() == 1 || operandNames.size() == 2,
          "%s: declare one or two operands before pointwise(...)", mnemonic);
      ScalarFunction fn = new ScalarFunction(overloads, name);
      traits(Trait.PURE, Trait.ELEMENTWISE);
      fusion(new Fusion.Pointwise(fn));
      return kernel(PointwiseKernels.class, operandNames.size() == 1 ? "unary" : "binary", fn);
    }

    /** A graph using this op whose single output prints as {@code expected}. */
    public Builder example(String ir, String expected) {
      examples.add(new OpExample(ir.stripIndent().strip() + "\n", expected));
      return this;
    }

    public Builder canonicalize(Canonicalizer rule) {
      this.canonicalizer = rule;
      return this;
    }

    /** The operand dtypes TF registers the op's kernel for (checked by the type rule). */
    public Builder dtypes(DTypeSet set) {
      this.dtypes = set;
      return this;
    }

    /**
     * TF's raw ops ({@code tf.raw_ops} names) whose kernels this op computes, the reference
     * first: the {@code -Ptf} oracle compares the op with them.
     */
    public Builder tfRawOps(String... names) {
      this.tf = tf.withRawOps(names);
      return this;
    }

    /**
     * The Python API paths that reach this op, the canonical one first ({@code tf.math.sqrt}):
     * each becomes a method of the user API's namespace of that name (see {@link TfBinding}).
     */
    public Builder tfApi(String... paths) {
      this.tf = tf.withApis(paths);
      return this;
    }

    /**
     * How TF's Python layer defines the op where no one raw op's kernel does (e.g. {@code
     * tf.compat.v1.div}: FloorDiv on integers, RealDiv on floats), so the oracle knows not to
     * read its dtypes from a kernel.
     */
    public Builder tfPythonLevel(String how) {
      this.tf = tf.withPythonLevel(how);
      return this;
    }

    /** Says the op has no counterpart in TF, and why (a step of a lowering, a fused loop, ...). */
    public Builder noTfCounterpart(String why) {
      this.tf = tf.withNoCounterpart(why);
      return this;
    }

    public Builder summary(String text) {
      this.summary = text;
      return this;
    }

    public OpDef build() {
      return new OpDef(this);
    }
  }
}
