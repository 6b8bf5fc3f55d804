package io.streamgauge.flinkapp;

import io.streamgauge.common.AppProcess;
import io.streamgauge.common.ContractSettings;
import io.streamgauge.common.ReferenceAppStart;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The {@code flink-app} command: runs one scenario's Flink job on an embedded cluster until
 * SIGTERM, which cancels it. Settings come from {@code --config FILE} (a properties file) overlaid
 * by {@code STREAMGAUGE_APP_*} environment variables; see {@link FlinkAppSettings}. Exits as every
 * reference app does ({@link ReferenceAppStart.ExitCode}).
 */
@Command(
    name = "flink-app",
    mixinStandardHelpOptions = true,
    description = "Apache Flink reference app under test for Streamgauge benchmarks.")
public final class Main implements Callable<Integer> {

  @Option(
      names = {"-c", "--config"},
      paramLabel = "FILE",
      description =
          "Settings as a properties file; STREAMGAUGE_APP_* environment variables override it.")
  private Path configFile;

  public static void main(String[] args) {
    System.setProperty("org.slf4j.simpleLogger.defaultLogLevel", "warn");
    // Flink warns at every start about what an embedded cluster does not have (log files, tokens)
    // and about its own operators' duplicate metric names: nothing about the job under test.
    for (String quiet :
        List.of(
            "org.apache.flink.metrics.MetricGroup",
            "org.apache.flink.runtime.webmonitor",
            "org.apache.flink.runtime.security",
            "org.apache.flink.runtime.metrics.util.MetricUtils")) {
      System.setProperty("org.slf4j.simpleLogger.log." + quiet, "error");
    }
    System.exit(new CommandLine(new Main()).execute(args));
  }

  @Override
  public Integer call() throws Exception {
    return ReferenceAppStart.run(
            "flink-app",
            configFile,
            new ReferenceAppStart.Runtime<>(
                FlinkAppSettings::from, FlinkAppSettings::contract, Main::app, Main::describe),
            System.err)
        .code();
  }

  /** The Flink app, resuming from the checkpoint a killed app of the same id retained. */
  private static ReferenceAppStart.App app(
      FlinkAppSettings settings, Map<String, Integer> partitions) {
    FlinkJob.resumedFrom(settings)
        .ifPresent(
            c -> System.err.println("flink-app: resuming from the retained checkpoint " + c));
    return new FlinkApp(settings, System.err);
  }

  private static String describe(FlinkAppSettings settings, int port) {
    ContractSettings contract = settings.contract();
    return "flink-app: "
        + contract.scenario()
        + " as "
        + contract.applicationId()
        + " ("
        + contract.processingGuarantee()
        + ", checkpoints every "
        + settings.commitInterval().toMillis()
        + " ms, parallelism "
        + settings.parallelism()
        + "), topics "
        + contract.topics()
        + (port >= 0 ? ", /metrics and /health on :" + port : "")
        + "; "
        + AppProcess.jvmView();
  }
}
