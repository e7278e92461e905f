package dev.tatter.ir.ops;

import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableMap;
import com.google.common.collect.Maps;
import dev.tatter.ir.OpDef;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.AbstractList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.RandomAccess;

/**
 * Every op Tatter knows, by mnemonic. The parser looks ops up here, so the grammar never lists
 * op names. An op library is a class of {@code public static final OpDef} constants; the
 * registry finds each library's ops itself, in declaration order, so adding an op to a library
 * touches nothing else, and a test checks that every library in this package is listed here.
 *
 * <p>A lookup initializes only the library that declares the op, found in the {@link OpIndex} the
 * build derives from these same libraries: a short {@code tatter run} uses a handful of the
 * libraries, and building all of them was most of its start. {@link #ALL} builds every library on
 * its first use.
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
      ActivationOps.class,
      LinalgOps.class,
      ShapeOps.class,
      LayoutOps.class,
      RankingOps.class,
      EncodingOps.class,
      ReverseOps.class,
      SegmentOps.class,
      StringSplitOps.class,
      LookupOps.class,
      SplitLookupOps.class,
      StringHashOps.class,
      UnicodeOps.class,
      TextNormalizeOps.class,
      TextSplitOps.class,
      WordpieceOps.class,
      FastWordpieceOps.class,
      BertTokenizerOps.class,
      StringElementwiseOps.class,
      StringFormatOps.class,
      StringPrintOps.class,
      SparseValueOps.class,
      FeatureCrossOps.class,
      Base64Ops.class,
      StringSegmentOps.class,
      DebuggingOps.class,
      SparseDynamicShapeOps.class,
      SentencepieceOps.class,
      FusedOps.class);

  /** Every op, library by library (an unmodifiable list; its first use initializes every library). */
  public static final List<OpDef> ALL = new EveryOp();

  /** Mnemonic to declaring library, from the build's index (empty without it: then every lookup uses ALL). */
  private static final ImmutableMap<String, Class<?>> INDEX = OpIndex.fromResource().orElse(ImmutableMap.of());

  /** Each library's ops by mnemonic; a ClassValue, as one library's initializer may look up another's ops. */
  private static final ClassValue<ImmutableMap<String, OpDef>> BY_LIBRARY = new ClassValue<>() {
    @Override
    protected ImmutableMap<String, OpDef> computeValue(Class<?> library) {
      return Maps.uniqueIndex(opsOf(library), OpDef::mnemonic);
    }
  };

  private OpRegistry() {}

  public static Optional<OpDef> lookup(String mnemonic) {
    Class<?> library = INDEX.get(mnemonic);
    OpDef op = library == null ? null : BY_LIBRARY.get(library).get(mnemonic);
    // not indexed (an unknown mnemonic, or classes built without the index): the whole registry decides
    return op != null ? Optional.of(op) : Optional.ofNullable(Everything.BY_MNEMONIC.get(mnemonic));
  }

  /** Every library's ops, built on the first use of {@link #ALL} or of a mnemonic the index lacks. */
  private static final class Everything {
    static final ImmutableList<OpDef> LIST =
        LIBRARIES.stream().flatMap(library -> opsOf(library).stream()).collect(ImmutableList.toImmutableList());
    static final ImmutableMap<String, OpDef> BY_MNEMONIC = Maps.uniqueIndex(LIST, OpDef::mnemonic);
  }

  /** {@link #ALL}: a view of {@link Everything#LIST}, so that naming the field builds nothing. */
  private static final class EveryOp extends AbstractList<OpDef> implements RandomAccess {
    @Override
    public OpDef get(int index) {
      return Everything.LIST.get(index);
    }

    @Override
    public int size() {
      return Everything.LIST.size();
    }
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
