package io.streamgauge.localrun;

import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import io.streamgauge.api.spec.BenchmarkRunSpec;
import io.streamgauge.api.spec.CleanupPolicy;
import io.streamgauge.api.spec.ExternalKafkaSpec;
import io.streamgauge.api.spec.LoadTopicSpec;
import io.streamgauge.api.spec.Scenario;
import io.streamgauge.api.spec.ScheduleSpec;
import io.streamgauge.common.SpecDuration;
import io.streamgauge.scenario.RateScaling;
import io.streamgauge.scenario.SpecDefaulter;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Resolves a written spec for one machine, as the options say: shorter windows, scaled rates, the
 * local Prometheus' scrape interval, an existing cluster instead of a local broker. Cleanup is left
 * to the CLI, which stops every process itself once it has read what it can. The result is what the
 * run records as its spec, so a report always shows what actually ran.
 */
final class LocalSpecAdapter {

  private static final KubernetesSerialization SERIALIZATION = new KubernetesSerialization();

  /**
   * A state-restoration run's prepopulated records on one machine, as a share of the methodology's
   * (155.8 M records, 16.8 GB): 1.56 M records, about 170 MB, prepopulated and restored in a minute
   * or two on 2 cores. A topic whose {@code prepopulateRecords} the spec writes keeps it.
   */
  static final double LOCAL_RESTORATION_SHARE = 0.01;

  private LocalSpecAdapter() {}

  /**
   * The spec that runs: {@code written} with the window and timeout options applied, then every
   * default resolved as the operator resolves it, then adapted to this machine. A timeout the user
   * wrote (in the file or as an option) is kept; without one, the run gets warmup + measurement +
   * {@link LocalOptions#TIMEOUT_SLACK} (+ the catch-up's bound, when set).
   */
  static BenchmarkRunSpec adapt(BenchmarkRunSpec written, LocalOptions options) {
    BenchmarkRunSpec spec = SERIALIZATION.clone(written);
    ScheduleSpec schedule = spec.getSchedule() == null ? new ScheduleSpec() : spec.getSchedule();
    spec.setSchedule(schedule);
    boolean timeoutGiven = schedule.getTimeout() != null || options.timeout() != null;
    if (options.catchUp() != null) {
      schedule.setCatchUp(SpecDuration.format(options.catchUp()));
    }
    if (options.catchUpHold() != null) {
      schedule.setCatchUpHold(SpecDuration.format(options.catchUpHold()));
    }
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
      spec.getSchedule()
          .setTimeout(
              SpecDuration.format(
                  spec.getSchedule().catchUpAndWindows().plus(LocalOptions.TIMEOUT_SLACK)));
    }
    if (spec.getScenario() == Scenario.STATE_RESTORATION) {
      Set<String> chosen = writtenPrepopulations(written);
      for (LoadTopicSpec topic : spec.getLoad().getTopics()) {
        if (topic.getPrepopulateRecords() != null && !chosen.contains(topic.getName())) {
          topic.setPrepopulateRecords(
              Math.max(1, Math.round(topic.getPrepopulateRecords() * LOCAL_RESTORATION_SHARE)));
        }
      }
    }
    RateScaling.scale(spec, options.rateScale());
    String interval = SpecDuration.format(scrapeInterval(written, options));
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

  /** The option's scrape interval, else the one the written spec sets, else the local default. */
  private static Duration scrapeInterval(BenchmarkRunSpec written, LocalOptions options) {
    if (options.scrapeInterval() != null) {
      return options.scrapeInterval();
    }
    String inSpec =
        written.getPrometheus() == null ? null : written.getPrometheus().getScrapeInterval();
    return inSpec == null ? LocalOptions.DEFAULT_SCRAPE_INTERVAL : SpecDuration.parse(inSpec);
  }

  /** The topics whose prepopulated records the written spec sets itself. */
  private static Set<String> writtenPrepopulations(BenchmarkRunSpec written) {
    if (written.getLoad() == null || written.getLoad().getTopics() == null) {
      return Set.of();
    }
    return written.getLoad().getTopics().stream()
        .filter(t -> t.getPrepopulateRecords() != null)
        .map(LoadTopicSpec::getName)
        .collect(Collectors.toSet());
  }
}
