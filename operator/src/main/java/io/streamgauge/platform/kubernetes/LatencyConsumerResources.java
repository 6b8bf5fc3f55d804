package io.streamgauge.platform.kubernetes;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerBuilder;
import io.fabric8.kubernetes.api.model.IntOrString;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.ServiceBuilder;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicy;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicyBuilder;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicyPeer;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicyPeerBuilder;
import io.streamgauge.api.spec.BenchmarkRunSpec;
import io.streamgauge.common.KafkaSecretSettings;
import io.streamgauge.metrics.Component;
import io.streamgauge.platform.ClientDocuments;
import io.streamgauge.platform.KafkaSecurity;
import io.streamgauge.platform.RunContext;
import io.streamgauge.platform.RunTargets;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The latency consumer: one pod reading the run's output topics (settings in {@code
 * STREAMGAUGE_LATENCY}), ready once it is reading, and a Service the operator calls for {@code
 * /windows} and {@code /results}.
 */
public final class LatencyConsumerResources {

  private LatencyConsumerResources() {}

  /** The name of the Deployment and the Service. */
  public static String name(RunOwner owner) {
    return RunTargets.name(owner.name(), Component.LATENCY_CONSUMER);
  }

  /** The latency consumer's Service, as seen from inside the cluster. */
  public static URI serviceUrl(RunContext run) {
    return URI.create(
        "http://"
            + name(RunOwner.of(run))
            + "."
            + run.namespace()
            + ".svc:"
            + ClientDocuments.LATENCY_PORT);
  }

  /** The Deployment. */
  public static Deployment deployment(RunContext run, String bootstrap, String image) {
    RunOwner owner = RunOwner.of(run);
    BenchmarkRunSpec spec = run.spec();
    Container consumer =
        new ContainerBuilder()
            .withName(Component.LATENCY_CONSUMER.containerName())
            .withImage(image)
            .withResources(spec.getLatency().getResources())
            .addNewEnv()
            .withName("STREAMGAUGE_LATENCY")
            .withValue(ClientDocuments.latencySettings(run, bootstrap).toString())
            .endEnv()
            .addAllToEnv(
                SecretEnvironment.of(KafkaSecurity.of(spec), KafkaSecretSettings::variable))
            .addToEnv(RunApiToken.variable(owner))
            .addNewPort()
            .withName("api")
            .withContainerPort(ClientDocuments.LATENCY_PORT)
            .endPort()
            .withNewReadinessProbe()
            .withNewHttpGet()
            .withPath("/health")
            .withNewPort("api")
            .endHttpGet()
            .withPeriodSeconds(2)
            .endReadinessProbe()
            .build();
    return RunPods.deployment(
        owner,
        Component.LATENCY_CONSUMER,
        RunPods.template(
            owner,
            Component.LATENCY_CONSUMER,
            ClientDocuments.LATENCY_PORT,
            "/metrics",
            PodSettings.latencyConsumer(owner.name()),
            spec.getPlacement().getClients(),
            "Always",
            consumer));
  }

  /**
   * A NetworkPolicy admitting to the latency consumer's port only the run's own pods (the load
   * generators read their end at {@code GET /windows}), the operator's namespace ({@code POST
   * /windows}, {@code GET /results}) and Prometheus' namespaces ({@code /metrics}).
   */
  public static NetworkPolicy networkPolicy(RunOwner owner, LatencyApiPolicy policy) {
    List<NetworkPolicyPeer> peers = new ArrayList<>();
    peers.add(
        new NetworkPolicyPeerBuilder()
            .withNewPodSelector()
            .withMatchLabels(Labels.forRun(owner.name()))
            .endPodSelector()
            .build());
    List<String> namespaces = new ArrayList<>();
    namespaces.add(policy.operatorNamespace());
    namespaces.addAll(policy.prometheusNamespaces());
    for (String namespace : namespaces) {
      peers.add(
          new NetworkPolicyPeerBuilder()
              .withNewNamespaceSelector()
              .withMatchLabels(Map.of(NAMESPACE_NAME_LABEL, namespace))
              .endNamespaceSelector()
              .build());
    }
    return new NetworkPolicyBuilder()
        .withMetadata(
            owner.metadata(
                name(owner), Labels.forComponent(owner.name(), Component.LATENCY_CONSUMER)))
        .withNewSpec()
        .withNewPodSelector()
        .withMatchLabels(Labels.forComponent(owner.name(), Component.LATENCY_CONSUMER))
        .endPodSelector()
        .withPolicyTypes("Ingress")
        .addNewIngress()
        .withFrom(peers)
        .addNewPort()
        .withProtocol("TCP")
        .withPort(new IntOrString(ClientDocuments.LATENCY_PORT))
        .endPort()
        .endIngress()
        .endSpec()
        .build();
  }

  /** The label Kubernetes puts on every namespace with its name. */
  private static final String NAMESPACE_NAME_LABEL = "kubernetes.io/metadata.name";

  /** The Service in front of it. */
  public static Service service(RunOwner owner) {
    Map<String, String> labels = Labels.forComponent(owner.name(), Component.LATENCY_CONSUMER);
    return new ServiceBuilder()
        .withMetadata(owner.metadata(name(owner), labels))
        .withNewSpec()
        .withSelector(labels)
        .addNewPort()
        .withName("api")
        .withPort(ClientDocuments.LATENCY_PORT)
        .withNewTargetPort("api")
        .endPort()
        .endSpec()
        .build();
  }
}
