package io.streamgauge.platform.local;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

/**
 * Where and how a local run executes.
 *
 * @param runDir the run's output directory: result files, {@code logs/}, {@code prometheus/}
 * @param ports the loopback ports, chosen up front
 * @param app how the app under test is started
 * @param prometheusBinary the Prometheus server binary
 * @param scrapeInterval how often Prometheus scrapes (the spec's, adapted for local windows)
 * @param guard the watchdog every process is registered with
 * @param processors this machine's processors (the app's JVM is told at most this many)
 * @param kafkaSecrets the run's secret Kafka client settings (SASL's JAAS configuration, PEM
 *     certificates and key), resolved from {@code --secrets-dir}; empty without any
 */
public record LocalSetup(
    Path runDir,
    LocalPorts ports,
    AppLaunch app,
    String prometheusBinary,
    Duration scrapeInterval,
    ProcessGuard guard,
    int processors,
    Map<String, String> kafkaSecrets) {

  /** Every process's log. */
  public Path logDir() {
    return runDir.resolve("logs");
  }

  /** Broker data and app state: deleted when the run's processes stop. */
  public Path scratchDir() {
    return runDir.resolve("scratch");
  }
}
