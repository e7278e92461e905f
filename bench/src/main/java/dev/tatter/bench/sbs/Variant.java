package dev.tatter.bench.sbs;

import java.util.function.Function;
import java.util.function.Supplier;

/**
 * One engine's way of running one side-by-side case: {@code run} does everything a user of that
 * engine does per call (inputs from Java arrays, the run, the result as that engine hands it
 * over); {@code toArray} turns that result into a Java array, only to check it once before timing.
 *
 * @param engine the column name: {@code tatter}, {@code hand}, {@code tf} (TF's default threads),
 *     {@code tf1} (one intra- and one inter-op thread)
 * @param tolerance the relative difference allowed against the hand loop: 0 means the same bits
 */
public record Variant(String engine, Supplier<Object> run, Function<Object, Object> toArray, double tolerance) {
  public static Variant exact(String engine, Supplier<Object> run, Function<Object, Object> toArray) {
    return new Variant(engine, run, toArray, 0);
  }
}
