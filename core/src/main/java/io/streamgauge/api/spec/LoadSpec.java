package io.streamgauge.api.spec;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.fabric8.generator.annotation.Max;
import io.fabric8.generator.annotation.Min;
import io.fabric8.generator.annotation.Size;
import io.fabric8.generator.annotation.ValidationRule;
import io.fabric8.kubernetes.api.model.ResourceRequirements;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import lombok.Getter;
import lombok.Setter;

/** The fixed-rate input load driven into the app's input topics. */
@Getter
@Setter
public class LoadSpec {

  /** The most load-generator pods a run may ask for: 64 × 50,000 records/s each. */
  public static final int MAX_PRODUCERS = 64;

  @Size(max = 32)
  @ValidationRule(
      value = "self.all(t, self.filter(u, u.name == t.name).size() == 1)",
      message = "topic names must be unique")
  @JsonPropertyDescription(
      "Input topics with their rate and record profile. Default: the scenario's topics.")
  private List<LoadTopicSpec> topics;

  @Min(1)
  @Max(MAX_PRODUCERS)
  @JsonPropertyDescription(
      "Number of load-generator instances (pods); each topic's rate is split evenly among them."
          + " Default 1, at most 64 (each sends up to 50,000 records/s).")
  private Integer producers;

  @JsonPropertyDescription(
      "Seed of the record and key generators; the same seed gives the same records. Default 1.")
  @Min(0)
  @Max(9_007_199_254_740_991L)
  private Long seed;

  @JsonPropertyDescription(
      "Kafka producer properties of the load generator (acks, linger.ms, batch.size,"
          + " compression.type, enable.idempotence). Default acks=all with idempotence.")
  @Size(max = SpecBounds.CONFIG_ENTRIES)
  @ValidationRule(value = SpecBounds.CONFIG_RULE, message = SpecBounds.CONFIG_MESSAGE)
  private Map<String, String> producerConfig;

  @JsonPropertyDescription(
      "CPU and memory of each load-generator pod. Default: a memory request and limit of 512Mi"
          + " and no CPU request or limit, so the pod is not among the first evicted and is never"
          + " CPU-throttled (a throttled generator sends late, and sending late shows as latency)."
          + " Set limits.cpu where a quota demands CPU limits; the request then defaults to it"
          + " (Guaranteed QoS). Requests default to the limits.")
  @ValidationRule(value = SpecBounds.RESOURCES_RULE, message = SpecBounds.RESOURCES_MESSAGE)
  private ResourceRequirements resources;

  @JsonPropertyDescription(
      "How the load moves over the measurement window (a periodic burst, steps or a ramp), as a"
          + " factor of every topic's rate; the warmup runs at the rates themselves. Default: the"
          + " constant rates. Figures per segment go to summary.load.")
  private LoadShapeSpec shape;

  /** The target rate over every topic, in records/s (topics without a rate count 0). */
  @JsonIgnore
  public double totalRatePerSecond() {
    return topics == null
        ? 0
        : topics.stream()
            .map(LoadTopicSpec::getRatePerSecond)
            .filter(Objects::nonNull)
            .mapToDouble(Double::doubleValue)
            .sum();
  }
}
