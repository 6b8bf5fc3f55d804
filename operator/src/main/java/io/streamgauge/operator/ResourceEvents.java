package io.streamgauge.operator;

import io.fabric8.kubernetes.api.model.EventBuilder;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.streamgauge.common.BoundedText;
import java.time.Clock;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Kubernetes Events on the operator's resources ({@code kubectl describe} shows them), from {@value
 * #SOURCE}; an Event that cannot be recorded is logged, never fails what said it.
 */
final class ResourceEvents {

  /** The longest note an Event carries, as kubectl shows them; the rest is cut, saying how much. */
  private static final int MAX_MESSAGE = 1024;

  private static final Logger LOG = LoggerFactory.getLogger(ResourceEvents.class);
  static final String SOURCE = "streamgauge-operator";

  private final KubernetesClient client;
  private final Clock clock;

  ResourceEvents(KubernetesClient client, Clock clock) {
    this.client = client;
    this.clock = clock;
  }

  /**
   * Records an Event on the object {@code apiVersion/kind namespace/name} (uid {@code uid}).
   *
   * @param type Normal or Warning
   */
  void emit(
      String apiVersion,
      String kind,
      String namespace,
      String name,
      String uid,
      String type,
      String reason,
      String message) {
    String now = clock.instant().toString();
    try {
      client
          .v1()
          .events()
          .inNamespace(namespace)
          .resource(
              new EventBuilder()
                  .withNewMetadata()
                  .withName(name + "." + UUID.randomUUID().toString().substring(0, 8))
                  .withNamespace(namespace)
                  .endMetadata()
                  .withNewInvolvedObject()
                  .withApiVersion(apiVersion)
                  .withKind(kind)
                  .withName(name)
                  .withNamespace(namespace)
                  .withUid(uid)
                  .endInvolvedObject()
                  .withType(type)
                  .withReason(reason)
                  .withMessage(BoundedText.of(message, MAX_MESSAGE))
                  .withFirstTimestamp(now)
                  .withLastTimestamp(now)
                  .withCount(1)
                  .withNewSource()
                  .withComponent(SOURCE)
                  .endSource()
                  .build())
          .create();
    } catch (KubernetesClientException e) {
      LOG.warn(
          "{}={}/{} cannot record event {}: {}", kind, namespace, name, reason, e.getMessage());
    }
  }

  /** Records an Event on {@code object}. */
  void emit(HasMetadata object, String type, String reason, String message) {
    emit(
        object.getApiVersion(),
        object.getKind(),
        object.getMetadata().getNamespace(),
        object.getMetadata().getName(),
        object.getMetadata().getUid(),
        type,
        reason,
        message);
  }
}
