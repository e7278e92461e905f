package dev.tatter.frontend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.tatter.ir.GraphBuildException;
import dev.tatter.ir.text.IrParseException;
import dev.tatter.runtime.InvalidArgumentException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Every row of {@code docs/ERRORS.md} triggered and its message asserted. The rows are read from
 * the document itself: a row without a case, or a case without a row, fails the build, so the
 * catalogue and the code cannot drift apart. The cases live in the {@code *ErrorCases} classes, one
 * per stage or op family, each registering its triggers here; {@link ErrorTriggers} raises them.
 *
 * <p>Each case returns the exception its bad input raised. The test checks its class against
 * the row's stage, that its message contains the row's message, and that it names where the
 * error arose: the op and source location at build time, the placeholder at feed time, the
 * node, op and location at run time (through both the interpreter and compiled bytecode, which
 * must fail with the same message), and {@code file:line:col} in the text format.
 */
class ErrorCatalogTest {
  private static final Map<String, Supplier<Throwable>> CASES = new LinkedHashMap<>();

  private static void on(String id, Supplier<Throwable> trigger) {
    if (CASES.put(id, trigger) != null) {
      throw new IllegalStateException("case " + id + " defined twice");
    }
  }

  static {
    StringErrorCases.register(ErrorCatalogTest::on); // text ops and lookup tables
    BuildErrorCases.register(ErrorCatalogTest::on);
    FeedErrorCases.register(ErrorCatalogTest::on);
    RunErrorCases.register(ErrorCatalogTest::on);
    SparseErrorCases.register(ErrorCatalogTest::on);
    RaggedSelectionErrorCases.register(ErrorCatalogTest::on);
    TextFormatErrorCases.register(ErrorCatalogTest::on);
    LimitErrorCases.register(ErrorCatalogTest::on);
    FeatureErrorCases.register(ErrorCatalogTest::on); // embeddings, crosses, hashing and the ops around them
    TextSplitErrorCases.register(ErrorCatalogTest::on); // tensorflow_text normalizers and splitters
    GapErrorCases.register(ErrorCatalogTest::on); // segment ids, base64, segment joins, tf.debugging, map_values
    KernelErrorCases.register(ErrorCatalogTest::on);
    TextInputErrorCases.register(ErrorCatalogTest::on); // tensorflow_text's model-input builders
    WordpieceErrorCases.register(ErrorCatalogTest::on); // tensorflow_text's WordPiece and BERT tokenizers
    DenseErrorCases.register(ErrorCatalogTest::on); // matmul, contractions, shapes, ranking, encodings, activations
    SentencepieceErrorCases.register(ErrorCatalogTest::on); // tensorflow_text's SentencePiece ops
  }

  // ---- the catalogue -------------------------------------------------------------------------

  private static final java.nio.file.Path DOC = java.nio.file.Path.of("../docs/ERRORS.md");

  /** One catalogue row: its id and the message (or stable part) its case must contain. */
  record Row(String id, String stage, String message) {}

  static List<Row> rows() {
    List<String> lines;
    try {
      lines = java.nio.file.Files.readAllLines(DOC);
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
    java.util.regex.Pattern row = java.util.regex.Pattern.compile("^\\| ([BFRT]\\d{2,3}) \\| (.*) \\| `(.*)` \\|$");
    return lines.stream().map(row::matcher).filter(java.util.regex.Matcher::matches)
        .map(m -> new Row(m.group(1), m.group(1).substring(0, 1), m.group(3).replace("\\|", "|"))).toList();
  }

  @Test
  void everyRowHasACase_andEveryCaseARow() {
    TreeSet<String> documented = new TreeSet<>();
    for (Row r : rows()) {
      assertTrue(documented.add(r.id()), "row " + r.id() + " appears twice in docs/ERRORS.md");
    }
    assertEquals(new TreeSet<>(CASES.keySet()), documented, "docs/ERRORS.md rows vs ErrorCatalogTest cases");
  }

  @TestFactory
  Stream<DynamicTest> everyCataloguedError_isRaisedWithItsMessage() {
    return rows().stream().map(r -> DynamicTest.dynamicTest(r.id() + " " + r.message(), () -> {
      Supplier<Throwable> trigger = CASES.get(r.id());
      if (trigger == null) {
        fail("no case for " + r.id());
      }
      Throwable e = trigger.get();
      String message = e.getMessage();
      if (Boolean.getBoolean("errors.print")) {
        System.out.println(r.id() + " " + e.getClass().getSimpleName() + ": " + message);
      }
      assertTrue(message.contains(r.message()), () -> r.id() + ": expected the message to contain\n  "
          + r.message() + "\nbut it was\n  " + message);
      assertFalse(message.contains("kernel failed with"), message);
      switch (r.stage()) {
        case "B" -> assertTrue(e instanceof GraphBuildException || e instanceof IllegalArgumentException, e::toString);
        case "F" -> assertTrue(e instanceof InvalidArgumentException || e instanceof IllegalArgumentException, e::toString);
        case "R" -> {
          assertInstanceOf(InvalidArgumentException.class, e);
          assertTrue(message.matches("(?s)(%\\w+|node #\\d+) \\(\\w+\\) at (ErrorCatalogTest|\\w+ErrorCases)\\.java:\\d+: .*"), message);
        }
        case "T" -> {
          assertInstanceOf(IrParseException.class, e);
          assertTrue(message.matches("(?s).*t\\.tat:\\d+:\\d+: .*"), message);
        }
        default -> fail("unknown stage " + r.stage());
      }
    }));
  }

  /** Classifies a message as one of the catalogued errors (for the fuzz test); null if none. */
  static String classify(String message) {
    String body = message.replaceFirst("^(%\\w+|node #\\d+) \\(\\w+\\) at [^:]+:\\d+(:\\d+)?: ", "");
    for (Map.Entry<String, java.util.regex.Pattern> e : Patterns.BY_ID.entrySet()) {
      if (e.getValue().matcher(body).find()) {
        return e.getKey();
      }
    }
    return null;
  }

  /** The rows' patterns, read once. */
  private static final class Patterns {
    static final Map<String, java.util.regex.Pattern> BY_ID = new LinkedHashMap<>();

    static {
      for (Row r : rows()) {
        BY_ID.put(r.id(), pattern(r.message()));
      }
    }
  }

  private static final java.util.regex.Pattern VARIABLE = java.util.regex.Pattern.compile(
      "\\[[-\\w, ():]*\\]|\\([\\w, ]*\\)|-?\\d+|\\b(u?int(8|16|32|64)|float(32|64)|bool|string|None)\\b|%\\w+");

  /** The row's message with numbers, number lists, dtypes and value names as wildcards. */
  static java.util.regex.Pattern pattern(String message) {
    StringBuilder regex = new StringBuilder();
    java.util.regex.Matcher m = VARIABLE.matcher(message);
    int last = 0;
    while (m.find()) {
      regex.append(java.util.regex.Pattern.quote(message.substring(last, m.start())));
      String v = m.group();
      regex.append(v.startsWith("[") ? "\\[[-\\w, ():]*\\]" : v.startsWith("(") ? "\\([\\w, ]*\\)"
          : v.startsWith("%") ? "%\\w+"
          : Character.isLetter(v.charAt(0)) ? "\\w+" : "-?\\d+");
      last = m.end();
    }
    regex.append(java.util.regex.Pattern.quote(message.substring(last)));
    return java.util.regex.Pattern.compile(regex.toString());
  }
}
