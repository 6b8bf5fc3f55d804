package io.streamgauge.platform.kubernetes;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerBuilder;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.IntOrString;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.ResourceRequirementsBuilder;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.ServiceBuilder;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.apps.DeploymentBuilder;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicy;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicyBuilder;
import io.streamgauge.common.SchemaRegistryBinary;
import io.streamgauge.platform.RunContext;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The run's own schema registry (AxonOps Schema Registry, in memory: its schemas live and die with
 * the run's topics), for a run of registered Avro records without {@code spec.schemaRegistry.url}:
 * one pod beside the clients and a Service the app and the load generators reach it by. Not a
 * measured component: no scrape annotations. Its request and limit are small and equal (measured
 * ~25 MB RSS serving a run's few schemas, which the clients cache after their first request).
 */
public final class SchemaRegistryResources {

  /** The port it listens on and the Service serves. */
  public static final int PORT = 8081;

  /** Its label as a part of the run ({@code app.kubernetes.io/component}). */
  static final String COMPONENT = "schema-registry";

  private SchemaRegistryResources() {}

  /** The name of the Deployment and the Service: {@code <run>-schema-registry}. */
  public static String name(RunOwner owner) {
    return owner.name() + "-" + COMPONENT;
  }

  /** The URL the run's pods reach it at. */
  public static String url(RunOwner owner, String namespace) {
    return "http://" + name(owner) + "." + namespace + ".svc:" + PORT;
  }

  /** Its pods' labels, also their selector. */
  static Map<String, String> labels(RunOwner owner) {
    Map<String, String> labels = new HashMap<>(Labels.forRun(owner.name()));
    labels.put(Labels.COMPONENT, COMPONENT);
    return labels;
  }

  /** The Deployment. */
  public static Deployment deployment(RunContext run, String image) {
    RunOwner owner = RunOwner.of(run);
    Map<String, Quantity> resources =
        Map.of("cpu", new Quantity("200m"), "memory", new Quantity("128Mi"));
    Container registry =
        new ContainerBuilder()
            .withName(COMPONENT)
            .withImage(image)
            .withResources(
                new ResourceRequirementsBuilder()
                    .withRequests(resources)
                    .withLimits(resources)
                    .build())
            .addNewPort()
            .withName("http")
            .withContainerPort(PORT)
            .endPort()
            .withNewReadinessProbe()
            .withNewHttpGet()
            .withPath(SchemaRegistryBinary.READY_PATH)
            .withNewPort("http")
            .endHttpGet()
            .withPeriodSeconds(2)
            .endReadinessProbe()
            .withSecurityContext(PodSecurity.container(true))
            .build();
    SchemaRegistryBinary.environment("0.0.0.0", PORT)
        .forEach((k, v) -> registry.getEnv().add(new EnvVar(k, v, null)));
    Map<String, String> labels = labels(owner);
    return new DeploymentBuilder()
        .withMetadata(owner.metadata(name(owner), labels))
        .withNewSpec()
        .withReplicas(1)
        .withNewSelector()
        .withMatchLabels(labels)
        .endSelector()
        .withNewTemplate()
        .withNewMetadata()
        .withLabels(labels)
        .endMetadata()
        .withNewSpec()
        .withAutomountServiceAccountToken(false)
        .withSecurityContext(PodSecurity.pod())
        .withNodeSelector(run.spec().getPlacement().getClients().getNodeSelector())
        .withTolerations(run.spec().getPlacement().getClients().getTolerations())
        .withContainers(List.of(registry))
        .endSpec()
        .endTemplate()
        .endSpec()
        .build();
  }

  /** The Service in front of it. */
  public static Service service(RunOwner owner) {
    Map<String, String> labels = labels(owner);
    return new ServiceBuilder()
        .withMetadata(owner.metadata(name(owner), labels))
        .withNewSpec()
        .withSelector(labels)
        .addNewPort()
        .withName("http")
        .withPort(PORT)
        .withNewTargetPort("http")
        .endPort()
        .endSpec()
        .build();
  }

  /**
   * A NetworkPolicy admitting to the registry's port only the run's own pods (its app, load
   * generators and latency consumer write and read the schemas): another pod of the cluster could
   * otherwise register a schema under the run's subjects. Kubelet probes from the node are always
   * allowed.
   */
  public static NetworkPolicy networkPolicy(RunOwner owner) {
    Map<String, String> labels = labels(owner);
    return new NetworkPolicyBuilder()
        .withMetadata(owner.metadata(name(owner), labels))
        .withNewSpec()
        .withNewPodSelector()
        .withMatchLabels(labels)
        .endPodSelector()
        .withPolicyTypes("Ingress")
        .addNewIngress()
        .addNewFrom()
        .withNewPodSelector()
        .withMatchLabels(Labels.forRun(owner.name()))
        .endPodSelector()
        .endFrom()
        .addNewPort()
        .withProtocol("TCP")
        .withPort(new IntOrString(PORT))
        .endPort()
        .endIngress()
        .endSpec()
        .build();
  }
}
