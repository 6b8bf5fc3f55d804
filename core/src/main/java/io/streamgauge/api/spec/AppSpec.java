package io.streamgauge.api.spec;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.fabric8.generator.annotation.Max;
import io.fabric8.generator.annotation.Min;
import io.fabric8.generator.annotation.Pattern;
import io.fabric8.generator.annotation.Size;
import io.fabric8.generator.annotation.ValidationRule;
import io.fabric8.kubernetes.api.model.ResourceRequirements;
import io.streamgauge.common.ContractSettings;
import java.util.List;
import java.util.Map;
import lombok.Getter;
import lombok.Setter;

/** The application under test: what to run and with which fixed resources. */
@Getter
@Setter
public class AppSpec {

  @Pattern("^[a-z0-9][a-z0-9.-]*$")
  @JsonPropertyDescription(
      "The app's runtime, e.g. kafka-streams, flink, kafka-clients or stoatflow: named in"
          + " reports, and choosing the reference app when spec.app.image is not set (there is one"
          + " for kafka-streams, flink and kafka-clients). Default kafka-streams.")
  @Size(max = 63)
  private String runtime;

  @Min(1)
  @Max(ContractSettings.MAX_INSTANCES)
  @JsonPropertyDescription(
      "How many instances of the app run, in one consumer group (one application.id), each with"
          + " spec.app.resources; each is told its place (instance.index) and the count"
          + " (instance.count). Their instances × threads may not exceed the input partitions"
          + " (an idle instance measures nothing). The Flink app runs one instance. Default 1, at"
          + " most 16.")
  private Integer replicas;

  @Size(min = 1, max = SpecBounds.IMAGE)
  @JsonPropertyDescription(
      "Container image of the app, e.g. ghcr.io/acme/wordcount:1.2. Default: the operator's"
          + " reference app for spec.app.runtime (the chart's referenceApps under image.registry);"
          + " required for a runtime without one, or whose reference app does not implement"
          + " spec.scenario (Kafka Streams' implements every built-in scenario, Flink's"
          + " stateless-simple and wordcount, the plain clients' stateless-simple).")
  private String image;

  @JsonPropertyDescription(
      "CPU and memory of the app container. Requests default to the limits (Guaranteed QoS);"
          + " default 8 CPU / 16Gi.")
  @ValidationRule(value = SpecBounds.RESOURCES_RULE, message = SpecBounds.RESOURCES_MESSAGE)
  private ResourceRequirements resources;

  @JsonPropertyDescription(
      "Application properties passed to the app (e.g. commit.interval.ms: \"100\")."
          + " processing.guarantee and bootstrap.servers are set by Streamgauge.")
  @Size(max = SpecBounds.CONFIG_ENTRIES)
  @ValidationRule(value = SpecBounds.CONFIG_RULE, message = SpecBounds.CONFIG_MESSAGE)
  private Map<String, String> config;

  @Size(max = 64)
  @JsonPropertyDescription("JVM options of the app, e.g. [-XX:+UseG1GC, -Xmx12g]; at most 64.")
  @ValidationRule(value = SpecBounds.JVM_OPTIONS_RULE, message = SpecBounds.JVM_OPTIONS_MESSAGE)
  private List<String> jvmOptions;

  @JsonPropertyDescription("Where and how the app exposes Prometheus metrics.")
  private AppMetricsSpec metrics;
}
