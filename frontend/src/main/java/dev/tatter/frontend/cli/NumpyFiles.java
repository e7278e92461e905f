package dev.tatter.frontend.cli;

import dev.tatter.frontend.cli.TatterCommand.CliException;
import dev.tatter.ir.types.RaggedType;
import dev.tatter.ir.types.Type;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.RowPartition;
import dev.tatter.runtime.SparseTensor;
import dev.tatter.runtime.Tensor;
import dev.tatter.runtime.io.Npy;
import dev.tatter.runtime.io.Npz;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/** {@code --feed x=@a.npy} / {@code @a.npz} and {@code --save DIR}: values as NumPy files. */
final class NumpyFiles {
  private NumpyFiles() {}

  static boolean isNumpyFile(String name) {
    return name.endsWith(".npy") || name.endsWith(".npz");
  }

  /** The value of a {@code .npy} (a dense tensor) or {@code .npz} (a ragged tensor's components) file. */
  static Object read(Path path, Type declared, String feedName) throws IOException {
    if (Files.isDirectory(path)) {
      throw new IOException("--feed " + feedName + ": " + path + " is a directory, not a file");
    }
    try (InputStream in = InputFiles.limited(Files.newInputStream(path), "--feed " + feedName + ": " + path)) {
      if (path.toString().endsWith(".npy")) {
        return Npy.read(in);
      }
      Map<String, Tensor> arrays = Npz.read(in);
      if (declared instanceof RaggedType) {
        return Npz.toRagged(arrays);
      }
      if (arrays.size() == 1) {
        return arrays.values().iterator().next();
      }
      throw new CliException("--feed " + feedName + ": " + path + " holds " + arrays.keySet()
          + "; a dense placeholder takes an .npz of one array (or an .npy)");
    } catch (NoSuchFileException e) {
      throw new IOException("--feed " + feedName + ": no such file: " + path);
    }
  }

  /** The file {@link #save} writes {@code value} to: {@code dir/name.npy} for a tensor, else {@code dir/name.npz}. */
  static Path target(Path dir, String name, Object value) {
    return dir.resolve(name + (value instanceof Tensor ? ".npy" : ".npz"));
  }

  /** Writes {@code value} into {@code dir} as {@code name.npy} (dense, partition splits) or {@code name.npz}. */
  static Path save(Path dir, String name, Object value) throws IOException {
    OutputFiles.makeDirectory(dir);
    Path file = target(dir, name, value);
    if (value instanceof Tensor t) {
      OutputFiles.write(file, out -> Npy.write(t, out));
      return file;
    }
    Map<String, Tensor> arrays;
    if (value instanceof RaggedTensor rt) {
      arrays = Npz.fromRagged(rt);
    } else if (value instanceof SparseTensor st) {
      arrays = new LinkedHashMap<>();
      arrays.put("indices", st.indices());
      arrays.put("values", st.values());
      arrays.put("dense_shape", st.denseShape());
    } else if (value instanceof RowPartition p) {
      arrays = Map.of("row_splits", Tensor.ofLongs(p.rowSplitsArray()));
    } else {
      throw new IllegalArgumentException("cannot save a " + value.getClass().getSimpleName());
    }
    OutputFiles.write(file, out -> Npz.write(arrays, out));
    return file;
  }
}
