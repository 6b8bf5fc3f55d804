package io.streamgauge.api.spec;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.fabric8.generator.annotation.Size;
import io.fabric8.generator.annotation.ValidationRule;
import io.fabric8.kubernetes.api.model.ResourceRequirements;
import java.util.List;
import lombok.Getter;
import lombok.Setter;

/** The latency consumer: which output topics it reads and how. */
@Getter
@Setter
public class LatencySpec {

  @Size(max = 32)
  @JsonPropertyDescription(
      "Output topics whose records are timed (latency = receipt time - record timestamp), at"
          + " most 32, each once (checked at Pending). Default: the scenario's output topics.")
  @ValidationRule(
      value = "self.all(t, size(t) <= 249)",
      message = "each topic name is at most 249 characters, as Kafka allows")
  private List<String> topics;

  @JsonPropertyDescription(
      "Consumer isolation level. Default read_committed, so transaction commit cadence is part"
          + " of the measured latency.")
  private IsolationLevel isolationLevel;

  @JsonPropertyDescription(
      "Split each record's latency into publish delay, time through the app and commit wait"
          + " (status.summary.latency.stages). Default true. At read_committed the latency"
          + " consumer reads the output topics a second time, at read_uncommitted, to learn when"
          + " each record was written: one more reader of the outputs (its cost is measured in"
          + " the docs' latency-stages page). False leaves that reader out.")
  private Boolean stages;

  @JsonPropertyDescription(
      "CPU and memory of the latency consumer. Default: a memory request and limit of 1Gi and no"
          + " CPU request or limit, so the pod is not among the first evicted and is never"
          + " CPU-throttled (a throttled consumer reads late, and reading late shows as latency)."
          + " Set limits.cpu where a quota demands CPU limits; the request then defaults to it"
          + " (Guaranteed QoS). Requests default to the limits.")
  @ValidationRule(value = SpecBounds.RESOURCES_RULE, message = SpecBounds.RESOURCES_MESSAGE)
  private ResourceRequirements resources;
}
