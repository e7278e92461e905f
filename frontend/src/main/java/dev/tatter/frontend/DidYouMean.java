package dev.tatter.frontend;

import java.util.Collection;

/** The "did you mean" of a misspelled feed or fetch name: the closest known name, if close. */
final class DidYouMean {
  private DidYouMean() {}

  /** {@code "; did you mean 'scores'?"}, or "" when no known name is within a few edits. */
  static String suggest(String name, Collection<String> known) {
    String best = null;
    int bestDistance = Integer.MAX_VALUE;
    for (String candidate : known) {
      int d = distance(name, candidate);
      if (d < bestDistance) {
        best = candidate;
        bestDistance = d;
      }
    }
    // at most 2 edits, and fewer than half the name: "x" is no misspelling of "y"
    return best != null && bestDistance <= 2 && bestDistance * 2 < Math.max(name.length(), best.length())
        ? "; did you mean '" + best + "'?" : "";
  }

  /** Levenshtein distance, counting a swap of two neighbours as one edit. */
  static int distance(String a, String b) {
    int[][] d = new int[a.length() + 1][b.length() + 1];
    for (int i = 0; i <= a.length(); i++) {
      d[i][0] = i;
    }
    for (int j = 0; j <= b.length(); j++) {
      d[0][j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      for (int j = 1; j <= b.length(); j++) {
        int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
        d[i][j] = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
        if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
          d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
        }
      }
    }
    return d[a.length()][b.length()];
  }
}
