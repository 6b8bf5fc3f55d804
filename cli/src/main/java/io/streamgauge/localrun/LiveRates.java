package io.streamgauge.localrun;

import io.streamgauge.metrics.Component;
import io.streamgauge.metrics.PrometheusClient;
import io.streamgauge.metrics.PrometheusException;
import io.streamgauge.metrics.Retry;
import io.streamgauge.metrics.Sample;
import io.streamgauge.platform.RunContext;
import io.streamgauge.platform.RunTargets;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * The produced and consumed rates right now, from the local Prometheus over the last few scrapes,
 * for the progress line: {@code produced 1,875/s (target 1,875/s) consumed 1,874/s}; under a load
 * shape the target is the shaped one over the same seconds.
 */
final class LiveRates {

  private static final Duration TIMEOUT = Duration.ofSeconds(2);

  private final PrometheusClient prometheus;

  LiveRates(URI prometheusUrl) {
    this.prometheus = new PrometheusClient(prometheusUrl, TIMEOUT, Retry.ONCE);
  }

  /** The line, or an empty string while Prometheus has no rate yet. */
  String describe(RunContext run) {
    Duration range = run.durations().scrapeInterval().multipliedBy(3);
    Double produced = rate(run, Component.LOAD_GENERATOR, "sg_loadgen_records_sent_total", range);
    Double consumed =
        rate(run, Component.LATENCY_CONSUMER, "sg_latency_records_consumed_total", range);
    Double target =
        run.spec().getLoad().getShape() == null
            ? Double.valueOf(run.spec().getLoad().totalRatePerSecond())
            : query(
                run, Component.LOAD_GENERATOR, "avg_over_time", "sg_loadgen_target_rate", range);
    if (produced == null && consumed == null) {
      return "";
    }
    return "produced %s/s (target %s/s%s)  consumed %s/s"
        .formatted(
            format(produced),
            format(target),
            run.spec().getLoad().getShape() == null ? "" : ", shaped",
            format(consumed));
  }

  private Double rate(RunContext run, Component component, String counter, Duration range) {
    return query(run, component, "rate", counter, range);
  }

  /**
   * {@code sum(function(metric{run's component}[range]))}: under a load shape the target is the
   * generators' own target-rate gauge averaged like the rates beside it, so both cover the same
   * seconds of a moving load.
   */
  private Double query(
      RunContext run, Component component, String function, String metric, Duration range) {
    String query =
        "sum(%s(%s{%s}[%dms]))"
            .formatted(function, metric, RunTargets.selector(run, component), range.toMillis());
    try {
      List<Sample> samples = prometheus.instant(query, Instant.now());
      return samples.isEmpty() ? null : samples.get(0).value();
    } catch (PrometheusException e) {
      return null;
    }
  }

  private static String format(Double rate) {
    return rate == null || rate.isNaN() ? "–" : "%,.0f".formatted(rate);
  }
}
