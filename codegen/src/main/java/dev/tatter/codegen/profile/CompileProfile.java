package dev.tatter.codegen.profile;

/**
 * How long compiling one fetch list took, phase by phase: the optimizer's pipeline, generating
 * the class file, and defining the hidden class (with its static initializer). {@code startNanos}
 * is a {@link System#nanoTime} reading; the phases ran one after another on thread {@code threadId}.
 *
 * @param fetches the fetched values, as printed in the graph before optimization
 */
public record CompileProfile(String fetches, long threadId, String threadName, long startNanos,
    long optimizeNanos, long codegenNanos, long defineNanos) {
  public long totalNanos() {
    return optimizeNanos + codegenNanos + defineNanos;
  }
}
