package io.streamgauge.testing.strimzi;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.streamgauge.testing.kafka.KafkaBroker;
import java.util.List;

/**
 * Every Kafka's broker is one real broker on this machine, already running: the kwok control
 * plane's, where no pod runs. Its address is published as is (the operator under test runs on this
 * machine too), whatever the Kafka's node pools ask.
 */
public final class SharedBroker implements StandInBrokers {

  private final KafkaBroker broker;

  public SharedBroker(KafkaBroker broker) {
    this.broker = broker;
  }

  @Override
  public BrokerState brokerOf(
      GenericKubernetesResource kafka, List<GenericKubernetesResource> pools) {
    return new Running(broker.bootstrapServers(), broker::admin);
  }
}
