package dev.tatter.frontend;

import dev.tatter.ir.ops.FeatureCrossOps;
import dev.tatter.ir.types.DenseType;
import dev.tatter.ir.types.RaggedType;
import dev.tatter.ir.types.SparseType;
import dev.tatter.runtime.DType;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * TF's feature crosses, bit-equal to its kernels: {@code tf.ragged.cross(_hashed)} (RaggedCross:
 * the inputs in their order, any of ragged, sparse and dense) and {@code tf.sparse.cross(_hashed)}
 * (SparseCrossV2 and SparseCross: the sparse inputs first, then the dense ones). Each input becomes
 * a column of features per batch row (int inputs as int64, as TF's Python casts them): a ragged
 * one as it is, a dense {@code [batch, k]} one as rows of k, a sparse one as its kernel's reader
 * finds its rows ({@code sparse_cross_rows}). String crosses join the features (int64 ones
 * printed as TF's {@code std::to_string} prints them) with the separator; hashed crosses start
 * from {@code FingerprintCat64(hash_key, f)} of the first column's fingerprints (a string's
 * Fingerprint64, an int64 itself) and fold each next column in by {@code FingerprintCat64}, then
 * take the unsigned remainder by {@code num_buckets} (by {@code 2^63 - 1} for 0). TF's kernels
 * take every input at once; here the columns are crossed two at a time, which gives the same
 * combinations in the same order.
 */
@BuilderApi
final class FeatureCrosses {
  private FeatureCrosses() {}

  /** TF's default {@code hash_key} for hashed crosses ({@code _DEFAULT_CROSS_HASH_KEY}). */
  static final long DEFAULT_HASH_KEY = 0xDECAFCAFFEL;

  /** TF's {@code tf.ragged.cross(inputs)}: string crosses joined by "_X_", a ragged {@code [batch, (None)]}. */
  @TfApi("tf.ragged.cross")
  static Value raggedCross(GraphBuilder g, List<Value> inputs) {
    return ragged(g, inputs, false, 0, DEFAULT_HASH_KEY);
  }

  /** TF's {@code tf.ragged.cross_hashed(inputs)}: int64 hashes of the crosses, below 2^63 - 1. */
  @TfApi("tf.ragged.cross_hashed")
  static Value raggedCrossHashed(GraphBuilder g, List<Value> inputs) {
    return ragged(g, inputs, true, 0, DEFAULT_HASH_KEY);
  }

  /** TF's {@code tf.ragged.cross_hashed(inputs, num_buckets)}: each hash modulo {@code numBuckets} (0: 2^63 - 1). */
  @TfApi("tf.ragged.cross_hashed")
  static Value raggedCrossHashed(GraphBuilder g, List<Value> inputs, long numBuckets) {
    return ragged(g, inputs, true, numBuckets, DEFAULT_HASH_KEY);
  }

  /** TF's {@code tf.ragged.cross_hashed(inputs, num_buckets, hash_key)}. */
  @TfApi("tf.ragged.cross_hashed")
  static Value raggedCrossHashed(GraphBuilder g, List<Value> inputs, long numBuckets, long hashKey) {
    return ragged(g, inputs, true, numBuckets, hashKey);
  }

  /** TF's {@code tf.sparse.cross(inputs)}: a sparse {@code [batch, max crosses]} of string crosses joined by "_X_". */
  @TfApi("tf.sparse.cross")
  static Value sparseCross(GraphBuilder g, List<Value> inputs) {
    return sparseCross(g, inputs, "_X_");
  }

  /** TF's {@code tf.sparse.cross(inputs, separator)}. */
  @TfApi("tf.sparse.cross")
  static Value sparseCross(GraphBuilder g, List<Value> inputs, String separator) {
    return sparse(g, inputs, false, separator, 0, DEFAULT_HASH_KEY);
  }

  /** TF's {@code tf.sparse.cross_hashed(inputs)}. */
  @TfApi("tf.sparse.cross_hashed")
  static Value sparseCrossHashed(GraphBuilder g, List<Value> inputs) {
    return sparse(g, inputs, true, "", 0, DEFAULT_HASH_KEY);
  }

  /** TF's {@code tf.sparse.cross_hashed(inputs, num_buckets)}. */
  @TfApi("tf.sparse.cross_hashed")
  static Value sparseCrossHashed(GraphBuilder g, List<Value> inputs, long numBuckets) {
    return sparse(g, inputs, true, "", numBuckets, DEFAULT_HASH_KEY);
  }

  /** TF's {@code tf.sparse.cross_hashed(inputs, num_buckets, hash_key)}. */
  @TfApi("tf.sparse.cross_hashed")
  static Value sparseCrossHashed(GraphBuilder g, List<Value> inputs, long numBuckets, long hashKey) {
    return sparse(g, inputs, true, "", numBuckets, hashKey);
  }

  private static Value ragged(GraphBuilder g, List<Value> inputs, boolean hashed, long numBuckets, long hashKey) {
    String op = hashed ? "ragged.cross_hashed" : "ragged.cross";
    requireInputs(g, op, inputs, numBuckets);
    List<Value> columns = new ArrayList<>();
    boolean anyRagged = false;
    boolean allInt32 = true;
    for (int i = 0; i < inputs.size(); i++) {
      Value t = inputs.get(i);
      if (t.type() instanceof RaggedType rt) {
        anyRagged = true;
        allInt32 &= rt.splitsDType() == DType.INT32;
      }
      columns.add(column(op, i, t, false));
    }
    List<String> mismatch = java.util.Collections.nCopies(inputs.size(), "");
    Value result = combine(columns, mismatch, hashed, "_X_", numBuckets, hashKey);
    return result.withRowSplitsDType(anyRagged && allInt32 ? DType.INT32 : DType.INT64);
  }

  private static Value sparse(GraphBuilder g, List<Value> inputs, boolean hashed, String separator, long numBuckets,
      long hashKey) {
    String op = hashed ? "sparse.cross_hashed" : "sparse.cross";
    requireInputs(g, op, inputs, numBuckets);
    List<Value> sparse = new ArrayList<>();
    List<Value> dense = new ArrayList<>();
    for (int i = 0; i < inputs.size(); i++) {
      Value t = inputs.get(i);
      if (t.type() instanceof RaggedType) {
        throw GraphBuilder.misuse(op + ": All inputs must be Tensor or SparseTensor, got " + t.type() + " at " + i, t);
      }
      (t.type() instanceof SparseType ? sparse : dense).add(t);
    }
    // TF's kernel takes the sparse inputs first, then the dense ones, and names a batch mismatch by that order
    List<Value> columns = new ArrayList<>();
    List<String> mismatch = new ArrayList<>();
    for (int i = 0; i < sparse.size(); i++) {
      columns.add(column(op, i, sparse.get(i), true));
      mismatch.add("at position " + i);
    }
    for (int i = 0; i < dense.size(); i++) {
      columns.add(column(op, sparse.size() + i, dense.get(i), true));
      mismatch.add("at dense tensor " + i);
    }
    return combine(columns, mismatch, hashed, separator, numBuckets, hashKey).toSparse();
  }

  private static void requireInputs(GraphBuilder g, String op, List<Value> inputs, long numBuckets) {
    if (inputs.isEmpty()) {
      throw new IllegalArgumentException(op + ": needs at least one input (TF crosses an empty list into an empty result)");
    }
    if (numBuckets < 0) {
      throw GraphBuilder.misuse(op + ": num_buckets must be >= 0, got " + numBuckets, inputs.get(0));
    }
  }

  /** One input as a column of features per row: int64 or string values under one ragged partition. */
  private static Value column(String op, int position, Value t, boolean sparseCross) {
    GraphBuilder g = t.builder();
    DType dtype = t.type().dtype();
    if (dtype != DType.STRING && !dtype.isInteger()) {
      throw GraphBuilder.misuse(op + ": Unexpected dtype for inputs[" + position + "]: " + dtype, t);
    }
    if (t.type() instanceof SparseType sp) {
      if (sp.rank() != 2) {
        throw GraphBuilder.misuse(op + ": shape should imply a 2D tensor, but got " + sp + " at position " + position, t);
      }
      Value st = dtype.isInteger() && dtype != DType.INT64 ? Sparse.withValues(t, t.values().cast(DType.INT64)) : t;
      return g.op(FeatureCrossOps.SPARSE_CROSS_ROWS, Map.of("contiguous", sparseCross), st);
    }
    if (t.type() instanceof RaggedType rt) {
      if (rt.raggedRank() != 1 || rt.rank() != 2) {
        throw GraphBuilder.misuse(op + ": tf.ragged.cross only supports inputs with rank=2, got " + rt + " at " + position, t);
      }
      return dtype.isInteger() ? t.cast(DType.INT64) : t;
    }
    DenseType d = (DenseType) t.type();
    if (d.rank() != 2) {
      throw GraphBuilder.misuse(op + ": " + (sparseCross ? "Dense inputs should be a matrix but received shape " + d
          : "tf.ragged.cross only supports inputs with rank=2.") + " at " + position, t);
    }
    return g.raggedFromTensor(dtype.isInteger() ? t.cast(DType.INT64) : t);
  }

  /** The columns crossed left to right: joined strings, or hashes bucketed. */
  private static Value combine(List<Value> columns, List<String> mismatch, boolean hashed, String separator,
      long numBuckets, long hashKey) {
    GraphBuilder g = columns.get(0).builder();
    Ops tf = g.ops();
    String separatorBytes = hashed ? "" : Strings.bytesOf(separator); // the attribute holds the separator's UTF-8
    Value cross = null;
    for (int i = 0; i < columns.size(); i++) {
      Value c = columns.get(i);
      Value flat = c.flatValues();
      if (hashed) {
        flat = flat.dtype() == DType.STRING ? g.op(FeatureCrossOps.FEATURE_FINGERPRINT, Map.of(), flat) : flat;
        if (i == 0) {
          flat = g.op(FeatureCrossOps.FINGERPRINT_CAT, Map.of(), g.scalar(DType.INT64, hashKey), flat);
        }
      } else if (flat.dtype() != DType.STRING) {
        flat = Strings.asString(flat); // TF's std::to_string of an int64 feature
      }
      c = c.withFlatValues(flat);
      cross = i == 0 ? c
          : g.op(FeatureCrossOps.FEATURE_CROSS, Map.of("separator", separatorBytes, "mismatch", mismatch.get(i)),
              cross, c);
    }
    if (!hashed) {
      return cross;
    }
    // the unsigned remainder of the 64 bits, by num_buckets or (0) by 2^63 - 1, as TF's kernels take it
    Value bits = tf.bitcast(cross.flatValues(), DType.UINT64);
    Value bucket = tf.math.floormod(bits, g.scalar(DType.UINT64, numBuckets > 0 ? numBuckets : Long.MAX_VALUE));
    return cross.withFlatValues(tf.bitcast(bucket, DType.INT64));
  }
}
