package dev.tatter.ir.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import dev.tatter.ir.Graph;
import dev.tatter.ir.OpDef;
import dev.tatter.ir.OpExample;
import dev.tatter.ir.ops.OpRegistry;
import dev.tatter.ir.types.Type;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * Fuzzes the parser with random bytes and with mutations of valid files. Every input must end in
 * a parsed graph or an {@link IrParseException} — never another exception, a stack overflow or a
 * hang — and a graph that parses must print and parse back to the same text. Seeds are fixed and
 * the counts bounded, so the test runs in seconds and a failure names the input that caused it.
 */
class ParserFuzzTest {
  private static final long SEED = 20261130L;
  private static final int MUTANTS = 1500;
  private static final int RANDOM_INPUTS = 400;

  /** Tokens a mutation may insert: the grammar's own words and numbers at the edges of every range. */
  private static final List<String> DICTIONARY = List.of(
      "%x", "%0", "%9999999999", "%", "=", "(", ")", "[", "]", "{", "}", "<", ">", ",", ":", "(None)", "None",
      "tensor", "ragged", "partition", "return", "nan", "inf", "-inf", "-", "true", "false", "\"", "\"\\u12\"", "\"\\q\"",
      "0", "-1", "1e400", "-0.0", "1.", "9223372036854775807", "9223372036854775808", "-9223372036854775809",
      "2147483648", "5", "4294967297", "splits=5", "ragged_rank=4294967297", "nvals=99999999999999999999", "[9223372036854775807, 2]",
      "%0 = placeholder() : tensor<int64>[]\n", "ragged_rank=0", "ragged_rank=9", "nvals=[None]", "nvals=-1", "splits=int32", "splits=float32",
      "int8", "int16", "int32", "int64", "float32", "float64", "string", "bool", "float16",
      "placeholder()", "constant()", "{value = tensor<int64>[] 3}", "{validate = false}", "# comment\n", "//", "\n",
      "\u0000", "\uFFFF", "\uD800", "\uD83D\uDE00");

  private static final List<String> SEEDS = seeds();

  private static List<String> seeds() {
    List<String> out = new ArrayList<>();
    for (OpDef op : OpRegistry.ALL) {
      for (OpExample ex : op.examples()) {
        out.add(ex.ir());
      }
    }
    out.add("""
        # every kind of type and literal
        %x = placeholder() : ragged<float32, splits=int32>[2, (None), 3]
        %y = placeholder() : ragged<int8, ragged_rank=2>[None, (None), 4, 5]
        %z = placeholder() : partition<int64, nvals=8>[None, (None)]
        %u = placeholder() : partition<int32>[4, 2]
        %s = constant() {value = tensor<string>[3] ["a\\"b", "\\u0000\\n", ""]} : tensor<string>[3]
        %f = constant() {value = tensor<float64>[2, 2] [[nan, -inf], [-0.0, 1.0e-300]]} : tensor<float64>[2, 2]
        %b = constant() {value = tensor<bool>[] true} : tensor<bool>[]
        %0 = row_splits(%z) : tensor<int64>[None]
        %p = partition_from_row_splits(%0) {validate = false} : partition<int64>[None, (None)]
        return %0, %p, %x
        """);
    return out;
  }

  @Test
  void mutationsOfValidFiles_parseOrFailCleanly() {
    Random random = new Random(SEED);
    for (int i = 0; i < MUTANTS; i++) {
      String text = SEEDS.get(random.nextInt(SEEDS.size()));
      int edits = 1 + random.nextInt(4);
      for (int e = 0; e < edits; e++) {
        text = mutate(text, random);
      }
      check(text);
    }
  }

  @Test
  void randomBytes_parseOrFailCleanly() {
    Random random = new Random(SEED + 1);
    for (int i = 0; i < RANDOM_INPUTS; i++) {
      byte[] bytes = new byte[random.nextInt(200)];
      random.nextBytes(bytes);
      check(new String(bytes, i % 2 == 0 ? StandardCharsets.UTF_8 : StandardCharsets.ISO_8859_1));
    }
  }

  @Test
  void randomTokenSoup_parsesOrFailsCleanly() {
    Random random = new Random(SEED + 2);
    for (int i = 0; i < RANDOM_INPUTS; i++) {
      StringBuilder text = new StringBuilder();
      int n = random.nextInt(40);
      for (int t = 0; t < n; t++) {
        text.append(DICTIONARY.get(random.nextInt(DICTIONARY.size()))).append(random.nextBoolean() ? " " : "");
      }
      check(text.toString());
    }
  }

  /**
   * Types assembled from valid and invalid parts (sizes at the edges of long, options with
   * wrong values, ragged dimensions where none may be), each parsed alone, then as a graph's
   * placeholder, then with a random literal as its value.
   */
  @Test
  void randomTypesAndValues_parseOrFailCleanly() {
    Random random = new Random(SEED + 3);
    List<String> dtypes = List.of("int8", "int16", "int32", "int64", "float32", "float64", "string", "bool", "int", "5");
    List<String> dims = List.of("0", "1", "2", "3", "None", "(None)", "(None)", "(3)", "9223372036854775807",
        "4611686018427387904", "99999999999999999999", "-1");
    List<String> options = List.of("splits=int32", "splits=int64", "splits=float32", "splits=5", "splits=[1]",
        "ragged_rank=1", "ragged_rank=2", "ragged_rank=0", "ragged_rank=4294967297", "ragged_rank=None",
        "nvals=[None]", "nvals=[4]", "nvals=[None, 8]", "nvals=8", "nvals=9223372036854775807",
        "nvals=99999999999999999999", "nvals=int32", "rank=1");
    List<String> scalars = List.of("1", "-1", "0.5", "-0.0", "nan", "-inf", "true", "\"s\"", "int32", "128",
        "1e39", "9223372036854775808");
    for (int i = 0; i < 2000; i++) {
      StringBuilder type = new StringBuilder(List.of("tensor", "ragged", "partition").get(random.nextInt(3)));
      type.append('<').append(dtypes.get(random.nextInt(dtypes.size())));
      for (int o = random.nextInt(3); o > 0; o--) {
        type.append(", ").append(options.get(random.nextInt(options.size())));
      }
      type.append(">[");
      for (int d = random.nextInt(5); d > 0; d--) {
        type.append(dims.get(random.nextInt(dims.size()))).append(d > 1 ? ", " : "");
      }
      type.append(']');
      String text = type.toString();
      check(text);
      check("%x = placeholder() : " + text + "\nreturn %x\n");
      Type t = cleanly(text, () -> GraphParser.parseType(text));
      if (t != null) {
        String literal = randomLiteral(random, scalars, 0);
        cleanly(literal, () -> GraphParser.parseValue(literal, t, "value"));
      }
    }
  }

  private static String randomLiteral(Random random, List<String> scalars, int depth) {
    if (depth > 4 || random.nextInt(4) == 0) {
      return scalars.get(random.nextInt(scalars.size()));
    }
    List<String> items = new ArrayList<>();
    for (int n = random.nextInt(4); n > 0; n--) {
      items.add(randomLiteral(random, scalars, depth + 1));
    }
    return "[" + String.join(", ", items) + "]";
  }

  private static String mutate(String text, Random random) {
    int at = text.isEmpty() ? 0 : random.nextInt(text.length());
    int len = Math.min(text.length() - at, random.nextInt(12));
    if (random.nextBoolean()) {
      return mutateTokens(text, random);
    }
    return switch (random.nextInt(6)) {
      case 0 -> text.substring(0, at) + text.substring(at + len); // delete a range
      case 1 -> text.substring(0, at) + DICTIONARY.get(random.nextInt(DICTIONARY.size())) + text.substring(at);
      case 2 -> text.substring(0, at) + (char) random.nextInt(128) + text.substring(Math.min(text.length(), at + 1));
      case 3 -> text.substring(0, at) + text.substring(at, at + len) + text.substring(at); // duplicate a range
      case 4 -> { // swap two lines
        String[] lines = text.split("\n", -1);
        int a = random.nextInt(lines.length);
        int b = random.nextInt(lines.length);
        String tmp = lines[a];
        lines[a] = lines[b];
        lines[b] = tmp;
        yield String.join("\n", lines);
      }
      default -> { // replace a number by an extreme one
        yield text.replaceFirst("\\b\\d+\\b", random.nextBoolean() ? "4294967297" : "99999999999999999999");
      }
    };
  }

  /** Token boundaries: words, numbers, strings, single punctuation and whitespace runs. */
  private static final java.util.regex.Pattern TOKEN =
      java.util.regex.Pattern.compile("\"(?:[^\"\\\\]|\\\\.)*\"|%?[A-Za-z0-9_.]+|-?\\d+(?:\\.\\d*)?(?:[eE][-+]?\\d+)?|\\s+|.");

  /** Replaces, deletes, inserts or repeats one token, so that most of the file's structure survives. */
  private static String mutateTokens(String text, Random random) {
    List<String> tokens = new ArrayList<>();
    java.util.regex.Matcher m = TOKEN.matcher(text);
    while (m.find()) {
      tokens.add(m.group());
    }
    if (tokens.isEmpty()) {
      return text;
    }
    int at = random.nextInt(tokens.size());
    String word = DICTIONARY.get(random.nextInt(DICTIONARY.size()));
    switch (random.nextInt(4)) {
      case 0 -> tokens.set(at, word);
      case 1 -> tokens.remove(at);
      case 2 -> tokens.add(at, word);
      default -> tokens.add(at, tokens.get(random.nextInt(tokens.size())));
    }
    return String.join("", tokens);
  }

  private static void check(String text) {
    Graph g = cleanly(text, () -> GraphParser.parse(text, "fuzz.tat"));
    if (g != null) {
      String printed = GraphPrinter.print(g);
      Graph again = cleanly(printed, () -> GraphParser.parse(printed, "reprinted.tat"));
      if (again == null) {
        fail("a parsed graph printed as text that does not parse:\n" + printed + "\nfrom input:\n" + text);
      }
      assertEquals(printed, GraphPrinter.print(again), () -> "round trip of a fuzzed graph from:\n" + text);
    }
    Type t = cleanly(text, () -> GraphParser.parseType(text));
    if (t != null) {
      cleanly(text, () -> GraphParser.parseValue(text, t, "value"));
      assertEquals(t, GraphParser.parseType(t.toString()), () -> "type round trip of " + t);
    }
  }

  /** The result, or null after an IrParseException; any other throwable fails naming the input. */
  private static <T> T cleanly(String input, Supplier<T> parse) {
    try {
      return parse.get();
    } catch (IrParseException e) {
      return null;
    } catch (Throwable e) {
      throw new AssertionError("input " + quoteForReport(input) + " threw " + e, e);
    }
  }

  private static String quoteForReport(String s) {
    return TextSyntax.quote(s);
  }
}
