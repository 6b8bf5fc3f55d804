package io.streamgauge.testing.realnode;

import io.streamgauge.testing.RepoFiles;
import io.streamgauge.testing.controlplane.CommandResult;
import java.util.List;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ExtensionContext.Namespace;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * Gives tests the {@link RealCluster} with what every real-node test relies on, installed once per
 * test run as a user would install it: the cluster's Prometheus (cluster/manifests), the one-node
 * Kafka of examples/kafka-single-node.yaml, and the operator from the Helm chart (its in-cluster
 * pod, RBAC and metrics), with a {@value #SCHEDULING_GRACE} scheduling grace so an unschedulable
 * run fails quickly.
 */
public final class RealClusterExtension implements ParameterResolver {

  /** Namespace of the operator's Helm release. */
  public static final String OPERATOR_NAMESPACE = "streamgauge";

  /** How long the installed operator lets a run's pod stay unschedulable. */
  public static final String SCHEDULING_GRACE = "20s";

  private static final Namespace NAMESPACE = Namespace.create(RealClusterExtension.class);

  @Override
  public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
    return parameter.getParameter().getType() == RealCluster.class;
  }

  @Override
  public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
    return context
        .getRoot()
        .getStore(NAMESPACE)
        .getOrComputeIfAbsent(RealCluster.class, key -> install(), RealCluster.class);
  }

  private static RealCluster install() {
    RealCluster cluster = RealCluster.connect();
    String repo = RepoFiles.repoDir().toString();
    check(
        cluster.kubectl(
            "apply",
            "-f",
            repo + "/cluster/manifests/prometheus.yaml",
            "-f",
            repo + "/examples/kafka-single-node.yaml"));
    check(
        cluster.helm(
            "upgrade",
            "--install",
            "streamgauge",
            repo + "/charts/streamgauge",
            "--namespace",
            OPERATOR_NAMESPACE,
            "--create-namespace",
            "--set",
            "runs.schedulingGrace=" + SCHEDULING_GRACE,
            "--wait",
            "--timeout",
            "3m"));
    for (List<String> deployment :
        List.of(List.of("monitoring", "prometheus"), List.of("kafka", "kafka"))) {
      check(
          cluster.kubectl(
              "rollout",
              "status",
              "-n",
              deployment.get(0),
              "deployment/" + deployment.get(1),
              "--timeout=3m"));
    }
    return cluster;
  }

  private static void check(CommandResult result) {
    if (!result.succeeded()) {
      throw new IllegalStateException(
          "setting up the real-node cluster failed: " + result.stderr() + result.stdout());
    }
  }
}
