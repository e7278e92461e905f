package dev.tatter.frontend;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.ir.GraphBuildException;
import dev.tatter.runtime.DType;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * {@code tensor<bool>[*]} (Python's {@code ==} on dense shapes an unknown size leaves open) given
 * to builder calls other than fetching, {@code invert} and {@code reduceAll()}/{@code reduceAny()}:
 * each is refused as the graph is built, with a message that says why the rank is unknown and
 * what to write instead, whether the op's own check ({@code OpDef}) or the builder's sugar
 * (which reads ranks before any node exists) meets the value first.
 */
class UnrankedOperandRefusalTest {
  @Test
  void everyCallThatNeedsARank_refusesTheUnrankedResultOfEq() {
    // v = {x == y of tensor<int32>[None] placeholders (unranked), x, a bool [None], an int32 [None]}
    Map<String, java.util.function.BiFunction<Ops, Value[], Object>> cases = new LinkedHashMap<>();
    cases.put("where1", (tf, v) -> tf.where(v[0]));
    cases.put("where3", (tf, v) -> tf.where(v[0], v[1], v[1]));
    cases.put("where3b", (tf, v) -> tf.where(v[2], v[0], v[0]));
    cases.put("mask", (tf, v) -> tf.booleanMask(v[0], v[2]));
    cases.put("maskData", (tf, v) -> tf.booleanMask(v[0], v[0]));
    cases.put("concat", (tf, v) -> tf.concat(List.of(v[0], v[0]), 0));
    cases.put("stack", (tf, v) -> tf.stack(List.of(v[0], v[0]), 0));
    cases.put("tile", (tf, v) -> tf.tile(v[0], 2));
    cases.put("gatherP", (tf, v) -> tf.gather(v[0], v[3]));
    cases.put("gatherAx", (tf, v) -> tf.gather(v[0], v[3], 0, 0));
    cases.put("addN", (tf, v) -> tf.math.addN(v[0], v[0]));
    cases.put("bincount", (tf, v) -> tf.math.bincount(v[0]));
    cases.put("segsum", (tf, v) -> tf.math.unsortedSegmentSum(v[0], v[3], v[3]));
    cases.put("seqmask", (tf, v) -> tf.sequenceMask(v[0]));
    cases.put("bitcast", (tf, v) -> tf.bitcast(v[0], DType.INT8));
    cases.put("zerosLike", (tf, v) -> tf.zerosLike(v[0]));
    cases.put("onesLike", (tf, v) -> tf.onesLike(v[0]));
    cases.put("reduceSum", (tf, v) -> v[0].reduceSum());
    cases.put("cumsum", (tf, v) -> tf.math.cumsum(v[0], 0));
    cases.put("softmax", (tf, v) -> tf.nn.softmax(v[0]));
    cases.put("reverse", (tf, v) -> tf.reverse(v[0], 0));
    cases.put("expandDims", (tf, v) -> tf.expandDims(v[0], 0));
    cases.put("toTensor", (tf, v) -> v[0].toTensor());
    cases.put("raggedFromTensor", (tf, v) -> v[0].graph().raggedFromTensor(v[0]));
    cases.put("toSparse", (tf, v) -> v[0].toSparse());
    cases.put("mergeDims", (tf, v) -> v[0].mergeDims(0, 1));
    cases.put("getItem", (tf, v) -> v[0].getItem(0L));
    cases.put("setShape", (tf, v) -> v[0].setShape(3));
    cases.put("logicalAnd", (tf, v) -> tf.math.logicalAnd(v[0], v[2]));
    cases.put("eq", (tf, v) -> v[0].eq(v[2]));
    cases.put("equal", (tf, v) -> tf.math.equal(v[0], v[2]));
    cases.put("cast", (tf, v) -> v[0].cast(DType.INT32));
    cases.put("add", (tf, v) -> v[0].add(true));
    cases.put("raggedFromRowSplits", (tf, v) -> v[0].builder().raggedFromRowSplits(v[0], v[3]));
    cases.put("sparseFromDense", (tf, v) -> tf.sparse.fromDense(v[0]));
    cases.put("isNan", (tf, v) -> tf.math.isNan(v[0]));
    cases.put("clip", (tf, v) -> tf.clipByValue(v[0], v[2], v[2]));
    for (var e : cases.entrySet()) {
      GraphBuilder g = new GraphBuilder();
      Value x = g.placeholder("x", Types.dense(DType.INT32, -1));
      Value y = g.placeholder("y", Types.dense(DType.INT32, -1));
      Value u = x.eq(y);
      Value b = g.placeholder("b", Types.dense(DType.BOOL, -1));
      Value i = g.placeholder("i", Types.dense(DType.INT32, -1));
      GraphBuildException ex = assertThrows(GraphBuildException.class, () -> e.getValue().apply(g.ops(), new Value[] {u, x, b, i}), e.getKey());
      assertTrue(ex.getMessage().contains("tensor<bool>[*]") && ex.getMessage().contains("whose rank is known only at run time: "
          + "== (!=) of shapes that may not broadcast gives TF's scalar False (True)")
          && ex.getMessage().contains("use equal() or notEqual()"), e.getKey() + ": " + ex.getMessage());
      assertTrue(ex.getMessage().contains("UnrankedOperandRefusalTest.java:"), e.getKey() + " names the call site: " + ex.getMessage());
    }
  }
}
