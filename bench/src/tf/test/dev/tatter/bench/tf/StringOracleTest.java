package dev.tatter.bench.tf;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tatter.frontend.GraphBuilder;
import dev.tatter.frontend.Session;
import dev.tatter.frontend.StaticTables;
import dev.tatter.frontend.TableInitializer;
import dev.tatter.frontend.Types;
import dev.tatter.frontend.Value;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.RowPartition;
import dev.tatter.runtime.Tensor;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.tensorflow.Operand;
import org.tensorflow.op.core.HashTable;
import org.tensorflow.op.strings.StringNGrams;
import org.tensorflow.op.strings.StringSplit;
import org.tensorflow.types.TInt64;
import org.tensorflow.types.TString;
import org.junit.jupiter.api.Test;

/**
 * Tatter's text ops against TF's kernels (StringSplitV2, StringNGrams, StringToHashBucketFast /
 * Strong / legacy, LookupTableFindV2 on a HashTable, and StaticVocabularyTable's composition of
 * them) on random and adversarial byte strings: empty strings, only separators, every ASCII
 * space, invalid UTF-8, multi-byte and 4-byte code points, tokens longer than FarmHash's 64-byte
 * block.
 */
class StringOracleTest {
  static final int CASES = 300;

  /** Pieces strings are made of: separators, spaces, bytes that are not UTF-8, 2- and 4-byte code points. */
  private static final String[] PIECES = {" ", "  ", "\t", "\n", "\u000b", "\f", "\r", "a", "bc", ",", "<>", "\u00ff",
      "\u00c3\u00a9", "\u00f0\u009f\u0098\u0080", "\u0000", "e\u00cc\u0081", "x".repeat(70), "tok".repeat(30)};

  static String randomString(SplittableRandom r) {
    StringBuilder b = new StringBuilder();
    for (int n = r.nextInt(7); n > 0; n--) {
      b.append(PIECES[r.nextInt(PIECES.length)]);
    }
    return b.toString();
  }

  static Tensor randomStrings(SplittableRandom r, int n) {
    String[] out = new String[n];
    for (int i = 0; i < n; i++) {
      out[i] = randomString(r);
    }
    return TfEval.byteStrings(out, n);
  }

  private static Object runTatter(GraphBuilder g, Value out, Map<String, Object> feeds) {
    Object compiled = new Session(g.build()).run(feeds, out).get(0);
    Object interpreted = new Session(g.build(), "", Session.Backend.INTERPRETED).run(feeds, out).get(0);
    assertEquals(compiled, interpreted, "compiled vs interpreted");
    return compiled;
  }

  @Test
  void split_matchesStringSplitV2() {
    String[] seps = {"", ",", "<>", " ", "a"};
    long[] maxsplits = {-1, 0, 1, 2};
    for (int seed = 0; seed < CASES; seed++) {
      SplittableRandom r = new SplittableRandom(seed);
      Tensor input = randomStrings(r, r.nextInt(6));
      String sep = seps[r.nextInt(seps.length)];
      long maxsplit = maxsplits[r.nextInt(maxsplits.length)];
      TfEval.Outcome tf = TfEval.run(ops -> {
        StringSplit s = ops.strings.stringSplit(TfEval.constant(ops, input), ops.constant(sep), StringSplit.maxsplit(maxsplit));
        return List.of(s.indices(), s.values());
      });
      RaggedTensor expected = fromSparseRows(tf.value(0), tf.value(1), input.size());
      GraphBuilder g = new GraphBuilder();
      dev.tatter.frontend.Ops tt = g.ops();
      Value x = g.placeholder("x", Types.dense(DType.STRING, -1));
      Object actual = runTatter(g, tt.strings.split(x, sep.isEmpty() ? null : sep, (int) maxsplit), Map.of("x", input));
      assertEquals(expected, actual, () -> input + " sep " + sep + " maxsplit " + maxsplit);
    }
  }

  /** TF's sparse split result as a ragged tensor: row i holds the values whose index is [i, j]. */
  static RaggedTensor fromSparseRows(Tensor indices, Tensor values, int nrows) {
    long[] splits = new long[nrows + 1];
    for (int k = 0; k < values.size(); k++) {
      splits[(int) indices.getLong(2 * k) + 1]++;
    }
    for (int i = 0; i < nrows; i++) {
      splits[i + 1] += splits[i];
    }
    return RaggedTensor.of(values, RowPartition.fromRowSplits(splits, DType.INT64, true));
  }

  @Test
  void ngrams_matchStringNGrams() {
    for (int seed = 0; seed < CASES; seed++) {
      SplittableRandom r = new SplittableRandom(seed + 10_000);
      int nrows = r.nextInt(5);
      long[] splits = new long[nrows + 1];
      for (int i = 0; i < nrows; i++) {
        splits[i + 1] = splits[i] + r.nextInt(5);
      }
      Tensor tokens = randomStrings(r, (int) splits[nrows]);
      int[] widths = r.ints(1 + r.nextInt(3), 1, 5).toArray();
      String separator = r.nextBoolean() ? " " : "|";
      boolean padded = r.nextBoolean();
      Integer paddingWidth = padded && r.nextBoolean() ? 1 + r.nextInt(3) : null;
      boolean preserve = r.nextBoolean();
      long padWidth = !padded ? 0 : paddingWidth == null ? -1 : paddingWidth;
      List<Long> widthList = new ArrayList<>();
      for (int w : widths) {
        widthList.add((long) w);
      }
      TfEval.Outcome tf = TfEval.run(ops -> {
        StringNGrams<TInt64> n = ops.strings.stringNGrams(TfEval.constant(ops, tokens), ops.constant(splits), separator,
            widthList, padded ? "<L>" : "", padded ? "<R>" : "", padWidth, preserve);
        return List.of(n.ngrams(), n.ngramsSplits());
      });
      RaggedTensor expected = RaggedTensor.of(tf.value(0), RowPartition.fromRowSplits((long[]) tf.value(1).data(), DType.INT64, true));
      GraphBuilder g = new GraphBuilder();
      dev.tatter.frontend.Ops tt = g.ops();
      Value rt = g.raggedFromRowSplits(g.constant(tokens), g.constant(Tensor.ofLongs(splits)));
      Object actual = runTatter(g, tt.strings.ngrams(rt, widths, separator, padded ? new String[] {"<L>", "<R>"} : null,
          paddingWidth, preserve), Map.of());
      assertEquals(expected, actual, () -> "seed " + tokens + " widths " + widthList + " pad " + padWidth);
    }
  }

  @Test
  void hashBuckets_matchStringToHashBucketFastStrongAndLegacy() {
    long[] bucketCounts = {1, 2, 3, 1000, 1L << 32, Long.MAX_VALUE};
    for (int seed = 0; seed < CASES; seed++) {
      SplittableRandom r = new SplittableRandom(seed + 20_000);
      Tensor input = randomStrings(r, 1 + r.nextInt(6));
      long buckets = bucketCounts[r.nextInt(bucketCounts.length)];
      long k0 = r.nextLong();
      long k1 = r.nextLong();
      TfEval.Outcome tf = TfEval.run(ops -> {
        Operand<TString> s = TfEval.constant(ops, input);
        return List.of(ops.strings.toHashBucketFast(s, buckets), ops.strings.toHashBucketStrong(s, buckets, List.of(k0, k1)),
            ops.strings.toHashBucket(s, buckets));
      });
      GraphBuilder g = new GraphBuilder();
      dev.tatter.frontend.Ops tt = g.ops();
      Value x = g.constant(input);
      assertEquals(tf.value(0), runTatter(g, tt.strings.toHashBucketFast(x, buckets), Map.of()), () -> "fast " + input);
      assertEquals(tf.value(1), runTatter(g, tt.strings.toHashBucketStrong(x, buckets, k0, k1), Map.of()), () -> "strong " + input);
      assertEquals(tf.value(2), runTatter(g, tt.strings.toHashBucket(x, buckets), Map.of()), () -> "legacy " + input);
    }
  }

  @Test
  void tableLookups_matchHashTableAndStaticVocabularyTable() {
    for (int seed = 0; seed < CASES / 3; seed++) {
      SplittableRandom r = new SplittableRandom(seed + 30_000);
      LinkedHashSet<String> vocabulary = new LinkedHashSet<>();
      for (int n = 1 + r.nextInt(8); n > 0; n--) {
        vocabulary.add(randomString(r));
      }
      Tensor keys = TfEval.byteStrings(vocabulary.toArray(new String[0]), vocabulary.size());
      long[] ids = new long[vocabulary.size()];
      for (int i = 0; i < ids.length; i++) {
        ids[i] = r.nextInt(100);
      }
      Tensor values = Tensor.ofLongs(ids);
      String[] query = new String[1 + r.nextInt(8)];
      List<String> vocab = List.copyOf(vocabulary);
      for (int i = 0; i < query.length; i++) {
        query[i] = !vocab.isEmpty() && r.nextBoolean() ? vocab.get(r.nextInt(vocab.size())) : randomString(r);
      }
      Tensor q = TfEval.byteStrings(query, query.length);
      long buckets = 1 + r.nextInt(5);
      TfEval.Outcome tf = TfEval.run(ops -> {
        HashTable table = ops.hashTable(TString.class, TInt64.class);
        var init = ops.initializeTable(table, TfEval.constant(ops, keys), TfEval.constant(ops, values));
        var after = ops.withControlDependencies(init);
        Operand<TString> in = TfEval.constant(after, q);
        Operand<TInt64> found = after.lookupTableFind(table, in, after.constant(-1L));
        // StaticVocabularyTable.lookup (lookup_ops.py): where(found != -1, found, size + to_hash_bucket_fast(key))
        Operand<TInt64> oov = after.math.add(after.strings.toHashBucketFast(in, buckets), after.constant((long) vocabulary.size()));
        return List.of(found, after.select(after.math.notEqual(found, after.constant(-1L)), found, oov));
      });
      GraphBuilder g = new GraphBuilder();
      Value x = g.constant(q);
      TableInitializer init = TableInitializer.keyValueTensors(keys, values);
      assertEquals(tf.value(0), runTatter(g, StaticTables.hashTable(init, -1L).lookup(x), Map.of()), () -> "find " + q);
      assertEquals(tf.value(1), runTatter(g, StaticTables.vocabularyTable(init, buckets).lookup(x), Map.of()), () -> "vocab " + q);
    }
  }

  @Test
  void unicodeDecode_matchesUnicodeDecodeWithOffsets() {
    String[] modes = {"replace", "ignore", "strict"};
    for (int seed = 0; seed < CASES; seed++) {
      SplittableRandom r = new SplittableRandom(seed + 40_000);
      Tensor input = randomStrings(r, r.nextInt(5));
      String errors = modes[r.nextInt(modes.length)];
      long replacement = r.nextBoolean() ? 0xFFFD : 63;
      TfEval.Outcome tf = TfEval.run(ops -> {
        var d = ops.strings.unicodeDecodeWithOffsets(TfEval.<TString>constant(ops, input), "UTF-8", TInt64.class,
            org.tensorflow.op.strings.UnicodeDecodeWithOffsets.errors(errors),
            org.tensorflow.op.strings.UnicodeDecodeWithOffsets.replacementChar(replacement));
        return List.of(d.rowSplits(), d.charValues(), d.charToByteStarts());
      });
      GraphBuilder g = new GraphBuilder();
      dev.tatter.frontend.Ops tt = g.ops();
      List<Value> both = tt.strings.unicodeDecodeWithOffsets(g.constant(input), errors, (int) replacement);
      if (tf.failed()) {
        assertEquals("strict", errors, () -> "TF failed: " + tf.error());
        org.junit.jupiter.api.Assertions.assertThrows(dev.tatter.runtime.InvalidArgumentException.class,
            () -> runTatter(g, both.get(0), Map.of()), () -> input.toString());
        continue;
      }
      RowPartition rows = RowPartition.fromRowSplits((long[]) tf.value(0).data(), DType.INT64, true);
      assertEquals(RaggedTensor.of(tf.value(1), rows), runTatter(g, both.get(0), Map.of()), () -> errors + " " + input);
      assertEquals(RaggedTensor.of(tf.value(2), rows), runTatter(g, both.get(1), Map.of()), () -> errors + " offsets " + input);
    }
  }

  @Test
  void unicodeEncode_matchesUnicodeEncode() {
    int[] special = {-1, 0, 0x7f, 0x80, 0x7ff, 0x800, 0xd7ff, 0xd800, 0xdfff, 0xe000, 0xfffd, 0xfffe, 0xffff, 0x10000, 0x10ffff, 0x110000};
    String[] modes = {"replace", "ignore", "strict"};
    for (int seed = 0; seed < CASES; seed++) {
      SplittableRandom r = new SplittableRandom(seed + 50_000);
      int nrows = r.nextInt(4);
      long[] splits = new long[nrows + 1];
      for (int i = 0; i < nrows; i++) {
        splits[i + 1] = splits[i] + r.nextInt(5);
      }
      int[] cps = new int[(int) splits[nrows]];
      for (int i = 0; i < cps.length; i++) {
        cps[i] = r.nextInt(3) == 0 ? special[r.nextInt(special.length)] : 32 + r.nextInt(0x3000);
      }
      String errors = modes[r.nextInt(modes.length)];
      TfEval.Outcome tf = TfEval.run(ops -> List.of(ops.strings.unicodeEncode(ops.constant(cps), ops.constant(splits), "UTF-8",
          org.tensorflow.op.strings.UnicodeEncode.errors(errors), org.tensorflow.op.strings.UnicodeEncode.replacementChar(0xFFFDL))));
      GraphBuilder g = new GraphBuilder();
      dev.tatter.frontend.Ops tt = g.ops();
      Value rt = g.raggedFromRowSplits(g.constant(Tensor.ofInts(cps)), g.constant(Tensor.ofLongs(splits)));
      Value out = tt.strings.unicodeEncode(rt, errors, 0xFFFD);
      if (tf.failed()) {
        assertEquals("strict", errors, () -> "TF failed: " + tf.error());
        org.junit.jupiter.api.Assertions.assertThrows(dev.tatter.runtime.InvalidArgumentException.class,
            () -> runTatter(g, out, Map.of()), () -> java.util.Arrays.toString(cps));
        continue;
      }
      assertEquals(tf.value(0), runTatter(g, out, Map.of()), () -> errors + " " + java.util.Arrays.toString(cps));
    }
  }

  @Test
  void perStringOps_matchStringLengthLowerUpperStrip() {
    for (int seed = 0; seed < CASES; seed++) {
      SplittableRandom r = new SplittableRandom(seed + 60_000);
      Tensor input = randomStrings(r, 1 + r.nextInt(5));
      TfEval.Outcome tf = TfEval.run(ops -> {
        Operand<TString> s = TfEval.constant(ops, input);
        return List.of(ops.strings.stringLength(s, org.tensorflow.op.strings.StringLength.unit("BYTE")),
            ops.strings.stringLength(s, org.tensorflow.op.strings.StringLength.unit("UTF8_CHAR")),
            ops.strings.lower(s), ops.strings.upper(s), ops.strings.strip(s));
      });
      GraphBuilder g = new GraphBuilder();
      dev.tatter.frontend.Ops tt = g.ops();
      Value x = g.constant(input);
      assertEquals(tf.value(0), runTatter(g, tt.strings.length(x, "BYTE"), Map.of()), () -> "length " + input);
      assertEquals(tf.value(1), runTatter(g, tt.strings.length(x, "UTF8_CHAR"), Map.of()), () -> "chars " + input);
      assertEquals(tf.value(2), runTatter(g, tt.strings.lower(x, ""), Map.of()), () -> "lower " + input);
      assertEquals(tf.value(3), runTatter(g, tt.strings.upper(x, ""), Map.of()), () -> "upper " + input);
      assertEquals(tf.value(4), runTatter(g, tt.strings.strip(x), Map.of()), () -> "strip " + input);
    }
  }

  @Test
  void regex_matchesRegexFullMatchAndRegexReplace_onWellFormedText() {
    String[] patterns = {"a.*", ".*b.*", "[a-c]+", "(\\w+)\\s(\\w+)", "", "x{70}.*", "\\s*"};
    // with the rewrites RE2 refuses: a group the pattern lacks, an unknown escape, a trailing backslash
    String[] rewrites = {"", "<\\1>", "\\2 \\1", "$", "\\\\", "[\\0]", "X\\xY", "X\\", "\\9"};
    for (int seed = 0; seed < CASES; seed++) {
      SplittableRandom r = new SplittableRandom(seed + 70_000);
      String[] text = new String[1 + r.nextInt(5)];
      for (int i = 0; i < text.length; i++) {
        // well-formed UTF-8 only: re2j sees decoded text (docs/SEMANTICS.md)
        text[i] = dev.tatter.runtime.ByteStrings.fromText(dev.tatter.runtime.ByteStrings.toText(randomString(r)).replace("\ufffd", "?"));
      }
      Tensor input = TfEval.byteStrings(text, text.length);
      String pattern = patterns[r.nextInt(patterns.length)];
      String rewrite = rewrites[r.nextInt(rewrites.length)];
      boolean global = r.nextBoolean();
      // tf.strings.regex_full_match(s, pattern); tf.raw_ops.RegexReplace and tf.raw_ops.StaticRegexReplace (what
      // tf.strings.regex_replace runs for a constant pattern and rewrite) of (s, pattern, rewrite, global)
      TfEval.Outcome tf = TfEval.run(ops -> {
        Operand<TString> s = TfEval.constant(ops, input);
        return List.of(ops.strings.regexFullMatch(s, ops.constant(pattern)),
            ops.strings.regexReplace(s, ops.constant(pattern), ops.constant(rewrite),
                org.tensorflow.op.strings.RegexReplace.replaceGlobal(global)),
            ops.scope().opBuilder("StaticRegexReplace", "StaticRegexReplace").addInput(s.asOutput()).setAttr("pattern", pattern)
                .setAttr("rewrite", rewrite).setAttr("replace_global", global).build().output(0));
      });
      GraphBuilder g = new GraphBuilder();
      dev.tatter.frontend.Ops tt = g.ops();
      Value x = g.constant(input);
      assertEquals(tf.value(0), runTatter(g, tt.strings.regexFullMatch(x, pattern), Map.of()), () -> "match " + pattern + " " + input);
      assertEquals(tf.value(2), tf.value(1), "TF's static and dynamic RegexReplace agree");
      assertEquals(tf.value(1), runTatter(g, tt.strings.regexReplace(x, pattern, rewrite, global), Map.of()),
          () -> "replace " + pattern + " -> " + rewrite + " global " + global + " " + input);
    }
  }
}
