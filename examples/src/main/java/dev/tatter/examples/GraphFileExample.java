package dev.tatter.examples;

import dev.tatter.frontend.cli.TatterCommand;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A graph written in the textual IR ({@code graphs/padding.tat}), printed before and after
 * optimization and run by the {@code tatter} command-line tool — called in-process here,
 * exactly as {@code bin/tatter} runs it from a shell.
 */
public final class GraphFileExample {
  static final String GRAPH = "graphs/padding.tat";
  static final String FEED = "tokens=[[5, 2, 9], [], [7], [4, 4]]";

  private GraphFileExample() {}

  public static void run(PrintStream out) {
    Path file = extract(GRAPH);
    PrintWriter writer = new PrintWriter(out, true);
    tatter(writer, "opt", file.toString(), "--passes=");   // no passes: the graph as written
    tatter(writer, "opt", file.toString());                 // after the default pipeline
    tatter(writer, "run", file.toString(), "--feed", FEED);
  }

  private static void tatter(PrintWriter out, String... args) {
    out.println("$ bin/tatter " + String.join(" ", args).replace(FEED, "'" + FEED + "'")
        .replaceFirst("\\S*padding\\.tat", "examples/src/main/resources/" + GRAPH));
    int code = TatterCommand.execute(out, out, args);
    if (code != 0) {
      throw new IllegalStateException("tatter " + args[0] + " exited with " + code);
    }
  }

  /** The graph file from the examples jar, copied to a temporary file the tool can read. */
  private static Path extract(String resource) {
    try (InputStream in = GraphFileExample.class.getClassLoader().getResourceAsStream(resource)) {
      if (in == null) {
        throw new IllegalStateException(resource + " is missing from the examples jar");
      }
      Path dir = Files.createTempDirectory("tatter-example");
      Path file = dir.resolve(Path.of(resource).getFileName().toString());
      Files.writeString(file, new String(in.readAllBytes(), StandardCharsets.UTF_8), StandardCharsets.UTF_8);
      file.toFile().deleteOnExit();
      dir.toFile().deleteOnExit();
      return file;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
