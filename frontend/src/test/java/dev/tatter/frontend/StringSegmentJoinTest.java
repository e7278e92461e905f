package dev.tatter.frontend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.ir.GraphBuildException;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.Tensor;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@code tf.strings.unsorted_segment_join} run everywhere: TF's docstring, its separator rule, ids of rank 2, bad ids. */
class StringSegmentJoinTest {
  @Test
  void docstringExamples() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    // tf.strings.unsorted_segment_join(['this', 'a', 'test', 'is'], [0, 1, 1, 0], 2, ' ') -> [b'this is', b'a test']
    Value words = g.constant(Tensor.ofStrings("this", "a", "test", "is"));
    Value out = tf.strings.unsortedSegmentJoin(words, g.constant(Tensor.ofInts(0, 1, 1, 0)), 2, " ");
    assertEquals("[b'this is', b'a test']", Harness.runFirst(g, out));
    // tf.strings.unsorted_segment_join([['Y', 'q', 'c'], ['Y', '6', '6'], ['p', 'G', 'a']], [1, 0, 1], 2, separator=':')
    //   -> [[b'Y', b'6', b'6'], [b'Y:p', b'q:G', b'c:a']]
    Value grid = g.constant(Tensor.of(DType.STRING, dev.tatter.runtime.StringColumn.ofText("Y", "q", "c", "Y", "6", "6", "p", "G", "a"), 3, 3));
    Value joined = tf.strings.unsortedSegmentJoin(grid, g.constant(Tensor.ofInts(1, 0, 1)), 2, ":");
    assertEquals("tensor<string>[2, 3]", joined.type().toString());
    assertEquals("[[b'Y', b'6', b'6'], [b'Y:p', b'q:G', b'c:a']]", Harness.runFirst(g, joined));
  }

  @Test
  void separatorFollowsTfsKernel_emptySegmentsAndIdMatrices() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value s = g.placeholder("s", Types.dense(DType.STRING, -1));
    Value ids = g.placeholder("ids", Types.dense(DType.INT64, -1));
    Value n = g.placeholder("n", Types.dense(DType.INT64));
    Value out = tf.strings.unsortedSegmentJoin(s, ids, n, ",");
    // tf.strings.unsorted_segment_join(['', 'a', '', 'b', 'c'], [0, 0, 0, 0, 2], 4, ',') -> [b'a,,b', b'', b'c', b'']:
    // TF's kernel puts the separator before a string only once the segment's string is not empty
    assertEquals("[b'a,,b', b'', b'c', b'']", Harness.runFirst(g, out,
        Map.of("s", Tensor.ofStrings("", "a", "", "b", "c"), "ids", Tensor.ofLongs(0, 0, 0, 0, 2), "n", Tensor.scalar(DType.INT64, 4L))));
    // a separator of several UTF-8 bytes: tf.strings.unsorted_segment_join(['x', 'y'], [0, 0], 1, ' → ') -> [b'x \xe2\x86\x92 y']
    Value arrow = tf.strings.unsortedSegmentJoin(s, ids, n, " → ");
    assertEquals("[b'x \\xe2\\x86\\x92 y']", Harness.runFirst(g, arrow,
        Map.of("s", Tensor.ofStrings("x", "y"), "ids", Tensor.ofLongs(0, 0), "n", Tensor.scalar(DType.INT64, 1L))));
    // a negative id and one past num_segments: TF's InvalidArgumentError
    for (long bad : new long[] {-1, 4}) {
      String e = Harness.runtimeError(g, out, Map.of("s", Tensor.ofStrings("a", "b"), "ids", Tensor.ofLongs(0, bad),
          "n", Tensor.scalar(DType.INT64, 4L)));
      assertTrue(e.contains("segment_ids are not allowed to exceed num_segments or to have negative values"), e);
    }
    String e = Harness.runtimeError(g, out, Map.of("s", Tensor.ofStrings("a"), "ids", Tensor.ofLongs(0), "n", Tensor.scalar(DType.INT64, -1L)));
    assertTrue(e.contains("Number of segments must be non-negative but got -1"), e);
    // ids of rank 2 over a [2, 2, 2] input: tf.strings.unsorted_segment_join(x, [[0, 1], [1, 0]], 2, '+')
    Value cube = g.constant(Tensor.of(DType.STRING, dev.tatter.runtime.StringColumn.ofText("a", "b", "c", "d", "e", "f", "g", "h"), 2, 2, 2));
    Value byMatrix = tf.strings.unsortedSegmentJoin(cube, g.constant(Tensor.of(DType.INT32, new int[] {0, 1, 1, 0}, 2, 2)), 2, "+");
    assertEquals("[[b'a+g', b'b+h'], [b'c+e', b'd+f']]", Harness.runFirst(g, byMatrix));
    // ids that are not a prefix of the inputs' shape
    GraphBuildException b = assertThrows(GraphBuildException.class,
        () -> tf.strings.unsortedSegmentJoin(cube, g.constant(Tensor.ofInts(0, 1, 1)), 2, ""));
    assertTrue(b.getMessage().contains("does not start with segment_ids.shape"), b.getMessage());
  }
}
