package dev.tatter.frontend;

import static dev.tatter.frontend.Harness.runEverywhere;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tatter.runtime.DType;
import dev.tatter.runtime.Tensor;
import dev.tatter.runtime.RaggedTensor;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * tensorflow_text's trimmers and item selectors ({@code text.WaterfallTrimmer}, {@code
 * RoundRobinTrimmer}, {@code ShrinkLongestTrimmer}, {@code FirstNItemSelector}, {@code
 * LastNItemSelector}) through every backend; expected values are TF Text's docstring examples and
 * its trimmer_ops_test / item_selector_ops_test cases, each call written beside it.
 */
class TrimmerTest {
  static String all(GraphBuilder g, List<Value> outs) {
    return all(g, outs, Map.of());
  }

  static String all(GraphBuilder g, List<Value> outs, Map<String, ?> feeds) {
    List<String> texts = new ArrayList<>();
    for (Object o : runEverywhere(g.build(outs.toArray(Value[]::new)), feeds)) {
      texts.add(o.toString());
    }
    return String.join(" | ", texts);
  }

  static Value ragged(GraphBuilder g, List<? extends List<?>> rows) {
    return g.ops().ragged.constant(rows);
  }

  @Test
  void waterfall_docstring() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value a = ragged(g, List.of(List.of("a", "b", "c"), List.of(), List.of("d")));
    Value b = ragged(g, List.of(List.of("1", "2", "3"), List.of(), List.of("4", "5", "6", "7")));
    Trimmer trimmer = tf.text.waterfallTrimmer(4);
    // tf_text.WaterfallTrimmer(4).trim([a, b])
    //   -> [[[b'a', b'b', b'c'], [], [b'd']], [[b'1'], [], [b'4', b'5', b'6']]]
    assertEquals("[[b'a', b'b', b'c'], [], [b'd']] | [[b'1'], [], [b'4', b'5', b'6']]", all(g, trimmer.trim(List.of(a, b))));
    // trimmer.generate_mask([a, b]) -> [[True, True, True], [], [True]], [[True, False, False], [], [True, True, True, False]]
    assertEquals("[[True, True, True], [], [True]] | [[True, False, False], [], [True, True, True, False]]",
        all(g, trimmer.generateMask(List.of(a, b))));
  }

  @Test
  void waterfall_perRowBudget() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value s1 = ragged(g, List.of(List.of(1, 2, 3), List.of(4, 5), List.of(6)));
    Value s2 = ragged(g, List.of(List.of(10), List.of(20), List.of(30, 40, 50)));
    // trimmer_ops_test: WaterfallTrimmer([2, 1, 3]).generate_mask([s1, s2])
    //   -> [[True, True, False], [True, False], [True]], [[False], [False], [True, True, False]]
    Trimmer trimmer = tf.text.waterfallTrimmer(g.constant(Tensor.ofInts(2, 1, 3)));
    assertEquals("[[True, True, False], [True, False], [True]] | [[False], [False], [True, True, False]]",
        all(g, trimmer.generateMask(List.of(s1, s2))));
  }

  @Test
  void roundRobin_testCases() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value s1 = ragged(g, List.of(List.of(1, 2, 3), List.of(4, 5), List.of(6)));
    Value s2 = ragged(g, List.of(List.of(10), List.of(20), List.of(30, 40, 50)));
    // trimmer_ops_test "Basic test on rank 2 RTs": RoundRobinTrimmer(2).generate_mask([s1, s2])
    //   -> [[True, False, False], [True, False], [True]], [[True], [True], [True, False, False]]
    assertEquals("[[True, False, False], [True, False], [True]] | [[True], [True], [True, False, False]]",
        all(g, tf.text.roundRobinTrimmer(2).generateMask(List.of(s1, s2))));
    // "Test where no truncation is needed": RoundRobinTrimmer(100) keeps everything
    assertEquals("[[1, 2, 3], [4, 5], [6]] | [[10], [20], [30, 40, 50]]",
        all(g, tf.text.roundRobinTrimmer(100).trim(List.of(s1, s2))));
    // "Test 4 segments": RoundRobinTrimmer(10) on [a b], [one two], [un .. cinque], [unos .. cincos]
    //   -> the third and fourth keep 3 of 5
    List<Value> four = List.of(ragged(g, List.of(List.of("a", "b"))), ragged(g, List.of(List.of("one", "two"))),
        ragged(g, List.of(List.of("un", "deux", "trois", "quatre", "cinque"))),
        ragged(g, List.of(List.of("unos", "dos", "tres", "quatro", "cincos"))));
    assertEquals("[[True, True]] | [[True, True]] | [[True, True, True, False, False]] | [[True, True, True, False, False]]",
        all(g, tf.text.roundRobinTrimmer(10).generateMask(four)));
    // "Test rank 2; test when one batch has elements < max_seq_length": RoundRobinTrimmer(7) on two
    // segments [[11, 12, 13], [21 .. 30]] -> the second row keeps 4 and 3
    List<Long> ten = List.of(21L, 22L, 23L, 24L, 25L, 26L, 27L, 28L, 29L, 30L);
    Value t1 = ragged(g, List.of(List.of(11L, 12L, 13L), ten));
    Value t2 = ragged(g, List.of(List.of(11L, 12L, 13L), ten));
    assertEquals("[[11, 12, 13], [21, 22, 23, 24]] | [[11, 12, 13], [21, 22, 23]]",
        all(g, tf.text.roundRobinTrimmer(7).trim(List.of(t1, t2))));
  }

  @Test
  void roundRobin_andShrinkLongest_docstringAllocations() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    List<Value> segs = List.of(ragged(g, List.of(List.of(1, 2, 3))), ragged(g, List.of(List.of(4, 5, 6, 7))),
        ragged(g, List.of(List.of(8, 9))));
    // RoundRobinTrimmer docstring: "budget of [5] and segments of size [3, 4, 2] ... allocated as [2, 2, 1]"
    assertEquals("[[1, 2]] | [[4, 5]] | [[8]]", all(g, tf.text.roundRobinTrimmer(5).trim(segs)));
    // WaterfallTrimmer docstring: "budget of [5] and segments of size [3, 4, 2] ... allocated as [3, 2, 0]"
    assertEquals("[[1, 2, 3]] | [[4, 5]] | [[]]", all(g, tf.text.waterfallTrimmer(5).trim(segs)));
    // ShrinkLongestTrimmer docstring: "budget is [7] and segments of size [3, 4, 4] ... allocated as [2, 2, 3]"
    List<Value> three = List.of(ragged(g, List.of(List.of(1, 2, 3))), ragged(g, List.of(List.of(4, 5, 6, 7))),
        ragged(g, List.of(List.of(8, 9, 10, 11))));
    assertEquals("[[1, 2]] | [[4, 5]] | [[8, 9, 10]]", all(g, tf.text.shrinkLongestTrimmer(7).trim(three)));
  }

  @Test
  void shrinkLongest_testCase() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value s1 = ragged(g, List.of(List.of(1, 2, 3), List.of(4, 5, 6), List.of(7, 8, 9, 0)));
    Value s2 = ragged(g, List.of(List.of(10), List.of(20, 30, 40), List.of(50, 60, 70)));
    // trimmer_ops_test ShrinkLongestTrimmerTest "Basic test on rank 2 RTs": ShrinkLongestTrimmer(4)
    //   -> [[True, True, True], [True, True, False], [True, True, False, False]],
    //      [[True], [True, True, False], [True, True, False]]
    assertEquals("[[True, True, True], [True, True, False], [True, True, False, False]]"
        + " | [[True], [True, True, False], [True, True, False]]",
        all(g, tf.text.shrinkLongestTrimmer(4).generateMask(List.of(s1, s2))));
  }

  @Test
  void trimmers_overThePiecesOfRank3Segments() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    // trimmer_ops_test "Test w/ segments of rank 3 on axis=-1": RoundRobinTrimmer(2).trim(
    //   [[[[b"hello", b"123"], [b"there"]]], [[[b"whodis", b"233"], [b"?"]]]]) -> [[[b'hello'], []]], [[[b'whodis'], []]]
    Value a = tf.ragged.constant(List.of(List.of(List.of("hello", "123"), List.of("there"))));
    Value b = tf.ragged.constant(List.of(List.of(List.of("whodis", "233"), List.of("?"))));
    assertEquals("[[[b'hello'], []]] | [[[b'whodis'], []]]", all(g, tf.text.roundRobinTrimmer(2).trim(List.of(a, b))));
    // WaterfallTrimmerOpsTest "Test when segments are rank 3 RaggedTensors": WaterfallTrimmer(2).generate_mask
    //   -> [[[True], [True]], [[True, True]], [[True, True], [False], [False], [False]]],
    //      [[[False], [False]], [[False], [False], [False], [False]], [[False], [False]]]
    Value c = tf.ragged.constant(List.of(List.of(List.of("hello"), List.of("there")), List.of(List.of("name", "is")),
        List.of(List.of("what", "time"), List.of("is"), List.of("it"), List.of("?"))));
    Value d = tf.ragged.constant(List.of(List.of(List.of("whodis"), List.of("?")),
        List.of(List.of("bond"), List.of(","), List.of("james"), List.of("bond")), List.of(List.of("5:30"), List.of("AM"))));
    assertEquals("[[[True], [True]], [[True, True]], [[True, True], [False], [False], [False]]]"
        + " | [[[False], [False]], [[False], [False], [False], [False]], [[False], [False]]]",
        all(g, tf.text.waterfallTrimmer(2).generateMask(List.of(c, d))));
  }

  @Test
  void trimmers_onFedRaggedAndDenseSegments() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value a = g.placeholder("a", Types.ragged(DType.INT64, 1));
    Value b = g.placeholder("b", Types.dense(DType.INT64, -1, -1));
    Map<String, Object> feeds = Map.of(
        "a", RaggedTensor.fromNested(List.of(List.of(1L, 2L, 3L), List.of(), List.of(4L))),
        "b", Tensor.fromNested(new long[][] {{10, 20}, {30, 40}, {50, 60}}));
    // RoundRobinTrimmer(3).trim([a, tf.RaggedTensor.from_tensor(b)])
    //   row 0: [3, 2] -> [2, 1]; row 1: [0, 2] -> [0, 2]; row 2: [1, 2] -> [1, 2]
    assertEquals("[[1, 2], [], [4]] | [[10], [30, 40], [50, 60]]",
        all(g, tf.text.roundRobinTrimmer(3).trim(List.of(a, b)), feeds));
    // a budget of 0 (or below) keeps nothing; an empty batch stays empty
    assertEquals("[[], [], []] | [[], [], []]", all(g, tf.text.shrinkLongestTrimmer(-1).trim(List.of(a, b)), feeds));
    Map<String, Object> empty = Map.of("a", RaggedTensor.of(Tensor.ofLongs(), dev.tatter.runtime.RowPartition.fromRowSplits(new long[] {0}, DType.INT64, true)),
        "b", Tensor.of(DType.INT64, new long[0], 0, 2));
    assertEquals("[] | []", all(g, tf.text.waterfallTrimmer(3).trim(List.of(a, b)), empty));
  }

  @Test
  void itemSelectors_docstrings() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    // FirstNItemSelector(2).get_selection_mask(tf.ragged.constant([[1, 2, 3], [5, 6, 7, 8]]), axis=1)
    //   -> [[True, True, False], [True, True, False, False]]
    Value x = ragged(g, List.of(List.of(1, 2, 3), List.of(5, 6, 7, 8)));
    assertEquals("[[True, True, False], [True, True, False, False]]",
        all(g, List.of(tf.text.firstNItemSelector(2).getSelectionMask(x, 1))));
    // LastNItemSelector(2).get_selection_mask(tf.ragged.constant([[1, 2, 3, 4], [5, 6, 7]]), axis=1)
    //   -> [[False, False, True, True], [False, True, True]]
    Value y = ragged(g, List.of(List.of(1, 2, 3, 4), List.of(5, 6, 7)));
    assertEquals("[[False, False, True, True], [False, True, True]]",
        all(g, List.of(tf.text.lastNItemSelector(2).getSelectionMask(y, 1))));
  }

  @Test
  void itemSelectors_onADenseMatrix() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value x = g.placeholder("x", Types.dense(DType.INT32, -1, 3));
    Map<String, Object> feeds = Map.of("x", Tensor.fromNested(new int[][] {{0, 7, 8}, {9, 0, 0}}));
    // LastNItemSelector(1, unselectable_ids=[0]).get_selection_mask(tf.RaggedTensor.from_tensor(x), axis=1)
    //   -> [[False, False, True], [True, False, False]]
    assertEquals("[[False, False, True], [True, False, False]]",
        all(g, List.of(tf.text.lastNItemSelector(1, 0).getSelectionMask(x, 1)), feeds));
  }

  @Test
  void itemSelectors_skipUnselectableIds() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value x = ragged(g, List.of(List.of(101L, 5L, 6L, 102L, 7L, 102L), List.of(101L, 102L), List.of()));
    // FirstNItemSelector(2, unselectable_ids=[101, 102]).get_selection_mask(x, axis=1): the special
    // ids are neither chosen nor counted -> [[F, T, T, F, F, F], [F, F], []]
    assertEquals("[[False, True, True, False, False, False], [False, False], []]",
        all(g, List.of(tf.text.firstNItemSelector(2, 101, 102).getSelectionMask(x, 1))));
    // LastNItemSelector(2, unselectable_ids=[101, 102]) -> [[F, F, T, F, T, F], [F, F], []]
    assertEquals("[[False, False, True, False, True, False], [False, False], []]",
        all(g, List.of(tf.text.lastNItemSelector(2, 101, 102).getSelectionMask(x, 1))));
    // get_selectable(x, axis=1) -> [[F, T, T, F, T, F], [F, F], []]
    assertEquals("[[False, True, True, False, True, False], [False, False], []]",
        all(g, List.of(tf.text.firstNItemSelector(2, 101, 102).getSelectable(x, 1))));
    // a per-row count: FirstNItemSelector([1, 2, 0]) -> [[F, T, F, F, F, F], [F, F], []]
    assertEquals("[[False, True, False, False, False, False], [False, False], []]",
        all(g, List.of(tf.text.firstNItemSelector(g.constant(Tensor.ofLongs(1, 2, 0)), 101, 102).getSelectionMask(x, 1))));
  }
}
