package io.streamgauge.platform.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.PodAntiAffinity;
import io.fabric8.kubernetes.api.model.PodTemplateSpec;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.streamgauge.api.spec.AppSpread;
import io.streamgauge.api.spec.BenchmarkRunSpec;
import io.streamgauge.api.spec.ClientCoLocation;
import io.streamgauge.api.spec.Scenario;
import io.streamgauge.api.status.BenchmarkRunStatus;
import io.streamgauge.api.status.PhaseTransition;
import io.streamgauge.common.ApiToken;
import io.streamgauge.platform.RunContext;
import io.streamgauge.scenario.SpecDefaulter;
import io.streamgauge.testing.Specs;
import io.strimzi.api.kafka.model.topic.KafkaTopic;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The resources a run owns, built from a defaulted wordcount spec. */
class RunResourcesTest {

  private static final RunOwner OWNER = new RunOwner("bench", "wc", "uid-1");
  private static final BenchmarkRunSpec SPEC = spec();
  private static final RunContext RUN = startedRun();

  private static RunContext startedRun() {
    BenchmarkRunStatus status = new BenchmarkRunStatus();
    PhaseTransition first = new PhaseTransition();
    first.setStartedAt("2026-11-23T10:00:00Z");
    status.getPhaseHistory().add(first);
    return new RunContext("bench", "wc", "uid-1", SPEC, status);
  }

  private static BenchmarkRunSpec spec() {
    BenchmarkRunSpec spec = new SpecDefaulter().apply(Specs.minimal(Scenario.WORDCOUNT));
    spec.getApp().setConfig(Map.of("commit.interval.ms", "100"));
    spec.getApp().setJvmOptions(List.of("-Xmx12g", "-XX:+UseG1GC"));
    spec.getLoad().setProducers(3);
    return spec;
  }

  static Stream<Arguments> everyResource() {
    Stream<HasMetadata> resources =
        Stream.concat(
            Stream.of(
                AppDeployment.build(RUN, "k:9092").get(0),
                LatencyConsumerResources.deployment(RUN, "k:9092", "lc:1"),
                LatencyConsumerResources.service(OWNER),
                LoadGeneratorJob.build(RUN, "k:9092", "lg:1"),
                ResultsConfigMap.build(OWNER, "{}", false),
                RunApiToken.secret(OWNER, "t0k")),
            KafkaTopics.build(OWNER, SPEC).stream());
    return resources.map(r -> Arguments.of(r.getKind() + " " + r.getMetadata().getName(), r));
  }

  static Stream<Arguments> everyPodTemplate() {
    return Stream.of(
        Arguments.of("app", AppDeployment.build(RUN, "k:9092").get(0).getSpec().getTemplate()),
        Arguments.of(
            "latency consumer",
            LatencyConsumerResources.deployment(RUN, "k:9092", "lc:1").getSpec().getTemplate()),
        Arguments.of(
            "load generators",
            LoadGeneratorJob.build(RUN, "k:9092", "lg:1").getSpec().getTemplate()));
  }

  /**
   * The restricted Pod Security Standard's rules, and no service account token (the pods never call
   * the API server); the clients' images also run with a read-only root and a writable /tmp.
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("everyPodTemplate")
  void everyPodPassesTheRestrictedPodSecurityStandard(String what, PodTemplateSpec template) {
    var pod = template.getSpec();
    assertThat(pod.getAutomountServiceAccountToken()).isFalse();
    assertThat(pod.getSecurityContext().getRunAsNonRoot()).isTrue();
    assertThat(pod.getSecurityContext().getSeccompProfile().getType()).isEqualTo("RuntimeDefault");
    assertThat(pod.getHostNetwork()).isNull();
    Container c = pod.getContainers().get(0);
    assertThat(c.getSecurityContext().getAllowPrivilegeEscalation()).isFalse();
    assertThat(c.getSecurityContext().getCapabilities().getDrop()).containsExactly("ALL");
    assertThat(c.getSecurityContext().getCapabilities().getAdd()).isNullOrEmpty();
    assertThat(c.getSecurityContext().getPrivileged()).isNull();
    boolean ownImage = !what.equals("app");
    assertThat(c.getSecurityContext().getReadOnlyRootFilesystem()).isEqualTo(ownImage);
    if (ownImage) {
      assertThat(c.getVolumeMounts()).extracting(m -> m.getMountPath()).containsExactly("/tmp");
      assertThat(pod.getVolumes())
          .singleElement()
          .satisfies(v -> assertThat(v.getEmptyDir()).isNotNull());
    }
  }

  @Test
  void theLatencyApiPolicyAdmitsOnlyTheRunsPodsTheOperatorAndPrometheus() {
    var policy =
        LatencyConsumerResources.networkPolicy(
            OWNER, new LatencyApiPolicy("streamgauge", List.of("monitoring")));

    assertThat(policy.getMetadata().getName()).isEqualTo("wc-latency");
    assertThat(policy.getSpec().getPodSelector().getMatchLabels())
        .containsEntry(Labels.COMPONENT, "latency-consumer")
        .containsEntry(Labels.RUN, "wc");
    assertThat(policy.getSpec().getPolicyTypes()).containsExactly("Ingress");
    var ingress = policy.getSpec().getIngress().get(0);
    assertThat(ingress.getPorts())
        .singleElement()
        .satisfies(p -> assertThat(p.getPort().getIntVal()).isEqualTo(9401));
    assertThat(ingress.getFrom()).hasSize(3);
    assertThat(ingress.getFrom().get(0).getPodSelector().getMatchLabels())
        .containsEntry(Labels.RUN, "wc");
    assertThat(ingress.getFrom().get(0).getNamespaceSelector()).isNull();
    assertThat(ingress.getFrom().subList(1, 3))
        .extracting(
            p -> p.getNamespaceSelector().getMatchLabels().get("kubernetes.io/metadata.name"))
        .containsExactly("streamgauge", "monitoring");
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("everyResource")
  void everyResourceIsOwnedByTheRunAndLabelledWithIt(String what, HasMetadata resource) {
    assertThat(resource.getMetadata().getNamespace()).isEqualTo("bench");
    assertThat(resource.getMetadata().getLabels()).containsEntry(Labels.RUN, "wc");
    if (!(resource instanceof KafkaTopic)) {
      assertThat(resource.getMetadata().getOwnerReferences())
          .singleElement()
          .satisfies(
              ref -> {
                assertThat(ref.getKind()).isEqualTo("BenchmarkRun");
                assertThat(ref.getUid()).isEqualTo("uid-1");
                assertThat(ref.getController()).isTrue();
              });
    }
  }

  @Test
  void theAppIsGuaranteedQosWithItsSettingsAsEnvironmentAndAwayFromTheClients() {
    Deployment app = AppDeployment.build(RUN, "k:9092").get(0);
    Container c = app.getSpec().getTemplate().getSpec().getContainers().get(0);

    assertThat(app.getMetadata().getName()).isEqualTo("wc-app");
    assertThat(app.getSpec().getTemplate().getSpec().getTerminationGracePeriodSeconds())
        .as("past the app's 30 s close timeout: a slow close ends by itself, not by SIGKILL")
        .isEqualTo(60L);
    assertThat(c.getResources().getLimits())
        .containsEntry("cpu", new Quantity("8"))
        .containsEntry("memory", new Quantity("16Gi"));
    assertThat(c.getResources().getRequests()).isEqualTo(c.getResources().getLimits());
    assertThat(env(c))
        .containsEntry("STREAMGAUGE_APP_SCENARIO", "wordcount")
        .containsEntry("STREAMGAUGE_APP_BOOTSTRAP_SERVERS", "k:9092")
        .containsEntry("STREAMGAUGE_APP_APPLICATION_ID", "streamgauge-wc")
        .containsEntry("STREAMGAUGE_APP_PROCESSING_GUARANTEE", "exactly_once_v2")
        .containsEntry("STREAMGAUGE_APP_TOPIC_INPUT", "input")
        .containsEntry("STREAMGAUGE_APP_TOPIC_OUTPUT", "output")
        .containsEntry("STREAMGAUGE_APP_METRICS_PORT", "9404")
        .containsEntry("STREAMGAUGE_APP_COMMIT_INTERVAL_MS", "100")
        .containsEntry("JDK_JAVA_OPTIONS", "-Xmx12g -XX:+UseG1GC");
    assertThat(c.getReadinessProbe().getHttpGet().getPath()).isEqualTo("/metrics");
    assertThat(app.getSpec().getTemplate().getMetadata().getAnnotations())
        .containsEntry("prometheus.io/port", "9404");
    assertThat(
            app.getSpec()
                .getTemplate()
                .getSpec()
                .getAffinity()
                .getPodAntiAffinity()
                .getPreferredDuringSchedulingIgnoredDuringExecution())
        .extracting(
            t -> t.getPodAffinityTerm().getLabelSelector().getMatchLabels().get(Labels.COMPONENT))
        .containsExactly("load-generator", "latency-consumer");
  }

  /**
   * An app of three instances: a Deployment each, named by index and selecting its own pods; by
   * default each prefers a node no other instance runs on, Required makes that a rule, None drops
   * it; every instance keeps away from the clients whatever the spread.
   */
  @Test
  void theInstancesOfAnAppOfSeveralAreSpreadOverNodesAsThePlacementSays() {
    BenchmarkRunSpec spec = spec();
    spec.getApp().setReplicas(3);
    List<Deployment> preferred = AppDeployment.build(run(spec), "k:9092");
    spec.getPlacement().setAppSpread(AppSpread.Required);
    List<Deployment> required = AppDeployment.build(run(spec), "k:9092");
    spec.getPlacement().setAppSpread(AppSpread.None);
    List<Deployment> none = AppDeployment.build(run(spec), "k:9092");

    assertThat(preferred)
        .extracting(d -> d.getMetadata().getName())
        .containsExactly("wc-app-0", "wc-app-1", "wc-app-2");
    assertThat(preferred)
        .extracting(d -> d.getSpec().getSelector().getMatchLabels().get(Labels.INSTANCE))
        .containsExactly("0", "1", "2");
    for (Deployment d : preferred) {
      assertThat(d.getSpec().getTemplate().getMetadata().getLabels())
          .containsAllEntriesOf(d.getSpec().getSelector().getMatchLabels());
    }
    var preferredTerms = antiAffinity(preferred.get(1));
    assertThat(preferredTerms.getPreferredDuringSchedulingIgnoredDuringExecution())
        .extracting(
            t -> t.getPodAffinityTerm().getLabelSelector().getMatchLabels().get(Labels.COMPONENT))
        .containsExactly("load-generator", "latency-consumer", "app");
    assertThat(preferredTerms.getRequiredDuringSchedulingIgnoredDuringExecution()).isEmpty();
    var requiredTerms = antiAffinity(required.get(1));
    assertThat(requiredTerms.getRequiredDuringSchedulingIgnoredDuringExecution())
        .singleElement()
        .satisfies(
            t -> {
              assertThat(t.getTopologyKey()).isEqualTo("kubernetes.io/hostname");
              assertThat(t.getLabelSelector().getMatchLabels())
                  .as("every instance of this run's app, not only this one's")
                  .containsExactlyInAnyOrderEntriesOf(
                      Map.of(Labels.RUN, "wc", Labels.COMPONENT, "app"));
            });
    assertThat(requiredTerms.getPreferredDuringSchedulingIgnoredDuringExecution()).hasSize(2);
    var noneTerms = antiAffinity(none.get(1));
    assertThat(noneTerms.getRequiredDuringSchedulingIgnoredDuringExecution()).isEmpty();
    assertThat(noneTerms.getPreferredDuringSchedulingIgnoredDuringExecution())
        .extracting(
            t -> t.getPodAffinityTerm().getLabelSelector().getMatchLabels().get(Labels.COMPONENT))
        .containsExactly("load-generator", "latency-consumer");
  }

  private static RunContext run(BenchmarkRunSpec spec) {
    return new RunContext("bench", "wc", "uid-1", spec, startedRun().status());
  }

  private static PodAntiAffinity antiAffinity(Deployment d) {
    return d.getSpec().getTemplate().getSpec().getAffinity().getPodAntiAffinity();
  }

  /**
   * Neither measuring client runs BestEffort (the first evicted): each has the memory request and
   * limit of its spec, and no CPU limit unless the spec sets one.
   */
  @Test
  void theMeasuringClientsRunWithTheirSpecsResourcesNeverBestEffort() {
    Container latency =
        LatencyConsumerResources.deployment(RUN, "k:9092", "lc:1")
            .getSpec()
            .getTemplate()
            .getSpec()
            .getContainers()
            .get(0);
    Container load =
        LoadGeneratorJob.build(RUN, "k:9092", "lg:1")
            .getSpec()
            .getTemplate()
            .getSpec()
            .getContainers()
            .get(0);

    assertThat(latency.getResources()).isEqualTo(SPEC.getLatency().getResources());
    assertThat(latency.getResources().getRequests()).containsKey("memory");
    assertThat(latency.getResources().getLimits()).doesNotContainKey("cpu");
    assertThat(load.getResources()).isEqualTo(SPEC.getLoad().getResources());
    assertThat(load.getResources().getRequests()).containsKey("memory");
    assertThat(load.getResources().getLimits()).doesNotContainKey("cpu");
  }

  @Test
  void theLoadGeneratorsAreAnIndexedJobOfOnePodPerProducerNextToTheLatencyConsumer()
      throws Exception {
    Job job = LoadGeneratorJob.build(RUN, "k:9092", "lg:1");
    Container c = job.getSpec().getTemplate().getSpec().getContainers().get(0);

    assertThat(job.getSpec().getParallelism()).isEqualTo(3);
    assertThat(job.getSpec().getCompletions()).isEqualTo(3);
    assertThat(job.getSpec().getCompletionMode()).isEqualTo("Indexed");
    assertThat(job.getSpec().getBackoffLimit()).isZero();
    assertThat(c.getImage()).isEqualTo("lg:1");
    var workload = new ObjectMapper().readTree(env(c).get("STREAMGAUGE_WORKLOAD"));
    assertThat(workload.get("producers").asInt()).isEqualTo(3);
    assertThat(workload.get("bootstrapServers").asText()).isEqualTo("k:9092");
    var sameNode = job.getSpec().getTemplate().getSpec().getAffinity().getPodAffinity();
    assertThat(sameNode.getRequiredDuringSchedulingIgnoredDuringExecution())
        .as("one clock for send and receive times: required by default")
        .singleElement()
        .satisfies(
            t -> {
              assertThat(t.getTopologyKey()).isEqualTo("kubernetes.io/hostname");
              assertThat(t.getLabelSelector().getMatchLabels())
                  .containsEntry(Labels.COMPONENT, "latency-consumer");
            });
    assertThat(sameNode.getPreferredDuringSchedulingIgnoredDuringExecution()).isEmpty();
  }

  @Test
  void loadGeneratorsOnlyPreferTheLatencyConsumersNodeWhenTheSpecSaysPreferred() {
    BenchmarkRunSpec spec = spec();
    spec.getPlacement().setClientsCoLocation(ClientCoLocation.Preferred);
    RunContext preferred = new RunContext("bench", "wc", "uid-1", spec, startedRun().status());

    var sameNode =
        LoadGeneratorJob.build(preferred, "k:9092", "lg:1")
            .getSpec()
            .getTemplate()
            .getSpec()
            .getAffinity()
            .getPodAffinity();

    assertThat(sameNode.getRequiredDuringSchedulingIgnoredDuringExecution()).isEmpty();
    assertThat(sameNode.getPreferredDuringSchedulingIgnoredDuringExecution())
        .extracting(
            t -> t.getPodAffinityTerm().getLabelSelector().getMatchLabels().get(Labels.COMPONENT))
        .containsExactly("latency-consumer");
  }

  @Test
  void aPrepopulatingGeneratorHasNoLatencyConsumerToJoinAndOnlyKeepsAwayFromTheApp() {
    BenchmarkRunSpec spec = new SpecDefaulter().apply(Specs.minimal(Scenario.STATE_RESTORATION));
    RunContext restoration = new RunContext("bench", "sr", "uid-2", spec, startedRun().status());

    var affinity =
        LoadGeneratorJob.build(restoration, "k:9092", "lg:1")
            .getSpec()
            .getTemplate()
            .getSpec()
            .getAffinity();

    assertThat(affinity.getPodAffinity())
        .as("a required term on a pod that never runs leaves the Job unschedulable")
        .isNull();
    assertThat(affinity.getPodAntiAffinity().getPreferredDuringSchedulingIgnoredDuringExecution())
        .extracting(
            t -> t.getPodAffinityTerm().getLabelSelector().getMatchLabels().get(Labels.COMPONENT))
        .containsExactly("app");
  }

  @Test
  void theLatencyConsumerGetsItsSettingsAndAServiceForItsApi() throws Exception {
    Deployment d = LatencyConsumerResources.deployment(RUN, "k:9092", "lc:1");
    Container c = d.getSpec().getTemplate().getSpec().getContainers().get(0);

    var settings = new ObjectMapper().readTree(env(c).get("STREAMGAUGE_LATENCY"));
    assertThat(settings.get("topics").get(0).asText()).isEqualTo("output");
    assertThat(settings.get("isolationLevel").asText()).isEqualTo("read_committed");
    assertThat(c.getReadinessProbe().getHttpGet().getPath()).isEqualTo("/health");
    assertThat(LatencyConsumerResources.service(OWNER).getSpec().getPorts().get(0).getPort())
        .isEqualTo(9401);
    assertThat(LatencyConsumerResources.service(OWNER).getSpec().getSelector())
        .isEqualTo(d.getSpec().getSelector().getMatchLabels());
  }

  /** Only the run's clients hold its latency API token, and only through its Secret. */
  @Test
  void theLatencyConsumerAndTheLoadGeneratorsReadTheRunsTokenFromItsSecretAndTheAppDoesNot() {
    List<EnvVar> consumer =
        envOf(LatencyConsumerResources.deployment(RUN, "k:9092", "lc:1").getSpec().getTemplate());
    List<EnvVar> generator =
        envOf(LoadGeneratorJob.build(RUN, "k:9092", "lg:1").getSpec().getTemplate());
    for (List<EnvVar> env : List.of(consumer, generator)) {
      assertThat(env)
          .filteredOn(e -> e.getName().equals(ApiToken.VARIABLE))
          .singleElement()
          .satisfies(
              e -> {
                assertThat(e.getValue()).isNull();
                assertThat(e.getValueFrom().getSecretKeyRef().getName()).isEqualTo("wc-api-token");
                assertThat(e.getValueFrom().getSecretKeyRef().getKey()).isEqualTo("token");
              });
    }
    assertThat(envOf(AppDeployment.build(RUN, "k:9092").get(0).getSpec().getTemplate()))
        .noneMatch(e -> e.getName().equals(ApiToken.VARIABLE));
    assertThat(RunApiToken.of(withData(RunApiToken.secret(OWNER, "t0k")))).hasValue("t0k");
  }

  private static List<EnvVar> envOf(PodTemplateSpec template) {
    return template.getSpec().getContainers().get(0).getEnv();
  }

  /** {@code secret} as the API server returns it: its stringData base64-encoded into data. */
  private static Secret withData(Secret secret) {
    Map<String, String> data = new java.util.LinkedHashMap<>();
    secret
        .getStringData()
        .forEach(
            (k, v) ->
                data.put(
                    k, Base64.getEncoder().encodeToString(v.getBytes(StandardCharsets.UTF_8))));
    secret.setData(data);
    secret.setStringData(null);
    return secret;
  }

  /**
   * On a shared cluster with TLS and SCRAM, every client container gets each Secret key from a
   * {@code secretKeyRef} and the settings as variables the kubelet expands from them; expanded as
   * Kubernetes does ({@code $(VAR)} of an earlier variable, {@code $$} for {@code $}), they equal
   * what the operator's own admin client resolves.
   */
  @Test
  void secretSettingsReachEveryClientThroughSecretKeyRefsAndNeverAsValues() throws Exception {
    BenchmarkRunSpec spec = spec();
    spec.getKafka().setProvision(null);
    spec.getKafka()
        .setExternal(
            new ObjectMapper()
                .readValue(
                    """
                    {"bootstrapServers": "kafka:9093",
                     "tls": {"trustedCertificates": [{"secretName": "ca", "certificate": "ca.crt"}]},
                     "authentication": {"type": "scram-sha-512", "username": "al$(ice)",
                       "passwordSecret": {"secretName": "alice", "password": "password"}}}
                    """,
                    io.streamgauge.api.spec.ExternalKafkaSpec.class));
    BenchmarkRunStatus status = new BenchmarkRunStatus();
    PhaseTransition first = new PhaseTransition();
    first.setStartedAt("2026-11-23T10:00:00Z");
    status.getPhaseHistory().add(first);
    RunContext run = new RunContext("bench", "wc", "uid-1", spec, status);
    Map<String, String> secrets =
        Map.of("ca/ca.crt", "-----CERT-----", "alice/password", "pa$(ss)");
    Map<String, String> expected =
        io.streamgauge.platform.KafkaSecurity.of(spec)
            .resolve(k -> java.util.Optional.of(secrets.get(k.secretName() + "/" + k.key())));

    List<Map.Entry<String, Container>> containers =
        List.of(
            Map.entry(
                "STREAMGAUGE_APP_",
                AppDeployment.build(run, "kafka:9093")
                    .get(0)
                    .getSpec()
                    .getTemplate()
                    .getSpec()
                    .getContainers()
                    .get(0)),
            Map.entry(
                "STREAMGAUGE_KAFKA_",
                LoadGeneratorJob.build(run, "kafka:9093", "lg:1")
                    .getSpec()
                    .getTemplate()
                    .getSpec()
                    .getContainers()
                    .get(0)),
            Map.entry(
                "STREAMGAUGE_KAFKA_",
                LatencyConsumerResources.deployment(run, "kafka:9093", "lc:1")
                    .getSpec()
                    .getTemplate()
                    .getSpec()
                    .getContainers()
                    .get(0)));
    containers.forEach(
        entry -> {
          String prefix = entry.getKey();
          Container container = entry.getValue();
          Map<String, String> env = expand(container.getEnv(), secrets);
          expected.forEach(
              (property, value) ->
                  assertThat(env)
                      .as(container.getName() + " " + property)
                      .containsEntry(prefix + property.toUpperCase().replace('.', '_'), value));
          assertThat(container.getEnv())
              .as(container.getName() + ": no secret value in the pod spec")
              .noneSatisfy(e -> assertThat(e.getValue()).contains("pa$(ss)"))
              .noneSatisfy(e -> assertThat(e.getValue()).contains("-----CERT-----"));
        });
  }

  /** A container's environment as the kubelet builds it, {@code secrets} by "name/key". */
  private static Map<String, String> expand(List<EnvVar> vars, Map<String, String> secrets) {
    Map<String, String> env = new java.util.LinkedHashMap<>();
    for (EnvVar v : vars) {
      if (v.getValueFrom() != null) {
        var ref = v.getValueFrom().getSecretKeyRef();
        env.put(v.getName(), secrets.get(ref.getName() + "/" + ref.getKey()));
        continue;
      }
      String raw = v.getValue();
      StringBuilder out = new StringBuilder();
      for (int i = 0; i < raw.length(); i++) {
        char c = raw.charAt(i);
        if (c == '$' && i + 1 < raw.length() && raw.charAt(i + 1) == '$') {
          out.append('$');
          i++;
        } else if (c == '$' && i + 1 < raw.length() && raw.charAt(i + 1) == '(') {
          int end = raw.indexOf(')', i);
          String name = raw.substring(i + 2, end);
          out.append(env.containsKey(name) ? env.get(name) : raw.substring(i, end + 1));
          i = end;
        } else {
          out.append(c);
        }
      }
      env.put(v.getName(), out.toString());
    }
    return env;
  }

  @Test
  void topicsHaveTheScenarioPartitionsAndAtMostThreeReplicas() {
    List<KafkaTopic> topics = KafkaTopics.build(OWNER, SPEC);

    assertThat(topics)
        .extracting(
            t ->
                t.getMetadata().getName()
                    + " "
                    + t.getSpec().getTopicName()
                    + " "
                    + t.getSpec().getPartitions()
                    + "x"
                    + t.getSpec().getReplicas())
        .containsExactly("wc-input input 12x3", "wc-output output 12x3");
    assertThat(topics.get(0).getMetadata().getLabels())
        .containsEntry(KafkaClusterResources.CLUSTER_LABEL, "wc-kafka");
    assertThat(KafkaTopics.resourceName(OWNER, "My_Topic.v2")).isEqualTo("wc-my-topic-v2");
  }

  /** The container's variables with a value of their own (not read from a Secret). */
  private static Map<String, String> env(Container c) {
    return c.getEnv().stream()
        .filter(e -> e.getValue() != null)
        .collect(Collectors.toMap(EnvVar::getName, EnvVar::getValue));
  }
}
