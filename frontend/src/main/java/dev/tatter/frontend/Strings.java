package dev.tatter.frontend;

import com.google.common.collect.ImmutableList;
import com.google.common.primitives.Longs;
import dev.tatter.ir.GraphBuildException;
import dev.tatter.ir.OpDef;
import dev.tatter.ir.ops.StringElementwiseOps;
import dev.tatter.ir.ops.StringFormatOps;
import dev.tatter.ir.ops.StringHashOps;
import dev.tatter.ir.ops.StringPrintOps;
import dev.tatter.ir.ops.StringSplitOps;
import dev.tatter.ir.ops.UnicodeOps;
import dev.tatter.ir.types.DenseType;
import dev.tatter.ir.types.RaggedType;
import dev.tatter.runtime.ByteStrings;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.Tensor;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * TF's {@code tf.strings} functions that turn text into ragged tensors, applied as
 * {@code ragged_string_ops.py} applies them: a ragged input is split in its flat values (one more
 * ragged dimension), a dense input of rank >= 2 is first made ragged, a scalar gives a vector.
 * Separators and pads given as Java text are used as their UTF-8 bytes.
 */
@BuilderApi
final class Strings {
  private Strings() {}

  /** {@code tf.strings.split(input)}: on runs of whitespace. */
  @TfApi("tf.strings.split")
  static Value split(Value input) {
    return split(input, null, -1);
  }

  /** {@code tf.strings.split(input, sep)}; a null {@code sep} splits on whitespace. */
  @TfApi("tf.strings.split")
  static Value split(Value input, @Nullable String sep) {
    return split(input, sep, -1);
  }

  /**
   * {@code tf.strings.split(input, sep, maxsplit)}. An empty {@code sep} is refused, as
   * Python's {@code bytes.split} refuses it ("empty separator"); null means whitespace.
   */
  @TfApi("tf.strings.split")
  static Value split(Value input, @Nullable String sep, int maxsplit) {
    if (sep != null && sep.isEmpty()) {
      throw new GraphBuildException("tf.strings.split at " + CallSite.find()
          + ": sep must not be empty (pass null to split on whitespace)");
    }
    Map<String, Object> attrs = new HashMap<>();
    attrs.put("sep", sep == null ? "" : bytesOf(sep));
    attrs.put("maxsplit", (long) maxsplit);
    return applyToFlatValues("tf.strings.split", StringSplitOps.STRING_SPLIT, attrs, input);
  }

  /** {@code tf.strings.bytes_split(input)}: each string as its single bytes. */
  @TfApi("tf.strings.bytes_split")
  static Value bytesSplit(Value input) {
    return applyToFlatValues("tf.strings.bytes_split", StringSplitOps.BYTES_SPLIT, Map.of(), input);
  }

  /** {@code tf.strings.ngrams(data, ngram_width)} with separator {@code " "} and no padding. */
  @TfApi("tf.strings.ngrams")
  static Value ngrams(Value data, int... ngramWidth) {
    return ngrams(data, ngramWidth, " ", null, null, false);
  }

  /**
   * {@code tf.strings.ngrams(data, ngram_width, separator, pad_values, padding_width,
   * preserve_short_sequences)}: {@code padValues} is null (no padding), one String for both
   * sides, or a {@code String[]} of (left, right); {@code paddingWidth} null pads each side
   * with width - 1 pads. Applies to the innermost rows of ragged data; dense data of rank 1 is
   * one sequence (a vector out), of rank 2 a batch of rows (a dense matrix out, as TF pads it).
   */
  @TfApi("tf.strings.ngrams")
  static Value ngrams(Value data, int[] ngramWidth, String separator, @Nullable Object padValues, @Nullable Integer paddingWidth,
      boolean preserveShortSequences) {
    String where = "tf.strings.ngrams at " + CallSite.find();
    String left = "";
    String right = "";
    if (padValues instanceof String s) {
      left = s;
      right = s;
    } else if (padValues instanceof String[] pair && pair.length == 2) {
      left = pair[0];
      right = pair[1];
    } else if (padValues != null) {
      throw new IllegalArgumentException(where + ": pad_values must be a String, or a String[] of two");
    }
    if (paddingWidth != null && paddingWidth < 1) {
      throw new GraphBuildException(where + ": padding_width must be greater than 0, got " + paddingWidth);
    }
    if (paddingWidth != null && padValues == null) {
      throw new GraphBuildException(where + ": pad_values must be provided if padding_width is set");
    }
    Map<String, Object> attrs = new HashMap<>();
    attrs.put("ngram_widths", ImmutableList.copyOf(Longs.asList(java.util.Arrays.stream(ngramWidth).asLongStream().toArray())));
    attrs.put("separator", bytesOf(separator));
    attrs.put("left_pad", bytesOf(left));
    attrs.put("right_pad", bytesOf(right));
    attrs.put("pad_width", padValues == null ? 0L : paddingWidth == null ? -1L : (long) paddingWidth);
    attrs.put("preserve_short_sequences", preserveShortSequences);
    return ngramsOf(data, attrs, where);
  }

  /** {@code tf.strings.to_hash_bucket_fast(input, num_buckets)}: FarmHash Fingerprint64, as TF. */
  @TfApi("tf.strings.to_hash_bucket_fast")
  static Value toHashBucketFast(Value input, long numBuckets) {
    return elementwise("tf.strings.to_hash_bucket_fast", StringHashOps.TO_HASH_BUCKET_FAST, Map.of("num_buckets", numBuckets), input);
  }

  /** {@code tf.strings.to_hash_bucket_strong(input, num_buckets, key)}: SipHash-2-4 under a key of two int64s. */
  @TfApi("tf.strings.to_hash_bucket_strong")
  static Value toHashBucketStrong(Value input, long numBuckets, long... key) {
    return elementwise("tf.strings.to_hash_bucket_strong", StringHashOps.TO_HASH_BUCKET_STRONG,
        Map.of("num_buckets", numBuckets, "key", ImmutableList.copyOf(Longs.asList(key))), input);
  }

  /** {@code tf.strings.to_hash_bucket(input, num_buckets)}: TF's own Hash64 (TF deprecates it). */
  @TfApi("tf.strings.to_hash_bucket")
  static Value toHashBucket(Value input, long numBuckets) {
    return elementwise("tf.strings.to_hash_bucket", StringHashOps.TO_HASH_BUCKET, Map.of("num_buckets", numBuckets), input);
  }

  /**
   * {@code tf.strings.unicode_decode(input, "UTF-8", errors, replacement_char)}: code points,
   * int32, one more ragged dimension; {@code errors} is {@code "strict"}, {@code "replace"} or
   * {@code "ignore"}.
   */
  @TfApi("tf.strings.unicode_decode")
  static Value unicodeDecode(Value input, String errors, int replacementChar) {
    return applyToFlatValues("tf.strings.unicode_decode", UnicodeOps.UNICODE_DECODE, unicodeAttrs(errors, replacementChar), input);
  }

  /** {@code tf.strings.unicode_decode(input, "UTF-8")}: ill-formed bytes become U+FFFD. */
  @TfApi("tf.strings.unicode_decode")
  static Value unicodeDecode(Value input) {
    return unicodeDecode(input, "replace", 0xFFFD);
  }

  /** {@code tf.strings.unicode_decode_with_offsets(...)}: the code points and the byte offset each starts at. */
  @TfApi("tf.strings.unicode_decode_with_offsets")
  static List<Value> unicodeDecodeWithOffsets(Value input, String errors, int replacementChar) {
    Map<String, Object> attrs = unicodeAttrs(errors, replacementChar);
    return List.of(applyToFlatValues("tf.strings.unicode_decode_with_offsets", UnicodeOps.UNICODE_DECODE, attrs, input),
        applyToFlatValues("tf.strings.unicode_decode_with_offsets", UnicodeOps.UNICODE_DECODE_OFFSETS, attrs, input));
  }

  /** {@code tf.strings.unicode_split(input, "UTF-8", errors, replacement_char)}: each character's bytes. */
  @TfApi("tf.strings.unicode_split")
  static Value unicodeSplit(Value input, String errors, int replacementChar) {
    return applyToFlatValues("tf.strings.unicode_split", UnicodeOps.UNICODE_SPLIT, unicodeAttrs(errors, replacementChar), input);
  }

  /** {@code tf.strings.unicode_split(input, "UTF-8")}. */
  @TfApi("tf.strings.unicode_split")
  static Value unicodeSplit(Value input) {
    return unicodeSplit(input, "replace", 0xFFFD);
  }

  /**
   * {@code tf.strings.unicode_encode(input, "UTF-8", errors, replacement_char)}: the innermost
   * rows of code points become strings (one ragged dimension less; a vector becomes a scalar).
   */
  @TfApi("tf.strings.unicode_encode")
  static Value unicodeEncode(Value input, String errors, int replacementChar) {
    String where = "tf.strings.unicode_encode at " + CallSite.find();
    GraphBuilder b = input.builder();
    Map<String, Object> attrs = new HashMap<>();
    attrs.put("errors", errors);
    attrs.put("replacement_char", (long) replacementChar);
    if (input.type() instanceof RaggedType) {
      GraphBuilder.Decomposed d = b.decompose(input);
      List<Value> partitions = d.partitions();
      Value innermost = b.ragged(d.flatValues(), partitions.get(partitions.size() - 1));
      return b.rebuild(b.op(UnicodeOps.UNICODE_ENCODE, attrs, innermost), partitions.subList(0, partitions.size() - 1));
    }
    if (!(input.type() instanceof DenseType dense) || dense.rank() < 1 || dense.rank() > 2) {
      throw GraphBuilder.misuse(where + " takes ragged code points, or a dense tensor of rank 1 or 2", input);
    }
    if (dense.rank() == 1) {
      Value one = Conversions.fromTensor(ArrayFunctions.expandDims(input, 0), null, null, 1);
      return b.op(UnicodeOps.UNICODE_ENCODE, attrs, one).getItem(0L);
    }
    return b.op(UnicodeOps.UNICODE_ENCODE, attrs, Conversions.fromTensor(input, null, null, 1));
  }

  /** {@code tf.strings.unicode_encode(input, "UTF-8")}. */
  @TfApi("tf.strings.unicode_encode")
  static Value unicodeEncode(Value input) {
    return unicodeEncode(input, "replace", 0xFFFD);
  }

  private static Map<String, Object> unicodeAttrs(String errors, int replacementChar) {
    Map<String, Object> attrs = new HashMap<>();
    attrs.put("errors", errors);
    attrs.put("replacement_char", (long) replacementChar);
    return attrs;
  }

  /** {@code tf.strings.length(input, unit)}: {@code "BYTE"} or {@code "UTF8_CHAR"}, int32. */
  @TfApi("tf.strings.length")
  static Value length(Value input, String unit) {
    return elementwise("tf.strings.length", StringElementwiseOps.STRING_LENGTH, Map.of("unit", unit), input);
  }

  /** {@code tf.strings.lower(input, encoding)}: {@code ""} lowers ASCII letters only, {@code "utf-8"} any letter. */
  @TfApi("tf.strings.lower")
  static Value lower(Value input, String encoding) {
    return elementwise("tf.strings.lower", StringElementwiseOps.STRING_LOWER, Map.of("encoding", encoding), input);
  }

  /** {@code tf.strings.upper(input, encoding)}. */
  @TfApi("tf.strings.upper")
  static Value upper(Value input, String encoding) {
    return elementwise("tf.strings.upper", StringElementwiseOps.STRING_UPPER, Map.of("encoding", encoding), input);
  }

  /** {@code tf.strings.strip(input)}: leading and trailing ASCII whitespace removed. */
  @TfApi("tf.strings.strip")
  static Value strip(Value input) {
    return elementwise("tf.strings.strip", StringElementwiseOps.STRING_STRIP, Map.of(), input);
  }

  /** {@code tf.strings.regex_full_match(input, pattern)} with RE2 syntax (re2j). */
  @TfApi("tf.strings.regex_full_match")
  static Value regexFullMatch(Value input, String pattern) {
    return elementwise("tf.strings.regex_full_match", StringElementwiseOps.REGEX_FULL_MATCH,
        Map.of("pattern", bytesOf(pattern)), input);
  }

  /** {@code tf.strings.regex_replace(input, pattern, rewrite, replace_global)}; {@code \1} in rewrite is a group. */
  @TfApi("tf.strings.regex_replace")
  static Value regexReplace(Value input, String pattern, String rewrite, boolean replaceGlobal) {
    return elementwise("tf.strings.regex_replace", StringElementwiseOps.REGEX_REPLACE,
        Map.of("pattern", bytesOf(pattern), "rewrite", bytesOf(rewrite), "replace_global", replaceGlobal), input);
  }

  /**
   * {@code tf.strings.substr(input, pos, len, unit)}: {@code len} bytes ({@code "BYTE"}) or UTF-8
   * characters ({@code "UTF8_CHAR"}) from {@code pos} (negative: from the end). {@code pos} and
   * {@code len} are int32/int64 values of one shape — scalars, the input's shape, or (dense input)
   * a shape that broadcasts with it to rank 1 or 2. A ragged input takes scalars, or ragged
   * {@code pos} and {@code len} with its row partitions (checked when the graph runs): substr of
   * the three flat values, which is {@code tf.ragged.map_flat_values(tf.strings.substr, input, pos,
   * len)} (TF 2.18's {@code tf.strings.substr} itself maps only a ragged input and hands a ragged
   * pos or len to the kernel unchanged, which refuses it).
   */
  @TfApi("tf.strings.substr")
  static Value substr(Value input, Value pos, Value len, String unit) {
    String where = "tf.strings.substr at " + CallSite.find();
    checkString(input, where);
    GraphBuilder b = input.builder();
    Map<String, Object> attrs = Map.of("unit", unit);
    boolean raggedPos = pos.type() instanceof RaggedType;
    boolean raggedLen = len.type() instanceof RaggedType;
    if (input.type() instanceof RaggedType) {
      GraphBuilder.Decomposed d = b.decompose(input);
      if (raggedPos && raggedLen) {
        GraphBuilder.Decomposed dp = b.decompose(pos);
        GraphBuilder.Decomposed dl = b.decompose(len);
        int levels = d.partitions().size();
        if (dp.partitions().size() != levels || dl.partitions().size() != levels) {
          throw GraphBuilder.misuse(where + ": ragged pos and len must have the input's ragged rank " + levels + ", got "
              + dp.partitions().size() + " and " + dl.partitions().size(), pos);
        }
        List<Value> partitions = new java.util.ArrayList<>();
        for (int i = 0; i < levels; i++) {
          Value same = b.op(dev.tatter.ir.ops.RaggedOps.ASSERT_SAME_PARTITION, Map.of(), d.partitions().get(i), dp.partitions().get(i));
          partitions.add(b.op(dev.tatter.ir.ops.RaggedOps.ASSERT_SAME_PARTITION, Map.of(), same, dl.partitions().get(i)));
        }
        return b.rebuild(b.op(StringFormatOps.SUBSTR, attrs, d.flatValues(), dp.flatValues(), dl.flatValues()), partitions);
      }
      if (!(pos.type() instanceof DenseType p) || p.rank() != 0 || !(len.type() instanceof DenseType l) || l.rank() != 0) {
        throw GraphBuilder.misuse(where + ": a ragged input takes pos and len that are both scalars, or both ragged with its "
            + "row partitions", raggedPos || !raggedLen ? pos : len);
      }
      return b.rebuild(b.op(StringFormatOps.SUBSTR, attrs, d.flatValues(), pos, len), d.partitions());
    }
    if (raggedPos || raggedLen) {
      throw GraphBuilder.misuse(where + ": ragged pos or len needs a ragged input with the same row partitions", raggedPos ? pos : len);
    }
    return b.op(StringFormatOps.SUBSTR, attrs, input, pos, len);
  }

  /** {@code tf.strings.substr(input, pos, len)} in bytes, with constant int64 {@code pos} and {@code len}. */
  @TfApi("tf.strings.substr")
  static Value substr(Value input, long pos, long len) {
    GraphBuilder b = input.builder();
    return substr(input, b.scalar(DType.INT64, pos), b.scalar(DType.INT64, len), "BYTE");
  }

  /**
   * {@code tf.strings.to_number(input, out_type)}: float32, float64, int32 or int64; unparsable
   * text fails at run time.
   */
  @TfApi("tf.strings.to_number")
  static Value toNumber(Value input, DType outType) {
    return elementwise("tf.strings.to_number", StringFormatOps.STRING_TO_NUMBER, Map.of("out_type", outType), input);
  }

  /** {@code tf.strings.to_number(input)}: float32. */
  @TfApi("tf.strings.to_number")
  static Value toNumber(Value input) {
    return toNumber(input, DType.FLOAT32);
  }

  /**
   * {@code tf.strings.as_string(input, precision, scientific, shortest, width, fill)}: numbers and
   * bools as text; strings as TF 2.18's kernel prints them: unchanged without a positive
   * {@code width}, else cut to {@code precision} bytes and padded with spaces to {@code width}
   * (left-aligned under fill {@code "-"}) ({@code precision} and {@code width} -1 for none; {@code fill} "" or one of
   * {@code " +-0#"}, a printf flag as in TF). Ragged input through its flat values.
   */
  @TfApi("tf.strings.as_string")
  static Value asString(Value input, int precision, boolean scientific, boolean shortest, int width, String fill) {
    Map<String, Object> attrs = Map.of("precision", (long) precision, "scientific", scientific, "shortest", shortest,
        "width", (long) width, "fill", bytesOf(fill));
    return ElementwiseLowering.unary(StringFormatOps.AS_STRING, input, attrs);
  }

  /**
   * {@code tf.strings.as_string(input)}: floats as {@code %f} (six decimals), integers in decimal,
   * bools as true/false.
   */
  @TfApi("tf.strings.as_string")
  static Value asString(Value input) {
    return asString(input, -1, false, false, -1, "");
  }

  /**
   * {@code tf.strings.join(inputs, separator)}: elementwise, each input a scalar or of the one
   * shape of the others (ragged inputs must share their row partitions). One input is returned as is.
   */
  @TfApi("tf.strings.join")
  static Value join(List<Value> inputs, String separator) {
    String where = "tf.strings.join at " + CallSite.find();
    if (inputs.isEmpty()) {
      throw new GraphBuildException(where + ": inputs must not be empty");
    }
    inputs.forEach(v -> checkString(v, where));
    String sep = bytesOf(separator);
    Value out = inputs.get(0);
    for (int i = 1; i < inputs.size(); i++) {
      out = join2(out, inputs.get(i), sep);
    }
    return out;
  }

  // a + sep + b + sep + c is (a + sep + b) + sep + c: the binary op folds the list
  private static Value join2(Value x, Value y, String sep) {
    GraphBuilder b = x.builder();
    Map<String, Object> attrs = Map.of("separator", sep);
    boolean rx = x.type() instanceof RaggedType;
    boolean ry = y.type() instanceof RaggedType;
    if (!rx && !ry) {
      return b.op(StringFormatOps.STRING_JOIN, attrs, x, y);
    }
    if (rx && ry) {
      GraphBuilder.Decomposed dx = b.decompose(x);
      GraphBuilder.Decomposed dy = b.decompose(y);
      if (dx.partitions().size() != dy.partitions().size()) {
        throw GraphBuilder.misuse("tf.strings.join: ragged inputs of different ragged ranks", y);
      }
      List<Value> partitions = new java.util.ArrayList<>();
      for (int i = 0; i < dx.partitions().size(); i++) {
        partitions.add(b.op(dev.tatter.ir.ops.RaggedOps.ASSERT_SAME_PARTITION, Map.of(), dx.partitions().get(i), dy.partitions().get(i)));
      }
      return b.rebuild(b.op(StringFormatOps.STRING_JOIN, attrs, dx.flatValues(), dy.flatValues()), partitions);
    }
    Value dense = rx ? y : x;
    if (!(dense.type() instanceof DenseType d) || d.rank() != 0) {
      throw GraphBuilder.misuse("tf.strings.join: a ragged input joins with ragged inputs or scalars", dense);
    }
    GraphBuilder.Decomposed r = b.decompose(rx ? x : y);
    Value flat = rx ? b.op(StringFormatOps.STRING_JOIN, attrs, r.flatValues(), y) : b.op(StringFormatOps.STRING_JOIN, attrs, x, r.flatValues());
    return b.rebuild(flat, r.partitions());
  }

  /**
   * {@code tf.strings.reduce_join(inputs, axis, keepdims, separator)}; a null {@code axis} joins
   * every string (TF's {@code axis=None}: of a ragged input, its flat values, so an empty row adds
   * no separator). Dense input: TF's {@code ReduceJoin}, the axes reduced in the order listed (the
   * first listed varies fastest). Ragged input: any axes, reduced one at a time from the highest,
   * as TF's ragged dispatch does (an empty list gives the input).
   */
  @TfApi("tf.strings.reduce_join")
  static Value reduceJoin(Value input, @Nullable long[] axis, boolean keepdims, String separator) {
    checkString(input, "tf.strings.reduce_join at " + CallSite.find());
    GraphBuilder b = input.builder();
    if (axis == null && input.type() instanceof RaggedType rt) {
      Value joined = reduceJoin(b.decompose(input).flatValues(), null, keepdims, separator);
      for (int d = 1; keepdims && d < rt.rank(); d++) { // as TF: one expand_dims per dimension of shape[1:]
        joined = ArrayFunctions.expandDims(joined, 0);
      }
      return joined;
    }
    int rank = input.type() instanceof RaggedType rt ? rt.rank() : ((DenseType) input.type()).rank();
    // TF's axis=None is every axis, last first (_reduce_join_reduction_dims): row-major order
    long[] axes = axis != null ? axis : java.util.stream.LongStream.range(0, rank).map(d -> rank - 1 - d).toArray();
    Map<String, Object> attrs = Map.of("axis", ImmutableList.copyOf(Longs.asList(axes)), "keepdims", keepdims,
        "separator", bytesOf(separator));
    return b.op(StringFormatOps.REDUCE_JOIN, attrs, input);
  }

  /**
   * {@code tf.strings.format(template, inputs, placeholder, summarize)}: the template with each
   * placeholder replaced by the next input printed as TF prints it (dense: as TF's
   * {@code StringFormat} kernel, {@code [[1 2]\n [3 4]]}, strings in double quotes; ragged: as
   * {@code ragged_tensor_to_string}, {@code [[1, 2], []]}), each dimension summarised to its first
   * and last {@code summarize} entries ({@code -1}: all; ragged input needs -1 or a positive
   * number). The template is cut at each placeholder as TF cuts it; as many inputs as cuts.
   */
  @TfApi("tf.strings.format")
  static Value format(String template, List<Value> inputs, String placeholder, int summarize) {
    String where = "tf.strings.format at " + CallSite.find();
    String tmpl = bytesOf(template);
    String ph = bytesOf(placeholder);
    List<String> pieces = dev.tatter.runtime.kernels.strings.StringFormatKernels.splitTemplate(tmpl, ph);
    if (pieces.size() - 1 != inputs.size()) {
      throw new GraphBuildException(where + ": num placeholders in template and num inputs must match: " + (pieces.size() - 1)
          + " vs. " + inputs.size());
    }
    if (inputs.isEmpty()) {
      throw new GraphBuildException(where + ": no inputs: the template is the result (use a constant)");
    }
    for (Value v : inputs) {
      if (!(v.type() instanceof DenseType || v.type() instanceof RaggedType)) {
        throw GraphBuilder.misuse(where + " takes dense or ragged tensors", v);
      }
    }
    GraphBuilder b = inputs.get(0).builder();
    if (inputs.size() == 1) {
      return b.op(StringPrintOps.STRING_FORMAT, Map.of("template", tmpl, "placeholder", ph, "summarize", (long) summarize),
          inputs.get(0));
    }
    // as TF's ragged dispatch builds it: the pieces and each input printed alone, joined
    Map<String, Object> alone = Map.of("template", "{}", "placeholder", "{}", "summarize", (long) summarize);
    Map<String, Object> noSeparator = Map.of("separator", "");
    Value out = b.constant(byteString(pieces.get(0)));
    for (int i = 0; i < inputs.size(); i++) {
      out = b.op(StringFormatOps.STRING_JOIN, noSeparator, out, b.op(StringPrintOps.STRING_FORMAT, alone, inputs.get(i)));
      out = b.op(StringFormatOps.STRING_JOIN, noSeparator, out, b.constant(byteString(pieces.get(i + 1))));
    }
    return out;
  }

  /** A scalar string tensor of a byte string's bytes. */
  private static Tensor byteString(String bytes) {
    return Tensor.ofByteStrings(ByteStrings.bytes(bytes)).reshape();
  }

  /** {@code tf.strings.format(template, inputs)}: placeholder {@code "{}"}, summarize 3. */
  @TfApi("tf.strings.format")
  static Value format(String template, Value... inputs) {
    return format(template, List.of(inputs), "{}", 3);
  }

  /** An op from strings to values of the same shape: on the flat values of ragged input. */
  private static Value elementwise(String what, OpDef op, Map<String, ?> attrs, Value input) {
    checkString(input, what + " at " + CallSite.find());
    GraphBuilder b = input.builder();
    if (input.type() instanceof RaggedType) {
      GraphBuilder.Decomposed d = b.decompose(input);
      return b.rebuild(b.op(op, attrs, d.flatValues()), d.partitions());
    }
    return b.op(op, attrs, input);
  }

  private static Value ngramsOf(Value data, Map<String, Object> attrs, String where) {
    GraphBuilder b = data.builder();
    checkString(data, where);
    if (data.type() instanceof RaggedType rt) {
      if (rt.raggedRank() > 1) {
        return data.withValues(ngramsOf(data.values(), attrs, where)); // the innermost rows
      }
      return b.op(StringSplitOps.STRING_NGRAMS, attrs, data);
    }
    DenseType dense = (DenseType) data.type();
    if (dense.rank() == 1) {
      Value one = Conversions.fromTensor(ArrayFunctions.expandDims(data, 0), null, null, 1);
      return b.op(StringSplitOps.STRING_NGRAMS, attrs, one).values();
    }
    if (dense.rank() == 2) {
      return b.op(StringSplitOps.STRING_NGRAMS, attrs, Conversions.fromTensor(data, null, null, 1)).toTensor();
    }
    throw GraphBuilder.misuse(where + ": dense data must have rank 1 or 2 (make it ragged first)", data);
  }

  /** {@code op} on the flat values of a ragged input (or of a dense one made ragged). */
  private static Value applyToFlatValues(String what, OpDef op, Map<String, ?> attrs, Value input) {
    String where = what + " at " + CallSite.find();
    checkString(input, where);
    GraphBuilder b = input.builder();
    if (input.type() instanceof RaggedType rt) {
      if (rt.flatValuesShape().size() != 1) {
        throw GraphBuilder.misuse(where + ": ragged input needs flat values of rank 1", input);
      }
      GraphBuilder.Decomposed d = b.decompose(input);
      return b.rebuild(b.op(op, attrs, d.flatValues()), d.partitions());
    }
    DenseType dense = (DenseType) input.type();
    return switch (dense.rank()) {
      case 0 -> b.op(op, attrs, ArrayFunctions.expandDims(input, 0)).values();
      case 1 -> b.op(op, attrs, input);
      default -> applyToFlatValues(what, op, attrs, Conversions.fromTensor(input, null, null, dense.rank() - 1));
    };
  }

  private static void checkString(Value input, String where) {
    NullArguments.check(input, "the input of " + where);
    if (!(input.type() instanceof DenseType || input.type() instanceof RaggedType) || input.dtype() != DType.STRING) {
      throw GraphBuilder.misuse(where + " takes a string tensor", input);
    }
  }

  /**
   * Java text given as a string argument (a separator, a pattern, a template) as the byte string
   * the op's attribute holds: its UTF-8. Text with a lone surrogate has none and is refused here,
   * where the graph is built.
   */
  static String bytesOf(String text) {
    try {
      return ByteStrings.fromText(text);
    } catch (IllegalArgumentException e) {
      throw new GraphBuildException("tf.strings at " + CallSite.find() + ": a string argument is not text: " + e.getMessage());
    }
  }
}
