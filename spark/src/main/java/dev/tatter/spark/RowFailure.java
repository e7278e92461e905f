package dev.tatter.spark;

import dev.tatter.runtime.InvalidArgumentException;
import java.io.Serial;

/**
 * A row the stage cannot compute, said in one line: its message names the row ({@link RowNames}),
 * the column and the reason, and it has no stack trace and no cause. Spark prints a failed task's
 * exception in the executor's log, in the driver's "Lost task" warning and in the job's
 * {@code SparkException}, once per attempt (a cluster retries a task, {@code spark.task.maxFailures}
 * times, and a bad row fails every attempt): each print is this line rather than a trace of the
 * stage's own frames, which say nothing about the data.
 */
final class RowFailure extends InvalidArgumentException {
  @Serial
  private static final long serialVersionUID = 1L;

  RowFailure(String message) {
    super(message);
  }

  @Override
  public synchronized Throwable fillInStackTrace() {
    return this; // the message says all there is: where in the data, not where in the code
  }
}
