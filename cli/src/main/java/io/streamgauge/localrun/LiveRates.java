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
 * for the progress line: {@code produced 1,875/s (target 1,875/s) consumed 1,874/s}.
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
    double target =
        run.spec().getLoad().getTopics().stream()
            .filter(t -> t.getRatePerSecond() != null)
            .mapToDouble(t -> t.getRatePerSecond())
            .sum();
    if (produced == null && consumed == null) {
      return "";
    }
    return "produced %s/s (target %,.0f/s)  consumed %s/s"
        .formatted(format(produced), target, format(consumed));
  }

  private Double rate(RunContext run, Component component, String counter, Duration range) {
    String query =
        "sum(rate(%s{%s}[%dms]))"
            .formatted(counter, RunTargets.selector(run, component), range.toMillis());
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
