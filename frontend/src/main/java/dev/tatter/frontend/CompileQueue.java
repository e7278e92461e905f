package dev.tatter.frontend;

import java.lang.management.ManagementFactory;
import javax.management.JMException;
import javax.management.MBeanServer;
import javax.management.ObjectName;

/**
 * Whether HotSpot's JIT has nothing queued or compiling, read from its {@code compilerQueue}
 * diagnostic command (what {@code jcmd PID Compiler.queue} prints). On a JVM without that command
 * the answer is yes: a warm-up then relies on the compilation time alone.
 */
final class CompileQueue {
  private CompileQueue() {}

  static boolean isEmpty() {
    String text;
    try {
      MBeanServer server = ManagementFactory.getPlatformMBeanServer();
      Object out = server.invoke(new ObjectName("com.sun.management:type=DiagnosticCommand"), "compilerQueue",
          new Object[] {null}, new String[] {String[].class.getName()});
      text = String.valueOf(out);
    } catch (JMException | RuntimeException e) {
      return true;
    }
    return isEmpty(text);
  }

  /**
   * Whether a {@code Compiler.queue} listing names no method: only its headings ("Current
   * compiles:", "C1 compile queue:", ...), "Empty" and blank lines.
   */
  static boolean isEmpty(String listing) {
    for (String line : listing.split("\n")) {
      String l = line.strip();
      if (!l.isEmpty() && !l.endsWith(":") && !l.equals("Empty")) {
        return false;
      }
    }
    return true;
  }
}
