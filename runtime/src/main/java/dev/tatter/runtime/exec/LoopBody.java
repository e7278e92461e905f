package dev.tatter.runtime.exec;

/**
 * The loops of a generated program, by number, for {@link FusedSupport#forRange} to split
 * across threads: {@code loop(k, from, to, args)} runs fused kernel {@code k}'s loop over the
 * flat indices {@code [from, to)}. {@code args} is what {@link FusedSupport#prepare} returned.
 */
public interface LoopBody {
  void loop(int kernel, int from, int to, Object[] args);
}
