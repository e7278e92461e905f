package dev.tatter.frontend;

import static dev.tatter.frontend.TrimmerTest.all;
import static dev.tatter.frontend.TrimmerTest.ragged;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tatter.runtime.DType;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.Tensor;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * tensorflow_text's model-input builders ({@code text.combine_segments}, {@code
 * concatenate_segments}, {@code pad_model_inputs}, {@code sliding_window}, {@code ngrams}) through
 * every backend; expected values are TF Text's docstring examples, each call written beside it.
 */
class ModelInputsTest {
  static final List<List<Integer>> SEGMENT_A = List.of(List.of(1, 2), List.of(3, 4), List.of(5, 6, 7, 8, 9));
  static final List<List<Integer>> SEGMENT_B = List.of(List.of(10, 20), List.of(30, 40, 50, 60), List.of(70, 80));

  @Test
  void combineSegments_docstring() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    // text.combine_segments([segment_a, segment_b], start_of_sequence_id=101, end_of_segment_id=102)
    //   -> [[101, 1, 2, 102, 10, 20, 102], [101, 3, 4, 102, 30, 40, 50, 60, 102],
    //       [101, 5, 6, 7, 8, 9, 102, 70, 80, 102]],
    //      [[0, 0, 0, 0, 1, 1, 1], [0, 0, 0, 0, 1, 1, 1, 1, 1], [0, 0, 0, 0, 0, 0, 0, 1, 1, 1]]
    assertEquals("[[101, 1, 2, 102, 10, 20, 102], [101, 3, 4, 102, 30, 40, 50, 60, 102],"
        + " [101, 5, 6, 7, 8, 9, 102, 70, 80, 102]]"
        + " | [[0, 0, 0, 0, 1, 1, 1], [0, 0, 0, 0, 1, 1, 1, 1, 1], [0, 0, 0, 0, 0, 0, 0, 1, 1, 1]]",
        all(g, tf.text.combineSegments(List.of(ragged(g, SEGMENT_A), ragged(g, SEGMENT_B)), 101, 102)));
  }

  @Test
  void concatenateSegments_docstring() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    // text.concatenate_segments([segment_a, segment_b])
    //   -> [[1, 2, 10, 20], [3, 4, 30, 40, 50, 60], [5, 6, 7, 8, 9, 70, 80]],
    //      [[0, 0, 1, 1], [0, 0, 1, 1, 1, 1], [0, 0, 0, 0, 0, 1, 1]]
    assertEquals("[[1, 2, 10, 20], [3, 4, 30, 40, 50, 60], [5, 6, 7, 8, 9, 70, 80]]"
        + " | [[0, 0, 1, 1], [0, 0, 1, 1, 1, 1], [0, 0, 0, 0, 0, 1, 1]]",
        all(g, tf.text.concatenateSegments(List.of(ragged(g, SEGMENT_A), ragged(g, SEGMENT_B)))));
  }

  @Test
  void combineSegments_fedInt64RaggedAndDenseSegments() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value a = g.placeholder("a", Types.ragged(DType.INT64, 1));
    Value b = g.placeholder("b", Types.dense(DType.INT64, -1, 2));
    Map<String, Object> feeds = Map.of("a", RaggedTensor.fromNested(List.of(List.of(7L), List.of())),
        "b", Tensor.fromNested(new long[][] {{8, 9}, {10, 11}}));
    // text.combine_segments([a, b], 101, 102), b dense: its rows are whole segments
    //   -> [[101, 7, 102, 8, 9, 102], [101, 102, 10, 11, 102]], [[0, 0, 0, 1, 1, 1], [0, 0, 1, 1, 1]]
    assertEquals("[[101, 7, 102, 8, 9, 102], [101, 102, 10, 11, 102]] | [[0, 0, 0, 1, 1, 1], [0, 0, 1, 1, 1]]",
        all(g, tf.text.combineSegments(List.of(a, b), 101, 102), feeds));
  }

  @Test
  void padModelInputs_docstring() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value input = ragged(g, List.of(List.of(101, 1, 2, 102, 10, 20, 102), List.of(101, 3, 4, 102, 30, 40, 50, 60, 70, 80),
        List.of(101, 5, 6, 7, 8, 9, 102, 70)));
    // text.pad_model_inputs(input=input_data, max_seq_length=9)
    //   data: [[101 1 2 102 10 20 102 0 0] [101 3 4 102 30 40 50 60 70] [101 5 6 7 8 9 102 70 0]]
    //   mask: [[1 1 1 1 1 1 1 0 0] [1 1 1 1 1 1 1 1 1] [1 1 1 1 1 1 1 1 0]]
    assertEquals("[[101, 1, 2, 102, 10, 20, 102, 0, 0], [101, 3, 4, 102, 30, 40, 50, 60, 70],"
        + " [101, 5, 6, 7, 8, 9, 102, 70, 0]]"
        + " | [[1, 1, 1, 1, 1, 1, 1, 0, 0], [1, 1, 1, 1, 1, 1, 1, 1, 1], [1, 1, 1, 1, 1, 1, 1, 1, 0]]",
        all(g, tf.text.padModelInputs(input, 9)));
  }

  @Test
  void padModelInputs_denseVectorMatrixAndPadValue() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    // text.pad_model_inputs(tf.constant([1, 2, 3]), 5, pad_value=-1) -> [1, 2, 3, -1, -1], [1, 1, 1, 0, 0]
    assertEquals("[1, 2, 3, -1, -1] | [1, 1, 1, 0, 0]",
        all(g, tf.text.padModelInputs(g.constant(Tensor.ofLongs(1, 2, 3)), 5, -1)));
    // text.pad_model_inputs(tf.constant([[1, 2, 3], [4, 5, 6]]), 2) -> [[1, 2], [4, 5]], [[1, 1], [1, 1]]
    assertEquals("[[1, 2], [4, 5]] | [[1, 1], [1, 1]]",
        all(g, tf.text.padModelInputs(g.constant(Tensor.fromNested(new int[][] {{1, 2, 3}, {4, 5, 6}})), 2)));
    // a ragged [batch, (words), (pieces)] input is merged to [batch, (pieces)] first:
    // text.pad_model_inputs(tf.ragged.constant([[[1, 2], [3]], [[4]]]), 4) -> [[1, 2, 3, 0], [4, 0, 0, 0]], mask
    Value nested = tf.ragged.constant(List.of(List.of(List.of(1, 2), List.of(3)), List.of(List.of(4))));
    assertEquals("[[1, 2, 3, 0], [4, 0, 0, 0]] | [[1, 1, 1, 0], [1, 0, 0, 0]]", all(g, tf.text.padModelInputs(nested, 4)));
  }

  @Test
  void slidingWindow_docstrings() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    // text.sliding_window(data=tf.constant(["one", "two", "three", "four", "five", "six"]), width=3, axis=0)
    Value words = g.constant(Tensor.ofStrings("one", "two", "three", "four", "five", "six"));
    assertEquals("[[b'one', b'two', b'three'], [b'two', b'three', b'four'], [b'three', b'four', b'five'],"
        + " [b'four', b'five', b'six']]", all(g, List.of(tf.text.slidingWindow(words, 3, 0))));
    // text.sliding_window(tf.ragged.constant([['Up', 'high', 'in', 'the', 'air'], ['Down', 'under', 'water'],
    //     ['Away', 'to', 'outer', 'space']]), width=2, axis=-1)
    Value sentences = ragged(g, List.of(List.of("Up", "high", "in", "the", "air"), List.of("Down", "under", "water"),
        List.of("Away", "to", "outer", "space")));
    assertEquals("[[[b'Up', b'high'], [b'high', b'in'], [b'in', b'the'], [b'the', b'air']],"
        + " [[b'Down', b'under'], [b'under', b'water']], [[b'Away', b'to'], [b'to', b'outer'], [b'outer', b'space']]]",
        all(g, List.of(tf.text.slidingWindow(sentences, 2, -1))));
    // text.sliding_window(data=tf.constant([[[1, 1, 1], [2, 2, 1], [3, 3, 1], [4, 4, 1], [5, 5, 1]],
    //     [[1, 1, 2], [2, 2, 2], [3, 3, 2], [4, 4, 2], [5, 5, 2]]]), width=2, axis=1)
    int[][][] emb = new int[2][5][];
    for (int s = 0; s < 2; s++) {
      for (int i = 0; i < 5; i++) {
        emb[s][i] = new int[] {i + 1, i + 1, s + 1};
      }
    }
    assertEquals("[[[[1, 1, 1], [2, 2, 1]], [[2, 2, 1], [3, 3, 1]], [[3, 3, 1], [4, 4, 1]], [[4, 4, 1], [5, 5, 1]]],"
        + " [[[1, 1, 2], [2, 2, 2]], [[2, 2, 2], [3, 3, 2]], [[3, 3, 2], [4, 4, 2]], [[4, 4, 2], [5, 5, 2]]]]",
        all(g, List.of(tf.text.slidingWindow(g.constant(Tensor.fromNested(emb)), 2, 1))));
  }

  @Test
  void slidingWindow_shortRowsGiveNoWindow() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value x = g.placeholder("x", Types.ragged(DType.INT32, 1));
    Map<String, Object> feeds = Map.of("x", RaggedTensor.fromNested(List.of(List.of(1, 2, 3), List.of(4), List.of())));
    // text.sliding_window(tf.ragged.constant([[1, 2, 3], [4], []]), width=2) -> [[[1, 2], [2, 3]], [], []]
    assertEquals("[[[1, 2], [2, 3]], [], []]", all(g, List.of(tf.text.slidingWindow(x, 2)), feeds));
    // width 4, longer than every row -> [[], [], []]
    assertEquals("[[], [], []]", all(g, List.of(tf.text.slidingWindow(x, 4)), feeds));
    // a deeper ragged axis: text.sliding_window(tf.ragged.constant([[[1, 2, 3], [4]], [[5, 6]]]), width=2, axis=-1)
    //   -> [[[[1, 2], [2, 3]], []], [[[5, 6]]]]
    Value deep = tf.ragged.constant(List.of(List.of(List.of(1, 2, 3), List.of(4)), List.of(List.of(5, 6))));
    assertEquals("[[[[1, 2], [2, 3]], []], [[[5, 6]]]]", all(g, List.of(tf.text.slidingWindow(deep, 2))));
    // and its ngrams: text.ngrams(same, 2, reduction_type=SUM) -> [[[3, 5], []], [[11]]]
    assertEquals("[[[3, 5], []], [[11]]]", all(g, List.of(tf.text.ngrams(deep, 2, -1, NgramReduction.SUM))));
  }

  @Test
  void fedDenseMatricesOfUnknownSize() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value x = g.placeholder("x", Types.dense(DType.FLOAT32, -1, -1));
    Map<String, Object> feeds = Map.of("x", Tensor.fromNested(new float[][] {{1, 2, 3, 4}, {5, 6, 7, 8}}));
    // text.sliding_window(x, 3, axis=1) -> [[[1, 2, 3], [2, 3, 4]], [[5, 6, 7], [6, 7, 8]]]
    assertEquals("[[[1.0, 2.0, 3.0], [2.0, 3.0, 4.0]], [[5.0, 6.0, 7.0], [6.0, 7.0, 8.0]]]",
        all(g, List.of(tf.text.slidingWindow(x, 3, 1)), feeds));
    // text.ngrams(x, 3, axis=1, reduction_type=MEAN) -> [[2.0, 3.0], [6.0, 7.0]]
    assertEquals("[[2.0, 3.0], [6.0, 7.0]]", all(g, List.of(tf.text.ngrams(x, 3, 1, NgramReduction.MEAN)), feeds));
    // width 5 on rows of 4: text.sliding_window(x, 5, axis=1) has no window -> shape (2, 0, 5)
    assertEquals("[[], []]", all(g, List.of(tf.text.slidingWindow(x, 5, 1)), feeds));
    // text.pad_model_inputs(x, 6, pad_value=-1.0) -> [[1, 2, 3, 4, -1, -1], [5, 6, 7, 8, -1, -1]], mask of float32 ones
    assertEquals("[[1.0, 2.0, 3.0, 4.0, -1.0, -1.0], [5.0, 6.0, 7.0, 8.0, -1.0, -1.0]]"
        + " | [[1.0, 1.0, 1.0, 1.0, 0.0, 0.0], [1.0, 1.0, 1.0, 1.0, 0.0, 0.0]]",
        all(g, tf.text.padModelInputs(x, 6, -1.0f), feeds));
  }

  @Test
  void ngrams_sumMeanAndStringJoin() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    // ngrams_op_test: text.ngrams(tf.ragged.constant([[1.0, 2.0, 3.0], [10.0, 20.0]]), 2, reduction_type=SUM)
    //   -> [[3.0, 5.0], [30.0]]
    Value x = ragged(g, List.of(List.of(1.0f, 2.0f, 3.0f), List.of(10.0f, 20.0f)));
    assertEquals("[[3.0, 5.0], [30.0]]", all(g, List.of(tf.text.ngrams(x, 2, -1, NgramReduction.SUM))));
    // reduction_type=MEAN -> [[1.5, 2.5], [15.0]]
    assertEquals("[[1.5, 2.5], [15.0]]", all(g, List.of(tf.text.ngrams(x, 2, -1, NgramReduction.MEAN))));
    // dense: text.ngrams(tf.constant([[1, 2, 3, 4], [5, 6, 7, 8]]), 3, axis=1, reduction_type=SUM) -> [[6, 9], [18, 21]]
    assertEquals("[[6, 9], [18, 21]]", all(g, List.of(tf.text.ngrams(
        g.constant(Tensor.fromNested(new int[][] {{1, 2, 3, 4}, {5, 6, 7, 8}})), 3, 1, NgramReduction.SUM))));
    // the docstring: text.ngrams(tf.ragged.constant([["e", "f", "g"], ["dd", "ee"]]), width=2, axis=-1,
    //   reduction_type=Reduction.STRING_JOIN, string_separator="|") -> [[b'e|f', b'f|g'], [b'dd|ee']]
    Value s = ragged(g, List.of(List.of("e", "f", "g"), List.of("dd", "ee")));
    assertEquals("[[b'e|f', b'f|g'], [b'dd|ee']]",
        all(g, List.of(tf.text.ngrams(s, 2, -1, NgramReduction.STRING_JOIN, "|"))));
    // a dense input: text.ngrams(tf.constant([["a", "b", "c"], ["d", "e", "f"]]), 2, reduction_type=STRING_JOIN)
    //   -> [[b'a b', b'b c'], [b'd e', b'e f']] (the default separator is a space)
    assertEquals("[[b'a b', b'b c'], [b'd e', b'e f']]", all(g, List.of(tf.text.ngrams(
        g.constant(Tensor.of(DType.STRING, new String[] {"a", "b", "c", "d", "e", "f"}, 2, 3)), 2, -1,
        NgramReduction.STRING_JOIN))));
  }
}
