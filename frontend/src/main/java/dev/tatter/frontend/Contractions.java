package dev.tatter.frontend;

import dev.tatter.ir.ops.ArrayOps;
import dev.tatter.ir.types.DenseType;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.Tensor;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * TF's tensor contractions of one or two operands, lowered as TF's {@code tensordot} lowers them:
 * each operand transposed to {@code [batch..., free..., contracted...]} (the second to {@code
 * [batch..., contracted..., free...]}), reshaped to a batch of matrices, multiplied by {@code matmul}
 * (whose batch dims broadcast), and reshaped back. {@code tf.tensordot} names the contracted axes;
 * {@code tf.einsum} names every axis by a letter (an ellipsis spelled out in unused letters by
 * {@link EinsumEllipsis}; no diagonals): a letter in both
 * operands and the output is a batch axis, in both but not the output a contracted one, in one
 * operand only and not the output summed away first. Dense operands only, as TF's.
 */
@BuilderApi
final class Contractions {
  private Contractions() {}

  /** TF's {@code tf.tensordot(a, b, axes)} with a count: the last {@code axes} dims of a with the first of b. */
  @TfApi({"tf.tensordot", "tf.linalg.tensordot"})
  static Value tensordot(Value a, Value b, int axes) {
    int ra = denseRank("tensordot", a);
    int rb = denseRank("tensordot", b);
    if (axes < 0 || axes > ra || axes > rb) {
      throw GraphBuilder.misuse("tensordot: 'axes' must be in [0, " + Math.min(ra, rb) + "] (the ranks of a and b are " + ra
          + " and " + rb + "), got " + axes, a);
    }
    int[] axesA = new int[axes];
    int[] axesB = new int[axes];
    for (int i = 0; i < axes; i++) {
      axesA[i] = ra - axes + i;
      axesB[i] = i;
    }
    return tensordot(a, b, axesA, axesB);
  }

  /** TF's {@code tf.tensordot(a, b, [axesA, axesB])}: axis axesA[i] of a contracted with axis axesB[i] of b. */
  @TfApi({"tf.tensordot", "tf.linalg.tensordot"})
  static Value tensordot(Value a, Value b, int[] axesA, int[] axesB) {
    int ra = denseRank("tensordot", a);
    int rb = denseRank("tensordot", b);
    if (axesA.length != axesB.length) {
      throw GraphBuilder.misuse("tensordot: different number of contraction axes 'a' and 'b', " + axesA.length + " != "
          + axesB.length, a);
    }
    int[] conA = resolve(axesA, ra, a);
    int[] conB = resolve(axesB, rb, b);
    return contract(a, b, new int[0], new int[0], others(conA, ra), others(conB, rb), conA, conB);
  }

  /** TF's {@code tf.einsum(equation, a)} of one operand: a transpose, with the axes the output lacks summed. */
  @TfApi({"tf.einsum", "tf.linalg.einsum"})
  static Value einsum(String equation, Value a) {
    String[] io = parse(EinsumEllipsis.expand(equation, a), 1, a);
    String in = checkSubscripts(io[0], a, 0);
    Value x = a;
    String letters = in;
    int[] summed = positions(letters, c -> io[1].indexOf(c) < 0);
    if (summed.length > 0) {
      x = sum(x, summed);
      letters = remove(letters, summed);
    }
    return toOrder(x, letters, io[1]);
  }

  /** TF's {@code tf.einsum(equation, a, b)}: the contraction the equation's letters name. */
  @TfApi({"tf.einsum", "tf.linalg.einsum"})
  static Value einsum(String equation, Value a, Value b) {
    String[] io = parse(EinsumEllipsis.expand(equation, a, b), 2, a);
    String out = io[2];
    String la = checkSubscripts(io[0], a, 0);
    String lb = checkSubscripts(io[1], b, 1);
    // a letter of one operand alone that the output lacks is summed away before the product
    int[] sumA = positions(la, c -> lb.indexOf(c) < 0 && out.indexOf(c) < 0);
    int[] sumB = positions(lb, c -> la.indexOf(c) < 0 && out.indexOf(c) < 0);
    Value x = sum(a, sumA);
    Value y = sum(b, sumB);
    String ka = remove(la, sumA);
    String kb = remove(lb, sumB);
    StringBuilder batch = new StringBuilder();
    StringBuilder contracted = new StringBuilder();
    for (char c : ka.toCharArray()) {
      if (kb.indexOf(c) >= 0) {
        (out.indexOf(c) >= 0 ? batch : contracted).append(c);
      }
    }
    String freeA = without(ka, kb);
    String freeB = without(kb, ka);
    Value product = contract(x, y, indices(ka, batch), indices(kb, batch), indices(ka, freeA), indices(kb, freeB),
        indices(ka, contracted), indices(kb, contracted));
    return toOrder(product, batch + freeA + freeB, out);
  }

  /**
   * The product of a and b over conA/conB, batched over batchA/batchB: a tensor of dims {@code
   * [batch..., freeA..., freeB...]}.
   */
  private static Value contract(Value a, Value b, int[] batchA, int[] batchB, int[] freeA, int[] freeB, int[] conA,
      int[] conB) {
    DenseType ta = (DenseType) a.type();
    DenseType tb = (DenseType) b.type();
    for (int i = 0; i < conA.length; i++) {
      long da = ta.dim(conA[i]);
      long db = tb.dim(conB[i]);
      if (da >= 0 && db >= 0 && da != db) {
        throw GraphBuilder.misuse("contraction: axis " + conA[i] + " of a has size " + da + " but axis " + conB[i]
            + " of b has size " + db, a);
      }
    }
    Value pa = Shapes.transpose(a, concat(batchA, freeA, conA));
    Value pb = Shapes.transpose(b, concat(batchB, conB, freeB));
    ShapeVector left = ShapeVector.of(a, batchA).product(a, freeA).product(a, conA);
    ShapeVector right = ShapeVector.of(b, batchB).product(b, conB).product(b, freeB);
    Value product = LinearAlgebra.matmul(left.reshape(pa), right.reshape(pb));
    ShapeVector result = batchDims(a, b, batchA, batchB).dims(a, freeA).dims(b, freeB);
    return result.reshape(product);
  }

  /** The batch dims of the product: the matmul broadcasts a 1 against the other's size. */
  private static ShapeVector batchDims(Value a, Value b, int[] batchA, int[] batchB) {
    ShapeVector v = new ShapeVector(a.builder(), List.of());
    DenseType ta = (DenseType) a.type();
    for (int i = 0; i < batchA.length; i++) {
      long da = ta.dim(batchA[i]);
      v = da == 1 ? v.dims(b, new int[] {batchB[i]}) : v.dims(a, new int[] {batchA[i]});
    }
    return v;
  }

  /** x summed over {@code axes} (ascending), one axis at a time from the last. */
  private static Value sum(Value x, int[] axes) {
    Value s = x;
    for (int i = axes.length - 1; i >= 0; i--) {
      s = s.reduceSum(axes[i]);
    }
    return s;
  }

  /** x, whose axes carry {@code letters}, transposed to the output's letter order. */
  private static Value toOrder(Value x, String letters, String out) {
    int[] perm = indices(letters, out);
    boolean identity = true;
    for (int i = 0; i < perm.length; i++) {
      identity &= perm[i] == i;
    }
    return identity ? x : Shapes.transpose(x, perm);
  }

  /** {@code equation} split into its operands' subscripts and the output's (TF's implicit output: the letters seen once, sorted). */
  private static String[] parse(String equation, int operands, Value at) {
    String eq = equation.replace(" ", "");
    String[] sides = eq.split("->", -1);
    String[] ins = sides[0].split(",", -1);
    if (sides.length > 2 || ins.length != operands) {
      throw GraphBuilder.misuse("einsum: the equation '" + equation + "' must name " + operands + " operand"
          + (operands == 1 ? "" : "s") + " (and at most one '->')", at);
    }
    for (char c : eq.toCharArray()) {
      if (!Character.isLetter(c) && c != ',' && c != '-' && c != '>') {
        throw GraphBuilder.misuse("einsum: the equation '" + equation + "' has '" + c + "': " + EinsumEllipsis.ONLY, at);
      }
    }
    String out;
    if (sides.length == 2) {
      out = sides[1];
    } else {
      StringBuilder once = new StringBuilder();
      String all = String.join("", ins);
      all.chars().sorted().distinct().filter(c -> all.indexOf(c) == all.lastIndexOf(c)).forEach(c -> once.append((char) c));
      out = once.toString();
    }
    for (char c : out.toCharArray()) {
      if (sides[0].indexOf(c) < 0) {
        throw GraphBuilder.misuse("einsum: the output subscript '" + c + "' of '" + equation + "' appears in no input", at);
      }
      if (out.indexOf(c) != out.lastIndexOf(c)) {
        throw GraphBuilder.misuse("einsum: the output subscript '" + c + "' of '" + equation + "' appears twice", at);
      }
    }
    String[] io = Arrays.copyOf(ins, operands + 1);
    io[operands] = out;
    return io;
  }

  private static String checkSubscripts(String letters, Value x, int operand) {
    int rank = denseRank("einsum", x);
    if (letters.length() != rank) {
      throw GraphBuilder.misuse("einsum: operand " + operand + " has rank " + rank + " but its subscripts '" + letters
          + "' name " + letters.length() + " axes", x);
    }
    for (char c : letters.toCharArray()) {
      if (letters.indexOf(c) != letters.lastIndexOf(c)) {
        throw GraphBuilder.misuse("einsum: the subscript '" + c + "' repeats in operand " + operand + " ('" + letters
            + "'): diagonals are not supported", x);
      }
    }
    return letters;
  }

  private static int denseRank(String op, Value x) {
    if (!(x.type() instanceof DenseType d)) {
      throw GraphBuilder.misuse(op + " takes dense tensors, got " + x.type(), x);
    }
    return d.rank();
  }

  private static int[] resolve(int[] axes, int rank, Value x) {
    int[] r = new int[axes.length];
    for (int i = 0; i < axes.length; i++) {
      r[i] = axes[i] < 0 ? axes[i] + rank : axes[i];
      if (r[i] < 0 || r[i] >= rank) {
        throw GraphBuilder.misuse("tensordot: axis " + axes[i] + " is out of range for rank " + rank, x);
      }
      for (int j = 0; j < i; j++) {
        if (r[j] == r[i]) {
          throw GraphBuilder.misuse("tensordot: axis " + axes[i] + " is contracted twice", x);
        }
      }
    }
    return r;
  }

  private static int[] others(int[] axes, int rank) {
    return java.util.stream.IntStream.range(0, rank).filter(d -> Arrays.stream(axes).noneMatch(a -> a == d)).toArray();
  }

  private static int[] positions(String letters, java.util.function.IntPredicate keep) {
    return java.util.stream.IntStream.range(0, letters.length()).filter(i -> keep.test(letters.charAt(i))).toArray();
  }

  private static String remove(String letters, int[] positions) {
    StringBuilder s = new StringBuilder();
    for (int i = 0; i < letters.length(); i++) {
      final int at = i;
      if (Arrays.stream(positions).noneMatch(p -> p == at)) {
        s.append(letters.charAt(i));
      }
    }
    return s.toString();
  }

  private static String without(String letters, String other) {
    StringBuilder s = new StringBuilder();
    for (char c : letters.toCharArray()) {
      if (other.indexOf(c) < 0) {
        s.append(c);
      }
    }
    return s.toString();
  }

  /** Where each of {@code which}'s letters stands in {@code letters}. */
  private static int[] indices(String letters, CharSequence which) {
    return which.chars().map(letters::indexOf).toArray();
  }

  private static int[] concat(int[]... parts) {
    return Arrays.stream(parts).flatMapToInt(Arrays::stream).toArray();
  }

  /**
   * A shape under construction: sizes known when the graph is built are numbers, the others read
   * from {@code tf.shape} of their operand; a constant shape keeps the reshaped type static.
   */
  private record ShapeVector(GraphBuilder g, List<Object> parts) {
    static ShapeVector of(Value x, int[] axes) {
      return new ShapeVector(x.builder(), List.of()).dims(x, axes);
    }

    /** Each of x's dims at {@code axes}. */
    ShapeVector dims(Value x, int[] axes) {
      List<Object> p = new ArrayList<>(parts);
      DenseType t = (DenseType) x.type();
      for (int axis : axes) {
        long d = t.dim(axis);
        p.add(d >= 0 ? (Object) d : gathered(x, new int[] {axis}));
      }
      return new ShapeVector(g, p);
    }

    /** The product of x's dims at {@code axes}, as one dim (1 when there are none). */
    ShapeVector product(Value x, int[] axes) {
      List<Object> p = new ArrayList<>(parts);
      DenseType t = (DenseType) x.type();
      long known = 1;
      boolean allKnown = true;
      for (int axis : axes) {
        allKnown &= t.dim(axis) >= 0;
        known *= t.dim(axis);
      }
      p.add(allKnown ? (Object) known : gathered(x, axes).reduceProd(0, true));
      return new ShapeVector(g, p);
    }

    private Value gathered(Value x, int[] axes) {
      Value shape = Shapes.shape(x, DType.INT64);
      long[] idx = Arrays.stream(axes).asLongStream().toArray();
      return g.op(ArrayOps.GATHER, Map.of("axis", 0L, "batch_dims", 0L), shape, g.constant(Tensor.ofLongs(idx)));
    }

    Value reshape(Value x) {
      if (parts.stream().allMatch(p -> p instanceof Long)) {
        return Shapes.reshape(x, parts.stream().mapToLong(p -> (Long) p).toArray());
      }
      List<Value> pieces = new ArrayList<>();
      for (Object p : parts) {
        pieces.add(p instanceof Long l ? g.constant(Tensor.ofLongs(l)) : (Value) p);
      }
      return Shapes.reshape(x, Combinations.concat(g, pieces, 0));
    }
  }
}
