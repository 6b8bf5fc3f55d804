package io.streamgauge.scenario;

import io.streamgauge.api.spec.Scenario;
import io.streamgauge.common.AppSettingsSchema;
import io.streamgauge.common.ReferenceAppSchemas;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * The runtimes Streamgauge has a reference app for (docs/guides/runtimes.md): each app's image
 * name, the scenarios it implements and the settings it reads beyond the contract. A run of one of
 * these runtimes that names no {@code spec.app.image} runs its reference app, provided the app
 * implements the run's scenario.
 */
public enum ReferenceRuntime {

  /** Kafka Streams 4.1: every built-in scenario ({@code apps/}). */
  KAFKA_STREAMS("kafka-streams", "streams-app", ReferenceAppSchemas.STREAMS_APP),

  /**
   * Apache Flink 2.2 on an embedded cluster: stateless-simple and wordcount ({@code flink-app/}).
   */
  FLINK("flink", "flink-app", ReferenceAppSchemas.FLINK_APP),

  /**
   * A plain KafkaConsumer and KafkaProducer: stateless-simple, the floor a framework is measured
   * against ({@code clients-app/}).
   */
  KAFKA_CLIENTS("kafka-clients", "clients-app", ReferenceAppSchemas.CLIENTS_APP);

  /**
   * Where every reference app answers 200 once it processes records (Kafka Streams RUNNING, the
   * Flink job's tasks all running, the plain consumer assigned), its readiness path by default.
   */
  public static final String READINESS_PATH = "/health";

  private final String runtime;
  private final String imageName;
  private final AppSettingsSchema settings;

  ReferenceRuntime(String runtime, String imageName, AppSettingsSchema settings) {
    this.runtime = runtime;
    this.imageName = imageName;
    this.settings = settings;
  }

  /** The runtime as {@code spec.app.runtime} names it, e.g. {@code flink}. */
  public String runtime() {
    return runtime;
  }

  /** The name of its image under the operator's registry, e.g. {@code flink-app}. */
  public String imageName() {
    return imageName;
  }

  /** The settings its reference app reads: the scenarios it implements, its own keys. */
  public AppSettingsSchema settings() {
    return settings;
  }

  /** True when its reference app implements {@code scenario}. */
  public boolean implementsScenario(Scenario scenario) {
    return settings.scenarios().containsKey(scenario.value());
  }

  /** The scenarios its reference app implements, in order. */
  public List<String> scenarios() {
    return settings.scenarioNames();
  }

  /** The reference runtime {@code runtime} names, if there is one. */
  public static Optional<ReferenceRuntime> named(String runtime) {
    return Arrays.stream(values()).filter(r -> r.runtime.equals(runtime)).findFirst();
  }
}
