package dev.tatter.runtime.exec;

/**
 * What a compiled graph is: the bytecode backend generates one hidden class implementing this
 * per (feeds, fetches) signature. Feeds come in the order of the compiled graph's placeholders;
 * the result holds the fetched values in order. Implementations are stateless and thread-safe.
 */
public interface GeneratedProgram {
  Object[] run(Object[] feeds);

  /**
   * Runs with the generated loops writing into {@code buffers}' arrays (see {@link OutputBuffers}):
   * the results may hold those arrays, which the next run with the same buffers overwrites. A
   * program without generated loops (the interpreter behind a graph too large for a class) keeps
   * nothing and allocates as {@link #run(Object[])} does.
   */
  default Object[] run(Object[] feeds, OutputBuffers buffers) {
    return run(feeds);
  }
}
