package dev.tatter.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.frontend.GraphBuilder;
import dev.tatter.frontend.Types;
import dev.tatter.frontend.Value;
import dev.tatter.ir.text.GraphParser;
import dev.tatter.ir.text.GraphPrinter;
import dev.tatter.runtime.DType;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.spark.ml.param.ParamMap;
import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.Test;

/** transformSchema alone (no Spark job): the column types it derives and every refusal, by its message. */
class GraphBindingTest {
  static final DataType FLOATS = DataTypes.createArrayType(DataTypes.FloatType);
  static final StructType X = new StructType().add("x", FLOATS, true);

  static String refusal(TatterTransformer stage, StructType schema) {
    return assertThrows(IllegalArgumentException.class, () -> stage.transformSchema(schema)).getMessage();
  }

  static TatterTransformer stage(String graph, Map<String, String> inputs, Map<String, String> outputs) {
    return new TatterTransformer().setGraph(graph).setInputs(inputs).setOutputs(outputs);
  }

  static void assertContains(String expected, String message) {
    assertTrue(message.contains(expected), message);
  }

  @Test
  void columnTypesFollowTheStaticTypes() {
    GraphBuilder g = new GraphBuilder();
    Value chars = g.placeholder("chars", Types.ragged(DType.INT32, 2));
    Value words = chars.rowLengths().named("words");
    Value padded = chars.toTensor(0).named("padded");
    Value cube = g.placeholder("cube", GraphParser.parseType("ragged<float64>[None, (None), 2]"));
    String graph = GraphPrinter.print(g.build(words, padded, cube));
    Map<String, String> outputs = new LinkedHashMap<>();
    outputs.put("words", "w");
    outputs.put("padded", "p");
    outputs.put("chars", "c");
    outputs.put("cube", "q");
    Map<String, String> inputs = new LinkedHashMap<>();
    inputs.put("chars", "chars");
    inputs.put("cube", "cube");
    StructType in = new StructType()
        .add("chars", DataTypes.createArrayType(DataTypes.createArrayType(DataTypes.IntegerType)))
        .add("cube", DataTypes.createArrayType(DataTypes.createArrayType(DataTypes.DoubleType)));
    StructType out = stage(graph, inputs, outputs).transformSchema(in);
    assertEquals("struct<chars:array<array<int>>,cube:array<array<double>>,w:bigint,p:array<array<int>>,"
        + "c:array<array<int>>,q:array<array<double>>>", out.simpleString());
    assertEquals(new ArrayType(new ArrayType(DataTypes.IntegerType, false), false), out.apply("p").dataType());
    assertTrue(!out.apply("w").nullable());
  }

  @Test
  void aColumnOfAnotherTypeIsRefusedNamingBoth() {
    StructType ints = new StructType().add("x", DataTypes.createArrayType(DataTypes.IntegerType));
    assertContains("spark: column x is array<int> but placeholder %x is ragged<float32>[None, (None)], which reads array<float>",
        refusal(stage(Workloads.W1, Map.of("x", "x"), Map.of("y", "y")), ints));
    StructType nested = new StructType().add("x", DataTypes.createArrayType(FLOATS));
    assertContains("spark: column x is array<array<float>> but placeholder %x is ragged<float32>[None, (None)]",
        refusal(stage(Workloads.W1, Map.of("x", "x"), Map.of("y", "y")), nested));
  }

  @Test
  void namesThatDoNotResolveAreRefused() {
    assertContains("spark: no column tokens in the DataFrame; its columns: [x]",
        refusal(stage(Workloads.W1, Map.of("tokens", "x"), Map.of("y", "y")), X));
    assertContains("spark: column x is mapped to placeholder %z, which the graph does not have; its placeholders: [x]",
        refusal(stage(Workloads.W1, Map.of("x", "z"), Map.of("y", "y")), X));
    assertContains("spark: no value named %nope in the graph (fetches are value names, without the %)",
        refusal(stage(Workloads.W1, Map.of("x", "x"), Map.of("nope", "y")), X));
    assertContains("spark: output column x already exists",
        refusal(stage(Workloads.W1, Map.of("x", "x"), Map.of("y", "x")), X));
    assertContains("spark: no outputs (set at least one fetched value and its column)",
        refusal(stage(Workloads.W1, Map.of("x", "x"), Map.of()), X));
    assertContains("spark: placeholder %x is needed by the fetches but no column feeds it",
        refusal(stage(Workloads.W1, Map.of(), Map.of("y", "y")), X));
    assertContains("spark: no graph set (setGraph)", refusal(new TatterTransformer(), X));
    StructType two = new StructType().add("x", FLOATS).add("z", FLOATS);
    Map<String, String> both = new LinkedHashMap<>();
    both.put("x", "x");
    both.put("z", "x");
    assertContains("spark: placeholder %x is fed by two columns", refusal(stage(Workloads.W1, both, Map.of("y", "y")), two));
    TatterTransformer unpaired = stage(Workloads.W1, Map.of("x", "x"), Map.of("y", "y"));
    unpaired = unpaired.copy(new ParamMap().put(unpaired.placeholders(), new String[0]));
    assertContains("spark: 1 input columns but 0 placeholders (each input column names one placeholder)", refusal(unpaired, X));
  }

  @Test
  void valuesWithoutAColumnTypeAreRefused() {
    String graph = """
        %x = placeholder() : ragged<float32>[None, (None)]
        %n = placeholder() : tensor<int32>[4]
        %u = placeholder() : tensor<uint8>[None]
        %total = reduce_sum(%x) {axis = [0, 1]} : tensor<float32>[]
        return %total
        """;
    assertContains("spark: fetch %total has type tensor<float32>[], which has no row per DataFrame row",
        refusal(stage(graph, Map.of("x", "x"), Map.of("total", "t")), X));
    StructType n = new StructType().add("n", DataTypes.IntegerType);
    assertContains("spark: placeholder %n has type tensor<int32>[4], whose 4 rows fix the batch size",
        refusal(stage(graph, Map.of("n", "n"), Map.of("n", "m")), n));
    StructType u = new StructType().add("u", DataTypes.IntegerType);
    // uint8 is carried widened in smallint (Spark has no unsigned type), so an int column does not feed it
    assertContains("spark: column u is int but placeholder %u is tensor<uint8>[None], which reads smallint",
        refusal(stage(graph, Map.of("u", "u"), Map.of("u", "v")), u));
  }

  @Test
  void outputsInAMapWithoutAnOrderAreRefused_aListOrALinkedHashMapKeepsTheOrder() {
    String refusal = assertThrows(IllegalArgumentException.class,
        () -> new TatterTransformer().setOutputs(Map.of("y", "a", "x", "b"))).getMessage();
    assertContains("spark: setOutputs(Map) takes the new columns in the map's order, and a java.util.ImmutableCollections$MapN"
        + " has none (its order is its hashes'): give setOutputs(List.of(fetches), List.of(columns)) or a LinkedHashMap",
        refusal);
    String graph = """
        %x = placeholder() : ragged<float32>[None, (None)]
        %p = partition(%x) : partition<int64>[None, (None)]
        %n = row_lengths(%p) : tensor<int64>[None]
        %s = reduce_sum(%x) {axis = [1]} : tensor<float32>[None]
        return %n, %s
        """;
    TatterTransformer listed = new TatterTransformer().setGraph(graph).setInputs(Map.of("x", "x"))
        .setOutputs(java.util.List.of("x", "s", "n"), java.util.List.of("c", "a", "b"));
    assertEquals("struct<x:array<float>,c:array<float>,a:float,b:bigint>", listed.transformSchema(X).simpleString());
    Map<String, String> linked = new LinkedHashMap<>();
    linked.put("s", "z");
    linked.put("n", "y");
    assertEquals("struct<x:array<float>,z:float,y:bigint>",
        new TatterTransformer().setGraph(graph).setInputs(Map.of("x", "x")).setOutputs(linked).transformSchema(X)
            .simpleString());
    assertContains("spark: 2 fetches but 1 output columns", assertThrows(IllegalArgumentException.class,
        () -> listed.setOutputs(java.util.List.of("s", "n"), java.util.List.of("z"))).getMessage());
  }

  @Test
  void underPropagateTheColumnsThatDependOnAnInputAreNullable() {
    String graph = """
        %x = placeholder() : ragged<float32>[None, (None)]
        %p = partition(%x) : partition<int64>[None, (None)]
        %n = row_lengths(%p) : tensor<int64>[None]
        return %n
        """;
    for (NullPolicy policy : NullPolicy.values()) {
      StructType out = new TatterTransformer().setGraph(graph).setInputs(Map.of("x", "x"))
          .setOutputs(java.util.List.of("n"), java.util.List.of("n")).setNullPolicy(policy).transformSchema(X);
      assertEquals(policy == NullPolicy.PROPAGATE, out.apply("n").nullable(), policy.toString());
    }
  }

  @Test
  void paramsAreValidated() {
    assertThrows(IllegalArgumentException.class, () -> new TatterTransformer().setBatchSize(0));
    assertThrows(RuntimeException.class, () -> new TatterTransformer().setGraph("%x = nosuchop() : tensor<int32>[]"));
    assertEquals(1024, new TatterTransformer().getBatchSize());
    assertEquals(NullPolicy.ERROR, new TatterTransformer().getNullPolicy());
  }
}
