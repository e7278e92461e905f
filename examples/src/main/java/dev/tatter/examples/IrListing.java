package dev.tatter.examples;

import dev.tatter.ir.Graph;
import dev.tatter.ir.text.GraphPrinter;
import dev.tatter.optimizer.PassManager;
import java.io.PrintStream;

/** What every example shows first: its graph as built and after the Session's optimizations. */
final class IrListing {
  private IrListing() {}

  static void printBeforeAndAfterOptimization(PrintStream out, Graph graph) {
    out.println("== IR as built ==");
    out.print(GraphPrinter.print(graph));
    out.println("== IR after optimization (" + PassManager.DEFAULT_PIPELINE + ") ==");
    out.print(GraphPrinter.print(PassManager.parse(PassManager.DEFAULT_PIPELINE).run(graph)));
  }
}
