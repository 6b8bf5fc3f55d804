package io.streamgauge.platform.kubernetes;

import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.EnvVarBuilder;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.api.model.SecretBuilder;
import io.streamgauge.common.ApiToken;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Map;
import java.util.Optional;

/**
 * A run's latency API token ({@link ApiToken}) on Kubernetes: the Secret {@code <run>-api-token}
 * the operator creates, owned by the run, and the variable its latency consumer and load generators
 * read it into through a {@code secretKeyRef}. No one in the cluster without that Secret can move
 * the run's windows or its loss figures.
 */
public final class RunApiToken {

  /** The Secret's key holding the token. */
  static final String KEY = "token";

  private RunApiToken() {}

  /** The Secret's name. */
  public static String name(RunOwner owner) {
    return owner.nameOf("api-token");
  }

  /** The Secret holding {@code token}. */
  static Secret secret(RunOwner owner, String token) {
    return new SecretBuilder()
        .withMetadata(owner.metadata(name(owner), Labels.forRun(owner.name())))
        .withType("Opaque")
        .withStringData(Map.of(KEY, token))
        .build();
  }

  /** The token a Secret read back holds; empty when it holds none. */
  static Optional<String> of(Secret secret) {
    if (secret == null || secret.getData() == null || !secret.getData().containsKey(KEY)) {
      return Optional.empty();
    }
    return Optional.of(
        new String(Base64.getDecoder().decode(secret.getData().get(KEY)), StandardCharsets.UTF_8));
  }

  /** The container variable {@value ApiToken#VARIABLE}, from the Secret. */
  static EnvVar variable(RunOwner owner) {
    return new EnvVarBuilder()
        .withName(ApiToken.VARIABLE)
        .withNewValueFrom()
        .withNewSecretKeyRef()
        .withName(name(owner))
        .withKey(KEY)
        .endSecretKeyRef()
        .endValueFrom()
        .build();
  }
}
