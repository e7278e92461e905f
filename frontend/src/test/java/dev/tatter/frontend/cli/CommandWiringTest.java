package dev.tatter.frontend.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The top-level command line gets only the command a run names (picocli builds the model of each
 * subcommand it is given, which a start should not pay for the others), and every command, with
 * {@code help}, whenever the top level itself answers: usage, an unknown command, no command.
 */
class CommandWiringTest {
  private static final List<String> EVERY_COMMAND = List.of("run", "opt", "dot", "bytecode", "help");

  private static List<String> subcommands(String... args) {
    return List.copyOf(TatterCommand.commandLine(args).getSubcommands().keySet());
  }

  private static String[] tatter(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code = TatterCommand.execute(new PrintWriter(out), new PrintWriter(err), args);
    return new String[] {String.valueOf(code), out.toString(), err.toString()};
  }

  @Test
  void aCommandsName_first_addsThatCommandAlone() {
    assertEquals(List.of("run"), subcommands("run", "graph.tat", "--feed", "x=[1]"));
    assertEquals(List.of("opt"), subcommands("opt", "graph.tat"));
    assertEquals(List.of("dot"), subcommands("dot", "--help"));
    assertEquals(List.of("bytecode"), subcommands("bytecode", "graph.tat"));
  }

  @Test
  void anythingElse_first_addsEveryCommand_inHelpOrder() {
    assertEquals(EVERY_COMMAND, subcommands());
    assertEquals(EVERY_COMMAND, subcommands("--help"));
    assertEquals(EVERY_COMMAND, subcommands("help", "run"));
    assertEquals(EVERY_COMMAND, subcommands("rnu", "graph.tat"));
    assertEquals(EVERY_COMMAND, subcommands("--version"));
  }

  @Test
  void topLevelHelp_listsEveryCommand() {
    String[] r = tatter("--help");
    assertEquals("0", r[0], r[2]);
    for (String command : EVERY_COMMAND) {
      assertTrue(r[1].contains("\n  " + command + " "), command + " missing from:\n" + r[1]);
    }
  }

  @Test
  void helpCommand_printsTheNamedCommandsUsage() {
    String[] r = tatter("help", "opt");
    assertEquals("0", r[0], r[2]);
    assertTrue(r[1].startsWith("Usage: tatter opt"), r[1]);
  }

  @Test
  void anUnknownCommand_isAUsageError_suggestingTheNearOne() {
    String[] r = tatter("rnu", "graph.tat");
    assertEquals("2", r[0]);
    assertTrue(r[2].contains("'rnu'") && r[2].contains("run"), r[2]);
  }

  @Test
  void noCommand_isAUsageError() {
    String[] r = tatter();
    assertEquals("2", r[0]);
    assertTrue(r[2].contains("a command is required: run, opt, dot or bytecode"), r[2]);
  }
}
