package dev.tatter.runtime;

import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;

/**
 * The dtypes an op accepts, as TF's kernel registrations for it state them: a predicate over
 * {@link DType}'s properties (kind, signedness, width), never a list of constants, so a dtype
 * added later falls into the sets whose description fits it (uint8 into {@link #INTEGER} and
 * {@link #UNSIGNED}, float16 into {@link #FLOATING}). {@link #description()} is what a refusal
 * quotes ("sqrt takes floating and complex, got int32").
 */
public record DTypeSet(String description, Predicate<DType> test) {
  public static final DTypeSet ANY = new DTypeSet("any dtype", d -> true);
  public static final DTypeSet BOOL = new DTypeSet("bool", d -> d.kind() == DType.Kind.BOOL);
  public static final DTypeSet STRING = new DTypeSet("string", d -> d.kind() == DType.Kind.STRING);
  public static final DTypeSet FLOATING = new DTypeSet("floating", DType::isFloating);
  public static final DTypeSet COMPLEX = new DTypeSet("complex", DType::isComplex);
  public static final DTypeSet INTEGER = new DTypeSet("integer", DType::isInteger);
  public static final DTypeSet SIGNED = new DTypeSet("signed integer", d -> d.isInteger() && !d.isUnsigned());
  public static final DTypeSet UNSIGNED = new DTypeSet("unsigned integer", d -> d.isInteger() && d.isUnsigned());
  /** TF's "real number types": integers and floats. */
  public static final DTypeSet REAL = FLOATING.or(INTEGER);
  /** Every numeric dtype: integers, floats, complex. */
  public static final DTypeSet NUMERIC = REAL.or(COMPLEX);

  public boolean contains(DType dtype) {
    return test.test(dtype);
  }

  /** This set or {@code other}. */
  public DTypeSet or(DTypeSet other) {
    return new DTypeSet(description + " and " + other.description, d -> test.test(d) || other.test.test(d));
  }

  /** The members of this set that are at least {@code bits} wide (TF's int32/int64-only or float/double-only kernels). */
  public DTypeSet atLeastBits(int bits) {
    return new DTypeSet(description + " of at least " + bits + " bits", d -> test.test(d) && d.bits() >= bits);
  }

  /** This set without the dtypes named (by TF name; a name no dtype has yet is allowed, it excludes it once it exists). */
  public DTypeSet without(String... tfNames) {
    Set<String> names = Set.copyOf(Arrays.asList(tfNames));
    return new DTypeSet(description + " except " + String.join(", ", tfNames), d -> test.test(d) && !names.contains(d.tfName()));
  }

  /** The dtypes that exist now and belong to this set, in declaration order. */
  public List<DType> members() {
    return Arrays.stream(DType.values()).filter(test).toList();
  }

  @Override
  public String toString() {
    return description;
  }
}
