package dev.tatter.frontend;

import dev.tatter.codegen.profile.ChromeTrace;
import dev.tatter.codegen.profile.ProfileTable;
import dev.tatter.codegen.profile.RunProfile;

/**
 * A profiled run ({@link Session#runProfiled}): its result, as {@link Session#run} gives it, and
 * its profile (per node of the optimized graph: wall and CPU time, bytes allocated, output
 * shape; and the compile, on the fetch list's first profiled run).
 */
public record ProfiledResult(Result result, RunProfile profile) {
  /** The {@code top} slowest nodes as a table (see {@link ProfileTable}). */
  public String table(int top) {
    return ProfileTable.format(profile, top);
  }

  /** The profile as Chrome trace event JSON, for Perfetto or {@code chrome://tracing} (see {@link ChromeTrace}). */
  public String chromeTrace() {
    return ChromeTrace.write(profile);
  }
}
