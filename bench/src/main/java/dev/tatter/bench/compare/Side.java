package dev.tatter.bench.compare;

import java.io.IOException;
import java.lang.annotation.Annotation;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One build of Tatter ("before" or "after"), loaded from its shaded {@code benchmarks.jar} in a
 * class loader of its own.
 *
 * <p>The loader's parent is the platform loader, not the application loader, so every class the
 * build needs ({@code dev.tatter.*}, and also Guava, ASM and ANTLR) is defined from that jar:
 * the two builds share nothing but the JDK. The driver that holds the two sides never names a
 * Tatter class at compile time (its own jar also contains one build of Tatter, on the
 * application class path, which must stay unused); everything goes through method handles
 * looked up by name.
 */
final class Side implements AutoCloseable {
  /** A measured workload: which existing JMH state class, which of its @Benchmark methods. */
  record Workload(String name, String stateClass, String method, int callsPerSample) {
    /** W6 runs in about a microsecond, so one sample is a batch of calls, reported per call. */
    boolean perCall() {
      return callsPerSample > 1;
    }
  }

  /** W6 calls per sample: about a millisecond of work, far above the clocks' resolution. */
  static final int W6_BATCH = 2_000;

  static final List<Workload> WORKLOADS = List.of(
      new Workload("W1 fused (session run)", "dev.tatter.bench.W1ElementwiseBenchmark", "fusedSession", 1),
      new Workload("W3 fused (session run)", "dev.tatter.bench.W3RowReductionBenchmark", "fusedSession", 1),
      new Workload("to_tensor (session)", "dev.tatter.bench.ToTensorBenchmark", "session", 1),
      // no JMH state: the side-by-side graph from_row_splits(splits).value_rowids(), fed W4A_SPLITS
      new Workload("W4a value_rowids (session)", "dev.tatter.bench.sbs.TatterWorkloads", "valueRowids", 1),
      new Workload("W6 session overhead", "dev.tatter.bench.SessionOverheadBenchmark", "sessionRun", W6_BATCH));

  private static final MethodHandles.Lookup PUBLIC = MethodHandles.publicLookup();

  /** The side-by-side workloads' graphs (W4a is timed through them: it has no JMH state class). */
  static final String TATTER_WORKLOADS = "dev.tatter.bench.sbs.TatterWorkloads";

  /** W4a's feed, the same JDK array for both sides (nothing writes it): 1,000,000 rows over 8,000,000 values. */
  private static final long[] W4A_SPLITS = w4aSplits();

  private static long[] w4aSplits() {
    java.util.SplittableRandom random = new java.util.SplittableRandom(42);
    int rows = 1_000_000;
    long[] splits = new long[rows + 1];
    for (int r = 1; r < rows; r++) {
      splits[r] = Math.min(8_000_000, splits[r - 1] + random.nextInt(17));
    }
    splits[rows] = 8_000_000;
    return splits;
  }

  final String label;
  final Path jar;
  final String revision;
  private final URLClassLoader loader;
  /** For each workload, its benchmark method bound to a set-up state: type {@code ()Object}. */
  private final Map<Workload, MethodHandle> calls = new LinkedHashMap<>();

  Side(String label, Path jar, String revision) throws IOException {
    if (!Files.isRegularFile(jar)) {
      throw new IllegalArgumentException(label + " jar not found: " + jar);
    }
    this.label = label;
    this.jar = jar.toAbsolutePath();
    this.revision = revision;
    this.loader = new URLClassLoader(label, new URL[] {this.jar.toUri().toURL()}, ClassLoader.getPlatformClassLoader());
  }

  /**
   * Instantiates the workload's state class in this side's loader and runs its JMH {@code @Setup}
   * method, which builds the inputs, compiles the graph and checks the variants against each
   * other within this build. None of that is timed.
   */
  void setUp(Workload w) throws Throwable {
    Class<?> cls = Class.forName(w.stateClass(), true, loader);
    if (cls.getClassLoader() != loader) {
      // would mean the class came from a parent, and both sides would run the same code
      throw new IllegalStateException(w.stateClass() + " was not defined by the " + label + " loader");
    }
    if (w.stateClass().equals(TATTER_WORKLOADS)) {
      // Prepared.run(Map.of("splits", TatterWorkloads.longs(W4A_SPLITS))), bound to ()Object
      Object prepared = PUBLIC.findStatic(cls, w.method(), MethodType.methodType(Class.forName(TATTER_WORKLOADS + "$Prepared",
          true, loader))).invoke();
      Object feed = PUBLIC.findStatic(cls, "longs", MethodType.methodType(Class.forName("dev.tatter.runtime.Tensor", true,
          loader), long[].class)).invoke(W4A_SPLITS);
      MethodHandle run = PUBLIC.findVirtual(prepared.getClass(), "run", MethodType.methodType(Object.class, java.util.Map.class));
      calls.put(w, MethodHandles.insertArguments(run.bindTo(prepared), 0, java.util.Map.of("splits", feed)));
      return;
    }
    Object state = PUBLIC.findConstructor(cls, MethodType.methodType(void.class)).invoke();
    PUBLIC.unreflect(setupMethod(cls)).invoke(state);
    MethodHandle call = PUBLIC.findVirtual(cls, w.method(), MethodType.methodType(Object.class)).bindTo(state);
    calls.put(w, call);
  }

  /** The method JMH would call at setup: the one annotated {@code @Setup} (found by name, from this loader). */
  private static Method setupMethod(Class<?> cls) throws NoSuchMethodException {
    for (Method m : cls.getMethods()) {
      for (Annotation a : m.getAnnotations()) {
        if (a.annotationType().getName().equals("org.openjdk.jmh.annotations.Setup") && m.getParameterCount() == 0) {
          return m;
        }
      }
    }
    return cls.getMethod("setup");
  }

  /** The bound benchmark method, {@code ()Object}, for the timed loop. */
  MethodHandle call(Workload w) {
    return calls.get(w);
  }

  /** One untimed call, for the equality checks. */
  Object runOnce(Workload w) throws Throwable {
    return (Object) calls.get(w).invokeExact();
  }

  /**
   * {@code FusedSupport.PARALLEL_THRESHOLD} as this build read it, or a note when the build has
   * no such field (then nothing says whether its loops split across threads).
   */
  String parallelThreshold() {
    try {
      Class<?> support = Class.forName("dev.tatter.runtime.exec.FusedSupport", true, loader);
      return String.valueOf((int) PUBLIC.findStaticGetter(support, "PARALLEL_THRESHOLD", int.class).invoke());
    } catch (Throwable e) {
      return "n/a (" + e.getClass().getSimpleName() + ")";
    }
  }

  // ---------------------------------------------------------------- results, compared across loaders

  /**
   * A loader-neutral copy of a result, so that the two sides' results can be compared: the two
   * builds' {@code Tensor} classes are different classes, so {@code equals} between them is
   * always false, and {@code hashCode} mixes in {@code DType.hashCode()}, an enum's identity
   * hash, which differs between loaders. Instead a tensor becomes {@code {"Tensor", dtype name,
   * int[] shape, primitive data array}} and a ragged tensor {@code {"RaggedTensor", splits dtype,
   * long[] row splits, its values}}, all JDK types; {@link #sameResult} then compares them with
   * {@link java.util.Arrays#deepEquals}, element by element ({@code Arrays.equals} on
   * {@code float[]} compares bit patterns, NaNs aside). Anything else falls back to its
   * {@code toString()} (full contents, TF's print format), and the report says so.
   */
  static Object canonical(Object result) throws Throwable {
    if (result == null || result.getClass().isArray() || result instanceof String || result instanceof Number) {
      return result;
    }
    String name = result.getClass().getName();
    if (name.equals("dev.tatter.runtime.Tensor")) {
      return new Object[] {"Tensor", String.valueOf(get(result, "dtype")), get(result, "shape"), get(result, "data")};
    }
    if (name.equals("dev.tatter.runtime.RaggedTensor")) {
      Object partition = get(result, "partition");
      return new Object[] {"RaggedTensor", String.valueOf(get(partition, "splitsDType")), get(partition, "rowSplitsArray"),
          canonical(get(result, "values"))};
    }
    if (result instanceof List<?> list) {
      List<Object> out = new ArrayList<>();
      for (Object o : list) {
        out.add(canonical(o));
      }
      return out.toArray();
    }
    return new Object[] {"toString", name, result.toString()};
  }

  /** Calls a public no-argument method by name (outside any timed region). */
  private static Object get(Object target, String method) throws Throwable {
    return PUBLIC.unreflect(target.getClass().getMethod(method)).invoke(target);
  }

  static boolean sameResult(Object canonicalA, Object canonicalB) {
    return java.util.Arrays.deepEquals(new Object[] {canonicalA}, new Object[] {canonicalB});
  }

  /** A one-line description of a canonical result, for the report: kind, dtype, sizes. */
  static String describe(Object canonical) {
    if (canonical instanceof Object[] parts && parts.length > 0) {
      switch (String.valueOf(parts[0])) {
        case "Tensor":
          return parts[1] + " tensor " + java.util.Arrays.toString((int[]) parts[2]);
        case "RaggedTensor":
          return "ragged (" + (java.lang.reflect.Array.getLength(parts[2]) - 1) + " rows) of " + describe(parts[3]);
        case "toString":
          return parts[1] + " compared by toString()";
        default:
          return "list of " + parts.length;
      }
    }
    return String.valueOf(canonical);
  }

  @Override
  public void close() throws IOException {
    calls.clear();
    loader.close();
  }
}
