package dev.tatter.ir.ops;

import dev.tatter.ir.AttrKind;
import dev.tatter.ir.AttrSpec;
import dev.tatter.ir.OpContext;
import dev.tatter.ir.OpDef;
import dev.tatter.ir.Trait;
import dev.tatter.ir.types.DenseType;
import dev.tatter.ir.types.Dims;
import dev.tatter.ir.types.PartitionType;
import dev.tatter.ir.types.RaggedType;
import dev.tatter.ir.types.SparseType;
import dev.tatter.ir.types.Type;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.DTypeSet;
import dev.tatter.runtime.kernels.scalar.HashFunctions;
import dev.tatter.runtime.kernels.strings.CrossKernels;
import dev.tatter.runtime.kernels.strings.FingerprintKernels;
import java.util.List;

/**
 * Feature crosses and fingerprints, bit-equal to TF: {@code tf.fingerprint} ({@code Fingerprint}),
 * and the parts TF's crossing kernels ({@code SparseCross}, {@code SparseCrossV2}, {@code
 * RaggedCross}) are made of, which the builder chains for {@code tf.ragged.cross(_hashed)} and
 * {@code tf.sparse.cross(_hashed)} (TF takes a list of inputs; an op here takes two): each input as
 * a column of features per batch row ({@code sparse_cross_rows} for a sparse one), string features
 * joined ({@code feature_cross}) or fingerprinted ({@code feature_fingerprint}) and combined by
 * {@code fingerprint_cat} (TF's FingerprintCat64, elementwise) and {@code feature_cross}.
 */
public final class FeatureCrossOps {
  private FeatureCrossOps() {}

  public static final OpDef FINGERPRINT =
      OpDef.builder("fingerprint")
          .summary("row i of uint8 [dim0, 8]: the FarmHash Fingerprint64 of data[i, ...] (its bytes; several strings by "
              + "their fingerprints' bytes), little-endian")
          .operands("data")
          .attribute(AttrSpec.optional("method", AttrKind.STRING, "farmhash64"))
          .traits(Trait.PURE)
          .type(ctx -> {
            Type t = ctx.operand(0);
            if (!(t instanceof DenseType data) || data.rank() < 1) {
              throw ctx.fail("`data` should have at least one dimension: %s", t);
            }
            if (!"farmhash64".equals(ctx.attributes().get("method"))) {
              throw ctx.fail("Unsupported fingerprint method: %s", ctx.attributes().get("method"));
            }
            return new DenseType(DType.UINT8, List.of(data.dim(0), 8L));
          })
          .kernel(FingerprintKernels.class, "fingerprint")
          // tf.fingerprint(tf.constant([[1, 2], [3, 4]])) (TF 2.18's kernel)
          .example("""
              %s = constant() {value = tensor<int32>[2, 2] [[1, 2], [3, 4]]} : tensor<int32>[2, 2]
              %0 = fingerprint(%s) : tensor<uint8>[2, 8]
              return %0
              """, "[[76, 18, 253, 133, 168, 204, 240, 10], [254, 162, 60, 240, 103, 244, 53, 255]]")
          .tfRawOps("Fingerprint").tfApi("tf.fingerprint")
          .build();

  public static final OpDef SPARSE_CROSS_ROWS =
      OpDef.builder("sparse_cross_rows")
          .summary("the features of each row of a rank-2 sparse tensor, as TF's crossing kernels read them: a run of "
              + "entries with row index b (contiguous, SparseCross) or every remaining entry with row index <= b (RaggedCross)")
          .operands("sp")
          .attribute(AttrSpec.optional("contiguous", AttrKind.BOOL, true))
          .traits(Trait.PURE)
          .type(ctx -> {
            SparseType sp = ctx.sparse(0);
            if (sp.rank() != 2) {
              throw ctx.fail("shape should imply a 2D tensor, got %s", sp);
            }
            return column(sp.dtype(), DType.INT64, sp.shape().get(0));
          })
          .kernel(CrossKernels.class, "sparseRows")
          // the docstring's inputs[0]: [0, 0]: "a", [1, 0]: "b", [1, 1]: "c" -> [["a"], ["b", "c"]]
          .example("""
              %i = constant() {value = tensor<int64>[3, 2] [[0, 0], [1, 0], [1, 1]]} : tensor<int64>[3, 2]
              %v = constant() {value = tensor<string>[3] ["a", "b", "c"]} : tensor<string>[3]
              %d = constant() {value = tensor<int64>[2] [2, 2]} : tensor<int64>[2]
              %sp = sparse_tensor(%i, %v, %d) {shape = [2, 2]} : sparse<string>[2, 2]
              %0 = sparse_cross_rows(%sp) : ragged<string>[2, (None)]
              return %0
              """, "[[b'a'], [b'b', b'c']]")
          .noTfCounterpart("a step inside TF's SparseCross and RaggedCross kernels (their readers of a sparse input's rows); "
              + "tf.sparse.cross and tf.ragged.cross are tested against those kernels")
          .build();

  public static final OpDef FEATURE_CROSS =
      OpDef.builder("feature_cross")
          .summary("row b: every (a[b][i], b[b][j]), j fastest, as a + separator + b (strings) or FingerprintCat64(a, b) "
              + "(int64 fingerprints); both must have the same rows (mismatch: where TF reports it)")
          .operands("a", "b")
          .attribute(AttrSpec.optional("separator", AttrKind.STRING, "_X_"))
          .attribute(AttrSpec.optional("mismatch", AttrKind.STRING, ""))
          .traits(Trait.PURE)
          .type(FeatureCrossOps::crossType)
          .kernel(CrossKernels.class, "cross")
          // tf.ragged.cross([tf.ragged.constant([['a'], ['b', 'c']]), tf.ragged.constant([['d'], ['e']])])
          //   -> [[b'a_X_d'], [b'b_X_e', b'c_X_e']]
          .example("""
              %a = ragged_constant() {value = ragged<string, nvals=[3]>[2, (None)] [["a"], ["b", "c"]]} : ragged<string, nvals=[3]>[2, (None)]
              %b = ragged_constant() {value = ragged<string, nvals=[2]>[2, (None)] [["d"], ["e"]]} : ragged<string, nvals=[2]>[2, (None)]
              %0 = feature_cross(%a, %b) : ragged<string>[2, (None)]
              return %0
              """, "[[b'a_X_d'], [b'b_X_e', b'c_X_e']]")
          .tfRawOps("RaggedCross", "SparseCrossV2", "SparseCross")
          .tfPythonLevel("tf.ragged.cross / tf.sparse.cross of two inputs: one RaggedCross (SparseCrossV2) kernel over the "
              + "list of inputs; here a chain of crosses of two")
          .build();

  public static final OpDef FEATURE_FINGERPRINT =
      OpDef.builder("feature_fingerprint")
          .summary("each string's FarmHash Fingerprint64 as an int64 (its raw 64 bits): a string feature in a hashed cross")
          .operands("x")
          .traits(Trait.PURE)
          .type(ctx -> new DenseType(DType.INT64, ctx.dense(0, DType.STRING).shape()))
          .kernel(CrossKernels.class, "featureFingerprints")
          .example("""
              %s = constant() {value = tensor<string>[2] ["a", ""]} : tensor<string>[2]
              %0 = feature_fingerprint(%s) : tensor<int64>[2]
              return %0
              """, "[-5528939962900187677, -7286425919675154353]")
          // Fingerprint64("a") and ("") as TF's tf.fingerprint(["a", ""]) gives their bytes (little-endian)
          .noTfCounterpart("a step inside TF's hashed SparseCross and RaggedCross kernels (Fingerprint64 of a string feature); "
              + "tf.sparse.cross_hashed and tf.ragged.cross_hashed are tested against those kernels")
          .build();

  public static final OpDef FINGERPRINT_CAT = ElementwiseOps.binary("fingerprint_cat", HashFunctions.class, "fingerprintCat",
          "TF's FingerprintCat64(x, y) on the raw 64 bits of int64 fingerprints (not commutative)", false)
      .dtypes(DTypeSet.SIGNED.atLeastBits(64))
      .example("""
          %x = constant() {value = tensor<int64>[2] [0, 1]} : tensor<int64>[2]
          %y = constant() {value = tensor<int64>[2] [0, 0]} : tensor<int64>[2]
          %0 = fingerprint_cat(%x, %y) : tensor<int64>[2]
          return %0
          """, "[6351753276682545529, -5720937396023583481]")
      // FingerprintCat64(0, 0) and (1, 0): tf.ragged.cross_hashed([[[0]]], hash_key=0 and 1) gives 6351753276682545529
      // and 3502434640831192328, each 64-bit value's unsigned remainder by 2^63 - 1 (the second is 12725806677685968135)
      .tfRawOps("RaggedCross", "SparseCross")
      .tfPythonLevel("no op of its own: the FingerprintCat64 by which TF's hashed SparseCross and RaggedCross kernels fold "
          + "each feature into a cross; the tests of tf.ragged.cross_hashed and tf.sparse.cross_hashed compare it")
      .build();

  /** A column of features: ragged {@code [rows, (None)]} of int64 or string, one feature per value. */
  static RaggedType column(DType dtype, DType splits, long rows) {
    return RaggedType.of(dtype, List.of(PartitionType.ragged(splits, rows, Dims.UNKNOWN)), List.of(Dims.UNKNOWN));
  }

  private static Type crossType(OpContext ctx) {
    RaggedType a = ctx.ragged(0);
    RaggedType b = ctx.ragged(1);
    for (RaggedType t : List.of(a, b)) {
      if (t.raggedRank() != 1 || t.rank() != 2) {
        throw ctx.fail("tf.ragged.cross only supports inputs with rank=2, got %s", t);
      }
      if (t.dtype() != DType.STRING && t.dtype() != DType.INT64) {
        throw ctx.fail("a cross takes string features or int64 fingerprints, got %s", t.dtype());
      }
    }
    if (a.dtype() != b.dtype()) {
      throw ctx.fail("both columns must have one dtype, got %s and %s", a.dtype(), b.dtype());
    }
    Long rows = Dims.merge(a.nrows(), b.nrows());
    if (rows == null) {
      throw ctx.fail("inputs must all have the same batch dimension size, got %s and %s rows", a.nrows(), b.nrows());
    }
    DType splits = a.splitsDType() == DType.INT32 && b.splitsDType() == DType.INT32 ? DType.INT32 : DType.INT64;
    return column(a.dtype(), splits, rows);
  }
}
