package dev.tatter.bench.text;

import com.google.gson.Gson;
import com.google.gson.reflect.TypeToken;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * SentencePiece's own library, Debian's build (0.1.97): {@code spm_train} to train models, and its
 * Python binding ({@code /usr/bin/python3} with {@code python3-sentencepiece}) to encode and decode,
 * driven through a small script that reads the inputs as JSON and writes, per input, the ids, the
 * pieces, their byte offsets ({@code SentencePieceText}'s {@code begin}/{@code end}, read from the
 * serialized proto) and the decoded ids, and the seconds its encode loop took (no process start).
 * When a program is missing this fails with {@code SENTENCEPIECE DID NOT LOAD}: never skipped.
 */
public final class SentencepieceLibrary {
  private SentencepieceLibrary() {}

  static final String PYTHON = "/usr/bin/python3";

  private static final String SCRIPT = """
      import base64, json, sys, time
      import sentencepiece as spm
      model, inp, out, opts, repeat = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4], int(sys.argv[5])
      sp = spm.SentencePieceProcessor(model_file=model)
      if opts:
          sp.set_encode_extra_options(opts)
          sp.set_decode_extra_options(opts)
      texts = json.load(open(inp, encoding='utf-8'))
      def varint(b, i):
          r = s = 0
          while True:
              x = b[i]; i += 1; r |= (x & 0x7f) << s; s += 7
              if x < 0x80: return r, i
      def fields(b):
          i = 0
          while i < len(b):
              key, i = varint(b, i); f, w = key >> 3, key & 7
              if w == 0:
                  v, i = varint(b, i)
              elif w == 2:
                  n, i = varint(b, i); v = b[i:i + n]; i += n
              elif w == 5:
                  v = b[i:i + 4]; i += 4
              else:
                  raise ValueError('wire type %d' % w)
              yield f, v
      start = time.perf_counter()
      cpu = time.process_time()
      for _ in range(repeat):
          for t in texts:
              sp.encode(t, out_type=int)
      seconds = time.perf_counter() - start
      cpu_seconds = time.process_time() - cpu
      res = []
      for t in texts:
          ids, pieces, begin, end = [], [], [], []
          for f, v in fields(sp.encode_as_serialized_proto(t)):
              if f != 2: continue
              p = dict(fields(v))
              ids.append(p.get(2, 0)); pieces.append(base64.b64encode(p.get(1, b'')).decode())
              begin.append(p.get(4, 0)); end.append(p.get(5, 0))
          decoded = sp.decode(ids).encode('utf-8', 'surrogatepass')
          as_text = [base64.b64decode(p).decode('utf-8', 'surrogateescape') for p in pieces]
          decoded_pieces = sp.decode(as_text).encode('utf-8', 'surrogateescape')
          res.append({'ids': ids, 'pieces': pieces, 'begin': begin, 'end': end,
                      'decoded': base64.b64encode(decoded).decode(),
                      'decoded_pieces': base64.b64encode(decoded_pieces).decode()})
      json.dump({'seconds': seconds, 'cpu_seconds': cpu_seconds, 'results': res}, open(out, 'w'))
      """;

  /** One input's encoding by the library, its ids decoded ({@code decode(ids)}) and its pieces decoded ({@code decode(pieces)}). */
  public record Encoded(List<Integer> ids, List<String> pieces, List<Integer> begin, List<Integer> end, String decoded,
      String decodedPieces) {}

  /** What the script returns: the encode loop's wall and CPU seconds (the process's; the loop is single-threaded) and the encodings. */
  public record Run(double seconds, double cpuSeconds, List<Encoded> results) {}

  /** Trains a model on {@code text} with {@code spm_train} and these extra flags; returns the .model file. */
  public static Path train(Path dir, String name, List<String> text, String... flags) throws IOException, InterruptedException {
    Path input = dir.resolve(name + ".train.txt");
    Files.writeString(input, String.join("\n", text) + "\n");
    List<String> cmd = new ArrayList<>(List.of("spm_train", "--input=" + input, "--model_prefix=" + dir.resolve(name),
        "--minloglevel=2"));
    cmd.addAll(List.of(flags));
    run(cmd, dir.resolve(name + ".train.log"));
    return dir.resolve(name + ".model");
  }

  /** Encodes {@code texts} with the model through the Python binding; the encode loop repeated {@code repeat} times for timing. */
  public static Run encode(Path dir, Path model, List<String> texts, String extraOptions, int repeat)
      throws IOException, InterruptedException {
    Path script = dir.resolve("spm_oracle.py");
    Files.writeString(script, SCRIPT);
    Path in = dir.resolve("inputs.json");
    Path out = dir.resolve("outputs.json");
    Files.writeString(in, new Gson().toJson(texts), StandardCharsets.UTF_8);
    run(List.of(PYTHON, script.toString(), model.toString(), in.toString(), out.toString(), extraOptions, String.valueOf(repeat)),
        dir.resolve("encode.log"));
    Raw raw = new Gson().fromJson(Files.readString(out), new TypeToken<Raw>() {}.getType());
    List<Encoded> results = new ArrayList<>();
    for (RawResult r : raw.results) {
      List<String> pieces = new ArrayList<>();
      for (String p : r.pieces) {
        pieces.add(new String(java.util.Base64.getDecoder().decode(p), StandardCharsets.UTF_8));
      }
      results.add(new Encoded(r.ids, pieces, r.begin, r.end,
          new String(java.util.Base64.getDecoder().decode(r.decoded), StandardCharsets.UTF_8),
          new String(java.util.Base64.getDecoder().decode(r.decoded_pieces), StandardCharsets.UTF_8)));
    }
    return new Run(raw.seconds, raw.cpu_seconds, results);
  }

  private static final class Raw {
    double seconds;
    double cpu_seconds;
    List<RawResult> results;
  }

  private static final class RawResult {
    List<Integer> ids;
    List<String> pieces;
    List<Integer> begin;
    List<Integer> end;
    String decoded;
    String decoded_pieces;
  }

  private static void run(List<String> cmd, Path log) throws IOException, InterruptedException {
    Process p;
    try {
      p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    } catch (IOException e) {
      throw new IllegalStateException("SENTENCEPIECE DID NOT LOAD: cannot start " + cmd.get(0)
          + " (install Debian's sentencepiece and python3-sentencepiece, as .ci/run does): " + e, e);
    }
    if (!p.waitFor(10, TimeUnit.MINUTES)) {
      p.destroyForcibly();
      throw new IllegalStateException(cmd.get(0) + " did not finish in 10 minutes");
    }
    if (p.exitValue() != 0) {
      String out = Files.readString(log);
      throw new IllegalStateException((out.contains("No module named") ? "SENTENCEPIECE DID NOT LOAD: " : "")
          + String.join(" ", cmd) + " exited with " + p.exitValue() + ":\n" + out);
    }
  }
}
