package dev.tatter.frontend;

import static dev.tatter.frontend.Harness.runFirst;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.ir.GraphBuildException;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.Tensor;
import org.junit.jupiter.api.Test;

/**
 * {@code tf.strings.ngrams} (StringNGrams): TF's docstring examples and the cases of TF's own
 * kernel tests (string_ngrams_op_test.cc: data [[a, b, c, d], [e, f]], separator "|", pads LP/RP).
 */
class StringNGramsTest {
  private static Value abcdef(GraphBuilder g) {
    return g.raggedFromRowSplits(g.constant(Tensor.ofStrings("a", "b", "c", "d", "e", "f")), g.constant(Tensor.ofLongs(0, 4, 6)));
  }

  @Test
  void docExamples_onAVector() {
    GraphBuilder g = new GraphBuilder();
    // tf.strings.ngrams(["A", "B", "C", "D"], 2).numpy() -> [b'A B', b'B C', b'C D']
    assertEquals("[b'A B', b'B C', b'C D']", runFirst(g, Strings.ngrams(g.constant(Tensor.ofStrings("A", "B", "C", "D")), 2)));
    // tf.strings.ngrams(["TF", "and", "keras"], 1).numpy() -> [b'TF', b'and', b'keras']
    assertEquals("[b'TF', b'and', b'keras']", runFirst(g, Strings.ngrams(g.constant(Tensor.ofStrings("TF", "and", "keras")), 1)));
  }

  @Test
  void paddedTrigrams_dynamicPadWidth() {
    GraphBuilder g = new GraphBuilder();
    // tf.strings.ngrams(data, 3, separator="|", pad_values=("LP", "RP"))
    assertEquals("[[b'LP|LP|a', b'LP|a|b', b'a|b|c', b'b|c|d', b'c|d|RP', b'd|RP|RP'], "
            + "[b'LP|LP|e', b'LP|e|f', b'e|f|RP', b'f|RP|RP']]",
        runFirst(g, Strings.ngrams(abcdef(g), new int[] {3}, "|", new String[] {"LP", "RP"}, null, false)));
  }

  @Test
  void paddedTrigrams_fixedPadWidth() {
    GraphBuilder g = new GraphBuilder();
    // tf.strings.ngrams(data, 3, separator="|", pad_values=("LP", "RP"), padding_width=1)
    assertEquals("[[b'LP|a|b', b'a|b|c', b'b|c|d', b'c|d|RP'], [b'LP|e|f', b'e|f|RP']]",
        runFirst(g, Strings.ngrams(abcdef(g), new int[] {3}, "|", new String[] {"LP", "RP"}, 1, false)));
  }

  @Test
  void paddingWiderThanTheRow_isCappedAtWidthMinusOne() {
    GraphBuilder g = new GraphBuilder();
    // tf.strings.ngrams([["a"]], 3, separator="|", pad_values="P", padding_width=5) -> [[b'P|P|a', b'P|a|P', b'a|P|P']]
    Value one = g.raggedFromRowSplits(g.constant(Tensor.ofStrings("a")), g.constant(Tensor.ofLongs(0, 1)));
    assertEquals("[[b'P|P|a', b'P|a|P', b'a|P|P']]", runFirst(g, Strings.ngrams(one, new int[] {3}, "|", "P", 5, false)));
  }

  @Test
  void severalWidths_comeWidthByWidth() {
    GraphBuilder g = new GraphBuilder();
    // tf.strings.ngrams(data, [1, 2], separator="|") -> per row the unigrams, then the bigrams
    assertEquals("[[b'a', b'b', b'c', b'd', b'a|b', b'b|c', b'c|d'], [b'e', b'f', b'e|f']]",
        runFirst(g, Strings.ngrams(abcdef(g), new int[] {1, 2}, "|", null, null, false)));
  }

  @Test
  void shortRows_giveNothing_unlessPreserved() {
    GraphBuilder g = new GraphBuilder();
    // tf.strings.ngrams(data, 3, separator="|") -> [[b'a|b|c', b'b|c|d'], []]
    assertEquals("[[b'a|b|c', b'b|c|d'], []]", runFirst(g, Strings.ngrams(abcdef(g), new int[] {3}, "|", null, null, false)));
    // ..., preserve_short_sequences=True -> [[b'a|b|c', b'b|c|d'], [b'e|f']]
    assertEquals("[[b'a|b|c', b'b|c|d'], [b'e|f']]", runFirst(g, Strings.ngrams(abcdef(g), new int[] {3}, "|", null, null, true)));
  }

  @Test
  void emptyRows_stayEmptyUnpadded_butPaddingAloneMakesAnNgram() {
    GraphBuilder g = new GraphBuilder();
    Value rt = g.raggedFromRowSplits(g.constant(Tensor.ofStrings("x")), g.constant(Tensor.ofLongs(0, 0, 1, 1)));
    // tf.strings.ngrams(tf.ragged.constant([[], ["x"], []]), 2, preserve_short_sequences=True) -> [[], [b'x'], []]
    assertEquals("[[], [b'x'], []]", runFirst(g, Strings.ngrams(rt, new int[] {2}, " ", null, null, true)));
    // TF's kernel counts max(0, len + 2 * pad - width + 1) n-grams, also for an empty row, and builds one of
    // pads only: tf.strings.ngrams(tf.ragged.constant([[], ["x"], []]), 2, pad_values="<>")
    //   -> [[b'<> <>'], [b'<> x', b'x <>'], [b'<> <>']]
    assertEquals("[[b'<> <>'], [b'<> x', b'x <>'], [b'<> <>']]", runFirst(g, Strings.ngrams(rt, new int[] {2}, " ", "<>", null, false)));
  }

  @Test
  void emptyData_givesEmptyRows_whateverThePadding() {
    GraphBuilder g = new GraphBuilder();
    // TF's kernel returns no n-grams when the data is empty (found by the TF oracle):
    // tf.strings.ngrams(tf.ragged.constant([[], []], dtype=tf.string), 3, pad_values="<>") -> [[], []]
    Value rt = g.raggedFromRowSplits(g.constant(Tensor.ofStrings()), g.constant(Tensor.ofLongs(0, 0, 0)));
    assertEquals("[[], []]", runFirst(g, Strings.ngrams(rt, new int[] {3}, " ", "<>", null, true)));
  }

  @Test
  void denseMatrix_givesADenseResult() {
    GraphBuilder g = new GraphBuilder();
    // tf.strings.ngrams([["a", "b", "c"], ["d", "e", "f"]], 2) -> [[b'a b', b'b c'], [b'd e', b'e f']]
    Value m = g.constant(Tensor.of(DType.STRING, new String[] {"a", "b", "c", "d", "e", "f"}, 2, 3));
    assertEquals("[[b'a b', b'b c'], [b'd e', b'e f']]", runFirst(g, Strings.ngrams(m, 2)));
  }

  @Test
  void raggedRank2_appliesToTheInnermostRows() {
    GraphBuilder g = new GraphBuilder();
    // tf.strings.ngrams(tf.strings.split([["a b c", "d"]]) ... as ragged [[[a, b, c], [d]]], 2) -> [[[b'a b', b'b c'], []]]
    Value words = Strings.split(g.constant(Tensor.of(DType.STRING, new String[] {"a b c", "d"}, 1, 2)));
    assertEquals("[[[b'a b', b'b c'], []]]", runFirst(g, Strings.ngrams(words, 2)));
  }

  @Test
  void badArguments_areBuildErrors() {
    GraphBuilder g = new GraphBuilder();
    GraphBuildException e = assertThrows(GraphBuildException.class, () -> Strings.ngrams(abcdef(g), 0));
    assertTrue(e.getMessage().contains("ngram_widths must contain positive int32 values"), e.getMessage());
    e = assertThrows(GraphBuildException.class, () -> Strings.ngrams(abcdef(g), new int[] {2}, " ", "P", 0, false));
    assertTrue(e.getMessage().contains("padding_width must be greater than 0"), e.getMessage());
    e = assertThrows(GraphBuildException.class, () -> Strings.ngrams(abcdef(g), new int[] {2}, " ", null, 1, false));
    assertTrue(e.getMessage().contains("pad_values must be provided if padding_width is set"), e.getMessage());
    e = assertThrows(GraphBuildException.class, () -> Strings.ngrams(abcdef(g), new int[0], " ", null, null, false));
    assertTrue(e.getMessage().contains("ngram_widths must not be empty"), e.getMessage());
  }
}
