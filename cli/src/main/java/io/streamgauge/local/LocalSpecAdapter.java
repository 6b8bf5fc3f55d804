package io.streamgauge.local;

import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import io.streamgauge.api.BenchmarkRunSpec;
import io.streamgauge.api.CleanupPolicy;
import io.streamgauge.api.ExternalKafkaSpec;
import io.streamgauge.api.LoadTopicSpec;
import io.streamgauge.scenario.SpecDuration;
import java.time.Duration;
import java.util.LinkedHashMap;

/**
 * Adapts a resolved spec to one machine, as the options say: shorter windows, scaled rates, the
 * local Prometheus' scrape interval, an existing cluster instead of a local broker. Cleanup is left
 * to the CLI, which stops every process itself once it has read what it can. The result is what the
 * run records as its spec, so a report always shows what actually ran.
 */
final class LocalSpecAdapter {

  private static final KubernetesSerialization SERIALIZATION = new KubernetesSerialization();

  private LocalSpecAdapter() {}

  /** A copy of {@code resolved} adapted by {@code options}. */
  static BenchmarkRunSpec adapt(BenchmarkRunSpec resolved, LocalOptions options) {
    BenchmarkRunSpec spec = SERIALIZATION.clone(resolved);
    var schedule = spec.getSchedule();
    if (options.warmup() != null) {
      schedule.setWarmup(SpecDuration.format(options.warmup()));
    }
    if (options.measurement() != null) {
      schedule.setMeasurement(SpecDuration.format(options.measurement()));
    }
    Duration windows =
        SpecDuration.parse(schedule.getWarmup())
            .plus(SpecDuration.parse(schedule.getMeasurement()));
    schedule.setTimeout(
        SpecDuration.format(
            options.timeout() != null
                ? options.timeout()
                : windows.plus(LocalOptions.TIMEOUT_SLACK)));
    if (options.rateScale() != 1.0) {
      for (LoadTopicSpec topic : spec.getLoad().getTopics()) {
        if (topic.getRatePerSecond() != null) {
          topic.setRatePerSecond(topic.getRatePerSecond() * options.rateScale());
        }
      }
    }
    String interval = SpecDuration.format(options.scrapeInterval());
    spec.getPrometheus().setScrapeInterval(interval);
    spec.getPrometheus().setResolution(interval);
    spec.getCleanup().setPolicy(CleanupPolicy.Never);
    if (options.bootstrapServers() != null) {
      ExternalKafkaSpec external = new ExternalKafkaSpec();
      external.setBootstrapServers(options.bootstrapServers());
      external.setClientConfig(new LinkedHashMap<>());
      spec.getKafka().setExternal(external);
      spec.getKafka().setProvision(null);
    }
    return spec;
  }
}
