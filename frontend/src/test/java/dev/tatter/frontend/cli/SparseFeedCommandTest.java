package dev.tatter.frontend.cli;

import static dev.tatter.frontend.cli.CliRuns.tatter;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.frontend.cli.CliRuns.Run;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code tatter run} with sparse placeholders: fed as a sparse value prints, its results printed so, read back alike. */
class SparseFeedCommandTest {
  private static final String GRAPH = """
      %st = placeholder() : sparse<float32>[None, 4]
      %d = placeholder() : tensor<float32>[4]
      %m = sparse_dense_mul(%st, %d) : sparse<float32>[None, 4]
      %z = constant() {value = tensor<float32>[] 0.0} : tensor<float32>[]
      %dense = sparse_to_dense(%m, %z) : tensor<float32>[None, 4]
      return %m, %dense
      """;

  @TempDir
  Path dir;

  private Path write(String name, String text) throws IOException {
    return CliRuns.write(dir, name, text);
  }

  @Test
  void run_withASparseFeed_printsSparseResultsThatFeedBack() throws IOException {
    // a sparse placeholder used to die with ClassCastException (SparseType to PartitionType) in Literals.toValue
    Path graph = write("g.tat", GRAPH);
    // st = tf.sparse.SparseTensor([[0, 0], [1, 2]], [1., 2.], [2, 4]); st * [10., 20., 30., 40.]
    //   -> SparseTensor(indices=[[0, 0], [1, 2]], values=[10., 60.], dense_shape=[2, 4])
    Run r = tatter("run", graph, "--interpret",
        "--feed", "st=SparseTensor(indices=[[0, 0], [1, 2]], values=[1.0, 2.0], dense_shape=[2, 4])",
        "--feed", "d=[10, 20, 30, 40]");
    String m = "SparseTensor(indices=[[0, 0], [1, 2]], values=[10.0, 60.0], dense_shape=[2, 4])";
    assertEquals(new Run(0, "%m = " + m + "\n%dense = [[10.0, 0.0, 0.0, 0.0], [0.0, 0.0, 60.0, 0.0]]\n", ""), r);
    // the printed result is a feed again, here from a file and through the compiled backend
    Path feed = write("m.txt", m);
    Run again = tatter("run", graph, "--feed", "st=@" + feed, "--feed", "d=[1, 1, 1, 1]");
    assertEquals(new Run(0, "%m = " + m + "\n%dense = [[10.0, 0.0, 0.0, 0.0], [0.0, 0.0, 60.0, 0.0]]\n", ""), again);
  }

  @Test
  void run_withABadSparseFeed_failsNamingTheFeed() throws IOException {
    Path graph = write("g.tat", GRAPH);
    Run r = tatter("run", graph, "--feed", "st=[[1.0, 2.0]]", "--feed", "d=[1, 1, 1, 1]");
    assertTrue(r.code() != 0, r.toString());
    assertTrue(r.err().contains("--feed st:1:1: a value of type sparse<float32>[None, 4] is written SparseTensor("), r.err());
    Run wide = tatter("run", graph, "--feed", "st=SparseTensor(indices=[], values=[], dense_shape=[2, 5])",
        "--feed", "d=[1, 1, 1, 1]");
    assertTrue(wide.err().contains("literal (dense_shape) is [2, 5] where the type sparse<float32>[None, 4] wants [None, 4]"),
        wide.err());
  }
}
