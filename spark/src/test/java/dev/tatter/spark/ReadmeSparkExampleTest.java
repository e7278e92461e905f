package dev.tatter.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.tools.ToolProvider;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The README's Spark program (the {@code ```java} blocks that import Spark, which the frontend's
 * {@code ReadmeExamplesTest} leaves to this module) compiles against the library and runs on the
 * test session over a small Parquet file: lower-cased words and the mask, NULL for a null row.
 */
class ReadmeSparkExampleTest {
  private static final Pattern BLOCK = Pattern.compile("```java\n(.*?)```", Pattern.DOTALL);

  @Test
  void readmeSparkProgram_compilesAndRuns(@TempDir Path dir) throws Exception {
    SparkSession spark = SparkTestSession.start();
    List<String> blocks = new ArrayList<>();
    Matcher m = BLOCK.matcher(Files.readString(Path.of("../README.md"), StandardCharsets.UTF_8));
    while (m.find()) {
      if (m.group(1).contains("import org.apache.spark")) {
        blocks.add(m.group(1));
      }
    }
    assertEquals(1, blocks.size(), "README.md has one Spark program");
    Files.writeString(dir.resolve("SentenceFeatures.java"), blocks.get(0), StandardCharsets.UTF_8);
    ByteArrayOutputStream diagnostics = new ByteArrayOutputStream();
    int status = ToolProvider.getSystemJavaCompiler().run(null, null, diagnostics, "-proc:none", "-d", dir.toString(),
        "-cp", System.getProperty("java.class.path"), dir.resolve("SentenceFeatures.java").toString());
    assertEquals(0, status, "the README's Spark program does not compile:\n" + diagnostics.toString(StandardCharsets.UTF_8));

    StructType schema = new StructType().add("id", DataTypes.IntegerType, false)
        .add("token_ids", DataTypes.createArrayType(DataTypes.StringType), true);
    List<Row> rows = List.of(RowFactory.create(0, Arrays.asList("The", "CAT")), RowFactory.create(1, null),
        RowFactory.create(2, List.of()));
    Path parquet = dir.resolve("sentences.parquet");
    spark.createDataFrame(rows, schema).coalesce(1).write().parquet(parquet.toString());

    PrintStream saved = System.out;
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (URLClassLoader loader = new URLClassLoader(new URL[] {dir.toUri().toURL()}, getClass().getClassLoader())) {
      System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
      loader.loadClass("SentenceFeatures").getMethod("main", String[].class).invoke(null, (Object) new String[] {parquet.toString()});
    } finally {
      System.setOut(saved);
    }
    String shown = out.toString(StandardCharsets.UTF_8);
    // tf.strings.lower(["The", "CAT"], encoding="utf-8") -> [b'the', b'cat']; tf.sequence_mask([2], 8)
    assertTrue(shown.contains("[the, cat]"), shown);
    assertTrue(shown.contains("[true, true, false, false, false, false, false, false]"), shown);
    assertTrue(shown.contains("NULL"), "a null row gives NULL outputs under PROPAGATE:\n" + shown);
    assertFalse(shown.contains("Exception"), shown);
  }
}
