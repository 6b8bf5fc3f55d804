package io.streamgauge.platform.local;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.api.model.ResourceRequirements;
import io.streamgauge.api.spec.BenchmarkRunSpec;
import io.streamgauge.common.ApiToken;
import io.streamgauge.common.KafkaSecretSettings;
import io.streamgauge.common.ListenAddress;
import io.streamgauge.latency.Main;
import io.streamgauge.loadgen.WorkloadReader;
import io.streamgauge.metrics.Component;
import io.streamgauge.platform.AppEnvironment;
import io.streamgauge.platform.AppExit;
import io.streamgauge.platform.ClientDocuments;
import io.streamgauge.platform.ComponentStatus;
import io.streamgauge.platform.RunContext;
import io.streamgauge.scenario.SpecDefaulter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The processes of one local run and how each is started: a Kafka broker, the run's schema
 * registry, Prometheus, the app, the latency consumer and the load generators, every one listening
 * on loopback only and labelled in Prometheus like the pod it stands for ({@code
 * namespace="local"}, {@code pod="<run>-app-local-0"}), so the operator's queries select it
 * unchanged. The platform's roles share them.
 */
final class LocalProcesses implements AutoCloseable {

  /** How long a process may take to stop on SIGTERM before SIGKILL. */
  static final Duration STOP_GRACE = Duration.ofSeconds(20);

  private final LocalSetup setup;
  private final RunContext run;

  /** The run's latency API token, held by its latency consumer, load generators and this CLI. */
  private final String apiToken = ApiToken.generate();

  private final LocalKafka kafka;
  private final LocalPrometheus prometheus;
  private final LocalSchemaRegistry schemaRegistry;
  private final List<LocalComponent> loadGenerators = new ArrayList<>();

  /** The app's instances by index; null where not started yet. */
  private final LocalComponent[] apps;

  /** What the app was started with, to start it again the same way after a kill fault. */
  private String appBootstrapServers;

  private LocalComponent latencyConsumer;
  private boolean closed;
  private final List<AppExit> appExits = new ArrayList<>();
  private volatile Runnable onChange = () -> {};

  LocalProcesses(LocalSetup setup, RunContext run) {
    this.setup = setup;
    this.run = run;
    this.apps = new LocalComponent[AppEnvironment.replicas(run.spec())];
    LocalPorts ports = setup.ports();
    Map<String, String> brokerConfig = new LinkedHashMap<>();
    if (run.spec().getKafka().getProvision() != null) {
      brokerConfig.putAll(run.spec().getKafka().getProvision().getConfig());
    }
    brokerConfig.putAll(SpecDefaulter.replicationDefaults(1));
    this.kafka =
        new LocalKafka(
            setup.scratchDir().resolve("kafka"),
            setup.logDir(),
            ports.kafka(),
            ports.kafkaController(),
            brokerConfig,
            setup.guard(),
            this::changed);
    this.schemaRegistry =
        new LocalSchemaRegistry(
            ports.schemaRegistry(), setup.logDir().resolve("schema-registry.log"), setup.guard());
    this.prometheus =
        new LocalPrometheus(
            setup.prometheusBinary(),
            setup.runDir().resolve("prometheus"),
            setup.logDir().resolve("prometheus.log"),
            ports.prometheus(),
            setup.scrapeInterval(),
            LocalScrapeJobs.of(run, ports),
            setup.guard());
  }

  LocalSetup setup() {
    return setup;
  }

  LocalKafka kafka() {
    return kafka;
  }

  LocalPrometheus prometheus() {
    return prometheus;
  }

  LocalSchemaRegistry schemaRegistry() {
    return schemaRegistry;
  }

  /** The app's first instance (index 0), or null before it started. */
  LocalComponent app() {
    return apps[0];
  }

  /** The app's instances started so far, by index. */
  List<LocalComponent> apps() {
    return Arrays.stream(apps).filter(Objects::nonNull).toList();
  }

  /** Instance {@code index} of the app, or null before it started. */
  LocalComponent app(int index) {
    return apps[index];
  }

  /** The app's state: the first instance that is not ready, else Ready. */
  ComponentStatus appStatus() {
    if (apps().isEmpty()) {
      return new ComponentStatus.Failed("the app", "never started");
    }
    for (LocalComponent instance : apps()) {
      ComponentStatus status = instance.status();
      if (!status.isReady()) {
        return status;
      }
    }
    return apps.length == 1
        ? apps[0].status()
        : new ComponentStatus.Ready(apps.length + " app instances");
  }

  /** The latency consumer, or null before it started. */
  LocalComponent latencyConsumer() {
    return latencyConsumer;
  }

  /** The load generators started so far. */
  List<LocalComponent> loadGenerators() {
    return loadGenerators;
  }

  /** The load generators' state: the first that is not ready, else Ready. */
  ComponentStatus loadStatus() {
    for (LocalComponent generator : loadGenerators) {
      ComponentStatus status = generator.status();
      if (!status.isReady()) {
        return status;
      }
    }
    return new ComponentStatus.Ready(loadGenerators.size() + " load generator(s)");
  }

  String apiToken() {
    return apiToken;
  }

  /** True once every process was stopped. */
  boolean closed() {
    return closed;
  }

  /** Calls {@code listener} whenever a process becomes ready or exits. */
  void onChange(Runnable listener) {
    this.onChange = listener;
  }

  private void changed() {
    onChange.run();
  }

  /** Starts every instance of the app, connected to {@code bootstrapServers}. */
  void startApps(String bootstrapServers) {
    appBootstrapServers = bootstrapServers;
    for (int i = 0; i < apps.length; i++) {
      startApp(i);
    }
  }

  /** Starts instance {@code index} again as it was started (a killed one's replacement, cold). */
  LocalComponent restartApp(int index) {
    return startApp(index);
  }

  private LocalComponent startApp(int index) {
    int port = setup.ports().apps().get(index);
    apps[index] =
        LocalComponent.watch(
            start(
                appProcessName(index),
                pinned(run.spec().getApp().getResources(), index, setup.app().command()),
                appEnvironment(run.spec(), appBootstrapServers, index, port)),
            appUrl(port),
            false,
            this::changed);
    return apps[index];
  }

  /** {@code app} for a single instance, {@code app-<index>} for one of several. */
  private String appProcessName(int index) {
    return apps.length == 1 ? Component.APP.label() : Component.APP.label() + "-" + index;
  }

  /**
   * How each instance's cores are chosen: its own when every instance fits beside the others, else
   * shared with the other instances (for the result's environment).
   */
  String appPinning() {
    ResourceRequirements resources = run.spec().getApp().getResources();
    int processors = setup.processors();
    List<String> cores = new ArrayList<>();
    for (int i = 0; i < apps.length; i++) {
      CpuPinning.cores(resources, processors, i, apps.length).ifPresent(cores::add);
    }
    if (cores.isEmpty()) {
      return apps.length == 1
          ? "unpinned: its CPU limit covers every core of this machine"
          : "unpinned: the instances share every core of this machine";
    }
    return CpuPinning.ownCores(resources, processors, apps.length)
        ? "cores of its own for each instance: " + String.join(" | ", cores)
        : "the instances share cores " + cores.get(0) + " (too few cores for one each)";
  }

  void startLatencyConsumer(String bootstrapServers) {
    ObjectNode settings = ClientDocuments.latencySettings(run, bootstrapServers);
    settings.put("httpPort", setup.ports().latencyConsumer());
    latencyConsumer =
        LocalComponent.watch(
            start(
                Component.LATENCY_CONSUMER.label(),
                JavaCommand.of(
                    "io.streamgauge.latency.Main", LocalPlatform.CLIENT_JVM_OPTIONS, List.of()),
                with(apiClientEnvironment(), Main.ENV, settings.toString())),
            latencyConsumerUrl().resolve("/health"),
            false,
            this::changed);
  }

  /** Starts load generator {@code index} of {@code producers}. */
  void startLoadGenerator(String bootstrapServers, int index, int producers) {
    int port = setup.ports().loadGenerators().get(index);
    ObjectNode workload = ClientDocuments.workload(run, bootstrapServers, latencyConsumerUrl());
    workload.put("producerId", LocalScrapeJobs.podName(run, Component.LOAD_GENERATOR, index));
    workload.put("producerIndex", index);
    workload.put("metricsPort", port);
    loadGenerators.add(
        LocalComponent.watch(
            start(
                producers == 1
                    ? Component.LOAD_GENERATOR.label()
                    : Component.LOAD_GENERATOR.label() + "-" + index,
                JavaCommand.of(
                    "io.streamgauge.loadgen.Main", LocalPlatform.CLIENT_JVM_OPTIONS, List.of()),
                with(apiClientEnvironment(), WorkloadReader.ENV, workload.toString())),
            URI.create("http://127.0.0.1:" + port + "/health"),
            true,
            this::changed));
  }

  /** How each app instance running at {@link #close} exited; empty before. */
  List<AppExit> appExits() {
    return List.copyOf(appExits);
  }

  URI latencyConsumerUrl() {
    return URI.create("http://127.0.0.1:" + setup.ports().latencyConsumer());
  }

  /**
   * Stops every process: load generators, app, latency consumer, Kafka, the schema registry,
   * Prometheus.
   */
  @Override
  public void close() {
    if (closed) {
      return;
    }
    closed = true;
    loadGenerators.forEach(p -> p.process().stop(STOP_GRACE));
    for (LocalComponent app : apps()) {
      ChildProcess process = app.process();
      boolean running = process.isAlive();
      process.stop(STOP_GRACE);
      if (running) {
        String last = process.lastLines(1).strip();
        appExits.add(
            new AppExit(
                process.describe(),
                process.exitCode().orElse(-1),
                (last.isEmpty() ? "" : last + " ") + "(log " + process.log() + ")"));
      }
    }
    if (latencyConsumer != null) {
      latencyConsumer.process().stop(STOP_GRACE);
    }
    kafka.stop(STOP_GRACE);
    schemaRegistry.stop(STOP_GRACE);
    prometheus.stop(STOP_GRACE);
    LocalFiles.deleteTree(setup.scratchDir());
  }

  /**
   * Instance {@code index}'s settings as the reference app reads them, on this machine's ports and
   * cores, with a state directory of its own.
   */
  private Map<String, String> appEnvironment(
      BenchmarkRunSpec spec, String bootstrapServers, int index, int port) {
    Map<String, String> env = new LinkedHashMap<>(setup.app().environment());
    env.putAll(AppEnvironment.of(run, bootstrapServers, index));
    setup.kafkaSecrets().forEach((k, v) -> env.put(AppEnvironment.variable(k), v));
    env.put(AppEnvironment.variable("metrics.port"), String.valueOf(port));
    Path state = setup.scratchDir().resolve("app-state");
    env.put(
        AppEnvironment.variable("state.dir"),
        (apps.length == 1 ? state : state.resolve(String.valueOf(index))).toString());
    List<String> jvm =
        new ArrayList<>(JvmSizing.options(spec.getApp().getResources(), setup.processors()));
    jvm.addAll(spec.getApp().getJvmOptions());
    env.put("JDK_JAVA_OPTIONS", String.join(" ", jvm));
    return env;
  }

  /**
   * {@code command} of instance {@code index} pinned to the cores of the CPU limit ({@link
   * CpuPinning}), if it has one.
   */
  private List<String> pinned(ResourceRequirements resources, int index, List<String> command) {
    List<String> full =
        new ArrayList<>(CpuPinning.prefix(resources, setup.processors(), index, apps.length));
    full.addAll(command);
    return full;
  }

  /** Starts a process listening on loopback only ({@link ListenAddress}). */
  private ChildProcess start(String name, List<String> command, Map<String, String> env) {
    try {
      return ChildProcess.start(
          name,
          command,
          with(env, ListenAddress.VARIABLE, ListenAddress.LOOPBACK),
          setup.logDir().resolve(name + ".log"),
          setup.guard());
    } catch (IOException e) {
      throw new UncheckedIOException("cannot start " + name + ": " + e.getMessage(), e);
    }
  }

  /** A client's environment: this JVM's class path, the secret Kafka settings, the API token. */
  private Map<String, String> apiClientEnvironment() {
    Map<String, String> env = new LinkedHashMap<>(JavaCommand.classPath());
    setup.kafkaSecrets().forEach((k, v) -> env.put(KafkaSecretSettings.variable(k), v));
    return with(env, ApiToken.VARIABLE, apiToken);
  }

  private static Map<String, String> with(Map<String, String> env, String name, String value) {
    Map<String, String> all = new LinkedHashMap<>(env);
    all.put(name, value);
    return all;
  }

  /**
   * Where an instance listening on {@code port} says it is ready: its metrics, or for state
   * restoration its stores.
   */
  private URI appUrl(int port) {
    return URI.create("http://127.0.0.1:" + port + AppEnvironment.readinessPath(run.spec()));
  }
}
