package dev.tatter.ir.ops;

import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableMap;
import com.google.common.collect.Maps;
import dev.tatter.ir.OpDef;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * Every op Tatter knows, by mnemonic. The parser looks ops up here, so the grammar never lists
 * op names. An op library is a class of {@code public static final OpDef} constants; the
 * registry finds each library's ops itself, in declaration order, so adding an op to a library
 * touches nothing else, and a test checks that every library in this package is listed here.
 */
public final class OpRegistry {
  /** The op libraries (an unmodifiable list), in the order {@code --help} and docs/OPS.md list them. */
  public static final List<Class<?>> LIBRARIES = ImmutableList.of(
      CoreOps.class,
      PartitionOps.class,
      PartitionEncodingOps.class,
      RaggedOps.class,
      RaggedShapeOps.class,
      ElementwiseOps.class,
      BitcastOps.class,
      ComparisonOps.class,
      TranscendentalOps.class,
      MathOps.class,
      ComplexOps.class,
      DivisionOps.class,
      BitwiseOps.class,
      RaggedBroadcastOps.class,
      ConversionOps.class,
      ReductionOps.class,
      RowReductionOps.class,
      RaggedConversionOps.class,
      SparseOps.class,
      SparseMatmulOps.class,
      SparseAddOps.class,
      SparseShapeOps.class,
      SparseReductionOps.class,
      SparseSelectOps.class,
      SparseSegmentOps.class,
      IndexingOps.class,
      RaggedConstantOps.class,
      ArrayOps.class,
      RaggedGatherOps.class,
      GatherNdOps.class,
      SelectionOps.class,
      RowSelectionOps.class,
      CombinationOps.class,
      ScanOps.class,
      SoftmaxOps.class,
      ReverseOps.class,
      SegmentOps.class,
      StringSplitOps.class,
      LookupOps.class,
      StringHashOps.class,
      UnicodeOps.class,
      StringElementwiseOps.class,
      StringFormatOps.class,
      StringPrintOps.class,
      SparseValueOps.class,
      FusedOps.class);

  /** Every op, library by library (an unmodifiable list). */
  public static final List<OpDef> ALL =
      LIBRARIES.stream().flatMap(library -> opsOf(library).stream()).collect(ImmutableList.toImmutableList());

  private static final ImmutableMap<String, OpDef> BY_MNEMONIC = Maps.uniqueIndex(ALL, OpDef::mnemonic);

  private OpRegistry() {}

  public static Optional<OpDef> lookup(String mnemonic) {
    return Optional.ofNullable(BY_MNEMONIC.get(mnemonic));
  }

  /** The {@code public static final OpDef} constants of {@code library}, in declaration order. */
  public static List<OpDef> opsOf(Class<?> library) {
    return Arrays.stream(library.getDeclaredFields())
        .filter(f -> f.getType() == OpDef.class && Modifier.isPublic(f.getModifiers())
            && Modifier.isStatic(f.getModifiers()) && Modifier.isFinal(f.getModifiers()))
        .map(OpRegistry::read)
        .collect(ImmutableList.toImmutableList());
  }

  private static OpDef read(Field f) {
    try {
      return (OpDef) f.get(null);
    } catch (IllegalAccessException e) {
      throw new IllegalStateException(f + " must be readable", e);
    }
  }
}
