package dev.tatter.ir.ops;

import com.google.common.collect.ImmutableList;
import dev.tatter.ir.AttrKind;
import dev.tatter.ir.AttrSpec;
import dev.tatter.ir.OpDef;
import dev.tatter.ir.Trait;
import dev.tatter.ir.types.DenseType;
import dev.tatter.ir.types.Dims;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.Tensor;
import dev.tatter.runtime.kernels.strings.StringSegmentKernels;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * TF's segment reductions of strings: {@code unsorted_segment_join} ({@code
 * tf.strings.unsorted_segment_join}, raw {@code UnsortedSegmentJoin}).
 */
public final class StringSegmentOps {
  private StringSegmentOps() {}

  public static final OpDef UNSORTED_SEGMENT_JOIN =
      OpDef.builder("unsorted_segment_join")
          .summary("the strings of each segment joined in input order, [num_segments] + inputs.shape[ids.rank:] "
              + "(ids a prefix of the inputs' shape, any order); the separator goes before a string only when the "
              + "segment's string so far is not empty (TF's kernel); a negative id or one >= num_segments is an error")
          .operands("inputs", "segment_ids", "num_segments")
          .attribute(AttrSpec.optional("separator", AttrKind.STRING, ""))
          .traits(Trait.PURE)
          .type(ctx -> {
            DenseType inputs = ctx.dense(0, DType.STRING);
            DenseType ids = ctx.dense(1, DType.INT32, DType.INT64);
            DenseType n = ctx.dense(2, DType.INT32, DType.INT64);
            if (n.rank() != 0) {
              throw ctx.fail("num_segments must be a scalar, got %s", n);
            }
            if (ids.rank() == 0) {
              throw ctx.fail("segment_ids cannot have rank 0");
            }
            if (ids.rank() > inputs.rank()) {
              throw ctx.fail("segment_ids shape %s must be a prefix of the inputs' shape %s", ids, inputs);
            }
            for (int a = 0; a < ids.rank(); a++) {
              if (Dims.merge(ids.dim(a), inputs.dim(a)) == null) {
                throw ctx.fail("inputs.shape = %s does not start with segment_ids.shape = %s", inputs.tfShape(), ids.tfShape());
              }
            }
            Optional<Tensor> constant = ctx.constant(2);
            long segments = constant.map(t -> t.getLong(0)).orElse(Dims.UNKNOWN);
            if (constant.isPresent() && segments < 0) {
              throw ctx.fail("num_segments must be >= 0, got %d", segments);
            }
            List<Long> shape = new ArrayList<>();
            shape.add(segments);
            shape.addAll(inputs.shape().subList(ids.rank(), inputs.rank()));
            return new DenseType(DType.STRING, ImmutableList.copyOf(shape));
          })
          .kernel(StringSegmentKernels.class, "unsortedSegmentJoin")
          // tf.strings.unsorted_segment_join(inputs=[['Y', 'q', 'c'], ['Y', '6', '6'], ['p', 'G', 'a']],
          //   segment_ids=[1, 0, 1], num_segments=2, separator=':') -> [[b'Y', b'6', b'6'], [b'Y:p', b'q:G', b'c:a']]
          .example("""
              %s = constant() {value = tensor<string>[3, 3] [["Y", "q", "c"], ["Y", "6", "6"], ["p", "G", "a"]]} : tensor<string>[3, 3]
              %ids = constant() {value = tensor<int32>[3] [1, 0, 1]} : tensor<int32>[3]
              %n = constant() {value = tensor<int32>[] 2} : tensor<int32>[]
              %0 = unsorted_segment_join(%s, %ids, %n) {separator = ":"} : tensor<string>[2, 3]
              return %0
              """, "[[b'Y', b'6', b'6'], [b'Y:p', b'q:G', b'c:a']]")
          .tfRawOps("UnsortedSegmentJoin").tfApi("tf.strings.unsorted_segment_join")
          .build();
}
