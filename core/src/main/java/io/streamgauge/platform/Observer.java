package io.streamgauge.platform;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.streamgauge.metrics.Component;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * Reads the run's components without changing them: their health, their instances, the app's
 * start-up, what the run ran on, and what measures it.
 */
public interface Observer {

  /**
   * The state of a component started earlier, read without creating anything: Failed when it
   * failed, restarted or is gone.
   */
  ComponentStatus health(RunContext run, Component component);

  /**
   * The component's instances now (pods, processes), to tell the ones the warmup started with from
   * replacements: a replaced app starts cold, a replaced latency consumer lost its histograms.
   */
  List<ComponentInstance> instances(RunContext run, Component component);

  /**
   * What measures the run: its latency consumer and Prometheus, where this platform reaches them
   * (usually {@link HttpRunMeasurements}).
   */
  RunMeasurements measurements(RunContext run);

  /**
   * How long after the load started the warmup may wait for Prometheus' first scrape of every
   * component ({@link RunMeasurements#awaitingFirstScrape}); zero when the platform does not wait
   * (its Prometheus scrapes a new target at once).
   */
  default Duration firstScrapeWait() {
    return Duration.ZERO;
  }

  /**
   * When the app came up (pod created, container started, readiness first answered), or empty when
   * it cannot be told: no app, not yet ready, or its pod gone.
   */
  Optional<AppStartup> appStartup(RunContext run);

  /**
   * What the run ran on, for its result document: the nodes (capacity, allocatable CPU and memory,
   * kernel, container runtime) and the app's image as the node pulled it, or this machine; an empty
   * object when nothing can be read.
   */
  ObjectNode environment(RunContext run);
}
