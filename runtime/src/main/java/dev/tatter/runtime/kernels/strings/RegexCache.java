package dev.tatter.runtime.kernels.strings;

import com.google.common.cache.Cache;
import com.google.common.cache.CacheBuilder;
import com.google.re2j.Pattern;
import com.google.re2j.PatternSyntaxException;
import dev.tatter.runtime.ByteStrings;
import dev.tatter.runtime.InvalidArgumentException;

/**
 * Compiled RE2 patterns, one per distinct pattern text: the regex ops take their pattern as an
 * attribute (a graph constant, as TF's {@code StaticRegex*} kernels compile theirs once, when
 * the kernel is built), so every run of every graph holding that pattern reuses one compiled
 * {@link Pattern} — re2j's patterns are immutable and safe to share across threads. Bounded,
 * least recently used dropped first, so graphs built from many generated patterns cannot grow
 * it without limit. A pattern that does not compile is not cached and fails each time.
 */
public final class RegexCache {
  private static final Cache<String, Pattern> COMPILED = CacheBuilder.newBuilder().maximumSize(1024).build();

  private RegexCache() {}

  /** The compiled {@code pattern} (TF's byte string, read as UTF-8), or TF's error for one RE2 cannot compile. */
  public static Pattern compiled(String pattern) {
    Pattern p = COMPILED.getIfPresent(pattern);
    if (p == null) {
      String text = ByteStrings.toText(pattern);
      String tooLarge = RegexProgramLimits.check(text);
      if (tooLarge != null) {
        throw new InvalidArgumentException("Invalid pattern: " + ByteStrings.quoted(pattern) + ", error: " + tooLarge);
      }
      try {
        p = Pattern.compile(text);
      } catch (PatternSyntaxException e) {
        throw new InvalidArgumentException("Invalid pattern: " + ByteStrings.quoted(pattern) + ", error: " + e.getDescription());
      }
      COMPILED.put(pattern, p);
    }
    return p;
  }

  /** How many compiled patterns are kept (for tests of the caching). */
  static long size() {
    return COMPILED.size();
  }
}
