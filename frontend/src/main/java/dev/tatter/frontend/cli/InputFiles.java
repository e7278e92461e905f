package dev.tatter.frontend.cli;

import dev.tatter.runtime.io.InputLimit;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.MalformedInputException;
import java.nio.charset.StandardCharsets;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * Reads the command's input files (the graph, {@code --feed x=@FILE}) with a size limit and strict
 * UTF-8, so that {@code /dev/zero}, a directory or a huge file is an error naming the file, never
 * an {@code OutOfMemoryError} nor a bare {@code Is a directory}. The limit is {@link InputLimit}'s,
 * shared with the table initializers and the text engines' files.
 */
final class InputFiles {
  static final String LIMIT_PROPERTY = InputLimit.PROPERTY;

  private InputFiles() {}

  static long limit() {
    return InputLimit.bytes();
  }

  /** The text of {@code path}; {@code what} names it in errors ({@code "--feed x"}, or empty for the graph file). */
  static String read(Path path, String what) throws IOException {
    String prefix = what.isEmpty() ? "" : what + ": ";
    String name = prefix + path;
    byte[] bytes;
    try {
      bytes = InputLimit.readAll(path, name);
    } catch (NoSuchFileException e) {
      throw new IOException(prefix + "no such file: " + path);
    }
    return decode(bytes, name);
  }

  /**
   * {@code in}, failing with the input limit's message once more than {@link #limit()} bytes are
   * read from it: {@code --feed x=@FILE.npy} and {@code .npz} stream their file to the NumPy reader,
   * so a file (or a device) past the limit is refused as a text feed is, not read on.
   */
  static InputStream limited(InputStream in, String name) {
    return InputLimit.limited(in, name);
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
