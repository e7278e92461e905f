package dev.tatter.runtime.exec;

import dev.tatter.runtime.DType;
import java.util.function.Function;

/**
 * What a generated loop needs besides its body: which frame slots hold its operands, how it reads
 * each one ({@link FusedSupport#IDENTITY}, ...), its shape of loop, its output dtype and its
 * general path. One per loop of a compiled program, passed to it as class data, so the code the
 * compiler generates around a loop is one call, {@link FusedSupport#run}, and the loop's own method.
 *
 * @param kernel the loop's index in its program (its {@link LoopBody} case and its {@link OutputBuffers} slot)
 * @param kind how the loop runs over its index space
 * @param inputs the frame slots of its operands, in order
 * @param buffersSlot the frame slot holding the run's {@link OutputBuffers} (null there: allocate)
 * @param kinds how each operand is read
 * @param links for a {@code row_gather}'s params, the partition it is gathered through; for that partition, itself; else -1
 * @param rank a flat loop's rank of its index space
 * @param partition a row loop's partition operand
 * @param dtype the output's dtype
 * @param keepdims a row fold's {@code keepdims}
 * @param general the unfused kernels, run when the fast loop does not apply or fails
 * @param profiled whether split loops report each piece to the profiler ({@link ProfileProbe#forRange})
 */
public record LoopKernel(int kernel, Kind kind, int[] inputs, int buffersSlot, byte[] kinds, int[] links, int rank,
    int partition, DType dtype, boolean keepdims, Function<Object[], Object> general, boolean profiled) {
  /** How a loop runs: over flat elements, folding rows, scanning rows, or filtering rows. */
  public enum Kind { FLAT, FOLD, SCAN, FILTER }
}
