package dev.tatter.frontend.cli;

import dev.tatter.ir.GraphBuildException;
import dev.tatter.runtime.InvalidArgumentException;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The {@code tatter} command-line tool: runs, optimizes, draws and disassembles graphs written
 * in the textual IR. Exit codes: 0 when all went well, 1 for an error in the graph file or the
 * feeds (or a file that cannot be read or written), 2 for a usage error.
 */
@Command(
    name = "tatter",
    mixinStandardHelpOptions = true,
    versionProvider = VersionProvider.class,
    description = "Runs, optimizes, draws and disassembles Tatter graphs written in the textual IR (.tat files).",
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {"0:success", "1:an error in the graph or the feeds, or a file that cannot be read or written",
        "2:a usage error (unknown option or pass, missing argument)"})
public final class TatterCommand implements Runnable {
  /**
   * The subcommands, in the order {@code --help} lists them (with picocli's {@code help} last). They
   * are added by {@link #commandLine} rather than named in {@code @Command(subcommands)}: picocli builds
   * the model of every subcommand it is given (reflection over each one's options and mixins) before
   * it parses anything, a large share of a short {@code tatter run}'s start.
   */
  private static final List<Class<?>> COMMANDS =
      List.of(RunCommand.class, OptCommand.class, DotCommand.class, BytecodeCommand.class);

  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  public static void main(String[] args) {
    System.exit(execute(new PrintWriter(System.out, true), new PrintWriter(System.err, true), args));
  }

  /** Runs the tool in-process with the given streams and returns its exit code (for tests). */
  public static int execute(PrintWriter out, PrintWriter err, String... args) {
    CommandLine cli = commandLine(args);
    cli.setOut(out);
    cli.setErr(err);
    cli.setExecutionExceptionHandler(new ReportErrors());
    int code = cli.execute(args);
    out.flush();
    err.flush();
    return code;
  }

  /**
   * Reports a user's error (a graph that does not build, bad input, a file that cannot be read) as
   * one line and exit code 1; anything else propagates. A named class, not a lambda: archiving a
   * lambda that implements a picocli interface makes the CDS dump link picocli's classes, which are
   * Java 5 class files, and a linked old class is left out of the archive, {@code CommandLine}
   * (most of picocli) with it, so every start would load and verify it again.
   */
  private static final class ReportErrors implements CommandLine.IExecutionExceptionHandler {
    @Override
    public int handleExecutionException(Exception e, CommandLine commandLine, CommandLine.ParseResult parseResult)
        throws Exception {
      if (e instanceof GraphBuildException || e instanceof InvalidArgumentException || e instanceof IOException
          || e instanceof CliException) {
        commandLine.getErr().println("error: " + e.getMessage());
        commandLine.getErr().flush();
        return 1;
      }
      throw e;
    }
  }

  /**
   * The tool's command line for {@code args}: when they start with a command's name, that command
   * alone is added (whatever follows is its arguments, so picocli never consults the others); else
   * every command and {@code help}, for the top level's usage, suggestions and errors.
   */
  static CommandLine commandLine(String... args) {
    CommandLine cli = new CommandLine(new TatterCommand());
    String first = args.length > 0 ? args[0] : "";
    for (Class<?> command : COMMANDS) {
      if (command.getAnnotation(Command.class).name().equals(first)) {
        return cli.addSubcommand(command);
      }
    }
    COMMANDS.forEach(cli::addSubcommand);
    return cli.addSubcommand(CommandLine.HelpCommand.class);
  }

  @Override
  public void run() {
    throw new CommandLine.ParameterException(spec.commandLine(), "a command is required: run, opt, dot or bytecode");
  }

  /** An error in the user's input (a feed, a fetch name, a missing program), reported as exit code 1. */
  static final class CliException extends RuntimeException {
    CliException(String message) {
      super(message);
    }
  }
}
