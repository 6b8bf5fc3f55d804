package io.streamgauge.run;

import java.time.Duration;

/**
 * How long the phases that wait on something outside the run may wait (the whole run is also
 * bounded by {@code spec.schedule.timeout}).
 *
 * @param kafkaReady ProvisioningKafka: until the cluster is ready
 * @param componentReady DeployingApp and StartingLoad: until each component is ready
 * @param collecting Collecting: retrying an unreachable Prometheus or latency consumer
 * @param settle Collecting: wait after the window's end so the last scrapes and records land
 */
public record PhaseTimeouts(
    Duration kafkaReady, Duration componentReady, Duration collecting, Duration settle) {

  /** Defaults for a real cluster. */
  public static final PhaseTimeouts DEFAULT =
      new PhaseTimeouts(
          Duration.ofMinutes(15),
          Duration.ofMinutes(10),
          Duration.ofMinutes(5),
          Duration.ofSeconds(5));
}
