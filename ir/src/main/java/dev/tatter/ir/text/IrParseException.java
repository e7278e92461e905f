package dev.tatter.ir.text;

import java.util.List;
import com.google.common.collect.ImmutableList;
import dev.tatter.ir.GraphBuildException;

/**
 * A textual IR file that does not parse or does not type-check. Holds every error found (the
 * parser recovers and goes on where it can), each as {@code file:line:col: message}.
 */
public final class IrParseException extends GraphBuildException {
  private final ImmutableList<String> errors;

  /**
   * An exception carrying every error of one file.
   *
   * @param errors the messages, each {@code file:line:col: ...} (copied)
   */
  public IrParseException(List<String> errors) {
    super(String.join("\n", errors));
    this.errors = ImmutableList.copyOf(errors);
  }

  public List<String> errors() {
    return errors;
  }
}
