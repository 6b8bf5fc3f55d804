package io.streamgauge.platform;

import io.streamgauge.api.spec.BenchmarkRunSpec;
import io.streamgauge.api.spec.CertificateSecretSource;
import io.streamgauge.api.spec.ExternalKafkaSpec;
import io.streamgauge.api.spec.KafkaAuthenticationSpec;
import io.streamgauge.api.spec.KafkaAuthenticationType;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * The client settings that {@code spec.kafka.external.tls} and {@code .authentication} stand for:
 * plain ones ({@code security.protocol}, {@code sasl.mechanism}, the PEM store types) and ones
 * built from Secret values ({@code sasl.jaas.config}, the PEM certificates and key). Each platform
 * delivers the secret ones its own way — Kubernetes as environment variables from Secret
 * references, local mode from files — and resolves them for its own admin client with {@link
 * #resolve}.
 */
public final class KafkaSecurity {

  /** One key of one Secret, with the spec field that names it (for messages). */
  public record SecretKey(String secretName, String key, String field) {
    @Override
    public String toString() {
      return "key " + key + " of Secret " + secretName + " (" + field + ")";
    }
  }

  /** A piece of a secret setting's value: literal text, or a Secret's value. */
  public sealed interface Part permits Text, FromSecret {}

  /** Literal text. */
  public record Text(String text) implements Part {}

  /**
   * A Secret's value.
   *
   * @param quoted true when it sits inside a JAAS quoted string, which cannot hold {@code "}, a
   *     backslash or a line break when it travels unescaped (as Kubernetes' variable expansion
   *     does)
   */
  public record FromSecret(SecretKey key, boolean quoted) implements Part {}

  /** A client property whose value is built from {@link Part}s. */
  public record SecretSetting(String property, List<Part> parts) {}

  /** A Secret value that is missing or unusable. */
  public static final class SecretValueException extends Exception {
    private final transient SecretKey key;
    private final boolean missing;

    SecretValueException(SecretKey key, String message, boolean missing) {
      super(message);
      this.key = key;
      this.missing = missing;
    }

    /** The Secret key at fault. */
    public SecretKey key() {
      return key;
    }

    /** True when the Secret or its key does not exist (it may yet be created). */
    public boolean missing() {
      return missing;
    }
  }

  private static final String FIELD = "spec.kafka.external";

  private final Map<String, String> settings;
  private final List<SecretSetting> secretSettings;

  private KafkaSecurity(Map<String, String> settings, List<SecretSetting> secretSettings) {
    this.settings = Map.copyOf(settings);
    this.secretSettings = List.copyOf(secretSettings);
  }

  /** The security of the run's shared cluster; none on a Kafka of the run's own. */
  public static KafkaSecurity of(BenchmarkRunSpec spec) {
    return spec.getKafka() == null || spec.getKafka().getExternal() == null
        ? new KafkaSecurity(Map.of(), List.of())
        : of(spec.getKafka().getExternal());
  }

  /** The security {@code external} asks for. */
  public static KafkaSecurity of(ExternalKafkaSpec external) {
    Map<String, String> settings = new LinkedHashMap<>();
    List<SecretSetting> secret = new ArrayList<>();
    boolean tls = external.getTls() != null;
    KafkaAuthenticationSpec auth = external.getAuthentication();
    boolean sasl = auth != null && auth.getType() != KafkaAuthenticationType.TLS;
    if (tls || auth != null) {
      settings.put("security.protocol", (sasl ? "SASL_" : "") + (tls ? "SSL" : "PLAINTEXT"));
    }
    if (tls) {
      settings.put("ssl.truststore.type", "PEM");
      List<Part> parts = new ArrayList<>();
      List<CertificateSecretSource> certs = external.getTls().getTrustedCertificates();
      for (int i = 0; i < certs.size(); i++) {
        if (i > 0) {
          parts.add(new Text("\n"));
        }
        parts.add(
            new FromSecret(
                new SecretKey(
                    certs.get(i).getSecretName(),
                    certs.get(i).getCertificate(),
                    FIELD + ".tls.trustedCertificates[" + i + "]"),
                false));
      }
      secret.add(new SecretSetting("ssl.truststore.certificates", parts));
    }
    if (sasl) {
      settings.put("sasl.mechanism", mechanism(auth.getType()));
      secret.add(
          new SecretSetting(
              "sasl.jaas.config",
              List.of(
                  new Text(
                      loginModule(auth.getType())
                          + " required username=\""
                          + auth.getUsername()
                          + "\" password=\""),
                  new FromSecret(
                      new SecretKey(
                          auth.getPasswordSecret().getSecretName(),
                          auth.getPasswordSecret().getPassword(),
                          FIELD + ".authentication.passwordSecret"),
                      true),
                  new Text("\";"))));
    } else if (auth != null) {
      var source = auth.getCertificateAndKey();
      String field = FIELD + ".authentication.certificateAndKey";
      settings.put("ssl.keystore.type", "PEM");
      secret.add(
          new SecretSetting(
              "ssl.keystore.certificate.chain",
              List.of(
                  new FromSecret(
                      new SecretKey(source.getSecretName(), source.getCertificate(), field),
                      false))));
      secret.add(
          new SecretSetting(
              "ssl.keystore.key",
              List.of(
                  new FromSecret(
                      new SecretKey(source.getSecretName(), source.getKey(), field), false))));
    }
    return new KafkaSecurity(settings, secret);
  }

  /**
   * The settings without secrets: {@code security.protocol}, {@code sasl.mechanism}, store types.
   */
  public Map<String, String> settings() {
    return settings;
  }

  /** The settings built from Secret values. */
  public List<SecretSetting> secretSettings() {
    return secretSettings;
  }

  /** Every Secret key the settings read, each once, in order. */
  public List<SecretKey> secretKeys() {
    LinkedHashSet<SecretKey> keys = new LinkedHashSet<>();
    for (SecretSetting setting : secretSettings) {
      for (Part part : setting.parts()) {
        if (part instanceof FromSecret s) {
          keys.add(s.key());
        }
      }
    }
    return List.copyOf(keys);
  }

  /**
   * The secret settings with their values.
   *
   * @param values a Secret key's value, empty when the Secret or the key does not exist
   * @throws SecretValueException when a value is missing or cannot travel where it must
   */
  public Map<String, String> resolve(Function<SecretKey, Optional<String>> values)
      throws SecretValueException {
    Map<String, String> resolved = new LinkedHashMap<>();
    for (SecretSetting setting : secretSettings) {
      StringBuilder value = new StringBuilder();
      for (Part part : setting.parts()) {
        if (part instanceof FromSecret secret) {
          value.append(value(secret, values));
        } else {
          value.append(((Text) part).text());
        }
      }
      resolved.put(setting.property(), value.toString());
    }
    return resolved;
  }

  private static String value(FromSecret part, Function<SecretKey, Optional<String>> values)
      throws SecretValueException {
    String value =
        values
            .apply(part.key())
            .orElseThrow(() -> new SecretValueException(part.key(), "no " + part.key(), true));
    if (part.quoted()
        && value.chars().anyMatch(c -> c == '"' || c == '\\' || c == '\n' || c == '\r')) {
      throw new SecretValueException(
          part.key(),
          "the value of "
              + part.key()
              + " holds a quote, backslash or line break, which a JAAS configuration cannot carry"
              + " unescaped; use a password without them",
          false);
    }
    if (value.isEmpty()) {
      throw new SecretValueException(part.key(), "the value of " + part.key() + " is empty", false);
    }
    return value;
  }

  private static String mechanism(KafkaAuthenticationType type) {
    return switch (type) {
      case PLAIN -> "PLAIN";
      case SCRAM_SHA_256 -> "SCRAM-SHA-256";
      case SCRAM_SHA_512 -> "SCRAM-SHA-512";
      case TLS -> throw new IllegalArgumentException("tls is not a SASL mechanism");
    };
  }

  private static String loginModule(KafkaAuthenticationType type) {
    return type == KafkaAuthenticationType.PLAIN
        ? "org.apache.kafka.common.security.plain.PlainLoginModule"
        : "org.apache.kafka.common.security.scram.ScramLoginModule";
  }
}
