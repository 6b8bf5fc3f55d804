package io.streamgauge.testing;

import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.api.model.ServiceBuilder;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.javaoperatorsdk.operator.Operator;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import io.streamgauge.common.PrometheusConfig;
import io.streamgauge.latency.LatencyRun;
import io.streamgauge.latency.LatencySettings;
import io.streamgauge.metrics.CpuAndHeapBurner;
import io.streamgauge.operator.LeaderElection;
import io.streamgauge.operator.OperatorHealth;
import io.streamgauge.operator.OperatorMain;
import io.streamgauge.platform.kubernetes.ClientImages;
import io.streamgauge.platform.kubernetes.KubernetesPlatform;
import io.streamgauge.platform.kubernetes.LatencyApiPolicy;
import io.streamgauge.platform.kubernetes.PlatformSettings;
import io.streamgauge.platform.kubernetes.PrometheusEndpoints;
import io.streamgauge.run.PhaseTimeouts;
import io.streamgauge.scenario.ReferenceApps;
import io.streamgauge.testing.controlplane.TestControlPlane;
import io.streamgauge.testing.kafka.KafkaBroker;
import io.streamgauge.testing.prometheus.PrometheusServer;
import io.streamgauge.testing.strimzi.StrimziStandIn;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.nio.file.Files;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;
import org.awaitility.Awaitility;

/**
 * Runs through the real operator on the real control plane, with kwok running the pods: {@link
 * StrimziStandIn} plays Strimzi on a real local broker; each run's latency consumer is a real one
 * in this JVM, reading the output topic that a local producer writes as the app would (200
 * records/s stamped with the send time — or, for a run marked slow, stamped {@value #SLOW_MS} ms
 * earlier, so its latency is that much higher); a CPU-and-heap burner and the first run's latency
 * consumer are scraped by a real Prometheus as that run's app and latency pods; the operator runs
 * as the service account of {@code deploy/operator-rbac.yaml}.
 */
public final class KwokRunHarness implements AutoCloseable {

  /**
   * The share of a core the app stand-in (the burner) uses: enough for a CPU figure to read, and
   * the rest of this two-core machine left to the control plane, the broker and the operator.
   */
  public static final int APP_BUSY_PERCENT = 25;

  /** How much earlier than their send time a slow run's records are stamped. */
  public static final int SLOW_MS = 50;

  /** Records per output topic the app stand-in sends at once, every 5 ms per record. */
  private static final int RECORDS_PER_SEND = 10;

  private static final String OUTPUT = "output";
  private static final String SLOW_OUTPUT = "output-slow";

  private final KubernetesClient client;
  private final KafkaBroker broker;
  private final Map<String, LatencyRun> latencyConsumers = new ConcurrentHashMap<>();
  private final Set<String> slowRuns = ConcurrentHashMap.newKeySet();
  private final AtomicBoolean producing = new AtomicBoolean(true);
  private final Thread producer;
  private Process burner;

  /** The service account deploy/operator-rbac.yaml grants the operator's rules to. */
  private static final String OPERATOR_ACCOUNT = "streamgauge:streamgauge-operator";

  private PrometheusServer prometheus;
  private OversizedAnswerPrometheus oversizedAnswers;
  private StrimziStandIn strimzi;
  private Operator operator;
  private OperatorHealth health;
  private PrometheusRegistry operatorMetrics;

  private KwokRunHarness(KubernetesClient client, KafkaBroker broker) {
    this.client = client;
    this.broker = broker;
    this.producer = new Thread(this::produceOutput, "app-stand-in");
  }

  /**
   * Starts everything in {@code namespace} (created, with the operator's RBAC applied); the burner
   * and {@code scrapedRun}'s latency consumer are scraped as {@code scrapedRun}'s pods.
   */
  public static KwokRunHarness start(TestControlPlane plane, String namespace, String scrapedRun)
      throws Exception {
    KubernetesClient client = plane.client();
    client
        .namespaces()
        .resource(
            new NamespaceBuilder().withNewMetadata().withName(namespace).endMetadata().build())
        .serverSideApply();
    try (var rbac =
        Files.newInputStream(RepoFiles.repoDir().resolve("deploy/operator-rbac.yaml"))) {
      client.load(rbac).serverSideApply();
    }
    defaultPrometheusService(client);
    KafkaBroker broker = KafkaBroker.start();
    KwokRunHarness harness = new KwokRunHarness(client, broker);
    try {
      broker.createTopic("input", 2);
      broker.createTopic(OUTPUT, 2);
      broker.createTopic(SLOW_OUTPUT, 2);
      LatencyRun latency = harness.latencyConsumerOf(scrapedRun);
      Awaitility.await().atMost(Duration.ofSeconds(30)).until(latency::isReading);
      CpuAndHeapBurner.Burner started = CpuAndHeapBurner.start(128, APP_BUSY_PERCENT, "-Xmx512m");
      harness.burner = started.process();
      harness.prometheus =
          PrometheusServer.start(
              Duration.ofSeconds(1),
              List.of(
                  new PrometheusConfig.ScrapeJob(
                      "app",
                      List.of("127.0.0.1:" + started.port()),
                      Map.of("namespace", namespace, "pod", scrapedRun + "-app-7d9f8c6b5-x2k4q")),
                  new PrometheusConfig.ScrapeJob(
                      "latency",
                      List.of("127.0.0.1:" + latency.httpPort()),
                      Map.of(
                          "namespace",
                          namespace,
                          "pod",
                          scrapedRun + "-latency-5c7b9d8f4-q8w2e"))));
      harness.oversizedAnswers = OversizedAnswerPrometheus.inFrontOf(harness.prometheus.url());
      harness.producer.start();
      harness.strimzi = StrimziStandIn.start(client, namespace, broker);
      harness.startOperator();
      return harness;
    } catch (Exception | Error e) {
      harness.close();
      throw e;
    }
  }

  public KubernetesClient client() {
    return client;
  }

  public KafkaBroker broker() {
    return broker;
  }

  public PrometheusServer prometheus() {
    return prometheus;
  }

  /**
   * A run author's own Prometheus in front of {@link #prometheus}, answering one metric's queries
   * without end; the operator allows its URL as it allows the harness's Prometheus.
   */
  public OversizedAnswerPrometheus oversizedAnswers() {
    return oversizedAnswers;
  }

  public StrimziStandIn strimzi() {
    return strimzi;
  }

  /**
   * Creates a wordcount EOS run {@code name} in {@code namespace} on a Kafka the stand-in provides,
   * scraped by this harness's Prometheus every second, with {@code schedule} (a YAML flow mapping)
   * and {@code extraSpec} (one line of YAML, or empty). Its latencySamples threshold is out of
   * reach, so a run that succeeds also takes the path of a failed check (Valid False, a Warning
   * Event).
   */
  public void createWordcountRun(String namespace, String name, String schedule, String extraSpec) {
    createWordcountRun(
        namespace,
        name,
        schedule,
        extraSpec,
        "{image: example.invalid/streams-app:1, resources: {limits: {cpu: \"1\", memory: 1Gi}}}");
  }

  /** As above, with {@code app} (a YAML flow mapping) as its {@code spec.app}. */
  public void createWordcountRun(
      String namespace, String name, String schedule, String extraSpec, String app) {
    createWordcountRun(namespace, name, schedule, extraSpec, app, prometheus.url());
  }

  /** As above, querying the Prometheus at {@code prometheusUrl}. */
  public void createWordcountRun(
      String namespace,
      String name,
      String schedule,
      String extraSpec,
      String app,
      String prometheusUrl) {
    TestRuns.create(
        client,
        namespace,
        name,
        """
        scenario: wordcount
        processingGuarantee: exactly_once_v2
        app: %s
        schedule: %s
        prometheus: {url: "%s", scrapeInterval: 1s, cadvisorScrapeInterval: 1s, resolution: 1s}
        checks: {minLatencySamples: 1000000000}
        %s
        """
            .formatted(app, schedule, prometheusUrl, extraSpec));
  }

  /**
   * Run {@code runName}'s latency consumer will read records stamped {@value #SLOW_MS} ms early.
   */
  public void markSlow(String runName) {
    slowRuns.add(runName);
  }

  /**
   * The Service a run's default Prometheus URL names ({@code prometheus-operated.monitoring}, as
   * prometheus-operator keeps it), so the operator lets runs that do not name the harness's
   * Prometheus start; nothing answers behind it.
   */
  private static void defaultPrometheusService(KubernetesClient client) {
    client
        .namespaces()
        .resource(
            new NamespaceBuilder().withNewMetadata().withName("monitoring").endMetadata().build())
        .serverSideApply();
    client
        .services()
        .inNamespace("monitoring")
        .resource(
            new ServiceBuilder()
                .withNewMetadata()
                .withName("prometheus-operated")
                .endMetadata()
                .withNewSpec()
                .withClusterIP("None")
                .addNewPort()
                .withName("web")
                .withPort(9090)
                .endPort()
                .endSpec()
                .build())
        .serverSideApply();
  }

  /**
   * Starts the operator, with its own client (it closes it when stopped) acting as the operator's
   * service account, so deploy/operator-rbac.yaml is what authorizes it.
   */
  public void startOperator() {
    health = new OperatorHealth(false);
    operatorMetrics = new PrometheusRegistry();
    operator = operator(OPERATOR_ACCOUNT, Set.of(), null, health, operatorMetrics, "streamgauge");
  }

  /** What the operator {@link #startOperator} started exports on /metrics: its runs' gauges. */
  public PrometheusRegistry operatorMetrics() {
    return operatorMetrics;
  }

  /** The /health of the operator {@link #startOperator} started. */
  public OperatorHealth health() {
    return health;
  }

  /**
   * Starts another operator, as {@link #startOperator} does, that reconciles only while it holds
   * the Lease in namespace {@code streamgauge} as {@code identity}; stop it with {@link
   * Operator#stop}.
   */
  public Operator startElectedOperator(String identity) {
    return operator(
        OPERATOR_ACCOUNT,
        Set.of(),
        new LeaderElection("streamgauge", identity, false),
        new OperatorHealth(true),
        new PrometheusRegistry(),
        "streamgauge");
  }

  /**
   * Stops an operator {@link #startElectedOperator} started as {@code identity}, as its pod's
   * shutdown does: it gives up the Lease.
   */
  public void stopElected(Operator operator, String identity) {
    OperatorMain.stop(operator, client, new LeaderElection("streamgauge", identity, false));
  }

  /**
   * Starts another operator, as {@link #startOperator} does, that watches only {@code namespaces}
   * and acts as service account {@code account} ({@code namespace:name}), as a namespace-scoped
   * install does; stop it with {@link Operator#stop}.
   */
  public Operator startNamespacedOperator(String account, Set<String> namespaces) {
    return operator(
        account,
        namespaces,
        null,
        new OperatorHealth(false),
        new PrometheusRegistry(),
        account.substring(0, account.indexOf(':')));
  }

  /**
   * Starts another install of the operator, as {@link #startOperator} does, watching every
   * namespace as install {@code install} (another operator namespace); stop it with {@link
   * Operator#stop}.
   */
  public Operator startOtherInstall(String install) {
    return operator(
        OPERATOR_ACCOUNT,
        Set.of(),
        null,
        new OperatorHealth(false),
        new PrometheusRegistry(),
        install);
  }

  private Operator operator(
      String account,
      Set<String> namespaces,
      LeaderElection election,
      OperatorHealth health,
      PrometheusRegistry metrics,
      String install) {
    KubernetesClient operatorClient =
        new KubernetesClientBuilder()
            .withConfig(
                new ConfigBuilder(client.getConfiguration())
                    .withImpersonateUsername("system:serviceaccount:" + account)
                    .withImpersonateGroups("system:serviceaccounts", "system:authenticated")
                    .build())
            .build();
    return OperatorMain.start(
        operatorClient,
        new KubernetesPlatform(
            operatorClient,
            new PlatformSettings(
                new ClientImages("lg:test", "lc:test", ReferenceApps.under("ref.test", "1")),
                Map.of("release", "prometheus"),
                PlatformSettings.DEFAULT_SCHEDULING_GRACE,
                new LatencyApiPolicy("streamgauge", List.of("monitoring")),
                Duration.ZERO,
                new PrometheusEndpoints(List.of(prometheus.url(), oversizedAnswers.url()))),
            run -> URI.create("http://127.0.0.1:" + latencyConsumerOf(run.name()).httpPort()),
            Clock.systemUTC()),
        new PhaseTimeouts(
            Duration.ofSeconds(10),
            Duration.ofSeconds(60),
            Duration.ofSeconds(30),
            Duration.ofSeconds(2)),
        namespaces,
        election,
        health,
        metrics,
        install);
  }

  /** Stops the operator, as a pod that goes away would. */
  public void stopOperator() {
    operator.stop();
  }

  /**
   * The latency consumer standing in for run {@code runName}'s, started on first use: each run has
   * its own, as in a cluster (a latency consumer accepts one run's windows).
   */
  public LatencyRun latencyConsumerOf(String runName) {
    return latencyConsumers.computeIfAbsent(
        runName,
        name -> {
          LatencyRun consumer =
              new LatencyRun(
                  new LatencySettings(
                      broker.bootstrapServers(),
                      List.of(slowRuns.contains(name) ? SLOW_OUTPUT : OUTPUT),
                      "read_committed",
                      null,
                      "latest",
                      null,
                      0,
                      null,
                      false,
                      1000L,
                      null,
                      null,
                      null,
                      null,
                      null,
                      true,
                      null,
                      null),
                  new PrintStream(OutputStream.nullOutputStream()));
          Thread thread =
              new Thread(
                  () -> {
                    try {
                      consumer.run();
                    } catch (Exception e) {
                      throw new IllegalStateException(e);
                    }
                  },
                  "latency-consumer-" + name);
          thread.setDaemon(true);
          thread.start();
          Awaitility.await().atMost(Duration.ofSeconds(30)).until(() -> consumer.httpPort() > 0);
          return consumer;
        });
  }

  /**
   * Stands in for the app: 200 records/s to each output topic, the slow one stamped early, sent
   * {@value #RECORDS_PER_SEND} at a time. One at a time (every 5 ms), each record woke every
   * latency consumer's fetch — one per run so far — and the broker answering them took 40 % of a
   * core (OperatorLifecycleIT, 2026-11-28: 156 CPU-s in 382 s).
   */
  private void produceOutput() {
    try (KafkaProducer<String, String> p =
        new KafkaProducer<>(
            Map.of(
                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers(),
                ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class,
                ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class))) {
      while (producing.get()) {
        long now = System.currentTimeMillis();
        for (int i = 0; i < RECORDS_PER_SEND; i++) {
          p.send(new ProducerRecord<>(OUTPUT, null, now, "word", "1"));
          p.send(new ProducerRecord<>(SLOW_OUTPUT, null, now - SLOW_MS, "word", "1"));
        }
        Thread.sleep(RECORDS_PER_SEND * 5L);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  @Override
  public void close() throws Exception {
    producing.set(false);
    if (operator != null) {
      operator.stop();
    }
    if (strimzi != null) {
      strimzi.close();
    }
    producer.join(5000);
    for (LatencyRun consumer : latencyConsumers.values()) {
      consumer.stop(Duration.ofSeconds(5));
    }
    if (oversizedAnswers != null) {
      oversizedAnswers.close();
    }
    if (prometheus != null) {
      prometheus.close();
    }
    if (burner != null) {
      burner.destroyForcibly();
    }
    broker.close();
  }
}
