package dev.tatter.bench;

import dev.tatter.arrow.ArrowRagged;
import dev.tatter.arrow.ArrowRagged.NullRows;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.RowPartition;
import dev.tatter.runtime.Tensor;
import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.function.Supplier;
import java.nio.ByteOrder;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.FieldVector;

/**
 * {@code ArrowRagged}'s conversions measured round-robin in one JVM against {@code System.arraycopy}
 * of the same bytes: a ragged float32 tensor of 8M values in rows of 0 to 63 values (about 250k
 * rows), as a {@code ListVector} (int32 offsets) and a {@code LargeListVector} (int64 offsets),
 * Arrow to ragged ({@code toRagged}) and back ({@code toListVector}). The bytes counted are the
 * Arrow side's: 4 per value plus 4 (or 8) per offset; the baseline copies a {@code float[]} of the
 * values and an {@code int[]} (or {@code long[]}) of the offsets into preallocated arrays, the least
 * any conversion that copies must do. Each call is timed in wall time and in the calling thread's
 * CPU time (the conversions run on the calling thread only, so the two differ by what the machine
 * takes away). Timed by {@link RoundRobin}, which closes a vector made by {@code toListVector} outside the timed region.
 * Two more baselines allocate what a conversion must allocate, then copy: new heap arrays (what
 * {@code toRagged} returns) and new Arrow buffers (what {@code toListVector} returns); the first
 * touch of fresh memory costs more than the copy itself (Arrow's off-heap memory is returned to
 * the operating system on close, so every new vector's pages are faulted in again).
 * Run with {@code java -Xms4g -Xmx4g -XX:+AlwaysPreTouch --add-opens=java.base/java.nio=ALL-UNNAMED -cp
 * bench/target/benchmarks.jar dev.tatter.bench.ArrowConversionAlternating [rounds] [values]}
 * ({@code AlwaysPreTouch}: without it each fresh heap region's first touch lands in whichever call
 * happens to allocate there).
 */
public final class ArrowConversionAlternating {
  final BufferAllocator allocator = new RootAllocator();
  final RaggedTensor ragged32;
  final RaggedTensor ragged64;
  final FieldVector list32;
  final FieldVector list64;
  final long bytes32;
  final long bytes64;
  final float[] values;
  final int[] offsets32;
  final long[] offsets64;
  final float[] valuesCopy;
  final int[] offsets32Copy;
  final long[] offsets64Copy;

  ArrowConversionAlternating(int count) {
    SplittableRandom r = new SplittableRandom(1);
    values = new float[count];
    for (int i = 0; i < count; i++) {
      values[i] = (float) r.nextDouble();
    }
    long[] splits = new long[count / 16 + 2];
    int rows = 0;
    long at = 0;
    while (at < count) {
      at = Math.min(count, at + r.nextInt(64));
      if (rows + 2 > splits.length) {
        splits = Arrays.copyOf(splits, splits.length * 2);
      }
      splits[++rows] = at;
    }
    splits = Arrays.copyOf(splits, rows + 1);
    offsets64 = splits;
    offsets32 = new int[splits.length];
    for (int i = 0; i < splits.length; i++) {
      offsets32[i] = (int) splits[i];
    }
    Tensor flat = Tensor.ofFloats(values);
    ragged32 = RaggedTensor.of(flat, RowPartition.fromRowSplits(splits, DType.INT32, true));
    ragged64 = RaggedTensor.of(flat, RowPartition.fromRowSplits(splits, DType.INT64, true));
    list32 = ArrowRagged.toListVector(ragged32, "r32", allocator);
    list64 = ArrowRagged.toListVector(ragged64, "r64", allocator);
    bytes32 = 4L * count + 4L * splits.length;
    bytes64 = 4L * count + 8L * splits.length;
    valuesCopy = new float[count];
    offsets32Copy = new int[splits.length];
    offsets64Copy = new long[splits.length];
  }

  Object toRagged32() {
    return ArrowRagged.toRagged(list32, NullRows.REFUSE);
  }

  Object toRagged64() {
    return ArrowRagged.toRagged(list64, NullRows.REFUSE);
  }

  Object toListVector32() {
    return ArrowRagged.toListVector(ragged32, "out32", allocator);
  }

  Object toListVector64() {
    return ArrowRagged.toListVector(ragged64, "out64", allocator);
  }

  Object arraycopy32() {
    System.arraycopy(values, 0, valuesCopy, 0, values.length);
    System.arraycopy(offsets32, 0, offsets32Copy, 0, offsets32.length);
    return valuesCopy;
  }

  Object arraycopy64() {
    System.arraycopy(values, 0, valuesCopy, 0, values.length);
    System.arraycopy(offsets64, 0, offsets64Copy, 0, offsets64.length);
    return valuesCopy;
  }

  /**
   * The least a conversion to new heap arrays must do: allocate them and copy. The arrays are
   * fresh, so this pays what {@code toRagged}'s result arrays pay beyond the plain copy (zeroing,
   * and the first touch of heap pages not used before, unless the JVM pre-touched its heap).
   */
  Object allocatingCopy32() {
    float[] v = new float[values.length];
    int[] o = new int[offsets32.length];
    System.arraycopy(values, 0, v, 0, values.length);
    System.arraycopy(offsets32, 0, o, 0, offsets32.length);
    return new Object[] {v, o};
  }

  Object allocatingCopy64() {
    float[] v = new float[values.length];
    long[] o = new long[offsets64.length];
    System.arraycopy(values, 0, v, 0, values.length);
    System.arraycopy(offsets64, 0, o, 0, offsets64.length);
    return new Object[] {v, o};
  }

  /**
   * The least a conversion to a new Arrow vector must do: allocate Arrow buffers for the values and
   * the offsets and put the arrays into them in bulk. Fresh off-heap memory is touched for the
   * first time here, which the operating system charges for (page faults, its own zeroing).
   */
  Object arrowBufferCopy32() {
    ArrowBuf v = allocator.buffer(4L * values.length);
    ArrowBuf o = allocator.buffer(4L * offsets32.length);
    v.nioBuffer(0, 4 * values.length).order(ByteOrder.LITTLE_ENDIAN).asFloatBuffer().put(values);
    o.nioBuffer(0, 4 * offsets32.length).order(ByteOrder.LITTLE_ENDIAN).asIntBuffer().put(offsets32);
    return (AutoCloseable) () -> {
      v.close();
      o.close();
    };
  }

  Object arrowBufferCopy64() {
    ArrowBuf v = allocator.buffer(4L * values.length);
    ArrowBuf o = allocator.buffer(8L * offsets64.length);
    v.nioBuffer(0, 4 * values.length).order(ByteOrder.LITTLE_ENDIAN).asFloatBuffer().put(values);
    o.nioBuffer(0, 8 * offsets64.length).order(ByteOrder.LITTLE_ENDIAN).asLongBuffer().put(offsets64);
    return (AutoCloseable) () -> {
      v.close();
      o.close();
    };
  }

  /** Checks once that each conversion gives back what it was given, so the timings are of right answers. */
  void check() {
    RaggedTensor a = ArrowRagged.toRagged(list32, NullRows.REFUSE);
    RaggedTensor b = ArrowRagged.toRagged(list64, NullRows.REFUSE);
    if (!a.equals(ragged32) || !b.equals(ragged64)) {
      throw new AssertionError("toRagged(toListVector(rt)) is not rt");
    }
  }

  public static void main(String[] args) {
    String[] a = MarkdownTable.positional(args);
    int rounds = a.length > 0 ? Integer.parseInt(a[0]) : 20;
    int count = a.length > 1 ? Integer.parseInt(a[1]) : 8 << 20;
    ArrowConversionAlternating w = new ArrowConversionAlternating(count);
    w.check();
    String[] names = {"toRagged List (int32)", "toRagged LargeList (int64)", "toListVector int32", "toListVector int64",
        "arraycopy int32 bytes", "arraycopy int64 bytes", "new arrays + copy int32", "new arrays + copy int64",
        "new ArrowBufs + put int32", "new ArrowBufs + put int64"};
    long[] bytes = {w.bytes32, w.bytes64, w.bytes32, w.bytes64, w.bytes32, w.bytes64, w.bytes32, w.bytes64, w.bytes32,
        w.bytes64};
    @SuppressWarnings("unchecked")
    Supplier<Object>[] variants = new Supplier[] {w::toRagged32, w::toRagged64, w::toListVector32, w::toListVector64,
        w::arraycopy32, w::arraycopy64, w::allocatingCopy32, w::allocatingCopy64, w::arrowBufferCopy32,
        w::arrowBufferCopy64};
    RoundRobin.Plan plan = RoundRobin.Plan.of(3, rounds);
    RoundRobin.Timings t = RoundRobin.time(variants, plan);
    // each conversion's allocating baseline: new arrays for toRagged, new Arrow buffers for toListVector
    int[] allocating = {6, 7, 8, 9, 4, 5, 6, 7, 8, 9};
    if (MarkdownTable.wanted(args)) {
      System.out.print(new MarkdownTable("Arrow conversions", names, t, plan)
          .column("GB/s (wall median)", v -> String.format("%.2f", bytes[v] / 1e9 / (t.samples()[v].medians().wallMs() / 1e3)))
          .column("thread CPU / arraycopy", v -> String.format("%.2f", cpu(t, v) / cpu(t, bytes[v] == w.bytes32 ? 4 : 5)))
          .column("thread CPU / allocating copy", v -> String.format("%.2f", cpu(t, v) / cpu(t, allocating[v])))
          .note(String.format("%,d float32 values in %,d rows; GB/s of the Arrow side's bytes (values + offsets); the"
              + " allocating copy of a toRagged is new Java arrays + copy, of a toListVector new ArrowBufs + put.",
              count, w.offsets64.length - 1))
          .render(ArrowConversionAlternating.class, args));
      w.list32.close();
      w.list64.close();
      w.allocator.close();
      return;
    }
    System.out.printf("%d float32 values in %d rows, %d rounds; GB/s of the Arrow side's bytes (values + offsets)%n",
        count, w.offsets64.length - 1, rounds);
    System.out.printf("%-28s %10s %10s %10s %10s %10s %12s %12s %14s%n", "variant", "median ms", "min ms", "cpu ms",
        "GB/s wall", "GB/s cpu", "x copy wall", "x copy cpu", "x alloc+copy cpu");
    double[] wall = new double[variants.length];
    double[] cpu = new double[variants.length];
    for (int v = 0; v < variants.length; v++) {
      wall[v] = t.samples()[v].medians().wallMs();
      cpu[v] = t.samples()[v].medians().threadCpuMs();
    }
    for (int v = 0; v < variants.length; v++) {
      int baseline = bytes[v] == w.bytes32 ? 4 : 5;
      System.out.printf("%-28s %10.2f %10.2f %10.2f %10.2f %10.2f %12.2f %12.2f %14.2f%n", names[v], wall[v], t.samples()[v].wallMin(),
          cpu[v], bytes[v] / 1e9 / (wall[v] / 1e3), bytes[v] / 1e9 / (cpu[v] / 1e3), wall[v] / wall[baseline],
          cpu[v] / cpu[baseline], cpu[v] / cpu[allocating[v]]);
    }
    System.out.println("(sink " + t.sink() + ")");
    w.list32.close();
    w.list64.close();
    w.allocator.close();
  }

  private static double cpu(RoundRobin.Timings t, int v) {
    return t.samples()[v].medians().threadCpuMs();
  }
}
