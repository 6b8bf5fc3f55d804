package io.streamgauge.platform;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.streamgauge.api.spec.AppMetricsSpec;
import io.streamgauge.api.spec.BenchmarkRunSpec;
import io.streamgauge.api.spec.LoadTopicSpec;
import io.streamgauge.api.spec.Scenario;
import io.streamgauge.common.ContractSettings;
import io.streamgauge.scenario.ScenarioCatalog;
import io.streamgauge.scenario.ScenarioProfile;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The environment the app under test gets, on every platform: its settings as {@code
 * STREAMGAUGE_APP_<KEY>} variables (the reference app reads them; {@code .} is written {@code _},
 * {@code -} is written {@code __}) — scenario, bootstrap servers, application id, processing
 * guarantee, topics, metrics port, then {@code spec.app.config} — and {@code JDK_JAVA_OPTIONS} from
 * {@code spec.app.jvmOptions}.
 */
public final class AppEnvironment {

  /** Prefix of the app's settings variables. */
  public static final String PREFIX = "STREAMGAUGE_APP_";

  private static final ObjectMapper JSON = new ObjectMapper();

  private AppEnvironment() {}

  /** The variables of a platform that runs one instance of the app: instance 0 of 1. */
  public static Map<String, String> of(RunContext run, String bootstrap) {
    return of(run, bootstrap, 0);
  }

  /**
   * The variables of instance {@code instance} (from 0) of the app's {@code spec.app.replicas}, in
   * a stable order; a replacement of an instance gets its predecessor's.
   */
  public static Map<String, String> of(RunContext run, String bootstrap, int instance) {
    BenchmarkRunSpec spec = run.spec();
    Map<String, String> settings = new LinkedHashMap<>();
    settings.put("scenario", JSON.convertValue(spec.getScenario(), String.class));
    settings.put("bootstrap.servers", bootstrap);
    settings.put("application.id", RunTopics.applicationId(run));
    settings.put(
        "processing.guarantee", JSON.convertValue(spec.getProcessingGuarantee(), String.class));
    settings.putAll(topics(run));
    settings.put("metrics.port", String.valueOf(spec.getApp().getMetrics().getPort()));
    settings.put(ContractSettings.INSTANCE_COUNT, String.valueOf(replicas(spec)));
    settings.put(ContractSettings.INSTANCE_INDEX, String.valueOf(instance));
    if (run.status().getSchemaRegistryUrl() != null) {
      settings.put(ContractSettings.SCHEMA_REGISTRY_URL, run.status().getSchemaRegistryUrl());
    }
    settings.putAll(ClientDocuments.sharedClusterConfig(spec));
    if (spec.getApp().getConfig() != null) {
      settings.putAll(spec.getApp().getConfig());
    }
    Map<String, String> env = new LinkedHashMap<>();
    settings.forEach((key, value) -> env.put(variable(key), value));
    if (spec.getApp().getJvmOptions() != null && !spec.getApp().getJvmOptions().isEmpty()) {
      env.put("JDK_JAVA_OPTIONS", String.join(" ", spec.getApp().getJvmOptions()));
    }
    return env;
  }

  /** {@code spec.app.replicas}, 1 when not given. */
  public static int replicas(BenchmarkRunSpec spec) {
    Integer replicas = spec.getApp().getReplicas();
    return replicas == null ? 1 : replicas;
  }

  /** Where a state-restoration app answers 200 once every store is restored, 503 before. */
  public static final String RESTORED_PATH = "/restored";

  /**
   * The path on the app's metrics port that says it is ready: for state restoration {@value
   * #RESTORED_PATH} (ready means restored; an app of another runtime must answer it too), otherwise
   * {@code spec.app.metrics.readinessPath}; unset, the metrics path (the platform sets a reference
   * app's {@code /health} before, where it knows that one runs).
   */
  public static String readinessPath(BenchmarkRunSpec spec) {
    AppMetricsSpec metrics = spec.getApp().getMetrics();
    return spec.getScenario() == Scenario.STATE_RESTORATION
        ? RESTORED_PATH
        : metrics.getReadinessPath() != null ? metrics.getReadinessPath() : metrics.getPath();
  }

  /**
   * The topic of each of the app's topic roles ({@code topic.<role>}): a built-in scenario's roles
   * are its catalog topic names (wordcount's {@code input} and {@code output}, stateless-advanced's
   * {@code user-events} … {@code customer-activity}), each bound to the spec's topic in the same
   * place, which a shared cluster suffixes; a custom app gets its first input and output topics as
   * {@code input} and {@code output}. Every topic is also given by its name as the spec wrote it
   * ({@code topic.orders}), however the run renamed it.
   */
  private static Map<String, String> topics(RunContext run) {
    BenchmarkRunSpec spec = run.spec();
    ScenarioProfile profile = ScenarioCatalog.profile(spec.getScenario());
    List<String> inputRoles = profile.inputTopics().stream().map(LoadTopicSpec::getName).toList();
    List<String> outputRoles = profile.outputTopics();
    if (inputRoles.isEmpty()) {
      inputRoles = List.of("input");
      outputRoles = List.of("output");
    }
    Map<String, String> topics = new LinkedHashMap<>();
    List<LoadTopicSpec> inputs = spec.getLoad().getTopics();
    for (int i = 0; i < Math.min(inputRoles.size(), inputs.size()); i++) {
      topics.put("topic." + inputRoles.get(i), inputs.get(i).getName());
    }
    List<String> outputs = spec.getLatency().getTopics();
    for (int i = 0; i < Math.min(outputRoles.size(), outputs.size()); i++) {
      topics.put("topic." + outputRoles.get(i), outputs.get(i));
    }
    // Every topic by its name as written too, so an app whose topics are renamed for the run on a
    // shared Kafka finds each of them (orders → STREAMGAUGE_APP_TOPIC_ORDERS).
    inputs.forEach(
        t -> topics.putIfAbsent("topic." + RunTopics.asWritten(run, t.getName()), t.getName()));
    outputs.forEach(t -> topics.putIfAbsent("topic." + RunTopics.asWritten(run, t), t));
    return topics;
  }

  /**
   * The variable of setting {@code key}: {@code commit.interval.ms} → {@code
   * STREAMGAUGE_APP_COMMIT_INTERVAL_MS}.
   */
  public static String variable(String key) {
    return PREFIX + key.toUpperCase(Locale.ROOT).replace("-", "__").replace('.', '_');
  }
}
