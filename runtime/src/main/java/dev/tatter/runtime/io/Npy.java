package dev.tatter.runtime.io;

import dev.tatter.runtime.ByteStrings;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.Sizes;
import dev.tatter.runtime.Tensor;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * NumPy's {@code .npy} format (versions 1.0, 2.0 and 3.0), read and written in pure Java, for
 * the dtypes both have: {@code bool}, {@code int8} to {@code int64}, {@code float32},
 * {@code float64}, {@code complex64}/{@code complex128} ({@code <c8}/{@code <c16}: each element
 * its real then its imaginary part, as NumPy and TF lay them out), and strings (written as NumPy's fixed-width UTF-32 {@code <U}n; read from
 * {@code <U}n and from byte strings {@code |S}n, decoded as UTF-8, trailing NULs dropped, as NumPy
 * does). Either byte order and Fortran order are read; writing is little-endian, C order,
 * version 1.0 (2.0 when the header needs it).
 *
 * <pre>{@code
 * Npy.write(Tensor.fromNested(new float[][] {{1, 2}, {3, 4}}), out);  // np.load gives float32 (2, 2)
 * Tensor t = Npy.read(in);
 * }</pre>
 *
 * <p>A file of another dtype (unsigned, float16, datetime, Python objects) or a
 * structured dtype is refused naming its {@code descr}; a header longer than
 * {@link #MAX_HEADER_BYTES}, a shape over the element limit ({@link Sizes#maxElements()}) and a
 * file shorter than its shape says are refused before anything large is allocated.
 */
public final class Npy {
  private Npy() {}

  /** The longest header read: NumPy itself refuses headers over 10,000 bytes by default. */
  public static final int MAX_HEADER_BYTES = 1 << 16;

  private static final byte[] MAGIC = {(byte) 0x93, 'N', 'U', 'M', 'P', 'Y'};
  private static final Pattern DESCR = Pattern.compile("'descr'\\s*:\\s*'([^']*)'");
  private static final Pattern FORTRAN = Pattern.compile("'fortran_order'\\s*:\\s*(True|False)");
  private static final Pattern SHAPE = Pattern.compile("'shape'\\s*:\\s*\\(([^)]*)\\)");

  /**
   * Reads one array.
   *
   * @param in the stream, positioned at the magic string; read to the array's end, not closed
   * @return a new tensor of the array's dtype and shape (C order)
   * @throws IOException if reading fails
   * @throws InvalidArgumentException if the data is not an {@code .npy} array Tatter can hold, or ends early
   */
  public static Tensor read(InputStream in) throws IOException {
    java.util.Objects.requireNonNull(in, "in");
    byte[] magic = readFully(in, 8, "the magic string and version");
    for (int i = 0; i < MAGIC.length; i++) {
      if (magic[i] != MAGIC[i]) {
        throw new InvalidArgumentException("npy: not a NumPy .npy file (it does not start with \\x93NUMPY)");
      }
    }
    int major = magic[6];
    long headerLength;
    if (major == 1) {
      headerLength = ByteBuffer.wrap(readFully(in, 2, "the header length")).order(ByteOrder.LITTLE_ENDIAN).getShort()
          & 0xffff;
    } else if (major == 2 || major == 3) {
      headerLength = ByteBuffer.wrap(readFully(in, 4, "the header length")).order(ByteOrder.LITTLE_ENDIAN).getInt()
          & 0xffffffffL;
    } else {
      throw new InvalidArgumentException("npy: format version " + major + "." + magic[7]
          + " is not supported (1.0, 2.0 and 3.0 are)");
    }
    if (headerLength > MAX_HEADER_BYTES) {
      throw new InvalidArgumentException("npy: the header is " + headerLength + " bytes, over the limit of "
          + MAX_HEADER_BYTES);
    }
    String header = new String(readFully(in, (int) headerLength, "the header"),
        major == 3 ? StandardCharsets.UTF_8 : StandardCharsets.ISO_8859_1);
    String descr = group(DESCR, header, "descr");
    boolean fortran = group(FORTRAN, header, "fortran_order").equals("True");
    long[] shape = parseShape(group(SHAPE, header, "shape"));
    NpyElement element = NpyElement.of(descr);
    int count = Sizes.elementCount(shape);
    int[] dims = new int[shape.length];
    for (int i = 0; i < shape.length; i++) {
      // checked one by one: a shape with a zero dimension holds no element however large the others are
      if (shape[i] > Sizes.MAX_ELEMENTS) {
        throw new InvalidArgumentException("npy: dimension " + i + " of shape " + java.util.Arrays.toString(shape) + " is "
            + shape[i] + ", more than a tensor dimension can hold (" + Sizes.MAX_ELEMENTS + ")");
      }
      dims[i] = (int) shape[i];
    }
    long bytes = (long) count * element.width;
    if (bytes > Integer.MAX_VALUE - 8) {
      throw new InvalidArgumentException("npy: " + count + " elements of " + descr + " are " + bytes
          + " bytes, more than one array can hold");
    }
    ByteBuffer data = ByteBuffer.wrap(readFully(in, (int) bytes, "the data (" + count + " elements of " + descr + ")"))
        .order(element.order);
    Object values = element.decode(data, count);
    Tensor t = Tensor.wrap(element.dtype, fortran ? reversed(dims) : dims, values);
    return fortran ? NpyOrder.transposeAll(t) : t;
  }

  /**
   * Writes one array, little-endian and in C order.
   *
   * @param t the tensor
   * @param out the stream (not closed)
   * @throws IOException if writing fails
   */
  public static void write(Tensor t, OutputStream out) throws IOException {
    java.util.Objects.requireNonNull(t, "t");
    java.util.Objects.requireNonNull(out, "out");
    NpyElement element = NpyElement.forWriting(t);
    StringBuilder shape = new StringBuilder("(");
    for (int d : t.shape()) {
      shape.append(d).append(", ");
    }
    if (t.rank() > 1) {
      shape.setLength(shape.length() - 2);
    } else if (t.rank() == 1) {
      shape.setLength(shape.length() - 1); // "(3,)"
    }
    shape.append(')');
    String dict = "{'descr': '" + element.descr + "', 'fortran_order': False, 'shape': " + shape + ", }";
    // magic (6) + version (2) + length (2 or 4) + dict + padding + '\n' is a multiple of 64
    int prefix = 10;
    int total = roundUp(prefix + dict.length() + 1, 64);
    int version = 1;
    if (total - prefix > 0xffff) {
      prefix = 12;
      total = roundUp(prefix + dict.length() + 1, 64);
      version = 2;
    }
    String header = dict + " ".repeat(total - prefix - dict.length() - 1) + "\n";
    out.write(MAGIC);
    out.write(version);
    out.write(0);
    ByteBuffer length = ByteBuffer.allocate(version == 1 ? 2 : 4).order(ByteOrder.LITTLE_ENDIAN);
    if (version == 1) {
      length.putShort((short) header.length());
    } else {
      length.putInt(header.length());
    }
    out.write(length.array());
    out.write(header.getBytes(StandardCharsets.ISO_8859_1));
    out.write(element.encode(t));
  }

  /**
   * The bytes {@link #write} writes, for callers that want them in memory.
   *
   * @param t the tensor
   * @return a new array holding the whole {@code .npy} file
   */
  public static byte[] toBytes(Tensor t) {
    java.util.Objects.requireNonNull(t, "t");
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try {
      write(t, out);
    } catch (IOException e) {
      throw new AssertionError("a ByteArrayOutputStream does not fail", e);
    }
    return out.toByteArray();
  }

  private static int roundUp(int n, int multiple) {
    return (n + multiple - 1) / multiple * multiple;
  }

  private static int[] reversed(int[] dims) {
    int[] out = new int[dims.length];
    for (int i = 0; i < dims.length; i++) {
      out[i] = dims[dims.length - 1 - i];
    }
    return out;
  }

  private static String group(Pattern p, String header, String key) {
    Matcher m = p.matcher(header);
    if (!m.find()) {
      throw new InvalidArgumentException("npy: the header has no '" + key + "' entry: "
          + ByteStrings.quotedText(header.strip()));
    }
    String value = m.group(1);
    if (m.find()) {
      // NumPy's dict literal keeps the last; reading the first would give another array from the same bytes
      throw new InvalidArgumentException("npy: the header gives '" + key + "' twice (NumPy would take the last): "
          + ByteStrings.quotedText(header.strip()));
    }
    return value;
  }

  private static long[] parseShape(String text) {
    List<Long> dims = new ArrayList<>();
    for (String part : text.split(",")) {
      String p = part.strip();
      if (p.isEmpty()) {
        continue;
      }
      try {
        dims.add(Long.parseLong(p.endsWith("L") ? p.substring(0, p.length() - 1) : p));
      } catch (NumberFormatException e) {
        throw new InvalidArgumentException("npy: the shape " + ByteStrings.quotedText("(" + text + ")") + " is not a tuple of integers");
      }
    }
    return dims.stream().mapToLong(Long::longValue).toArray();
  }

  static byte[] readFully(InputStream in, int n, String what) throws IOException {
    byte[] out = in.readNBytes(n);
    if (out.length < n) {
      throw new InvalidArgumentException("npy: the file ends in " + what + ": " + out.length + " of " + n + " bytes");
    }
    return out;
  }
}
