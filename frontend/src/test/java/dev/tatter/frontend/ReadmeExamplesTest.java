package dev.tatter.frontend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The README's Java code is a program a reader can paste: each {@code ```java} block is a whole
 * compilation unit with its imports and a {@code main}. This test compiles every block against
 * the library and runs it; a line {@code System.out.println(...); // text} must print {@code
 * text}. Blocks that need Spark (they import {@code org.apache.spark}) are compiled by the spark
 * module's tests, where Spark is on the class path.
 */
class ReadmeExamplesTest {
  private static final Path README = Path.of("../README.md");
  private static final Pattern BLOCK = Pattern.compile("```java\n(.*?)```", Pattern.DOTALL);
  private static final Pattern PRINTED = Pattern.compile("System\\.out\\.println\\(.*\\);\\s*// (.*)");
  private static final Pattern CLASS = Pattern.compile("public (?:final )?class (\\w+)");

  static List<String> blocks() throws IOException {
    List<String> out = new ArrayList<>();
    Matcher m = BLOCK.matcher(Files.readString(README, StandardCharsets.UTF_8));
    while (m.find()) {
      if (!m.group(1).contains("import org.apache.spark")) {
        out.add(m.group(1));
      }
    }
    return out;
  }

  @Test
  void everyJavaBlockOfTheReadme_compilesAndRuns_printingWhatItsCommentsSay(@TempDir Path dir) throws Exception {
    List<String> blocks = blocks();
    assertFalse(blocks.isEmpty(), "README.md has no ```java block");
    List<String> sources = new ArrayList<>();
    List<String> classes = new ArrayList<>();
    for (String block : blocks) {
      Matcher c = CLASS.matcher(block);
      assertTrue(c.find(), "a README java block is not a whole program (no public class):\n" + block);
      assertTrue(block.contains("public static void main"), "a README java block has no main:\n" + block);
      Path file = dir.resolve(c.group(1) + ".java");
      assertFalse(Files.exists(file), "two README blocks declare class " + c.group(1));
      Files.writeString(file, block, StandardCharsets.UTF_8);
      sources.add(file.toString());
      classes.add(c.group(1));
    }
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    ByteArrayOutputStream diagnostics = new ByteArrayOutputStream();
    List<String> args = new ArrayList<>(List.of("-proc:none", "-d", dir.toString(), "-cp", System.getProperty("java.class.path")));
    args.addAll(sources);
    int status = javac.run(null, null, diagnostics, args.toArray(String[]::new));
    assertEquals(0, status, "README java blocks do not compile:\n" + diagnostics.toString(StandardCharsets.UTF_8));
    try (URLClassLoader loader = new URLClassLoader(new URL[] {dir.toUri().toURL()}, getClass().getClassLoader())) {
      for (int i = 0; i < classes.size(); i++) {
        List<String> expected = new ArrayList<>();
        Matcher p = PRINTED.matcher(blocks.get(i));
        while (p.find()) {
          expected.add(p.group(1).strip());
        }
        String printed = run(loader.loadClass(classes.get(i)).getMethod("main", String[].class));
        List<String> lines = printed.lines().map(String::strip).toList();
        assertTrue(lines.size() >= expected.size(), classes.get(i) + " printed\n" + printed + "\nexpected lines " + expected);
        assertEquals(expected, lines.subList(0, expected.size()), classes.get(i) + " printed\n" + printed);
      }
    }
  }

  private static String run(Method main) throws Exception {
    PrintStream saved = System.out;
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
    try {
      main.invoke(null, (Object) new String[0]);
    } finally {
      System.setOut(saved);
    }
    return out.toString(StandardCharsets.UTF_8);
  }
}
