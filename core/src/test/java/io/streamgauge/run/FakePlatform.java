package io.streamgauge.run;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.streamgauge.api.spec.FaultType;
import io.streamgauge.api.status.ResultRef;
import io.streamgauge.metrics.Component;
import io.streamgauge.metrics.FigureResult;
import io.streamgauge.metrics.InstanceFigures;
import io.streamgauge.metrics.MeasurementWindow;
import io.streamgauge.metrics.PlotSeries;
import io.streamgauge.metrics.PrometheusException;
import io.streamgauge.platform.AppStartup;
import io.streamgauge.platform.ComponentInstance;
import io.streamgauge.platform.ComponentStatus;
import io.streamgauge.platform.FaultAction;
import io.streamgauge.platform.FaultInjector;
import io.streamgauge.platform.Observer;
import io.streamgauge.platform.Platform;
import io.streamgauge.platform.Provisioner;
import io.streamgauge.platform.ResultStore;
import io.streamgauge.platform.RunContext;
import io.streamgauge.platform.RunMeasurements;
import io.streamgauge.platform.SharedKafkaRelease;
import io.streamgauge.platform.Teardown;
import io.streamgauge.platform.WindowTimes;
import io.streamgauge.results.LatencyResults;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.EnumMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;
import org.HdrHistogram.Histogram;

/**
 * A platform whose components are in whatever state a test sets; records what was asked of it. One
 * object plays every role ({@link #platform}).
 */
final class FakePlatform
    implements Provisioner, Observer, FaultInjector, ResultStore, Teardown, RunMeasurements {

  /** This fake in every role. */
  Platform platform() {
    return new Platform(this, this, this, this, this);
  }

  ComponentStatus kafka = new ComponentStatus.Ready("127.0.0.1:9092");
  ComponentStatus app = new ComponentStatus.Ready("app");
  ComponentStatus latencyConsumer = new ComponentStatus.Ready("latency-consumer");
  ComponentStatus load = new ComponentStatus.Ready("load");
  List<FigureResult> figures = List.of();
  PrometheusException prometheusDown;
  AppStartup startup;
  final List<FaultAction> injected = new ArrayList<>();

  /** 100 samples of 10 ms in the measurement window of topic output. */
  String latencyJson =
      "{\"topics\": {\"output\": {\"measurement\": {\"count\": 100, \"negative\": 0,"
          + " \"histogram\": \""
          + tenMillisecondsTimes(100)
          + "\"}}}}";

  final List<String> calls = new ArrayList<>();
  final List<WindowTimes> windowsSent = new ArrayList<>();
  final List<MeasurementWindow> windowsQueried = new ArrayList<>();
  ObjectNode stored;
  int cleanups;

  private static String tenMillisecondsTimes(int count) {
    Histogram h = new Histogram(3_600_000_000L, 3);
    h.recordValueWithCount(10_000, count);
    ByteBuffer buffer = ByteBuffer.allocate(h.getNeededByteBufferCapacity());
    int length = h.encodeIntoCompressedByteBuffer(buffer);
    byte[] bytes = new byte[length];
    buffer.flip();
    buffer.get(bytes);
    return Base64.getEncoder().encodeToString(bytes);
  }

  /** Thrown by ensureKafka while set. */
  RuntimeException kafkaError;

  @Override
  public ComponentStatus ensureKafka(RunContext run) {
    calls.add("kafka");
    if (kafkaError != null) {
      throw kafkaError;
    }
    return kafka;
  }

  @Override
  public ComponentStatus ensureApp(RunContext run, String bootstrapServers) {
    calls.add("app " + bootstrapServers);
    return app;
  }

  /** What {@link #ensureSchemaRegistry} answers. */
  ComponentStatus schemaRegistry = new ComponentStatus.Ready("http://registry.test:8081");

  @Override
  public ComponentStatus ensureSchemaRegistry(RunContext run) {
    calls.add("schema-registry");
    return schemaRegistry;
  }

  @Override
  public ComponentStatus ensureLatencyConsumer(RunContext run, String bootstrapServers) {
    calls.add("latency-consumer " + bootstrapServers);
    return latencyConsumer;
  }

  @Override
  public ComponentStatus ensureLoad(RunContext run, String bootstrapServers) {
    calls.add("load " + bootstrapServers);
    return load;
  }

  @Override
  public ComponentStatus health(RunContext run, Component component) {
    calls.add("health " + component);
    return switch (component) {
      case APP -> app;
      case LATENCY_CONSUMER -> latencyConsumer;
      case LOAD_GENERATOR -> load;
    };
  }

  /** Windows the latency consumer accepted before (a 409), or null. */
  WindowTimes windowsInForce;

  /** The instances each component reports; one pod each unless a test replaces it. */
  final Map<Component, List<ComponentInstance>> instances =
      new EnumMap<>(
          Map.of(
              Component.APP,
              List.of(new ComponentInstance("app-uid-1", "Pod bench/wc-app-1", null, "node-b")),
              Component.LATENCY_CONSUMER,
              List.of(new ComponentInstance("lc-uid-1", "Pod bench/wc-latency-1", null, "node-a")),
              Component.LOAD_GENERATOR,
              List.of(
                  new ComponentInstance("lg-uid-1", "Pod bench/wc-load-0-x", null, "node-a"),
                  new ComponentInstance("lg-uid-2", "Pod bench/wc-load-1-y", null, "node-a"))));

  @Override
  public List<ComponentInstance> instances(RunContext run, Component component) {
    return instances.getOrDefault(component, List.of());
  }

  /** The fake measures its runs itself. */
  @Override
  public RunMeasurements measurements(RunContext run) {
    return this;
  }

  @Override
  public WindowTimes sendWindows(WindowTimes windows) {
    windowsSent.add(windows);
    return windowsInForce != null ? windowsInForce : windows;
  }

  /** What {@link #appInputLag} answers; empty: the app's group has not committed yet. */
  OptionalDouble appLag = OptionalDouble.empty();

  @Override
  public OptionalDouble appInputLag() {
    return appLag;
  }

  Duration firstScrapeWait = Duration.ZERO;
  List<Component> unscraped = List.of();

  @Override
  public Duration firstScrapeWait() {
    return firstScrapeWait;
  }

  @Override
  public List<Component> awaitingFirstScrape() throws PrometheusException {
    if (prometheusDown != null) {
      throw prometheusDown;
    }
    return unscraped;
  }

  @Override
  public LatencyResults latencyResults() throws IOException {
    return LatencyResults.parse(latencyJson);
  }

  @Override
  public List<FigureResult> figures(MeasurementWindow window) throws PrometheusException {
    windowsQueried.add(window);
    if (prometheusDown != null) {
      throw prometheusDown;
    }
    return figures;
  }

  @Override
  public List<PlotSeries> series(MeasurementWindow window, Instant from) {
    return List.of();
  }

  /** What {@link #appInstances} answers. */
  List<InstanceFigures> appInstances = List.of();

  @Override
  public List<InstanceFigures> appInstances(MeasurementWindow window) {
    calls.add("instances");
    return appInstances;
  }

  @Override
  public Optional<String> cannotInject(FaultType type) {
    return Optional.empty();
  }

  /** What a fault may act on now; a kill or a roll removes what it acted on. */
  final Set<String> faultable = new LinkedHashSet<>(List.of("app-pod-1"));

  /** Every target a kill or a roll acted on, in order. */
  final List<String> actedOn = new ArrayList<>();

  @Override
  public List<String> faultTargets(RunContext run, FaultAction action, int instance) {
    calls.add("target " + action + (instance == 0 ? "" : " of instance " + instance));
    return List.copyOf(faultable);
  }

  @Override
  public String inject(RunContext run, FaultAction action, List<String> targets) {
    injected.add(action);
    calls.add("inject " + action);
    if (action == FaultAction.KILL_APP || action == FaultAction.ROLL_BROKER) {
      targets.stream().filter(faultable::remove).forEach(actedOn::add);
    }
    return "did " + action;
  }

  @Override
  public Optional<AppStartup> appStartup(RunContext run) {
    return Optional.ofNullable(startup);
  }

  @Override
  public ObjectNode environment(RunContext run) {
    return JsonNodeFactory.instance.objectNode().put("platform", "fake");
  }

  /** Thrown by storeResults when set. */
  IOException storeFailure;

  /** True when the last store came before any cleanup. */
  boolean storedBeforeCleanup;

  @Override
  public ResultRef storeResults(RunContext run, ObjectNode document) throws IOException {
    if (storeFailure != null) {
      throw storeFailure;
    }
    stored = document;
    storedBeforeCleanup = cleanups == 0;
    ResultRef ref = new ResultRef();
    ref.setConfigMap(run.name() + "-results");
    return ref;
  }

  /** What releaseSharedKafka answers. */
  SharedKafkaRelease.Outcome sharedKafka = new SharedKafkaRelease.Outcome(Set.of(), null);

  @Override
  public SharedKafkaRelease.Outcome releaseSharedKafka(RunContext run) {
    calls.add("releaseSharedKafka");
    return sharedKafka;
  }

  /** Thrown by keepLogs when set. */
  RuntimeException logsFailure;

  /** True when the logs were kept before any cleanup. */
  boolean logsKeptBeforeCleanup;

  @Override
  public Optional<String> keepLogs(RunContext run) {
    if (logsFailure != null) {
      throw logsFailure;
    }
    logsKeptBeforeCleanup = cleanups == 0;
    return Optional.of(run.name() + "-logs");
  }

  @Override
  public void cleanup(RunContext run) {
    cleanups++;
  }
}
