package dev.tatter.ir;

import static com.google.common.base.Preconditions.checkNotNull;

/**
 * One attribute in an op's signature: its name, kind and default ({@code null} if required).
 */
public record AttrSpec(String name, AttrKind kind, Object defaultValue) {
  public AttrSpec {
    checkNotNull(name, "name");
    checkNotNull(kind, "kind");
  }

  public static AttrSpec required(String name, AttrKind kind) {
    return new AttrSpec(name, kind, null);
  }

  public static AttrSpec optional(String name, AttrKind kind, Object defaultValue) {
    return new AttrSpec(name, kind, checkNotNull(defaultValue, "defaultValue"));
  }
}
