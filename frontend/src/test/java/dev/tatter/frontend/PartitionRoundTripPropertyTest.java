package dev.tatter.frontend;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tatter.runtime.DType;
import dev.tatter.runtime.RowPartition;
import dev.tatter.runtime.Tensor;
import java.util.List;
import java.util.Map;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

/**
 * For random partitions (empty rows and no rows included): each factory, fed the encoding it
 * takes as computed here in plain Java, builds the same partition, and every encoding the graph
 * computes of it equals the plain Java one — unoptimized, optimized and compiled alike.
 */
class PartitionRoundTripPropertyTest {
  @Property(tries = 20, seed = "20261130")
  void everyFactory_rebuildsThePartition_andEveryEncodingAgrees(
      @ForAll @Size(max = 7) List<@IntRange(min = 0, max = 4) Integer> lengths, @ForAll boolean int32) {
    DType dtype = int32 ? DType.INT32 : DType.INT64;
    int nrows = lengths.size();
    long[] splits = new long[nrows + 1];
    for (int i = 0; i < nrows; i++) {
      splits[i + 1] = splits[i] + lengths.get(i);
    }
    int nvals = (int) splits[nrows];
    long[] rowids = new long[nvals];
    long[] offsets = new long[nvals];
    for (int r = 0; r < nrows; r++) {
      for (long i = splits[r]; i < splits[r + 1]; i++) {
        rowids[(int) i] = r;
        offsets[(int) i] = i - splits[r];
      }
    }
    long[] lens = lengths.stream().mapToLong(Integer::longValue).toArray();
    long[] starts = java.util.Arrays.copyOf(splits, nrows);
    long[] limits = java.util.Arrays.copyOfRange(splits, 1, nrows + 1);

    GraphBuilder g = new GraphBuilder();
    PartitionOptions o = PartitionOptions.DEFAULT.withDTypeHint(dtype);
    List<Value> partitions = List.of(
        g.partitionFromRowSplits(splits, o),
        g.partitionFromRowLengths(lens, o),
        g.partitionFromRowStarts(starts, nvals, o),
        g.partitionFromRowLimits(limits, o),
        g.partitionFromValueRowids(rowids, (long) nrows, o));
    Value p = partitions.get(1);
    List<Object> out = Harness.runEverywhere(g.build(partitions.get(0), partitions.get(1), partitions.get(2),
        partitions.get(3), partitions.get(4), p.rowSplits(), p.rowLengths(), p.rowStarts(), p.rowLimits(),
        p.valueRowids(), p.offsetsInRows(), p.nrows(), p.nvals()), Map.of());
    RowPartition expected = RowPartition.fromRowSplits(splits, dtype, true);
    for (int i = 0; i < 5; i++) {
      assertEquals(expected, out.get(i), "factory " + i);
    }
    assertEquals(List.of(vector(dtype, splits), vector(dtype, lens), vector(dtype, starts), vector(dtype, limits),
        vector(dtype, rowids), vector(dtype, offsets), Tensor.scalar(dtype, nrows), Tensor.scalar(dtype, nvals)),
        out.subList(5, 13));
  }

  private static Tensor vector(DType dtype, long[] values) {
    return dtype == DType.INT64 ? Tensor.ofLongs(values) : Tensor.ofInts(java.util.Arrays.stream(values).mapToInt(v -> (int) v).toArray());
  }
}
