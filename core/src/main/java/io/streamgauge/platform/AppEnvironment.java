package io.streamgauge.platform;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.streamgauge.api.BenchmarkRunSpec;
import java.util.LinkedHashMap;
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

  /** The variables, in a stable order. */
  public static Map<String, String> of(RunContext run, String bootstrap) {
    BenchmarkRunSpec spec = run.spec();
    Map<String, String> settings = new LinkedHashMap<>();
    settings.put("scenario", JSON.convertValue(spec.getScenario(), String.class));
    settings.put("bootstrap.servers", bootstrap);
    settings.put("application.id", RunTopics.applicationId(run));
    settings.put(
        "processing.guarantee", JSON.convertValue(spec.getProcessingGuarantee(), String.class));
    if (!spec.getLoad().getTopics().isEmpty()) {
      settings.put("topic.input", spec.getLoad().getTopics().get(0).getName());
    }
    if (!spec.getLatency().getTopics().isEmpty()) {
      settings.put("topic.output", spec.getLatency().getTopics().get(0));
    }
    settings.put("metrics.port", String.valueOf(spec.getApp().getMetrics().getPort()));
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

  /**
   * The variable of setting {@code key}: {@code commit.interval.ms} → {@code
   * STREAMGAUGE_APP_COMMIT_INTERVAL_MS}.
   */
  public static String variable(String key) {
    return PREFIX + key.toUpperCase(Locale.ROOT).replace("-", "__").replace('.', '_');
  }
}
