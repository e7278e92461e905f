package dev.tatter.runtime.kernels.text;

import com.ibm.icu.text.Normalizer2;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.RowPartition;
import dev.tatter.runtime.StringColumn;
import dev.tatter.runtime.Tensor;
import dev.tatter.runtime.Utf8;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The kernels of tensorflow_text's normalizers on a string tensor of any shape: {@code
 * normalize_utf8}, {@code case_fold_utf8} and {@code coerce_to_structurally_valid_utf8} through
 * {@link Normalizers}, and {@code normalize_utf8_with_offsets_map} / {@code find_source_offsets}.
 *
 * <p>TF Text's offsets map is a variant holding ICU's {@code Edits}; here it is the table those
 * edits define, a row per string of {@code normalized length + 1} int64 source offsets: entry
 * {@code d} is what ICU's fine iterator's {@code sourceIndexFromDestinationIndex(d)} answers. The
 * edits are the normalization's segments (from one {@link Normalizer2#hasBoundaryBefore boundary}
 * to the next, where ICU may cut the text): a segment the form leaves alone maps byte for byte, a
 * changed one maps its first output byte to its first input byte and any later output byte to the
 * end of its input (ICU's rule inside a change).
 */
public final class TextNormalizeKernels {
  private TextNormalizeKernels() {}

  /** {@code normalize_utf8(input, normalization_form)}. */
  public static Tensor normalize(Tensor input, String normalizationForm) {
    return apply(input, NormalizationForm.ofTfName(normalizationForm));
  }

  /** {@code case_fold_utf8(input)}: ICU's NFKC_Casefold. */
  public static Tensor caseFold(Tensor input) {
    return apply(input, NormalizationForm.NFKC_CF);
  }

  /** {@code coerce_to_structurally_valid_utf8(input, replacement_char)}. */
  public static Tensor coerceToValidUtf8(Tensor input, long replacementChar) {
    if (!Utf8.isScalarValue(replacementChar)) {
      throw new InvalidArgumentException("replacement_char must be a Unicode scalar value, got " + replacementChar);
    }
    TextBatch out = Normalizers.coerceToValidUtf8(batchOf(input.stringColumn()), (int) replacementChar);
    return Tensor.wrap(DType.STRING, input.shape(), columnOf(out));
  }

  private static Tensor apply(Tensor input, NormalizationForm form) {
    TextBatch out = Normalizers.normalize(batchOf(input.stringColumn()), form);
    return Tensor.wrap(DType.STRING, input.shape(), columnOf(out));
  }

  /** A string column as the engines' batch (packed first where it is a view). */
  static TextBatch batchOf(StringColumn column) {
    StringColumn packed = column.packed();
    return TextBatch.wrap(packed.unsafeBytes(), packed.offsets());
  }

  static StringColumn columnOf(TextBatch batch) {
    int[] offsets = new int[batch.size() + 1];
    for (int i = 0; i < batch.size(); i++) {
      offsets[i + 1] = batch.end(i);
    }
    offsets[0] = batch.size() == 0 ? 0 : batch.start(0);
    return StringColumn.fromOffsets(offsets, batch.bytes());
  }

  /**
   * {@code normalize_utf8_with_offsets_map}'s map: per string of a vector, its normalized length + 1
   * source byte offsets (see the class comment).
   */
  public static RaggedTensor offsetsMap(Tensor input, String normalizationForm) {
    NormalizationForm form = NormalizationForm.ofTfName(normalizationForm);
    Normalizer2 icu = form.icu();
    StringColumn in = input.stringColumn();
    byte[] b = in.unsafeBytes();
    long[] splits = new long[in.size() + 1];
    long[] table = new long[(int) Math.min(Integer.MAX_VALUE - 8, Math.max(16, in.byteCount() + in.size()))];
    int n = 0;
    for (int s = 0; s < in.size(); s++) {
      int from = in.start(s);
      int to = in.end(s);
      int dst = 0;
      int i = from;
      while (i < to) {
        int c = Utf8.decode(b, i, to);
        if (c < 0) { // ill-formed: inert, copied
          for (int k = 0; k < -c; k++) {
            table = put(table, n++, i + k - from);
          }
          dst += -c;
          i -= c;
          continue;
        }
        int segEnd = i + Utf8.width(c);
        while (segEnd < to) {
          int d = Utf8.decode(b, segEnd, to);
          if (d < 0 || icu.hasBoundaryBefore(d)) {
            break;
          }
          segEnd += Utf8.width(d);
        }
        // a normalized segment is its own output: only the others are normalized (and an ASCII byte,
        // which every form keeps, is not decoded to a String at all)
        boolean ascii = segEnd == i + 1 && c < 0x80;
        String text = ascii ? null : new String(b, i, segEnd - i, StandardCharsets.UTF_8);
        boolean unchanged = ascii || icu.isNormalized(text);
        int outLen = unchanged ? segEnd - i : icu.normalize(text).getBytes(StandardCharsets.UTF_8).length;
        for (int k = 0; k < outLen; k++) {
          table = put(table, n++, unchanged ? i + k - from : (k == 0 ? i - from : segEnd - from));
        }
        dst += outLen;
        i = segEnd;
      }
      table = put(table, n++, to - from);
      splits[s + 1] = n;
    }
    return RaggedTensor.of(Tensor.wrap(DType.INT64, new int[] {n}, Arrays.copyOf(table, n)),
        RowPartition.adoptingRowSplits(splits, DType.INT64));
  }

  private static long[] put(long[] table, int at, long value) {
    long[] t = at < table.length ? table : Arrays.copyOf(table, (int) Math.min(Integer.MAX_VALUE - 8, table.length * 2L));
    t[at] = value;
    return t;
  }

  /**
   * {@code find_source_offsets(offsets_map, input_offsets)}: each offset into a normalized string
   * looked up in that string's row of the map. An offset outside {@code [0, normalized length]}
   * gives what ICU's iterator gives there, which TF Text passes on without looking at ICU's error
   * code: 0 for a negative offset, the source length past the end (TF Text's tests map offset 22
   * of a 20-byte normalized string to 36, the source's length, and offsets into "" to 0).
   */
  public static RaggedTensor findSourceOffsets(RaggedTensor offsetsMap, RaggedTensor inputOffsets) {
    long[] mapRows = offsetsMap.partition().rowSplitsArray();
    long[] rows = inputOffsets.partition().rowSplitsArray();
    if (mapRows.length != rows.length) {
      throw new InvalidArgumentException("find_source_offsets: Input offset tensor dimension did not match the offset map dimension ("
          + (rows.length - 1) + " rows of offsets, " + (mapRows.length - 1) + " strings in the map)");
    }
    Tensor map = offsetsMap.flatValues();
    Tensor offsets = inputOffsets.flatValues();
    long[] out = new long[offsets.size()];
    for (int r = 0; r + 1 < rows.length; r++) {
      long length = mapRows[r + 1] - mapRows[r] - 1;
      for (long k = rows[r]; k < rows[r + 1]; k++) {
        long d = offsets.getLong((int) k);
        // ICU's answers outside the string (TF Text ignores the error code): 0 before it, its source length after
        d = Math.max(0, Math.min(d, length));
        out[(int) k] = map.getLong((int) (mapRows[r] + d));
      }
    }
    return RaggedTensor.of(Tensor.wrap(DType.INT64, new int[] {out.length}, out),
        inputOffsets.partition());
  }
}
