package dev.tatter.runtime.exec;

/**
 * What a compiled graph is: the bytecode backend generates one hidden class implementing this
 * per (feeds, fetches) signature. Feeds come in the order of the compiled graph's placeholders;
 * the result holds the fetched values in order. Implementations are stateless and thread-safe.
 */
public interface GeneratedProgram {
  Object[] run(Object[] feeds);
}
