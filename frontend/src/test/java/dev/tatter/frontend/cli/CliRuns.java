package dev.tatter.frontend.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * The command tests' way to run the tool in-process: {@link TatterCommand#execute} with its output
 * and error streams captured, so a test compares what a user would see and the exit code.
 */
final class CliRuns {
  private CliRuns() {}

  /** What a run printed and returned. */
  record Run(int code, String out, String err) {}

  /** Runs {@code tatter} with the arguments, each turned to text (paths and numbers too). */
  static Run tatter(Object... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code = TatterCommand.execute(new PrintWriter(out), new PrintWriter(err),
        Arrays.stream(args).map(String::valueOf).toArray(String[]::new));
    return new Run(code, out.toString(), err.toString());
  }

  /** Writes a UTF-8 input file named {@code name} into {@code dir}. */
  static Path write(Path dir, String name, String text) throws IOException {
    Path p = dir.resolve(name);
    Files.writeString(p, text, StandardCharsets.UTF_8);
    return p;
  }

  /**
   * The run's {@code --output json} text; it must succeed on the compiled backend and print the
   * same (exit code, output and errors) under {@code --interpret}.
   */
  static String json(Object... args) {
    Run compiled = tatter(concat(args, "--output", "json"));
    Run interpreted = tatter(concat(args, "--output", "json", "--interpret"));
    assertEquals(0, compiled.code(), compiled.toString());
    assertEquals(compiled, interpreted);
    return compiled.out();
  }

  static Object[] concat(Object[] a, Object... b) {
    Object[] out = Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, out, a.length, b.length);
    return out;
  }
}
