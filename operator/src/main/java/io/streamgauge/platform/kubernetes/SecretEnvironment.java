package io.streamgauge.platform.kubernetes;

import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.EnvVarBuilder;
import io.streamgauge.platform.KafkaSecurity;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * How a container gets the run's secret Kafka client settings ({@link KafkaSecurity}) without a
 * secret in its spec: each Secret key as a variable {@code STREAMGAUGE_SECRET_<n>} from a {@code
 * secretKeyRef}, then each setting as a variable whose value refers to those ({@code
 * $(STREAMGAUGE_SECRET_<n>)}) and which the kubelet expands when it starts the container. A missing
 * Secret keeps the pod from starting ({@code CreateContainerConfigError}).
 */
final class SecretEnvironment {

  /** Prefix of the variables that hold one Secret key each. */
  static final String SECRET_PREFIX = "STREAMGAUGE_SECRET_";

  private SecretEnvironment() {}

  /**
   * The variables, Secret keys first.
   *
   * @param variable the variable a client property travels in, e.g. {@code
   *     KafkaSecretSettings::variable}
   */
  static List<EnvVar> of(KafkaSecurity security, UnaryOperator<String> variable) {
    List<KafkaSecurity.SecretKey> keys = security.secretKeys();
    List<EnvVar> env = new ArrayList<>();
    for (int i = 0; i < keys.size(); i++) {
      env.add(
          new EnvVarBuilder()
              .withName(SECRET_PREFIX + i)
              .withNewValueFrom()
              .withNewSecretKeyRef()
              .withName(keys.get(i).secretName())
              .withKey(keys.get(i).key())
              .withOptional(false)
              .endSecretKeyRef()
              .endValueFrom()
              .build());
    }
    for (KafkaSecurity.SecretSetting setting : security.secretSettings()) {
      StringBuilder value = new StringBuilder();
      for (KafkaSecurity.Part part : setting.parts()) {
        if (part instanceof KafkaSecurity.FromSecret secret) {
          value.append("$(").append(SECRET_PREFIX).append(keys.indexOf(secret.key())).append(')');
        } else {
          value.append(((KafkaSecurity.Text) part).text().replace("$", "$$"));
        }
      }
      env.add(new EnvVar(variable.apply(setting.property()), value.toString(), null));
    }
    return env;
  }
}
