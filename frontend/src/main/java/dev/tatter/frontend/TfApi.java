package dev.tatter.frontend;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The TF Python functions a hand-written builder method follows, canonical path first
 * ({@code tf.gather}, {@code tf.math.reduce_sum}, {@code tf.RaggedTensor.to_tensor}).
 *
 * <p>The build derives the user API's namespaces ({@code Ops}) from these and from each op's
 * {@link dev.tatter.ir.TfBinding}: a path {@code tf.<namespace>.<name>} or {@code tf.<name>} becomes
 * a method of that namespace calling the annotated method, which then answers for the path instead
 * of any op that lists it. A path with an upper-case segment is a method of a TF class (a
 * {@code RaggedTensor} method, a {@code RowPartition} factory) and is only documented.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface TfApi {
  /** The Python paths, canonical first. */
  String[] value();
}
