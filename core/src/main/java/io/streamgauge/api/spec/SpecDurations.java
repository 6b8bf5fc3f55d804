package io.streamgauge.api.spec;

import io.streamgauge.common.SpecDuration;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * A resolved spec's durations as typed values: the spec keeps them as the strings the CRD and YAML
 * files carry ({@code 1m30s}), and they are read here, once, at the edge; the run's steps, checks
 * and summaries work with these. A field the resolved spec leaves unset is null, or empty where
 * unset has a meaning of its own (no catch-up, no time to live).
 *
 * @param warmup {@code schedule.warmup}
 * @param measurement {@code schedule.measurement}
 * @param timeout {@code schedule.timeout}
 * @param catchUp {@code schedule.catchUp}; empty: the warmup starts once the load runs
 * @param catchUpHold {@code schedule.catchUpHold}, or its default
 * @param rampUp {@code schedule.rampUp}, or zero without one
 * @param drainTimeout {@code schedule.drainTimeout}
 * @param scrapeInterval {@code prometheus.scrapeInterval}
 * @param cadvisorScrapeInterval {@code prometheus.cadvisorScrapeInterval}
 * @param resolution {@code prometheus.resolution}
 * @param ttlAfterFinished {@code cleanup.ttlAfterFinished}; empty: kept until deleted
 * @param faults each of {@code spec.faults}, in order
 */
public record SpecDurations(
    Duration warmup,
    Duration measurement,
    Duration timeout,
    Optional<Duration> catchUp,
    Duration catchUpHold,
    Duration rampUp,
    Duration drainTimeout,
    Duration scrapeInterval,
    Duration cadvisorScrapeInterval,
    Duration resolution,
    Optional<Duration> ttlAfterFinished,
    List<FaultTimes> faults) {

  /**
   * One fault's times.
   *
   * @param at after the measurement window's start
   * @param duration how long a pause lasts; empty for the other kinds
   */
  public record FaultTimes(Duration at, Optional<Duration> duration) {}

  /** The durations of {@code spec}, its defaults resolved. */
  public static SpecDurations of(BenchmarkRunSpec spec) {
    ScheduleSpec schedule = spec.getSchedule();
    PrometheusSpec prometheus = spec.getPrometheus();
    return new SpecDurations(
        parsed(schedule.getWarmup()),
        parsed(schedule.getMeasurement()),
        parsed(schedule.getTimeout()),
        Optional.ofNullable(parsed(schedule.getCatchUp())),
        schedule.catchUpHoldOrDefault(),
        schedule.getRampUp() == null ? Duration.ZERO : parsed(schedule.getRampUp()),
        parsed(schedule.getDrainTimeout()),
        prometheus == null ? null : parsed(prometheus.getScrapeInterval()),
        prometheus == null ? null : parsed(prometheus.getCadvisorScrapeInterval()),
        prometheus == null ? null : parsed(prometheus.getResolution()),
        Optional.ofNullable(
            spec.getCleanup() == null ? null : parsed(spec.getCleanup().getTtlAfterFinished())),
        spec.getFaults() == null
            ? List.of()
            : spec.getFaults().stream().map(SpecDurations::times).toList());
  }

  private static FaultTimes times(FaultSpec fault) {
    return new FaultTimes(parsed(fault.getAt()), Optional.ofNullable(parsed(fault.getDuration())));
  }

  private static Duration parsed(String duration) {
    return duration == null ? null : SpecDuration.parse(duration);
  }
}
