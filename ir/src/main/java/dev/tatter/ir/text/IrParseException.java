package dev.tatter.ir.text;

import com.google.common.collect.ImmutableList;
import dev.tatter.ir.GraphBuildException;

/**
 * A textual IR file that does not parse or does not type-check. Holds every error found (the
 * parser recovers and goes on where it can), each as {@code file:line:col: message}.
 */
public final class IrParseException extends GraphBuildException {
  private final ImmutableList<String> errors;

  public IrParseException(ImmutableList<String> errors) {
    super(String.join("\n", errors));
    this.errors = errors;
  }

  public ImmutableList<String> errors() {
    return errors;
  }
}
