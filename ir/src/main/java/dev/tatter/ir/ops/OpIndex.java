package dev.tatter.ir.ops;

import com.google.common.collect.ImmutableMap;
import dev.tatter.ir.OpDef;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Which op library declares each mnemonic: the index that lets {@link OpRegistry#lookup} initialize
 * only the libraries a graph uses (a library's static initializer builds all its ops, their type
 * rules and their kernels' handles, the largest share of a short run's start). The build writes it
 * into the classes directory ({@code process-classes}, {@link #main}) from the same reflection over
 * {@link OpRegistry#LIBRARIES} that the registry itself does, so it is never edited by hand and adding
 * an op still touches only its library; {@code OpIndexTest} checks it equals that reflection.
 *
 * <p>The resource has one line per op, in registry order: the mnemonic, a tab, the library's simple
 * name (every library is in this package).
 */
final class OpIndex {
  /** The resource's name, beside this class. */
  static final String RESOURCE = "op-index.tsv";

  private OpIndex() {}

  /** Mnemonic to library, by reflection over every listed library (initializes them all). */
  static ImmutableMap<String, Class<?>> fromLibraries() {
    Map<String, Class<?>> out = new LinkedHashMap<>();
    for (Class<?> library : OpRegistry.LIBRARIES) {
      for (OpDef op : OpRegistry.opsOf(library)) {
        Class<?> before = out.putIfAbsent(op.mnemonic(), library);
        if (before != null) {
          throw new IllegalStateException("op '" + op.mnemonic() + "' is declared by both " + before.getSimpleName()
              + " and " + library.getSimpleName());
        }
      }
    }
    return ImmutableMap.copyOf(out);
  }

  /**
   * The index the build wrote, or empty when this class runs without it (classes compiled outside
   * Maven); a line naming a class that is not a listed library makes the whole index unusable.
   */
  static Optional<ImmutableMap<String, Class<?>>> fromResource() {
    try (InputStream in = OpIndex.class.getResourceAsStream(RESOURCE)) {
      if (in == null) {
        return Optional.empty();
      }
      Map<String, Class<?>> bySimpleName = new LinkedHashMap<>();
      OpRegistry.LIBRARIES.forEach(library -> bySimpleName.put(library.getSimpleName(), library));
      ImmutableMap.Builder<String, Class<?>> out = ImmutableMap.builder();
      BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
      for (String line = reader.readLine(); line != null; line = reader.readLine()) {
        int tab = line.indexOf('\t');
        Class<?> library = tab < 0 ? null : bySimpleName.get(line.substring(tab + 1));
        if (library == null) {
          return Optional.empty();
        }
        out.put(line.substring(0, tab), library);
      }
      return Optional.of(out.buildOrThrow());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The resource's text for {@code index}. */
  static String text(Map<String, Class<?>> index) {
    StringBuilder out = new StringBuilder();
    index.forEach((mnemonic, library) -> out.append(mnemonic).append('\t').append(library.getSimpleName()).append('\n'));
    return out.toString();
  }

  /**
   * Writes the index of every listed library to {@code args[0]}, a classes directory (the build
   * runs this after compiling the ir module).
   */
  public static void main(String[] args) throws IOException {
    if (args.length != 1) {
      throw new IllegalArgumentException("usage: OpIndex CLASSES_DIRECTORY");
    }
    Path file = Path.of(args[0]).resolve(OpIndex.class.getPackageName().replace('.', '/')).resolve(RESOURCE);
    Files.createDirectories(file.getParent());
    Files.writeString(file, text(fromLibraries()), StandardCharsets.UTF_8);
  }
}
