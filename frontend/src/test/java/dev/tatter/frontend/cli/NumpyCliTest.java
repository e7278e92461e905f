package dev.tatter.frontend.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.Tensor;
import dev.tatter.runtime.io.Npy;
import dev.tatter.runtime.io.Npz;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code tatter run} with NumPy files: {@code --feed x=@a.npy}, {@code @a.npz} for ragged, {@code --save DIR}. */
class NumpyCliTest {
  private static final String GRAPH = """
      %scores = placeholder() : ragged<float32>[None, (None)]
      %bias = placeholder() : tensor<float32>[None]
      %two = constant() {value = tensor<float32>[] 2.0} : tensor<float32>[]
      %p = partition(%scores) : partition<int64>[None, (None)]
      %v = values(%scores) : tensor<float32>[None]
      %m = mul(%v, %two) : tensor<float32>[None]
      %scaled = ragged(%m, %p) : ragged<float32>[None, (None)]
      %lengths = row_lengths(%p) : tensor<int64>[None]
      %shifted = add(%bias, %two) : tensor<float32>[None]
      return %scaled, %lengths, %shifted
      """;

  @TempDir
  Path dir;

  private String[] run(Object... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    String[] strings = new String[args.length];
    for (int i = 0; i < args.length; i++) {
      strings[i] = String.valueOf(args[i]);
    }
    int code = TatterCommand.execute(new PrintWriter(out), new PrintWriter(err), strings);
    return new String[] {String.valueOf(code), out.toString(), err.toString()};
  }

  @Test
  void feedsFromNpyAndNpz_andSavesEveryFetch() throws IOException {
    Path graph = Files.writeString(dir.resolve("g.tat"), GRAPH);
    Path scores = dir.resolve("scores.npz");
    try (OutputStream out = Files.newOutputStream(scores)) {
      Npz.write(Npz.fromRagged(RaggedTensor.fromNested(new float[][] {{1f, 2.5f}, {}, {3f}})), out);
    }
    Path bias = dir.resolve("bias.npy");
    Files.write(bias, Npy.toBytes(Tensor.ofFloats(0.5f, -1f)));
    Path saved = dir.resolve("out");
    String[] r = run("run", graph, "--feed", "scores=@" + scores, "--feed", "bias=@" + bias, "--save", saved);
    assertEquals("0", r[0], r[2]);
    // tf.ragged.constant([[1., 2.5], [], [3.]]) * 2 -> [[2.0, 5.0], [], [6.0]]; [0.5, -1.] + 2 -> [2.5, 1.0]
    assertEquals("%scaled = [[2.0, 5.0], [], [6.0]]\n%lengths = [2, 0, 1]\n%shifted = [2.5, 1.0]\n", r[1]);
    try (InputStream in = Files.newInputStream(saved.resolve("scaled.npz"))) {
      assertEquals(RaggedTensor.fromNested(new float[][] {{2f, 5f}, {}, {6f}}), Npz.toRagged(Npz.read(in)));
    }
    try (InputStream in = Files.newInputStream(saved.resolve("lengths.npy"))) {
      assertEquals(Tensor.ofLongs(2, 0, 1), Npy.read(in));
    }
    assertTrue(Files.exists(saved.resolve("shifted.npy")));
  }

  @Test
  void aBadNpyFeed_isExitCodeOneWithTheReason() throws IOException {
    Path graph = Files.writeString(dir.resolve("g.tat"), GRAPH);
    Path bad = Files.writeString(dir.resolve("bias.npy"), "not numpy");
    String[] r = run("run", graph, "--feed", "scores=[[1.0]]", "--feed", "bias=@" + bad);
    assertEquals("1", r[0]);
    assertEquals("error: npy: not a NumPy .npy file (it does not start with \\x93NUMPY)\n", r[2]);
    r = run("run", graph, "--feed", "scores=[[1.0]]", "--feed", "bias=@" + dir.resolve("missing.npy"));
    assertEquals("1", r[0]);
    assertTrue(r[2].contains("no such file"), r[2]);
  }
}
