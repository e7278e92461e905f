package dev.tatter.runtime.kernels.elementwise;

import dev.tatter.runtime.DType;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.Sizes;
import dev.tatter.runtime.Tensor;
import dev.tatter.runtime.kernels.scalar.ScalarFunctions;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * The one unfused kernel of every elementwise op: a loop applying the op's {@link ScalarFunction}
 * to each element, with NumPy broadcasting. The element step — load each operand from its array,
 * call the scalar overload, store the result narrowed to its dtype — is one {@link MethodHandle}
 * composed from the dtypes' {@link dev.tatter.runtime.DTypeLayout}s, so the same loop serves every
 * op on every dtype and computes exactly what the scalar functions compute. This is what the
 * interpreter, constant folding and a fused node's general path run; compiled graphs run
 * elementwise ops as generated loops that call the same overloads.
 */
public final class PointwiseKernels {
  private PointwiseKernels() {}

  private static final MethodType UNARY_STEP = MethodType.methodType(void.class, Object.class, int.class, Object.class, int.class);
  private static final MethodType BINARY_STEP =
      MethodType.methodType(void.class, Object.class, int.class, Object.class, int.class, Object.class, int.class);

  /** An element step of one function on one dtype, or the reason there is none. */
  private record Step(MethodHandle handle, DType result, String undefined) {}

  /** {@code fn}'s step on {@code dtype}, composed once and kept on the function. */
  private static Step step(ScalarFunction fn, DType dtype, int arity) {
    return fn.cached(dtype, arity, () -> {
      Method overload = fn.overload(dtype, arity).orElse(null);
      if (overload == null) {
        return new Step(null, null, fn.name() + " is not defined on " + dtype);
      }
      DType result = fn.resultDType(dtype, arity).orElseThrow();
      return new Step(arity == 1 ? unaryStep(overload, dtype, result) : binaryStep(overload, dtype, result), result, null);
    });
  }

  /** The steps of {@code cast}, by source and target dtype ordinal (composed on first use). */
  private static final AtomicReferenceArray<Step> CASTS = new AtomicReferenceArray<>(ScalarFunction.DTYPES * ScalarFunction.DTYPES);

  private static Step castStep(DType from, DType to) {
    int slot = from.ordinal() * ScalarFunction.DTYPES + to.ordinal();
    Step step = CASTS.get(slot);
    if (step == null) {
      Method convert = castFunction(from, to);
      step = convert == null ? new Step(null, null, "cannot cast " + from + " to " + to)
          : new Step(unaryStep(convert, from, to), to, null);
      CASTS.set(slot, step);
    }
    return step;
  }

  /** {@code fn} applied to each element of {@code x}. */
  public static Tensor unary(ScalarFunction fn, Tensor x) {
    Step step = step(fn, x.dtype(), 1);
    if (step.handle() == null) {
      throw new InvalidArgumentException(step.undefined());
    }
    return map(step.handle(), step.result(), x);
  }

  /** {@code cast(x){dtype}}: each element converted by {@code ScalarFunctions.to<Dtype>}; strings are not cast. */
  public static Tensor cast(Tensor x, DType dtype) {
    Step step = castStep(x.dtype(), dtype);
    if (step.handle() == null) {
      throw new InvalidArgumentException(step.undefined());
    }
    return x.dtype() == dtype ? x : map(step.handle(), dtype, x);
  }

  /**
   * The element function of {@code cast} from {@code from} to {@code to}: the {@code to<Dtype>}
   * overload in {@link ScalarFunctions#OVERLOADS} (the public static methods its classes declare) for the
   * source's compute type, returning the target's — {@code to<Dtype>Unsigned} from an unsigned
   * source, as {@link ScalarFunction} resolves unsigned overloads; null if there is none (strings).
   */
  public static Method castFunction(DType from, DType to) {
    String name = ScalarFunctions.castFunctionName(to);
    return ScalarFunctions.OVERLOADS.method(from.isUnsigned() ? ScalarFunction.unsignedName(name) : name, from.computeType())
        .filter(m -> m.getReturnType() == to.computeType())
        .orElse(null);
  }

  private static Tensor map(MethodHandle step, DType result, Tensor x) {
    int n = x.size();
    Object in = x.unsafeData();
    Object out = result.layout().newArray(n);
    try {
      for (int i = 0; i < n; i++) {
        step.invokeExact(out, i, in, i);
      }
    } catch (Throwable t) {
      throw rethrow(t);
    }
    return Tensor.wrap(result, x.shape(), out);
  }

  /** {@code fn} applied elementwise to {@code a} and {@code b}, broadcast to a common shape. */
  public static Tensor binary(ScalarFunction fn, Tensor a, Tensor b) {
    if (a.dtype() != b.dtype()) {
      throw new InvalidArgumentException(
          fn.name() + " needs operands of one dtype, got " + a.dtype() + " and " + b.dtype());
    }
    Step resolved = step(fn, a.dtype(), 2);
    if (resolved.handle() == null) {
      throw new InvalidArgumentException(resolved.undefined());
    }
    MethodHandle step = resolved.handle();
    DType result = resolved.result();
    int[] outShape = Broadcast.shape(a.shape(), b.shape());
    int count = Sizes.elementCount(outShape);
    int[] ia = readIndex(a, outShape, count);
    int[] ib = readIndex(b, outShape, count);
    Object x = a.unsafeData(), y = b.unsafeData();
    Object out = result.layout().newArray(count);
    try {
      for (int i = 0; i < count; i++) {
        step.invokeExact(out, i, x, ia == null ? i : ia[i], y, ib == null ? i : ib[i]);
      }
    } catch (Throwable t) {
      throw rethrow(t);
    }
    return Tensor.wrap(result, outShape, out);
  }

  /** {@code out[o] = f(a[ia])}, as {@code (Object out, int o, Object a, int ia) -> void}. */
  private static MethodHandle unaryStep(Method overload, DType operand, DType result) {
    MethodHandle f = MethodHandles.collectArguments(unreflect(overload), 0, operand.layout().getter());
    return MethodHandles.collectArguments(result.layout().setter(), 2, f).asType(UNARY_STEP);
  }

  /** {@code out[o] = f(a[ia], b[ib])}, as {@code (Object out, int o, Object a, int ia, Object b, int ib) -> void}. */
  private static MethodHandle binaryStep(Method overload, DType operand, DType result) {
    MethodHandle f = MethodHandles.collectArguments(unreflect(overload), 0, operand.layout().getter());
    f = MethodHandles.collectArguments(f, 2, operand.layout().getter());
    return MethodHandles.collectArguments(result.layout().setter(), 2, f).asType(BINARY_STEP);
  }

  private static MethodHandle unreflect(Method m) {
    try {
      return MethodHandles.publicLookup().unreflect(m);
    } catch (IllegalAccessException e) {
      throw new IllegalStateException(m + " must be public", e);
    }
  }

  /** Scalar functions throw TF's run-time errors as unchecked exceptions; nothing else is expected. */
  private static RuntimeException rethrow(Throwable t) {
    if (t instanceof RuntimeException r) {
      return r;
    }
    if (t instanceof Error e) {
      throw e;
    }
    return new IllegalStateException(t);
  }

  /**
   * For each result element, the element of {@code t} it reads; null when {@code t} has the
   * result's shape (identity). A single element is read through an index of zeros, which is
   * cached per size-class (it is never written).
   */
  private static int[] readIndex(Tensor t, int[] outShape, int count) {
    if (Arrays.equals(t.shape(), outShape)) {
      return null;
    }
    if (t.size() == 1) {
      return zeros(count);
    }
    return Broadcast.gatherIndex(outShape, Broadcast.strides(t.shape(), outShape), count);
  }

  private static volatile int[] zeros = new int[0];

  private static int[] zeros(int count) {
    int[] z = zeros;
    if (z.length < count) {
      z = new int[Math.max(count, 2 * z.length)];
      zeros = z;
    }
    return z;
  }
}
