package dev.tatter.frontend;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a public builder method that follows no TF function, with the reason (a Tatter
 * extension such as naming a value, or a Java-side convenience). Every public method of the
 * builder API carries this or {@link TfApi}; a test checks it.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface NoTfCounterpart {
  /** Why TF has no counterpart. */
  String value();
}
