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
import dev.tatter.ir.TfBinding;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The registry is complete: every class of the ir module that declares a {@code public static
 * final OpDef} is a listed library (so dropping a library from {@link OpRegistry#LIBRARIES}, or
 * adding one without listing it, fails here), every registered op has a runnable example, and
 * every op says what it is in TensorFlow ({@link TfBinding}) with API paths of TF's form.
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

  /**
   * Every op names its TF counterpart (raw ops or Python API paths) or says why it has none, so its
   * TF name, its oracle coverage and its place in the user API are never missing.
   */
  @Test
  void everyOp_isBoundToTf_orSaysWhyItHasNoCounterpart() {
    List<String> unbound = new ArrayList<>();
    for (OpDef op : OpRegistry.ALL) {
      if (!op.tf().isBound()) {
        unbound.add(op.mnemonic());
      }
    }
    assertEquals(List.of(), unbound, "give each op .tfRawOps(...) and .tfApi(...), or .noTfCounterpart(why)");
  }

  /**
   * TF's public Python modules an API path may name (tensorflow_text's as {@code text}); a class
   * member's path continues the module with the class ({@code tf.sparse.SparseTensor.values}).
   */
  private static final Set<String> TF_MODULES = Set.of("tf", "tf.math", "tf.nn", "tf.strings", "tf.sparse", "tf.ragged",
      "tf.bitwise", "tf.dtypes", "tf.lookup", "tf.linalg", "tf.io", "tf.image", "tf.compat.v1", "tf.raw_ops", "tf.experimental", "tf.debugging",
      "text");

  /** Why {@code path} is not a TF API path of the form the user API derives namespaces from, or null if it is. */
  static String malformed(String path) {
    String[] segments = path.split("\\.");
    int firstClass = -1;
    for (int i = 0; i < segments.length; i++) {
      String s = segments[i];
      if (s.startsWith("_") && !(s.startsWith("__") && s.endsWith("__"))) {
        return "segment '" + s + "' is private to TF's Python code";
      }
      if (Character.isUpperCase(s.charAt(0)) && firstClass < 0) {
        firstClass = i;
      }
    }
    int moduleEnd = firstClass >= 0 ? firstClass : segments.length - 1;
    String module = String.join(".", java.util.Arrays.copyOf(segments, moduleEnd));
    if (!TF_MODULES.contains(module)) {
      return "'" + module + "' is not one of TF's public modules " + new TreeSet<>(TF_MODULES);
    }
    if (firstClass < 0) {
      String function = segments[segments.length - 1];
      return function.matches("[a-z][a-z0-9_]*") ? null : "function '" + function + "' is not a snake_case Python name";
    }
    if (segments.length - firstClass > 2) {
      return "a class path names the class and at most one member, got " + (segments.length - firstClass - 1) + " members";
    }
    if (!segments[firstClass].matches("[A-Z][A-Za-z0-9]*")) {
      return "class '" + segments[firstClass] + "' is not a CamelCase Python class name";
    }
    String member = segments.length - firstClass == 2 ? segments[firstClass + 1] : null;
    return member == null || member.matches("[a-z][a-z0-9_]*|__[a-z]+__") ? null
        : "member '" + member + "' is neither a snake_case name nor a Python operator (__mul__)";
  }

  @Test
  void everyTfApiPath_isAPublicModuleFunctionOrClassMember_andListedOnce() {
    Map<String, String> problems = new java.util.TreeMap<>();
    for (OpDef op : OpRegistry.ALL) {
      TfBinding tf = op.tf();
      if (new TreeSet<>(tf.apis()).size() != tf.apis().size()) {
        problems.put(op.mnemonic(), "lists an API path twice: " + tf.apis());
      }
      if (new TreeSet<>(tf.rawOps()).size() != tf.rawOps().size()) {
        problems.put(op.mnemonic(), "lists a raw op twice: " + tf.rawOps());
      }
      for (String path : tf.apis()) {
        String why = malformed(path);
        if (why != null) {
          problems.put(op.mnemonic() + " " + path, why);
        }
      }
    }
    assertEquals(Map.of(), problems);
  }

  /** The well-formedness rule itself, on paths it must take and paths it must refuse. */
  @Test
  void malformed_takesTfsPathForms_andRefusesTypos() {
    for (String ok : List.of("tf.math.sqrt", "tf.gather", "tf.compat.v1.div", "tf.RaggedTensor.row_lengths",
        "tf.sparse.SparseTensor", "tf.sparse.SparseTensor.__mul__", "tf.experimental.RowPartition.from_row_splits",
        "tf.raw_ops.Div", "text.normalize_utf8", "text.BertTokenizer.tokenize")) {
      assertEquals(null, malformed(ok), ok);
    }
    for (String bad : List.of("tf.maths.sqrt", "tf.math.Sqrt2.x.y", "tf.math.reduceSum", "tf.RaggedTensor._row_partition",
        "tf.RaggedTensor.row_lengths.axis", "tensorflow.math.sqrt", "tf.RaggedTensor.rowLengths")) {
      assertTrue(malformed(bad) != null, bad + " should be refused");
    }
  }

  @Test
  void eachLibrarysOps_areItsConstants_inDeclarationOrder() {
    assertEquals(List.of(CoreOps.PLACEHOLDER, CoreOps.CONSTANT), OpRegistry.opsOf(CoreOps.class));
    assertEquals(OpRegistry.ALL.size(), OpRegistry.LIBRARIES.stream().mapToInt(l -> OpRegistry.opsOf(l).size()).sum());
  }
}
