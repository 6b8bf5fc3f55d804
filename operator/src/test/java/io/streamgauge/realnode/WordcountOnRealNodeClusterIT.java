package io.streamgauge.realnode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.assertj.core.api.Assertions.withinPercentage;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fabric8.kubernetes.api.model.Condition;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.streamgauge.api.status.BenchmarkRunStatus;
import io.streamgauge.api.status.Phase;
import io.streamgauge.api.status.PhaseTransition;
import io.streamgauge.api.summary.RunSummary;
import io.streamgauge.metrics.Component;
import io.streamgauge.metrics.PrometheusClient;
import io.streamgauge.metrics.Sample;
import io.streamgauge.platform.kubernetes.Labels;
import io.streamgauge.run.Conditions;
import io.streamgauge.testing.RepoFiles;
import io.streamgauge.testing.controlplane.CommandResult;
import io.streamgauge.testing.realnode.CgroupSampler;
import io.streamgauge.testing.realnode.ContainerCgroup;
import io.streamgauge.testing.realnode.RealCluster;
import io.streamgauge.testing.realnode.RealClusterExtension;
import io.streamgauge.testing.realnode.StrimziKafka;
import io.streamgauge.testing.strimzi.BrokerPods;
import io.streamgauge.testing.strimzi.StrimziStandIn;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.DoubleSummaryStatistics;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.BiFunction;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The headline path on a real node, as the README's quick start gives it: {@code streamgauge run}
 * of examples/run-wordcount-eos-small-strimzi.yaml (windows shortened) into a namespace that
 * enforces the restricted Pod Security Standard, whose Kafka the run provisions through Strimzi's
 * resources. What answers them here is the tests' own reconciler ({@link StrimziStandIn} with
 * {@link BrokerPods}: nothing here builds Strimzi): it runs the broker pod of the run's Kafka and
 * KafkaNodePool from Streamgauge's Kafka image, publishes the bootstrap address as Strimzi does and
 * makes the run's topics from their KafkaTopics. The operator installed by the chart runs the app,
 * clients and latency consumer as real pods; the figures it writes are checked against the kernel's
 * own counters for the app's container and against what came through prometheus-operator's
 * monitors; and once the run has cleaned up, nothing of it or its Kafka is left.
 */
@ExtendWith(RealClusterExtension.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class WordcountOnRealNodeClusterIT {

  private static final String NS = "realnode-run";
  private static final String RUN = "wordcount-eos-small-strimzi";
  private static final String KAFKA = RUN + "-kafka";

  /**
   * 20 s: no check here reads a figure the JIT's warmup moves much (CPU is compared with the cgroup
   * over the same window; latency is only checked for order).
   */
  private static final Duration WARMUP = Duration.ofSeconds(20);

  /**
   * One minute. cAdvisor refreshes a container's counters every one to two housekeeping intervals
   * (2 s on this node, cluster/env.sh; 10 s by default), so its samples cover the window less up to
   * that much and a scrape interval at each edge. The CPU check compares with the cgroup's counter
   * over exactly the span of cAdvisor's samples inside the window, and the throttling check over
   * the window with its edges trimmed by 0-20 s, so the window need not be long enough for the
   * edges not to matter.
   */
  private static final Duration MEASUREMENT = Duration.ofSeconds(60);

  /**
   * How often this cluster's Prometheus scrapes cAdvisor: every 5 s through the kubelet
   * ServiceMonitor (cluster/manifests/prometheus.yaml), every 10 s through the chart's
   * cadvisor.serviceMonitor (the throttled seconds). Collecting waits this long for the window's
   * last cAdvisor samples; the 30 s default, kube-prometheus-stack's, would wait 20 s for nothing.
   */
  private static final String CADVISOR_INTERVAL = "10s";

  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir static Path dir;
  private Path results;
  private RealCluster.Streamgauge streamgauge;
  private int streamgaugeExit;
  private RealCluster cluster;
  private KubernetesClient client;
  private Instant applied;
  private CgroupSampler sampler;
  private long cpuQuotaMicros;
  private long cpuPeriodMicros;
  private long memoryLimitBytes;
  private String appLog;
  private StrimziKafka kafka;
  private StrimziStandIn strimzi;
  private BenchmarkRunStatus status;

  @BeforeAll
  void runIt(RealCluster cluster) throws Exception {
    this.cluster = cluster;
    this.client = cluster.client();
    cluster.createNamespace(NS, Map.of("pod-security.kubernetes.io/enforce", "restricted"));
    strimzi = StrimziStandIn.start(client, NS, new BrokerPods(client), Duration.ofSeconds(1));
    String yaml =
        Files.readString(RepoFiles.examplesDir().resolve("run-" + RUN + ".yaml"))
            .replace("warmup: 1m", "warmup: " + WARMUP.toSeconds() + "s")
            .replace("measurement: 2m", "measurement: " + MEASUREMENT.toSeconds() + "s")
            .replace(
                "  schedule:\n",
                "  prometheus: {cadvisorScrapeInterval: " + CADVISOR_INTERVAL + "}\n  schedule:\n");
    assertThat(yaml)
        .contains(
            "cadvisorScrapeInterval",
            "warmup: " + WARMUP.toSeconds() + "s",
            "measurement: " + MEASUREMENT.toSeconds() + "s");
    applied = Instant.now();
    results = dir.resolve("results");
    Path file = Files.writeString(dir.resolve("run.yaml"), yaml);
    streamgauge =
        cluster.streamgauge(dir, "run", file.toString(), "-n", NS, "-d", results.toString());

    Pod app =
        Awaitility.await("the app's pod running and ready (after the run's Kafka)")
            .atMost(Duration.ofMinutes(8))
            .pollInterval(Duration.ofMillis(500))
            .until(this::readyAppPod, p -> p != null);
    ContainerCgroup cgroup = ContainerCgroup.of(app, "app");
    cpuQuotaMicros = cgroup.cpuQuotaMicros();
    cpuPeriodMicros = cgroup.cpuPeriodMicros();
    memoryLimitBytes = cgroup.memoryLimitBytes();
    sampler = CgroupSampler.start(cgroup);
    appLog = cluster.kubectl("logs", "-n", NS, app.getMetadata().getName()).stdout();
    Awaitility.await("the run measuring")
        .atMost(Duration.ofMinutes(4))
        .pollInterval(Duration.ofSeconds(1))
        .until(() -> status().getPhase() == Phase.Measuring || isTerminal(status()));
    kafka = StrimziKafka.observe(cluster, NS, KAFKA, RUN);
    Map<String, ClientSample> clients = sampleClients();

    Awaitility.await("the run finished")
        .atMost(Duration.ofMinutes(6))
        .pollInterval(Duration.ofSeconds(2))
        .until(() -> isTerminal(status()));
    sampler.close();
    for (ClientSample clientSample : clients.values()) {
      clientSample.sampler().close();
    }
    status = status();
    streamgaugeExit = streamgauge.awaitExit(Duration.ofMinutes(3));
    System.out.println("phases: " + phaseSeconds(status.getPhaseHistory()));
    printClientUsage(clients);
  }

  /** A measuring client's cgroup sampler and the memory limit its container runs under. */
  private record ClientSample(CgroupSampler sampler, long memoryLimitBytes) {}

  /**
   * Samples the cgroups of the latency consumer and of each load generator pod, so what they use at
   * this rate on this node is on record beside the memory limits they run under (their defaults are
   * sized from it).
   */
  private Map<String, ClientSample> sampleClients() {
    Map<String, ClientSample> samplers = new TreeMap<>();
    for (Component component : List.of(Component.LATENCY_CONSUMER, Component.LOAD_GENERATOR)) {
      for (Pod pod :
          client
              .pods()
              .inNamespace(NS)
              .withLabels(Labels.forComponent(RUN, component))
              .list()
              .getItems()) {
        ContainerCgroup cgroup = ContainerCgroup.of(pod, component.containerName());
        samplers.put(
            pod.getMetadata().getName(),
            new ClientSample(CgroupSampler.start(cgroup), cgroup.memoryLimitBytes()));
      }
    }
    return samplers;
  }

  /** Prints each client's CPU and working set over the part of the window it was sampled in. */
  private void printClientUsage(Map<String, ClientSample> clients) {
    if (status.getMeasurementEndedAt() == null) {
      return;
    }
    Instant end = Instant.parse(status.getMeasurementEndedAt());
    clients.forEach(
        (pod, measured) -> {
          CgroupSampler sampled = measured.sampler();
          Instant start =
              Collections.max(
                  List.of(
                      Instant.parse(status.getMeasurementStartedAt()),
                      sampled.firstSampleAt().orElse(end).plusSeconds(1)));
          if (!start.isBefore(end)) {
            return;
          }
          System.out.printf(
              "%s over the window (%d s sampled): CPU %.3f cores, working set mean %.1f MiB,"
                  + " max %.1f MiB (memory limit %d MiB)%n",
              pod,
              Duration.between(start, end).toSeconds(),
              sampled.cpuCores(start, end),
              sampled.meanWorkingSetBytes(start, end) / 1048576,
              sampled.maxWorkingSetBytes(start, end) / 1048576.0,
              measured.memoryLimitBytes() / 1048576);
        });
  }

  /** Each phase and the seconds until the next began, e.g. {@code ProvisioningKafka 59 s}. */
  private static String phaseSeconds(List<PhaseTransition> history) {
    List<String> phases = new ArrayList<>();
    for (int i = 0; i + 1 < history.size(); i++) {
      Duration spent =
          Duration.between(
              Instant.parse(history.get(i).getStartedAt()),
              Instant.parse(history.get(i + 1).getStartedAt()));
      phases.add(history.get(i).getPhase() + " " + spent.toSeconds() + " s");
    }
    return String.join(", ", phases);
  }

  @AfterAll
  void cleanUp() throws InterruptedException {
    if (cluster != null) {
      cluster.finish(NS);
    }
    if (strimzi != null) {
      strimzi.close();
    }
  }

  @Test
  void theRunSucceedsAndKubectlWaitSaysSo() {
    assertThat(status.getPhase()).as(status.getConditions().toString()).isEqualTo(Phase.Succeeded);
    CommandResult wait =
        cluster.kubectl(
            "wait", "-n", NS, "benchmarkrun/" + RUN, "--for=condition=Ended", "--timeout=10s");
    assertThat(wait.succeeded()).as("the README's recipe: " + wait.stderr()).isTrue();
  }

  /**
   * The README's quick start: {@code streamgauge run FILE -n NS -d DIR} created the run, said its
   * progress, waited for its end, wrote the files a local run writes (result.json the document the
   * operator stored) and exited as a local run of that verdict does.
   */
  @Test
  void streamgaugeRunCreatedTheRunSaidItsProgressAndWroteItsResults() throws Exception {
    String out = streamgauge.stdout();
    boolean valid =
        status.getConditions().stream()
            .anyMatch(c -> "Valid".equals(c.getType()) && "True".equals(c.getStatus()));
    assertThat(streamgaugeExit)
        .as(
            "exit 0 for a valid run, 5 for a succeeded but invalid one; stderr: "
                + streamgauge.stderr())
        .isEqualTo(valid ? 0 : 5);
    assertThat(out)
        .contains("Created BenchmarkRun " + NS + "/" + RUN)
        .contains(RUN + ": ")
        .contains("BenchmarkRun " + NS + "/" + RUN + " ended: Succeeded")
        .contains("Wrote " + results.resolve("result.json"));
    assertThat(out.lines().filter(l -> l.startsWith(RUN + ": ")).count())
        .as("progress lines, one per change of the run's progress")
        .isGreaterThan(3);
    JsonNode written = JSON.readTree(results.resolve("result.json").toFile());
    JsonNode stored = JSON.readTree(configMap().getData().get("result.json"));
    assertThat(written.at("/metadata/name").asText()).isEqualTo(RUN);
    assertThat(written.at("/run/mode").asText()).isEqualTo("kubernetes");
    assertThat(written.at("/run/outcome").asText()).isEqualTo(valid ? "succeeded" : "invalid");
    assertThat(written.at("/spec"))
        .as("result.json's spec is the one the operator stored with the run's results")
        .isEqualTo(stored.at("/spec"));
    assertThat(written.at("/status/summary/latency/p99Ms").asDouble())
        .isEqualTo(status.getSummary().getLatency().getP99Ms());
    assertThat(Files.readString(results.resolve("report.md"))).contains(RUN);
    assertThat(Files.readString(results.resolve("report.html"))).contains("<html", RUN);
  }

  @Test
  void theAppContainerRunsUnderTheSpecsLimitsAndItsJvmSeesThem() {
    assertThat(cpuQuotaMicros).as("1 CPU").isEqualTo(cpuPeriodMicros).isPositive();
    assertThat(memoryLimitBytes).as("1536Mi").isEqualTo(1536L * 1024 * 1024);
    assertThat(appLog).contains("JVM sees 1 CPU(s)");
  }

  @Test
  void cpuAndMemoryComeFromCadvisorAndAgreeWithTheCgroupsCounters() throws Exception {
    Instant start = Instant.parse(status.getMeasurementStartedAt());
    Instant end = Instant.parse(status.getMeasurementEndedAt());
    Map<String, JsonNode> figures = appFigures();

    assertThat(figures.get("cpuCores").path("profile").asText()).isEqualTo("cadvisor");
    assertThat(figures.get("memoryBytes").path("profile").asText()).isEqualTo("cadvisor");
    double cpu = figures.get("cpuCores").path("value").asDouble();
    double memory = figures.get("memoryBytes").path("value").asDouble();
    double kernelMemory = sampler.meanWorkingSetBytes(start, end);
    // cAdvisor stamps each sample with its housekeeping time (one to two housekeeping intervals
    // apart), and the figure is the slope between the window's first and last of them: the cgroup's
    // own counter
    // over exactly that span must agree. (rate() over the window, extrapolating to its edges, once
    // read 0.160 cores here against 0.172-0.201 over every window trimmed by 0-20 s.)
    Instant[] span = cadvisorSamplesSpan(start, end);
    double kernelCpu = sampler.cpuCores(span[0], span[1]);
    System.out.printf(
        "app over the window: CPU %.3f cores (cgroup %.3f over cAdvisor's samples from %s to %s,"
            + " %.3f over the whole window), working set %.1f MiB (cgroup %.1f)%n",
        cpu,
        kernelCpu,
        span[0],
        span[1],
        sampler.cpuCores(start, end),
        memory / 1048576,
        kernelMemory / 1048576);
    // What the node's settings promise: a busy container's next cAdvisor sample follows the last by
    // one to two housekeeping intervals (cAdvisor jitters it by up to 100 %), and Prometheus sees
    // a sample one scrape interval late at most (the slower of the two jobs carrying the series,
    // the chart's cAdvisor ServiceMonitor), so the samples inside the window miss at most that
    // much of it at each edge.
    Duration housekeeping = cluster.cadvisorHousekeepingInterval();
    Duration edge = Duration.parse("PT" + CADVISOR_INTERVAL).plus(housekeeping.multipliedBy(2));
    assertThat(Duration.between(span[0], span[1]))
        .as(
            "cAdvisor's samples span the window but for at most %s at each edge (housekeeping"
                + " every %s)",
            edge, housekeeping)
        .isGreaterThanOrEqualTo(MEASUREMENT.minus(edge.multipliedBy(2)));
    // The product says the same of its figure: the share of the window its samples span, at least
    // what the settings promise, and the cpuCoverage check judging it (the promise, 32 s of 60,
    // clears the default 0.5).
    double promised =
        MEASUREMENT.minus(edge.multipliedBy(2)).toMillis() / (double) MEASUREMENT.toMillis();
    double coverage = figures.get("cpuCores").path("coverage").asDouble(-1);
    assertThat(coverage).as(figures.get("cpuCores").toString()).isBetween(promised, 1.0);
    assertThat(status.getSummary().getCoverage()).containsKey("cpuCores");
    assertThat(status.getSummary().getCoverage().get("cpuCores"))
        .isCloseTo(coverage, within(0.001));
    assertThat(status.getSummary().getChecks())
        .filteredOn(c -> c.getName().equals("cpuCoverage"))
        .singleElement()
        .satisfies(c -> assertThat(c.getPassed()).isTrue());
    // 5 %: the sampler reads the cgroup every 500 ms and interpolates, which moves each edge's
    // CPU by at most 0.5 s x 1 core over a span of 40-60 s (~1 % per edge), plus cAdvisor's own
    // stamping, milliseconds.
    assertThat(cpu).isCloseTo(kernelCpu, withinPercentage(5));
    assertThat(memory).isCloseTo(kernelMemory, within(kernelMemory * 0.10));
    assertThat(status.getSummary().getCpuCores()).isCloseTo(cpu, within(0.001));
    assertThat(status.getSummary().getSources())
        .containsEntry("cpuCores", "cadvisor")
        .containsEntry("memoryMiB", "cadvisor")
        .containsEntry("heapMiB", "prometheus-jvm");
    assertThat(figures.get("cpuCores").path("query").asText())
        .as("the app container's own series, not the pod's sum")
        .contains("container=\"app\"");
    assertThat(status.getSummary().getGcCollectors())
        .as("a JVM limited to 1 CPU and 1.5 GiB is no server-class machine: Serial, not G1")
        .containsExactly("Copy", "MarkSweepCompact");
  }

  /**
   * The throttled share of CFS periods from cAdvisor against the kernel's {@code cpu.stat}, over
   * the same trimmed windows as CPU (cAdvisor's counters lag the same way), and the check judging
   * it.
   */
  @Test
  void cpuThrottlingComesFromCadvisorAndAgreesWithTheKernel() throws Exception {
    Instant start = Instant.parse(status.getMeasurementStartedAt());
    Instant end = Instant.parse(status.getMeasurementEndedAt());
    JsonNode figure = appFigures().get("cpuThrottledShare");
    assertThat(figure).as("the app's figures: " + appFigures().keySet()).isNotNull();
    assertThat(figure.path("profile").asText()).as(figure.toString()).isEqualTo("cadvisor");
    double share = figure.path("value").asDouble();
    DoubleSummaryStatistics kernel = overTrimmedWindows(start, end, sampler::throttledShare);
    double lowest = kernel.getMin();
    double highest = kernel.getMax();
    System.out.printf(
        "app over the window: %.4f of CFS periods throttled (cgroup %.4f-%.4f with the edges"
            + " trimmed by 0-20 s), %s s throttled%n",
        share, lowest, highest, status.getSummary().getCpuThrottledSeconds());
    assertThat(share).isBetween(lowest - 0.01, highest + 0.01);
    assertThat(status.getSummary().getCpuThrottledShare()).isCloseTo(share, within(0.001));
    assertThat(status.getSummary().getCpuThrottledSeconds()).isNotNull().isNotNegative();
    assertThat(status.getSummary().getChecks())
        .filteredOn(c -> c.getName().equals("cpuThrottling"))
        .singleElement()
        .satisfies(
            c -> {
              assertThat(c.getValue()).isEqualTo(status.getSummary().getCpuThrottledShare());
              assertThat(c.getThreshold()).isEqualTo(0.1);
              assertThat(c.getPassed()).isEqualTo(c.getValue() <= 0.1);
            });
  }

  /**
   * The figures came the way prometheus-operator gives them (the cluster's Prometheus honours no
   * pod annotations): the app's, the latency consumer's and the load generators' series through the
   * PodMonitors the operator created, whose job is {@code <namespace>/<PodMonitor>}, each scraped
   * before the warmup began; the throttled seconds, which the cluster's kubelet ServiceMonitor
   * drops as kube-prometheus-stack does, through the chart's cAdvisor ServiceMonitor for this
   * namespace; and the operator's {@code sg_run_*} series, which the dashboards read, through the
   * chart's ServiceMonitor.
   */
  @Test
  void theFiguresCameThroughPrometheusOperatorsMonitors() throws Exception {
    Instant end = Instant.parse(status.getMeasurementEndedAt());
    PrometheusClient prometheus = cluster.prometheus();

    assertThat(jobs(prometheus, "up{namespace=\"" + NS + "\"}", end))
        .containsExactlyInAnyOrder(
            NS + "/" + RUN + "-app",
            NS + "/" + RUN + "-latency-consumer",
            NS + "/" + RUN + "-load-generator");
    assertThat(
            jobs(
                prometheus,
                "up{namespace=\"" + NS + "\"} == 1",
                Instant.parse(status.getWarmupStartedAt())))
        .as("every component scraped before the warmup began (the chart's runs.firstScrapeWait)")
        .hasSize(3);
    assertThat(NS).isIn(RealClusterExtension.CADVISOR_RESTORED_NAMESPACES);
    assertThat(
            jobs(
                prometheus,
                "container_cpu_cfs_throttled_seconds_total{namespace=\"" + NS + "\"}",
                end))
        .containsExactly("streamgauge-cadvisor");
    assertThat(status.getSummary().getSources()).containsEntry("cpuThrottledSeconds", "cadvisor");
    String result =
        "sg_run_result{run_namespace=\"" + NS + "\",run=\"" + RUN + "\",figure=\"cpuCores\"}";
    // Set when the run succeeded; scraped at the ServiceMonitor's interval (10 s here).
    List<Sample> cpu =
        Awaitility.await("the operator's sg_run_result, scraped through its ServiceMonitor")
            .atMost(Duration.ofSeconds(90))
            .pollInterval(Duration.ofSeconds(2))
            .until(() -> prometheus.instant(result, Instant.now()), r -> !r.isEmpty());
    assertThat(cpu).hasSize(1);
    assertThat(cpu.get(0).labels()).containsEntry("job", "streamgauge-metrics");
    assertThat(cpu.get(0).value()).isCloseTo(status.getSummary().getCpuCores(), within(0.001));
  }

  /** The jobs of the series {@code selector} selects at {@code time}. */
  private static List<String> jobs(PrometheusClient prometheus, String selector, Instant time)
      throws Exception {
    return prometheus.instant("count by (job) (" + selector + ")", time).stream()
        .map(s -> s.labels().get("job"))
        .toList();
  }

  @Test
  void latencyAndThroughputArePresent() {
    RunSummary summary = status.getSummary();
    var latency = summary.getLatency();
    assertThat(latency.getSharedClock())
        .as("load generators on the latency consumer's node: " + status.getNodes())
        .isTrue();
    assertThat(latency.getClockSkewed()).isFalse();

    assertThat(latency.getSamples()).isPositive();
    assertThat(latency.getP50Ms()).isPositive();
    assertThat(List.of(latency.getP95Ms(), latency.getP99Ms(), latency.getP999Ms()))
        .isSorted()
        .allSatisfy(p -> assertThat(p).isGreaterThanOrEqualTo(latency.getP50Ms()));
    assertThat(latency.getNegativeSamples()).isZero();
    assertThat(summary.getThroughput().getProducedPerSec()).isCloseTo(500.0, within(10.0));
    assertThat(summary.getThroughput().getConsumedPerSec()).isPositive();
  }

  /**
   * Time to ready from the app pod's own timestamps (the image is on the node: starting the
   * container takes seconds), the JVM and Kafka Streams until /health says RUNNING; what a record
   * costs from the same window's rate and CPU.
   */
  @Test
  void theTimeToReadyAndWhatARecordCostsAreReported() {
    RunSummary summary = status.getSummary();
    var startup = summary.getStartup();
    assertThat(startup.getReadinessPath()).isEqualTo("/health");
    assertThat(startup.getCreatedToStartedSeconds()).isBetween(0.0, 60.0);
    assertThat(startup.getStartedToReadySeconds())
        .as("a JVM and Kafka Streams take seconds to reach RUNNING")
        .isBetween(1.0, 120.0);
    assertThat(startup.getTimeToReadySeconds())
        .isEqualTo(startup.getCreatedToStartedSeconds() + startup.getStartedToReadySeconds());
    assertThat(status.getAppStartup().getTimeToReadySeconds())
        .isEqualTo(startup.getTimeToReadySeconds());
    double perCore = summary.getThroughput().getProducedPerSec() / summary.getCpuCores();
    assertThat(summary.getEfficiency().getRecordsPerSecPerCore())
        .isCloseTo(perCore, within(perCore * 0.01));
    assertThat(summary.getMemoryPeakMiB()).isGreaterThanOrEqualTo(summary.getMemoryMiB());
    assertThat(summary.getSources()).containsEntry("memoryPeakMiB", "cadvisor");
    assertThat(summary.getThroughput().getBytesInPerSec()).isPositive();
    assertThat(summary.getThroughput().getBytesOutPerSec()).isPositive();
  }

  @Test
  void theBrokerRanFromTheNodePoolUnderTheRestrictedStandard() {
    Pod broker = kafka.broker();
    assertThat(broker).as("a broker pod of Kafka " + KAFKA + " while the run measured").isNotNull();
    assertThat(broker.getMetadata().getName()).startsWith(KAFKA + "-pool-").endsWith("-0");
    assertThat(broker.getSpec().getContainers().get(0).getImage()).isEqualTo(BrokerPods.IMAGE);
    assertThat(broker.getSpec().getContainers().get(0).getResources().getLimits())
        .as("the node pool's resources")
        .containsEntry("cpu", new Quantity("1"))
        .containsEntry("memory", new Quantity("1536Mi"));
    assertThat(broker.getSpec().getSecurityContext().getRunAsNonRoot())
        .as("admitted by a namespace enforcing restricted, as Strimzi's restricted provider is")
        .isTrue();
  }

  @Test
  void theTopicOperatorMadeTheRunsTopicsAsTheirKafkaTopicsAsk() {
    assertThat(kafka.topics()).as("the run's KafkaTopics").isNotEmpty();
    for (GenericKubernetesResource topic : kafka.topics().values()) {
      Map<String, Object> spec = StrimziKafka.spec(topic);
      String name = (String) spec.getOrDefault("topicName", topic.getMetadata().getName());
      assertThat(kafka.described()).as("the broker's topics").containsKey(name);
      StrimziKafka.DescribedTopic actual = kafka.described().get(name);
      assertThat(actual.partitions()).isEqualTo(spec.get("partitions"));
      assertThat(actual.replicationFactor()).isEqualTo(spec.get("replicas"));
      if (spec.get("config") instanceof Map<?, ?> config) {
        config.forEach(
            (key, value) ->
                assertThat(actual.configs()).containsEntry((String) key, String.valueOf(value)));
      }
    }
  }

  @Test
  void theClientsReachedTheBootstrapAddressPublishedAsStrimziPublishesIt() {
    assertThat(kafka.publishedBootstrap())
        .as("Kafka " + KAFKA + "'s plain listener")
        .isEqualTo(KAFKA + "-kafka-bootstrap." + NS + ".svc:9092");
    assertThat(status.getKafkaBootstrapServers()).isEqualTo(kafka.publishedBootstrap());
  }

  @Test
  void theSummarySaysHowLongKafkaTookToBeReady() {
    double seconds =
        Duration.between(entered(Phase.ProvisioningKafka), entered(Phase.DeployingApp)).toMillis()
            / 1000.0;
    System.out.printf(
        "Kafka through the Strimzi stand-in: ready with its topics %.0f s after its creation%n",
        seconds);
    assertThat(status.getSummary().getKafkaReadySeconds()).isEqualTo(seconds);
  }

  @Test
  void theResultsConfigMapAndTheEventsAreWrittenAndEverythingElseCleanedUp() {
    assertThat(status.getResultRef().getConfigMap()).isEqualTo(RUN + "-results");
    assertThat(configMap().getData()).containsKey("result.json");
    List<String> reasons =
        client.v1().events().inNamespace(NS).list().getItems().stream()
            .filter(e -> RUN.equals(e.getInvolvedObject().getName()))
            .filter(e -> "BenchmarkRun".equals(e.getInvolvedObject().getKind()))
            .map(Event::getReason)
            .toList();
    assertThat(reasons).contains("Succeeded");
    Awaitility.await("cleanup removed the run's workloads, its Kafka and all that was made of it")
        .atMost(Duration.ofMinutes(2))
        .pollInterval(Duration.ofSeconds(2))
        .untilAsserted(
            () ->
                assertThat(StrimziKafka.leftIn(client, NS))
                    .as("left in " + NS + ", by kind")
                    .isEmpty());
    assertThat(cluster.runStatus(NS, RUN).getLogsConfigMap()).isEqualTo(RUN + "-logs");
    Map<String, String> logs =
        client.configMaps().inNamespace(NS).withName(RUN + "-logs").get().getData();
    logs.forEach((key, log) -> System.out.printf("kept log %s: %d bytes%n", key, log.length()));
    assertThat(logs)
        .as("the end of each log, read before cleanup deleted the pods")
        .anySatisfy(
            (key, log) -> {
              assertThat(key).startsWith(RUN + "-app-").endsWith(".app.log");
              // the app's own lines or its Kafka clients' (named after its stream threads): a
              // start under exactly-once can log enough producer retries (CONCURRENT_TRANSACTIONS)
              // to push its state changes out of the kept 64 KiB (make test on e87338e)
              assertThat(log)
                  .doesNotStartWith("(not kept")
                  .containsAnyOf("streams-app: ", "StreamThread");
            })
        .anySatisfy(
            (key, log) -> {
              assertThat(key).startsWith(KAFKA).endsWith(".kafka.log");
              assertThat(log).doesNotStartWith("(not kept").contains("INFO");
            })
        .anySatisfy((key, log) -> assertThat(key).startsWith(RUN + "-latency-"))
        .anySatisfy((key, log) -> assertThat(key).startsWith(RUN + "-load-"));
  }

  /**
   * The cleanup stopped the app, and the run says how its pod exited, read from the kubelet's
   * status as the pod went: a reference app that crashes on stop (a RocksDB gauge read after its
   * store closed did, once) is a False condition and a warning Event, never silence.
   */
  @Test
  void theRunSaysTheAppExitedCleanlyWhenTheCleanupStoppedIt() {
    Condition stopped =
        Awaitility.await("the run's AppStopped condition, once the app's pod is gone")
            .atMost(Duration.ofMinutes(2))
            .pollInterval(Duration.ofSeconds(1))
            .until(
                () ->
                    Conditions.find(
                            cluster.runStatus(NS, RUN).getConditions(), Conditions.APP_STOPPED)
                        .orElse(null),
                c -> c != null);
    System.out.println("AppStopped: " + stopped.getStatus() + " " + stopped.getMessage());
    assertThat(stopped.getStatus()).as(stopped.getMessage()).isEqualTo("True");
    assertThat(stopped.getReason()).isEqualTo("ExitedCleanly");
    assertThat(stopped.getMessage()).matches("pod " + RUN + "-app-\\S+ exited with code (0|143)");
  }

  /**
   * The result document says what measured the run and what it ran on: the app image's digest as
   * the node pulled it (a tag does not pin the bytes), the node's allocatable CPU and memory, and
   * the run over time for the report's charts.
   */
  @Test
  void theResultDocumentRecordsTheImageDigestTheNodeAndTheRunOverTime() throws Exception {
    JsonNode document = JSON.readTree(configMap().getData().get("result.json"));

    assertThat(document.at("/producer/tool").asText()).isEqualTo("streamgauge");
    assertThat(document.at("/environment/platform").asText()).isEqualTo("kubernetes");
    assertThat(document.at("/environment/app/imageID").asText())
        .as("the app image's digest, from the pod's container status")
        .contains("sha256:");
    JsonNode node = document.at("/environment/nodes/0");
    assertThat(node.path("name").asText()).isNotEmpty();
    assertThat(node.at("/allocatable/cpu").asText()).as(node.toString()).isNotEmpty();
    assertThat(node.at("/allocatable/memory").asText()).isNotEmpty();
    assertThat(node.path("kubeletVersion").asText()).isEqualTo("v1.33.4");
    List<String> series = new ArrayList<>();
    document.at("/timeSeries/series").forEach(s -> series.add(s.path("name").asText()));
    assertThat(series).contains("producedPerSec", "consumedPerSec", "cpuCores", "memoryMiB");
  }

  @Test
  void theOperatorsMemoryDuringTheRunIsRecorded() throws Exception {
    Instant end = Instant.parse(status.getMeasurementEndedAt());
    long seconds = Duration.between(applied, end).toSeconds();
    List<Sample> max =
        cluster
            .prometheus()
            .instant(
                "max(max_over_time(container_memory_working_set_bytes{namespace=\""
                    + RealClusterExtension.OPERATOR_NAMESPACE
                    + "\",container=\"operator\"}["
                    + seconds
                    + "s]))",
                end);
    assertThat(max).hasSize(1);
    double mib = max.get(0).value() / 1048576;
    System.out.printf(
        "operator pod working set, max over the run (%d s): %.1f MiB (goal < 200 MiB)%n",
        seconds, mib);
    assertThat(mib).as("below the chart's 512Mi limit").isBetween(1.0, 512.0);
  }

  /**
   * A kernel figure over [start + a, end - b] for a and b of 0, 5, …, 20 s: the windows cAdvisor's
   * figures may in fact cover, its samples being stamped at housekeeping up to ~20 s off the edges.
   */
  private static DoubleSummaryStatistics overTrimmedWindows(
      Instant start, Instant end, BiFunction<Instant, Instant, Double> figure) {
    DoubleSummaryStatistics values = new DoubleSummaryStatistics();
    for (int a = 0; a <= 20; a += 5) {
      for (int b = 0; b <= 20; b += 5) {
        values.accept(figure.apply(start.plusSeconds(a), end.minusSeconds(b)));
      }
    }
    return values;
  }

  /** When the first and the last cAdvisor samples of the app's CPU inside the window were taken. */
  private Instant[] cadvisorSamplesSpan(Instant start, Instant end) throws Exception {
    String series = "container_cpu_usage_seconds_total{container=\"app\",namespace=\"" + NS + "\"}";
    String first =
        String.format(
            Locale.ROOT,
            "min(min_over_time((timestamp(%s) > %.3f)[%dms:1s]))",
            series,
            start.toEpochMilli() / 1000.0,
            Duration.between(start, end).toMillis());
    String last = "max(timestamp(" + series + "))";
    return new Instant[] {secondsAt(first, end), secondsAt(last, end)};
  }

  private Instant secondsAt(String query, Instant time) throws Exception {
    List<Sample> samples = cluster.prometheus().instant(query, time);
    assertThat(samples).as(query).hasSize(1);
    return Instant.ofEpochMilli(Math.round(samples.get(0).value() * 1000));
  }

  private Map<String, JsonNode> appFigures() throws Exception {
    JsonNode document = JSON.readTree(configMap().getData().get("result.json"));
    Map<String, JsonNode> figures = new HashMap<>();
    for (JsonNode figure : document.path("figures")) {
      if ("app".equals(figure.path("component").asText())) {
        figures.put(figure.path("figure").asText(), figure);
      }
    }
    return figures;
  }

  private ConfigMap configMap() {
    return client.configMaps().inNamespace(NS).withName(RUN + "-results").get();
  }

  private Pod readyAppPod() {
    return client
        .pods()
        .inNamespace(NS)
        .withLabels(Labels.forComponent(RUN, Component.APP))
        .list()
        .getItems()
        .stream()
        .filter(
            p ->
                p.getStatus() != null
                    && p.getStatus().getContainerStatuses().stream()
                        .anyMatch(c -> Boolean.TRUE.equals(c.getReady())))
        .findFirst()
        .orElse(null);
  }

  private Instant entered(Phase phase) {
    return status.getPhaseHistory().stream()
        .filter(t -> t.getPhase() == phase)
        .map(PhaseTransition::getStartedAt)
        .map(Instant::parse)
        .findFirst()
        .orElseThrow(() -> new AssertionError("no " + phase + " in " + status.getPhaseHistory()));
  }

  private BenchmarkRunStatus status() {
    return cluster.runStatus(NS, RUN);
  }

  private static boolean isTerminal(BenchmarkRunStatus status) {
    return status.getPhase() == Phase.Succeeded || status.getPhase() == Phase.Failed;
  }
}
