package dev.tatter.runtime.kernels.strings;

import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;

/**
 * RE2's two limits on a pattern's size, checked on re2j's parse tree before re2j compiles it
 * (re2j has neither, and expands counted repetitions without bound: {@code
 * (((a{100}){100}){100}){100}} compiled for seconds, then exhausted the heap).
 *
 * <ul>
 *   <li>RE2's parser refuses nested counted repetitions whose counts multiply past 1000 ({@code
 *       kMaxRepeat}, its {@code RepetitionWalker}: 1000 divided by each count along a chain, in
 *       integers, must not reach 0), with {@code bad repetition operator: {100}}.
 *   <li>RE2's compiler refuses a program of more than {@link #MAX_INSTRUCTIONS} instructions, what
 *       TF's kernels' default {@code max_mem} allows (8 MiB, two thirds of it for the forward
 *       program, a fourth of that for instructions of 8 bytes), with {@code
 *       pattern too large - compile failed}. The count here is re2j's program's, which is never
 *       larger than RE2's for the same pattern (re2j matches a character class or a rune in one
 *       instruction, RE2 in one or more per UTF-8 byte), so a pattern refused here is refused by
 *       TF too; one RE2 refuses for its UTF-8 expansion alone ({@code \pL{1000}}) compiles here.
 * </ul>
 *
 * <p>re2j keeps its parser and tree package-private; they are reached by reflection (re2j is on
 * the class path, so nothing refuses the access). Should a later re2j move them, {@link #check}
 * fails loudly at class initialization rather than skipping the limits.
 */
final class RegexProgramLimits {
  /** RE2's {@code kMaxRepeat}: the largest product of nested repetition counts. */
  static final int MAX_REPEAT = 1000;
  /** RE2's instruction budget for TF's patterns: {@code (8 MiB * 2 / 3) / 4 / 8}. */
  static final long MAX_INSTRUCTIONS = (8L << 20) * 2 / 3 / 4 / 8;

  private static final Method PARSE;
  private static final int PERL_FLAGS;
  private static final Field OP;
  private static final Field SUBS;
  private static final Field RUNES;
  private static final Field MIN;
  private static final Field MAX;

  static {
    try {
      Class<?> parser = Class.forName("com.google.re2j.Parser");
      Class<?> regexp = Class.forName("com.google.re2j.Regexp");
      Class<?> re2 = Class.forName("com.google.re2j.RE2");
      PARSE = parser.getDeclaredMethod("parse", String.class, int.class);
      PARSE.setAccessible(true);
      Field perl = re2.getDeclaredField("PERL");
      perl.setAccessible(true);
      PERL_FLAGS = perl.getInt(null);
      OP = accessible(regexp, "op");
      SUBS = accessible(regexp, "subs");
      RUNES = accessible(regexp, "runes");
      MIN = accessible(regexp, "min");
      MAX = accessible(regexp, "max");
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  private RegexProgramLimits() {}

  /**
   * RE2's error text for {@code pattern} (Java text) past either limit, or null if it is within
   * both or does not parse (re2j's compile then reports its syntax error).
   */
  static String check(String pattern) {
    Object tree;
    try {
      tree = PARSE.invoke(null, pattern, PERL_FLAGS);
    } catch (InvocationTargetException e) {
      return null;
    } catch (IllegalAccessException e) {
      throw new IllegalStateException(e);
    }
    try {
      String repeat = badRepeat(tree);
      if (repeat != null) {
        return "bad repetition operator: " + repeat;
      }
      return instructions(tree) > MAX_INSTRUCTIONS ? "pattern too large - compile failed" : null;
    } catch (IllegalAccessException e) {
      throw new IllegalStateException(e);
    }
  }

  /**
   * The first counted repetition, in RE2's parse order (inner before outer, left before right),
   * from which RE2's walk of the counts reaches 0, as its operator text; null if none.
   */
  private static String badRepeat(Object re) throws IllegalAccessException {
    for (Object sub : subs(re)) {
      String inner = badRepeat(sub);
      if (inner != null) {
        return inner;
      }
    }
    if (isRepeat(re) && (MIN.getInt(re) >= 2 || MAX.getInt(re) >= 2) && walk(re, MAX_REPEAT) == 0) {
      int min = MIN.getInt(re);
      int max = MAX.getInt(re);
      return "{" + min + (max == min ? "" : max < 0 ? "," : "," + max) + "}";
    }
    return null;
  }

  /** RE2's {@code RepetitionWalker}: {@code budget} divided by each count down a chain, the least over the chains. */
  private static int walk(Object re, int budget) throws IllegalAccessException {
    int arg = budget;
    if (isRepeat(re)) {
      int m = MAX.getInt(re) < 0 ? MIN.getInt(re) : MAX.getInt(re);
      if (m > 0) {
        arg /= m;
      }
    }
    int least = arg;
    for (Object sub : subs(re)) {
      least = Math.min(least, walk(sub, arg));
    }
    return least;
  }

  /**
   * The instructions re2j's compiler gives {@code re} once its simplifier has expanded each
   * {@code x{n,m}} into n copies of x and m - n nested optional ones (each a split more), and
   * {@code x{n,}} into n - 1 copies and {@code x+}; saturating, so no count can wrap.
   */
  private static long instructions(Object re) throws IllegalAccessException {
    Object[] subs = subs(re);
    long sum = 0;
    for (Object sub : subs) {
      sum = saturatingAdd(sum, instructions(sub));
    }
    String op = ((Enum<?>) OP.get(re)).name();
    return switch (op) {
      case "LITERAL" -> Math.max(1, ((int[]) RUNES.get(re)).length);
      case "CONCAT" -> Math.max(1, sum);
      case "ALTERNATE" -> saturatingAdd(sum, subs.length - 1);
      case "CAPTURE" -> saturatingAdd(sum, 2);
      case "STAR", "PLUS", "QUEST" -> saturatingAdd(sum, 1);
      case "REPEAT" -> {
        long min = MIN.getInt(re);
        long max = MAX.getInt(re);
        yield max < 0
            ? saturatingAdd(saturatingMul(Math.max(min, 1), sum), 1)
            : saturatingAdd(saturatingMul(max, sum), max - min + 1); // each optional copy adds a split
      }
      default -> saturatingAdd(sum, 1); // an empty-width assertion, a class, any char, no match
    };
  }

  /** The operands of {@code re} (re2j leaves them null on a leaf). */
  private static Object[] subs(Object re) throws IllegalAccessException {
    Object[] subs = (Object[]) SUBS.get(re);
    return subs == null ? new Object[0] : subs;
  }

  private static boolean isRepeat(Object re) throws IllegalAccessException {
    return ((Enum<?>) OP.get(re)).name().equals("REPEAT");
  }

  private static long saturatingAdd(long a, long b) {
    long r = a + b;
    return r < 0 ? Long.MAX_VALUE : r;
  }

  private static long saturatingMul(long a, long b) {
    return b != 0 && a > Long.MAX_VALUE / b ? Long.MAX_VALUE : a * b;
  }

  private static Field accessible(Class<?> c, String name) throws NoSuchFieldException {
    Field f = c.getDeclaredField(name);
    f.setAccessible(true);
    return f;
  }
}
