package io.streamgauge.api.spec;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.fabric8.generator.annotation.Max;
import io.fabric8.generator.annotation.Min;
import lombok.Getter;
import lombok.Setter;

/**
 * The thresholds of the validity checks a finished run is judged by ({@code
 * status.summary.checks}); a run that fails one still succeeds, with its {@code Valid} condition
 * False.
 */
@Getter
@Setter
public class ChecksSpec {

  @JsonPropertyDescription(
      "The produced rate must reach this share of the target over the window, between 0 and 1."
          + " Default 0.99: an open-loop generator that cannot keep up measures itself, not the"
          + " app.")
  @Min(value = 0, inclusive = false)
  @Max(1)
  private Double minProducedShare;

  @JsonPropertyDescription(
      "The load generators' publish delay (actual minus intended send time) at p99 must stay at"
          + " or below this, in ms. Default 5.")
  @Min(value = 0, inclusive = false)
  @Max(3_600_000)
  private Double maxPublishDelayP99Ms;

  @JsonPropertyDescription(
      "The window must time at least this many records. Default 1000: fewer, and p99.9 is the"
          + " largest sample rather than an estimate.")
  @Min(0)
  @Max(1_000_000_000_000L)
  private Long minLatencySamples;

  @JsonPropertyDescription(
      "The app's input lag may grow over the window by at most this share of the target rate"
          + " (least-squares slope of the lag, records/s, over records/s produced). Default 0.01,"
          + " the lag-trend criterion of Theodolite and ShuffleBench: a growing lag means the app"
          + " does not sustain the load.")
  @Min(value = 0, inclusive = false)
  @Max(1)
  private Double maxLagGrowthShare;

  @JsonPropertyDescription(
      "The app may begin the measurement window at most this many seconds of input behind: its"
          + " committed input lag at the window's start, over the target rate. Default 2, and in"
          + " a capacity search at most spec.capacity.latencyP99MaxMs: a window that begins with"
          + " a backlog measures its drain (every record of it waits up to the backlog's age),"
          + " not the steady state at the rate. spec.schedule.catchUp waits for it before the"
          + " warmup starts.")
  @Min(value = 0, inclusive = false)
  @Max(86_400)
  private Double maxBacklogAtStartSeconds;

  @JsonPropertyDescription(
      "The share of CFS periods in which the app's container was throttled by its CPU limit"
          + " may be at most this, between 0 and 1 (Kubernetes, from cAdvisor). Default 0.1: a"
          + " throttled period stalls every thread of the app until the next period (up to 100 ms),"
          + " and a run that hits its limit that often measures the limit more than the app.")
  @Min(0)
  @Max(1)
  private Double maxCpuThrottledShare;

  @JsonPropertyDescription(
      "The app's CPU figure from cAdvisor must describe at least this share of the measurement"
          + " window, between 0 and 1: cAdvisor's samples, which the figure rests on, must span it."
          + " Default 0.5. cAdvisor stamps a busy container one to two housekeeping intervals apart"
          + " (10 s by default) and Prometheus sees a sample up to a scrape interval late, so each"
          + " edge of the window can lose both: a short window on default settings can be described"
          + " by a fraction of it. Unjudged for figures Prometheus stamps itself (local processes).")
  @Min(0)
  @Max(1)
  private Double minCpuCoverage;
}
