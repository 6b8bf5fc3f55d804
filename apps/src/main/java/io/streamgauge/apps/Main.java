package io.streamgauge.apps;

import io.streamgauge.common.AppProcess;
import io.streamgauge.common.ContractSettings;
import io.streamgauge.common.ReferenceAppStart;
import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import org.apache.kafka.common.TopicPartition;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The {@code streams-app} command: runs one scenario's Kafka Streams topology until SIGTERM, which
 * closes the streams within {@code shutdown.timeout.ms}. Settings come from {@code --config FILE}
 * (a properties file) overlaid by {@code STREAMGAUGE_APP_*} environment variables; see {@link
 * AppSettings}. Exits as every reference app does ({@link ReferenceAppStart.ExitCode}).
 */
@Command(
    name = "streams-app",
    mixinStandardHelpOptions = true,
    description = "Kafka Streams reference app under test for Streamgauge benchmarks.")
public final class Main implements Callable<Integer> {

  /** Settings that say how to reach the brokers, passed to the topic check. */
  @Option(
      names = {"-c", "--config"},
      paramLabel = "FILE",
      description =
          "Settings as a properties file; STREAMGAUGE_APP_* environment variables override it.")
  private Path configFile;

  public static void main(String[] args) {
    // Kafka Streams' warnings (rebalances, task migrations) matter for an app under test.
    System.setProperty("org.slf4j.simpleLogger.log.org.apache.kafka", "warn");
    System.setProperty("org.slf4j.simpleLogger.defaultLogLevel", "warn");
    System.exit(new CommandLine(new Main()).execute(args));
  }

  @Override
  public Integer call() throws Exception {
    return ReferenceAppStart.run(
            "streams-app",
            configFile,
            new ReferenceAppStart.Runtime<>(
                AppSettings::from,
                AppSettings::contract,
                Main::clientConfig,
                Main::app,
                Main::describe),
            System.err)
        .code();
  }

  /**
   * The app; one measured by its restoration reads, before it starts, the changelog partitions
   * holding records: those it restores cold.
   */
  private static ReferenceAppStart.App app(AppSettings settings, Map<String, Integer> partitions) {
    Set<TopicPartition> toRestore = null;
    if (settings.topology().restores()) {
      toRestore =
          ChangelogPartitions.commitEnds(
              settings.bootstrapServers(),
              clientConfig(settings),
              settings.applicationId(),
              partitions);
      System.err.println(
          "streams-app: restoring " + ChangelogPartitions.describe(toRestore) + " cold");
    }
    return new StreamsApp(
        settings,
        settings.topology().build(settings.topics(), settings.schemaRegistryUrl()),
        System.err,
        toRestore);
  }

  /** The connection settings (security and the like) the topic check needs too. */
  private static Map<String, String> clientConfig(AppSettings settings) {
    Properties streams = settings.streamsProperties();
    return streams.stringPropertyNames().stream()
        .filter(k -> ContractSettings.CONNECTION_PREFIXES.stream().anyMatch(k::startsWith))
        .collect(Collectors.toMap(k -> k, streams::getProperty));
  }

  private static String describe(AppSettings settings, int port) {
    var p = settings.streamsProperties();
    return "streams-app: "
        + settings.topology().scenario()
        + " as "
        + settings.applicationId()
        + " ("
        + settings.processingGuarantee()
        + ", commit.interval.ms "
        + p.getProperty("commit.interval.ms", "default")
        + ", "
        + p.getProperty("num.stream.threads", "1")
        + " stream thread(s)), topics "
        + settings.topics()
        + (port >= 0
            ? ", /metrics and /health"
                + (settings.topology().restores() ? " and /restored" : "")
                + " on :"
                + port
            : "")
        + "; "
        + AppProcess.jvmView();
  }
}
