package dev.tatter.ir;

import static com.google.common.base.Preconditions.checkArgument;

import com.google.common.collect.ImmutableSortedMap;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.Tensor;
import java.util.Map;
import java.util.SortedMap;

/**
 * An op's attributes: an immutable map from name to value, sorted by name so that printing and
 * structural hashing (CSE) are deterministic. Values are Boolean, Long, Double, String, DType,
 * Tensor or an unmodifiable List&lt;Long&gt; (see {@link AttrKind}).
 */
public final class Attributes {
  public static final Attributes EMPTY = new Attributes(ImmutableSortedMap.of());

  private final ImmutableSortedMap<String, Object> values;
  /** The hash, computed once (0: not yet): a constant's tensor hashes every element, and CSE asks every pass. */
  private int hash;

  private Attributes(ImmutableSortedMap<String, Object> values) {
    this.values = values;
  }

  public static Attributes of(Map<String, ?> values) {
    return values.isEmpty() ? EMPTY : new Attributes(ImmutableSortedMap.copyOf(values));
  }

  public static Attributes of(String name, Object value) {
    return new Attributes(ImmutableSortedMap.of(name, value));
  }

  public static Attributes of(String n1, Object v1, String n2, Object v2) {
    return new Attributes(ImmutableSortedMap.of(n1, v1, n2, v2));
  }

  /** The attributes by name, in name order (an unmodifiable map). */
  public SortedMap<String, Object> asMap() {
    return values;
  }

  public boolean has(String name) {
    return values.containsKey(name);
  }

  public Object get(String name) {
    Object v = values.get(name);
    checkArgument(v != null, "no attribute '%s' in %s", name, values.keySet());
    return v;
  }

  public boolean getBool(String name) {
    return (Boolean) get(name);
  }

  public long getInt(String name) {
    return (Long) get(name);
  }

  public DType getDType(String name) {
    return (DType) get(name);
  }

  public Tensor getTensor(String name) {
    return (Tensor) get(name);
  }

  @Override
  public boolean equals(Object o) {
    if (o == this) {
      return true;
    }
    return o instanceof Attributes a && a.hashCode() == hashCode() && a.values.equals(values);
  }

  @Override
  public int hashCode() {
    int h = hash;
    if (h == 0) {
      h = values.hashCode();
      h = h == 0 ? 1 : h; // 0 means "not computed yet"; equal attributes still hash alike
      hash = h;
    }
    return h;
  }

  @Override
  public String toString() {
    return values.toString();
  }
}
