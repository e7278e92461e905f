package dev.tatter.bench.tf;

import dev.tatter.runtime.DType;
import dev.tatter.runtime.RowPartition;
import dev.tatter.runtime.Tensor;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.tensorflow.Graph;
import org.tensorflow.Operand;
import org.tensorflow.Result;
import org.tensorflow.Session;
import org.tensorflow.ndarray.Shape;
import org.tensorflow.ndarray.buffer.DataBuffers;
import org.tensorflow.op.Ops;
import org.tensorflow.proto.ConfigProto;
import org.tensorflow.proto.DataType;
import org.tensorflow.types.TBool;
import org.tensorflow.types.TFloat32;
import org.tensorflow.types.TFloat64;
import org.tensorflow.types.TInt32;
import org.tensorflow.types.TInt64;
import org.tensorflow.types.family.TType;

/**
 * Runs a small TF graph over constant inputs and returns its fetches as Tatter tensors, so an
 * oracle test can compare TF's kernels with Tatter's value for value. One session per call,
 * single-threaded (the oracle is about values, not speed).
 */
final class TfEval {
  private TfEval() {}

  /** The outcome of a TF run: the fetched tensors, or TF's error message. */
  record Outcome(List<Tensor> values, String error) {
    Tensor value(int i) {
      if (error != null) {
        throw new AssertionError("TF failed: " + error);
      }
      return values.get(i);
    }

    boolean failed() {
      return error != null;
    }
  }

  /** Builds the graph with {@code build} (given the ops and returning the fetches) and runs it. */
  static Outcome run(Function<Ops, List<Operand<?>>> build) {
    try (Graph g = new Graph();
        Session s = new Session(g, ConfigProto.newBuilder()
            .setIntraOpParallelismThreads(1).setInterOpParallelismThreads(1).build())) {
      Ops tf = Ops.create(g);
      List<Operand<?>> fetches = build.apply(tf);
      Session.Runner runner = s.runner();
      fetches.forEach(runner::fetch);
      try (Result r = runner.run()) {
        List<Tensor> out = new ArrayList<>();
        for (int i = 0; i < fetches.size(); i++) {
          out.add(toTatter(r.get(i)));
        }
        return new Outcome(out, null);
      } catch (RuntimeException e) {
        return new Outcome(List.of(), e.getMessage());
      }
    }
  }

  /** A TF constant holding a Tatter tensor's values (int8/int16 through a Cast from int32). */
  @SuppressWarnings("unchecked")
  static <T extends TType> Operand<T> constant(Ops tf, Tensor t) {
    Shape shape = Shape.of(toLongs(t.shape()));
    return (Operand<T>) switch (t.dtype()) {
      case FLOAT32 -> tf.constant(shape, DataBuffers.of((float[]) t.unsafeData(), true, false));
      case FLOAT64 -> tf.constant(shape, DataBuffers.of((double[]) t.unsafeData(), true, false));
      case INT32 -> tf.constant(shape, DataBuffers.of((int[]) t.unsafeData(), true, false));
      case INT64 -> tf.constant(shape, DataBuffers.of((long[]) t.unsafeData(), true, false));
      case BOOL -> tf.constant(shape, DataBuffers.of((boolean[]) t.unsafeData(), true, false));
      case STRING -> tf.constantOf(org.tensorflow.types.TString.tensorOfBytes(shape, DataBuffers.ofObjects(t.toByteArrays())));
      default -> throw new IllegalArgumentException("no TF constant for " + t.dtype());
    };
  }

  static Operand<TInt64> splits(Ops tf, RowPartition p) {
    return tf.constant(p.unsafeRowSplits());
  }

  /** A fetched TF tensor as a Tatter tensor of the same dtype and shape. */
  static Tensor toTatter(org.tensorflow.Tensor t) {
    long[] dims = t.shape().asArray();
    int[] shape = new int[dims.length];
    for (int i = 0; i < dims.length; i++) {
      shape[i] = Math.toIntExact(dims[i]);
    }
    int n = Math.toIntExact(t.shape().size());
    DataType type = t.dataType();
    return switch (type) {
      case DT_FLOAT -> {
        float[] a = new float[n];
        ((TFloat32) t).copyTo(DataBuffers.of(a, false, false));
        yield Tensor.wrap(DType.FLOAT32, shape, a);
      }
      case DT_DOUBLE -> {
        double[] a = new double[n];
        ((TFloat64) t).copyTo(DataBuffers.of(a, false, false));
        yield Tensor.wrap(DType.FLOAT64, shape, a);
      }
      case DT_INT32 -> {
        int[] a = new int[n];
        ((TInt32) t).copyTo(DataBuffers.of(a, false, false));
        yield Tensor.wrap(DType.INT32, shape, a);
      }
      case DT_INT64 -> {
        long[] a = new long[n];
        ((TInt64) t).copyTo(DataBuffers.of(a, false, false));
        yield Tensor.wrap(DType.INT64, shape, a);
      }
      case DT_UINT8 -> {
        byte[] a = new byte[n];
        ((org.tensorflow.types.TUint8) t).copyTo(DataBuffers.of(a, false, false));
        yield Tensor.wrap(DType.UINT8, shape, a);
      }
      case DT_BOOL -> {
        boolean[] a = new boolean[n];
        ((TBool) t).copyTo(DataBuffers.of(a, false, false));
        yield Tensor.wrap(DType.BOOL, shape, a);
      }
      case DT_STRING -> {
        byte[][] a = new byte[n][];
        org.tensorflow.ndarray.NdArray<byte[]> bytes = ((org.tensorflow.types.TString) t).asBytes();
        long[] at = new long[dims.length];
        for (int i = 0; i < n; i++) {
          long rest = i;
          for (int d = dims.length - 1; d >= 0; d--) {
            at[d] = rest % dims[d];
            rest /= dims[d];
          }
          a[i] = bytes.getObject(at);
        }
        yield Tensor.of(DType.STRING, a, shape);
      }
      default -> throw new IllegalArgumentException("no Tatter dtype for TF's " + type);
    };
  }

  /**
   * A string tensor of byte strings (one char per byte, see {@code ByteStrings}): the oracle tests
   * build their inputs from pieces of bytes, valid UTF-8 or not.
   */
  static Tensor byteStrings(String[] byteStrings, int... shape) {
    byte[][] bytes = new byte[byteStrings.length][];
    for (int i = 0; i < bytes.length; i++) {
      bytes[i] = dev.tatter.runtime.ByteStrings.bytes(byteStrings[i]);
    }
    return Tensor.of(DType.STRING, bytes, shape);
  }

  private static long[] toLongs(int[] shape) {
    long[] out = new long[shape.length];
    for (int i = 0; i < shape.length; i++) {
      out[i] = shape[i];
    }
    return out;
  }
}
