package io.streamgauge.api;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.fabric8.generator.annotation.Pattern;
import io.fabric8.generator.annotation.Size;

/** The Prometheus server that scrapes the app and the load clients. */
public class PrometheusSpec {

  @Pattern("^https?://.+$")
  @JsonPropertyDescription(
      "Base URL of the Prometheus HTTP API. Default http://prometheus-operated.monitoring:9090.")
  private String url;

  @Pattern(ScheduleSpec.DURATION)
  @Size(max = 20)
  @JsonPropertyDescription(
      "How often Prometheus scrapes the run's pods; a measurement window must span at least two."
          + " Default 30s (the prometheus-operator default).")
  private String scrapeInterval;

  @Pattern(ScheduleSpec.DURATION)
  @Size(max = 20)
  @JsonPropertyDescription(
      "Resolution of the window queries (samples averaged over the measurement window)."
          + " Default 10s.")
  private String resolution;

  public String getUrl() {
    return url;
  }

  public void setUrl(String url) {
    this.url = url;
  }

  public String getResolution() {
    return resolution;
  }

  public void setResolution(String resolution) {
    this.resolution = resolution;
  }

  public String getScrapeInterval() {
    return scrapeInterval;
  }

  public void setScrapeInterval(String scrapeInterval) {
    this.scrapeInterval = scrapeInterval;
  }
}
