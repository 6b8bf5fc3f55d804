package io.streamgauge.platform.kubernetes;

import io.fabric8.kubernetes.client.KubernetesClientException;
import io.streamgauge.platform.PlatformException;
import java.util.function.Supplier;

/**
 * What a refusal of the API server means for a run: permanent when trying again cannot help —
 * forbidden (RBAC, a quota, an admission webhook that says no: 403), a resource type that is not
 * installed (404 on its API, e.g. Strimzi's CRDs), an invalid object (400, 422) — and transient
 * otherwise (no connection, 409 conflicts, 429 throttling, 5xx).
 */
final class KubernetesErrors {

  private KubernetesErrors() {}

  /** The platform error of {@code e}, met while doing {@code what}. */
  static PlatformException of(KubernetesClientException e, String what) {
    int code = e.getCode();
    boolean permanent = code == 400 || code == 403 || code == 404 || code == 422;
    String reason =
        e.getStatus() != null && e.getStatus().getMessage() != null
            ? e.getStatus().getMessage()
            : e.getMessage();
    String hint =
        switch (code) {
          case 403 -> " (forbidden: the operator's RBAC, a quota or an admission policy)";
          case 404 -> " (is the resource type installed, e.g. Strimzi's CRDs?)";
          default -> "";
        };
    return new PlatformException(what + ": " + reason + hint, permanent, e);
  }

  /** Runs {@code action}, turning the API server's refusals into platform errors. */
  static <T> T guarded(String what, Supplier<T> action) {
    try {
      return action.get();
    } catch (KubernetesClientException e) {
      throw of(e, what);
    }
  }
}
