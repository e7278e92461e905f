package dev.tatter.bench.tf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.frontend.GraphBuilder;
import dev.tatter.frontend.Session;
import dev.tatter.frontend.Types;
import dev.tatter.frontend.Value;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.Tensor;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.tensorflow.op.io.EncodeBase64;
import org.tensorflow.op.strings.UnsortedSegmentJoin;
import org.tensorflow.types.TInt64;
import org.tensorflow.types.TString;
import org.junit.jupiter.api.Test;

/**
 * tf.io.encode_base64/decode_base64 and tf.strings.unsorted_segment_join against TF's kernels
 * (EncodeBase64, DecodeBase64, UnsortedSegmentJoin), byte for byte, on random bytes (not UTF-8
 * too), random near-base64 text (so that TF's decoder refuses some) and random segmentations.
 */
class StringCodecOracleTest {
  static final int CASES = 300;

  private static Object tatter(GraphBuilder g, Value out, Map<String, ?> feeds) {
    try (Session s = new Session(g.build(out)); Session i = new Session(g.build(out), "", Session.Backend.INTERPRETED)) {
      Object compiled = s.run(feeds, out).get(0);
      assertEquals(compiled, i.run(feeds, out).get(0), "compiled vs interpreted");
      return compiled;
    }
  }

  private static byte[] randomBytes(SplittableRandom r, int max) {
    byte[] b = new byte[r.nextInt(max + 1)];
    for (int i = 0; i < b.length; i++) {
      b[i] = (byte) r.nextInt(256);
    }
    return b;
  }

  /** Text of web-safe letters, with now and then '=', '+', '/', a space or a cut, so some strings are invalid. */
  private static byte[] nearBase64(SplittableRandom r) {
    String letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    int n = r.nextInt(14);
    byte[] b = new byte[n];
    for (int i = 0; i < n; i++) {
      int k = r.nextInt(100);
      b[i] = (byte) (k < 3 ? '+' : k < 5 ? '/' : k < 7 ? ' ' : letters.charAt(r.nextInt(64)));
    }
    int pads = r.nextInt(4) == 0 ? r.nextInt(4) : 0;
    byte[] out = java.util.Arrays.copyOf(b, n + pads);
    java.util.Arrays.fill(out, n, n + pads, (byte) '=');
    if (r.nextInt(6) == 0 && out.length > 1) {
      out[r.nextInt(out.length)] = '='; // a '=' inside
    }
    return out;
  }

  @Test
  void encodeThenDecode_matchEncodeBase64AndDecodeBase64() {
    for (int seed = 0; seed < CASES; seed++) {
      SplittableRandom r = new SplittableRandom(seed);
      byte[][] strings = new byte[r.nextInt(6)][];
      for (int i = 0; i < strings.length; i++) {
        strings[i] = randomBytes(r, 40);
      }
      Tensor in = Tensor.of(DType.STRING, strings, strings.length);
      boolean pad = r.nextBoolean();
      TfEval.Outcome tf = TfEval.run(ops -> {
        EncodeBase64 e = ops.io.encodeBase64(TfEval.<TString>constant(ops, in), EncodeBase64.pad(pad));
        return List.of(e, ops.io.decodeBase64(e));
      });
      GraphBuilder g = new GraphBuilder();
      dev.tatter.frontend.Ops tt = g.ops();
      Value s = g.placeholder("s", Types.dense(DType.STRING, -1));
      Value encoded = tt.io.encodeBase64(s, pad);
      assertEquals(tf.value(0), tatter(g, encoded, Map.of("s", in)), "encode pad=" + pad + " of " + in);
      assertEquals(tf.value(1), tatter(g, tt.io.decodeBase64(encoded), Map.of("s", in)), "round trip of " + in);
    }
  }

  @Test
  void decode_refusesWhereDecodeBase64Refuses() {
    int refused = 0;
    for (int seed = 0; seed < CASES * 3; seed++) {
      SplittableRandom r = new SplittableRandom(seed + 7000);
      byte[][] strings = {nearBase64(r)};
      Tensor in = Tensor.of(DType.STRING, strings, 1);
      TfEval.Outcome tf = TfEval.run(ops -> List.of(ops.io.decodeBase64(TfEval.<TString>constant(ops, in))));
      GraphBuilder g = new GraphBuilder();
      Value s = g.placeholder("s", Types.dense(DType.STRING, -1));
      Value out = g.ops().io.decodeBase64(s);
      String what = new String(strings[0], java.nio.charset.StandardCharsets.ISO_8859_1);
      try {
        Object actual = tatter(g, out, Map.of("s", in));
        assertTrue(!tf.failed(), what + ": TF failed: " + tf.error());
        assertEquals(tf.value(0), actual, what);
      } catch (InvalidArgumentException e) {
        refused++;
        assertTrue(tf.failed(), what + ": Tatter refused, TF did not: " + e.getMessage());
        String tfFirst = tf.error().lines().findFirst().orElse("").trim();
        String reason = tfFirst.contains("1 modulo 4") ? "Base64 string length cannot be 1 modulo 4." : "Invalid character found in base64.";
        assertTrue(tfFirst.contains(reason), what + ": TF said " + tfFirst);
        assertTrue(e.getMessage().contains(reason), what + ": TF said " + tfFirst + ", Tatter " + e.getMessage());
      }
    }
    assertTrue(refused > 20 && refused < CASES * 3 - 20, refused + " refused");
  }

  @Test
  void unsortedSegmentJoin_matchesUnsortedSegmentJoin() {
    int refused = 0;
    for (int seed = 0; seed < CASES; seed++) {
      SplittableRandom r = new SplittableRandom(seed + 9000);
      int rank = 1 + r.nextInt(3);
      int[] shape = new int[rank];
      for (int d = 0; d < rank; d++) {
        shape[d] = r.nextInt(4);
      }
      int idRank = 1 + r.nextInt(rank);
      int[] idShape = java.util.Arrays.copyOf(shape, idRank);
      int n = java.util.Arrays.stream(shape).reduce(1, (a, b) -> a * b);
      int ids = java.util.Arrays.stream(idShape).reduce(1, (a, b) -> a * b);
      byte[][] strings = new byte[n][];
      for (int i = 0; i < n; i++) {
        // short pieces, empty ones often (TF's separator rule turns on them)
        strings[i] = r.nextInt(3) == 0 ? new byte[0] : randomBytes(r, 3);
      }
      long segments = r.nextInt(5);
      boolean bad = r.nextInt(10) == 0;
      long[] idValues = r.longs(ids, bad ? -1 : 0, Math.max(1, segments + (bad ? 1 : 0))).toArray();
      if (segments == 0 && !bad) {
        idValues = new long[ids];
        if (ids > 0) {
          continue; // no valid id without a segment
        }
      }
      Tensor in = Tensor.of(DType.STRING, strings, shape);
      Tensor idTensor = Tensor.of(DType.INT64, idValues, idShape);
      String sep = new String[] {"", ",", " | ", "é"}[r.nextInt(4)];
      long numSegments = segments;
      TfEval.Outcome tf = TfEval.run(ops -> List.of(ops.strings.unsortedSegmentJoin(TfEval.<TString>constant(ops, in),
          TfEval.<TInt64>constant(ops, idTensor), ops.constant(numSegments), UnsortedSegmentJoin.separator(sep))));
      GraphBuilder g = new GraphBuilder();
      Value s = g.placeholder("s", Types.dense(DType.STRING, dims(rank)));
      Value idv = g.placeholder("ids", Types.dense(DType.INT64, dims(idRank)));
      Value out = g.ops().strings.unsortedSegmentJoin(s, idv, numSegments, sep);
      String what = java.util.Arrays.toString(shape) + " ids " + idTensor + " n " + numSegments + " sep '" + sep + "'";
      try {
        Object actual = tatter(g, out, Map.of("s", in, "ids", idTensor));
        assertTrue(!tf.failed(), what + ": TF failed: " + tf.error());
        assertEquals(tf.value(0), actual, what);
      } catch (InvalidArgumentException e) {
        refused++;
        assertTrue(tf.failed() && tf.error().contains("segment_ids are not allowed to exceed num_segments or to have negative values"),
            what + ": Tatter " + e.getMessage() + ", TF " + tf.error());
        assertTrue(e.getMessage().contains("segment_ids are not allowed to exceed num_segments or to have negative values"), e.getMessage());
      }
    }
    assertTrue(refused > 0, "no refusal compared");
  }

  private static long[] dims(int rank) {
    long[] d = new long[rank];
    java.util.Arrays.fill(d, -1);
    return d;
  }
}
