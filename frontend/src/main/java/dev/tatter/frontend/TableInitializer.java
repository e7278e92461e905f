package dev.tatter.frontend;

import static com.google.common.base.Preconditions.checkArgument;

import dev.tatter.ir.GraphBuildException;
import dev.tatter.runtime.ByteStrings;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.StringColumn;
import dev.tatter.runtime.Tensor;
import dev.tatter.runtime.io.InputLimit;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The contents of a static table: TF's {@code KeyValueTensorInitializer} (two vectors) or
 * {@code TextFileInitializer} (a file read when the graph is built, so that a missing or
 * malformed file is a build error naming the file and line, and the table is a graph constant). A
 * file is read up to {@link InputLimit}'s byte limit ({@code -Dtatter.maxInputBytes}), so that a huge
 * file or a device such as {@code /dev/zero} is refused naming the file, not read until the heap is gone.
 */
public record TableInitializer(Tensor keys, Tensor values) {
  /** TF's {@code TextFileIndex.WHOLE_LINE}: the whole line is the key or value. */
  public static final int WHOLE_LINE = -2;
  /** TF's {@code TextFileIndex.LINE_NUMBER}: the line's number, from 0, is the key or value. */
  public static final int LINE_NUMBER = -1;

  public TableInitializer {
    checkArgument(keys.rank() == 1 && values.rank() == 1 && keys.size() == values.size(),
        "keys and values must be vectors of one length, got shapes %s and %s",
        java.util.Arrays.toString(keys.shape()), java.util.Arrays.toString(values.shape()));
  }

  /** {@code tf.lookup.KeyValueTensorInitializer(keys, values)}. */
  @TfApi("tf.lookup.KeyValueTensorInitializer")
  public static TableInitializer keyValueTensors(Tensor keys, Tensor values) {
    return new TableInitializer(keys, values);
  }

  /**
   * {@code tf.lookup.TextFileInitializer(filename, key_dtype, key_index, value_dtype,
   * value_index, delimiter)}: one entry per line (a final newline ends the last line, {@code \r\n}
   * endings are stripped), fields split at {@code delimiter}; an index is a field number,
   * {@link #WHOLE_LINE} or {@link #LINE_NUMBER}. String fields are the file's bytes; an int64
   * field must be a decimal integer.
   */
  @TfApi("tf.lookup.TextFileInitializer")
  public static TableInitializer textFile(Path file, DType keyDType, int keyIndex, DType valueDType, int valueIndex,
      String delimiter) {
    checkColumn(keyIndex, keyDType);
    checkColumn(valueIndex, valueDType);
    List<String> lines = readLines(file);
    List<Object> keys = new ArrayList<>();
    List<Object> values = new ArrayList<>();
    String sep = ByteStrings.fromText(delimiter);
    for (int n = 0; n < lines.size(); n++) {
      String line = lines.get(n);
      String[] fields = sep.isEmpty() ? new String[] {line} : line.split(java.util.regex.Pattern.quote(sep), -1);
      keys.add(field(file, n, line, fields, keyIndex, keyDType));
      values.add(field(file, n, line, fields, valueIndex, valueDType));
    }
    return new TableInitializer(toTensor(keys, keyDType), toTensor(values, valueDType));
  }

  /** The usual vocabulary file: each whole line a string key, its line number the int64 id. */
  public static TableInitializer vocabularyFile(Path file) {
    return textFile(file, DType.STRING, WHOLE_LINE, DType.INT64, LINE_NUMBER, "\t");
  }

  private static List<String> readLines(Path file) {
    String content;
    try {
      // bytes as a byte string; held to the input limit as it is read (/dev/zero has no size to check first)
      content = new String(InputLimit.readAll(file, "table file " + file), StandardCharsets.ISO_8859_1);
    } catch (InputLimit.Refused e) {
      throw new GraphBuildException(e.getMessage());
    } catch (IOException e) {
      throw new GraphBuildException("table file " + file + " cannot be read: " + e.getClass().getSimpleName()
          + (e.getMessage() == null ? "" : " " + e.getMessage()));
    }
    List<String> lines = new ArrayList<>();
    int start = 0;
    while (start < content.length()) {
      int end = content.indexOf('\n', start);
      int next = end < 0 ? content.length() : end + 1;
      int stop = end < 0 ? content.length() : end;
      if (stop > start && content.charAt(stop - 1) == '\r') {
        stop--;
      }
      lines.add(content.substring(start, stop));
      start = next;
    }
    return lines;
  }

  /** Misuse no file can cause: a column kind and dtype that cannot go together. */
  private static void checkColumn(int index, DType dtype) {
    checkArgument(index >= LINE_NUMBER || index == WHOLE_LINE, "invalid column index %s", index);
    checkArgument(dtype == DType.STRING || dtype == DType.INT64, "a column must be string or int64, not %s", dtype);
    checkArgument(index != LINE_NUMBER || dtype == DType.INT64, "LINE_NUMBER needs an int64 column, not %s", dtype);
  }

  private static Object field(Path file, int lineNumber, String line, String[] fields, int index, DType dtype) {
    if (index == LINE_NUMBER) {
      return (long) lineNumber;
    }
    String text;
    if (index == WHOLE_LINE) {
      text = line;
    } else if (index < fields.length) {
      text = fields[index];
    } else {
      throw new GraphBuildException("table file " + file + " line " + (lineNumber + 1) + ": expected at least "
          + (index + 1) + " fields, got " + fields.length);
    }
    if (dtype == DType.STRING) {
      return text;
    }
    try {
      return Long.parseLong(text);
    } catch (NumberFormatException e) {
      throw new GraphBuildException("table file " + file + " line " + (lineNumber + 1) + ": field "
          + ByteStrings.quoted(text) + " is not a valid int64");
    }
  }

  private static Tensor toTensor(List<Object> items, DType dtype) {
    if (dtype == DType.STRING) {
      StringColumn.Builder column = StringColumn.builder(items.size(), 8 * items.size());
      for (Object item : items) {
        column.putLatin1((String) item).endElement(); // the file's bytes, read as a byte string
      }
      return Tensor.ofStrings(column.build(), items.size());
    }
    return Tensor.ofLongs(items.stream().mapToLong(o -> (Long) o).toArray());
  }
}
