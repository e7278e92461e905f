package dev.tatter.codegen.profile;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * Writes a run's profile in the Chrome trace event format (the JSON object form), which Perfetto
 * ({@code ui.perfetto.dev}) and {@code chrome://tracing} open. Every span is a complete event
 * ({@code "ph": "X"}) with {@code name}, {@code cat}, {@code ts} and {@code dur} in microseconds
 * from the trace's first event, {@code pid}, {@code tid} and {@code args}; spans on one thread nest
 * by time: {@code compile} holds {@code optimize}, {@code codegen} and {@code define class}, {@code
 * run} holds one span per node (category {@code node}, args: {@code value}, {@code op}, {@code ir},
 * {@code source}, {@code output}, {@code outputBytes}, {@code allocatedBytes}, {@code cpuNanos}),
 * and each piece of a split loop is a span (category {@code loop}) on the pool thread that ran it.
 * Metadata events ({@code "ph": "M"}) name the threads.
 */
public final class ChromeTrace {
  private ChromeTrace() {}

  /** The trace of {@code profile} as JSON text. */
  public static String write(RunProfile profile) {
    long origin = profile.compile().map(CompileProfile::startNanos).orElse(profile.startNanos());
    origin = Math.min(origin, profile.startNanos());
    long pid = ProcessHandle.current().pid();
    Map<Long, String> threads = new LinkedHashMap<>();
    StringBuilder events = new StringBuilder();
    Writer w = new Writer(events, origin, pid);
    threads.put(profile.threadId(), profile.threadName());
    profile.compile().ifPresent(c -> {
      threads.put(c.threadId(), c.threadName());
      w.span("compile", "compile", c.threadId(), c.startNanos(), c.totalNanos(), Map.of("fetches", c.fetches()));
      w.span("optimize", "compile", c.threadId(), c.startNanos(), c.optimizeNanos(), Map.of());
      long codegenStart = c.startNanos() + c.optimizeNanos();
      w.span("codegen", "compile", c.threadId(), codegenStart, c.codegenNanos(), Map.of());
      w.span("define class", "compile", c.threadId(), codegenStart + c.codegenNanos(), c.defineNanos(), Map.of());
    });
    w.span("run", "run", profile.threadId(), profile.startNanos(), profile.wallNanos(),
        Map.of("nodes", profile.nodes().size()));
    for (NodeProfile n : profile.nodes()) {
      threads.put(n.threadId(), n.threadName());
      Map<String, Object> args = new LinkedHashMap<>();
      args.put("value", n.value());
      args.put("op", n.op());
      args.put("ir", n.irLine());
      args.put("source", n.source());
      args.put("output", n.outputShape());
      args.put("outputBytes", n.outputBytes());
      args.put("allocatedBytes", n.allocatedBytes());
      args.put("cpuNanos", n.cpuNanos());
      w.span(n.value() + " = " + n.op(), "node", n.threadId(), n.startNanos(), n.wallNanos(), args);
      for (NodeProfile.LoopPiece piece : n.loopPieces()) {
        threads.put(piece.threadId(), piece.threadName());
        w.span(n.value() + " loop [" + piece.from() + ", " + piece.to() + ")", "loop", piece.threadId(),
            piece.startNanos(), piece.wallNanos(), Map.of("value", n.value(), "from", piece.from(), "to", piece.to()));
      }
    }
    threads.forEach((tid, name) -> w.event("{\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":" + pid + ",\"tid\":" + tid
        + ",\"args\":{\"name\":" + quote(name) + "}}"));
    return "{\"traceEvents\":[\n" + events + "\n],\"displayTimeUnit\":\"ms\"}\n";
  }

  private static final class Writer {
    private final StringBuilder out;
    private final long origin;
    private final long pid;

    Writer(StringBuilder out, long origin, long pid) {
      this.out = out;
      this.origin = origin;
      this.pid = pid;
    }

    void span(String name, String category, long tid, long startNanos, long durNanos, Map<String, ?> args) {
      StringBuilder e = new StringBuilder();
      e.append("{\"name\":").append(quote(name)).append(",\"cat\":").append(quote(category)).append(",\"ph\":\"X\"")
          .append(",\"ts\":").append(micros(startNanos - origin)).append(",\"dur\":").append(micros(durNanos))
          .append(",\"pid\":").append(pid).append(",\"tid\":").append(tid).append(",\"args\":{");
      String sep = "";
      for (Map.Entry<String, ?> arg : args.entrySet()) {
        e.append(sep).append(quote(arg.getKey())).append(':');
        e.append(arg.getValue() instanceof Number ? arg.getValue().toString() : quote(String.valueOf(arg.getValue())));
        sep = ",";
      }
      event(e.append("}}").toString());
    }

    void event(String json) {
      if (out.length() > 0) {
        out.append(",\n");
      }
      out.append(json);
    }
  }

  private static String micros(long nanos) {
    return String.format(Locale.ROOT, "%.3f", Math.max(0, nanos) / 1000.0);
  }

  /** A JSON string: quotes, backslashes and control characters escaped. */
  static String quote(String text) {
    StringBuilder out = new StringBuilder("\"");
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      switch (c) {
        case '"' -> out.append("\\\"");
        case '\\' -> out.append("\\\\");
        case '\n' -> out.append("\\n");
        case '\r' -> out.append("\\r");
        case '\t' -> out.append("\\t");
        default -> {
          if (c < 0x20) {
            out.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
          } else {
            out.append(c);
          }
        }
      }
    }
    return out.append('"').toString();
  }
}
