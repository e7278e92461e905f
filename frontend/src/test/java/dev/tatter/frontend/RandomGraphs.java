package dev.tatter.frontend;

import com.google.common.collect.ImmutableList;
import dev.tatter.ir.AttrKind;
import dev.tatter.ir.AttrSpec;
import dev.tatter.ir.Graph;
import dev.tatter.ir.GraphBuildException;
import dev.tatter.ir.Lowering;
import dev.tatter.ir.Node;
import dev.tatter.ir.OpDef;
import dev.tatter.ir.SourceLocation;
import dev.tatter.ir.ops.CoreOps;
import dev.tatter.ir.ops.OpRegistry;
import dev.tatter.ir.types.DenseType;
import dev.tatter.ir.types.Dims;
import dev.tatter.ir.types.PartitionType;
import dev.tatter.ir.types.RaggedType;
import dev.tatter.ir.types.Type;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.Tensor;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Function;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;

/**
 * Random well-typed graphs over every op in the registry, for property tests (text round trip,
 * interpreter against bytecode, passes preserving results).
 *
 * <p>The generator knows no op by default: it picks an op from {@link OpRegistry#ALL}, operands
 * from the values built so far and attributes by their {@link AttrKind}, and keeps the node
 * only if the op's own type rule accepts it. A new op is therefore covered the moment it is
 * registered. Ops whose operands are rarely well-typed by chance (or whose attributes need a
 * particular form) get an {@link OpStrategy} in {@link #STRATEGIES}, which builds their operands
 * on purpose.
 *
 * <p>With {@code runnable} set, graphs hold no placeholders and their constants are valid
 * (row splits start at 0 and never decrease), so they run without feeds; a run may still fail
 * at run time (two partitions that differ), which both backends must then report alike.
 */
public final class RandomGraphs {
  private RandomGraphs() {}

  /** Builds one node of an op on purpose: adds whatever helper nodes it needs, returns the node or null. */
  public interface OpStrategy {
    Node tryAdd(Generation gen, OpDef op);
  }

  /**
   * Op-specific strategies by mnemonic; ops not listed here are built by the generic strategy.
   * A new op that the generic strategy rarely types well (the coverage test says which) gets an
   * entry here.
   */
  public static final Map<String, OpStrategy> STRATEGIES = Map.ofEntries(
      Map.entry("placeholder", (gen, op) -> gen.runnable ? null : gen.add(op, List.of(), Map.of(), gen.freshName(), gen.randomType())),
      Map.entry("constant", (gen, op) -> gen.add(op, List.of(), Map.of("value", gen.randomTensor()), gen.maybeName(), null)),
      Map.entry("partition_from_row_splits", (gen, op) -> gen.add(op, List.of(gen.rowSplitsConstant()),
          Map.of("validate", gen.random.nextBoolean()), gen.maybeName(), null)),
      Map.entry("to_tensor", (gen, op) -> {
        Node rt = gen.pick(n -> n.type() instanceof RaggedType);
        if (rt == null) {
          return null;
        }
        Node dflt = gen.constant(gen.randomTensor(rt.type().dtype(), new int[0]));
        return dflt == null ? null : gen.add(op, List.of(rt, dflt), Map.of(), gen.maybeName(), null);
      }),
      // the fuse pass's op: a small expression over one numeric dense value
      Map.entry("fused", (gen, op) -> {
        Node x = gen.pick(n -> n.type() instanceof DenseType d && d.dtype().isNumeric());
        return x == null ? null
            : gen.add(op, List.of(x, x), Map.of("expr", "add($0, $1); mul(#0, $0)"), gen.maybeName(), null);
      }),
      // a dense layer: [m, k] x [k, n] + bias [n], then one of the activations the fuse pass absorbs
      Map.entry("fused_matmul", (gen, op) -> {
        DType dtype = gen.random.nextBoolean() ? DType.FLOAT32 : DType.FLOAT64;
        int m = gen.random.nextInt(4);
        int k = gen.random.nextInt(4);
        int n = gen.random.nextInt(10);
        Node a = gen.constant(gen.randomTensor(dtype, new int[] {m, k}));
        Node b = gen.constant(gen.randomTensor(dtype, new int[] {k, n}));
        Node bias = gen.constant(gen.randomTensor(dtype, new int[] {n}));
        String[] activations = {"", "relu", "relu6", "elu", "selu", "leaky_relu", "sigmoid", "tanh"};
        return a == null || b == null || bias == null ? null : gen.add(op, List.of(a, b, bias),
            Map.of("activation", activations[gen.random.nextInt(activations.length)], "alpha", 0.25), gen.maybeName(), null);
      }),
      // targets (some out of range) and float32 predictions with one row per target
      Map.entry("in_top_k", (gen, op) -> {
        int batch = gen.random.nextInt(4);
        int classes = 1 + gen.random.nextInt(4);
        int[] targets = new int[batch];
        for (int i = 0; i < batch; i++) {
          targets[i] = gen.random.nextInt(classes + 1);
        }
        Node t = gen.constant(Tensor.of(DType.INT32, targets, batch));
        Node p = gen.constant(gen.randomTensor(DType.FLOAT32, new int[] {batch, classes}));
        return p == null ? null : gen.add(op, List.of(t, p), Map.of("k", (long) gen.random.nextInt(classes + 1)),
            gen.maybeName(), null);
      }),
      // row reductions of bool values: values as long as the partition covers
      Map.entry("row_boolean_mask", (gen, op) -> {
        // values and a mask with one element per value of a partition (some rows empty)
        Node splits = gen.rowSplitsConstant();
        long[] s = splitsOf(splits);
        int nvals = (int) s[s.length - 1];
        Node values = gen.constant(gen.randomTensor(gen.randomDType(), new int[] {nvals}));
        Node mask = gen.constant(gen.randomTensor(DType.BOOL, new int[] {nvals}));
        Node p = gen.add(lookup("partition_from_row_splits"), List.of(splits), Map.of(), null, null);
        return p == null ? null : gen.add(op, List.of(values, mask, p), Map.of(), gen.maybeName(), null);
      }),
      Map.entry("row_all", (gen, op) -> rowOp(gen, op, DType.BOOL)),
      // float values as long as the partition covers (the generic strategy rarely draws both)
      Map.entry("row_softmax", (gen, op) -> rowOp(gen, op, gen.random.nextBoolean() ? DType.FLOAT32 : DType.FLOAT64)),
      Map.entry("row_log_softmax", (gen, op) -> rowOp(gen, op, DType.FLOAT64)),
      Map.entry("row_any", (gen, op) -> rowOp(gen, op, DType.BOOL)),
      Map.entry("row_gather", (gen, op) -> {
        Node splits = gen.rowSplitsConstant();
        long[] s = splitsOf(splits);
        Node params = gen.constant(gen.randomTensor(gen.randomDType(), new int[] {s.length - 1, 1 + gen.random.nextInt(2)}));
        Node p = gen.add(lookup("partition_from_row_splits"), List.of(splits), Map.of(), null, null);
        return p == null ? null : gen.add(op, List.of(params, p), Map.of(), gen.maybeName(), null);
      }),
      Map.entry("gather_nd", (gen, op) -> {
        // params [2, 3] and in-range index tuples of length 0..2
        Node params = gen.constant(gen.randomTensor(gen.randomDType(), new int[] {2, 3}));
        int tuples = gen.random.nextInt(3);
        int m = gen.random.nextInt(3);
        int[] ids = new int[tuples * m];
        for (int i = 0; i < ids.length; i++) {
          ids[i] = gen.random.nextInt(i % m == 0 ? 2 : 3);
        }
        Node indices = gen.constant(Tensor.of(DType.INT32, ids, tuples, m));
        return gen.add(op, List.of(params, indices), Map.of(), gen.maybeName(), null);
      }),
      Map.entry("gather_nd_positions", (gen, op) -> {
        // ragged params [rows, (None)] and index tuples of length 1 or 2 inside their rows
        Node splits = gen.rowSplitsConstant();
        long[] s = splitsOf(splits);
        Node values = gen.constant(gen.randomTensor(gen.randomDType(), new int[] {(int) s[s.length - 1]}));
        Node p = gen.add(lookup("partition_from_row_splits"), List.of(splits), Map.of(), null, null);
        Node rt = p == null ? null : gen.add(lookup("ragged"), List.of(values, p), Map.of(), null, null);
        if (rt == null || s.length < 2) {
          return null;
        }
        int m = 1 + gen.random.nextInt(2);
        List<Integer> ids = new java.util.ArrayList<>();
        int tuples = gen.random.nextInt(4);
        for (int t = 0; t < tuples; t++) {
          int row = gen.random.nextInt(s.length - 1);
          int length = (int) (s[row + 1] - s[row]);
          if (m == 2 && length == 0) {
            continue;
          }
          ids.add(row);
          if (m == 2) {
            ids.add(gen.random.nextInt(length));
          }
        }
        int[] flat = ids.stream().mapToInt(Integer::intValue).toArray();
        Node indices = gen.constant(Tensor.of(DType.INT32, flat, flat.length / m, m));
        return gen.add(op, List.of(rt, indices), Map.of(), gen.maybeName(), null);
      }),
      Map.entry("dynamic_partition", (gen, op) -> {
        int n = gen.random.nextInt(4);
        int partitions = 1 + gen.random.nextInt(3);
        int[] p = new int[n];
        for (int i = 0; i < n; i++) {
          p[i] = gen.random.nextInt(partitions);
        }
        Node data = gen.constant(gen.randomTensor(gen.randomDType(), new int[] {n}));
        Node ps = gen.constant(Tensor.of(DType.INT32, p, n));
        return gen.add(op, List.of(data, ps), Map.of("num_partitions", (long) partitions,
            "index", (long) gen.random.nextInt(partitions)), gen.maybeName(), null);
      }),
      Map.entry("from_tensor_padding", (gen, op) -> {
        DType dtype = gen.randomDType();
        Node tensor = gen.constant(gen.randomTensor(dtype, new int[] {gen.random.nextInt(3), 1 + gen.random.nextInt(3)}));
        Node padding = gen.constant(gen.randomTensor(dtype, new int[0]));
        return gen.add(op, List.of(tensor, padding), Map.of(), gen.maybeName(), null);
      }),
      Map.entry("sparse_tensor", SparseOpStrategies::sparseTensor),
      Map.entry("sparse_retain", SparseOpStrategies::retain),
      Map.entry("sparse_to_dense", SparseOpStrategies::withDefault),
      // the parts of complex values: the generic strategy rarely finds a complex operand
      Map.entry("real", RandomGraphs::ofComplex),
      Map.entry("imag", RandomGraphs::ofComplex),
      Map.entry("angle", RandomGraphs::ofComplex),
      Map.entry("conj", RandomGraphs::ofComplex),
      // mean and sqrt_n take floating data only, which the generic strategy rarely picks with int ids
      Map.entry("unsorted_segment_mean", RandomGraphs::floatSegments),
      // drawn too rarely by the generic strategy once the registry grew past ~420 ops (float data only)
      Map.entry("sparse_segment_mean", RandomGraphs::sparseSegments),
      Map.entry("unsorted_segment_sqrt_n", RandomGraphs::floatSegments),
      // the others are drawn too rarely by the generic strategy since the registry grew (complex dtypes, ~300 ops)
      Map.entry("unsorted_segment_prod", RandomGraphs::floatSegments),
      Map.entry("unsorted_segment_sum", RandomGraphs::floatSegments),
      Map.entry("unsorted_segment_min", RandomGraphs::floatSegments),
      Map.entry("unsorted_segment_max", RandomGraphs::floatSegments),
      Map.entry("partition_from_uniform_row_length", (gen, op) -> {
        long length = gen.random.nextInt(3);
        long nrows = gen.random.nextInt(4);
        return gen.add(op, List.of(gen.constant(Tensor.scalar(DType.INT64, length)),
            gen.constant(Tensor.scalar(DType.INT64, length * nrows)), gen.constant(Tensor.scalar(DType.INT64, nrows))),
            Map.of(), gen.maybeName(), null);
      }),
      // drawn too rarely by the generic strategy once the registry grew past ~270 ops
      Map.entry("sparse_fill_empty_rows", SparseOpStrategies::withDefault),
      Map.entry("sparse_dense_mul", SparseOpStrategies::timesOrByDense),
      Map.entry("sparse_dense_div", SparseOpStrategies::timesOrByDense),
      Map.entry("sparse_dense_matmul", SparseOpStrategies::denseMatmul),
      Map.entry("partition_from_value_rowids", (gen, op) -> {
        // sorted row ids below nrows (some rows empty, trailing ones too)
        int nrows = 1 + gen.random.nextInt(4);
        long[] rowids = gen.random.longs(gen.random.nextInt(5), 0, nrows).sorted().toArray();
        Node ids = gen.constant(Tensor.ofLongs(rowids));
        Node n = gen.constant(Tensor.scalar(DType.INT64, (long) nrows));
        return gen.add(op, List.of(ids, n), Map.of(), gen.maybeName(), null);
      }),
      Map.entry("sparse_dense_add", SparseOpStrategies::denseAdd),
      Map.entry("sparse_split", SparseOpStrategies::split),
      Map.entry("sparse_slice", SparseOpStrategies::slice),
      Map.entry("sparse_set_shape", SparseOpStrategies::setShape),
      Map.entry("sparse_reset_shape_to", SparseOpStrategies::resetShapeTo),
      // text ops and lookup tables
      Map.entry("string_ngrams", TextOpStrategies::ngrams),
      Map.entry("hash_table_lookup", TextOpStrategies::lookup),
      Map.entry("vocab_table_lookup", TextOpStrategies::lookup),
      Map.entry("string_split_lookup", TextOpStrategies::splitLookup),
      Map.entry("string_split_vocab_lookup", TextOpStrategies::splitLookup),
      Map.entry("split_merge_tokenize", TextSplitOpStrategies::splitMerge),
      Map.entry("find_source_offsets", TextSplitOpStrategies::findSourceOffsets),
      Map.entry("wordpiece_tokenize", TokenizerOpStrategies::wordpiece),
      Map.entry("wordpiece_token_starts", TokenizerOpStrategies::wordpiece),
      Map.entry("wordpiece_token_limits", TokenizerOpStrategies::wordpiece),
      Map.entry("bert_tokenize", TokenizerOpStrategies::wordpiece),
      Map.entry("bert_token_starts", TokenizerOpStrategies::wordpiece),
      Map.entry("bert_token_limits", TokenizerOpStrategies::wordpiece),
      Map.entry("fast_wordpiece_tokenize", TokenizerOpStrategies::fastWordpiece),
      Map.entry("fast_wordpiece_token_starts", TokenizerOpStrategies::fastWordpiece),
      Map.entry("fast_wordpiece_token_limits", TokenizerOpStrategies::fastWordpiece),
      Map.entry("fast_wordpiece_detokenize", TokenizerOpStrategies::fastDetokenize),
      Map.entry("sentencepiece_model", SentencepieceOpStrategies::model),
      Map.entry("sentencepiece_tokenize", SentencepieceOpStrategies::op),
      Map.entry("sentencepiece_offsets", SentencepieceOpStrategies::op),
      Map.entry("sentencepiece_detokenize", SentencepieceOpStrategies::op),
      Map.entry("sentencepiece_vocab_size", SentencepieceOpStrategies::op),
      Map.entry("sentencepiece_id_to_string", SentencepieceOpStrategies::op),
      Map.entry("sentencepiece_string_to_id", SentencepieceOpStrategies::op),
      Map.entry("substr", FormatOpStrategies::substr),
      Map.entry("string_to_number", FormatOpStrategies::toNumber),
      Map.entry("as_string", FormatOpStrategies::asString),
      Map.entry("string_join", FormatOpStrategies::join),
      Map.entry("reduce_join", FormatOpStrategies::reduceJoin),
      Map.entry("string_format", FormatOpStrategies::stringFormat),
      Map.entry("sparse_softmax", FormatOpStrategies::sparseSoftmax),
      Map.entry("sparse_to_indicator", FormatOpStrategies::sparseToIndicator),
      Map.entry("sparse_bincount", FormatOpStrategies::sparseBincount),
      Map.entry("dense_count_sparse_output", SparseCountOpStrategies::denseCount),
      Map.entry("ragged_count_sparse_output", SparseCountOpStrategies::raggedCount),
      Map.entry("assert_compare", GapOpStrategies::assertCompare),
      Map.entry("sparse_slice_dynamic", GapOpStrategies::sliceDynamic),
      Map.entry("unsorted_segment_join", GapOpStrategies::segmentJoin));


  /** Float data reduced by ids in [-1, 3) (a -1 drops its row) into 3 segments. */
  private static Node ofComplex(Generation gen, OpDef op) {
    Node z = gen.pick(n -> n.type() instanceof DenseType t && t.dtype().isComplex());
    if (z == null) {
      z = gen.constant(gen.randomTensor(gen.random.nextBoolean() ? DType.COMPLEX64 : DType.COMPLEX128,
          new int[] {gen.random.nextInt(4)}));
    }
    return gen.add(op, List.of(z), Map.of(), gen.maybeName(), null);
  }

  /** Float rows [n, 2], row indices in [0, n) and sorted segment ids in [0, 3). */
  private static Node sparseSegments(Generation gen, OpDef op) {
    int n = 1 + gen.random.nextInt(4);
    int k = gen.random.nextInt(5);
    int[] indices = gen.random.ints(k, 0, n).toArray();
    int[] segments = gen.random.ints(k, 0, 3).sorted().toArray();
    Node data = gen.constant(gen.randomTensor(gen.random.nextBoolean() ? DType.FLOAT32 : DType.FLOAT64, new int[] {n, 2}));
    return gen.add(op, List.of(data, gen.constant(Tensor.ofInts(indices)), gen.constant(Tensor.ofInts(segments))), Map.of(),
        gen.maybeName(), null);
  }

  private static Node floatSegments(Generation gen, OpDef op) {
    int n = gen.random.nextInt(5);
    int[] ids = new int[n];
    for (int i = 0; i < n; i++) {
      ids[i] = gen.random.nextInt(4) - 1;
    }
    Node data = gen.constant(gen.randomTensor(gen.random.nextBoolean() ? DType.FLOAT32 : DType.FLOAT64, new int[] {n}));
    Node segmentIds = gen.constant(Tensor.ofInts(ids));
    Node count = gen.constant(Tensor.scalar(DType.INT32, 3));
    return gen.add(op, List.of(data, segmentIds, count), Map.of(), gen.maybeName(), null);
  }

  /** {@code op(values, partition)}: values of {@code dtype}, as many as a random partition covers. */
  private static Node rowOp(Generation gen, OpDef op, DType dtype) {
    Node splits = gen.rowSplitsConstant();
    long[] s = splitsOf(splits);
    Node values = gen.constant(gen.randomTensor(dtype, new int[] {(int) s[s.length - 1]}));
    Node p = gen.add(lookup("partition_from_row_splits"), List.of(splits), Map.of(), null, null);
    return p == null ? null : gen.add(op, List.of(values, p), Map.of(), gen.maybeName(), null);
  }

  private static long[] splitsOf(Node rowSplitsConstant) {
    Tensor t = rowSplitsConstant.attributes().getTensor("value");
    long[] out = new long[t.size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = t.getLong(i);
    }
    return out;
  }

  /** Random graphs of at most {@code maxNodes} nodes (with placeholders, for text and type properties). */
  public static Arbitrary<Graph> graphs(int maxNodes) {
    return Arbitraries.randomValue(random -> generate(random, maxNodes, false));
  }

  /** Random graphs that run without feeds (constants only). */
  public static Arbitrary<Graph> runnableGraphs(int maxNodes) {
    return Arbitraries.randomValue(random -> generate(random, maxNodes, true));
  }

  public static Graph generate(Random random, int maxNodes, boolean runnable) {
    Generation gen = new Generation(random, runnable);
    // a few inputs of the kinds most ops take, so that early ops have operands to choose from
    for (int i = 0; i < 2; i++) {
      STRATEGIES.get(runnable ? "partition_from_row_splits" : "placeholder").tryAdd(gen, lookup("placeholder"));
    }
    gen.add(CoreOps.CONSTANT, List.of(), Map.of("value", gen.randomTensor()), null, null);
    for (int attempt = 0; attempt < maxNodes * 40 && gen.builder.size() < maxNodes; attempt++) {
      OpDef op = OpRegistry.ALL.get(random.nextInt(OpRegistry.ALL.size()));
      OpStrategy strategy = STRATEGIES.getOrDefault(op.mnemonic(), Generation::generic);
      strategy.tryAdd(gen, op);
    }
    Graph graph = gen.builder.build();
    List<Node> outputs = new ArrayList<>();
    for (int i = 1 + random.nextInt(3); i > 0; i--) {
      outputs.add(graph.nodes().get(graph.size() - 1 - random.nextInt(Math.min(graph.size(), 4))));
    }
    return graph.withOutputs(outputs);
  }

  static OpDef lookup(String mnemonic) {
    return OpRegistry.lookup(mnemonic).orElseThrow();
  }

  /** One graph under construction, with the random source and helpers for strategies. */
  public static final class Generation {
    private static final List<DType> DTYPES = List.of(DType.FLOAT32, DType.FLOAT32, DType.INT64, DType.INT64,
        DType.INT32, DType.FLOAT64, DType.INT8, DType.INT16, DType.BOOL, DType.STRING,
        DType.UINT8, DType.UINT16, DType.UINT32, DType.UINT64, DType.FLOAT16, DType.BFLOAT16,
        DType.COMPLEX64, DType.COMPLEX128);
    final Random random;
    final boolean runnable;
    final Graph.Builder builder = Graph.builder();
    private final List<Node> pool = new ArrayList<>();
    private int names;

    Generation(Random random, boolean runnable) {
      this.random = random;
      this.runnable = runnable;
    }

    /** Adds a node, or returns null if the op's type rule refuses it. */
    public Node add(OpDef op, List<Node> inputs, Map<String, ?> attrs, String name, Type declared) {
      try {
        Node node = builder.add(op, inputs, attrs, name, new SourceLocation("random.tat", builder.size() + 1, 1), declared);
        pool.add(node);
        return node;
      } catch (GraphBuildException e) {
        return null;
      }
    }

    /** Any op: random operands from the values so far, random attributes of the declared kinds. */
    public Node generic(OpDef op) {
      if (op.lowering() instanceof Lowering.Feed || pool.isEmpty()) {
        return null;
      }
      int arity = op.operandNames().size() + (op.isVariadic() ? random.nextInt(3) - 1 : 0);
      List<Node> inputs = new ArrayList<>();
      for (int i = 0; i < arity; i++) {
        inputs.add(pick(n -> true));
      }
      Map<String, Object> attrs = new LinkedHashMap<>();
      for (AttrSpec spec : op.attributes()) {
        if (spec.defaultValue() == null || random.nextBoolean()) {
          attrs.put(spec.name(), randomAttribute(spec.kind()));
        }
      }
      return add(op, inputs, attrs, maybeName(), null);
    }

    /** A value from the pool matching {@code filter}, recent ones more often; null if none. */
    public Node pick(java.util.function.Predicate<Node> filter) {
      List<Node> fitting = pool.stream().filter(filter).toList();
      if (fitting.isEmpty()) {
        return null;
      }
      int n = fitting.size();
      int i = random.nextInt(3) == 0 ? random.nextInt(n) : n - 1 - random.nextInt(Math.min(n, 3));
      return fitting.get(i);
    }

    public Object randomAttribute(AttrKind kind) {
      return switch (kind) {
        case BOOL -> random.nextBoolean();
        case INT -> (long) random.nextInt(5) - 1;
        case FLOAT -> List.of(0.0, -0.0, 1.5, Double.NaN, Double.NEGATIVE_INFINITY).get(random.nextInt(5));
        case STRING -> List.of("", "a b", "q\"\\\n").get(random.nextInt(3));
        case DTYPE -> randomDType();
        case TENSOR -> randomTensor();
        case INTS -> ImmutableList.copyOf(List.of(0L, 1L, -1L).subList(0, random.nextInt(4)));
        case RAGGED -> randomRagged();
      };
    }

    /** A small ragged int32 tensor with empty rows now and then. */
    public dev.tatter.runtime.RaggedTensor randomRagged() {
      int nrows = random.nextInt(4);
      long[] splits = new long[nrows + 1];
      for (int r = 1; r <= nrows; r++) {
        splits[r] = splits[r - 1] + random.nextInt(3);
      }
      int[] values = new int[(int) splits[nrows]];
      for (int i = 0; i < values.length; i++) {
        values[i] = random.nextInt(21) - 10;
      }
      return dev.tatter.runtime.RaggedTensor.of(dev.tatter.runtime.Tensor.ofInts(values),
          dev.tatter.runtime.RowPartition.fromRowSplits(splits, DType.INT64, true));
    }

    public DType randomDType() {
      return DTYPES.get(random.nextInt(DTYPES.size()));
    }

    /** Adds a constant node holding {@code value}. */
    public Node constant(Tensor value) {
      return add(CoreOps.CONSTANT, List.of(), Map.of("value", value), null, null);
    }

    /** A unique value name, so that named values appear in the text. */
    public String freshName() {
      return "v" + (names++);
    }

    /** A name one time in three, else null (a numbered value). */
    public String maybeName() {
      return random.nextInt(3) == 0 ? freshName() : null;
    }

    /** A small dense tensor of a random dtype and rank 0 to 2. */
    public Tensor randomTensor() {
      int rank = random.nextInt(3);
      int[] shape = new int[rank];
      for (int i = 0; i < rank; i++) {
        shape[i] = random.nextInt(4);
      }
      return randomTensor(randomDType(), shape);
    }

    public Tensor randomTensor(DType dtype, int[] shape) {
      int count = 1;
      for (int d : shape) {
        count *= d;
      }
      // the elements as stored: a primitive array, or for strings their bytes (a byte[][])
      Object array = dtype == DType.STRING ? new byte[count][]
          : java.lang.reflect.Array.newInstance(dtype.arrayClass().getComponentType(), count);
      for (int i = 0; i < count; i++) {
        Object element = switch (dtype) {
          case BOOL -> random.nextBoolean();
          case INT8 -> (byte) random.nextInt();
          case INT16 -> (short) random.nextInt();
          case INT32 -> random.nextInt(7) - 3;
          case INT64 -> random.nextInt(5) == 0 ? random.nextLong() : (long) random.nextInt(7) - 3;
          // unsigned: raw bits; small values and, one time in five, any bits (uint64 above 2^63)
          case UINT8 -> (byte) (random.nextInt(5) == 0 ? random.nextInt() : random.nextInt(7));
          case UINT16 -> (short) (random.nextInt(5) == 0 ? random.nextInt() : random.nextInt(7));
          case UINT32 -> random.nextInt(5) == 0 ? random.nextInt() : random.nextInt(7);
          case UINT64 -> random.nextInt(5) == 0 ? random.nextLong() : (long) random.nextInt(7);
          // 16-bit floats: raw bits, any pattern one time in five (NaN payloads, subnormals)
          case FLOAT16, BFLOAT16 -> random.nextInt(5) == 0 ? (short) random.nextInt()
              : dtype == DType.FLOAT16 ? dev.tatter.runtime.HalfFloats.floatToFloat16((random.nextInt(9) - 4) / 2f)
              : dev.tatter.runtime.HalfFloats.floatToBfloat16((random.nextInt(9) - 4) / 2f);
          case FLOAT32 -> random.nextInt(5) == 0 ? Float.intBitsToFloat(random.nextInt()) : (float) (random.nextInt(9) - 4) / 2;
          case FLOAT64 -> random.nextInt(5) == 0 ? Double.longBitsToDouble(random.nextLong()) : (double) (random.nextInt(9) - 4) / 4;
          // complex: small halves in each part and, one time in five, any bits (NaN, inf, subnormal parts)
          case COMPLEX64 -> random.nextInt(5) == 0
              ? new dev.tatter.runtime.Complex64(Float.intBitsToFloat(random.nextInt()), Float.intBitsToFloat(random.nextInt()))
              : new dev.tatter.runtime.Complex64((random.nextInt(9) - 4) / 2f, (random.nextInt(9) - 4) / 2f);
          case COMPLEX128 -> random.nextInt(5) == 0
              ? new dev.tatter.runtime.Complex128(Double.longBitsToDouble(random.nextLong()), Double.longBitsToDouble(random.nextLong()))
              : new dev.tatter.runtime.Complex128((random.nextInt(9) - 4) / 4.0, (random.nextInt(9) - 4) / 4.0);
          // strings: Java text as its UTF-8 bytes, and a byte that is not UTF-8
          case STRING -> List.of(new byte[0], bytes("a b"), bytes("\"\\"), bytes("日本"), new byte[] {0}, new byte[] {(byte) 0xff})
              .get(random.nextInt(6));
        };
        java.lang.reflect.Array.set(array, i, element);
      }
      return Tensor.of(dtype, array, shape);
    }

    private static byte[] bytes(String text) {
      return text.getBytes(java.nio.charset.StandardCharsets.UTF_8);
    }

    /** A constant of valid row splits: starts at 0, never decreases. */
    public Node rowSplitsConstant() {
      int n = 1 + random.nextInt(5);
      long[] splits = new long[n];
      for (int i = 1; i < n; i++) {
        splits[i] = splits[i - 1] + random.nextInt(3);
      }
      DType dtype = random.nextBoolean() ? DType.INT64 : DType.INT32;
      Tensor t = dtype == DType.INT64 ? Tensor.ofLongs(splits)
          : Tensor.ofInts(java.util.Arrays.stream(splits).mapToInt(x -> (int) x).toArray());
      return add(CoreOps.CONSTANT, List.of(), Map.of("value", t), null, null);
    }

    /** A random placeholder type: dense, ragged (ragged rank 1 or 2, maybe uniform inner) or partition. */
    public Type randomType() {
      Function<Integer, Long> size = k -> random.nextInt(3) == 0 ? (long) random.nextInt(k) : Dims.UNKNOWN;
      DType splits = random.nextInt(4) == 0 ? DType.INT32 : DType.INT64;
      return switch (random.nextInt(3)) {
        case 0 -> {
          List<Long> shape = new ArrayList<>();
          for (int i = random.nextInt(3); i > 0; i--) {
            shape.add(size.apply(4));
          }
          yield new DenseType(randomDType(), ImmutableList.copyOf(shape));
        }
        case 1 -> {
          List<PartitionType> ps = new ArrayList<>();
          int raggedRank = 1 + random.nextInt(2);
          for (int i = 0; i < raggedRank; i++) {
            long nrows = i == 0 ? size.apply(4) : Dims.UNKNOWN;
            ps.add(i > 0 && random.nextInt(3) == 0
                ? PartitionType.uniform(splits, nrows, Dims.UNKNOWN, size.apply(3))
                : PartitionType.ragged(splits, nrows, Dims.UNKNOWN));
          }
          if (ps.stream().allMatch(PartitionType::uniform)) {
            ps.set(0, PartitionType.ragged(splits, ps.get(0).nrows(), Dims.UNKNOWN));
          }
          List<Long> flat = new ArrayList<>(List.of(Dims.UNKNOWN));
          if (random.nextInt(3) == 0) {
            flat.add(size.apply(3));
          }
          yield RaggedType.of(randomDType(), ps, flat);
        }
        default -> random.nextBoolean()
            ? PartitionType.ragged(splits, size.apply(4), Dims.UNKNOWN)
            : PartitionType.uniform(splits, size.apply(4), Dims.UNKNOWN, size.apply(3));
      };
    }
  }
}
