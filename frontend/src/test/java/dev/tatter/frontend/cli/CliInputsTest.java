package dev.tatter.frontend.cli;

import static dev.tatter.frontend.cli.CliRuns.tatter;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.tatter.frontend.cli.CliRuns.Run;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The tool's inputs are read with a size limit and strict UTF-8, and each bad input is one line
 * naming it (exit code 1), never an OutOfMemoryError, a stack trace or a bare JDK message; the
 * dot renderer's time limit holds; control characters never reach the terminal raw.
 */
class CliInputsTest {
  private static final String GRAPH = """
      %x = placeholder() : tensor<float32>[None]
      %y = abs(%x) : tensor<float32>[None]
      return %y
      """;

  @TempDir
  Path dir;

  private Path graph() throws IOException {
    Path p = dir.resolve("g.tat");
    Files.writeString(p, GRAPH, StandardCharsets.UTF_8);
    return p;
  }

  private static void assertOneLineError(Run r, String expected) {
    assertEquals(1, r.code(), r.toString());
    assertTrue(r.err().startsWith("error: ") && r.err().contains(expected), r.err());
    assertEquals(1, r.err().strip().lines().count(), r.err());
  }

  @Test
  void aFedStringWithANewline_cannotForgeAnErrorLine() throws IOException {
    Path g = dir.resolve("n.tat");
    Files.writeString(g, """
        %s = placeholder() : tensor<string>[1]
        %n = string_to_number(%s) {out_type = float32} : tensor<float32>[1]
        return %n
        """, StandardCharsets.UTF_8);
    Path feed = dir.resolve("s.json");
    Files.writeString(feed, "[\"1\\nerror: forged\"]", StandardCharsets.UTF_8);
    assertOneLineError(tatter("run", g, "--feed", "s=@" + feed), "could not correctly convert string: b'1\\nerror: forged'");
  }

  @Test
  void endlessOrHugeInputs_areRefusedByTheLimit() throws IOException {
    assumeTrue(Files.isReadable(Path.of("/dev/zero")));
    assertOneLineError(tatter("run", "/dev/zero"), "/dev/zero is larger than the input limit of ");
    assertOneLineError(tatter("run", graph(), "--feed", "x=@/dev/zero"), "--feed x: /dev/zero is larger than the input limit");
    String previous = System.setProperty(InputFiles.LIMIT_PROPERTY, "100");
    try {
      Path big = dir.resolve("big.json");
      Files.writeString(big, "[" + "1.0, ".repeat(100) + "1.0]");
      assertOneLineError(tatter("run", graph(), "--feed", "x=@" + big), "is larger than the input limit of 100 bytes");
    } finally {
      restore(InputFiles.LIMIT_PROPERTY, previous);
    }
  }

  @Test
  void numpyFeeds_areHeldToTheInputLimit() throws IOException {
    float[] values = new float[256];
    for (int i = 0; i < values.length; i++) {
      values[i] = (float) Math.sin(i) * 1000; // little for deflate to squeeze: the .npz stays past the limit too
    }
    Path npy = dir.resolve("x.npy");
    Files.write(npy, dev.tatter.runtime.io.Npy.toBytes(dev.tatter.runtime.Tensor.ofFloats(values)));
    Path npz = dir.resolve("x.npz");
    try (java.io.OutputStream out = Files.newOutputStream(npz)) {
      dev.tatter.runtime.io.Npz.write(java.util.Map.of("x", dev.tatter.runtime.Tensor.ofFloats(values)), out);
    }
    String previous = System.setProperty(InputFiles.LIMIT_PROPERTY, "400");
    Path graph = graph(); // 110 bytes, within the limit
    try {
      // a 256-float .npy is 1,152 bytes; it was read whole whatever the limit
      assertOneLineError(tatter("run", graph, "--feed", "x=@" + npy), "--feed x: " + npy
          + " is larger than the input limit of 400 bytes (set -Dtatter.maxInputBytes=N to change it)");
      assertOneLineError(tatter("run", graph, "--feed", "x=@" + npz), "--feed x: " + npz + " is larger than the input limit of 400 bytes");
    } finally {
      restore(InputFiles.LIMIT_PROPERTY, previous);
    }
  }

  @Test
  void aDirectory_invalidUtf8_andAMissingOutputDirectory_areNamed() throws IOException {
    assertOneLineError(tatter("run", dir), dir + " is a directory, not a file");
    Path latin1 = dir.resolve("latin1.tat");
    Files.write(latin1, new byte[] {'%', 'x', ' ', (byte) 0xe9, '\n'});
    assertOneLineError(tatter("run", latin1), "is not valid UTF-8: malformed byte sequence at byte offset 3");
    Path missing = dir.resolve("no/such/dir/g.dot");
    assertOneLineError(tatter("dot", graph(), "-o", missing), "cannot write " + missing + ": the directory ");
  }

  @Test
  void aFeedGivenTwice_isAnError() throws IOException {
    assertOneLineError(tatter("run", graph(), "--feed", "x=[1.0]", "--feed", "x=[2.0]"), "--feed x is given twice");
  }

  @Test
  void controlCharactersInAMessage_areEscaped() throws IOException {
    Path g = dir.resolve("ctl.tat");
    Files.writeString(g, "%x = placeholder() : tensor<float32>[None]\n%y = frob\u001b[2J\u0000(%x) : tensor<float32>[None]\n");
    Run r = tatter("run", g);
    assertEquals(1, r.code());
    assertFalse(r.err().chars().anyMatch(c -> c == 0x1b || c == 0), r.err());
  }

  @Test
  void dotsTimeLimit_stopsARenderThatHangs() throws IOException {
    Path fake = dir.resolve("dot");
    Files.writeString(fake, "#!/bin/sh\nsleep 30\n");
    Files.setPosixFilePermissions(fake, PosixFilePermissions.fromString("rwx------"));
    String program = System.setProperty(DotCommand.DOT_PROGRAM_PROPERTY, fake.toString());
    String timeout = System.setProperty(DotCommand.DOT_TIMEOUT_PROPERTY, "1");
    try {
      long start = System.nanoTime();
      Run r = tatter("dot", graph(), "--png", dir.resolve("g.png"));
      long seconds = (System.nanoTime() - start) / 1_000_000_000L;
      assertOneLineError(r, "Graphviz's dot did not finish within 1 seconds");
      assertTrue(seconds < 15, "took " + seconds + " s");
    } finally {
      restore(DotCommand.DOT_PROGRAM_PROPERTY, program);
      restore(DotCommand.DOT_TIMEOUT_PROPERTY, timeout);
    }
  }

  @Test
  void anOutputThatIsAnInputOfTheRun_isRefusedAndTheInputKept() throws IOException {
    Path g = graph();
    Path feed = dir.resolve("x.json");
    Files.writeString(feed, "[1.0, -2.0]");
    // --trace onto the graph file, or onto a feed file
    assertOneLineError(tatter("run", g, "--feed", "x=@" + feed, "--trace", g),
        "cannot write " + g + ": it is an input of this run (the graph); refusing to overwrite it");
    assertEquals(GRAPH, Files.readString(g));
    assertOneLineError(tatter("run", g, "--feed", "x=@" + feed, "--trace", feed),
        "cannot write " + feed + ": it is an input of this run (--feed x); refusing to overwrite it");
    assertEquals("[1.0, -2.0]", Files.readString(feed));
    // --save writes DIR/y.npy: here the .npy the feed x was read from, through another spelling of the path
    Path npy = dir.resolve("y.npy");
    dev.tatter.runtime.io.Npy.write(dev.tatter.runtime.Tensor.ofFloats(1f, -2f), Files.newOutputStream(npy));
    byte[] before = Files.readAllBytes(npy);
    assertOneLineError(tatter("run", g, "--feed", "x=@" + npy, "--save", dir.resolve("."), "--fetch", "y"),
        "it is an input of this run (--feed x); refusing to overwrite it");
    assertTrue(java.util.Arrays.equals(before, Files.readAllBytes(npy)));
  }

  @Test
  void outputsThatCannotBeWritten_nameTheFileAndTheReason() throws IOException {
    Path g = graph();
    // --save onto a file, dot -o onto a directory
    Path file = dir.resolve("a-file");
    Files.writeString(file, "");
    assertOneLineError(tatter("run", g, "--feed", "x=[1.0]", "--save", file), "cannot write " + file + ": it is not a directory");
    assertOneLineError(tatter("dot", g, "-o", dir), "cannot write " + dir + ": it is a directory");
    // --save where y.npy is a directory
    Path saveDir = dir.resolve("out");
    Files.createDirectories(saveDir.resolve("y.npy"));
    assertOneLineError(tatter("run", g, "--feed", "x=[1.0]", "--save", saveDir),
        "cannot write " + saveDir.resolve("y.npy") + ": it is a directory");
    // a device that refuses every byte, and a file system that refuses new files
    if (Files.isWritable(Path.of("/dev/full"))) {
      assertOneLineError(tatter("run", g, "--feed", "x=[1.0]", "--trace", "/dev/full"), "cannot write /dev/full: ");
      assertOneLineError(tatter("dot", g, "-o", "/dev/full"), "cannot write /dev/full: ");
    }
    if (Files.isDirectory(Path.of("/proc/self"))) {
      assertOneLineError(tatter("run", g, "--feed", "x=[1.0]", "--trace", "/proc/self/tatter-trace.json"),
          "cannot write /proc/self/tatter-trace.json: ");
      assertOneLineError(tatter("run", g, "--feed", "x=[1.0]", "--save", "/proc/self/tatter-out"), "cannot write /proc/self/tatter-out");
    }
  }

  private static void restore(String key, String previous) {
    if (previous == null) {
      System.clearProperty(key);
    } else {
      System.setProperty(key, previous);
    }
  }
}
