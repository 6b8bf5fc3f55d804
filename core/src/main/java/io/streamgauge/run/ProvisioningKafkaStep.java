package io.streamgauge.run;

import io.streamgauge.platform.ComponentStatus;
import io.streamgauge.platform.Platform;
import io.streamgauge.platform.RunContext;
import java.time.Duration;
import java.time.Instant;

/**
 * ProvisioningKafka: the cluster and topics exist and Kafka is ready; its address goes to status.
 */
final class ProvisioningKafkaStep implements PhaseStep {

  private final Platform platform;
  private final Duration timeout;

  ProvisioningKafkaStep(Platform platform, Duration timeout) {
    this.platform = platform;
    this.timeout = timeout;
  }

  @Override
  public StepOutcome run(RunContext run, Instant now) {
    ComponentStatus kafka = platform.ensureKafka(run);
    String message = "";
    if (kafka instanceof ComponentStatus.Ready ready) {
      run.status().setKafkaBootstrapServers(ready.detail());
      message = "Kafka ready at " + ready.detail();
    }
    return ComponentWait.blocking(run, now, kafka, "Kafka", FailureReason.KafkaNotReady, timeout)
        .orElse(new StepOutcome.Advance(Restoration.nextAfterKafka(run), message));
  }
}
