package dev.tatter.runtime;

/**
 * A run-time error caused by the values fed to a graph (TensorFlow's
 * {@code InvalidArgumentError}): an invalid partition, an index out of range, a size over the
 * limit. Kernels throw it with the broken condition; the executor rethrows it with the node,
 * op and source location prepended. Control characters in the message are escaped ({@link Messages}).
 */
public class InvalidArgumentException extends RuntimeException {
  public InvalidArgumentException(String message) {
    super(Messages.printable(message));
  }

  public InvalidArgumentException(String message, Throwable cause) {
    super(Messages.printable(message), cause);
  }
}
