package dev.tatter.arrow;

import dev.tatter.runtime.DType;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.RowPartition;
import dev.tatter.runtime.Sizes;
import dev.tatter.runtime.Tensor;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.ValueVector;
import org.apache.arrow.vector.complex.FixedSizeListVector;
import org.apache.arrow.vector.complex.LargeListVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.types.pojo.FieldType;

/**
 * Arrow list vectors to and from ragged tensors. A {@link ListVector}'s offsets are row splits
 * (int32), a {@link LargeListVector}'s are int64 row splits, a {@link FixedSizeListVector} is a
 * uniform dimension (an inner dimension of the flat values when it is innermost, else a uniform
 * partition); lists of lists nest. Offsets that do not start at 0 (a slice of a larger vector)
 * are rebased. Values are copied from Arrow's buffers in bulk, never element by element through
 * boxed objects. Every dtype but bfloat16 (which Arrow has no type for) has an Arrow leaf: signed and
 * unsigned {@code Int}s, {@code FloatingPoint(HALF, SINGLE, DOUBLE)}, {@code Bool}, strings ({@code Utf8},
 * {@code LargeUtf8}, {@code Binary}, {@code LargeBinary}: bytes as they are, see {@link ArrowStrings}), and
 * for complex64/complex128 a {@code Struct<real, imag>} of floats or doubles ({@link ArrowComplex}
 * says why a struct).
 *
 * <pre>{@code
 * try (BufferAllocator allocator = new RootAllocator();
 *      ListVector tokens = ArrowRagged.toListVector(RaggedTensor.fromNested(new long[][] {{3, 1}, {}}), "tokens", allocator)) {
 *   RaggedTensor back = ArrowRagged.toRagged(tokens, NullRows.REFUSE);
 * }
 * }</pre>
 *
 * <p>Arrow nulls have no ragged counterpart: a null row is refused with its index unless
 * {@link NullRows#AS_EMPTY} maps it to an empty row; a null value is always refused.
 */
public final class ArrowRagged {
  private ArrowRagged() {}

  /** What a null list (a null row) becomes. */
  public enum NullRows {
    /** Refuse it, naming the row. */
    REFUSE,
    /** An empty row (Arrow writers give a null list no values, so its offsets already say so). */
    AS_EMPTY
  }

  /**
   * The ragged tensor of a list vector.
   *
   * @param vector a {@code ListVector}, {@code LargeListVector} or {@code FixedSizeListVector}, possibly nested
   * @param nulls what a null row becomes
   * @return a new ragged tensor (copied: the vector may be closed afterwards)
   * @throws InvalidArgumentException for a null row (under {@link NullRows#REFUSE}), a null value, or an unsupported value type
   */
  public static RaggedTensor toRagged(ValueVector vector, NullRows nulls) {
    List<RowPartition> partitions = new ArrayList<>();
    List<Integer> innerDims = new ArrayList<>();
    int flatRows = -1; // the flat values' first dimension, where fixed-size lists make it inner dims
    int start = 0;
    int count = vector.getValueCount();
    ValueVector v = vector;
    String path = vector.getName();
    while (true) {
      if (v instanceof ListVector list) {
        long[] splits = offsets(list, start, count, nulls, path, false);
        start = (int) splits[0];
        count = Sizes.toIntSize(splits[splits.length - 1] - splits[0], path + " values");
        partitions.add(RowPartition.adoptingRowSplits(rebase(splits), DType.INT32));
        v = list.getDataVector();
      } else if (v instanceof LargeListVector list) {
        long[] splits = offsets(list, start, count, nulls, path, true);
        start = Sizes.toIntSize(splits[0], path + " offset");
        count = Sizes.toIntSize(splits[splits.length - 1] - splits[0], path + " values");
        partitions.add(RowPartition.adoptingRowSplits(rebase(splits), DType.INT64));
        v = list.getDataVector();
      } else if (v instanceof FixedSizeListVector list) {
        checkNoNullRows(list, start, count, nulls, path);
        int size = list.getListSize();
        if (!(list.getDataVector() instanceof FixedSizeListVector) && !isList(list.getDataVector())) {
          innerDims.add(size); // innermost: an inner dimension of the flat values
          flatRows = count;
          start = Sizes.toIntSize((long) start * size, path + " values offset");
          count = Sizes.toIntSize((long) count * size, path + " values");
          v = list.getDataVector();
          while (v instanceof FixedSizeListVector inner) {
            innerDims.add(inner.getListSize());
            start = Sizes.toIntSize((long) start * inner.getListSize(), path + " values offset");
            count = Sizes.toIntSize((long) count * inner.getListSize(), path + " values");
            v = inner.getDataVector();
          }
          break;
        }
        partitions.add(RowPartition.uniform(size, count, partitions.isEmpty() ? DType.INT64
            : partitions.get(0).splitsDType()));
        start = Sizes.toIntSize((long) start * size, path + " values offset");
        count = Sizes.toIntSize((long) count * size, path + " values");
        v = list.getDataVector();
      } else {
        break;
      }
      path = path + ".values";
    }
    if (partitions.isEmpty()) {
      throw new InvalidArgumentException("arrow: " + vector.getName() + " is a " + vector.getClass().getSimpleName()
          + ", not a list vector (a ragged tensor needs at least one list level)");
    }
    DType splitsDType = partitions.get(0).splitsDType();
    for (RowPartition p : partitions) {
      if (p.splitsDType() != splitsDType) {
        throw new InvalidArgumentException("arrow: " + vector.getName() + " mixes List (int32 offsets) and LargeList"
            + " (int64 offsets) levels; a ragged tensor has one row splits dtype");
      }
    }
    Tensor flat = ArrowValues.read((FieldVector) v, start, count, path);
    if (!innerDims.isEmpty()) {
      int[] shape = new int[innerDims.size() + 1];
      shape[0] = flatRows; // not count / product: a fixed size of 0 leaves no values to count rows by
      for (int i = 0; i < innerDims.size(); i++) {
        shape[i + 1] = innerDims.get(i);
      }
      flat = flat.reshape(shape);
    }
    return RaggedTensor.ofNested(flat, partitions);
  }

  private static boolean isList(ValueVector v) {
    return v instanceof ListVector || v instanceof LargeListVector;
  }

  /**
   * The offsets of rows [start, start + count), read in bulk and checked (a first offset that is
   * not negative, none past the values), with null rows refused or emptied. The validity bitmap
   * is scanned a word at a time, so an all-valid vector costs one comparison per 64 rows.
   */
  private static long[] offsets(FieldVector list, int start, int count, NullRows nulls, String path, boolean large) {
    long[] out = new long[count + 1];
    if (count == 0) {
      return out; // no rows: Arrow allows an empty offset buffer here (a vector never allocated), so none is read
    }
    var buf = list.getOffsetBuffer();
    int width = large ? 8 : 4;
    ArrowValues.checkCapacity(buf, ((long) start + count + 1) * width, path, "offset buffer",
        "the offsets of " + count + " rows");
    ArrowValues.checkValidity(list.getValidityBuffer(), start, count, path, "rows");
    if (large) {
      ArrowValues.copy(buf, (long) start * 8, out, DType.INT64, count + 1, false);
    } else {
      ArrowValues.readInt32Offsets(buf, start, out);
    }
    if (out[0] < 0) {
      throw new InvalidArgumentException("arrow: " + path + " offset " + start + " is " + out[0]
          + " (offsets are positions in the values, never negative)");
    }
    for (int i = 0; i < count; i++) {
      if (out[i + 1] < out[i]) {
        throw new InvalidArgumentException("arrow: " + path + " offsets decrease at row " + i + ": " + out[i] + " then "
            + out[i + 1]);
      }
    }
    long values = ((ValueVector) (large ? ((LargeListVector) list).getDataVector()
        : ((ListVector) list).getDataVector())).getValueCount();
    if (out[count] > values) {
      throw new InvalidArgumentException("arrow: " + path + " offsets reach value " + out[count] + " but "
          + path + ".values holds " + values);
    }
    var validity = list.getValidityBuffer();
    for (long row = Validity.firstNull(validity, start, (long) start + count); row >= 0;
        row = Validity.firstNull(validity, row + 1, (long) start + count)) {
      int i = (int) (row - start);
      if (nulls == NullRows.REFUSE) {
        throw nullRow(path, i);
      }
      if (out[i + 1] != out[i]) {
        throw new InvalidArgumentException("arrow: " + path + " row " + i + " is null but its offsets hold "
            + (out[i + 1] - out[i]) + " values");
      }
    }
    return out;
  }

  private static void checkNoNullRows(FixedSizeListVector list, int start, int count, NullRows nulls, String path) {
    ArrowValues.checkValidity(list.getValidityBuffer(), start, count, path, "rows");
    long row = Validity.firstNull(list.getValidityBuffer(), start, (long) start + count);
    if (row >= 0) {
      int i = (int) (row - start);
      throw nulls == NullRows.REFUSE ? nullRow(path, i) : new InvalidArgumentException("arrow: " + path + " row "
          + i + " is null, and a fixed-size list row cannot be empty");
    }
  }

  private static InvalidArgumentException nullRow(String path, int row) {
    return new InvalidArgumentException("arrow: " + path + " row " + row + " is null (a ragged tensor has no null rows;"
        + " NullRows.AS_EMPTY reads it as an empty row)");
  }

  /** The offsets shifted to start at 0 (a slice's), in place: the array is this reader's own. */
  private static long[] rebase(long[] offsets) {
    long first = offsets[0];
    if (first != 0) {
      for (int i = 0; i < offsets.length; i++) {
        offsets[i] -= first;
      }
    }
    return offsets;
  }

  /**
   * A new list vector holding {@code rt}: a {@code ListVector} for int32 row splits, a
   * {@code LargeListVector} for int64, nested for ragged rank above 1; flat values of rank above 1
   * become {@code FixedSizeList}s.
   *
   * @param rt the ragged tensor
   * @param name the vector's field name
   * @param allocator where the buffers are allocated; the caller closes the vector
   * @return a new vector of {@code rt.nrows()} rows, none null (strings as {@code Utf8})
   * @throws InvalidArgumentException for a string value that is not UTF-8 (write it as Binary with
   *     {@link #toListVector(RaggedTensor, String, BufferAllocator, ArrowStrings.Kind)})
   */
  public static FieldVector toListVector(RaggedTensor rt, String name, BufferAllocator allocator) {
    return toListVector(rt, name, allocator, ArrowStrings.Kind.UTF8);
  }

  /**
   * As {@link #toListVector(RaggedTensor, String, BufferAllocator)}, string values written as
   * {@code strings} says ({@code Utf8}, {@code LargeUtf8}, {@code Binary} or {@code LargeBinary}).
   */
  public static FieldVector toListVector(RaggedTensor rt, String name, BufferAllocator allocator, ArrowStrings.Kind strings) {
    List<RowPartition> partitions = rt.nestedPartitions();
    FieldVector top = newList(partitions.get(0), name, allocator);
    try {
      FieldVector parent = top;
      for (int level = 0; level < partitions.size(); level++) {
        RowPartition p = partitions.get(level);
        fillOffsets(parent, p);
        FieldVector child;
        if (level + 1 < partitions.size()) {
          child = addChild(parent, listFieldType(partitions.get(level + 1)));
        } else {
          child = ArrowValues.addValuesChild(parent, rt.flatValues(), strings, name + ".values".repeat(partitions.size()));
        }
        parent = child;
      }
      return top;
    } catch (RuntimeException e) {
      top.close(); // a dtype with no Arrow type is refused after the offsets were written: free them
      throw e;
    }
  }

  private static FieldType listFieldType(RowPartition p) {
    return FieldType.notNullable(p.splitsDType() == DType.INT32
        ? org.apache.arrow.vector.types.pojo.ArrowType.List.INSTANCE
        : org.apache.arrow.vector.types.pojo.ArrowType.LargeList.INSTANCE);
  }

  private static FieldVector newList(RowPartition p, String name, BufferAllocator allocator) {
    return p.splitsDType() == DType.INT32 ? ListVector.empty(name, allocator) : LargeListVector.empty(name, allocator);
  }

  static FieldVector addChild(FieldVector parent, FieldType type) {
    if (parent instanceof ListVector list) {
      return (FieldVector) list.addOrGetVector(type).getVector();
    }
    if (parent instanceof LargeListVector list) {
      return (FieldVector) list.addOrGetVector(type).getVector();
    }
    return (FieldVector) ((FixedSizeListVector) parent).addOrGetVector(type).getVector();
  }

  /**
   * Allocates {@code vector} for {@code p}'s rows and writes its offsets (the row splits, copied in
   * bulk) and an all-valid bitmap; the rows are marked written ({@code setLastSet}) so that
   * {@code setValueCount} keeps the offsets instead of filling them as empty rows.
   */
  private static void fillOffsets(FieldVector vector, RowPartition p) {
    int n = p.nrows();
    long[] splits = p.unsafeRowSplits();
    vector.setInitialCapacity(n); // offset and validity buffers for n rows: allocated once, never grown
    vector.allocateNew();
    Validity.setAllValid(vector.getValidityBuffer(), n);
    if (vector instanceof ListVector list) {
      ArrowValues.writeInt32Offsets(list.getOffsetBuffer(), splits);
      list.setLastSet(n - 1);
      list.setValueCount(n);
    } else {
      LargeListVector list = (LargeListVector) vector;
      ArrowValues.copy(list.getOffsetBuffer(), 0, splits, DType.INT64, splits.length, true);
      list.setLastSet(n - 1);
      list.setValueCount(n);
    }
  }
}
