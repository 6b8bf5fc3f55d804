package io.streamgauge.platform.local;

import io.streamgauge.common.ExecutableLookup;
import io.streamgauge.common.PrometheusConfig;
import io.streamgauge.common.PrometheusConfig.ScrapeJob;
import io.streamgauge.platform.ComponentStatus;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * The run's Prometheus: the real server binary (Debian's {@code prometheus} package), scraping the
 * app, the latency consumer and the load generator on loopback. Its configuration and data stay in
 * the run's directory, so the run can be queried again afterwards.
 */
final class LocalPrometheus {

  private final String binary;
  private final Path dir;
  private final Path log;
  private final int port;
  private final Duration scrapeInterval;
  private final List<ScrapeJob> jobs;
  private final ProcessGuard guard;
  private ChildProcess process;
  private boolean ready;

  LocalPrometheus(
      String binary,
      Path dir,
      Path log,
      int port,
      Duration scrapeInterval,
      List<ScrapeJob> jobs,
      ProcessGuard guard) {
    this.binary = binary;
    this.dir = dir;
    this.log = log;
    this.port = port;
    this.scrapeInterval = scrapeInterval;
    this.jobs = jobs;
    this.guard = guard;
  }

  /**
   * The server binary: {@code configured} if given, else {@code $PROMETHEUS_BIN}, else {@code
   * prometheus} where {@link ExecutableLookup} looks (beside the command, the PATH, the checkout's
   * {@code bin/}).
   *
   * @throws LocalEnvironmentException when there is none, saying how to get one
   */
  static String binary(String configured, Map<String, String> env) {
    if (configured != null && !configured.isBlank()) {
      if (!Files.isExecutable(Path.of(configured))) {
        throw new LocalEnvironmentException(
            "Prometheus binary " + configured + " (--prometheus-bin) is not an executable file");
      }
      return configured;
    }
    String fromEnv = env.get("PROMETHEUS_BIN");
    if (fromEnv != null && !fromEnv.isBlank()) {
      return binary(fromEnv, Map.of());
    }
    ExecutableLookup lookup = ExecutableLookup.of("prometheus", env);
    return lookup
        .found()
        .map(Path::toString)
        .orElseThrow(
            () ->
                new LocalEnvironmentException(
                    "prometheus not found ("
                        + lookup.whereLooked()
                        + "): install it (`make prometheus`, or `sudo apt-get install"
                        + " prometheus`), or pass --prometheus-bin / set PROMETHEUS_BIN to a"
                        + " Prometheus binary"));
  }

  /** The HTTP API's base URL. */
  URI url() {
    return URI.create("http://127.0.0.1:" + port);
  }

  /** Starts the server if needed; Ready once it answers {@code /-/ready}. */
  ComponentStatus ensure() throws IOException {
    if (process == null) {
      Files.createDirectories(dir);
      Path config = dir.resolve("prometheus.yml");
      Files.writeString(config, PrometheusConfig.yaml(scrapeInterval, jobs));
      process =
          ChildProcess.start(
              "prometheus",
              List.of(
                  binary,
                  "--config.file=" + config,
                  "--storage.tsdb.path=" + dir.resolve("data"),
                  "--web.listen-address=127.0.0.1:" + port),
              Map.of(),
              log,
              guard);
    }
    if (!process.isAlive()) {
      return process.failed();
    }
    if (!ready) {
      ready = HealthProbe.ok(url().resolve("/-/ready"));
    }
    return ready
        ? new ComponentStatus.Ready(url().toString())
        : new ComponentStatus.Starting("Prometheus starting on " + url());
  }

  void stop(Duration grace) {
    if (process != null) {
      process.stop(grace);
    }
  }
}
