package io.streamgauge.platform.kubernetes;

import static io.streamgauge.platform.kubernetes.KubernetesErrors.guarded;
import static io.streamgauge.platform.kubernetes.OwnedObjects.owned;
import static io.streamgauge.platform.kubernetes.StrimziV1.KAFKA;
import static io.streamgauge.platform.kubernetes.StrimziV1.NODE_POOL;
import static io.streamgauge.platform.kubernetes.StrimziV1.TOPIC;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodTemplateSpec;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.streamgauge.api.spec.BenchmarkRunSpec;
import io.streamgauge.api.spec.PodPlacement;
import io.streamgauge.metrics.Component;
import io.streamgauge.platform.ComponentStatus;
import io.streamgauge.platform.KafkaSecurity;
import io.streamgauge.platform.Provisioner;
import io.streamgauge.platform.RunContext;
import io.streamgauge.platform.RunTopics;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * Creates a run's objects on Kubernetes when absent and reports their state: Strimzi's Kafka, node
 * pool and topics (or the topics on a shared Kafka), the app Deployment, the run's schema registry,
 * the latency consumer and the load-generator Job, all owned by the run, each scraped by a
 * PodMonitor where the cluster has prometheus-operator.
 */
final class KubernetesProvisioner implements Provisioner {

  private final KubernetesClient client;
  private final PlatformSettings settings;
  private final OwnedObjects objects;
  private final RunWorkloads workloads;
  private final RunApiTokens tokens;
  private final KafkaSecrets secrets;

  KubernetesProvisioner(
      KubernetesClient client,
      PlatformSettings settings,
      OwnedObjects objects,
      RunWorkloads workloads,
      RunApiTokens tokens,
      KafkaSecrets secrets) {
    this.client = client;
    this.settings = settings;
    this.objects = objects;
    this.workloads = workloads;
    this.tokens = tokens;
    this.secrets = secrets;
  }

  @Override
  public ComponentStatus ensureKafka(RunContext run) {
    return guarded("the run's Kafka and topics", () -> kafka(run));
  }

  private ComponentStatus kafka(RunContext run) {
    BenchmarkRunSpec spec = run.spec();
    if (spec.getKafka().getExternal() != null) {
      Map<String, String> secretSettings;
      try {
        secretSettings = secrets.settings(run);
      } catch (KafkaSecurity.SecretValueException e) {
        return e.missing()
            ? new ComponentStatus.Starting(e.getMessage() + " yet")
            : new ComponentStatus.Failed("the run's Kafka credentials", e.getMessage());
      }
      return RunTopics.ensureOnSharedCluster(spec, secretSettings);
    }
    RunOwner owner = RunOwner.of(run);
    var provision = spec.getKafka().getProvision();
    objects.createIfAbsent(
        owner,
        KAFKA,
        owned(
            StrimziV1.asV1(KafkaClusterResources.kafka(run.namespace(), run.name(), provision)),
            owner));
    PodPlacement placement = spec.getPlacement().getKafka();
    objects.createIfAbsent(
        owner,
        NODE_POOL,
        owned(
            StrimziV1.asV1(
                KafkaClusterResources.nodePool(run.namespace(), run.name(), provision, placement)),
            owner));
    KafkaTopics.build(owner, spec)
        .forEach(t -> objects.createIfAbsent(owner, TOPIC, owned(StrimziV1.asV1(t), owner)));
    GenericKubernetesResource kafka =
        client
            .genericKubernetesResources(KAFKA)
            .inNamespace(run.namespace())
            .withName(KafkaClusterResources.clusterName(run.name()))
            .get();
    List<GenericKubernetesResource> topics =
        client
            .genericKubernetesResources(TOPIC)
            .inNamespace(run.namespace())
            .withLabels(Map.of(Labels.RUN, run.name()))
            .list()
            .getItems();
    return KafkaReadiness.withTopics(
        KafkaReadiness.of(kafka, KafkaClusterResources.bootstrapServers(run.name())), topics);
  }

  @Override
  public ComponentStatus ensureSchemaRegistry(RunContext run) {
    return guarded("the schema registry", () -> schemaRegistry(run));
  }

  private ComponentStatus schemaRegistry(RunContext run) {
    RunOwner owner = RunOwner.of(run);
    objects.createIfAbsent(owner, SchemaRegistryResources.service(owner));
    objects.createIfAbsent(owner, SchemaRegistryResources.networkPolicy(owner));
    Deployment deployment =
        objects.createIfAbsent(
            owner, SchemaRegistryResources.deployment(run, settings.images().schemaRegistry()));
    List<Pod> pods =
        client
            .pods()
            .inNamespace(run.namespace())
            .withLabels(SchemaRegistryResources.labels(owner))
            .list()
            .getItems();
    ComponentStatus status = workloads.health().ofDeployment(deployment, pods);
    return status instanceof ComponentStatus.Ready
        ? new ComponentStatus.Ready(SchemaRegistryResources.url(owner, run.namespace()))
        : status;
  }

  @Override
  public ComponentStatus ensureApp(RunContext run, String bootstrapServers) {
    return guarded("the app", () -> app(run, bootstrapServers));
  }

  /** Every instance's Deployment, created if absent, and the app's state over them. */
  private ComponentStatus app(RunContext run, String bootstrapServers) {
    var metrics = run.spec().getApp().getMetrics();
    List<Pod> pods = workloads.pods(run, Component.APP);
    List<ComponentStatus> instances = new ArrayList<>();
    for (Deployment app : AppDeployment.build(run, bootstrapServers)) {
      scrapeBy(run, Component.APP, "metrics", metrics.getPath(), app.getSpec().getTemplate());
      Deployment created = objects.createIfAbsent(RunOwner.of(run), app);
      instances.add(workloads.health().ofDeployment(created, AppDeployment.podsOf(created, pods)));
    }
    return ComponentHealth.ofInstances(instances);
  }

  @Override
  public ComponentStatus ensureLatencyConsumer(RunContext run, String bootstrapServers) {
    return guarded("the latency consumer", () -> latencyConsumer(run, bootstrapServers));
  }

  private ComponentStatus latencyConsumer(RunContext run, String bootstrapServers) {
    RunOwner owner = RunOwner.of(run);
    Deployment consumer =
        LatencyConsumerResources.deployment(
            run, bootstrapServers, settings.images().latencyConsumer());
    scrapeBy(run, Component.LATENCY_CONSUMER, "api", "/metrics", consumer.getSpec().getTemplate());
    tokens.ensure(owner);
    objects.createIfAbsent(owner, LatencyConsumerResources.service(owner));
    if (settings.latencyApiPolicy() != null) {
      objects.createIfAbsent(
          owner, LatencyConsumerResources.networkPolicy(owner, settings.latencyApiPolicy()));
    }
    return workload(
        owner,
        consumer,
        d -> workloads.health().ofDeployment(d, workloads.pods(run, Component.LATENCY_CONSUMER)));
  }

  @Override
  public ComponentStatus ensureLoad(RunContext run, String bootstrapServers) {
    return guarded("the load generators", () -> load(run, bootstrapServers));
  }

  private ComponentStatus load(RunContext run, String bootstrapServers) {
    Job load = LoadGeneratorJob.build(run, bootstrapServers, settings.images().loadGenerator());
    scrapeBy(run, Component.LOAD_GENERATOR, "metrics", "/metrics", load.getSpec().getTemplate());
    RunOwner owner = RunOwner.of(run);
    tokens.ensure(owner);
    return workload(
        owner,
        load,
        job -> {
          List<Pod> pods = workloads.pods(run, Component.LOAD_GENERATOR);
          ComponentStatus status = workloads.health().ofJob(job, pods);
          return status instanceof ComponentStatus.Starting
                  && pods.size() < job.getSpec().getParallelism()
              ? podsRefused(job).orElse(status)
              : status;
        });
  }

  /**
   * Why a Job's pods are refused (a quota, an admission policy): its controller says so only in a
   * FailedCreate Event on the Job, which no wait mends.
   */
  private Optional<ComponentStatus> podsRefused(Job job) {
    return client
        .v1()
        .events()
        .inNamespace(job.getMetadata().getNamespace())
        .withField("involvedObject.uid", job.getMetadata().getUid())
        .list()
        .getItems()
        .stream()
        .filter(e -> "FailedCreate".equals(e.getReason()))
        .reduce((first, second) -> second)
        .map(
            e ->
                new ComponentStatus.Failed(
                    "Job " + job.getMetadata().getNamespace() + "/" + job.getMetadata().getName(),
                    "pods refused: " + e.getMessage()));
  }

  /**
   * One scrape mechanism per cluster, never both (a Prometheus honouring both would store every
   * series twice): a PodMonitor for the component when the cluster has prometheus-operator's CRD,
   * with the template's {@code prometheus.io/*} annotations removed; otherwise those annotations.
   */
  private void scrapeBy(
      RunContext run, Component component, String port, String path, PodTemplateSpec template) {
    if (client.getApiGroup(PodMonitors.GROUP) != null) {
      PodSettings.removeScrapeAnnotations(template);
      objects.createIfAbsent(
          RunOwner.of(run),
          PodMonitors.CONTEXT,
          PodMonitors.build(
              RunOwner.of(run),
              component,
              port,
              path,
              run.spec().getPrometheus().getScrapeInterval(),
              settings.podMonitorLabels()));
    }
  }

  /** A workload's state, creating it first if absent. */
  private <T extends HasMetadata> ComponentStatus workload(
      RunOwner owner, T desired, Function<T, ComponentStatus> health) {
    return health.apply(objects.createIfAbsent(owner, desired));
  }
}
