package dev.tatter.spark;

import dev.tatter.frontend.Session;
import dev.tatter.ir.Graph;
import dev.tatter.ir.text.GraphParser;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * One parsed graph and one {@link Session} per executor JVM per graph, found by the SHA-256 of
 * the graph's text: every task of every stage running the same graph shares them, so the graph
 * is parsed, optimized and compiled to bytecode once per JVM (the session caches the compiled
 * program per fetch list and is thread-safe).
 */
final class GraphCache {
  /** More distinct graphs than one job plausibly runs; past it one entry is dropped (and rebuilt if it returns). */
  static final int MAX_GRAPHS = 64;
  private static final Map<String, Loaded> GRAPHS = new ConcurrentHashMap<>();

  /** A graph and the session that runs it. */
  record Loaded(String text, Graph graph, Session session) {}

  private GraphCache() {}

  static String fingerprint(String text) {
    try {
      byte[] digest = MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
      return HexFormat.of().formatHex(digest);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JVM has SHA-256", e);
    }
  }

  /** The graph of {@code text} (whose fingerprint is {@code fingerprint}), parsed and given a session once. */
  static Loaded get(String fingerprint, String text) {
    Loaded loaded = GRAPHS.get(fingerprint);
    if (loaded != null && loaded.text.equals(text)) {
      return loaded;
    }
    if (GRAPHS.size() >= MAX_GRAPHS) {
      GRAPHS.keySet().stream().findAny().ifPresent(GRAPHS::remove);
    }
    return GRAPHS.compute(fingerprint, (key, old) -> old != null && old.text.equals(text) ? old : load(text));
  }

  private static Loaded load(String text) {
    Graph graph = parse(text);
    return new Loaded(text, graph, new Session(graph));
  }

  static Graph parse(String text) {
    return GraphParser.parse(text, "graph");
  }

  /** How many graphs this JVM holds (for tests). */
  static int size() {
    return GRAPHS.size();
  }
}
