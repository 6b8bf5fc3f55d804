package io.streamgauge.platform.kubernetes;

import static io.streamgauge.platform.kubernetes.StrimziV1.KAFKA;
import static io.streamgauge.platform.kubernetes.StrimziV1.NODE_POOL;
import static io.streamgauge.platform.kubernetes.StrimziV1.TOPIC;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodTemplateSpec;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.Resource;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import io.streamgauge.api.spec.BenchmarkRunSpec;
import io.streamgauge.api.spec.FaultType;
import io.streamgauge.api.spec.PodPlacement;
import io.streamgauge.api.status.ResultRef;
import io.streamgauge.common.ApiToken;
import io.streamgauge.metrics.AppProfileResolver;
import io.streamgauge.metrics.Component;
import io.streamgauge.metrics.MetricProfiles;
import io.streamgauge.platform.AppEnvironment;
import io.streamgauge.platform.AppStartup;
import io.streamgauge.platform.ComponentInstance;
import io.streamgauge.platform.ComponentStatus;
import io.streamgauge.platform.FaultAction;
import io.streamgauge.platform.HttpRunMeasurements;
import io.streamgauge.platform.KafkaSecurity;
import io.streamgauge.platform.Platform;
import io.streamgauge.platform.PlatformException;
import io.streamgauge.platform.RunContext;
import io.streamgauge.platform.RunMeasurements;
import io.streamgauge.platform.RunTargets;
import io.streamgauge.platform.RunTopics;
import io.streamgauge.platform.SharedKafkaRelease;
import io.streamgauge.scenario.ReferenceApps;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/**
 * Runs a BenchmarkRun on Kubernetes: Strimzi resources, the app Deployment, the latency consumer
 * and the load-generator Job, all owned by the run. Resources are created when absent and never
 * changed afterwards (a started run's spec is immutable).
 */
public final class KubernetesPlatform implements Platform {

  private final KubernetesClient client;
  private final PlatformSettings settings;

  /** Runs' latency API tokens by run uid, as read from their Secrets. */
  private final Map<String, String> apiTokens = new ConcurrentHashMap<>();

  private final Function<RunContext, URI> latencyConsumerUrl;
  private final Clock clock;
  private final RunObjectCache objects = new RunObjectCache();

  /**
   * @param latencyConsumerUrl where the operator reaches a run's latency consumer; in a cluster
   *     {@link LatencyConsumerResources#serviceUrl}
   * @param clock the time pods' conditions are judged against
   */
  public KubernetesPlatform(
      KubernetesClient client,
      PlatformSettings settings,
      Function<RunContext, URI> latencyConsumerUrl,
      Clock clock) {
    this.client = client;
    this.settings = settings;
    this.latencyConsumerUrl = latencyConsumerUrl;
    this.clock = clock;
  }

  /** The runs' workloads and pods as watched by informers; the reconciler registers them. */
  public RunObjectCache objects() {
    return objects;
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
        secretSettings = kafkaSecretSettings(run);
      } catch (KafkaSecurity.SecretValueException e) {
        return e.missing()
            ? new ComponentStatus.Starting(e.getMessage() + " yet")
            : new ComponentStatus.Failed("the run's Kafka credentials", e.getMessage());
      }
      return RunTopics.ensureOnSharedCluster(spec, secretSettings);
    }
    RunOwner owner = owner(run);
    var provision = spec.getKafka().getProvision();
    createIfAbsent(
        owner,
        KAFKA,
        owned(
            StrimziV1.asV1(KafkaClusterResources.kafka(run.namespace(), run.name(), provision)),
            owner));
    PodPlacement placement = spec.getPlacement().getKafka();
    createIfAbsent(
        owner,
        NODE_POOL,
        owned(
            StrimziV1.asV1(
                KafkaClusterResources.nodePool(run.namespace(), run.name(), provision, placement)),
            owner));
    KafkaTopics.build(owner, spec)
        .forEach(t -> createIfAbsent(owner, TOPIC, owned(StrimziV1.asV1(t), owner)));
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

  /**
   * One key of a Secret in {@code namespace}, for the operator's own Kafka admin client; empty when
   * the Secret or the key does not exist.
   */
  /** The client settings the run's Secrets give ({@link KafkaSecurity}), read now. */
  private Map<String, String> kafkaSecretSettings(RunContext run)
      throws KafkaSecurity.SecretValueException {
    return KafkaSecurity.of(run.spec()).resolve(key -> secretValue(run.namespace(), key));
  }

  private Optional<String> secretValue(String namespace, KafkaSecurity.SecretKey key) {
    Secret secret = client.secrets().inNamespace(namespace).withName(key.secretName()).get();
    if (secret == null) {
      return Optional.empty();
    }
    if (secret.getData() != null && secret.getData().containsKey(key.key())) {
      return Optional.of(
          new String(
              Base64.getDecoder().decode(secret.getData().get(key.key())), StandardCharsets.UTF_8));
    }
    return Optional.ofNullable(
        secret.getStringData() == null ? null : secret.getStringData().get(key.key()));
  }

  @Override
  public ComponentStatus ensureSchemaRegistry(RunContext run) {
    return guarded("the schema registry", () -> schemaRegistry(run));
  }

  private ComponentStatus schemaRegistry(RunContext run) {
    RunOwner owner = owner(run);
    createIfAbsent(owner, SchemaRegistryResources.service(owner));
    Deployment deployment =
        createIfAbsent(
            owner, SchemaRegistryResources.deployment(run, settings.images().schemaRegistry()));
    List<Pod> pods =
        client
            .pods()
            .inNamespace(run.namespace())
            .withLabels(SchemaRegistryResources.labels(owner))
            .list()
            .getItems();
    ComponentStatus status = health().ofDeployment(deployment, pods);
    return status instanceof ComponentStatus.Ready
        ? new ComponentStatus.Ready(SchemaRegistryResources.url(owner, run.namespace()))
        : status;
  }

  @Override
  public ComponentStatus ensureApp(RunContext run, String bootstrapServers) {
    return guarded("the app", () -> app(run, bootstrapServers));
  }

  private ComponentStatus app(RunContext run, String bootstrapServers) {
    var metrics = run.spec().getApp().getMetrics();
    Deployment app = AppDeployment.build(run, bootstrapServers);
    scrapeBy(run, Component.APP, "metrics", metrics.getPath(), app.getSpec().getTemplate());
    return workload(owner(run), app, d -> health().ofDeployment(d, pods(run, Component.APP)));
  }

  @Override
  public ComponentStatus ensureLatencyConsumer(RunContext run, String bootstrapServers) {
    return guarded("the latency consumer", () -> latencyConsumer(run, bootstrapServers));
  }

  private ComponentStatus latencyConsumer(RunContext run, String bootstrapServers) {
    RunOwner owner = owner(run);
    Deployment consumer =
        LatencyConsumerResources.deployment(
            run, bootstrapServers, settings.images().latencyConsumer());
    scrapeBy(run, Component.LATENCY_CONSUMER, "api", "/metrics", consumer.getSpec().getTemplate());
    ensureApiToken(owner);
    createIfAbsent(owner, LatencyConsumerResources.service(owner));
    if (settings.latencyApiPolicy() != null) {
      createIfAbsent(
          owner, LatencyConsumerResources.networkPolicy(owner, settings.latencyApiPolicy()));
    }
    return workload(
        owner, consumer, d -> health().ofDeployment(d, pods(run, Component.LATENCY_CONSUMER)));
  }

  @Override
  public ComponentStatus ensureLoad(RunContext run, String bootstrapServers) {
    return guarded("the load generators", () -> load(run, bootstrapServers));
  }

  private ComponentStatus load(RunContext run, String bootstrapServers) {
    Job load = LoadGeneratorJob.build(run, bootstrapServers, settings.images().loadGenerator());
    scrapeBy(run, Component.LOAD_GENERATOR, "metrics", "/metrics", load.getSpec().getTemplate());
    ensureApiToken(owner(run));
    return workload(
        owner(run),
        load,
        job -> {
          List<Pod> pods = pods(run, Component.LOAD_GENERATOR);
          ComponentStatus status = health().ofJob(job, pods);
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

  /** The run's latency consumer and Prometheus; the app read through cAdvisor first. */
  @Override
  public RunMeasurements measurements(RunContext run) {
    return HttpRunMeasurements.of(
        run,
        latencyConsumerUrl.apply(run),
        apiToken(run),
        URI.create(run.spec().getPrometheus().getUrl()),
        List.of(
            MetricProfiles.CADVISOR, AppProfileResolver.resolve(run.spec().getApp().getMetrics())),
        clock);
  }

  /**
   * Creates the run's latency API token unless it exists: before the first pod that reads it (the
   * latency consumer, or a restoration's prepopulating load generators).
   */
  private void ensureApiToken(RunOwner owner) {
    if (!apiTokens.containsKey(owner.uid())) {
      RunApiToken.of(createIfAbsent(owner, RunApiToken.secret(owner, ApiToken.generate())))
          .ifPresent(token -> apiTokens.put(owner.uid(), token));
    }
  }

  /** The run's latency API token, read once from its Secret; empty before it exists. */
  private Optional<String> apiToken(RunContext run) {
    String cached = apiTokens.get(run.uid());
    if (cached != null) {
      return Optional.of(cached);
    }
    Optional<String> token =
        RunApiToken.of(
            client
                .secrets()
                .inNamespace(run.namespace())
                .withName(RunApiToken.name(owner(run)))
                .get());
    token.ifPresent(t -> apiTokens.put(run.uid(), t));
    return token;
  }

  /** The reference apps a run that names no {@code spec.app.image} runs, by runtime. */
  public ReferenceApps referenceApps() {
    return settings.images().referenceApps();
  }

  /**
   * Why the operator must not query the run's Prometheus ({@link PrometheusEndpoints}), starting
   * with the field path; empty when it may.
   */
  public Optional<String> prometheusRefusal(RunContext run) {
    return settings
        .prometheusEndpoints()
        .refusal(run.spec().getPrometheus().getUrl(), run.namespace(), this::serviceExists);
  }

  private boolean serviceExists(String namespace, String name) {
    try {
      return client.services().inNamespace(namespace).withName(name).get() != null;
    } catch (KubernetesClientException e) {
      if (e.getCode() == 403) {
        throw new PrometheusEndpoints.Forbidden("get services: forbidden");
      }
      throw e;
    }
  }

  @Override
  public Duration firstScrapeWait() {
    return settings.firstScrapeWait();
  }

  @Override
  public ObjectNode environment(RunContext run) {
    Set<String> nodes = new TreeSet<>();
    if (run.status().getNodes() != null) {
      run.status().getNodes().values().forEach(nodes::addAll);
    }
    return RunEnvironment.describe(
        client, run.spec().getApp().getImage(), pods(run, Component.APP), nodes);
  }

  @Override
  public ResultRef storeResults(RunContext run, ObjectNode document) throws IOException {
    RunOwner owner = owner(run);
    boolean keep = Boolean.TRUE.equals(run.spec().getCleanup().getKeepResults());
    String name = ResultsConfigMap.name(owner, keep);
    try {
      ConfigMap results = ResultsConfigMap.build(owner, document.toPrettyString(), keep);
      ConfigMap existing = client.resource(results).get();
      if (existing != null && !keep) {
        owner.requireControlled(existing);
      }
      client.resource(results).serverSideApply();
      ResultRef ref = new ResultRef();
      ref.setConfigMap(name);
      ref.setKey(ResultsConfigMap.keyOf(results));
      return ref;
    } catch (KubernetesClientException | IllegalArgumentException e) {
      throw new IOException("cannot store ConfigMap " + name + ": " + e.getMessage(), e);
    }
  }

  @Override
  public SharedKafkaRelease.Outcome releaseSharedKafka(RunContext run) {
    Map<String, String> secretSettings;
    try {
      secretSettings = kafkaSecretSettings(run);
    } catch (KafkaSecurity.SecretValueException | KubernetesClientException e) {
      return new SharedKafkaRelease.Outcome(Set.of(), "its credentials: " + e.getMessage());
    }
    return SharedKafkaRelease.of(run, secretSettings, false);
  }

  @Override
  public Optional<String> keepLogs(RunContext run) {
    RunOwner owner = owner(run);
    String name = RunLogs.name(owner);
    return guarded(
        "the run's logs",
        () -> {
          ConfigMap kept = client.configMaps().inNamespace(run.namespace()).withName(name).get();
          if (kept != null) {
            owner.requireControlled(kept);
          } else {
            List<Map<String, String>> pods = new ArrayList<>();
            pods.add(Map.of(Labels.RUN, run.name()));
            if (run.spec().getKafka().getExternal() == null) {
              pods.add(
                  Map.of(
                      KafkaClusterResources.CLUSTER_LABEL,
                      KafkaClusterResources.clusterName(run.name())));
            }
            List<RunLogs.ContainerLog> logs = new RunLogReader(client).read(run.namespace(), pods);
            client.resource(RunLogs.build(owner, logs)).create();
          }
          return Optional.of(name);
        });
  }

  @Override
  public void cleanup(RunContext run) {
    apiTokens.remove(run.uid());
    RunOwner owner = owner(run);
    String ns = run.namespace();
    deleteIfControlled(
        owner, client.batch().v1().jobs().inNamespace(ns).withName(LoadGeneratorJob.name(owner)));
    deleteIfControlled(
        owner, client.apps().deployments().inNamespace(ns).withName(AppDeployment.name(owner)));
    String latency = LatencyConsumerResources.name(owner);
    deleteIfControlled(owner, client.apps().deployments().inNamespace(ns).withName(latency));
    deleteIfControlled(owner, client.services().inNamespace(ns).withName(latency));
    String registry = SchemaRegistryResources.name(owner);
    deleteIfControlled(owner, client.apps().deployments().inNamespace(ns).withName(registry));
    deleteIfControlled(owner, client.services().inNamespace(ns).withName(registry));
    if (settings.latencyApiPolicy() != null) {
      deleteIfControlled(
          owner, client.network().v1().networkPolicies().inNamespace(ns).withName(latency));
    }
    if (run.spec().getKafka().getExternal() == null) {
      Map<String, String> runLabel = Map.of(Labels.RUN, run.name());
      for (ResourceDefinitionContext type : List.of(TOPIC, NODE_POOL, KAFKA)) {
        client
            .genericKubernetesResources(type)
            .inNamespace(ns)
            .withLabels(runLabel)
            .list()
            .getItems()
            .stream()
            .filter(owner::controls)
            .forEach(o -> client.genericKubernetesResources(type).resource(o).delete());
      }
    }
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
      createIfAbsent(
          owner(run),
          PodMonitors.CONTEXT,
          PodMonitors.build(
              owner(run),
              component,
              port,
              path,
              run.spec().getPrometheus().getScrapeInterval(),
              settings.podMonitorLabels()));
    }
  }

  /** Runs {@code action}, turning the API server's refusals into platform errors. */
  private static <T> T guarded(String what, Supplier<T> action) {
    try {
      return action.get();
    } catch (KubernetesClientException e) {
      throw KubernetesErrors.of(e, what);
    }
  }

  private ComponentHealth health() {
    return new ComponentHealth(clock.instant(), settings.schedulingGrace());
  }

  private static RunOwner owner(RunContext run) {
    return RunOwner.of(run);
  }

  private List<Pod> pods(RunContext run, Component component) {
    return objects.pods(run.namespace(), run.name(), component);
  }

  /** A workload's state, creating it first if absent. */
  private <T extends HasMetadata> ComponentStatus workload(
      RunOwner owner, T desired, Function<T, ComponentStatus> health) {
    return health.apply(createIfAbsent(owner, desired));
  }

  @Override
  public ComponentStatus health(RunContext run, Component component) {
    return guarded("the " + component.label(), () -> observe(run, component));
  }

  /**
   * KillApp only: PauseApp would need SIGSTOP to reach the app's JVM, which is its container's PID
   * 1 — the kernel drops SIGSTOP sent to a PID namespace's init from inside it (an exec or an
   * ephemeral container), and the operator has no way in from the node.
   */
  @Override
  public Optional<String> cannotInject(FaultType type) {
    return type == FaultType.PauseApp
        ? Optional.of(
            "is not possible on Kubernetes: the app's JVM is its container's PID 1, which SIGSTOP"
                + " from inside the pod cannot reach; use KillApp, or a local run")
        : Optional.empty();
  }

  /**
   * KillApp: the app's pods; RollBroker: the first broker pod of the run's node pool. Each as
   * {@code name/uid}: a broker pod that Strimzi starts again keeps its name, not its uid.
   */
  @Override
  public List<String> faultTargets(RunContext run, FaultAction action) {
    return guarded(
        action == FaultAction.KILL_APP ? "the app's pods" : "the Kafka broker pods",
        () -> {
          List<Pod> candidates = faultablePods(run, action);
          List<String> targets =
              action == FaultAction.KILL_APP
                  ? candidates.stream().map(FaultTarget::of).toList()
                  : candidates.stream()
                      .min(Comparator.comparing(p -> p.getMetadata().getName()))
                      .map(p -> List.of(FaultTarget.of(p)))
                      .orElse(List.of());
          if (targets.isEmpty()) {
            throw new PlatformException(
                action == FaultAction.KILL_APP
                    ? "no app pod to delete"
                    : "no broker pod to restart",
                false,
                null);
          }
          return targets;
        });
  }

  /**
   * KillApp: the targeted app pods deleted without grace; the Deployment starts a new one, cold.
   * RollBroker: the targeted broker pod deleted with its grace; the broker shuts down in order and
   * Strimzi starts it again. A target whose pod is gone, or is another pod by now, is skipped.
   */
  @Override
  public String inject(RunContext run, FaultAction action, List<String> targets) {
    boolean kill = action == FaultAction.KILL_APP;
    return guarded(
        kill ? "the app's pods" : "the Kafka broker pods",
        () -> {
          Set<String> present =
              faultablePods(run, action).stream().map(FaultTarget::of).collect(Collectors.toSet());
          List<String> deleted = new ArrayList<>();
          List<String> gone = new ArrayList<>();
          for (String target : targets) {
            String name = FaultTarget.name(target);
            if (!present.contains(target)) {
              gone.add(name);
              continue;
            }
            var pod = client.pods().inNamespace(run.namespace()).withName(name);
            (kill ? pod.withGracePeriod(0) : pod).delete();
            deleted.add("Pod " + run.namespace() + "/" + name);
          }
          String done =
              deleted.isEmpty()
                  ? "nothing left to delete"
                  : "deleted "
                      + String.join(", ", deleted)
                      + (kill
                          ? " (grace 0)"
                          : " (its grace period: the broker shuts down in order, Strimzi starts it"
                              + " again)");
          return gone.isEmpty() ? done : done + "; already gone: " + String.join(", ", gone);
        });
  }

  /** The pods {@code action} may act on: the app's, or the run's broker pods. */
  private List<Pod> faultablePods(RunContext run, FaultAction action) {
    return switch (action) {
      case KILL_APP ->
          client
              .pods()
              .inNamespace(run.namespace())
              .withLabels(Labels.forComponent(run.name(), Component.APP))
              .list()
              .getItems();
      case ROLL_BROKER -> brokerPods(run);
      default -> throw new PlatformException(action + " is not possible on Kubernetes", true, null);
    };
  }

  private List<Pod> brokerPods(RunContext run) {
    return client
        .pods()
        .inNamespace(run.namespace())
        .withLabel(
            KafkaClusterResources.CLUSTER_LABEL, KafkaClusterResources.clusterName(run.name()))
        .withLabel(KafkaClusterResources.BROKER_ROLE_LABEL, "true")
        .list()
        .getItems();
  }

  /**
   * The app's pods' timestamps; a pod cache a moment behind the Deployment's ready count is asked
   * of the API server.
   */
  @Override
  public Optional<AppStartup> appStartup(RunContext run) {
    String container = Component.APP.containerName();
    String path = AppEnvironment.readinessPath(run.spec());
    return guarded(
        "the app's pods",
        () ->
            PodStartup.of(pods(run, Component.APP), container, path)
                .or(
                    () ->
                        PodStartup.of(
                            client
                                .pods()
                                .inNamespace(run.namespace())
                                .withLabels(Labels.forComponent(run.name(), Component.APP))
                                .list()
                                .getItems(),
                            container,
                            path)));
  }

  @Override
  public List<ComponentInstance> instances(RunContext run, Component component) {
    return guarded(
        "the " + component.label() + "'s pods",
        () ->
            pods(run, component).stream()
                .map(
                    p ->
                        new ComponentInstance(
                            p.getMetadata().getUid(),
                            "Pod "
                                + p.getMetadata().getNamespace()
                                + "/"
                                + p.getMetadata().getName(),
                            p.getMetadata().getCreationTimestamp(),
                            p.getSpec().getNodeName()))
                .toList());
  }

  private ComponentStatus observe(RunContext run, Component component) {
    String ns = run.namespace();
    String name = RunTargets.name(run.name(), component);
    HasMetadata workload =
        (component == Component.LOAD_GENERATOR
                ? objects.job(ns, name)
                : objects.deployment(ns, name))
            .map(HasMetadata.class::cast)
            // An informer a moment behind must not fail the run: ask the API server to be sure.
            .orElseGet(
                () ->
                    component == Component.LOAD_GENERATOR
                        ? client.batch().v1().jobs().inNamespace(ns).withName(name).get()
                        : client.apps().deployments().inNamespace(ns).withName(name).get());
    if (workload == null) {
      return new ComponentStatus.Failed(
          (component == Component.LOAD_GENERATOR ? "Job " : "Deployment ") + ns + "/" + name,
          "deleted during the run (a re-created one would start cold inside the windows)");
    }
    List<Pod> pods = pods(run, component);
    return workload instanceof Job job
        ? health().ofJob(job, pods)
        : health().ofDeployment((Deployment) workload, pods);
  }

  /** The run's object: created when absent, else the existing one if the run controls it. */
  private <T extends HasMetadata> T createIfAbsent(RunOwner owner, T resource) {
    T existing = client.resource(resource).get();
    return existing != null
        ? owner.requireControlled(existing)
        : client.resource(resource).create();
  }

  private void createIfAbsent(
      RunOwner owner, ResourceDefinitionContext context, GenericKubernetesResource resource) {
    var op =
        client
            .genericKubernetesResources(context)
            .inNamespace(resource.getMetadata().getNamespace())
            .withName(resource.getMetadata().getName());
    GenericKubernetesResource existing = op.get();
    if (existing != null) {
      owner.requireControlled(existing);
      return;
    }
    client
        .genericKubernetesResources(context)
        .inNamespace(resource.getMetadata().getNamespace())
        .resource(resource)
        .create();
  }

  /** Deletes the object only if the run controls it: a same-named object of others stays. */
  private static <T extends HasMetadata> void deleteIfControlled(
      RunOwner owner, Resource<T> object) {
    T existing = object.get();
    if (existing != null && owner.controls(existing)) {
      object.delete();
    }
  }

  private static GenericKubernetesResource owned(
      GenericKubernetesResource resource, RunOwner owner) {
    resource.getMetadata().setOwnerReferences(List.of(owner.reference()));
    return resource;
  }
}
