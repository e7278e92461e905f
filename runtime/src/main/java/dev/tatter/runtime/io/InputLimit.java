package dev.tatter.runtime.io;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The one byte limit on files Tatter reads whole: graph files, {@code --feed x=@FILE} (text, JSON,
 * {@code .npy}, {@code .npz}), table initializer files and the text engines' vocabularies and
 * models. It is {@value #PROPERTY} bytes if that system property is set, else a 64th of the heap
 * (what is read is parsed into structures several times its size), at most 256 MB.
 *
 * <p>Files are counted as they stream, never by their reported size first: a device such as
 * {@code /dev/zero} or a pipe has no size, and reading it "to the end" would exhaust the heap. The
 * refusal names the file and the knob.
 */
public final class InputLimit {
  /** The system property that sets the limit, in bytes. */
  public static final String PROPERTY = "tatter.maxInputBytes";

  private InputLimit() {}

  /** A file refused whole (a directory, unreadable, past the limit); its message starts with the file's name. */
  public static final class Refused extends IOException {
    private static final long serialVersionUID = 1L;

    Refused(String message) {
      super(message);
    }
  }

  /** The limit in bytes now (the property is read on every call, so a test or a server may change it). */
  public static long bytes() {
    long byHeap = Math.min(256L << 20, Runtime.getRuntime().maxMemory() / 64);
    return Math.max(0, Long.getLong(PROPERTY, byHeap));
  }

  /** The refusal for {@code name} (a file, with whatever names its role: {@code "table file vocab.txt"}). */
  public static String tooLarge(String name, long limit) {
    return name + " is larger than the input limit of " + limit + " bytes (set -D" + PROPERTY + "=N to change it)";
  }

  /**
   * The bytes of {@code path}, read up to the limit; {@code name} names it in errors. A directory, an
   * unreadable file and one past the limit are {@link Refused}, whose message starts with {@code
   * name}; a missing file is the {@link java.nio.file.NoSuchFileException} itself, for the caller to word.
   */
  public static byte[] readAll(Path path, String name) throws IOException {
    if (Files.isDirectory(path)) {
      throw new Refused(name + " is a directory, not a file");
    }
    long limit = bytes();
    byte[] bytes;
    try (InputStream in = Files.newInputStream(path)) {
      // at most limit + 1 bytes: one past the limit is enough to refuse
      bytes = in.readNBytes((int) Math.min(Integer.MAX_VALUE - 8, limit + 1));
    } catch (AccessDeniedException e) {
      throw new Refused(name + ": permission denied");
    }
    if (bytes.length > limit) {
      throw new Refused(tooLarge(name, limit));
    }
    return bytes;
  }

  /**
   * {@code in}, failing with {@link #tooLarge} once more than {@link #bytes()} bytes are read from it:
   * for readers that stream a file (the NumPy formats) rather than read it whole.
   */
  public static InputStream limited(InputStream in, String name) {
    long limit = bytes();
    return new FilterInputStream(in) {
      private long read;

      @Override
      public int read() throws IOException {
        int b = super.read();
        count(b < 0 ? 0 : 1);
        return b;
      }

      @Override
      public int read(byte[] buf, int off, int len) throws IOException {
        int n = super.read(buf, off, len);
        count(Math.max(n, 0));
        return n;
      }

      @Override
      public long skip(long n) throws IOException {
        long skipped = super.skip(n);
        count(skipped);
        return skipped;
      }

      private void count(long n) throws IOException {
        read += n;
        if (read > limit) {
          throw new Refused(tooLarge(name, limit));
        }
      }
    };
  }
}
