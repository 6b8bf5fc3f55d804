package io.streamgauge.api.spec;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.fabric8.generator.annotation.Pattern;
import io.fabric8.generator.annotation.Size;
import io.fabric8.generator.annotation.ValidationRule;
import io.streamgauge.common.SpecDuration;
import lombok.Getter;
import lombok.Setter;

/** The Prometheus server that scrapes the app and the load clients. */
@Getter
@Setter
public class PrometheusSpec {

  @Pattern("^https?://.+$")
  @JsonPropertyDescription(
      "Base URL of the Prometheus HTTP API. Default http://prometheus-operated.monitoring:9090.")
  @Size(max = SpecBounds.URL)
  private String url;

  @Pattern(ScheduleSpec.DURATION)
  @ValidationRule(value = SpecDuration.AT_MOST_MAX_RULE, message = SpecDuration.AT_MOST_MAX_MESSAGE)
  @Size(max = 20)
  @JsonPropertyDescription(
      "How often Prometheus scrapes the run's pods (the interval of the run's PodMonitors); a"
          + " measurement window must span at least two. Default 10s, the methodology's.")
  private String scrapeInterval;

  @Pattern(ScheduleSpec.DURATION)
  @ValidationRule(value = SpecDuration.AT_MOST_MAX_RULE, message = SpecDuration.AT_MOST_MAX_MESSAGE)
  @Size(max = 20)
  @JsonPropertyDescription(
      "How often the cluster's Prometheus scrapes the kubelet's cAdvisor, which the run does not"
          + " configure. cAdvisor stamps its samples with its own housekeeping time, so a sample"
          + " from inside the window can land up to this long after it; Collecting waits for it."
          + " Default 30s (kube-prometheus-stack's kubelet ServiceMonitor). Local mode has no"
          + " cAdvisor and sets it to its scrape interval.")
  private String cadvisorScrapeInterval;

  @Pattern(ScheduleSpec.DURATION)
  @ValidationRule(value = SpecDuration.AT_MOST_MAX_RULE, message = SpecDuration.AT_MOST_MAX_MESSAGE)
  @Size(max = 20)
  @JsonPropertyDescription(
      "Resolution of the window queries (samples averaged over the measurement window)."
          + " Default: the scrape interval.")
  private String resolution;
}
