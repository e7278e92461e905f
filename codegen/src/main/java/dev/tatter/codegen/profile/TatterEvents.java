package dev.tatter.codegen.profile;

import jdk.jfr.Category;
import jdk.jfr.DataAmount;
import jdk.jfr.Description;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;
import jdk.jfr.Timespan;

/**
 * Tatter's JDK Flight Recorder events, so that a recording ({@code -XX:StartFlightRecording})
 * shows compiles and profiled nodes beside GC and allocation. JFR commits an event only while a
 * recording enables it; {@link Event#shouldCommit} is checked before any field is filled.
 */
final class TatterEvents {
  private TatterEvents() {}

  /** Compiling one fetch list (optimize, generate, define): the event's duration is the whole compile. */
  @Name("dev.tatter.Compile")
  @Label("Tatter Compile")
  @Category("Tatter")
  @Description("Optimizing and compiling a graph for one list of fetches")
  @StackTrace(false)
  static final class Compile extends Event {
    @Label("Fetches")
    String fetches;

    @Label("Instrumented")
    @Description("Whether the program was compiled for profiling")
    boolean instrumented;

    @Label("Nodes")
    int nodes;

    @Label("Optimize")
    @Timespan(Timespan.NANOSECONDS)
    long optimize;

    @Label("Codegen")
    @Timespan(Timespan.NANOSECONDS)
    long codegen;

    @Label("Define Class")
    @Timespan(Timespan.NANOSECONDS)
    long defineClass;
  }

  /** One node of a profiled run, on the thread that ran it: the event's duration is the node's. */
  @Name("dev.tatter.Node")
  @Label("Tatter Node")
  @Category("Tatter")
  @Description("One node of a profiled Tatter run")
  @StackTrace(false)
  static final class Node extends Event {
    @Label("Value")
    String value;

    @Label("Op")
    String op;

    @Label("Source")
    String source;

    @Label("Output Shape")
    String outputShape;

    @Label("Output Size")
    @DataAmount
    long outputBytes;

    @Label("Allocated")
    @DataAmount
    long allocated;
  }
}
