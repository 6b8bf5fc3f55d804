package io.streamgauge.testing.realnode;

import io.streamgauge.testing.RepoFiles;
import io.streamgauge.testing.controlplane.CommandResult;
import io.streamgauge.testing.controlplane.TestPaths;
import java.util.List;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ExtensionContext.Namespace;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * Gives tests the {@link RealCluster} with what every real-node test relies on, installed once per
 * test run as a user would install it: the one-node Kafka of charts/kafka-single-node and the
 * operator from the Helm chart (its in-cluster pod, RBAC, and metrics with the chart's
 * ServiceMonitor; its cAdvisor ServiceMonitor for {@link #CADVISOR_RESTORED_NAMESPACES}), with a
 * {@value #SCHEDULING_GRACE} scheduling grace so an unschedulable run fails quickly; and Strimzi's
 * CRDs (from {@code ../shared/strimzi-crds/}), whose resources the tests that provision a run's
 * Kafka have their own {@code StrimziStandIn} answer. The cluster's Prometheus is
 * prometheus-operator's, installed with the cluster (cluster/prometheus-operator/install.sh); it
 * scrapes what the PodMonitors and ServiceMonitors select.
 */
public final class RealClusterExtension implements ParameterResolver {

  /** Namespace of the operator's Helm release. */
  public static final String OPERATOR_NAMESPACE = "streamgauge";

  /**
   * The namespaces whose containers' series kube-prometheus-stack drops by default (the cluster's
   * kubelet ServiceMonitor drops them as it does) the chart's {@code cadvisor.serviceMonitor}
   * scrapes back; runs elsewhere report those figures missing, with the reason.
   */
  public static final List<String> CADVISOR_RESTORED_NAMESPACES = List.of("realnode-run");

  /** How often the chart's ServiceMonitor has the operator's metrics scraped (default 30s). */
  public static final String OPERATOR_SCRAPE_INTERVAL = "10s";

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
        cluster.helm(
            "upgrade",
            "--install",
            "kafka",
            repo + "/charts/kafka-single-node",
            "--namespace",
            "kafka",
            "--create-namespace"));
    check(cluster.kubectl("apply", "--server-side", "-f", TestPaths.strimziCrdsDir().toString()));
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
            "--set",
            "metrics.serviceMonitor.enabled=true",
            "--set",
            "metrics.serviceMonitor.interval=" + OPERATOR_SCRAPE_INTERVAL,
            "--set",
            "cadvisor.serviceMonitor.enabled=true",
            "--set",
            "cadvisor.serviceMonitor.namespaces={"
                + String.join(",", CADVISOR_RESTORED_NAMESPACES)
                + "}",
            "--wait",
            "--timeout",
            "3m"));
    for (List<String> workload :
        List.of(
            List.of("monitoring", "statefulset/prometheus-cluster"),
            List.of("kafka", "deployment/kafka"))) {
      check(
          cluster.kubectl(
              "rollout", "status", "-n", workload.get(0), workload.get(1), "--timeout=3m"));
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
