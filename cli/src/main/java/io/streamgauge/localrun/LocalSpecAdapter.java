package io.streamgauge.localrun;

import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import io.streamgauge.api.BenchmarkRunSpec;
import io.streamgauge.api.CleanupPolicy;
import io.streamgauge.api.ExternalKafkaSpec;
import io.streamgauge.api.LoadTopicSpec;
import io.streamgauge.api.ScheduleSpec;
import io.streamgauge.common.SpecDuration;
import io.streamgauge.scenario.SpecDefaulter;
import java.time.Duration;
import java.util.LinkedHashMap;

/**
 * Resolves a written spec for one machine, as the options say: shorter windows, scaled rates, the
 * local Prometheus' scrape interval, an existing cluster instead of a local broker. Cleanup is left
 * to the CLI, which stops every process itself once it has read what it can. The result is what the
 * run records as its spec, so a report always shows what actually ran.
 */
final class LocalSpecAdapter {

  private static final KubernetesSerialization SERIALIZATION = new KubernetesSerialization();

  private LocalSpecAdapter() {}

  /**
   * The spec that runs: {@code written} with the window and timeout options applied, then every
   * default resolved as the operator resolves it, then adapted to this machine. A timeout the user
   * wrote (in the file or as an option) is kept; without one, the run gets warmup + measurement +
   * {@link LocalOptions#TIMEOUT_SLACK}.
   */
  static BenchmarkRunSpec adapt(BenchmarkRunSpec written, LocalOptions options) {
    BenchmarkRunSpec spec = SERIALIZATION.clone(written);
    ScheduleSpec schedule = spec.getSchedule() == null ? new ScheduleSpec() : spec.getSchedule();
    spec.setSchedule(schedule);
    boolean timeoutGiven = schedule.getTimeout() != null || options.timeout() != null;
    if (options.warmup() != null) {
      schedule.setWarmup(SpecDuration.format(options.warmup()));
    }
    if (options.measurement() != null) {
      schedule.setMeasurement(SpecDuration.format(options.measurement()));
    }
    if (options.timeout() != null) {
      schedule.setTimeout(SpecDuration.format(options.timeout()));
    }
    spec = new SpecDefaulter().apply(spec);
    if (!timeoutGiven) {
      Duration windows =
          SpecDuration.parse(spec.getSchedule().getWarmup())
              .plus(SpecDuration.parse(spec.getSchedule().getMeasurement()));
      spec.getSchedule().setTimeout(SpecDuration.format(windows.plus(LocalOptions.TIMEOUT_SLACK)));
    }
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
    // No cAdvisor here: nothing is scraped at another interval.
    spec.getPrometheus().setCadvisorScrapeInterval(interval);
    spec.getCleanup().setPolicy(CleanupPolicy.Never);
    if (options.bootstrapServers() != null) {
      // The spec's shared cluster keeps its client settings, TLS and credentials; only the
      // address changes.
      ExternalKafkaSpec external =
          spec.getKafka().getExternal() == null
              ? new ExternalKafkaSpec()
              : spec.getKafka().getExternal();
      external.setBootstrapServers(options.bootstrapServers());
      if (external.getClientConfig() == null) {
        external.setClientConfig(new LinkedHashMap<>());
      }
      spec.getKafka().setExternal(external);
      spec.getKafka().setProvision(null);
    }
    return spec;
  }
}
