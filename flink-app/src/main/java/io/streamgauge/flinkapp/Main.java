package io.streamgauge.flinkapp;

import io.streamgauge.common.AppProcess;
import io.streamgauge.common.ContractSettings;
import io.streamgauge.common.RawAppSettings;
import io.streamgauge.common.TopicCheck;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The {@code flink-app} command: runs one scenario's Flink job on an embedded cluster until
 * SIGTERM, which cancels it. Settings come from {@code --config FILE} (a properties file) overlaid
 * by {@code STREAMGAUGE_APP_*} environment variables; see {@link FlinkAppSettings}. Exit codes: 1
 * the job failed; 2 bad settings; 3 Kafka unreachable or a topic missing.
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
    FlinkAppSettings settings;
    try {
      settings = FlinkAppSettings.from(RawAppSettings.read(configFile, System.getenv()));
    } catch (IOException e) {
      System.err.println("flink-app: " + e.getMessage());
      return 2;
    } catch (ContractSettings.InvalidSettingsException e) {
      e.problems().forEach(p -> System.err.println("flink-app: settings: " + p));
      return 2;
    }
    ContractSettings contract = settings.contract();
    try {
      TopicCheck.partitions(
          contract.bootstrapServers(),
          contract.connection(),
          List.copyOf(contract.topics().values()));
    } catch (TopicCheck.TopicCheckException | IllegalStateException e) {
      System.err.println("flink-app: " + e.getMessage());
      return 3;
    }
    FlinkJob.resumedFrom(settings)
        .ifPresent(
            c -> System.err.println("flink-app: resuming from the retained checkpoint " + c));
    FlinkApp app = new FlinkApp(settings, System.err);
    Runtime.getRuntime().addShutdownHook(new Thread(app::close, "flink-app-shutdown"));
    app.start();
    System.err.println(describe(settings, app.metricsPort()));
    Optional<Throwable> failure = app.awaitEnd();
    if (failure.isPresent()) {
      System.err.println("flink-app: failed: " + AppProcess.describe(failure.get()));
      return 1;
    }
    return 0;
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
