package dev.tatter.frontend.cli;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.MalformedInputException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * Reads the command's input files (the graph, {@code --feed x=@FILE}) with a size limit and strict
 * UTF-8, so that {@code /dev/zero}, a directory or a huge file is an error naming the file, never
 * an {@code OutOfMemoryError} nor a bare {@code Is a directory}. The limit is {@value
 * #LIMIT_PROPERTY} bytes if set, else a 64th of the heap (parsing a text takes many times its size),
 * at most 256 MB.
 */
final class InputFiles {
  static final String LIMIT_PROPERTY = "tatter.maxInputBytes";

  private InputFiles() {}

  static long limit() {
    long byHeap = Math.min(256L << 20, Runtime.getRuntime().maxMemory() / 64);
    return Math.max(0, Long.getLong(LIMIT_PROPERTY, byHeap));
  }

  /** The text of {@code path}; {@code what} names it in errors ({@code "--feed x"}, or empty for the graph file). */
  static String read(Path path, String what) throws IOException {
    String prefix = what.isEmpty() ? "" : what + ": ";
    String name = prefix + path;
    if (Files.isDirectory(path)) {
      throw new IOException(name + " is a directory, not a file");
    }
    long limit = limit();
    byte[] bytes;
    try (InputStream in = Files.newInputStream(path)) {
      // read at most limit + 1 bytes: a device such as /dev/zero has no size to check first
      bytes = in.readNBytes((int) Math.min(Integer.MAX_VALUE - 8, limit + 1));
    } catch (NoSuchFileException e) {
      throw new IOException(prefix + "no such file: " + path);
    } catch (AccessDeniedException e) {
      throw new IOException(name + ": permission denied");
    }
    if (bytes.length > limit) {
      throw new IOException(name + " is larger than the input limit of " + limit + " bytes (set -D" + LIMIT_PROPERTY
          + "=N to change it)");
    }
    return decode(bytes, name);
  }

  /**
   * {@code in}, failing with the input limit's message once more than {@link #limit()} bytes are
   * read from it: {@code --feed x=@FILE.npy} and {@code .npz} stream their file to the NumPy reader,
   * so a file (or a device) past the limit is refused as a text feed is, not read on.
   */
  static InputStream limited(InputStream in, String name) {
    long limit = limit();
    return new java.io.FilterInputStream(in) {
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
          throw new IOException(name + " is larger than the input limit of " + limit + " bytes (set -D" + LIMIT_PROPERTY
              + "=N to change it)");
        }
      }
    };
  }

  /** Strict UTF-8: a malformed sequence is an error giving its byte offset, not {@code Input length = 1}. */
  private static String decode(byte[] bytes, String name) throws IOException {
    CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
        .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT);
    ByteBuffer in = ByteBuffer.wrap(bytes);
    try {
      return decoder.decode(in).toString();
    } catch (MalformedInputException e) {
      throw new IOException(name + " is not valid UTF-8: malformed byte sequence at byte offset " + in.position());
    } catch (CharacterCodingException e) {
      throw new IOException(name + " is not valid UTF-8 at byte offset " + in.position());
    }
  }
}
