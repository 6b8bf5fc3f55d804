package io.streamgauge.cli;

import io.streamgauge.common.QuietKafkaLogging;
import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The {@code streamgauge} command: {@code run --local FILE} runs a BenchmarkRun on this machine,
 * {@code suite --local FILE} a BenchmarkSuite, {@code validate FILE} checks one as a cluster would,
 * {@code compare BASELINE CANDIDATE} compares results, {@code results fetch RUN} writes a cluster
 * run's result files, {@code conformance} checks an app against the contract. Exit codes: {@link
 * ExitCodes}.
 */
@Command(
    name = "streamgauge",
    mixinStandardHelpOptions = true,
    versionProvider = Main.Version.class,
    subcommands = {
      RunCommand.class,
      SuiteCommand.class,
      ValidateCommand.class,
      CompareCommand.class,
      ResultsCommand.class,
      WaitCommand.class,
      ConformanceCommand.class
    },
    description = "Benchmarks Kafka stream-processing applications (see README.md).")
public final class Main implements Runnable {

  private static final String FABRIC8_VERSION_WARNING =
      "org.slf4j.simpleLogger.log.io.fabric8.kubernetes.client.dsl.internal.VersionUsageUtils";

  @CommandLine.Spec private CommandLine.Model.CommandSpec spec;

  public static void main(String[] args) {
    QuietKafkaLogging.apply();
    // Fabric8 warns on every use of a v1alpha1 resource; BenchmarkRun is ours and known to be so.
    if (System.getProperty(FABRIC8_VERSION_WARNING) == null) {
      System.setProperty(FABRIC8_VERSION_WARNING, "error");
    }
    System.exit(commandLine().execute(args));
  }

  /** The command line with Streamgauge's exit codes and one-line usage errors. */
  static CommandLine commandLine() {
    CommandLine cli = new CommandLine(new Main());
    cli.setExecutionExceptionHandler(
        (e, line, parsed) -> {
          line.getErr().println("streamgauge: internal error: " + e);
          e.printStackTrace(line.getErr());
          return ExitCodes.RUN_FAILED;
        });
    cli.setParameterExceptionHandler(
        (e, args) -> {
          PrintWriter err = e.getCommandLine().getErr();
          err.println("streamgauge: " + e.getMessage());
          err.println("Try '" + e.getCommandLine().getCommandSpec().qualifiedName() + " --help'.");
          return ExitCodes.INVALID;
        });
    return cli;
  }

  @Override
  public void run() {
    throw new CommandLine.ParameterException(
        spec.commandLine(),
        "a subcommand is required: run, suite, validate, compare, results, wait or conformance");
  }

  /** The version from the jar's manifest. */
  static final class Version implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
      String version = Main.class.getPackage().getImplementationVersion();
      return new String[] {"streamgauge " + (version == null ? "(development build)" : version)};
    }
  }
}
