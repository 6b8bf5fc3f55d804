package io.streamgauge.operator;

import io.fabric8.kubernetes.api.model.coordination.v1.Lease;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.extended.leaderelection.LeaderCallbacks;
import io.javaoperatorsdk.operator.api.config.LeaderElectionConfiguration;
import io.javaoperatorsdk.operator.api.config.LeaderElectionConfigurationBuilder;
import java.time.Duration;
import java.util.Map;

/**
 * Which of several operator processes reconciles: the one holding the Lease {@value #LEASE} in the
 * operator's namespace. Two at once — a rolling update's old and new pod, a second install — would
 * otherwise both drive every run, injecting its faults twice and racing its status.
 *
 * @param namespace where the Lease lives ({@code STREAMGAUGE_OPERATOR_NAMESPACE})
 * @param identity this process in the Lease ({@code HOSTNAME}: the pod's name)
 * @param exitOnLoss whether the process exits when it loses the Lease (in a pod: yes, and it is
 *     started again as a follower; a test's in-process operators: no)
 */
public record LeaderElection(String namespace, String identity, boolean exitOnLoss) {

  /** The Lease's name. */
  public static final String LEASE = "streamgauge-operator";

  /**
   * {@code STREAMGAUGE_LEADER_ELECTION=true} (the chart's and deploy/'s default): elected in {@code
   * STREAMGAUGE_OPERATOR_NAMESPACE} as {@code HOSTNAME}; null when off.
   *
   * @throws IllegalArgumentException naming the variable at fault
   */
  static LeaderElection fromEnvironment(Map<String, String> env) {
    String enabled = env.getOrDefault("STREAMGAUGE_LEADER_ELECTION", "false").strip();
    if (enabled.equals("false") || enabled.isEmpty()) {
      return null;
    }
    if (!enabled.equals("true")) {
      throw new IllegalArgumentException(
          "STREAMGAUGE_LEADER_ELECTION: '" + enabled + "' is not true or false");
    }
    String namespace = env.getOrDefault("STREAMGAUGE_OPERATOR_NAMESPACE", "").strip();
    if (namespace.isEmpty()) {
      throw new IllegalArgumentException(
          "STREAMGAUGE_OPERATOR_NAMESPACE: required with STREAMGAUGE_LEADER_ELECTION=true (the"
              + " Lease's namespace)");
    }
    String identity = env.getOrDefault("HOSTNAME", "").strip();
    if (identity.isEmpty()) {
      throw new IllegalArgumentException(
          "HOSTNAME: required with STREAMGAUGE_LEADER_ELECTION=true (this process's name in the"
              + " Lease)");
    }
    return new LeaderElection(namespace, identity, true);
  }

  /**
   * How long the leader may fail to renew the Lease before it stops leading (and, in a pod, exits):
   * longer than an API server outage of a minute, which the operator rides out without a restart.
   * JOSDK's default, which Strimzi's and the Flink operator's defaults match, is 10 s: a longer
   * outage restarts them.
   */
  static final Duration RENEW_DEADLINE = Duration.ofSeconds(75);

  /**
   * How long a Lease not renewed holds: a standby (or the pod replacing a crashed leader) takes
   * over this long after the last renewal at most — the price of riding out an outage.
   */
  static final Duration LEASE_DURATION = Duration.ofSeconds(90);

  /** How often the leader renews, and a standby tries to take the Lease. */
  static final Duration RETRY_PERIOD = Duration.ofSeconds(5);

  /**
   * As JOSDK takes it, with the timings above, telling {@code callbacks} when this process starts
   * and stops leading.
   */
  LeaderElectionConfiguration configuration(LeaderCallbacks callbacks) {
    return LeaderElectionConfigurationBuilder.aLeaderElectionConfiguration(LEASE)
        .withLeaseNamespace(namespace)
        .withIdentity(identity)
        .withLeaseDuration(LEASE_DURATION)
        .withRenewDeadline(RENEW_DEADLINE)
        .withRetryPeriod(RETRY_PERIOD)
        .withExitOnStopLeading(exitOnLoss)
        .withLeaderCallbacks(callbacks)
        .build();
  }

  /**
   * Gives the Lease up if this process holds it, as it stops: the next process (a standby, the pod
   * replacing this one) leads within {@link #RETRY_PERIOD} instead of waiting out {@link
   * #LEASE_DURATION}. JOSDK does not release it (its elector is built without releaseOnCancel). An
   * API server that cannot be reached leaves the Lease to expire.
   */
  void release(KubernetesClient client) {
    try {
      Lease lease = client.leases().inNamespace(namespace).withName(LEASE).get();
      if (lease == null || !identity.equals(lease.getSpec().getHolderIdentity())) {
        return;
      }
      lease.getSpec().setHolderIdentity(null);
      lease.getSpec().setLeaseDurationSeconds(1);
      client.resource(lease).update(); // at the version read: a new holder's Lease stays
    } catch (KubernetesClientException e) {
      // unreachable or taken meanwhile: it expires, or is another's already
    }
  }
}
