package dev.tatter.ir.ops;

import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableMap;
import com.google.common.collect.Maps;
import dev.tatter.ir.OpDef;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Every op Tatter knows, by mnemonic. The parser looks ops up here, so the grammar never lists
 * op names; a new op library is added to {@link #ALL} and nowhere else.
 */
public final class OpRegistry {
  /** All op libraries, in the order {@code --help} lists them. */
  public static final ImmutableList<OpDef> ALL =
      Stream.of(
              CoreOps.ALL,
              PartitionOps.ALL,
              PartitionEncodingOps.ALL,
              RaggedOps.ALL,
              RaggedShapeOps.ALL,
              ElementwiseOps.ALL,
              ComparisonOps.ALL,
              RaggedBroadcastOps.ALL,
              ConversionOps.ALL,
              ReductionOps.ALL,
              RowReductionOps.ALL,
              RaggedConversionOps.ALL,
              SparseOps.ALL,
              SparseMatmulOps.ALL,
              IndexingOps.ALL,
              RaggedConstantOps.ALL,
              ArrayOps.ALL,
              FusedOps.ALL)
          .flatMap(ImmutableList::stream)
          .collect(ImmutableList.toImmutableList());

  private static final ImmutableMap<String, OpDef> BY_MNEMONIC = Maps.uniqueIndex(ALL, OpDef::mnemonic);

  private OpRegistry() {}

  public static Optional<OpDef> lookup(String mnemonic) {
    return Optional.ofNullable(BY_MNEMONIC.get(mnemonic));
  }
}
