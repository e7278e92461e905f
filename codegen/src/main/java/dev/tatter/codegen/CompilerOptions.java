package dev.tatter.codegen;

import java.nio.file.Path;
import java.util.Optional;

/**
 * Options of the bytecode backend. {@code dumpDirectory}: where to write each generated class,
 * its {@code Textifier} listing and its IR (also set by the system property
 * {@code tatter.dumpDir}).
 */
public record CompilerOptions(Optional<Path> dumpDirectory) {
  public static CompilerOptions defaults() {
    String dir = System.getProperty("tatter.dumpDir");
    return new CompilerOptions(dir == null ? Optional.empty() : Optional.of(Path.of(dir)));
  }

  public CompilerOptions withDumpDirectory(Path dir) {
    return new CompilerOptions(Optional.of(dir));
  }
}
