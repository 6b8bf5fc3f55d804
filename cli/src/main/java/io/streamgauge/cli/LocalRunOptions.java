package io.streamgauge.cli;

import io.streamgauge.localrun.AppChoice;
import io.streamgauge.localrun.LocalExecution;
import io.streamgauge.localrun.LocalOptions;
import io.streamgauge.platform.local.AppLaunch;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Optional;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Option;

/**
 * The options of every command that runs benchmarks on this machine ({@code run --local}, {@code
 * suite --local}): where results go, shorter windows, scaled rates, the local Prometheus, an
 * existing Kafka, and the app to run.
 */
final class LocalRunOptions {

  private static final DateTimeFormatter STAMP =
      DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss").withZone(ZoneOffset.UTC);

  @Option(
      names = "--local",
      description =
          "Run on this machine. Without it, FILE runs on the cluster of the kubeconfig context.")
  boolean local;

  @Option(
      names = {"-d", "--output-dir"},
      paramLabel = "DIR",
      description = "Output directory. Default: streamgauge-results/<name>-<UTC time>.")
  Path outputDir;

  @Option(
      names = "--warmup",
      paramLabel = "DURATION",
      converter = DurationConverter.class,
      description = "Warmup window instead of the spec's (e.g. 30s).")
  Duration warmup;

  @Option(
      names = "--catch-up",
      paramLabel = "DURATION",
      converter = DurationConverter.class,
      description =
          "Before the warmup, wait up to this long for the app to catch up with its input"
              + " (spec.schedule.catchUp, instead of the spec's; e.g. 1m).")
  Duration catchUp;

  @Option(
      names = "--catch-up-hold",
      paramLabel = "DURATION",
      converter = DurationConverter.class,
      description =
          "How long the app's lag must stay within its bound before the warmup starts"
              + " (spec.schedule.catchUpHold, instead of the spec's; default 30s; e.g. 5s for a"
              + " rate far below the app's ceiling).")
  Duration catchUpHold;

  @Option(
      names = "--measurement",
      paramLabel = "DURATION",
      converter = DurationConverter.class,
      description = "Measurement window instead of the spec's (e.g. 60s).")
  Duration measurement;

  @Option(
      names = "--timeout",
      paramLabel = "DURATION",
      converter = DurationConverter.class,
      description = "Limit of each run. Default: catch-up + warmup + measurement + 10m.")
  Duration timeout;

  @Option(
      names = "--rate-scale",
      paramLabel = "FACTOR",
      defaultValue = "1",
      description =
          "Multiply every topic's rate by FACTOR (e.g. 0.25), and a state-restoration run's"
              + " prepopulated records. Default: ${DEFAULT-VALUE}.")
  double rateScale;

  @Option(
      names = "--scrape-interval",
      paramLabel = "DURATION",
      converter = DurationConverter.class,
      description =
          "Scrape interval (and query resolution) of the local Prometheus. Default: the spec's"
              + " prometheus.scrapeInterval when it sets one, else 5s.")
  Duration scrapeInterval;

  @Option(
      names = "--bootstrap-servers",
      paramLabel = "HOST:PORT",
      description = "Use this Kafka cluster instead of starting a local broker.")
  String bootstrapServers;

  @Option(
      names = "--secrets-dir",
      paramLabel = "DIR",
      description =
          "The Secrets the spec names (spec.kafka.external.tls, .authentication) as files"
              + " DIR/<secretName>/<key>, the layout of a mounted Secret.")
  Path secretsDir;

  @Option(
      names = "--kafka-port",
      paramLabel = "PORT",
      defaultValue = "0",
      description = "Port of the local broker. Default: any free port.")
  int kafkaPort;

  @Option(
      names = "--prometheus-bin",
      paramLabel = "PATH",
      description =
          "Prometheus binary. Default: $PROMETHEUS_BIN, else prometheus beside this"
              + " command, on the PATH or in its checkout's bin/.")
  String prometheusBin;

  @ArgGroup(exclusive = true)
  OwnApp ownApp;

  /** Either a jar or a command instead of the reference app. */
  static final class OwnApp {
    @Option(
        names = "--app-jar",
        paramLabel = "JAR",
        description =
            "Run the app under test as `java -jar JAR` (settings in STREAMGAUGE_APP_* variables,"
                + " JVM options in JDK_JAVA_OPTIONS; its metrics on spec.app.metrics.port).")
    Path jar;

    @Option(
        names = "--app-command",
        paramLabel = "COMMAND",
        description = "Run the app under test as `bash -c COMMAND`, with the same environment.")
    String command;
  }

  /** A problem with the options themselves, or null. */
  String problem() {
    if (rateScale <= 0 || Double.isNaN(rateScale) || Double.isInfinite(rateScale)) {
      return "--rate-scale must be greater than 0, got " + rateScale;
    }
    return null;
  }

  /** How the runs depart from their spec. */
  LocalOptions options() {
    return new LocalOptions(
        catchUp,
        catchUpHold,
        warmup,
        measurement,
        timeout,
        rateScale,
        scrapeInterval,
        bootstrapServers);
  }

  /** How each run of the command runs on this machine. */
  LocalExecution.Settings settings() {
    return new LocalExecution.Settings(options(), prometheusBin, kafkaPort);
  }

  /** The app under test: the jar, the command, or each run's runtime's reference app. */
  AppChoice appChoice() {
    return appChoice(ownApp);
  }

  /** What {@code own} (may be null) chooses: the jar, the command, or the reference apps. */
  static AppChoice appChoice(OwnApp own) {
    if (own != null && own.jar != null) {
      return new AppChoice(Optional.of(new AppLaunch.Jar(own.jar.toAbsolutePath())));
    }
    if (own != null && own.command != null) {
      return new AppChoice(Optional.of(new AppLaunch.Command(own.command)));
    }
    return AppChoice.referenceApps();
  }

  /** The output directory: {@code -d}, or one named after {@code name} and the start time. */
  Path outputDir(String name, Instant startedAt) {
    return outputDir != null
        ? outputDir
        : Path.of("streamgauge-results", name + "-" + STAMP.format(startedAt));
  }
}
