package io.streamgauge.testing.prometheus;

import io.streamgauge.common.ExecutableOnPath;
import io.streamgauge.common.ListenPorts;
import io.streamgauge.common.PrometheusConfig;
import io.streamgauge.common.PrometheusConfig.ScrapeJob;
import io.streamgauge.testing.HttpReadiness;
import io.streamgauge.testing.StopWithThisJvm;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * A real Prometheus server (Debian's {@code prometheus} binary, or {@code $PROMETHEUS_BIN}) on a
 * free loopback port with a generated configuration and a throwaway data directory, scraping the
 * given targets. For metrics tests; {@link #close} stops it and deletes the directory.
 */
public final class PrometheusServer implements AutoCloseable {

  private static final Duration STARTUP = Duration.ofSeconds(60);

  private final Path dir;
  private final int port;
  private final Process process;

  private PrometheusServer(Path dir, int port, Process process) {
    this.dir = dir;
    this.port = port;
    this.process = process;
  }

  /**
   * Starts Prometheus scraping every {@code scrapeInterval}.
   *
   * @param jobs scrape jobs: job name → {@code host:port} targets (path {@code /metrics})
   * @throws IllegalStateException when the binary is missing (saying how to get it) or the server
   *     does not become ready
   */
  public static PrometheusServer start(Duration scrapeInterval, Map<String, List<String>> jobs) {
    List<ScrapeJob> scrapeJobs = new ArrayList<>();
    jobs.forEach((name, targets) -> scrapeJobs.add(new ScrapeJob(name, targets, Map.of())));
    return start(scrapeInterval, scrapeJobs);
  }

  /** Starts Prometheus scraping {@code jobs} every {@code scrapeInterval}. */
  public static PrometheusServer start(Duration scrapeInterval, List<ScrapeJob> jobs) {
    try {
      Path dir = Files.createTempDirectory("sg-prometheus-");
      return start(dir, dir.resolve("data"), scrapeInterval, jobs);
    } catch (IOException e) {
      throw new IllegalStateException("cannot start Prometheus: " + e, e);
    }
  }

  /**
   * Serves the data another Prometheus left in {@code dataDir} (e.g. a local run's {@code
   * prometheus/data}), scraping nothing; {@link #close} keeps that data.
   */
  public static PrometheusServer serve(Path dataDir) {
    try {
      return start(
          Files.createTempDirectory("sg-prometheus-"), dataDir, Duration.ofMinutes(1), List.of());
    } catch (IOException e) {
      throw new IllegalStateException("cannot start Prometheus: " + e, e);
    }
  }

  /**
   * Serves the samples of {@code openMetrics} (OpenMetrics text with a timestamp on every sample,
   * ending in {@code # EOF}), written into blocks by {@code promtool tsdb create-blocks-from
   * openmetrics}, scraping nothing: for queries over series whose sample times a test chooses.
   * {@link #close} deletes them.
   *
   * @throws IllegalStateException when promtool is missing (saying how to get it) or refuses the
   *     text
   */
  public static PrometheusServer backfilled(String openMetrics) {
    return backfilled(openMetrics, Duration.ofMinutes(5));
  }

  /**
   * As {@link #backfilled(String)}, with {@code lookback} as the query lookback delta (Prometheus'
   * default is 5 minutes): a series whose last sample is older than that is not there at an
   * instant, as a series marked stale is not; backfilled series carry no staleness markers.
   */
  public static PrometheusServer backfilled(String openMetrics, Duration lookback) {
    try {
      Path dir = Files.createTempDirectory("sg-prometheus-");
      Path input = Files.writeString(dir.resolve("samples.om"), openMetrics);
      Path data = dir.resolve("data");
      String promtool = promtool();
      Process process =
          new ProcessBuilder(
                  promtool,
                  "tsdb",
                  "create-blocks-from",
                  "openmetrics",
                  input.toString(),
                  data.toString())
              .redirectErrorStream(true)
              .redirectOutput(dir.resolve("promtool.log").toFile())
              .start();
      if (!process.waitFor(60, java.util.concurrent.TimeUnit.SECONDS) || process.exitValue() != 0) {
        process.destroyForcibly();
        throw new IllegalStateException(
            promtool
                + " could not write the samples: "
                + Files.readString(dir.resolve("promtool.log")));
      }
      return start(
          dir,
          data,
          Duration.ofMinutes(1),
          List.of(),
          List.of("--query.lookback-delta=" + lookback.toSeconds() + "s"));
    } catch (IOException e) {
      throw new IllegalStateException("cannot backfill Prometheus: " + e, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while backfilling Prometheus", e);
    }
  }

  private static PrometheusServer start(
      Path dir, Path data, Duration scrapeInterval, List<ScrapeJob> jobs) throws IOException {
    return start(dir, data, scrapeInterval, jobs, List.of());
  }

  private static PrometheusServer start(
      Path dir, Path data, Duration scrapeInterval, List<ScrapeJob> jobs, List<String> flags)
      throws IOException {
    String binary = binary();
    Files.writeString(dir.resolve("prometheus.yml"), PrometheusConfig.yaml(scrapeInterval, jobs));
    int port = ListenPorts.pick();
    Process process;
    try {
      List<String> command = new ArrayList<>();
      command.add(binary);
      command.add("--config.file=" + dir.resolve("prometheus.yml"));
      command.add("--storage.tsdb.path=" + data);
      command.add("--web.listen-address=127.0.0.1:" + port);
      command.add("--log.level=warn");
      command.addAll(flags);
      process =
          new ProcessBuilder(command)
              .redirectErrorStream(true)
              .redirectOutput(dir.resolve("prometheus.log").toFile())
              .start();
      StopWithThisJvm.register(process);
    } catch (IOException e) {
      throw new IllegalStateException("cannot start Prometheus (" + binary + "): " + e, e);
    }
    PrometheusServer server = new PrometheusServer(dir, port, process);
    server.awaitReady();
    return server;
  }

  /** The base URL of the HTTP API. */
  public String url() {
    return "http://127.0.0.1:" + port;
  }

  /** The server's log. */
  public String log() {
    try {
      return Files.readString(dir.resolve("prometheus.log"));
    } catch (IOException e) {
      return "(no log)";
    }
  }

  /** Stops the server and deletes its directory (a served data directory stays). */
  @Override
  public void close() {
    process.destroy();
    try {
      if (!process.waitFor(10, java.util.concurrent.TimeUnit.SECONDS)) {
        process.destroyForcibly().waitFor();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      process.destroyForcibly();
    }
    try (Stream<Path> files = Files.walk(dir)) {
      files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    } catch (IOException e) {
      // a leftover temporary directory is harmless
    }
  }

  /** {@code $PROMTOOL_BIN}, else the promtool beside {@code $PROMETHEUS_BIN}, else on PATH. */
  private static String promtool() {
    String configured = System.getenv("PROMTOOL_BIN");
    if (configured != null && !configured.isBlank()) {
      return configured;
    }
    String path = System.getenv().getOrDefault("PATH", "");
    String prometheus = System.getenv("PROMETHEUS_BIN");
    if (prometheus != null && !prometheus.isBlank() && Path.of(prometheus).getParent() != null) {
      path = Path.of(prometheus).getParent() + ":" + path;
    }
    return ExecutableOnPath.find("promtool", Map.of("PATH", path))
        .map(Path::toString)
        .orElseThrow(
            () ->
                new IllegalStateException(
                    "promtool not found on PATH: run `make tools` (installs Debian's prometheus"
                        + " package, which has it) or set PROMTOOL_BIN"));
  }

  private static String binary() {
    String configured = System.getenv("PROMETHEUS_BIN");
    if (configured != null && !configured.isBlank()) {
      return configured;
    }
    return ExecutableOnPath.find("prometheus", System.getenv())
        .map(Path::toString)
        .orElseThrow(
            () ->
                new IllegalStateException(
                    "prometheus not found on PATH: run `make tools` (installs Debian's prometheus"
                        + " package) or set PROMETHEUS_BIN to a Prometheus 2.x binary"));
  }

  private void awaitReady() {
    try {
      HttpReadiness.await(
          process, URI.create(url() + "/-/ready"), STARTUP, "Prometheus", this::log);
    } catch (IllegalStateException e) {
      close();
      throw e;
    }
  }
}
