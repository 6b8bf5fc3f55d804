package io.streamgauge.run;

import io.streamgauge.platform.ComponentStatus;
import io.streamgauge.platform.Platform;
import io.streamgauge.platform.RunContext;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * ProvisioningKafka: the cluster and topics exist and Kafka is ready; its address goes to status. A
 * run of registered Avro records also gets its schema registry here (the run's own, or the spec's),
 * before anything writes a record.
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
    ComponentStatus kafka = platform.provisioner().ensureKafka(run);
    String message = "";
    if (kafka instanceof ComponentStatus.Ready ready) {
      run.status().setKafkaBootstrapServers(ready.detail());
      message = "Kafka ready at " + ready.detail();
    }
    Optional<StepOutcome> waiting =
        ComponentWait.blocking(run, now, kafka, "Kafka", FailureReason.KafkaNotReady, timeout);
    if (waiting.isPresent() || !SchemaRegistries.needed(run.spec())) {
      return waiting.orElse(new StepOutcome.Advance(Restoration.nextAfterKafka(run), message));
    }
    String given = SchemaRegistries.given(run.spec());
    if (given != null) {
      run.status().setSchemaRegistryUrl(given);
      return new StepOutcome.Advance(
          Restoration.nextAfterKafka(run), message + "; schema registry " + given);
    }
    ComponentStatus registry = platform.provisioner().ensureSchemaRegistry(run);
    if (registry instanceof ComponentStatus.Ready ready) {
      run.status().setSchemaRegistryUrl(ready.detail());
      message += "; schema registry ready at " + ready.detail();
    }
    return ComponentWait.blocking(
            run,
            now,
            registry,
            "the schema registry",
            FailureReason.SchemaRegistryNotReady,
            timeout)
        .orElse(new StepOutcome.Advance(Restoration.nextAfterKafka(run), message));
  }
}
