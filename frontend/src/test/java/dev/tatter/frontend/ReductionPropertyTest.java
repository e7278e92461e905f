package dev.tatter.frontend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.tatter.codegen.FeedChecker;
import dev.tatter.frontend.ReductionReference.Dim;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.RowPartition;
import dev.tatter.runtime.Tensor;
import java.lang.reflect.Array;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Every reduction, over random dense and ragged tensors (ragged rank 1 and 2, inner uniform
 * dimensions, empty rows, zero rows, extreme values: integer limits, ±0, ±inf, NaN, ±MAX), every
 * axis (negative too) and all axes, with and without keepdims, run everywhere, must equal
 * {@link ReductionReference} and fit its static type.
 */
class ReductionPropertyTest {
  private static final DType[] DTYPES = {DType.BOOL, DType.INT8, DType.INT16, DType.INT32, DType.INT64, DType.FLOAT32, DType.FLOAT64};
  private static final List<String> NUMERIC = List.of("sum", "prod", "min", "max", "mean");
  private static final List<String> LOGICAL = List.of("all", "any");

  /** One input and the axis to reduce (null: all axes). */
  record Case(Object input, List<Dim> dims, Integer axis, boolean keepdims) {
    @Override
    public String toString() {
      return input.getClass().getSimpleName() + "<" + dtypeOf(input) + "> " + input
          + (input instanceof RaggedTensor rt ? " partitions " + rt.nestedPartitions() : " shape " + Arrays.toString(((Tensor) input).shape()))
          + " axis=" + axis + " keepdims=" + keepdims;
    }
  }

  @Property(tries = 250, seed = "20261130")
  void everyReduction_matchesTheReference(@ForAll("cases") Case c) {
    Object input = c.input();
    DType dtype = dtypeOf(input);
    GraphBuilder g = new GraphBuilder();
    Value x = g.placeholder("x", ReductionTest.typeOf(input));
    List<String> ops = dtype == DType.BOOL ? LOGICAL : NUMERIC;
    List<Value> outputs = new ArrayList<>();
    for (String op : ops) {
      outputs.add(apply(x, op, c.axis(), c.keepdims()));
    }
    List<Object> results = Harness.runEverywhere(g.build(outputs.toArray(Value[]::new)), Map.of("x", input));
    Object nested = input instanceof RaggedTensor rt ? rt.toList() : ((Tensor) input).toList();
    for (int i = 0; i < ops.size(); i++) {
      Object actual = results.get(i);
      assertNull(FeedChecker.mismatch(outputs.get(i).type(), actual), () -> actual + " does not fit its static type");
      Integer axis = c.axis() == null ? null : Math.floorMod(c.axis(), c.dims().size());
      Object expected = ReductionReference.reduce(ops.get(i), nested, c.dims(), dtype, axis,
          c.axis() != null && c.keepdims(), input instanceof RaggedTensor);
      Object actualList = actual instanceof RaggedTensor rt ? rt.toList() : ((Tensor) actual).toList();
      assertEquals(normalize(expected), normalize(actualList), ops.get(i) + " of " + c);
    }
  }

  private static Value apply(Value x, String op, Integer axis, boolean keepdims) {
    if (axis == null) {
      return switch (op) {
        case "sum" -> x.reduceSum();
        case "prod" -> x.reduceProd();
        case "min" -> x.reduceMin();
        case "max" -> x.reduceMax();
        case "mean" -> x.reduceMean();
        case "all" -> x.reduceAll();
        default -> x.reduceAny();
      };
    }
    return switch (op) {
      case "sum" -> x.reduceSum(axis, keepdims);
      case "prod" -> x.reduceProd(axis, keepdims);
      case "min" -> x.reduceMin(axis, keepdims);
      case "max" -> x.reduceMax(axis, keepdims);
      case "mean" -> x.reduceMean(axis, keepdims);
      case "all" -> x.reduceAll(axis, keepdims);
      default -> x.reduceAny(axis, keepdims);
    };
  }

  /** Leaves as "Type:value", so that dtypes, -0.0 and NaN all count. */
  private static Object normalize(Object x) {
    if (x instanceof List<?> list) {
      return list.stream().map(ReductionPropertyTest::normalize).toList();
    }
    return x.getClass().getSimpleName() + ":" + x;
  }

  @Provide
  Arbitrary<Case> cases() {
    return Arbitraries.randomValue(ReductionPropertyTest::randomCase);
  }

  private static Case randomCase(Random r) {
    DType dtype = DTYPES[r.nextInt(DTYPES.length)];
    List<Dim> dims = new ArrayList<>();
    Object input;
    if (r.nextInt(3) == 0) {
      int rank = 1 + r.nextInt(3);
      int[] shape = new int[rank];
      for (int i = 0; i < rank; i++) {
        shape[i] = r.nextInt(4);
        dims.add(new Dim(false, shape[i]));
      }
      input = Tensor.wrap(dtype, shape, values(r, dtype, Arrays.stream(shape).reduce(1, (a, b) -> a * b)));
    } else {
      int raggedRank = 1 + r.nextInt(2);
      List<RowPartition> partitions = new ArrayList<>();
      int nrows = r.nextInt(5);
      dims.add(new Dim(false, nrows));
      int rows = nrows;
      for (int level = 0; level < raggedRank; level++) {
        long[] splits = new long[rows + 1];
        for (int i = 0; i < rows; i++) {
          splits[i + 1] = splits[i] + (r.nextInt(4) == 0 ? 0 : r.nextInt(4));
        }
        partitions.add(RowPartition.fromRowSplits(splits, r.nextBoolean() ? DType.INT64 : DType.INT32, true));
        dims.add(new Dim(true, -1));
        rows = (int) splits[rows];
      }
      // all partitions of one tensor share a splits dtype
      DType splitsDType = partitions.get(0).splitsDType();
      partitions.replaceAll(p -> p.withSplitsDType(splitsDType));
      int[] flatShape = r.nextInt(3) == 0 ? new int[] {rows, r.nextInt(3)} : new int[] {rows};
      if (flatShape.length == 2) {
        dims.add(new Dim(false, flatShape[1]));
      }
      input = RaggedTensor.ofNested(Tensor.wrap(dtype, flatShape, values(r, dtype, rows * (flatShape.length == 2 ? flatShape[1] : 1))), partitions);
    }
    int rank = dims.size();
    Integer axis = r.nextInt(5) == 0 ? null : r.nextInt(2 * rank) - rank;
    return new Case(input, dims, axis, r.nextBoolean());
  }

  private static Object values(Random r, DType dtype, int count) {
    Object array = Array.newInstance(dtype.arrayClass().getComponentType(), count);
    for (int i = 0; i < count; i++) {
      boolean extreme = r.nextInt(5) == 0;
      switch (dtype) {
        case BOOL -> ((boolean[]) array)[i] = r.nextInt(4) != 0;
        case INT8 -> ((byte[]) array)[i] = extreme ? pick(r, Byte.MIN_VALUE, Byte.MAX_VALUE, (byte) -1) : (byte) (r.nextInt(200) - 100);
        case INT16 -> ((short[]) array)[i] = extreme ? pick(r, Short.MIN_VALUE, Short.MAX_VALUE, (short) -1) : (short) (r.nextInt(600) - 300);
        case INT32 -> ((int[]) array)[i] = extreme ? pick(r, Integer.MIN_VALUE, Integer.MAX_VALUE, -1) : r.nextInt(100) - 50;
        case INT64 -> ((long[]) array)[i] = extreme ? pick(r, Long.MIN_VALUE, Long.MAX_VALUE, -1L) : r.nextInt(100) - 50;
        case FLOAT32 -> ((float[]) array)[i] = extreme
            ? pick(r, Float.NaN, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY, -0.0f, Float.MAX_VALUE, -Float.MAX_VALUE, Float.MIN_VALUE)
            : (r.nextInt(200) - 100) / 8f;
        case FLOAT64 -> ((double[]) array)[i] = extreme
            ? pick(r, Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, -0.0, Double.MAX_VALUE, -Double.MAX_VALUE, Double.MIN_VALUE)
            : (r.nextInt(200) - 100) / 8.0;
        default -> throw new IllegalStateException();
      }
    }
    return array;
  }

  @SafeVarargs
  private static <T> T pick(Random r, T... options) {
    return options[r.nextInt(options.length)];
  }

  private static DType dtypeOf(Object value) {
    return value instanceof RaggedTensor rt ? rt.dtype() : ((Tensor) value).dtype();
  }
}
