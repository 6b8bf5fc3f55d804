package io.streamgauge.platform.kubernetes;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.streamgauge.common.ApiToken;
import io.streamgauge.platform.RunContext;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The runs' latency API tokens ({@link RunApiToken}): created before the first pod that reads one,
 * read once from its Secret, forgotten at cleanup.
 */
final class RunApiTokens {

  private final KubernetesClient client;
  private final OwnedObjects objects;

  /** Tokens by run uid, as read from their Secrets. */
  private final Map<String, String> tokens = new ConcurrentHashMap<>();

  RunApiTokens(KubernetesClient client, OwnedObjects objects) {
    this.client = client;
    this.objects = objects;
  }

  /**
   * Creates the run's token unless it exists: before the first pod that reads it (the latency
   * consumer, or a restoration's prepopulating load generators).
   */
  void ensure(RunOwner owner) {
    if (!tokens.containsKey(owner.uid())) {
      RunApiToken.of(objects.createIfAbsent(owner, RunApiToken.secret(owner, ApiToken.generate())))
          .ifPresent(token -> tokens.put(owner.uid(), token));
    }
  }

  /** The run's token, read once from its Secret; empty before it exists. */
  Optional<String> of(RunContext run) {
    String cached = tokens.get(run.uid());
    if (cached != null) {
      return Optional.of(cached);
    }
    Optional<String> token =
        RunApiToken.of(
            client
                .secrets()
                .inNamespace(run.namespace())
                .withName(RunApiToken.name(RunOwner.of(run)))
                .get());
    token.ifPresent(t -> tokens.put(run.uid(), t));
    return token;
  }

  /** Forgets the run's token (its Secret goes with the run). */
  void forget(RunContext run) {
    tokens.remove(run.uid());
  }
}
