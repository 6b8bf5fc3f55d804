package io.streamgauge.platform.kubernetes;

import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.streamgauge.platform.KafkaSecurity;
import io.streamgauge.platform.RunContext;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Map;
import java.util.Optional;

/** The client settings a run's Secrets give its Kafka clients ({@link KafkaSecurity}), read now. */
final class KafkaSecrets {

  private final KubernetesClient client;

  KafkaSecrets(KubernetesClient client) {
    this.client = client;
  }

  /** The settings, for the operator's own admin client on the run's shared Kafka. */
  Map<String, String> settings(RunContext run) throws KafkaSecurity.SecretValueException {
    return KafkaSecurity.of(run.spec()).resolve(key -> value(run.namespace(), key));
  }

  /** One key of a Secret in {@code namespace}; empty when the Secret or the key does not exist. */
  private Optional<String> value(String namespace, KafkaSecurity.SecretKey key) {
    Secret secret = client.secrets().inNamespace(namespace).withName(key.secretName()).get();
    if (secret == null) {
      return Optional.empty();
    }
    if (secret.getData() != null && secret.getData().containsKey(key.key())) {
      return Optional.of(
          new String(
              Base64.getDecoder().decode(secret.getData().get(key.key())), StandardCharsets.UTF_8));
    }
    return Optional.ofNullable(
        secret.getStringData() == null ? null : secret.getStringData().get(key.key()));
  }
}
