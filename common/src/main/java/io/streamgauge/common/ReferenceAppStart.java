package io.streamgauge.common;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * How every reference app starts and ends, the same way whatever its runtime: its settings read
 * from {@code --config FILE} overlaid by {@code STREAMGAUGE_APP_*} and checked, its topics found on
 * the brokers, then the app started, described in one line, and waited on until SIGTERM closes it
 * (a shutdown hook) or it fails. Each outcome has its {@link ExitCode}.
 */
public final class ReferenceAppStart {

  /** What a reference app exits with (docs/guides/runtimes.md). */
  public enum ExitCode {
    /** Closed by SIGTERM (the JVM then exits 143) or stopped without a failure. */
    STOPPED(0),
    /** The app failed while running: a stream thread, a client or the job. */
    FAILED(1),
    /** A setting is missing or invalid, or the settings file cannot be read. */
    BAD_SETTINGS(2),
    /** Kafka cannot be reached, or a topic the app reads or writes is missing. */
    KAFKA_UNREACHABLE(3);

    private final int code;

    ExitCode(int code) {
      this.code = code;
    }

    /** The process's exit code. */
    public int code() {
      return code;
    }
  }

  /** A reference app once its settings are read: what the start needs of it. */
  public interface App {

    /** Serves /metrics and /health (unless the port is off) and starts processing. */
    void start() throws Exception;

    /** The port of /metrics and /health, or -1 when off. */
    int metricsPort();

    /** Blocks until the app stopped; the failure that stopped it, if one did. */
    Optional<Throwable> awaitEnd() throws Exception;

    /** Stops it within its shutdown timeout; called by the shutdown hook on SIGTERM. */
    void close();
  }

  /**
   * One runtime's reference app: how its settings are read, and how the app is made from them.
   *
   * @param <S> its settings
   */
  public interface Runtime<S> {

    /** Its settings, every problem at once. */
    S settings(RawAppSettings raw) throws ContractSettings.InvalidSettingsException;

    /** The contract's part of {@code settings}: the brokers and topics checked before starting. */
    ContractSettings contract(S settings);

    /** The client settings the topic check connects with: the contract's connection settings. */
    default Map<String, String> connection(S settings) {
      return contract(settings).connection();
    }

    /**
     * The app, once its topics were found with {@code partitions} (by topic name).
     *
     * @throws TopicCheck.TopicCheckException when what the app needs of its topics is not there
     */
    App app(S settings, Map<String, Integer> partitions);

    /** The line saying what started: scenario, id, guarantee, topics, port, what the JVM sees. */
    String describe(S settings, int metricsPort);
  }

  private ReferenceAppStart() {}

  /**
   * Starts {@code name}'s app of {@code runtime} from {@code configFile} (may be null) and the
   * environment, saying on {@code log} what went wrong, each line starting with {@code name}.
   *
   * @return the exit code
   */
  public static <S> ExitCode run(String name, Path configFile, Runtime<S> runtime, PrintStream log)
      throws Exception {
    S settings;
    try {
      settings = runtime.settings(RawAppSettings.read(configFile, System.getenv()));
    } catch (IOException e) {
      log.println(name + ": " + e.getMessage());
      return ExitCode.BAD_SETTINGS;
    } catch (ContractSettings.InvalidSettingsException e) {
      e.problems().forEach(p -> log.println(name + ": settings: " + p));
      return ExitCode.BAD_SETTINGS;
    }
    App app;
    try {
      ContractSettings contract = runtime.contract(settings);
      Map<String, Integer> partitions =
          TopicCheck.partitions(
              contract.bootstrapServers(),
              runtime.connection(settings),
              List.copyOf(contract.topics().values()));
      app = runtime.app(settings, partitions);
    } catch (TopicCheck.TopicCheckException | IllegalStateException e) {
      log.println(name + ": " + e.getMessage());
      return ExitCode.KAFKA_UNREACHABLE;
    }
    java.lang.Runtime.getRuntime().addShutdownHook(new Thread(app::close, name + "-shutdown"));
    app.start();
    log.println(runtime.describe(settings, app.metricsPort()));
    Optional<Throwable> failure = app.awaitEnd();
    if (failure.isPresent()) {
      log.println(name + ": failed: " + AppProcess.describe(failure.get()));
      return ExitCode.FAILED;
    }
    return ExitCode.STOPPED;
  }
}
