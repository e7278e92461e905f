package dev.tatter.frontend;

import dev.tatter.ir.GraphBuildException;
import dev.tatter.ir.OpDef;
import dev.tatter.ir.ops.WordpieceOps;
import dev.tatter.ir.types.DenseType;
import dev.tatter.ir.types.RaggedType;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.StringColumn;
import dev.tatter.runtime.Tensor;
import dev.tatter.runtime.kernels.text.WordpieceVocabulary;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * tensorflow_text's {@code WordpieceTokenizer}: words (a string tensor of any rank, dense or
 * ragged) split into their longest vocabulary pieces, one more ragged dimension of pieces per word,
 * by the {@code wordpiece_tokenize} ops on the flat values, as TF Text's Python applies its kernel.
 *
 * <p>The vocabulary becomes the ops' {@code vocab} attribute, a string-vector constant: a
 * {@code vocab.txt} is read when the graph is built (a missing, empty, too large or duplicated
 * file is refused there, naming the file and line), so the IR holds the whole table and a printed
 * graph runs without the file, as a {@code TextFileInitializer}'s table does. Ids are those of TF
 * Text's table for a vocabulary file, a {@code StaticVocabularyTable} with one OOV bucket: a piece's
 * line, or the vocabulary's size for a piece not in it.
 */
@BuilderApi
public final class WordpieceTokenizer {
  private final Tensor vocab;
  private final Map<String, Object> attrs;
  private final DType tokenOutType;
  private final byte[] unknownToken;
  private final String suffixIndicator;

  private WordpieceTokenizer(Tensor vocab, Map<String, Object> attrs, DType tokenOutType, byte[] unknownToken,
      String suffixIndicator) {
    this.vocab = vocab;
    this.attrs = attrs;
    this.tokenOutType = tokenOutType;
    this.unknownToken = unknownToken;
    this.suffixIndicator = suffixIndicator;
  }

  /** {@code text.WordpieceTokenizer(vocab)} with TF Text's defaults: {@code ##}, 100 bytes, int64 ids, {@code [UNK]}. */
  @TfApi("text.WordpieceTokenizer")
  public static WordpieceTokenizer wordpieceTokenizer(Object vocabLookupTable) {
    return wordpieceTokenizer(vocabLookupTable, "##", 100, null, DType.INT64, "[UNK]", false);
  }

  /**
   * {@code text.WordpieceTokenizer(vocab_lookup_table, suffix_indicator, max_bytes_per_word,
   * max_chars_per_token, token_out_type, unknown_token, split_unknown_characters)}.
   *
   * @param vocabLookupTable a {@code vocab.txt} ({@link Path}, or its name as a {@link String}, as TF
   *     Text takes a path), the tokens ({@code List<String>} or {@code String[]}) or a string-vector
   *     {@link Tensor}; token {@code i} has id {@code i}
   * @param maxCharsPerToken the longest piece tried, in characters; null for no limit
   * @param tokenOutType {@link DType#STRING}, {@link DType#INT32} or {@link DType#INT64}
   * @param unknownToken what an unknown word becomes; null or empty: the word stays itself
   */
  @TfApi("text.WordpieceTokenizer")
  public static WordpieceTokenizer wordpieceTokenizer(Object vocabLookupTable, String suffixIndicator, int maxBytesPerWord,
      @Nullable Integer maxCharsPerToken, DType tokenOutType, @Nullable String unknownToken, boolean splitUnknownCharacters) {
    String where = "text.WordpieceTokenizer at " + CallSite.find();
    if (tokenOutType != DType.STRING && tokenOutType != DType.INT32 && tokenOutType != DType.INT64) {
      throw new GraphBuildException(where + ": token_out_type must be string, int32 or int64, got " + tokenOutType);
    }
    if (suffixIndicator == null) {
      throw new GraphBuildException(where + ": suffix_indicator must not be null");
    }
    Tensor vocab = vocabulary(vocabLookupTable, where);
    boolean useUnknown = unknownToken != null && !unknownToken.isEmpty();
    String unknown = useUnknown ? unknownToken : "[UNK]"; // TF Text: unknown_token if unknown_token else '[UNK]'
    Map<String, Object> attrs = new HashMap<>();
    attrs.put("vocab", vocab);
    attrs.put("suffix_indicator", Strings.bytesOf(suffixIndicator));
    attrs.put("max_bytes_per_word", (long) maxBytesPerWord);
    attrs.put("max_chars_per_token", maxCharsPerToken == null ? 0L : (long) maxCharsPerToken);
    attrs.put("use_unknown_token", useUnknown);
    attrs.put("unknown_token", Strings.bytesOf(unknown));
    attrs.put("split_unknown_characters", splitUnknownCharacters);
    return new WordpieceTokenizer(vocab, Map.copyOf(attrs), tokenOutType, unknown.getBytes(StandardCharsets.UTF_8),
        suffixIndicator);
  }

  /** The vocabulary as the ops' attribute: a string vector, checked as TF's table initializer checks it. */
  static Tensor vocabulary(Object table, String where) {
    try {
      if (table instanceof Path || table instanceof String) {
        Path file = table instanceof Path p ? p : Path.of((String) table);
        WordpieceVocabulary v = WordpieceVocabulary.read(file);
        byte[][] tokens = new byte[v.size()][];
        for (int i = 0; i < tokens.length; i++) {
          tokens[i] = v.token(i);
        }
        return Tensor.ofStrings(StringColumn.ofBytes(tokens), tokens.length);
      }
      Tensor t;
      if (table instanceof List<?> list) {
        t = Tensor.ofStrings(list.stream().map(o -> (String) o).toArray(String[]::new));
      } else if (table instanceof String[] array) {
        t = Tensor.ofStrings(array);
      } else if (table instanceof Tensor tensor && tensor.dtype() == DType.STRING && tensor.rank() == 1) {
        t = tensor;
      } else {
        throw new GraphBuildException(where + ": the vocabulary must be a vocab.txt Path or file name, a List<String>, "
            + "a String[] or a string vector Tensor, got " + (table == null ? "null" : table.getClass().getSimpleName()));
      }
      dev.tatter.runtime.kernels.text.WordpieceKernels.vocabulary(t); // refused here, naming the caller's line
      return t;
    } catch (InvalidArgumentException | IllegalArgumentException | ClassCastException e) {
      throw new GraphBuildException(where + ": " + e.getMessage());
    }
  }

  /** Whether the vocabulary tensor holds {@code token} (its UTF-8). */
  static boolean contains(Tensor vocab, String token) {
    return dev.tatter.runtime.kernels.text.WordpieceKernels.vocabulary(vocab).id(token.getBytes(StandardCharsets.UTF_8)) >= 0;
  }

  /** The attributes (for the BERT tokenizer, which adds its own). */
  Map<String, Object> attributes() {
    return attrs;
  }

  DType tokenOutType() {
    return tokenOutType;
  }

  /** {@code tokenizer.tokenize(input)}: the pieces (strings or ids) of each word, one more ragged dimension. */
  public Value tokenize(Value input) {
    Map<String, Object> a = new HashMap<>(attrs);
    a.put("out_type", tokenOutType);
    return applyToFlatValues("WordpieceTokenizer.tokenize", WordpieceOps.WORDPIECE_TOKENIZE, a, input);
  }

  /** {@code tokenizer.tokenize_with_offsets(input)}: the pieces, and each piece's start and end byte in its word. */
  public List<Value> tokenizeWithOffsets(Value input) {
    String what = "WordpieceTokenizer.tokenize_with_offsets";
    Map<String, Object> a = new HashMap<>(attrs);
    a.put("out_type", tokenOutType);
    return List.of(applyToFlatValues(what, WordpieceOps.WORDPIECE_TOKENIZE, a, input),
        applyToFlatValues(what, WordpieceOps.WORDPIECE_TOKEN_STARTS, attrs, input),
        applyToFlatValues(what, WordpieceOps.WORDPIECE_TOKEN_LIMITS, attrs, input));
  }

  /** {@code tokenizer.vocab_size()}: the table's size, its tokens and its one OOV bucket (an int64 scalar). */
  public Value vocabSize(GraphBuilder g) {
    return g.constant(Tensor.scalar(DType.INT64, (long) vocab.size() + 1));
  }

  /**
   * {@code tokenizer.detokenize(token_ids)}: ids (dense or ragged, rank >= 2) back to words, as TF
   * Text composes it: each id's token (an id past the vocabulary is the unknown token), the pieces
   * of each innermost row joined by spaces, {@code " " + suffix_indicator} removed, the spaces at
   * the ends stripped, the row split at spaces: {@code [..., pieces] -> [..., (words)]}.
   */
  public Value detokenize(Value tokenIds) {
    String where = "WordpieceTokenizer.detokenize at " + CallSite.find();
    NullArguments.check(tokenIds, "the token_ids of " + where);
    if (!tokenIds.dtype().isInteger()) {
      throw GraphBuilder.misuse(where + " takes integer ids", tokenIds);
    }
    if (tokenIds.type() instanceof DenseType d && d.rank() < 2) {
      throw GraphBuilder.misuse(where + " takes ids of rank 2 or more ([..., pieces])", tokenIds);
    }
    GraphBuilder g = tokenIds.builder();
    StringColumn c = vocab.stringColumn();
    byte[][] withUnknown = new byte[c.size() + 1][];
    for (int i = 0; i < c.size(); i++) {
      withUnknown[i] = c.bytes(i);
    }
    withUnknown[c.size()] = unknownToken;
    Value table = g.constant(Tensor.ofStrings(StringColumn.ofBytes(withUnknown), withUnknown.length));
    Value size = g.constant(Tensor.scalar(tokenIds.dtype(), (long) c.size()));
    Value ids = g.ops().math.minimum(tokenIds, size);
    Value tokens = Selections.gather(g, table, ids);
    if (!(tokens.type() instanceof RaggedType)) {
      tokens = Conversions.fromTensor(tokens, null, null, 1);
    }
    Value words = Strings.reduceJoin(tokens, new long[] {-1}, false, " ");
    words = Strings.regexReplace(words, " " + escaped(suffixIndicator), "", true);
    // TF's "^ +| +$" as two replacements (the same strings): re2j over UTF-8 bytes matches the
    // alternation's "^ +" after a multi-byte character ("é b" would lose its space)
    words = Strings.regexReplace(words, "^ +", "", true);
    words = Strings.regexReplace(words, " +$", "", true);
    return Strings.split(words, " ");
  }

  /** Python's {@code re.escape}: ASCII other than letters, digits and {@code _} after a backslash (RE2 reads it literally). */
  static String escaped(String text) {
    StringBuilder out = new StringBuilder();
    text.codePoints().forEach(c -> {
      if (c < 0x80 && !Character.isLetterOrDigit(c) && c != '_') {
        out.append('\\');
      }
      out.appendCodePoint(c);
    });
    return out.toString();
  }

  /** One op over the flat values of {@code input}: ragged input keeps its partitions, dense rank >= 2 is made ragged, a scalar gives a vector. */
  static Value applyToFlatValues(String what, OpDef op, Map<String, ?> attrs, Value input) {
    String where = what + " at " + CallSite.find();
    NullArguments.check(input, "the input of " + where);
    if (!(input.type() instanceof DenseType || input.type() instanceof RaggedType) || input.dtype() != DType.STRING) {
      throw GraphBuilder.misuse(where + " takes a string tensor", input);
    }
    GraphBuilder b = input.builder();
    if (input.type() instanceof RaggedType rt) {
      if (rt.flatValuesShape().size() != 1) {
        throw GraphBuilder.misuse(where + ": ragged input needs flat values of rank 1", input);
      }
      GraphBuilder.Decomposed d = b.decompose(input);
      Value pieces = b.op(op, attrs, d.flatValues());
      if (rt.splitsDType() != DType.INT64) {
        pieces = pieces.withRowSplitsDType(rt.splitsDType());
      }
      return b.rebuild(pieces, d.partitions());
    }
    DenseType dense = (DenseType) input.type();
    return switch (dense.rank()) {
      case 0 -> b.op(op, attrs, ArrayFunctions.expandDims(input, 0)).values();
      case 1 -> b.op(op, attrs, input);
      default -> applyToFlatValues(what, op, attrs, Conversions.fromTensor(input, null, null, dense.rank() - 1));
    };
  }
}
