package dev.tatter.ir.ops;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A lookup initializes the library that declares the op, not the others: what keeps a short
 * {@code tatter run} from building every op. Each check runs the registry in a class loader of its
 * own, where a library's kernels class is loaded only when that library's initializer names it
 * (SourceKernels by CoreOps, UnicodeKernels by UnicodeOps, StringSplitKernels by StringSplitOps,
 * SparseMatmulKernels by SparseMatmulOps).
 */
class LazyLibrariesTest {
  private static final List<String> UNRELATED_KERNELS = List.of(
      "dev.tatter.runtime.kernels.strings.UnicodeKernels",
      "dev.tatter.runtime.kernels.strings.StringSplitKernels",
      "dev.tatter.runtime.kernels.sparse.SparseMatmulKernels");

  /** Loads the test's class path afresh (ir, runtime and their libraries), and tells which classes it has loaded. */
  private static final class FreshLoader extends URLClassLoader {
    FreshLoader() {
      super(classPath(), ClassLoader.getPlatformClassLoader());
    }

    boolean loaded(String name) {
      return findLoadedClass(name) != null;
    }

    Object call(String method, Object... args) throws Exception {
      Class<?> registry = Class.forName(OpRegistry.class.getName(), true, this);
      if (args.length == 0) {
        return registry.getField(method).get(null);
      }
      return registry.getMethod(method, String.class).invoke(null, args);
    }
  }

  /** The class path's entries (a manifest-only jar's Class-Path, as surefire may pass, URLClassLoader follows). */
  private static URL[] classPath() {
    return Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
        .map(entry -> {
          try {
            return Path.of(entry).toUri().toURL();
          } catch (MalformedURLException e) {
            throw new IllegalStateException(entry, e);
          }
        })
        .toArray(URL[]::new);
  }

  @Test
  void lookingUpACoreOp_initializesCoreOps_andNotUnrelatedLibraries() throws Exception {
    try (FreshLoader loader = new FreshLoader()) {
      Object op = loader.call("lookup", "placeholder");
      assertTrue(op.toString().contains("placeholder"), String.valueOf(op));
      assertTrue(loader.loaded("dev.tatter.runtime.kernels.array.SourceKernels"), "CoreOps was not initialized");
      for (String kernels : UNRELATED_KERNELS) {
        assertFalse(loader.loaded(kernels), kernels + " was loaded: a library the lookup does not need was initialized");
      }
    }
  }

  @Test
  void all_initializesEveryLibrary() throws Exception {
    try (FreshLoader loader = new FreshLoader()) {
      assertTrue(((List<?>) loader.call("ALL")).size() > 0);
      for (String kernels : UNRELATED_KERNELS) {
        assertTrue(loader.loaded(kernels), kernels + " was not loaded by building every op");
      }
    }
  }
}
