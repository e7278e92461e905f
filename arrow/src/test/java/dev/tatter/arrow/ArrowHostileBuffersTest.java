package dev.tatter.arrow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.tatter.arrow.ArrowRagged.NullRows;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.RowPartition;
import dev.tatter.runtime.Tensor;
import java.util.Arrays;
import java.util.List;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.complex.FixedSizeListVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.ipc.message.ArrowFieldNode;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.junit.jupiter.api.Test;

/**
 * Vectors whose buffers do not fit what their lengths and offsets say, as an Arrow IPC reader loads
 * them from untrusted bytes ({@code loadFieldBuffers}): each is refused with a message naming the
 * vector, never an {@code IndexOutOfBoundsException} or a {@code NegativeArraySizeException}. (A
 * string tensor holds less than 2^31 bytes, so its write always fits a {@code Utf8} vector's int32
 * offsets.)
 */
class ArrowHostileBuffersTest extends ArrowAllocatorFixture {
  /** A buffer holding {@code ints} (little-endian), or {@code bytes} zero bytes if {@code ints} is empty. */
  private ArrowBuf ints(int bytes, int... ints) {
    ArrowBuf b = allocator.buffer(Math.max(bytes, 4L * ints.length));
    b.setZero(0, b.capacity());
    for (int i = 0; i < ints.length; i++) {
      b.setInt(4L * i, ints[i]);
    }
    return b;
  }

  private ArrowBuf allValid(int bits) {
    ArrowBuf b = allocator.buffer(Math.max(1, (bits + 7) / 8));
    b.setOne(0, b.capacity());
    return b;
  }

  /** A ListVector of int32 values, both loaded from the given buffers and lengths. */
  private ListVector list(int rows, ArrowBuf offsets, int values, ArrowBuf data) {
    ListVector list = ListVector.empty("xs", allocator);
    IntVector child = (IntVector) list.addOrGetVector(FieldType.notNullable(new ArrowType.Int(32, true))).getVector();
    try (ArrowBuf listValidity = allValid(rows); ArrowBuf childValidity = allValid(values)) {
      list.loadFieldBuffers(new ArrowFieldNode(rows, 0), List.of(listValidity, offsets));
      child.loadFieldBuffers(new ArrowFieldNode(values, 0), List.of(childValidity, data));
    }
    offsets.close();
    data.close();
    return list;
  }

  private static String refusal(FieldVector v) {
    return assertThrows(InvalidArgumentException.class, () -> ArrowRagged.toRagged(v, NullRows.REFUSE)).getMessage();
  }

  @Test
  void decreasingOffsets_areRefused() {
    try (ListVector list = list(2, ints(0, 0, 3, 1), 4, ints(16))) {
      assertEquals("arrow: xs offsets decrease at row 1: 3 then 1", refusal(list));
    }
  }

  @Test
  void anOffsetBufferShorterThanItsRows_isRefused() {
    try (ListVector list = list(100, ints(8, 0, 1), 4, ints(16))) {
      assertEquals("arrow: xs offset buffer holds 8 bytes, too few for the offsets of 100 rows (404 bytes)", refusal(list));
    }
  }

  @Test
  void aDataBufferShorterThanItsValues_isRefused() {
    try (ListVector list = list(1, ints(0, 0, 1000), 1000, ints(8))) {
      assertEquals("arrow: xs.values data buffer holds 8 bytes, too few for 1000 values of int32 (4000 bytes)", refusal(list));
    }
  }

  @Test
  void aValidityBufferShorterThanItsValues_isRefused() {
    ListVector list = ListVector.empty("xs", allocator);
    IntVector child = (IntVector) list.addOrGetVector(FieldType.notNullable(new ArrowType.Int(32, true))).getVector();
    try (list; ArrowBuf listValidity = allValid(1); ArrowBuf offsets = ints(0, 0, 1000); ArrowBuf childValidity = allValid(8);
        ArrowBuf data = ints(4000)) {
      list.loadFieldBuffers(new ArrowFieldNode(1, 0), List.of(listValidity, offsets));
      child.loadFieldBuffers(new ArrowFieldNode(1000, 3), List.of(childValidity, data)); // 3 nulls: the bitmap is kept
      String message = refusal(list);
      assertEquals(true, message.startsWith("arrow: xs.values validity buffer holds ")
          && message.endsWith(" bytes, too few for 1000 values (125 bytes)"), message);
    }
  }

  @Test
  void stringOffsetsThatDecreaseOrPassTheData_areRefused() {
    for (int[] offsets : new int[][] {{0, 3, 1}, {0, 2, 99}, {-1, 2, 3}}) {
      ListVector list = ListVector.empty("s", allocator);
      VarCharVector child = (VarCharVector) list.addOrGetVector(FieldType.notNullable(ArrowType.Utf8.INSTANCE)).getVector();
      try (list; ArrowBuf listValidity = allValid(1); ArrowBuf listOffsets = ints(0, 0, 2); ArrowBuf childValidity = allValid(2);
          ArrowBuf stringOffsets = ints(0, offsets); ArrowBuf data = ints(4)) {
        list.loadFieldBuffers(new ArrowFieldNode(1, 0), List.of(listValidity, listOffsets));
        child.loadFieldBuffers(new ArrowFieldNode(2, 0), List.of(childValidity, stringOffsets, data));
        String message = refusal(list);
        assertEquals(true, message.startsWith("arrow: s.values offset"), message + " for " + Arrays.toString(offsets));
      }
    }
  }

  @Test
  void aListOfZeroSizedFixedSizeLists_roundTrips() {
    // pa.array([[[], []], [[]]], pa.list_(pa.list_(pa.int32(), 0))): valid Arrow, rows of empty fixed-size lists;
    // as TF: tf.RaggedTensor.from_row_splits(tf.zeros([3, 0], tf.int32), [0, 2, 3]), flat values of shape [3, 0]
    RaggedTensor rt = RaggedTensor.of(Tensor.of(DType.INT32, new int[0], 3, 0),
        RowPartition.fromRowSplits(new long[] {0, 2, 3}, DType.INT32, true));
    try (FieldVector v = ArrowRagged.toListVector(rt, "e", allocator)) {
      assertEquals(true, ((ListVector) v).getDataVector() instanceof FixedSizeListVector);
      RaggedTensor back = ArrowRagged.toRagged(v, NullRows.REFUSE);
      assertEquals(rt, back);
      assertEquals("[3, 0]", Arrays.toString(back.flatValues().shape()));
    }
  }
}
