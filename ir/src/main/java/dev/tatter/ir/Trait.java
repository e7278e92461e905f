package dev.tatter.ir;

/** Properties of an op that passes rely on. */
public enum Trait {
  /** No side effects and a result that depends only on operands and attributes: CSE may merge it, DCE may drop it. */
  PURE,
  /** Operands may be swapped without changing the result. */
  COMMUTATIVE,
  /** Applies a scalar function independently at each element of same-shaped (or broadcast) operands. */
  ELEMENTWISE,
  /**
   * The node's value is its {@code value} attribute (a Tensor). Type rules may read such operands'
   * values ({@link OpContext#constant}), as TF's shape inference reads {@code constant_value}.
   */
  CONSTANT,
  /**
   * The op takes an operand of {@link dev.tatter.ir.types.UnrankedType} (a rank known only at run
   * time); every other op refuses one before its type rule runs (see {@link OpDef#inferType}).
   */
  ACCEPTS_UNRANKED
}
