package io.streamgauge.api.spec;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.fabric8.generator.annotation.Max;
import io.fabric8.generator.annotation.Min;
import io.fabric8.generator.annotation.Pattern;
import io.fabric8.generator.annotation.Size;
import lombok.Getter;
import lombok.Setter;

/** The app's Prometheus endpoint and the metric names it uses. */
@Getter
@Setter
public class AppMetricsSpec {

  @Min(1)
  @Max(65535)
  @JsonPropertyDescription("Container port serving metrics. Default 9404.")
  private Integer port;

  @Pattern("^/.*$")
  @JsonPropertyDescription("HTTP path of the metrics endpoint. Default /metrics.")
  @Size(max = 256)
  private String path;

  @Pattern("^/.*$")
  @JsonPropertyDescription(
      "HTTP path on the metrics port that answers 200 once the app processes records: its"
          + " readiness probe, and the end of its time to ready (summary.startup). Default: /health"
          + " for a reference app (200 once Kafka Streams is RUNNING, once every task of the Flink"
          + " job runs, once the plain consumer has partitions), else the metrics path (ready once"
          + " metrics are served). State restoration uses /restored instead.")
  @Size(max = 256)
  private String readinessPath;

  @Pattern("^[a-z0-9][a-z0-9-]*$")
  @JsonPropertyDescription(
      "Metric profile naming the app's JVM and process metrics (they differ by exporter):"
          + " prometheus-jvm, simpleclient-hotspot, jmx-exporter, micrometer, process or cadvisor."
          + " Default prometheus-jvm.")
  @Size(max = 63)
  private String profile;

  @JsonPropertyDescription(
      "Custom PromQL templates per figure, replacing or adding to the profile's (a custom"
          + " profile). Each is evaluated once at the end of the measurement window and must"
          + " return one value. Placeholders: $selector (label matchers of the app's pods, written"
          + " inside braces), $window (the window as a range) and $resolution (the subquery step)."
          + " Figures neither defines are reported missing, never 0.")
  private MetricQueries queries;
}
