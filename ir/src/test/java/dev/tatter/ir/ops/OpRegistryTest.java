package dev.tatter.ir.ops;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.ir.Lowering;
import dev.tatter.ir.OpDef;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The registry is complete: every class of the ir module that declares a {@code public static
 * final OpDef} is a listed library (so dropping a library from {@link OpRegistry#LIBRARIES}, or
 * adding one without listing it, fails here), and every registered op has a runnable example.
 */
class OpRegistryTest {
  /** The classes compiled from ir's main sources, found on disk next to OpRegistry's class file. */
  private static List<Class<?>> irClasses() throws IOException, URISyntaxException, ClassNotFoundException {
    Path root = Path.of(OpRegistry.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    assertTrue(Files.isDirectory(root), "ir's classes must be a directory in the build, got " + root);
    List<Class<?>> out = new ArrayList<>();
    try (Stream<Path> files = Files.walk(root)) {
      for (Path file : (Iterable<Path>) files.filter(f -> f.toString().endsWith(".class"))::iterator) {
        String name = root.relativize(file).toString().replace(java.io.File.separatorChar, '.').replaceAll("\\.class$", "");
        out.add(Class.forName(name, false, OpRegistry.class.getClassLoader()));
      }
    }
    return out;
  }

  @Test
  void everyClassDeclaringOps_isARegisteredLibrary() throws Exception {
    Set<String> declaring = new TreeSet<>();
    for (Class<?> c : irClasses()) {
      if (!OpRegistry.opsOf(c).isEmpty()) {
        declaring.add(c.getName());
      }
    }
    Set<String> listed = new TreeSet<>();
    OpRegistry.LIBRARIES.forEach(c -> listed.add(c.getName()));
    assertFalse(declaring.isEmpty(), "the scan found no op libraries at all");
    assertEquals(declaring, listed, "OpRegistry.LIBRARIES must list exactly the classes that declare ops");
  }

  @Test
  void everyRegisteredOp_hasAnExample_andAUniqueMnemonic() {
    Set<String> mnemonics = new TreeSet<>();
    for (OpDef op : OpRegistry.ALL) {
      // a placeholder's value is a feed, so its examples are every other op's
      assertTrue(op.lowering() instanceof Lowering.Feed || !op.examples().isEmpty(), op + " has no example");
      assertTrue(mnemonics.add(op.mnemonic()), op + " is registered twice");
      assertEquals(op, OpRegistry.lookup(op.mnemonic()).orElseThrow());
    }
  }

  @Test
  void eachLibrarysOps_areItsConstants_inDeclarationOrder() {
    assertEquals(List.of(CoreOps.PLACEHOLDER, CoreOps.CONSTANT), OpRegistry.opsOf(CoreOps.class));
    assertEquals(OpRegistry.ALL.size(), OpRegistry.LIBRARIES.stream().mapToInt(l -> OpRegistry.opsOf(l).size()).sum());
  }
}
