package dev.tatter.bench;

import dev.tatter.arrow.ArrowRagged;
import dev.tatter.arrow.ArrowRagged.NullRows;
import dev.tatter.runtime.RaggedTensor;
import java.nio.charset.StandardCharsets;
import java.util.function.Supplier;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.FieldType;

/**
 * Ragged strings through Arrow, round-robin in one JVM: the words of
 * {@link TextPipelineAlternating}'s sentences as a {@code List<Utf8>} (a row per sentence),
 * Arrow to a ragged string tensor ({@code toRagged}) and back ({@code toListVector}), beside a
 * plain copy of the same bytes (the list offsets, the value offsets and the UTF-8 data, with
 * {@code System.arraycopy} into preallocated arrays). GB/s are of the Arrow side's bytes.
 * Run with {@code java -Xms4g -Xmx4g -XX:+AlwaysPreTouch --add-opens=java.base/java.nio=ALL-UNNAMED -cp
 * bench/target/benchmarks.jar dev.tatter.bench.ArrowStringsAlternating [rounds] [sentences]}.
 */
public final class ArrowStringsAlternating {
  final BufferAllocator allocator = new RootAllocator();
  final ListVector list;
  final RaggedTensor ragged;
  final long bytes;
  final int[] rowOffsets;
  final int[] valueOffsets;
  final byte[] data;
  final int[] rowOffsetsCopy;
  final int[] valueOffsetsCopy;
  final byte[] dataCopy;

  ArrowStringsAlternating(int count) {
    TextPipelineAlternating text = new TextPipelineAlternating(count);
    list = ListVector.empty("words", allocator);
    list.addOrGetVector(FieldType.notNullable(ArrowType.Utf8.INSTANCE));
    VarCharVector words = (VarCharVector) list.getDataVector();
    list.allocateNew();
    int value = 0;
    for (int row = 0; row < count; row++) {
      list.startNewValue(row);
      int n = 0;
      for (String w : text.text[row].split(" +")) {
        if (!w.isEmpty()) {
          words.setSafe(value++, w.getBytes(StandardCharsets.UTF_8));
          n++;
        }
      }
      list.endValue(row, n);
    }
    words.setValueCount(value);
    list.setValueCount(count);
    ragged = ArrowRagged.toRagged(list, NullRows.REFUSE);
    rowOffsets = new int[count + 1];
    valueOffsets = new int[value + 1];
    for (int i = 0; i <= count; i++) {
      rowOffsets[i] = list.getOffsetBuffer().getInt(4L * i);
    }
    for (int i = 0; i <= value; i++) {
      valueOffsets[i] = words.getOffsetBuffer().getInt(4L * i);
    }
    data = new byte[valueOffsets[value]];
    words.getDataBuffer().getBytes(0, data);
    bytes = 4L * rowOffsets.length + 4L * valueOffsets.length + data.length;
    rowOffsetsCopy = new int[rowOffsets.length];
    valueOffsetsCopy = new int[valueOffsets.length];
    dataCopy = new byte[data.length];
  }

  Object toRagged() {
    return ArrowRagged.toRagged(list, NullRows.REFUSE);
  }

  Object toListVector() {
    return ArrowRagged.toListVector(ragged, "out", allocator);
  }

  Object arraycopy() {
    System.arraycopy(rowOffsets, 0, rowOffsetsCopy, 0, rowOffsets.length);
    System.arraycopy(valueOffsets, 0, valueOffsetsCopy, 0, valueOffsets.length);
    System.arraycopy(data, 0, dataCopy, 0, data.length);
    return dataCopy;
  }

  /** The round trip gives the vector's words back. */
  void check() {
    try (FieldVector back = ArrowRagged.toListVector(ragged, "back", allocator)) {
      VarCharVector a = (VarCharVector) list.getDataVector();
      VarCharVector b = (VarCharVector) ((ListVector) back).getDataVector();
      for (int i = 0; i < a.getValueCount(); i++) {
        if (!java.util.Arrays.equals(a.get(i), b.get(i))) {
          throw new AssertionError("word " + i + " changed in the round trip");
        }
      }
    }
  }

  public static void main(String[] args) {
    String[] a = MarkdownTable.positional(args);
    int rounds = a.length > 0 ? Integer.parseInt(a[0]) : 20;
    int count = a.length > 1 ? Integer.parseInt(a[1]) : 100_000;
    ArrowStringsAlternating w = new ArrowStringsAlternating(count);
    w.check();
    String[] names = {"toRagged List<Utf8>", "toListVector List<Utf8>", "arraycopy of the same bytes"};
    Supplier<?>[] variants = {w::toRagged, w::toListVector, w::arraycopy};
    RoundRobin.Plan plan = RoundRobin.Plan.of(3, rounds);
    RoundRobin.Timings t = RoundRobin.time(variants, plan);
    StringBuilder figures = new StringBuilder();
    for (int v = 0; v < 2; v++) {
      figures.append(MarkdownTable.figure("arrow-strings-" + (v == 0 ? "to-ragged" : "to-list") + "-gbs",
          w.bytes / 1e9 / (t.samples()[v].medians().wallMs() / 1e3)));
    }
    System.out.print(new MarkdownTable("Arrow strings: List<Utf8> to ragged strings and back", names, t, plan)
        .column("GB/s (wall median)", v -> String.format("%.2f", w.bytes / 1e9 / (t.samples()[v].medians().wallMs() / 1e3)))
        .column("thread CPU / arraycopy", v -> String.format("%.2f", t.samples()[v].medians().threadCpuMs()
            / t.samples()[2].medians().threadCpuMs()))
        .column("allocated MB", v -> String.format("%.1f", t.samples()[v].allocatedBytesMedian() / 1e6))
        .note(String.format("%,d rows, %,d words, %.1f MB of UTF-8; GB/s of the Arrow side's bytes (both offset buffers"
            + " and the data).", count, w.valueOffsets.length - 1, w.data.length / 1e6))
        .render(ArrowStringsAlternating.class, args) + figures);
    w.list.close();
    w.allocator.close();
  }
}
