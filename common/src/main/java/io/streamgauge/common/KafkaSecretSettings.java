package io.streamgauge.common;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The Kafka client settings that carry secrets (SASL's JAAS configuration, PEM certificates and
 * keys) as the load generator and the latency consumer receive them: environment variables {@code
 * STREAMGAUGE_KAFKA_<PROPERTY>}, never their settings documents, so that on Kubernetes they come
 * from Secrets and appear in no object's spec.
 */
public final class KafkaSecretSettings {

  /** Prefix of the variables. */
  public static final String PREFIX = "STREAMGAUGE_KAFKA_";

  /** The client properties that may arrive this way. */
  public static final List<String> PROPERTIES =
      List.of(
          "sasl.jaas.config",
          "ssl.truststore.certificates",
          "ssl.keystore.certificate.chain",
          "ssl.keystore.key");

  private KafkaSecretSettings() {}

  /**
   * The variable of {@code property}: {@code sasl.jaas.config} → {@code
   * STREAMGAUGE_KAFKA_SASL_JAAS_CONFIG}.
   */
  public static String variable(String property) {
    return PREFIX + property.toUpperCase(Locale.ROOT).replace('.', '_');
  }

  /** The properties among {@link #PROPERTIES} that {@code environment} sets (non-empty). */
  public static Map<String, String> from(Map<String, String> environment) {
    Map<String, String> settings = new LinkedHashMap<>();
    for (String property : PROPERTIES) {
      String value = environment.get(variable(property));
      if (value != null && !value.isEmpty()) {
        settings.put(property, value);
      }
    }
    return settings;
  }

  /**
   * {@code config} with the secret settings of this process's environment added (they win over the
   * same keys in {@code config}).
   */
  public static Map<String, String> addFromEnvironment(Map<String, String> config) {
    Map<String, String> merged = new LinkedHashMap<>(config == null ? Map.of() : config);
    merged.putAll(from(System.getenv()));
    return merged;
  }
}
