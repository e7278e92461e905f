package dev.tatter.arrow;

import dev.tatter.runtime.Complex128;
import dev.tatter.runtime.Complex64;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.Tensor;
import java.util.List;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.BitVectorHelper;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.ipc.message.ArrowFieldNode;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.FieldType;

/**
 * Complex values in Arrow, which has no complex type: a {@code Struct<real, imag>} whose two
 * children are both {@code FloatingPoint(SINGLE)} (complex64) or both {@code FloatingPoint(DOUBLE)}
 * (complex128), named as NumPy names the parts, none null.
 *
 * <p>Why a struct and not the interleaved {@code FixedSizeList<2>} NumPy's memory layout suggests:
 * a {@code FixedSizeList<2>} of floats is already what a float tensor with an inner dimension of 2
 * is ({@code ragged<float32>[None, (None), 2]}), so reading it back could not tell the two apart
 * without schema metadata that Arrow writers (pyarrow, Parquet, Spark) drop or ignore. A struct with
 * the fields {@code real} and {@code imag} says what it is by itself, is what Spark's columns carry
 * for complex values ({@code struct<real, imag>}, see {@code tatter-spark}), and keeps each part a
 * contiguous buffer, so each is still copied in one bulk pass; the record per element is the
 * complex storage's own.
 */
final class ArrowComplex {
  static final String REAL = "real";
  static final String IMAG = "imag";

  private ArrowComplex() {}

  /** Values [start, start + count) of a {@code Struct<real, imag>} as a complex vector; nulls in it refused. */
  static Tensor read(StructVector struct, int start, int count, String path) {
    DType complex = dtypeOf(struct, path);
    DType part = complex.realDType();
    Object re = ArrowValues.read(struct.getChild(REAL), start, count, path + "." + REAL).unsafeData();
    Object im = ArrowValues.read(struct.getChild(IMAG), start, count, path + "." + IMAG).unsafeData();
    if (part == DType.FLOAT32) {
      float[] r = (float[]) re;
      float[] i = (float[]) im;
      Complex64[] out = new Complex64[count];
      for (int k = 0; k < count; k++) {
        out[k] = new Complex64(r[k], i[k]);
      }
      return Tensor.wrap(complex, new int[] {count}, out);
    }
    double[] r = (double[]) re;
    double[] i = (double[]) im;
    Complex128[] out = new Complex128[count];
    for (int k = 0; k < count; k++) {
      out[k] = new Complex128(r[k], i[k]);
    }
    return Tensor.wrap(complex, new int[] {count}, out);
  }

  /** complex64 or complex128, from the struct's children; any other struct is refused. */
  private static DType dtypeOf(StructVector struct, String path) {
    List<String> names = struct.getChildFieldNames();
    FieldVector re = struct.getChild(REAL);
    FieldVector im = struct.getChild(IMAG);
    if (names.size() == 2 && re instanceof Float4Vector && im instanceof Float4Vector) {
      return DType.COMPLEX64;
    }
    if (names.size() == 2 && re instanceof Float8Vector && im instanceof Float8Vector) {
      return DType.COMPLEX128;
    }
    throw new InvalidArgumentException("arrow: " + path + " is a " + struct.getField().getType() + " of "
        + struct.getField().getChildren() + "; Tatter reads a struct as complex values only when its children are "
        + "exactly real and imag, both FloatingPoint(SINGLE) or both FloatingPoint(DOUBLE)");
  }

  /** Adds to {@code parent} a {@code Struct<real, imag>} child holding the complex vector {@code flat}. */
  static FieldVector addChild(FieldVector parent, Tensor flat) {
    int n = flat.size();
    DType part = flat.dtype().realDType();
    Object re;
    Object im;
    if (part == DType.FLOAT32) {
      Complex64[] c = (Complex64[]) flat.unsafeData(); // only read
      float[] r = new float[n];
      float[] i = new float[n];
      for (int k = 0; k < n; k++) {
        r[k] = c[k].re();
        i[k] = c[k].im();
      }
      re = r;
      im = i;
    } else {
      Complex128[] c = (Complex128[]) flat.unsafeData();
      double[] r = new double[n];
      double[] i = new double[n];
      for (int k = 0; k < n; k++) {
        r[k] = c[k].re();
        i[k] = c[k].im();
      }
      re = r;
      im = i;
    }
    StructVector struct = (StructVector) ArrowRagged.addChild(parent, FieldType.notNullable(ArrowType.Struct.INSTANCE));
    FieldType partType = FieldType.notNullable(ArrowValues.arrowType(part));
    Class<? extends FieldVector> partClass = part == DType.FLOAT32 ? Float4Vector.class : Float8Vector.class;
    ArrowValues.write(struct.addOrGet(REAL, partType, partClass), Tensor.wrap(part, new int[] {n}, re));
    ArrowValues.write(struct.addOrGet(IMAG, partType, partClass), Tensor.wrap(part, new int[] {n}, im));
    // the struct's own bitmap, all valid; its children are loaded already, so no allocateNew (which would reallocate them)
    int validityBytes = BitVectorHelper.getValidityBufferSizeFromCount(n);
    try (ArrowBuf validity = struct.getAllocator().buffer(validityBytes)) {
      validity.setZero(0, validityBytes);
      Validity.setAllValid(validity, n);
      struct.loadFieldBuffers(new ArrowFieldNode(n, 0), List.of(validity));
    }
    struct.setValueCount(n);
    return struct;
  }
}
