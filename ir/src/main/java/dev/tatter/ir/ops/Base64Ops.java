package dev.tatter.ir.ops;

import dev.tatter.ir.AttrKind;
import dev.tatter.ir.AttrSpec;
import dev.tatter.ir.OpContext;
import dev.tatter.ir.OpDef;
import dev.tatter.ir.Trait;
import dev.tatter.ir.types.DenseType;
import dev.tatter.ir.types.Type;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.kernels.strings.Base64Kernels;

/**
 * TF's web-safe base64 of byte strings ({@code tf.io.encode_base64}, {@code tf.io.decode_base64}):
 * string to string, of the input's shape; ragged input goes through its flat values (the builder).
 */
public final class Base64Ops {
  private Base64Ops() {}

  public static final OpDef ENCODE_BASE64 =
      OpDef.builder("encode_base64")
          .summary("each string's bytes as web-safe base64 ('-' and '_' for 62 and 63), padded with '=' to a multiple "
              + "of 4 when pad")
          .operands("input")
          .attribute(AttrSpec.optional("pad", AttrKind.BOOL, false))
          .traits(Trait.PURE)
          .type(Base64Ops::sameShape)
          .kernel(Base64Kernels.class, "encode")
          // tf.io.encode_base64(["hello", "?>"]) -> [b'aGVsbG8', b'Pz4']; with pad=True [b'aGVsbG8=', b'Pz4=']
          .example("""
              %s = constant() {value = tensor<string>[2] ["hello", "?>"]} : tensor<string>[2]
              %0 = encode_base64(%s) {pad = true} : tensor<string>[2]
              return %0
              """, "[b'aGVsbG8=', b'Pz4=']")
          .tfRawOps("EncodeBase64").tfApi("tf.io.encode_base64")
          .build();

  public static final OpDef DECODE_BASE64 =
      OpDef.builder("decode_base64")
          .summary("each web-safe base64 string's bytes, padded or not; a character outside the alphabet, a misplaced "
              + "'=' or a length of 1 modulo 4 is an error, as in TF")
          .operands("input")
          .traits(Trait.PURE)
          .type(Base64Ops::sameShape)
          .kernel(Base64Kernels.class, "decode")
          // tf.io.decode_base64(["aGVsbG8", "Pz4="]) -> [b'hello', b'?>']
          .example("""
              %s = constant() {value = tensor<string>[2] ["aGVsbG8", "Pz4="]} : tensor<string>[2]
              %0 = decode_base64(%s) : tensor<string>[2]
              return %0
              """, "[b'hello', b'?>']")
          .tfRawOps("DecodeBase64").tfApi("tf.io.decode_base64")
          .build();

  private static Type sameShape(OpContext ctx) {
    DenseType input = ctx.dense(0, DType.STRING);
    return new DenseType(DType.STRING, input.shape());
  }
}
