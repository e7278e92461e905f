package dev.tatter.frontend;

import dev.tatter.ir.Node;
import dev.tatter.ir.types.DenseType;
import dev.tatter.ir.types.RaggedType;
import dev.tatter.ir.types.Type;
import dev.tatter.runtime.DType;
import java.util.Map;

/**
 * A symbolic value of a graph under construction — a dense tensor, a ragged tensor or a row
 * partition — with TF's methods as fluent calls. Each call adds nodes to the builder and
 * returns the new value; the static type ({@link #type()}) is known at once.
 *
 * <pre>{@code
 * Value tokens = g.placeholder("tokens", Types.ragged(DType.INT64, 1)); // ragged<int64>[None, (None)]
 * Value lengths = tokens.rowLengths();                                  // tensor<int64>[None]
 * Value padded = tokens.add(1).toTensor(0);                             // tensor<int64>[None, None]
 * }</pre>
 */
@BuilderApi
public final class Value extends ValueSparse {
  private final GraphBuilder builder;
  private final Node node;

  Value(GraphBuilder builder, Node node) {
    this.builder = builder;
    this.node = node;
  }

  @Override
  Value self() {
    return this;
  }

  @Override
  GraphBuilder builder() {
    return builder;
  }

  /** The IR node this value is (its named copy once {@link #named} has named it). */
  public Node node() {
    return builder.current(node);
  }

  /**
   * Names this value {@code name}: the printed IR shows it as {@code %name}, run-time errors
   * name it instead of {@code node #id}, and {@link Session#run(Map, String...)} fetches it by
   * that name. Names are unique in a graph and are IR identifiers (a letter or {@code _}, then
   * letters, digits, {@code _} or {@code .}). Name a value before using it as an input or output.
   * Returns this value (same node), for chaining: {@code x.mul(w).add(b).named("scores")}.
   */
  public Value named(String name) {
    builder.rename(this, name);
    return this;
  }

  public Type type() {
    return node.type();
  }

  public DType dtype() {
    return node.type().dtype();
  }

  /** The number of ragged dimensions; 0 for a dense tensor (TF's "possibly ragged" convention). */
  public int raggedRank() {
    return type() instanceof RaggedType rt ? rt.raggedRank() : 0;
  }

  /** The static shape as TF prints it: {@code (2, None, 3)}. */
  public String shape() {
    if (type() instanceof RaggedType rt) {
      return rt.tfShape();
    }
    if (type() instanceof DenseType dt) {
      return dt.tfShape();
    }
    if (type() instanceof dev.tatter.ir.types.SparseType st) {
      return st.tfShape();
    }
    if (type() instanceof dev.tatter.ir.types.UnrankedType ut) {
      return ut.tfShape();
    }
    throw GraphBuilder.misuse("a row partition has no shape", this);
  }



  @Override
  public String toString() {
    return node().toString();
  }
}
