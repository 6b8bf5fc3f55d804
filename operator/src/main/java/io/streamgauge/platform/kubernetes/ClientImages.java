package io.streamgauge.platform.kubernetes;

import io.streamgauge.scenario.ReferenceApps;
import java.util.Map;

/**
 * The images the operator deploys for every run beside the app under test, and the reference apps
 * it deploys as the app of a run that names no {@code spec.app.image}.
 *
 * @param loadGenerator image running {@code load-generator.jar}
 * @param latencyConsumer image running {@code latency-consumer.jar}
 * @param referenceApps the reference app's image by {@code spec.app.runtime}
 * @param schemaRegistry image of the schema registry a run of registered Avro records starts
 */
public record ClientImages(
    String loadGenerator,
    String latencyConsumer,
    ReferenceApps referenceApps,
    String schemaRegistry) {

  /** Default tag of the images. */
  public static final String VERSION = "0.1.0";

  /** Default registry of the images. */
  public static final String REGISTRY = "ghcr.io/streamgauge";

  /** The clients' images, with the reference apps of {@link #REGISTRY} at {@link #VERSION}. */
  public ClientImages(String loadGenerator, String latencyConsumer) {
    this(loadGenerator, latencyConsumer, ReferenceApps.under(REGISTRY, VERSION));
  }

  /** The clients' and the reference apps' images, with the schema registry of {@link #REGISTRY}. */
  public ClientImages(String loadGenerator, String latencyConsumer, ReferenceApps referenceApps) {
    this(loadGenerator, latencyConsumer, referenceApps, REGISTRY + "/schema-registry:" + VERSION);
  }

  /**
   * From {@code STREAMGAUGE_LOAD_GENERATOR_IMAGE}, {@code STREAMGAUGE_LATENCY_CONSUMER_IMAGE},
   * {@code STREAMGAUGE_REFERENCE_APP_IMAGES} ({@code runtime=image,...}) and {@code
   * STREAMGAUGE_SCHEMA_REGISTRY_IMAGE}, defaulting to {@code ghcr.io/streamgauge/<image>:}{@value
   * #VERSION}.
   *
   * @throws IllegalArgumentException naming the variable and the value at fault
   */
  public static ClientImages fromEnvironment(Map<String, String> env) {
    return new ClientImages(
        env.getOrDefault(
            "STREAMGAUGE_LOAD_GENERATOR_IMAGE", REGISTRY + "/load-generator:" + VERSION),
        env.getOrDefault(
            "STREAMGAUGE_LATENCY_CONSUMER_IMAGE", REGISTRY + "/latency-consumer:" + VERSION),
        ReferenceApps.parse(
            "STREAMGAUGE_REFERENCE_APP_IMAGES",
            env.get("STREAMGAUGE_REFERENCE_APP_IMAGES"),
            ReferenceApps.under(REGISTRY, VERSION)),
        env.getOrDefault(
            "STREAMGAUGE_SCHEMA_REGISTRY_IMAGE", REGISTRY + "/schema-registry:" + VERSION));
  }
}
