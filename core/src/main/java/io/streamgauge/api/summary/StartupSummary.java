package io.streamgauge.api.summary;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import lombok.Getter;
import lombok.Setter;

/**
 * How long the app took to become ready to process: what users scaling out care about. On
 * Kubernetes from its pod's timestamps (created, container started, the Ready condition), which the
 * API server keeps to the second; locally from the process's start and the moment its readiness
 * endpoint first answered 200, polled every 100 ms.
 */
@Getter
@Setter
public class StartupSummary {

  @JsonPropertyDescription(
      "Seconds from the app's pod created to its container started: scheduling, image pull and"
          + " container creation (Kubernetes only; a local process starts when it is created).")
  private Double createdToStartedSeconds;

  @JsonPropertyDescription(
      "Seconds from the app's container (locally its process) started to its readiness endpoint"
          + " first answering 200: JVM start, the app's own start-up and, for the reference app's"
          + " /health, Kafka Streams reaching RUNNING.")
  private Double startedToReadySeconds;

  @JsonPropertyDescription(
      "Seconds from the app's pod created (locally its process started) to ready: the sum of the"
          + " two above. Kubernetes' timestamps have a resolution of 1 s and the readiness probe"
          + " runs every second, so it is exact to about 2 s there and to 0.1 s locally.")
  private Double timeToReadySeconds;

  @JsonPropertyDescription(
      "The HTTP path on the app's metrics port that said it was ready"
          + " (spec.app.metrics.readinessPath).")
  private String readinessPath;
}
