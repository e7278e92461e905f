package dev.tatter.frontend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.codegen.testing.BitExact;
import dev.tatter.codegen.BytecodeCompiler;
import dev.tatter.codegen.CompiledGraph;
import dev.tatter.codegen.CompilerOptions;
import dev.tatter.codegen.Interpreter;
import dev.tatter.ir.Graph;
import dev.tatter.optimizer.PassManager;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.Tensor;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.objectweb.asm.ClassReader;

/** Big graphs compile to methods HotSpot will JIT, and the bytecode dump option writes what it says. */
class GeneratedCodeSizeTest {
  /** HotSpot does not JIT-compile methods with more bytecode than this (-XX:-DontCompileHugeMethods aside). */
  private static final int HUGE_METHOD_LIMIT = 8000;

  /** A graph of {@code n} nodes: a long mixed chain of elementwise ops, with row lengths taken now and then. */
  private static Graph bigGraph(int n) {
    GraphBuilder g = new GraphBuilder();
    Value x = g.placeholder("x", Types.ragged(DType.INT32, 1));
    Value acc = x;
    List<Value> outputs = new java.util.ArrayList<>();
    int i = 0;
    while (g.build().size() < n) {
      acc = switch (i % 4) {
        case 0 -> acc.add(x);
        case 1 -> acc.mul(3);
        case 2 -> acc.add(i);
        default -> acc.mul(acc);
      };
      if (i % 500 == 499) {
        outputs.add(acc.rowLengths());
      }
      i++;
    }
    outputs.add(acc);
    return g.build(outputs.toArray(Value[]::new));
  }

  /** Method name to bytecode length, read from the class file's Code attributes. */
  static Map<String, Integer> codeLengths(byte[] classFile) {
    ClassReader reader = new ClassReader(classFile);
    char[] buffer = new char[reader.getMaxStringLength()];
    int offset = reader.header + 6;
    offset += 2 + 2 * reader.readUnsignedShort(offset); // interfaces
    int fields = reader.readUnsignedShort(offset);
    offset += 2;
    for (int f = 0; f < fields; f++) {
      offset = skipMember(reader, offset);
    }
    Map<String, Integer> lengths = new LinkedHashMap<>();
    int methods = reader.readUnsignedShort(offset);
    offset += 2;
    for (int m = 0; m < methods; m++) {
      String name = reader.readUTF8(offset + 2, buffer);
      int attributes = reader.readUnsignedShort(offset + 6);
      int a = offset + 8;
      for (int k = 0; k < attributes; k++) {
        if (reader.readUTF8(a, buffer).equals("Code")) {
          lengths.put(name, reader.readInt(a + 6 + 4));
        }
        a += 6 + reader.readInt(a + 2);
      }
      offset = a;
    }
    return lengths;
  }

  private static int skipMember(ClassReader reader, int offset) {
    int attributes = reader.readUnsignedShort(offset + 6);
    int a = offset + 8;
    for (int k = 0; k < attributes; k++) {
      a += 6 + reader.readInt(a + 2);
    }
    return a;
  }

  @Test
  void graphOf5000Nodes_compilesAndRuns_withEveryMethodUnderTheJitLimit() {
    Graph graph = bigGraph(5000);
    assertTrue(graph.size() >= 5000, "size " + graph.size());
    int[] values = {3, 1, 4, 1, 5, 9, 2, 6};
    Map<String, Object> feeds = Map.of("x", dev.tatter.runtime.RaggedTensor.of(Tensor.ofInts(values),
        dev.tatter.runtime.RowPartition.fromRowSplits(new long[] {0, 4, 4, 7, 8}, DType.INT64, true)));
    List<Object> expected = Interpreter.run(graph, feeds);
    for (Graph g : List.of(graph, PassManager.parse(PassManager.DEFAULT_PIPELINE).run(graph))) {
      CompiledGraph compiled = BytecodeCompiler.compile(g);
      Harness.verify(compiled);
      BitExact.assertSameBits(expected, compiled.run(feeds), "interpreter vs chunked bytecode");
      Map<String, Integer> lengths = codeLengths(compiled.classBytes());
      assertTrue(lengths.keySet().stream().filter(n -> n.startsWith("chunk")).count() > 1, lengths.toString());
      lengths.forEach((name, length) ->
          assertTrue(length <= HUGE_METHOD_LIMIT, name + " has " + length + " bytes of bytecode"));
    }
  }

  @Test
  void codeLengths_readsTheClassFile() {
    GraphBuilder g = new GraphBuilder();
    Value x = g.placeholder("x", Types.dense(DType.FLOAT32, -1));
    CompiledGraph compiled = BytecodeCompiler.compile(PassManager.parse(PassManager.DEFAULT_PIPELINE)
        .run(g.build(x.mul(x).add(x))));
    Map<String, Integer> lengths = codeLengths(compiled.classBytes());
    assertTrue(lengths.keySet().containsAll(List.of("<init>", "<clinit>", "run", "chunk0", "loop0", "loop")),
        lengths.toString());
    // the listing shows the same method bodies; a loop of two steps is short
    assertTrue(lengths.get("loop0") > 20 && lengths.get("loop0") < 200, lengths.toString());
  }

  @Test
  void dumpDirectory_getsTheClassItsListingAndItsIr(@TempDir Path dir) throws IOException {
    GraphBuilder g = new GraphBuilder();
    Value x = g.placeholder("x", Types.dense(DType.FLOAT64, 3));
    Graph graph = PassManager.parse(PassManager.DEFAULT_PIPELINE).run(g.build(x.mul(x).add(1)));
    CompiledGraph compiled = BytecodeCompiler.compile(graph, CompilerOptions.defaults().withDumpDirectory(dir));
    List<Path> files;
    try (Stream<Path> list = Files.list(dir)) {
      files = list.sorted().toList();
    }
    assertEquals(3, files.size(), files.toString());
    Path classFile = files.stream().filter(p -> p.toString().endsWith(".class")).findFirst().orElseThrow();
    assertTrue(java.util.Arrays.equals(compiled.classBytes(), Files.readAllBytes(classFile)));
    String listing = Files.readString(files.stream().filter(p -> p.toString().endsWith(".txt")).findFirst().orElseThrow());
    assertTrue(listing.contains("ScalarFunctions.mul (DD)D"), listing);
    String ir = Files.readString(files.stream().filter(p -> p.toString().endsWith(".tat")).findFirst().orElseThrow());
    assertTrue(ir.contains("fused(%x, "), ir);
    assertEquals(List.of(Tensor.ofDoubles(2, 5, 10)), compiled.run(Map.of("x", Tensor.ofDoubles(1, 2, 3))));
  }
}
