package dev.tatter.frontend;

import static com.google.common.base.Preconditions.checkArgument;

import dev.tatter.runtime.DType;

/**
 * The keyword arguments TF's {@code RowPartition} factories take besides the encoding:
 * {@code validate} (default true), {@code dtype} (the splits dtype of the result; a graph value of
 * another integer dtype is converted, narrowing checked at run time) and {@code dtype_hint} (the
 * dtype a Java array becomes when {@code dtype} is not given; int64 without either).
 */
public record PartitionOptions(boolean validate, DType dtype, DType dtypeHint) {
  /** validate=True, no dtype, no hint: TF's defaults. */
  public static final PartitionOptions DEFAULT = new PartitionOptions(true, null, null);

  public PartitionOptions {
    checkArgument(dtype == null || dtype.isSplitsDType(), "dtype must be int32 or int64, got %s", dtype);
    checkArgument(dtypeHint == null || dtypeHint.isSplitsDType(), "dtype_hint must be int32 or int64, got %s", dtypeHint);
  }

  public PartitionOptions withValidate(boolean v) {
    return new PartitionOptions(v, dtype, dtypeHint);
  }

  public PartitionOptions withDType(DType d) {
    return new PartitionOptions(validate, d, dtypeHint);
  }

  public PartitionOptions withDTypeHint(DType d) {
    return new PartitionOptions(validate, dtype, d);
  }

  /** The dtype a Java array of indices becomes: dtype, else dtype_hint, else int64. */
  DType literalDType() {
    return dtype != null ? dtype : dtypeHint != null ? dtypeHint : DType.INT64;
  }
}
