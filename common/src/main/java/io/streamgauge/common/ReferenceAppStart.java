package io.streamgauge.common;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BiFunction;
import java.util.function.Function;
import sun.misc.Signal;

/**
 * How every reference app starts and ends, the same way whatever its runtime: its settings read
 * from {@code --config FILE} overlaid by {@code STREAMGAUGE_APP_*} and checked, its topics found on
 * the brokers, then the app started, described in one line, and waited on until SIGTERM closes it
 * (then it exits 0) or it fails. Each outcome has its {@link ExitCode}.
 */
public final class ReferenceAppStart {

  /** What a reference app exits with (docs/guides/runtimes.md). */
  public enum ExitCode {
    /** Closed by SIGTERM, or stopped without a failure. */
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

    /** Stops it within its shutdown timeout; called once, on SIGTERM or as the JVM shuts down. */
    void close();
  }

  /**
   * One runtime's reference app: how its settings are read, and how the app is made from them.
   *
   * @param settings reads its settings, every problem at once
   * @param contract the contract's part of the settings: the brokers and topics checked before
   *     starting
   * @param connection the client settings the topic check connects with
   * @param app the app, once its topics were found with their partitions (by topic name); it may
   *     throw {@link TopicCheck.TopicCheckException} when what it needs of them is not there
   * @param describe the line saying what started: scenario, id, guarantee, topics, the port of
   *     /metrics, what the JVM sees
   * @param <S> its settings
   */
  public record Runtime<S>(
      SettingsReader<S> settings,
      Function<S, ContractSettings> contract,
      Function<S, Map<String, String>> connection,
      BiFunction<S, Map<String, Integer>, App> app,
      BiFunction<S, Integer, String> describe) {

    /** A runtime whose topic check connects with the contract's connection settings. */
    public Runtime(
        SettingsReader<S> settings,
        Function<S, ContractSettings> contract,
        BiFunction<S, Map<String, Integer>, App> app,
        BiFunction<S, Integer, String> describe) {
      this(settings, contract, s -> contract.apply(s).connection(), app, describe);
    }
  }

  /**
   * Reads a runtime's settings.
   *
   * @param <S> its settings
   */
  @FunctionalInterface
  public interface SettingsReader<S> {

    /** The settings of {@code raw}, every problem at once. */
    S read(RawAppSettings raw) throws ContractSettings.InvalidSettingsException;
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
      settings = runtime.settings().read(RawAppSettings.read(configFile, System.getenv()));
    } catch (IOException e) {
      log.println(name + ": " + e.getMessage());
      return ExitCode.BAD_SETTINGS;
    } catch (ContractSettings.InvalidSettingsException e) {
      e.problems().forEach(p -> log.println(name + ": settings: " + p));
      return ExitCode.BAD_SETTINGS;
    }
    App app;
    try {
      ContractSettings contract = runtime.contract().apply(settings);
      Map<String, Integer> partitions =
          TopicCheck.partitions(
              contract.bootstrapServers(),
              runtime.connection().apply(settings),
              List.copyOf(contract.topics().values()));
      app = runtime.app().apply(settings, partitions);
    } catch (TopicCheck.TopicCheckException | IllegalStateException e) {
      log.println(name + ": " + e.getMessage());
      return ExitCode.KAFKA_UNREACHABLE;
    }
    Closing closing = new Closing(app);
    // SIGTERM closes the app and lets it exit 0, its code for a clean stop; the JVM's default
    // would exit 143 whatever the close did. Any other way the JVM ends still closes it.
    Signal.handle(new Signal("TERM"), signal -> new Thread(closing, name + "-sigterm").start());
    java.lang.Runtime.getRuntime().addShutdownHook(new Thread(closing, name + "-shutdown"));
    app.start();
    log.println(runtime.describe().apply(settings, app.metricsPort()));
    Optional<Throwable> failure = app.awaitEnd();
    if (failure.isPresent()) {
      log.println(name + ": failed: " + AppProcess.describe(failure.get()));
      return ExitCode.FAILED;
    }
    return ExitCode.STOPPED;
  }

  /** Closes the app once; a second caller waits until the first close has finished. */
  private static final class Closing implements Runnable {
    private final App app;
    private boolean closed;

    Closing(App app) {
      this.app = app;
    }

    @Override
    public synchronized void run() {
      if (!closed) {
        closed = true;
        app.close();
      }
    }
  }
}
