package io.streamgauge.operator;

import io.fabric8.kubernetes.client.extended.leaderelection.LeaderCallbacks;
import io.javaoperatorsdk.operator.api.config.LeaderElectionConfiguration;
import io.javaoperatorsdk.operator.api.config.LeaderElectionConfigurationBuilder;
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
   * As JOSDK takes it, with JOSDK's lease timings (15 s lease, renewed within 10 s, tried every 2
   * s), telling {@code callbacks} when this process starts and stops leading.
   */
  LeaderElectionConfiguration configuration(LeaderCallbacks callbacks) {
    return LeaderElectionConfigurationBuilder.aLeaderElectionConfiguration(LEASE)
        .withLeaseNamespace(namespace)
        .withIdentity(identity)
        .withExitOnStopLeading(exitOnLoss)
        .withLeaderCallbacks(callbacks)
        .build();
  }
}
