package dev.tatter.bench.tf;

import dev.tatter.runtime.DType;
import dev.tatter.runtime.Tensor;
import org.tensorflow.Operand;
import org.tensorflow.Output;
import org.tensorflow.op.Ops;
import org.tensorflow.proto.DataType;

/**
 * Tatter tensors of any dtype into a TF graph and TF results of any dtype back, bit for bit,
 * through the dtypes TF Java can feed and fetch (int32, int64, float32, float64, bool): inside the
 * graph a value changes dtype only by conversions that keep every bit — a {@code Cast} from int32
 * of values already in the narrow type's range (int8, int16, uint8, uint16) or a {@code Bitcast}
 * between types of one width (uint32 from int32, uint64 from int64; float16 and bfloat16 from
 * their bits as int16).
 */
final class TfDTypes {
  private TfDTypes() {}

  static DataType tfType(DType dtype) {
    return switch (dtype) {
      case BOOL -> DataType.DT_BOOL;
      case INT8 -> DataType.DT_INT8;
      case INT16 -> DataType.DT_INT16;
      case INT32 -> DataType.DT_INT32;
      case INT64 -> DataType.DT_INT64;
      case UINT8 -> DataType.DT_UINT8;
      case UINT16 -> DataType.DT_UINT16;
      case UINT32 -> DataType.DT_UINT32;
      case UINT64 -> DataType.DT_UINT64;
      case FLOAT16 -> DataType.DT_HALF;
      case BFLOAT16 -> DataType.DT_BFLOAT16;
      case FLOAT32 -> DataType.DT_FLOAT;
      case FLOAT64 -> DataType.DT_DOUBLE;
      case STRING -> DataType.DT_STRING;
      case COMPLEX64 -> DataType.DT_COMPLEX64;
      case COMPLEX128 -> DataType.DT_COMPLEX128;
    };
  }

  /** The dtype a value of {@code dtype} is fed and fetched as. */
  static DType carrier(DType dtype) {
    return switch (dtype) {
      case INT8, INT16, UINT8, UINT16, FLOAT16, BFLOAT16 -> DType.INT32;
      case UINT32 -> DType.INT32;
      case UINT64 -> DType.INT64;
      default -> dtype;
    };
  }

  /** A TF operand holding {@code t}'s values in {@code t}'s own dtype. */
  static Output<?> feed(Ops tf, Tensor t) {
    DType dtype = t.dtype();
    DType carrier = carrier(dtype);
    if (carrier == dtype) {
      return TfEval.constant(tf, t).asOutput();
    }
    Tensor carried = Tensor.wrap(carrier, t.shape(), carry(t));
    Output<?> in = TfEval.constant(tf, carried).asOutput();
    if (dtype.isFloating()) { // 16-bit floats: their bits, as int16, reinterpreted
      return bitcast(tf, cast(tf, in, DataType.DT_INT16), tfType(dtype));
    }
    return dtype.bits() == carrier.bits() ? bitcast(tf, in, tfType(dtype)) : cast(tf, in, tfType(dtype));
  }

  /** {@code out} as a fetchable operand (its carrier dtype). */
  static Operand<?> fetchable(Ops tf, Output<?> out, DType dtype) {
    DType carrier = carrier(dtype);
    if (carrier == dtype) {
      return out;
    }
    if (dtype.isFloating()) {
      return cast(tf, bitcast(tf, out, DataType.DT_INT16), DataType.DT_INT32);
    }
    return dtype.bits() == carrier.bits() ? bitcast(tf, out, tfType(carrier)) : cast(tf, out, tfType(carrier));
  }

  /** A fetched carrier tensor back as {@code dtype}. */
  static Tensor back(Tensor fetched, DType dtype) {
    if (fetched.dtype() == dtype) {
      return fetched;
    }
    Object out = dtype.layout().newArray(fetched.size());
    for (int i = 0; i < fetched.size(); i++) {
      long raw = fetched.dtype() == DType.INT64 ? ((long[]) fetched.data())[i] : ((int[]) fetched.data())[i];
      java.lang.reflect.Array.set(out, i, narrowTo(out, raw));
    }
    return Tensor.wrap(dtype, fetched.shape(), out);
  }

  /** The values of {@code t} in its carrier's array: narrow values widened (as values), same-width raw bits. */
  private static Object carry(Tensor t) {
    int n = t.size();
    if (t.dtype() == DType.UINT64) {
      return ((long[]) t.data()).clone();
    }
    if (t.data() instanceof short[] bits && t.dtype().isFloating()) {
      int[] out = new int[n];
      for (int i = 0; i < n; i++) {
        out[i] = bits[i];
      }
      return out;
    }
    int[] out = new int[n];
    for (int i = 0; i < n; i++) {
      Object v = t.get(i); // widened for unsigned, raw Byte/Short for int8/int16, Long for uint32
      out[i] = (int) ((Number) v).longValue();
    }
    return out;
  }

  private static Object narrowTo(Object array, long raw) {
    if (array instanceof byte[]) {
      return (byte) raw;
    }
    if (array instanceof short[]) {
      return (short) raw;
    }
    if (array instanceof int[]) {
      return (int) raw;
    }
    return raw;
  }

  static Output<?> cast(Ops tf, Output<?> x, DataType to) {
    return tf.scope().opBuilder("Cast", "Cast").addInput(x).setAttr("DstT", to).build().output(0);
  }

  static Output<?> bitcast(Ops tf, Output<?> x, DataType to) {
    return tf.scope().opBuilder("Bitcast", "Bitcast").addInput(x).setAttr("type", to).build().output(0);
  }
}
