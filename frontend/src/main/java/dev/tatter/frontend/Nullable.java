package dev.tatter.frontend;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a parameter of a builder method that takes null for "not given" (TF's {@code None}: a
 * ragged tensor's {@code nrows}, bincount's {@code weights}). Every other reference parameter of a
 * namespace method is refused when null, naming the method and the parameter: the generator
 * ({@code apigen}) emits that check and copies this mark onto the generated parameter, where a
 * test finds it by reflection.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.PARAMETER)
public @interface Nullable {}
