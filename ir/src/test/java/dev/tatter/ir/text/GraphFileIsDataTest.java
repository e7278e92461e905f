package dev.tatter.ir.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.ir.Graph;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A graph file is data: op and dtype names are looked up in fixed tables, so a file naming
 * classes, methods or paths gets "unknown op" errors — and parsing loads no class. Comments
 * (# and //) run to the end of a line, never inside a string.
 */
class GraphFileIsDataTest {
  private static String hostile(String suffix) {
    return """
        %x = java.lang.ProcessBuilder.start$S() : tensor<int64>[]
        %y = placeholder() : tensor<java.io.File$S>[]
        %z = constant() {value = tensor<string>[] "/etc/passwd$S"} : tensor<string>[]
        %w = constant() {value = tensor<int64>[] 1} {loader = "java.net.URLClassLoader$S"} : tensor<int64>[]
        """.replace("$S", suffix);
  }

  @Test
  void classAndFileNames_areJustUnknownNames() {
    IrParseException e = assertThrows(IrParseException.class, () -> GraphParser.parse(hostile(""), "h.tat"));
    assertTrue(e.errors().get(0).equals("h.tat:4:45: mismatched input '{' expecting ':'"), e.getMessage());
    e = assertThrows(IrParseException.class, () -> GraphParser.parse(hostile("").lines().limit(3)
        .reduce("", (a, b) -> a + b + "\n"), "h.tat"));
    assertEquals(List.of(
        "h.tat:1:6: unknown op 'java.lang.ProcessBuilder.start'; expected one of " + knownOps(),
        "h.tat:2:29: unknown dtype 'java.io.File'; expected one of [bool, int8, int16, int32, int64, float32, float64, string, uint8, uint16, uint32, uint64, float16, bfloat16, complex64, complex128]"),
        e.errors());
  }

  /**
   * Loads the parser (and everything of Tatter's and ANTLR's it uses) afresh, recording the name
   * of every class it asks for; none may be a name from the file.
   */
  @Test
  void parsing_neverLoadsAClassNamedInTheFile() throws Exception {
    List<String> requested = java.util.Collections.synchronizedList(new java.util.ArrayList<>());
    java.net.URL[] path = java.util.Arrays.stream(System.getProperty("java.class.path").split(java.io.File.pathSeparator))
        .map(p -> {
          try {
            return java.nio.file.Path.of(p).toUri().toURL();
          } catch (java.net.MalformedURLException e) {
            throw new IllegalStateException(e);
          }
        }).toArray(java.net.URL[]::new);
    try (java.net.URLClassLoader isolated = new java.net.URLClassLoader(path, ClassLoader.getPlatformClassLoader()) {
      @Override
      protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
        requested.add(name);
        return super.loadClass(name, resolve);
      }
    }) {
      Class<?> parser = Class.forName(GraphParser.class.getName(), true, isolated);
      java.lang.reflect.Method parse = parser.getMethod("parse", String.class, String.class);
      for (String text : List.of(hostile("Evil1"), hostile("Evil2").lines().limit(3).reduce("", (a, b) -> a + b + "\n"))) {
        java.lang.reflect.InvocationTargetException e =
            assertThrows(java.lang.reflect.InvocationTargetException.class, () -> parse.invoke(null, text, "h.tat"));
        assertEquals(IrParseException.class.getName(), e.getCause().getClass().getName());
      }
    }
    assertTrue(requested.contains(GraphParser.class.getName()), "the isolated loader was used");
    assertEquals(List.of(), requested.stream().filter(n -> n.contains("Evil") || n.startsWith("java.io.File")
        || n.equals("java.net.URLClassLoader") || n.equals("java.lang.ProcessBuilder")).toList());
  }

  @Test
  void comments_runToTheEndOfALine_butNotInsideStrings() {
    Graph g = GraphParser.parse("""
        # a comment line
        // another
        %s = constant() {value = tensor<string>[2] ["# not a comment", "// nor this"]} : tensor<string>[2] # trailing
        return %s // trailing too
        """, "c.tat");
    assertEquals("%s = constant() {value = tensor<string>[2] [\"# not a comment\", \"// nor this\"]} : tensor<string>[2]\n"
        + "return %s\n", GraphPrinter.print(g));
  }

  @Test
  void windowsLineEndsAndAByteOrderMark_areWhitespace() {
    Graph g = GraphParser.parse("\uFEFF# saved on Windows\r\n%x = placeholder() : tensor<int64>[]\r\nreturn %x\r\n", "w.tat");
    assertEquals("%x = placeholder() : tensor<int64>[]\nreturn %x\n", GraphPrinter.print(g));
  }

  @Test
  void namedAndNumberedValues_mix_andNumbersAreReassignedInOrder() {
    Graph g = GraphParser.parse("""
        %7 = constant() {value = tensor<int64>[2] [0, 2]} : tensor<int64>[2]
        %splits.v2 = constant() {value = tensor<int64>[2] [0, 1]} : tensor<int64>[2]
        %3 = partition_from_row_splits(%7) : partition<int64>[1, (None)]
        return %3, %splits.v2
        """, "n.tat");
    assertEquals("""
        %0 = constant() {value = tensor<int64>[2] [0, 2]} : tensor<int64>[2]
        %splits.v2 = constant() {value = tensor<int64>[2] [0, 1]} : tensor<int64>[2]
        %1 = partition_from_row_splits(%0) : partition<int64>[1, (None)]
        return %1, %splits.v2
        """, GraphPrinter.print(g));
  }

  @Test
  void dot_drawsNodesTypedEdgesAndOutputs() {
    Graph g = GraphParser.parse("""
        %s = constant() {value = tensor<string>[1] ["say \\"hi\\"\\n"]} : tensor<string>[1]
        %t = constant() {value = tensor<int64>[3] [0, 1, 1]} : tensor<int64>[3]
        %p = partition_from_row_splits(%t) {validate = false} : partition<int64>[2, (None)]
        %x = placeholder() : tensor<float32>[None]
        return %p
        """, "d.tat");
    assertEquals("""
        digraph "d.tat" {
          rankdir=TB;
          node [shape=box, style=rounded, fontname="monospace", fontsize=11];
          edge [fontname="monospace", fontsize=9];
          n0 [label="%s = constant\\nvalue = tensor<string>[1] [\\"say \\\\\\"hi\\\\\\"\\\\n\\"]"];
          n1 [label="%t = constant\\nvalue = tensor<int64>[3] [0, 1, 1]"];
          n2 [label="%p = partition_from_row_splits\\nvalidate = false", peripheries=2];
          n3 [label="%x = placeholder", shape=invhouse, style=""];
          n1 -> n2 [label="row_splits: tensor<int64>[3]"];
          out [shape=plaintext, label="return"];
          n2 -> out [label="0: partition<int64>[2, (None)]", style=dashed];
        }
        """, DotPrinter.print(g, "d.tat"));
  }

  private static String knownOps() {
    return dev.tatter.ir.ops.OpRegistry.ALL.stream().map(dev.tatter.ir.OpDef::mnemonic).sorted().toList().toString();
  }
}
