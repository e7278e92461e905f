package dev.tatter.bench.tf;

import dev.tatter.runtime.DType;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The distance from TF's kernels that docs/SEMANTICS.md states for each op, read from its two
 * tables (float32/float64 under "Float math against TF's kernels", complex64/complex128 under
 * "Complex numbers"), so the oracle holds an op to what the documentation promises and a new
 * bound is stated once, there. An op the tables do not name gives TF's bits exactly (bound 0).
 * A 16-bit float result is the float32 result rounded once, so it is within 1 ulp of its own
 * format where the float32 bound is not 0, and exact where it is (docs/SEMANTICS.md says so).
 */
final class UlpBounds {
  private static final Path SEMANTICS = Path.of("../docs/SEMANTICS.md");
  private static final Pattern ROW = Pattern.compile("^\\|([^|]*`[^|]*)\\|\\s*([0-9, ]+)\\|\\s*([0-9, ]+)\\|");
  private static final Pattern OP = Pattern.compile("`([a-z0-9_]+)`");

  /** op -> {first column, second column} per table. */
  private final Map<String, long[]> real;
  private final Map<String, long[]> complex;

  private UlpBounds(Map<String, long[]> real, Map<String, long[]> complex) {
    this.real = real;
    this.complex = complex;
  }

  static UlpBounds read() {
    List<String> lines;
    try {
      lines = Files.readAllLines(SEMANTICS);
    } catch (IOException e) {
      throw new UncheckedIOException("the oracle's bounds are docs/SEMANTICS.md's; it must be readable at " + SEMANTICS, e);
    }
    Map<String, long[]> real = table(lines, "| op | float32 | float64 |");
    Map<String, long[]> complex = table(lines, "| op | complex64 | complex128 | how |");
    if (real.size() < 20 || complex.size() < 20) {
      throw new IllegalStateException("docs/SEMANTICS.md's ulp tables were not found (" + real.size() + " and "
          + complex.size() + " ops read): the oracle reads its bounds from them");
    }
    return new UlpBounds(real, complex);
  }

  /** The rows of the table under {@code header}: a cell may list ops, and a column a value per op ({@code 3, 2}) or one for all. */
  private static Map<String, long[]> table(List<String> lines, String header) {
    Map<String, long[]> out = new HashMap<>();
    int start = lines.indexOf(header);
    for (int i = start + 2; start >= 0 && i < lines.size() && lines.get(i).startsWith("|"); i++) {
      Matcher row = ROW.matcher(lines.get(i));
      if (!row.find()) {
        continue;
      }
      List<String> ops = OP.matcher(row.group(1)).results().map(m -> m.group(1)).toList();
      String[] first = row.group(2).trim().split(",\\s*");
      String[] second = row.group(3).trim().split(",\\s*");
      for (int k = 0; k < ops.size(); k++) {
        out.put(ops.get(k), new long[] {
            Long.parseLong(first[first.length == 1 ? 0 : k].trim()), Long.parseLong(second[second.length == 1 ? 0 : k].trim())});
      }
    }
    return out;
  }

  /** The bound for op on operands of {@code dtype}, in ulp of the result's (or, complex, its parts') format. */
  long of(String op, DType dtype) {
    return switch (dtype) {
      case FLOAT32 -> real.getOrDefault(op, new long[2])[0];
      case FLOAT64 -> real.getOrDefault(op, new long[2])[1];
      case FLOAT16, BFLOAT16 -> real.getOrDefault(op, new long[2])[0] > 0 ? 1 : 0;
      case COMPLEX64 -> complex.getOrDefault(op, new long[2])[0];
      case COMPLEX128 -> complex.getOrDefault(op, new long[2])[1];
      default -> 0;
    };
  }
}
