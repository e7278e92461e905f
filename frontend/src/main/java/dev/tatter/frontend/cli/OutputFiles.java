package dev.tatter.frontend.cli;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.util.Map;

/**
 * The command's output files ({@code run --trace}, {@code --save}, {@code dot -o/--png/--svg}):
 * each is checked before anything is computed or written — its directory exists, it is not a
 * directory, and it is none of the run's inputs (the graph, a {@code --feed @FILE}, a {@code
 * --profile} trace), so an output can never overwrite what the command reads — and a failed write
 * is one message naming the file and the reason ({@code No space left on device}, {@code
 * permission denied}), where the JDK's exceptions often give only the path.
 */
final class OutputFiles {
  private OutputFiles() {}

  /** Writes {@code out}, turning any I/O failure into one message naming it. */
  interface Writer {
    void write(OutputStream out) throws IOException;
  }

  /** Refuses {@code out} (if not null) when it cannot be written or is one of {@code inputs} (file to what it is). */
  static void checkWritable(Path out, Map<Path, String> inputs) throws IOException {
    if (out == null) {
      return;
    }
    Path dir = out.toAbsolutePath().getParent();
    if (dir != null && !Files.isDirectory(dir)) {
      throw new IOException("cannot write " + out + ": the directory " + dir + " does not exist");
    }
    if (Files.isDirectory(out)) {
      throw new IOException("cannot write " + out + ": it is a directory");
    }
    checkNotAnInput(out, inputs);
  }

  /** Refuses {@code out} when it is the same file as one of {@code inputs}, however either is spelled. */
  static void checkNotAnInput(Path out, Map<Path, String> inputs) throws IOException {
    if (!Files.exists(out)) {
      return;
    }
    for (Map.Entry<Path, String> input : inputs.entrySet()) {
      if (Files.exists(input.getKey()) && Files.isSameFile(out, input.getKey())) {
        throw new IOException("cannot write " + out + ": it is an input of this run (" + input.getValue()
            + "); refusing to overwrite it");
      }
    }
  }

  /** {@code dir} made a directory if it is not one, or one message saying why it cannot be. */
  static void makeDirectory(Path dir) throws IOException {
    if (Files.exists(dir) && !Files.isDirectory(dir)) {
      throw new IOException("cannot write " + dir + ": it is not a directory");
    }
    try {
      Files.createDirectories(dir);
    } catch (IOException e) {
      throw new IOException("cannot write " + dir + ": " + reason(e), e);
    }
  }

  /** Writes {@code file} through {@code writer}; a failure names the file and the reason. */
  static void write(Path file, Writer writer) throws IOException {
    try (OutputStream out = Files.newOutputStream(file)) {
      writer.write(out);
    } catch (IOException e) {
      throw new IOException("cannot write " + file + ": " + reason(e), e);
    }
  }

  /** What went wrong, in words: the JDK's file exceptions carry the path as their message, and the reason apart. */
  static String reason(IOException e) {
    if (e instanceof FileSystemException fs && fs.getReason() != null) {
      return fs.getReason();
    }
    if (e instanceof AccessDeniedException) {
      return "permission denied";
    }
    if (e instanceof NoSuchFileException) {
      return "no such file or directory";
    }
    if (e instanceof NotDirectoryException) {
      return "not a directory";
    }
    if (e instanceof FileAlreadyExistsException) {
      return "a file of that name exists";
    }
    if (e instanceof FileSystemException) {
      return e.getClass().getSimpleName();
    }
    return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
  }
}
