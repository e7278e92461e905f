package dev.tatter.frontend;

import com.google.common.collect.ImmutableList;
import dev.tatter.ir.Node;
import dev.tatter.ir.OpDef;
import dev.tatter.ir.ops.SparseOps;
import dev.tatter.ir.types.DenseType;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.Tensor;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** How the random graphs build the string formatting ops and the sparse softmax, indicator and bincount. */
final class FormatOpStrategies {
  private FormatOpStrategies() {}

  private static Node strings(RandomGraphs.Generation gen) {
    Node text = gen.pick(n -> n.type() instanceof DenseType d && d.dtype() == DType.STRING && d.rank() >= 1);
    return text != null ? text : gen.constant(gen.randomTensor(DType.STRING, new int[] {1 + gen.random.nextInt(3)}));
  }

  static Node substr(RandomGraphs.Generation gen, OpDef op) {
    Node pos = gen.constant(Tensor.scalar(DType.INT64, (long) gen.random.nextInt(5) - 2));
    Node len = gen.constant(Tensor.scalar(DType.INT64, (long) gen.random.nextInt(5) - 1));
    return gen.add(op, List.of(strings(gen), pos, len), Map.of("unit", gen.random.nextBoolean() ? "BYTE" : "UTF8_CHAR"),
        gen.maybeName(), null);
  }

  static Node toNumber(RandomGraphs.Generation gen, OpDef op) {
    String[] pool = {"1", " 2.5", "-3", "0x1f", "inf", "7 ", "", "x"};
    int n = 1 + gen.random.nextInt(3);
    String[] s = new String[n];
    for (int i = 0; i < n; i++) {
      s[i] = pool[gen.random.nextInt(pool.length)];
    }
    DType[] types = {DType.FLOAT32, DType.FLOAT64, DType.INT32, DType.INT64};
    return gen.add(op, List.of(gen.constant(Tensor.ofStrings(s))), Map.of("out_type", types[gen.random.nextInt(types.length)]),
        gen.maybeName(), null);
  }

  static Node asString(RandomGraphs.Generation gen, OpDef op) {
    DType dtype = gen.random.nextBoolean() ? DType.FLOAT64 : DType.INT32;
    Node x = gen.pick(n -> n.type() instanceof DenseType d && d.dtype() == dtype);
    if (x == null) {
      x = gen.constant(gen.randomTensor(dtype, new int[] {1 + gen.random.nextInt(3)}));
    }
    Map<String, Object> attrs = new HashMap<>();
    if (dtype.isFloating()) {
      attrs.put("precision", (long) gen.random.nextInt(4) - 1);
      attrs.put("shortest", gen.random.nextBoolean());
    }
    attrs.put("width", (long) gen.random.nextInt(6) - 1);
    attrs.put("fill", new String[] {"", "0", "-", "+"}[gen.random.nextInt(4)]);
    return gen.add(op, List.of(x), attrs, gen.maybeName(), null);
  }

  static Node join(RandomGraphs.Generation gen, OpDef op) {
    Node a = strings(gen);
    Node b = gen.random.nextBoolean() ? a : gen.constant(Tensor.scalar(DType.STRING, "!"));
    return gen.add(op, List.of(a, b), Map.of("separator", gen.random.nextBoolean() ? "" : " "), gen.maybeName(), null);
  }

  static Node reduceJoin(RandomGraphs.Generation gen, OpDef op) {
    Node a = strings(gen);
    int rank = ((DenseType) a.type()).rank();
    return gen.add(op, List.of(a), Map.of("axis", ImmutableList.of((long) gen.random.nextInt(rank)), "keepdims",
        gen.random.nextBoolean(), "separator", ","), gen.maybeName(), null);
  }

  static Node stringFormat(RandomGraphs.Generation gen, OpDef op) {
    Node x = gen.pick(n -> (n.type() instanceof DenseType || n.type() instanceof dev.tatter.ir.types.RaggedType)
        && !n.type().dtype().isComplex());
    if (x == null) {
      x = strings(gen);
    }
    long[] summarize = {-1, 1, 2, 3};
    return gen.add(op, List.of(x), Map.of("template", "v={}!", "summarize", summarize[gen.random.nextInt(summarize.length)]),
        gen.maybeName(), null);
  }

  private static Node sparseOf(RandomGraphs.Generation gen, DType dtype, int bound) {
    int[] values = new int[12];
    for (int i = 0; i < values.length; i++) {
      values[i] = gen.random.nextInt(3) == 0 ? 1 + gen.random.nextInt(bound - 1) : 0;
    }
    Tensor dense = dtype == DType.FLOAT32 ? Tensor.of(DType.FLOAT32, toFloats(values), 3, 4)
        : Tensor.of(DType.INT64, java.util.Arrays.stream(values).asLongStream().toArray(), 3, 4);
    return gen.add(SparseOps.FROM_DENSE, List.of(gen.constant(dense)), Map.of(), null, null);
  }

  private static float[] toFloats(int[] v) {
    float[] out = new float[v.length];
    for (int i = 0; i < v.length; i++) {
      out[i] = v[i] / 2f;
    }
    return out;
  }

  static Node sparseSoftmax(RandomGraphs.Generation gen, OpDef op) {
    Node st = sparseOf(gen, DType.FLOAT32, 6);
    return st == null ? null : gen.add(op, List.of(st), Map.of(), gen.maybeName(), null);
  }

  static Node sparseToIndicator(RandomGraphs.Generation gen, OpDef op) {
    Node st = sparseOf(gen, DType.INT64, 4);
    return st == null ? null : gen.add(op, List.of(st), Map.of("vocab_size", 4L), gen.maybeName(), null);
  }

  static Node sparseBincount(RandomGraphs.Generation gen, OpDef op) {
    Node st = sparseOf(gen, DType.INT64, 6);
    if (st == null) {
      return null;
    }
    Node none = gen.constant(Tensor.of(DType.INT64, new long[0], 0));
    return gen.add(op, List.of(st, none), Map.of("axis", gen.random.nextBoolean() ? 0L : -1L, "binary_output", gen.random.nextBoolean()),
        gen.maybeName(), null);
  }
}
