package io.streamgauge.testing.strimzi;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import java.util.List;
import java.util.function.Supplier;
import org.apache.kafka.clients.admin.Admin;

/**
 * Where the brokers of the Kafkas {@link StrimziStandIn} answers run: one shared local broker on
 * the kwok control plane ({@link SharedBroker}), a broker pod per Kafka on the real node ({@link
 * BrokerPods}).
 */
public interface StandInBrokers {

  /**
   * The broker of {@code kafka}, whose node pools are {@code pools}, started when it is not yet;
   * called on every round of the stand-in, so it must be cheap once the broker runs.
   */
  BrokerState brokerOf(GenericKubernetesResource kafka, List<GenericKubernetesResource> pools);

  /** What a Kafka's broker is doing now. */
  sealed interface BrokerState {}

  /**
   * The broker accepts clients.
   *
   * @param bootstrapServers the address the Kafka's status publishes for its {@code plain} listener
   * @param admin an admin client of the broker reachable from the stand-in; the caller closes it
   */
  record Running(String bootstrapServers, Supplier<Admin> admin) implements BrokerState {}

  /** The broker is on its way; {@code message} says what it waits for. */
  record Starting(String message) implements BrokerState {}

  /**
   * The stand-in will not run this Kafka; {@code reason} and {@code message} go into its NotReady
   * condition as Strimzi's do.
   */
  record Refused(String reason, String message) implements BrokerState {}
}
