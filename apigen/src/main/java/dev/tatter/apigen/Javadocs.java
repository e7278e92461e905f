package dev.tatter.apigen;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Javadoc text carried into generated classes: escaped where it is plain text, unlinked where it was copied. */
final class Javadocs {
  private Javadocs() {}

  private static final Pattern LINK = Pattern.compile("\\{@link(?:plain)?\\s+([^\\s}]+)(?:\\s+([^}]*))?}");

  /** Plain text (an op's summary) as Javadoc HTML. */
  static String escape(String text) {
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("@", "&#64;")
        .replace("*/", "*&#47;");
  }

  /**
   * A doc comment copied from a hand-written method into a generated class: {@code {@link}}s become
   * code or their label (a reference resolves against the original class's imports, not the
   * generated one's), block tags other than {@code @param}, {@code @return} and {@code @throws} go.
   */
  static String copied(String doc) {
    if (doc == null) {
      return "";
    }
    Matcher m = LINK.matcher(doc);
    StringBuilder out = new StringBuilder();
    while (m.find()) {
      String label = m.group(2) != null && !m.group(2).isBlank() ? m.group(2).strip()
          : "{@code " + m.group(1).replaceFirst("^#", "") + "}";
      m.appendReplacement(out, Matcher.quoteReplacement(label));
    }
    m.appendTail(out);
    StringBuilder kept = new StringBuilder();
    boolean inDroppedTag = false;
    for (String line : out.toString().split("\n", -1)) {
      String t = line.strip();
      if (t.startsWith("@")) {
        inDroppedTag = !(t.startsWith("@param") || t.startsWith("@return") || t.startsWith("@throws"));
      }
      if (!inDroppedTag) {
        kept.append(line.startsWith(" ") ? line.substring(1) : line).append('\n');
      }
    }
    return kept.toString().strip();
  }
}
