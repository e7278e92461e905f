package dev.tatter.ir;

/**
 * Where a node came from: a builder call site ({@code Example.java:42}) or a position in a
 * textual IR file ({@code graph.tat:3:7}). Never part of a node's identity or of CSE's key.
 */
public record SourceLocation(String file, int line, int column) {
  public static final SourceLocation UNKNOWN = new SourceLocation("<unknown>", 0, 0);

  @Override
  public String toString() {
    if (column > 0) {
      return file + ":" + line + ":" + column;
    }
    return line > 0 ? file + ":" + line : file;
  }
}
