package dev.tatter.ir.ops;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.ir.Lowering;
import dev.tatter.ir.Node;
import dev.tatter.ir.text.GraphParser;
import dev.tatter.ir.types.DenseType;
import dev.tatter.ir.types.PartitionType;
import dev.tatter.ir.types.RaggedType;
import dev.tatter.ir.types.Type;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.RowPartition;
import dev.tatter.runtime.SparseTensor;
import dev.tatter.runtime.Tensor;
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

  /** The runtime class of a value of {@code type}: what a kernel receives or must return for it. */
  private static Class<?> runtimeClass(Type type) {
    if (type instanceof DenseType || type instanceof dev.tatter.ir.types.UnrankedType) {
      return Tensor.class;
    }
    if (type instanceof RaggedType) {
      return RaggedTensor.class;
    }
    return type instanceof PartitionType ? RowPartition.class : SparseTensor.class;
  }

  /**
   * The kernel's signature fits the types its type rule infers: on every node of every op's
   * examples, each operand's runtime class is accepted by its kernel parameter, and the kernel's
   * return type can hold the node's value (OpDef checks only that parameters are runtime classes).
   */
  @Test
  void everyKernelSignature_fitsTheTypesOfItsExamples() {
    int checked = 0;
    for (OpDef op : OpRegistry.ALL) {
      for (var example : op.examples()) {
        for (Node node : GraphParser.parse(example.ir(), op.mnemonic() + ".tat").nodes()) {
          if (!(node.op().lowering() instanceof Lowering.StaticCall call)) {
            continue;
          }
          Class<?>[] params = call.method().getParameterTypes();
          for (int i = 0; i < node.inputs().size(); i++) {
            Class<?> operand = runtimeClass(node.input(i).type());
            assertTrue(params[call.bound().size() + i].isAssignableFrom(operand), node.op() + ": kernel parameter for operand '"
                + node.op().operandName(i) + "' is " + params[call.bound().size() + i].getSimpleName() + ", the type rule gives a " + operand.getSimpleName());
          }
          Class<?> result = runtimeClass(node.type());
          Class<?> returns = call.method().getReturnType();
          assertTrue(returns.isAssignableFrom(result), node.op() + ": kernel returns " + returns.getSimpleName()
              + " but the type rule gives a " + result.getSimpleName());
          checked++;
        }
      }
    }
    assertTrue(checked > OpRegistry.ALL.size(), "checked only " + checked + " nodes");
  }

  @Test
  void eachLibrarysOps_areItsConstants_inDeclarationOrder() {
    assertEquals(List.of(CoreOps.PLACEHOLDER, CoreOps.CONSTANT), OpRegistry.opsOf(CoreOps.class));
    assertEquals(OpRegistry.ALL.size(), OpRegistry.LIBRARIES.stream().mapToInt(l -> OpRegistry.opsOf(l).size()).sum());
  }
}
