package io.streamgauge.scenario;

import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.ResourceRequirements;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import io.streamgauge.api.spec.AppMetricsSpec;
import io.streamgauge.api.spec.AppSpec;
import io.streamgauge.api.spec.AppSpread;
import io.streamgauge.api.spec.BenchmarkRunSpec;
import io.streamgauge.api.spec.CapacitySpec;
import io.streamgauge.api.spec.ChecksSpec;
import io.streamgauge.api.spec.CleanupPolicy;
import io.streamgauge.api.spec.CleanupSpec;
import io.streamgauge.api.spec.ClientCoLocation;
import io.streamgauge.api.spec.IsolationLevel;
import io.streamgauge.api.spec.KafkaProvisionSpec;
import io.streamgauge.api.spec.KafkaSpec;
import io.streamgauge.api.spec.KafkaStorageSpec;
import io.streamgauge.api.spec.KeyDistribution;
import io.streamgauge.api.spec.LatencySpec;
import io.streamgauge.api.spec.LoadSpec;
import io.streamgauge.api.spec.LoadTopicSpec;
import io.streamgauge.api.spec.PlacementSpec;
import io.streamgauge.api.spec.PodPlacement;
import io.streamgauge.api.spec.PrometheusSpec;
import io.streamgauge.api.spec.RecordFormat;
import io.streamgauge.api.spec.RecordSpec;
import io.streamgauge.api.spec.ScheduleSpec;
import io.streamgauge.api.spec.TopicNaming;
import io.streamgauge.common.SpecDuration;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * Resolves every default of a spec in one place: the scenario's table entry ({@link
 * ScenarioCatalog}) and the common defaults below. The input is never modified; the result has
 * every field set, so later steps never guess.
 */
public final class SpecDefaulter {

  /** Kafka version of the reference benchmark. */
  public static final String KAFKA_VERSION = "4.1.1";

  /** KRaft nodes, each broker and controller. */
  public static final int KAFKA_REPLICAS = 3;

  /** Each Kafka node: fits a 4 vCPU / 8 GB machine. */
  public static final String KAFKA_CPU = "3";

  public static final String KAFKA_MEMORY = "6Gi";
  public static final String KAFKA_STORAGE = "100Gi";

  /** The app under test: the methodology's container limits. */
  public static final String APP_CPU = "8";

  public static final String APP_MEMORY = "16Gi";
  public static final String APP_RUNTIME = "kafka-streams";
  public static final int APP_METRICS_PORT = 9404;
  public static final String APP_METRICS_PATH = "/metrics";
  public static final String APP_METRICS_PROFILE = "prometheus-jvm";

  /**
   * Memory of each load-generator pod and of the latency consumer (their images give the heap 75 %
   * of it): at least twice the most the real-node smoke measured either use at 500 records/s with
   * no limit at all, 224 MiB (bench/results/clients.md).
   */
  public static final String LOAD_GENERATOR_MEMORY = "512Mi";

  public static final String LATENCY_CONSUMER_MEMORY = "1Gi";

  public static final int PRODUCERS = 1;
  public static final long SEED = 1L;
  public static final int TEXT_WORDS = 1000;

  /** How long Collecting waits for the window's last records by default. */
  public static final String DRAIN_TIMEOUT = "3m";

  /**
   * schedule.catchUp of a capacity search's probes: each probe starts a fresh app, whose start-up
   * backlog would otherwise decide the verdict of a short window.
   */
  public static final String CAPACITY_CATCH_UP = "2m";

  /**
   * schedule.rampUp of a capacity search's probes: a fresh JVM compiles its hot paths while the
   * load rises, instead of falling hundreds of thousands of records behind at the full rate
   * (docs/guides/capacity.md#each-probe-starts-level).
   */
  public static final String CAPACITY_RAMP_UP = "30s";

  /** Slack between the end of measurement and the timeout: 20 m of windows + 25 m = 45 m. */
  public static final Duration TIMEOUT_SLACK = Duration.ofMinutes(25);

  public static final String PROMETHEUS_URL = "http://prometheus-operated.monitoring:9090";

  /** Scrape interval of the run's pods (their PodMonitors): the methodology's 10 s. */
  public static final String PROMETHEUS_SCRAPE_INTERVAL = "10s";

  /** Assumed scrape interval of the kubelet's cAdvisor: kube-prometheus-stack's default. */
  public static final String CADVISOR_SCRAPE_INTERVAL = "30s";

  /** spec.checks: the produced rate's least share of the target. */
  public static final double MIN_PRODUCED_SHARE = 0.99;

  /** spec.checks: the load generators' largest publish delay at p99, in ms. */
  public static final double MAX_PUBLISH_DELAY_P99_MS = 5;

  /** spec.checks: the app's input lag's largest growth, as a share of the target rate. */
  public static final double MAX_LAG_GROWTH_SHARE = 0.01;

  /** spec.checks: the largest share of the app container's CFS periods throttled. */
  public static final double MAX_CPU_THROTTLED_SHARE = 0.1;

  /** spec.checks: the least share of the window cAdvisor's samples of the app's CPU span. */
  public static final double MIN_CPU_COVERAGE = 0.5;

  /** spec.checks: the most seconds of input the app may be behind when the window starts. */
  public static final double MAX_BACKLOG_AT_START_SECONDS = 2;

  /** spec.checks: the fewest records timed in the window (p99.9 an estimate, not the maximum). */
  public static final long MIN_LATENCY_SAMPLES = 1000;

  private static final KubernetesSerialization SERIALIZATION = new KubernetesSerialization();

  /**
   * Returns a copy of {@code input} with every default applied.
   *
   * @throws IllegalArgumentException if the scenario is missing (nothing can be defaulted)
   */
  public BenchmarkRunSpec apply(BenchmarkRunSpec input) {
    if (input == null || input.getScenario() == null) {
      throw new IllegalArgumentException("spec.scenario is required to resolve defaults");
    }
    BenchmarkRunSpec spec = SERIALIZATION.clone(input);
    ScenarioProfile profile = ScenarioCatalog.profile(spec.getScenario());
    spec.setKafka(kafka(orNew(spec.getKafka(), KafkaSpec::new)));
    spec.setApp(app(orNew(spec.getApp(), AppSpec::new)));
    spec.setLoad(load(orNew(spec.getLoad(), LoadSpec::new), profile));
    spec.setLatency(latency(orNew(spec.getLatency(), LatencySpec::new), profile));
    spec.setSchedule(
        schedule(
            orNew(spec.getSchedule(), ScheduleSpec::new), profile, spec.getCapacity() != null));
    spec.setPrometheus(prometheus(orNew(spec.getPrometheus(), PrometheusSpec::new)));
    spec.setCleanup(cleanup(orNew(spec.getCleanup(), CleanupSpec::new)));
    spec.setPlacement(placement(orNew(spec.getPlacement(), PlacementSpec::new)));
    spec.setChecks(checks(orNew(spec.getChecks(), ChecksSpec::new), spec.getCapacity()));
    setIfNull(spec.getRepetitions(), spec::setRepetitions, 1);
    return spec;
  }

  private static KafkaSpec kafka(KafkaSpec kafka) {
    if (kafka.getExternal() != null) {
      setIfNull(
          kafka.getExternal().getTopicNames(),
          kafka.getExternal()::setTopicNames,
          TopicNaming.PerRun);
      if (kafka.getExternal().getClientConfig() == null) {
        kafka.getExternal().setClientConfig(new LinkedHashMap<>());
      }
      return kafka;
    }
    KafkaProvisionSpec p = orNew(kafka.getProvision(), KafkaProvisionSpec::new);
    setIfNull(p.getVersion(), p::setVersion, KAFKA_VERSION);
    setIfNull(p.getReplicas(), p::setReplicas, KAFKA_REPLICAS);
    p.setResources(guaranteed(p.getResources(), KAFKA_CPU, KAFKA_MEMORY));
    KafkaStorageSpec storage = orNew(p.getStorage(), KafkaStorageSpec::new);
    setIfNull(storage.getSize(), storage::setSize, KAFKA_STORAGE);
    setIfNull(storage.getEphemeral(), storage::setEphemeral, false);
    p.setStorage(storage);
    p.setConfig(merge(replicationDefaults(p.getReplicas()), p.getConfig()));
    kafka.setProvision(p);
    return kafka;
  }

  /** Replication settings that a cluster of {@code nodes} can satisfy (3 and 2 for 3+ nodes). */
  public static Map<String, String> replicationDefaults(int nodes) {
    String factor = String.valueOf(Math.min(3, nodes));
    String minIsr = String.valueOf(Math.max(1, Math.min(3, nodes) - 1));
    Map<String, String> config = new LinkedHashMap<>();
    config.put("default.replication.factor", factor);
    config.put("min.insync.replicas", minIsr);
    config.put("offsets.topic.replication.factor", factor);
    config.put("transaction.state.log.replication.factor", factor);
    config.put("transaction.state.log.min.isr", minIsr);
    return config;
  }

  private static AppSpec app(AppSpec app) {
    setIfNull(app.getRuntime(), app::setRuntime, APP_RUNTIME);
    setIfNull(app.getReplicas(), app::setReplicas, 1);
    app.setResources(guaranteed(app.getResources(), APP_CPU, APP_MEMORY));
    app.setConfig(merge(Map.of(), app.getConfig()));
    setIfNull(app.getJvmOptions(), app::setJvmOptions, new ArrayList<>());
    AppMetricsSpec metrics = orNew(app.getMetrics(), AppMetricsSpec::new);
    setIfNull(metrics.getPort(), metrics::setPort, APP_METRICS_PORT);
    setIfNull(metrics.getPath(), metrics::setPath, APP_METRICS_PATH);
    // The readiness path stays unset unless the spec sets it: it depends on the app that runs
    // (a reference app's /health, else the metrics path), which the platform knows, not the spec
    // (AppEnvironment.readinessPath).
    setIfNull(metrics.getProfile(), metrics::setProfile, APP_METRICS_PROFILE);
    app.setMetrics(metrics);
    return app;
  }

  /**
   * A measuring client's resources: the memory limit defaults to {@code memory}, the CPU limit to
   * none (CFS throttling of the instrument would show as latency); requests default to the limits.
   * A CPU request alone adds no CPU limit.
   */
  static ResourceRequirements client(ResourceRequirements given, String memory) {
    ResourceRequirements resources = orNew(given, ResourceRequirements::new);
    Map<String, Quantity> limits = new LinkedHashMap<>();
    limits.put("memory", new Quantity(memory));
    if (resources.getLimits() != null) {
      limits.putAll(resources.getLimits());
    }
    return withLimits(resources, limits);
  }

  /**
   * Limits default to {@code cpu}/{@code memory}; requests default to the limits, so the pod is
   * Guaranteed QoS unless the user asks otherwise.
   */
  static ResourceRequirements guaranteed(ResourceRequirements given, String cpu, String memory) {
    ResourceRequirements resources = orNew(given, ResourceRequirements::new);
    Map<String, Quantity> limits = new LinkedHashMap<>();
    limits.put("cpu", new Quantity(cpu));
    limits.put("memory", new Quantity(memory));
    if (resources.getLimits() != null && !resources.getLimits().isEmpty()) {
      limits.putAll(resources.getLimits());
    } else if (resources.getRequests() != null) {
      limits.putAll(resources.getRequests());
    }
    return withLimits(resources, limits);
  }

  /** Sets {@code limits} on {@code resources}, its requests defaulting to them. */
  private static ResourceRequirements withLimits(
      ResourceRequirements resources, Map<String, Quantity> limits) {
    Map<String, Quantity> requests = new LinkedHashMap<>(limits);
    if (resources.getRequests() != null) {
      requests.putAll(resources.getRequests());
    }
    resources.setLimits(limits);
    resources.setRequests(requests);
    return resources;
  }

  private static LoadSpec load(LoadSpec load, ScenarioProfile profile) {
    setIfNull(load.getProducers(), load::setProducers, PRODUCERS);
    load.setResources(client(load.getResources(), LOAD_GENERATOR_MEMORY));
    setIfNull(load.getSeed(), load::setSeed, SEED);
    Map<String, String> producerDefaults = new LinkedHashMap<>();
    producerDefaults.put("acks", "all");
    producerDefaults.put("enable.idempotence", "true");
    load.setProducerConfig(merge(producerDefaults, load.getProducerConfig()));
    load.setTopics(topics(profile.inputTopics(), load.getTopics()));
    return load;
  }

  /**
   * The scenario's topics, each overridden field by field by a user topic of the same name, then
   * the user's other topics in their order.
   */
  private static List<LoadTopicSpec> topics(
      List<LoadTopicSpec> scenarioTopics, List<LoadTopicSpec> userTopics) {
    List<LoadTopicSpec> result = new ArrayList<>();
    List<LoadTopicSpec> remaining = new ArrayList<>(userTopics == null ? List.of() : userTopics);
    for (LoadTopicSpec base : scenarioTopics) {
      LoadTopicSpec merged = SERIALIZATION.clone(base);
      remaining.stream()
          .filter(t -> Objects.equals(t.getName(), base.getName()))
          .findFirst()
          .ifPresent(
              user -> {
                overlay(merged, user);
                remaining.remove(user);
              });
      result.add(merged);
    }
    result.addAll(remaining);
    result.forEach(SpecDefaulter::recordDefaults);
    return result;
  }

  private static void overlay(LoadTopicSpec base, LoadTopicSpec user) {
    setIfPresent(user.getPartitions(), base::setPartitions);
    setIfPresent(user.getRatePerSecond(), base::setRatePerSecond);
    setIfPresent(user.getPrepopulateRecords(), base::setPrepopulateRecords);
    if (user.getRatePerSecond() != null && user.getPrepopulateRecords() == null) {
      base.setPrepopulateRecords(null);
    }
    if (user.getPrepopulateRecords() != null && user.getRatePerSecond() == null) {
      base.setRatePerSecond(null);
    }
    RecordSpec record = user.getRecord();
    if (record != null) {
      RecordSpec target = base.getRecord();
      setIfPresent(record.getFormat(), target::setFormat);
      setIfPresent(record.getValueSize(), target::setValueSize);
      setIfPresent(record.getKeys(), target::setKeys);
      setIfPresent(record.getKeyDistribution(), target::setKeyDistribution);
      setIfPresent(record.getWords(), target::setWords);
      setIfPresent(record.getMessage(), target::setMessage);
    }
  }

  private static void recordDefaults(LoadTopicSpec topic) {
    RecordSpec record = orNew(topic.getRecord(), RecordSpec::new);
    setIfNull(record.getKeyDistribution(), record::setKeyDistribution, KeyDistribution.UNIFORM);
    if (record.getFormat() == RecordFormat.TEXT) {
      setIfNull(record.getWords(), record::setWords, TEXT_WORDS);
    }
    topic.setRecord(record);
  }

  private static LatencySpec latency(LatencySpec latency, ScenarioProfile profile) {
    if (latency.getTopics() == null || latency.getTopics().isEmpty()) {
      latency.setTopics(new ArrayList<>(profile.outputTopics()));
    }
    setIfNull(
        latency.getIsolationLevel(), latency::setIsolationLevel, IsolationLevel.READ_COMMITTED);
    setIfNull(latency.getStages(), latency::setStages, true);
    latency.setResources(client(latency.getResources(), LATENCY_CONSUMER_MEMORY));
    return latency;
  }

  private static ScheduleSpec schedule(
      ScheduleSpec schedule, ScenarioProfile profile, boolean capacitySearch) {
    setIfNull(schedule.getWarmup(), schedule::setWarmup, profile.warmup());
    if (capacitySearch) {
      setIfNull(schedule.getCatchUp(), schedule::setCatchUp, CAPACITY_CATCH_UP);
      if (schedule.getRampUp() == null && leavesRoomForTheRamp(schedule)) {
        schedule.setRampUp(CAPACITY_RAMP_UP);
      }
    }
    setIfNull(schedule.getMeasurement(), schedule::setMeasurement, profile.measurement());
    setIfNull(schedule.getDrainTimeout(), schedule::setDrainTimeout, DRAIN_TIMEOUT);
    if (schedule.getTimeout() == null) {
      schedule.setTimeout(SpecDuration.format(schedule.catchUpAndWindows().plus(TIMEOUT_SLACK)));
    }
    return schedule;
  }

  /** True when catchUp outlasts the default ramp-up by the catch-up's hold. */
  private static boolean leavesRoomForTheRamp(ScheduleSpec schedule) {
    String catchUp = schedule.getCatchUp();
    String hold = schedule.getCatchUpHold();
    if (!SpecDuration.isValid(catchUp) || (hold != null && !SpecDuration.isValid(hold))) {
      return false;
    }
    Duration room = schedule.leastCatchUpFor(SpecDuration.parse(CAPACITY_RAMP_UP));
    return SpecDuration.parse(catchUp).compareTo(room) >= 0;
  }

  private static PrometheusSpec prometheus(PrometheusSpec prometheus) {
    setIfNull(prometheus.getUrl(), prometheus::setUrl, PROMETHEUS_URL);
    setIfNull(
        prometheus.getScrapeInterval(), prometheus::setScrapeInterval, PROMETHEUS_SCRAPE_INTERVAL);
    setIfNull(
        prometheus.getCadvisorScrapeInterval(),
        prometheus::setCadvisorScrapeInterval,
        CADVISOR_SCRAPE_INTERVAL);
    // The subquery resolution follows the scrape interval: finer only repeats samples.
    setIfNull(
        prometheus.getResolution(), prometheus::setResolution, prometheus.getScrapeInterval());
    return prometheus;
  }

  private static CleanupSpec cleanup(CleanupSpec cleanup) {
    setIfNull(cleanup.getPolicy(), cleanup::setPolicy, CleanupPolicy.Always);
    setIfNull(cleanup.getKeepResults(), cleanup::setKeepResults, false);
    return cleanup;
  }

  private static ChecksSpec checks(ChecksSpec checks, CapacitySpec capacity) {
    setIfNull(checks.getMinProducedShare(), checks::setMinProducedShare, MIN_PRODUCED_SHARE);
    setIfNull(
        checks.getMaxPublishDelayP99Ms(),
        checks::setMaxPublishDelayP99Ms,
        MAX_PUBLISH_DELAY_P99_MS);
    setIfNull(checks.getMinLatencySamples(), checks::setMinLatencySamples, MIN_LATENCY_SAMPLES);
    setIfNull(checks.getMaxLagGrowthShare(), checks::setMaxLagGrowthShare, MAX_LAG_GROWTH_SHARE);
    setIfNull(
        checks.getMaxCpuThrottledShare(), checks::setMaxCpuThrottledShare, MAX_CPU_THROTTLED_SHARE);
    setIfNull(checks.getMinCpuCoverage(), checks::setMinCpuCoverage, MIN_CPU_COVERAGE);
    setIfNull(
        checks.getMaxBacklogAtStartSeconds(),
        checks::setMaxBacklogAtStartSeconds,
        maxBacklogAtStartSeconds(capacity));
    return checks;
  }

  /**
   * The default backlog a window may begin with: {@link #MAX_BACKLOG_AT_START_SECONDS}, and in a
   * capacity search never more than its SLO's p99 bound — every record of a backlog waits at least
   * its age, so a window begun further behind than the bound measures the backlog against the SLO
   * (docs/guides/capacity.md#each-probe-starts-level).
   */
  private static double maxBacklogAtStartSeconds(CapacitySpec capacity) {
    Double p99BoundMs = capacity == null ? null : capacity.getLatencyP99MaxMs();
    return p99BoundMs == null
        ? MAX_BACKLOG_AT_START_SECONDS
        : Math.min(MAX_BACKLOG_AT_START_SECONDS, p99BoundMs / 1000);
  }

  private static PlacementSpec placement(PlacementSpec placement) {
    placement.setKafka(podPlacement(placement.getKafka()));
    placement.setApp(podPlacement(placement.getApp()));
    placement.setClients(podPlacement(placement.getClients()));
    if (placement.getClientsCoLocation() == null) {
      placement.setClientsCoLocation(ClientCoLocation.Required);
    }
    if (placement.getAppSpread() == null) {
      placement.setAppSpread(AppSpread.Preferred);
    }
    return placement;
  }

  private static PodPlacement podPlacement(PodPlacement given) {
    PodPlacement placement = orNew(given, PodPlacement::new);
    setIfNull(placement.getNodeSelector(), placement::setNodeSelector, new LinkedHashMap<>());
    setIfNull(placement.getTolerations(), placement::setTolerations, new ArrayList<>());
    return placement;
  }

  private static Map<String, String> merge(Map<String, String> defaults, Map<String, String> user) {
    Map<String, String> merged = new LinkedHashMap<>(defaults);
    if (user != null) {
      merged.putAll(user);
    }
    return merged;
  }

  private static <T> T orNew(T value, Supplier<T> factory) {
    return value != null ? value : factory.get();
  }

  private static <T> void setIfNull(T current, Consumer<T> setter, T fallback) {
    if (current == null) {
      setter.accept(fallback);
    }
  }

  private static <T> void setIfPresent(T value, Consumer<T> setter) {
    if (value != null) {
      setter.accept(value);
    }
  }
}
