package dev.tatter.ir.text;

import com.google.common.collect.ImmutableList;
import dev.tatter.ir.AttrKind;
import dev.tatter.ir.AttrSpec;
import dev.tatter.ir.Graph;
import dev.tatter.ir.GraphBuildException;
import dev.tatter.ir.Lowering;
import dev.tatter.ir.Node;
import dev.tatter.ir.OpDef;
import dev.tatter.ir.SourceLocation;
import dev.tatter.ir.TypeException;
import dev.tatter.ir.ops.OpRegistry;
import dev.tatter.ir.text.TatterIRParser.AttrContext;
import dev.tatter.ir.text.TatterIRParser.DenseTypeContext;
import dev.tatter.ir.text.TatterIRParser.DimContext;
import dev.tatter.ir.text.TatterIRParser.ListLiteralContext;
import dev.tatter.ir.text.TatterIRParser.LiteralContext;
import dev.tatter.ir.text.TatterIRParser.PartitionTypeContext;
import dev.tatter.ir.text.TatterIRParser.PlainAttrContext;
import dev.tatter.ir.text.TatterIRParser.RaggedTypeContext;
import dev.tatter.ir.text.TatterIRParser.ScalarContext;
import dev.tatter.ir.text.TatterIRParser.ScalarLiteralContext;
import dev.tatter.ir.text.TatterIRParser.SizeContext;
import dev.tatter.ir.text.TatterIRParser.StatementContext;
import dev.tatter.ir.text.TatterIRParser.StructLiteralContext;
import dev.tatter.ir.text.TatterIRParser.TensorAttrContext;
import dev.tatter.ir.text.TatterIRParser.TypeContext;
import dev.tatter.ir.text.TatterIRParser.TypeOptionContext;
import dev.tatter.ir.types.DenseType;
import dev.tatter.ir.types.Dims;
import dev.tatter.ir.types.PartitionType;
import dev.tatter.ir.types.RaggedType;
import dev.tatter.ir.types.SparseType;
import dev.tatter.ir.types.Type;
import dev.tatter.ir.types.UnrankedType;
import dev.tatter.runtime.DType;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.antlr.v4.runtime.BaseErrorListener;
import org.antlr.v4.runtime.CharStreams;
import org.antlr.v4.runtime.CommonTokenStream;
import org.antlr.v4.runtime.RecognitionException;
import org.antlr.v4.runtime.Recognizer;
import org.antlr.v4.runtime.Token;
import org.antlr.v4.runtime.tree.TerminalNode;

/**
 * Parses the textual IR printed by {@link GraphPrinter} back into a graph, type-checking every
 * node as the builder does and comparing its inferred type with the annotation. A graph file is
 * data: ops are looked up in the registry by mnemonic, dtypes by name, and nothing is loaded,
 * opened or run. All syntax errors (ANTLR recovers and goes on), or else all semantic errors, are
 * reported together, each as {@code file:line:col: message} naming the offending token or op and
 * what was expected.
 */
public final class GraphParser {
  /** Deeper nesting of brackets is refused before parsing, so no input can exhaust the stack. */
  static final int MAX_NESTING = 100;

  private final String file;
  private final List<String> errors = new ArrayList<>();
  private final Map<String, Node> values = new HashMap<>();
  private final Map<String, Integer> definedAt = new HashMap<>();
  private final Map<String, Integer> definedLater = new HashMap<>();
  private final Set<String> failed = new HashSet<>();
  private final Graph.Builder builder = Graph.builder();

  private GraphParser(String file) {
    this.file = file;
  }

  /** Parses {@code text}; {@code file} names it in error messages and source locations. */
  public static Graph parse(String text, String file) {
    java.util.Objects.requireNonNull(text, "text (the graph's IR) is null");
    return new GraphParser(file).run(text);
  }

  /** Parses a type alone, e.g. {@code ragged<float32>[None, (None)]}. */
  public static Type parseType(String text) {
    java.util.Objects.requireNonNull(text, "text (the type) is null");
    GraphParser p = new GraphParser("<type>");
    TatterIRParser parser = p.newParser(text);
    TatterIRParser.TypeOnlyContext tree = parser.typeOnly();
    if (p.errors.isEmpty()) {
      try {
        return p.type(tree.type());
      } catch (SemanticError e) {
        p.errors.add(e.getMessage());
      }
    }
    throw new IrParseException(ImmutableList.copyOf(p.errors));
  }

  /**
   * Parses a value written by hand — nested lists, optionally after a type — as a value of
   * {@code expected} (a dense {@code Tensor}, a {@code RaggedTensor}, a {@code RowPartition}
   * from its row splits, or a {@code SparseTensor} written as it prints): {@code [[1.0, 2.0], []]},
   * {@code ragged<float32>[None, (None)] [[1.0], []]} or
   * {@code SparseTensor(indices=[[0, 1]], values=[1.0], dense_shape=[2, 3])}.
   * A JSON array is such a literal. A type given in the text must equal {@code expected}.
   */
  public static Object parseValue(String text, Type expected, String file) {
    java.util.Objects.requireNonNull(text, "text (the value) is null");
    java.util.Objects.requireNonNull(expected, "expected (the value's type) is null");
    GraphParser p = new GraphParser(file);
    TatterIRParser parser = p.newParser(text);
    TatterIRParser.ValueOnlyContext tree = parser.valueOnly();
    if (p.errors.isEmpty()) {
      try {
        if (tree.type() != null) {
          Type given = p.type(tree.type());
          if (!given.equals(expected)) {
            throw p.error(tree.type().getStart(), "the value's type " + given + " differs from the expected type " + expected);
          }
        }
        Object nested = p.literal(tree.literal());
        try {
          return Literals.toValue(expected, nested);
        } catch (TypeException e) {
          throw p.error(tree.literal().getStart(), e.getMessage());
        }
      } catch (SemanticError e) {
        p.errors.add(e.getMessage());
      }
    }
    throw new IrParseException(ImmutableList.copyOf(p.errors));
  }

  private TatterIRParser newParser(String text) {
    BaseErrorListener listener = new BaseErrorListener() {
      @Override
      public void syntaxError(Recognizer<?, ?> recognizer, Object offending, int line, int col, String msg, RecognitionException e) {
        errors.add(file + ":" + line + ":" + (col + 1) + ": " + msg);
      }
    };
    TatterIRLexer lexer = new TatterIRLexer(CharStreams.fromString(text, file));
    lexer.removeErrorListeners();
    lexer.addErrorListener(listener);
    CommonTokenStream tokens = new CommonTokenStream(lexer);
    checkNesting(tokens);
    TatterIRParser parser = new TatterIRParser(tokens);
    parser.removeErrorListeners();
    parser.addErrorListener(listener);
    return parser;
  }

  /** Refuses nesting deeper than {@link #MAX_NESTING} before the recursive-descent parser sees it. */
  private void checkNesting(CommonTokenStream tokens) {
    tokens.fill();
    int depth = 0;
    for (Token t : tokens.getTokens()) {
      switch (t.getText()) {
        case "[", "(", "{", "<" -> depth++;
        case "]", ")", "}", ">" -> depth = Math.max(0, depth - 1);
        default -> { }
      }
      if (depth > MAX_NESTING) {
        errors.add(file + ":" + t.getLine() + ":" + (t.getCharPositionInLine() + 1)
            + ": brackets nested deeper than " + MAX_NESTING + " levels");
        throw new IrParseException(ImmutableList.copyOf(errors));
      }
    }
  }

  private Graph run(String text) {
    TatterIRParser.GraphContext tree = newParser(text).graph();
    if (!errors.isEmpty()) {
      throw new IrParseException(ImmutableList.copyOf(errors));
    }
    for (StatementContext statement : tree.statement()) {
      definedLater.putIfAbsent(statement.VALUE(0).getText(), statement.VALUE(0).getSymbol().getLine());
    }
    for (StatementContext statement : tree.statement()) {
      try {
        define(statement);
      } catch (SemanticError e) {
        if (e.getMessage() != null) {
          errors.add(e.getMessage());
        }
        failed.add(statement.VALUE(0).getText());
      }
    }
    if (tree.returnStmt() != null) {
      for (TerminalNode v : tree.returnStmt().VALUE()) {
        try {
          builder.addOutput(lookup(v));
        } catch (SemanticError e) {
          if (e.getMessage() != null) {
            errors.add(e.getMessage());
          }
        }
      }
    }
    if (!errors.isEmpty()) {
      throw new IrParseException(ImmutableList.copyOf(errors));
    }
    return builder.build();
  }

  private void define(StatementContext st) {
    TerminalNode result = st.VALUE(0);
    String valueText = result.getText();
    if (values.containsKey(valueText) || failed.contains(valueText)) {
      throw error(result.getSymbol(), "value " + valueText + " is defined twice (first on line "
          + definedAt.get(valueText) + ")");
    }
    definedAt.put(valueText, result.getSymbol().getLine());
    String mnemonic = st.name().getText();
    OpDef op = OpRegistry.lookup(mnemonic)
        .orElseThrow(() -> error(st.name().getStart(), "unknown op '" + mnemonic + "'; expected one of "
            + OpRegistry.ALL.stream().map(OpDef::mnemonic).sorted().toList()));
    List<Node> inputs = new ArrayList<>();
    for (int i = 1; i < st.VALUE().size(); i++) {
      inputs.add(lookup(st.VALUE(i)));
    }
    Map<String, Object> attrs = new LinkedHashMap<>();
    if (st.attrDict() != null) {
      for (AttrContext attr : st.attrDict().attr()) {
        String attrName = attr.name().getText();
        AttrSpec spec = op.attributes().stream().filter(a -> a.name().equals(attrName)).findFirst()
            .orElseThrow(() -> error(attr.getStart(), "unknown attribute '" + attrName + "'; "
                + mnemonic + " takes " + op.attributes().stream().map(AttrSpec::name).toList()));
        if (attrs.put(attrName, attributeValue(spec, attr)) != null) {
          throw error(attr.getStart(), "attribute '" + attrName + "' given twice");
        }
      }
    }
    Type declared = type(st.type());
    String bare = valueText.substring(1);
    String name = bare.chars().allMatch(Character::isDigit) ? null : bare;
    if (name == null && op.lowering() instanceof Lowering.Feed) {
      throw error(result.getSymbol(), "a " + mnemonic + " needs a name, e.g. %x, to be fed by; got " + valueText);
    }
    Token at = st.getStart();
    SourceLocation location = new SourceLocation(file, at.getLine(), at.getCharPositionInLine() + 1);
    try {
      values.put(valueText, builder.add(op, inputs, attrs, name, location, declared));
    } catch (GraphBuildException e) {
      throw new SemanticError(locationFirst(e.getMessage(), location));
    }
  }

  /**
   * The builder's message {@code op(types) at f.tat:3:1: why} as {@code f.tat:3:1: op(types): why},
   * so that every error of a file starts with its position, as compilers print them.
   */
  private static String locationFirst(String message, SourceLocation location) {
    String at = " at " + location + ": ";
    int i = message.indexOf(at);
    if (i < 0) {
      return location + ": " + message;
    }
    return location + ": " + message.substring(0, i) + ": " + message.substring(i + at.length());
  }

  private Node lookup(TerminalNode value) {
    String text = value.getText();
    Node node = values.get(text);
    if (node == null) {
      if (failed.contains(text)) {
        throw new SemanticError(null); // already reported where it was defined
      }
      Integer later = definedLater.get(text);
      throw error(value.getSymbol(), later == null ? "undefined value " + text
          : "value " + text + " is used before its definition on line " + later);
    }
    return node;
  }

  private Object attributeValue(AttrSpec spec, AttrContext attr) {
    Token at = attr.attrValue().getStart();
    if (attr.attrValue() instanceof TensorAttrContext tensorAttr && spec.kind() == AttrKind.RAGGED) {
      Type t = type(tensorAttr.type());
      if (!(t instanceof RaggedType ragged)) {
        throw error(at, "a ragged attribute needs a ragged type, got " + t);
      }
      try {
        return Literals.toRagged(ragged, literal(tensorAttr.literal()));
      } catch (TypeException e) {
        throw error(at, e.getMessage());
      }
    }
    if (attr.attrValue() instanceof TensorAttrContext tensorAttr) {
      if (spec.kind() != AttrKind.TENSOR) {
        throw error(at, "attribute '" + spec.name() + "' must be " + spec.kind() + ", got a tensor");
      }
      Type t = type(tensorAttr.type());
      if (!(t instanceof DenseType dense)) {
        throw error(at, "a tensor attribute needs a dense type, got " + t);
      }
      try {
        return Literals.toTensor(dense, literal(tensorAttr.literal()));
      } catch (TypeException e) {
        throw error(at, e.getMessage());
      }
    }
    Object v = literal(((PlainAttrContext) attr.attrValue()).literal());
    Object converted = switch (spec.kind()) {
      case BOOL -> v instanceof Boolean ? v : null;
      case INT -> v instanceof Long ? v : null;
      case FLOAT -> v instanceof Long l ? (Object) l.doubleValue() : v instanceof Double ? v
          : v instanceof Literals.Decimal d ? decimal(d, at) : null;
      case STRING -> v instanceof String ? v : null;
      case DTYPE -> v instanceof Word w ? dtype(w.text(), at) : null;
      case INTS -> v instanceof List<?> list && list.stream().allMatch(Long.class::isInstance)
          ? ImmutableList.copyOf(list.stream().map(Long.class::cast).toList()) : null;
      case RAGGED -> throw error(at, "attribute '" + spec.name() + "' needs a typed literal such as ragged<int32>[2, (None)] [[1, 2], []]");
      case TENSOR -> throw error(at, "attribute '" + spec.name() + "' needs a typed literal such as tensor<int32>[2] [1, 2]");
    };
    if (converted == null) {
      throw error(at, "attribute '" + spec.name() + "' must be " + spec.kind() + ", got " + attr.attrValue().getText());
    }
    return converted;
  }

  private double decimal(Literals.Decimal d, Token at) {
    try {
      return d.value(DType.FLOAT64);
    } catch (TypeException e) {
      throw error(at, e.getMessage());
    }
  }

  /** A bare word in a literal: a dtype name, or an error where a value was expected. */
  private record Word(String text) {
    @Override
    public String toString() {
      return text;
    }
  }

  private Object literal(LiteralContext ctx) {
    if (ctx instanceof ListLiteralContext list) {
      List<Object> out = new ArrayList<>();
      for (LiteralContext item : list.literal()) {
        out.add(literal(item));
      }
      return out;
    }
    if (ctx instanceof StructLiteralContext struct) {
      java.util.LinkedHashMap<String, Object> fields = new java.util.LinkedHashMap<>();
      for (TatterIRParser.FieldContext f : struct.field()) {
        if (fields.put(f.name().getText(), literal(f.literal())) != null) {
          throw error(f.getStart(), "part '" + f.name().getText() + "' of " + struct.name().getText() + " is given twice");
        }
      }
      return new Literals.Struct(struct.name().getText(), fields);
    }
    ScalarContext s = ((ScalarLiteralContext) ctx).scalar();
    if (s.INT() != null) {
      String text = s.INT().getText();
      try {
        return Long.parseLong(text);
      } catch (NumberFormatException e) {
        if (text.length() <= 20 && !text.startsWith("-")) {
          // a uint64 above int64's range; the literal's dtype decides whether it fits
          java.math.BigInteger big = new java.math.BigInteger(text);
          if (big.bitLength() <= 64) {
            return big;
          }
        }
        throw error(s.getStart(), "integer literal " + text + " does not fit int64 or uint64");
      }
    }
    if (s.FLOAT() != null) {
      return new Literals.Decimal(s.FLOAT().getText());
    }
    if (s.STRING() != null) {
      try {
        return TextSyntax.unquote(s.STRING().getText());
      } catch (IllegalArgumentException e) {
        throw error(s.getStart(), "string literal " + s.STRING().getText() + ": " + e.getMessage()); // a lone surrogate
      }
    }
    return switch (s.getText()) {
      case "true" -> Boolean.TRUE;
      case "false" -> Boolean.FALSE;
      case "nan" -> Double.NaN;
      case "inf" -> Double.POSITIVE_INFINITY;
      case "-inf" -> Double.NEGATIVE_INFINITY;
      default -> new Word(s.getText());
    };
  }

  private Type type(TypeContext ctx) {
    try {
      if (ctx instanceof TatterIRParser.UnrankedTypeContext unranked) {
        return new UnrankedType(dtype(unranked.name().getText(), unranked.name().getStart()));
      }
      if (ctx instanceof DenseTypeContext dense) {
        List<Long> dims = new ArrayList<>();
        for (DimContext d : dense.shape().dim()) {
          if (d.size() == null) {
            throw error(d.getStart(), "a dense tensor has no ragged dimensions");
          }
          dims.add(size(d.size()));
        }
        return new DenseType(dtype(dense.name().getText(), dense.name().getStart()), ImmutableList.copyOf(dims));
      }
      if (ctx instanceof TatterIRParser.SparseTypeContext sparse) {
        List<Long> dims = new ArrayList<>();
        for (DimContext d : sparse.shape().dim()) {
          if (d.size() == null) {
            throw error(d.getStart(), "a sparse tensor has no ragged dimensions");
          }
          dims.add(size(d.size()));
        }
        return new SparseType(dtype(sparse.name().getText(), sparse.name().getStart()), ImmutableList.copyOf(dims));
      }
      if (ctx instanceof PartitionTypeContext p) {
        DType splits = dtype(p.name().getText(), p.name().getStart());
        Map<String, TypeOptionContext> options = options(p.typeOption(), Set.of("nvals"));
        List<DimContext> dims = p.shape().dim();
        if (dims.size() != 2 || dims.get(0).size() == null) {
          throw error(p.shape().getStart(), "a partition's shape is [nrows, row_length]");
        }
        long nrows = size(dims.get(0).size());
        long nvals = options.containsKey("nvals") ? intOption(options.get("nvals")) : Dims.UNKNOWN;
        DimContext rowLength = dims.get(1);
        return rowLength.size() == null
            ? PartitionType.ragged(splits, nrows, nvals)
            : PartitionType.uniform(splits, nrows, nvals, size(rowLength.size()));
      }
      return raggedType((RaggedTypeContext) ctx);
    } catch (IllegalArgumentException | ArithmeticException e) {
      // the type records check their invariants (sizes that agree, no overflow)
      throw error(ctx.getStart(), "invalid type " + ctx.getText() + ": " + e.getMessage());
    }
  }

  private RaggedType raggedType(RaggedTypeContext r) {
    DType dtype = dtype(r.name().getText(), r.name().getStart());
    Map<String, TypeOptionContext> options = options(r.typeOption(), Set.of("splits", "nvals", "ragged_rank"));
    DType splits = DType.INT64;
    if (options.containsKey("splits")) {
      TypeOptionContext o = options.get("splits");
      if (o.name().size() < 2) {
        throw error(o.getStart(), "type option 'splits' needs a dtype (int32 or int64), got " + o.getText());
      }
      splits = dtype(o.name(1).getText(), o.name(1).getStart());
    }
    List<DimContext> dims = r.shape().dim();
    int lastRagged = 0;
    for (int i = 0; i < dims.size(); i++) {
      if (dims.get(i).size() == null) {
        lastRagged = i;
      }
    }
    long givenRank = options.containsKey("ragged_rank") ? intOption(options.get("ragged_rank")) : lastRagged;
    if (givenRank < 1 || givenRank >= dims.size() || givenRank < lastRagged) {
      throw error(r.shape().getStart(), "ragged_rank " + givenRank + " does not fit the shape " + r.shape().getText()
          + " (it must be at least 1, at least the position of the last ragged dimension, and below the rank)");
    }
    int raggedRank = (int) givenRank;
    if (dims.get(0).size() == null) {
      throw error(r.shape().getStart(), "the outer dimension of a ragged tensor is never ragged");
    }
    List<Long> nvals = new ArrayList<>();
    if (options.containsKey("nvals")) {
      for (SizeContext s : options.get("nvals").size()) {
        nvals.add(size(s));
      }
      if (nvals.size() != raggedRank) {
        throw error(options.get("nvals").getStart(), "nvals needs one size per partition (" + raggedRank + ")");
      }
    }
    List<PartitionType> partitions = new ArrayList<>();
    for (int i = 0; i < raggedRank; i++) {
      long nrows = i == 0 ? size(dims.get(0).size()) : Dims.UNKNOWN;
      long n = nvals.isEmpty() ? Dims.UNKNOWN : nvals.get(i);
      DimContext rowLength = dims.get(i + 1);
      partitions.add(rowLength.size() == null
          ? PartitionType.ragged(splits, nrows, n)
          : PartitionType.uniform(splits, nrows, n, size(rowLength.size())));
    }
    List<Long> flat = new ArrayList<>();
    flat.add(Dims.UNKNOWN);
    for (int i = raggedRank + 1; i < dims.size(); i++) {
      flat.add(size(dims.get(i).size()));
    }
    return RaggedType.of(dtype, partitions, flat);
  }

  private Map<String, TypeOptionContext> options(List<TypeOptionContext> given, Set<String> allowed) {
    Map<String, TypeOptionContext> out = new HashMap<>();
    for (TypeOptionContext o : given) {
      String key = o.name(0).getText();
      if (!allowed.contains(key)) {
        throw error(o.getStart(), "unknown type option '" + key + "'; expected one of " + allowed.stream().sorted().toList());
      }
      if (out.put(key, o) != null) {
        throw error(o.getStart(), "type option '" + key + "' given twice");
      }
    }
    return out;
  }

  private long intOption(TypeOptionContext o) {
    if (o.INT() == null) {
      throw error(o.getStart(), "type option '" + o.name(0).getText() + "' needs a number, got " + o.getText());
    }
    try {
      long v = Long.parseLong(o.INT().getText());
      if (v >= 0) {
        return v;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw error(o.INT().getSymbol(), "type option '" + o.name(0).getText() + "' needs a size from 0 to "
        + Long.MAX_VALUE + ", got " + o.INT().getText());
  }

  private long size(SizeContext s) {
    if (s.INT() == null) {
      return Dims.UNKNOWN;
    }
    long v;
    try {
      v = Long.parseLong(s.INT().getText());
    } catch (NumberFormatException e) {
      throw error(s.getStart(), "size " + s.getText() + " is out of range");
    }
    if (v < 0) {
      throw error(s.getStart(), "size " + v + " is negative");
    }
    return v;
  }

  private DType dtype(String name, Token at) {
    try {
      return DType.fromName(name);
    } catch (IllegalArgumentException e) {
      throw error(at, e.getMessage());
    }
  }

  private SemanticError error(Token at, String message) {
    return new SemanticError(file + ":" + at.getLine() + ":" + (at.getCharPositionInLine() + 1) + ": " + message);
  }

  /** One semantic error, already formatted; a null message means "already reported". */
  private static final class SemanticError extends RuntimeException {
    SemanticError(String message) {
      super(message, null, false, false);
    }
  }
}
