package dev.tatter.spark;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/** The graphs and data the tests, the example and the benchmark share (W1 and W3 as in bench/). */
public final class Workloads {
  private Workloads() {}

  /** W1: {@code ((x*2 + 1) / 3 - x) * x} over the flat values of a ragged float32 column. */
  public static final String W1 = """
      %x = placeholder() : ragged<float32>[None, (None)]
      %v = values(%x) : tensor<float32>[None]
      %p = partition(%x) : partition<int64>[None, (None)]
      %two = constant() {value = tensor<float32>[] 2.0} : tensor<float32>[]
      %one = constant() {value = tensor<float32>[] 1.0} : tensor<float32>[]
      %three = constant() {value = tensor<float32>[] 3.0} : tensor<float32>[]
      %0 = mul(%v, %two) : tensor<float32>[None]
      %1 = add(%0, %one) : tensor<float32>[None]
      %2 = truediv(%1, %three) : tensor<float32>[None]
      %3 = sub(%2, %v) : tensor<float32>[None]
      %4 = mul(%3, %v) : tensor<float32>[None]
      %y = ragged(%4, %p) : ragged<float32>[None, (None)]
      return %y
      """;

  /** W3: {@code reduce_sum(x * x, axis=1)}, one float per row. */
  public static final String W3 = """
      %x = placeholder() : ragged<float32>[None, (None)]
      %v = values(%x) : tensor<float32>[None]
      %p = partition(%x) : partition<int64>[None, (None)]
      %0 = mul(%v, %v) : tensor<float32>[None]
      %sq = ragged(%0, %p) : ragged<float32>[None, (None)]
      %sums = reduce_sum(%sq) {axis = [1]} : tensor<float32>[None]
      return %sums
      """;

  /** {@code rows} rows of random floats in [-4, 4), each of a random length in [0, maxLength]. */
  public static List<float[]> raggedFloats(int rows, int maxLength, long seed) {
    Random random = new Random(seed);
    List<float[]> out = new ArrayList<>(rows);
    for (int r = 0; r < rows; r++) {
      float[] row = new float[random.nextInt(maxLength + 1)];
      for (int i = 0; i < row.length; i++) {
        row[i] = random.nextFloat() * 8 - 4;
      }
      out.add(row);
    }
    return out;
  }
}
