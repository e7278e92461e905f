package dev.tatter.frontend;

import dev.tatter.ir.types.DenseType;

/**
 * Einsum's ellipsis: each {@code ...} of an equation replaced by letters the equation does not
 * use, one per axis it stands for, so the contraction sees letters only. As in TF (NumPy's
 * rule), the axes an ellipsis covers are aligned from the right across the operands (an operand
 * whose ellipsis covers fewer axes gets the last letters), they broadcast as batch axes, an
 * output without {@code ->} is the ellipsis axes followed by the letters seen once, sorted, and an
 * explicit output must hold the ellipsis when it covers any axis (TF refuses to sum those axes).
 */
final class EinsumEllipsis {
  private EinsumEllipsis() {}

  private static final String ELLIPSIS = "...";

  /** What every refusal of an equation's characters says (docs/ERRORS.md B560). */
  static final String ONLY = "Tatter's einsum takes letters and one '...' per operand only";

  /** {@code equation} with every ellipsis spelled out in fresh letters (unchanged when it has none). */
  static String expand(String equation, Value... operands) {
    String eq = equation.replace(" ", "");
    if (!eq.contains(ELLIPSIS)) {
      return equation;
    }
    String[] sides = eq.split("->", -1);
    String[] ins = sides[0].split(",", -1);
    if (sides.length > 2 || ins.length != operands.length) {
      return equation; // parse names the malformed equation
    }
    int[] covered = new int[ins.length];
    int widest = 0;
    for (int k = 0; k < ins.length; k++) {
      int at = ins[k].indexOf(ELLIPSIS);
      if (at < 0) {
        covered[k] = -1;
        continue;
      }
      String named = ins[k].replace(ELLIPSIS, "");
      if (named.contains(".") || ins[k].indexOf(ELLIPSIS, at + 1) >= 0) {
        throw GraphBuilder.misuse("einsum: the equation '" + equation + "' has '.' outside one '...' in operand " + k
            + ": " + ONLY, operands[k]);
      }
      if (!(operands[k].type() instanceof DenseType d)) {
        throw GraphBuilder.misuse("einsum takes dense tensors, got " + operands[k].type(), operands[k]);
      }
      covered[k] = d.rank() - named.length();
      if (covered[k] < 0) {
        throw GraphBuilder.misuse("einsum: operand " + k + " has rank " + d.rank() + " but its subscripts '" + ins[k]
            + "' name " + named.length() + " axes besides the ellipsis", operands[k]);
      }
      widest = Math.max(widest, covered[k]);
    }
    String fresh = freshLetters(eq, widest, operands[0]);
    StringBuilder in = new StringBuilder();
    for (int k = 0; k < ins.length; k++) {
      in.append(k == 0 ? "" : ",").append(covered[k] < 0 ? ins[k] : ins[k].replace(ELLIPSIS, fresh.substring(widest - covered[k])));
    }
    String out;
    if (sides.length == 2) {
      if (sides[1].indexOf(ELLIPSIS) != sides[1].lastIndexOf(ELLIPSIS) || sides[1].replace(ELLIPSIS, "").contains(".")) {
        throw GraphBuilder.misuse("einsum: the equation '" + equation + "' has '.' outside one '...' in its output: " + ONLY,
            operands[0]);
      }
      if (widest > 0 && !sides[1].contains(ELLIPSIS)) {
        // TF's refusal: the axes an ellipsis covers are never summed away
        throw GraphBuilder.misuse("einsum: the equation '" + equation + "' has no '...' in its output, but an operand's '...' "
            + "covers " + widest + " axes (TF: without ellipsis (...) in the output subscripts where input(s) have non-empty "
            + "broadcasting shape); " + ONLY, operands[0]);
      }
      out = sides[1].replace(ELLIPSIS, fresh);
    } else {
      // TF's implicit output: the ellipsis axes, then the named letters seen once, sorted
      String all = sides[0].replace(ELLIPSIS, "").replace(",", "");
      StringBuilder once = new StringBuilder(fresh);
      all.chars().sorted().distinct().filter(c -> all.indexOf(c) == all.lastIndexOf(c)).forEach(c -> once.append((char) c));
      out = once.toString();
    }
    return in + "->" + out;
  }

  /** {@code n} letters that {@code equation} does not use. */
  private static String freshLetters(String equation, int n, Value at) {
    StringBuilder out = new StringBuilder();
    for (char c : "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz".toCharArray()) {
      if (out.length() == n) {
        break;
      }
      if (equation.indexOf(c) < 0) {
        out.append(c);
      }
    }
    if (out.length() < n) {
      throw GraphBuilder.misuse("einsum: '" + equation + "' leaves too few unused letters for its ellipsis of " + n + " axes", at);
    }
    return out.toString();
  }
}
