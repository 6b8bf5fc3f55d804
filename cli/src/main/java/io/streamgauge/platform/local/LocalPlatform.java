package io.streamgauge.platform.local;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.api.model.ResourceRequirements;
import io.streamgauge.api.spec.BenchmarkRunSpec;
import io.streamgauge.api.spec.FaultType;
import io.streamgauge.api.status.ResultRef;
import io.streamgauge.common.ApiToken;
import io.streamgauge.common.ExecutableOnPath;
import io.streamgauge.common.KafkaSecretSettings;
import io.streamgauge.common.ListenAddress;
import io.streamgauge.common.PrometheusConfig.ScrapeJob;
import io.streamgauge.common.SchemaRegistryBinary;
import io.streamgauge.latency.Main;
import io.streamgauge.loadgen.WorkloadReader;
import io.streamgauge.metrics.AppProfileResolver;
import io.streamgauge.metrics.Component;
import io.streamgauge.metrics.MetricProfiles;
import io.streamgauge.platform.AppEnvironment;
import io.streamgauge.platform.AppStartup;
import io.streamgauge.platform.ClientDocuments;
import io.streamgauge.platform.ComponentInstance;
import io.streamgauge.platform.ComponentStatus;
import io.streamgauge.platform.FaultAction;
import io.streamgauge.platform.HttpRunMeasurements;
import io.streamgauge.platform.Platform;
import io.streamgauge.platform.PlatformException;
import io.streamgauge.platform.RunContext;
import io.streamgauge.platform.RunMeasurements;
import io.streamgauge.platform.RunTargets;
import io.streamgauge.platform.RunTopics;
import io.streamgauge.platform.SharedKafkaRelease;
import io.streamgauge.run.SchemaRegistries;
import io.streamgauge.scenario.SpecDefaulter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Runs a BenchmarkRun on this machine: a Kafka broker, the app, the latency consumer and the load
 * generators as processes of their own, scraped by a local Prometheus. Every process is labelled in
 * Prometheus like the pod it stands for ({@code namespace="local"}, {@code pod="<run>-app-local"}),
 * so the operator's queries select it unchanged. Nothing is restarted: a process that exits fails
 * the run (a load generator that finished its schedule is done, not failed).
 */
public final class LocalPlatform implements Platform, AutoCloseable {

  /** The fault target that names the local broker. */
  private static final String LOCAL_BROKER = "local broker";

  /** The result file in the run's output directory, which the stored document goes into. */
  public static final String RESULT_FILE = "result.json";

  /** The namespace local runs report and are labelled with. */
  public static final String NAMESPACE = "local";

  /** The clients' JVMs. */
  static final List<String> CLIENT_JVM_OPTIONS = List.of("-Xms256m", "-Xmx512m", "-XX:+UseG1GC");

  private static final Duration STOP_GRACE = Duration.ofSeconds(20);
  private static final ObjectMapper JSON = new ObjectMapper();

  private final LocalSetup setup;

  /** The run's latency API token, held by its latency consumer, load generators and this CLI. */
  private final String apiToken;

  private final RunContext run;
  private final LocalKafka kafka;
  private final LocalPrometheus prometheus;
  private final LocalSchemaRegistry schemaRegistry;
  private final List<LocalComponent> loadGenerators = new ArrayList<>();
  private LocalComponent app;

  /** What the app was started with, to start it again the same way after a kill fault. */
  private String appBootstrapServers;

  private LocalComponent latencyConsumer;
  private boolean closed;
  private final Consumer<ObjectNode> results;
  private volatile Runnable onChange = () -> {};

  /**
   * @param run the run, its spec resolved and adapted for this machine
   * @param results takes the run's result document when it is stored (complete at Collecting, or
   *     what a failed run measured), to be written into {@code result.json} with the run's record
   */
  public LocalPlatform(LocalSetup setup, RunContext run, Consumer<ObjectNode> results) {
    this.apiToken = ApiToken.generate();
    this.setup = setup;
    this.run = run;
    this.results = results;
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
            scrapeJobs(),
            setup.guard());
  }

  /**
   * The Prometheus binary local runs use: {@code configured} if given, else {@code
   * $PROMETHEUS_BIN}, else {@code prometheus} on the PATH.
   *
   * @throws LocalEnvironmentException when there is none, saying how to get one
   */
  public static String prometheusBinary(String configured, Map<String, String> env) {
    return LocalPrometheus.binary(configured, env);
  }

  /**
   * Checks that {@code setsid} (util-linux) is on the PATH: every process runs in a session of its
   * own.
   *
   * @throws LocalEnvironmentException when it is missing
   */
  public static void requireSetsid(Map<String, String> env) {
    if (ExecutableOnPath.find(ChildProcess.SETSID, env).isEmpty()) {
      throw new LocalEnvironmentException(
          "setsid not found on PATH: install util-linux (`sudo apt-get install util-linux`)");
    }
  }

  /**
   * Checks that a run needing its own schema registry (stateful-joins without {@code
   * spec.schemaRegistry.url}) can start one.
   *
   * @throws LocalEnvironmentException when the binary is missing, saying how to get it
   */
  public static void requireSchemaRegistry(BenchmarkRunSpec spec, Map<String, String> env) {
    if (SchemaRegistries.needed(spec) && SchemaRegistries.given(spec) == null) {
      try {
        SchemaRegistryBinary.find(env);
      } catch (IllegalStateException e) {
        throw new LocalEnvironmentException(e.getMessage());
      }
    }
  }

  /**
   * Calls {@code listener} whenever one of the run's processes becomes ready or exits, so whatever
   * drives the run can look at once instead of at its next tick.
   */
  public void onChange(Runnable listener) {
    this.onChange = listener;
  }

  private void changed() {
    onChange.run();
  }

  /** Prometheus' API, for live rates and the figures. */
  public URI prometheusUrl() {
    return prometheus.url();
  }

  /**
   * Starts Prometheus before the run, as a cluster's Prometheus exists before it.
   *
   * @return its state: Ready once it answers
   */
  public ComponentStatus ensurePrometheus() {
    try {
      return prometheus.ensure();
    } catch (IOException e) {
      throw new LocalEnvironmentException("cannot start Prometheus: " + e.getMessage(), e);
    }
  }

  @Override
  public ComponentStatus ensureKafka(RunContext run) {
    if (run.spec().getKafka().getExternal() != null) {
      return RunTopics.ensureOnSharedCluster(run.spec(), setup.kafkaSecrets());
    }
    Map<String, Integer> topics = RunTopics.of(run.spec());
    try {
      return kafka.ensure(topics);
    } catch (IOException e) {
      return new ComponentStatus.Failed("kafka", "cannot start: " + e.getMessage());
    }
  }

  @Override
  public ComponentStatus ensureSchemaRegistry(RunContext run) {
    return schemaRegistry.ensure();
  }

  @Override
  public ComponentStatus ensureApp(RunContext run, String bootstrapServers) {
    if (app == null) {
      app = startApp(run, bootstrapServers);
    }
    return app.status();
  }

  private LocalComponent startApp(RunContext run, String bootstrapServers) {
    appBootstrapServers = bootstrapServers;
    return LocalComponent.watch(
        start(
            Component.APP.label(),
            pinned(run.spec().getApp().getResources(), setup.app().command()),
            appEnvironment(run.spec(), bootstrapServers)),
        appUrl(),
        false,
        this::changed);
  }

  /** {@code command} pinned to the cores of the CPU limit ({@link CpuPinning}), if it has one. */
  private List<String> pinned(ResourceRequirements resources, List<String> command) {
    List<String> full = new ArrayList<>(CpuPinning.prefix(resources, setup.processors()));
    full.addAll(command);
    return full;
  }

  /**
   * How the app stopped on SIGTERM.
   *
   * @param took from SIGTERM to its exit
   * @param exitCode its exit code (137 when SIGKILL ended it after the grace)
   */
  public record AppStop(Duration took, int exitCode) {

    /** True when it exited on SIGTERM, before SIGKILL was needed. */
    public boolean stoppedBySigterm() {
      return exitCode != 128 + 9;
    }
  }

  /**
   * Sends the app SIGTERM and SIGKILL after {@code grace} if it has not exited.
   *
   * @return how it stopped, or empty when it was not running
   */
  public Optional<AppStop> stopApp(Duration grace) {
    if (app == null || !app.process().isAlive()) {
      return Optional.empty();
    }
    ChildProcess process = app.process();
    long start = System.nanoTime();
    process.stop(grace);
    Duration took = Duration.ofNanos(System.nanoTime() - start);
    return Optional.of(new AppStop(took, process.exitCode().orElse(-1)));
  }

  /** Both kinds: a local process can be killed and stopped. */
  @Override
  public Optional<String> cannotInject(FaultType type) {
    return Optional.empty();
  }

  /**
   * KillApp: SIGKILL to the app and its descendants, then the same app started again at once (as a
   * pod's replacement, it starts cold); PauseApp: SIGSTOP, and SIGCONT to end it; RollBroker: the
   * local broker restarted in order on its data ({@link LocalKafka#restart}).
   */
  /** The app process by pid; for a broker roll, the local broker. */
  @Override
  public List<String> faultTargets(RunContext run, FaultAction action) {
    if (action == FaultAction.ROLL_BROKER) {
      return List.of(LOCAL_BROKER);
    }
    if (app == null || !app.process().isAlive()) {
      throw new PlatformException("there is no running app process to " + action, false, null);
    }
    return List.of(String.valueOf(app.process().pid()));
  }

  @Override
  public String inject(RunContext run, FaultAction action, List<String> targets) {
    if (action == FaultAction.KILL_APP
        && app != null
        && !targets.contains(String.valueOf(app.process().pid()))) {
      return "app pid " + String.join(", ", targets) + " already killed";
    }
    if (action == FaultAction.ROLL_BROKER) {
      try {
        return kafka.restart(STOP_GRACE);
      } catch (IOException e) {
        throw new PlatformException(action + ": " + e.getMessage(), false, e);
      }
    }
    if (app == null || !app.process().isAlive()) {
      throw new PlatformException("there is no running app process to " + action, false, null);
    }
    ChildProcess process = app.process();
    try {
      switch (action) {
        case KILL_APP -> {
          process.kill();
          app = startApp(run, appBootstrapServers);
          return "SIGKILL " + process.describe() + ", started again as pid " + app.process().pid();
        }
        case PAUSE_APP -> {
          process.signal("STOP");
          return "SIGSTOP " + process.describe();
        }
        case RESUME_APP -> {
          process.signal("CONT");
          return "SIGCONT " + process.describe();
        }
        default -> throw new IllegalArgumentException(action.toString());
      }
    } catch (IOException e) {
      throw new PlatformException(action + ": " + e.getMessage(), false, e);
    }
  }

  @Override
  public ComponentStatus ensureLatencyConsumer(RunContext run, String bootstrapServers) {
    if (latencyConsumer == null) {
      ObjectNode settings = ClientDocuments.latencySettings(run, bootstrapServers);
      settings.put("httpPort", setup.ports().latencyConsumer());
      latencyConsumer =
          LocalComponent.watch(
              start(
                  Component.LATENCY_CONSUMER.label(),
                  JavaCommand.of("io.streamgauge.latency.Main", CLIENT_JVM_OPTIONS, List.of()),
                  with(apiClientEnvironment(), Main.ENV, settings.toString())),
              latencyConsumerUrl().resolve("/health"),
              false,
              this::changed);
    }
    return latencyConsumer.status();
  }

  @Override
  public ComponentStatus ensureLoad(RunContext run, String bootstrapServers) {
    int producers = run.spec().getLoad().getProducers();
    for (int i = loadGenerators.size(); i < producers; i++) {
      int port = setup.ports().loadGenerators().get(i);
      ObjectNode workload = ClientDocuments.workload(run, bootstrapServers, latencyConsumerUrl());
      workload.put("producerId", podName(Component.LOAD_GENERATOR, i));
      workload.put("producerIndex", i);
      workload.put("metricsPort", port);
      loadGenerators.add(
          LocalComponent.watch(
              start(
                  producers == 1
                      ? Component.LOAD_GENERATOR.label()
                      : Component.LOAD_GENERATOR.label() + "-" + i,
                  JavaCommand.of("io.streamgauge.loadgen.Main", CLIENT_JVM_OPTIONS, List.of()),
                  with(apiClientEnvironment(), WorkloadReader.ENV, workload.toString())),
              URI.create("http://127.0.0.1:" + port + "/health"),
              true,
              this::changed));
    }
    return loadStatus();
  }

  /** The load generators' state: the first that is not ready, else Ready. */
  private ComponentStatus loadStatus() {
    for (LocalComponent generator : loadGenerators) {
      ComponentStatus status = generator.status();
      if (!status.isReady()) {
        return status;
      }
    }
    return new ComponentStatus.Ready(loadGenerators.size() + " load generator(s)");
  }

  @Override
  public ComponentStatus health(RunContext run, Component component) {
    LocalComponent started =
        switch (component) {
          case APP -> app;
          case LATENCY_CONSUMER -> latencyConsumer;
          case LOAD_GENERATOR -> null;
        };
    if (component == Component.LOAD_GENERATOR) {
      return loadGenerators.isEmpty()
          ? new ComponentStatus.Failed("the load generators", "never started")
          : loadStatus();
    }
    return started == null
        ? new ComponentStatus.Failed("process " + component.label(), "never started")
        : started.status();
  }

  /** The app process's start and the moment its readiness endpoint first answered. */
  @Override
  public Optional<AppStartup> appStartup(RunContext run) {
    if (app == null) {
      return Optional.empty();
    }
    return app.readyAt()
        .map(ready -> new AppStartup(null, app.process().startedAt(), ready, app.readinessPath()));
  }

  /** This machine's name, the node of every local process. */
  private static String machineName() {
    try {
      return InetAddress.getLocalHost().getHostName();
    } catch (UnknownHostException e) {
      return "localhost";
    }
  }

  /** The running processes of {@code component}, each on this machine. */
  @Override
  public List<ComponentInstance> instances(RunContext run, Component component) {
    List<LocalComponent> started =
        switch (component) {
          case APP -> app == null ? List.of() : List.of(app);
          case LATENCY_CONSUMER -> latencyConsumer == null ? List.of() : List.of(latencyConsumer);
          case LOAD_GENERATOR -> loadGenerators;
        };
    return started.stream()
        .map(LocalComponent::process)
        .filter(ChildProcess::isAlive)
        .map(p -> new ComponentInstance(String.valueOf(p.pid()), p.describe(), null, machineName()))
        .toList();
  }

  /** The run's latency consumer and Prometheus; the app read through its own profile first. */
  @Override
  public RunMeasurements measurements(RunContext run) {
    return HttpRunMeasurements.of(
        run,
        latencyConsumerUrl(),
        Optional.of(apiToken),
        prometheus.url(),
        List.of(
            AppProfileResolver.resolve(run.spec().getApp().getMetrics()), MetricProfiles.PROCESS),
        Clock.systemUTC());
  }

  /** This machine and how the app was started; local processes have no image. */
  @Override
  public ObjectNode environment(RunContext run) {
    ObjectNode environment = JSON.createObjectNode().put("platform", "local");
    environment.set("machine", Machine.describe());
    environment.putObject("app").put("launch", setup.app().describe());
    return environment;
  }

  /**
   * Writes the document to {@code result.json} in the run's directory at once; there is no
   * ConfigMap to refer to, so the reference is null.
   */
  @Override
  public ResultRef storeResults(RunContext run, ObjectNode document) throws IOException {
    results.accept(document);
    ResultRef ref = new ResultRef();
    ref.setFile(RESULT_FILE);
    return ref;
  }

  /** Stops every process of the run (Prometheus too), load first, Kafka last. */
  /** Call it once {@link #close} stopped every process: a member left in the group is removed. */
  @Override
  public SharedKafkaRelease.Outcome releaseSharedKafka(RunContext run) {
    return SharedKafkaRelease.of(run, setup.kafkaSecrets(), closed);
  }

  /** Empty: every process writes its log into the run directory, which outlives the run. */
  @Override
  public Optional<String> keepLogs(RunContext run) {
    return Optional.empty();
  }

  @Override
  public void cleanup(RunContext run) {
    close();
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
    for (LocalComponent p : new LocalComponent[] {app, latencyConsumer}) {
      if (p != null) {
        p.process().stop(STOP_GRACE);
      }
    }
    kafka.stop(STOP_GRACE);
    schemaRegistry.stop(STOP_GRACE);
    prometheus.stop(STOP_GRACE);
    LocalFiles.deleteTree(setup.scratchDir());
  }

  /** The app's settings as the reference app reads them, on this machine's ports and cores. */
  Map<String, String> appEnvironment(BenchmarkRunSpec spec, String bootstrapServers) {
    Map<String, String> env = new LinkedHashMap<>(setup.app().environment());
    env.putAll(AppEnvironment.of(run, bootstrapServers));
    setup.kafkaSecrets().forEach((k, v) -> env.put(AppEnvironment.variable(k), v));
    env.put(AppEnvironment.variable("metrics.port"), String.valueOf(setup.ports().app()));
    env.put(
        AppEnvironment.variable("state.dir"), setup.scratchDir().resolve("app-state").toString());
    List<String> jvm =
        new ArrayList<>(JvmSizing.options(spec.getApp().getResources(), setup.processors()));
    jvm.addAll(spec.getApp().getJvmOptions());
    env.put("JDK_JAVA_OPTIONS", String.join(" ", jvm));
    return env;
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

  /** A client's environment: this JVM's class path, the secret Kafka settings. */
  private Map<String, String> clientEnvironment() {
    Map<String, String> env = new LinkedHashMap<>(JavaCommand.classPath());
    setup.kafkaSecrets().forEach((k, v) -> env.put(KafkaSecretSettings.variable(k), v));
    return env;
  }

  /** A client's environment with the run's latency API token. */
  private Map<String, String> apiClientEnvironment() {
    return with(clientEnvironment(), ApiToken.VARIABLE, apiToken);
  }

  private static Map<String, String> with(Map<String, String> env, String name, String value) {
    Map<String, String> all = new LinkedHashMap<>(env);
    all.put(name, value);
    return all;
  }

  /** Where the app says it is ready: its metrics, or for state restoration its stores. */
  private URI appUrl() {
    return URI.create(
        "http://127.0.0.1:" + setup.ports().app() + AppEnvironment.readinessPath(run.spec()));
  }

  private URI latencyConsumerUrl() {
    return URI.create("http://127.0.0.1:" + setup.ports().latencyConsumer());
  }

  /** The pod a process stands for: {@code <run>-app-local}, {@code <run>-load-0-local}. */
  private String podName(Component component, int index) {
    String base = RunTargets.name(run.name(), component);
    return component.equals(Component.LOAD_GENERATOR)
        ? base + "-" + index + "-local"
        : base + "-local-0";
  }

  /**
   * One Prometheus job per process, each labelled like its pod, and the command's own run state (as
   * the operator's is scraped in a cluster).
   */
  private List<ScrapeJob> scrapeJobs() {
    List<ScrapeJob> jobs = new ArrayList<>();
    jobs.add(
        new ScrapeJob(
            "streamgauge",
            List.of("127.0.0.1:" + setup.ports().runMetrics()),
            Map.of("namespace", NAMESPACE)));
    jobs.add(
        job(
            Component.APP.label(),
            setup.ports().app(),
            run.spec().getApp().getMetrics().getPath(),
            podName(Component.APP, 0)));
    jobs.add(
        job(
            Component.LATENCY_CONSUMER.label(),
            setup.ports().latencyConsumer(),
            "/metrics",
            podName(Component.LATENCY_CONSUMER, 0)));
    for (int i = 0; i < setup.ports().loadGenerators().size(); i++) {
      jobs.add(
          job(
              Component.LOAD_GENERATOR + "-" + i,
              setup.ports().loadGenerators().get(i),
              "/metrics",
              podName(Component.LOAD_GENERATOR, i)));
    }
    return jobs;
  }

  private ScrapeJob job(String name, int port, String path, String pod) {
    return new ScrapeJob(
        name,
        List.of("127.0.0.1:" + port),
        path,
        Map.of("namespace", NAMESPACE, "pod", pod, "streamgauge_io_run", run.name()));
  }
}
