package dev.tatter.frontend;

import dev.tatter.ir.OpDef;
import dev.tatter.ir.ops.Base64Ops;
import dev.tatter.ir.types.RaggedType;
import dev.tatter.ir.types.Type;
import dev.tatter.runtime.DType;
import java.util.Map;

/**
 * TF's {@code tf.io.encode_base64} and {@code tf.io.decode_base64} on dense and ragged string
 * tensors (TF dispatches both to ragged as unary elementwise functions: the flat values are
 * coded, every partition kept).
 */
@BuilderApi
final class Base64Strings {
  private Base64Strings() {}

  /** TF's {@code tf.io.encode_base64(input)}: web-safe base64, unpadded (TF's default). */
  @TfApi("tf.io.encode_base64")
  static Value encodeBase64(Value input) {
    return encodeBase64(input, false);
  }

  /** TF's {@code tf.io.encode_base64(input, pad)}: web-safe base64, padded with '=' when {@code pad}. */
  @TfApi("tf.io.encode_base64")
  static Value encodeBase64(Value input, boolean pad) {
    return elementwise(Base64Ops.ENCODE_BASE64, Map.of("pad", pad), input);
  }

  /** TF's {@code tf.io.decode_base64(input)}: web-safe base64, padded or not, to bytes. */
  @TfApi("tf.io.decode_base64")
  static Value decodeBase64(Value input) {
    return elementwise(Base64Ops.DECODE_BASE64, Map.of(), input);
  }

  private static Value elementwise(OpDef op, Map<String, ?> attrs, Value input) {
    Type type = input.type();
    if (type.dtype() != DType.STRING || !(type instanceof RaggedType || type instanceof dev.tatter.ir.types.DenseType)) {
      throw GraphBuilder.misuse(op.mnemonic() + " takes a dense or ragged string tensor", input);
    }
    GraphBuilder b = input.builder();
    if (type instanceof RaggedType) {
      GraphBuilder.Decomposed d = b.decompose(input);
      return b.rebuild(b.op(op, attrs, d.flatValues()), d.partitions());
    }
    return b.op(op, attrs, input);
  }
}
