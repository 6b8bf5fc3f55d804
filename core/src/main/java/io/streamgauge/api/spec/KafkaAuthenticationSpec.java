package io.streamgauge.api.spec;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.fabric8.generator.annotation.Pattern;
import io.fabric8.generator.annotation.Required;
import io.fabric8.generator.annotation.Size;
import io.fabric8.generator.annotation.ValidationRule;
import lombok.Getter;
import lombok.Setter;

/**
 * How the run's clients authenticate to a shared Kafka cluster, as Strimzi's client specs write it:
 * SASL with a username and a password from a Secret, or mutual TLS with a certificate and key from
 * a Secret. Credentials never appear in the run or the pods' specs: pods read them from the Secret,
 * the operator reads them for its own topic creation.
 */
@ValidationRule(
    value =
        "self.type == 'tls' ? has(self.certificateAndKey) && !has(self.username) &&"
            + " !has(self.passwordSecret) : has(self.username) && has(self.passwordSecret) &&"
            + " !has(self.certificateAndKey)",
    message =
        "type tls takes certificateAndKey; plain, scram-sha-256 and scram-sha-512 take username"
            + " and passwordSecret")
@Getter
@Setter
public class KafkaAuthenticationSpec {

  @Required
  @JsonPropertyDescription("plain, scram-sha-256, scram-sha-512 (SASL) or tls (mutual TLS).")
  private KafkaAuthenticationType type;

  @Pattern("^[^\"\\\\\\n]{1,256}$")
  @JsonPropertyDescription(
      "The SASL username (plain and scram-*). Not a secret; no quote, backslash or line break.")
  @Size(max = 256)
  private String username;

  @JsonPropertyDescription(
      "The Secret key holding the SASL password (plain and scram-*). The password may not hold a"
          + " quote, backslash or line break (it travels inside a JAAS configuration); the run"
          + " fails with ValidationFailed if it does.")
  private PasswordSecretSource passwordSecret;

  @JsonPropertyDescription(
      "The Secret keys holding the client certificate and its unencrypted key (tls). Needs"
          + " spec.kafka.external.tls.")
  private CertificateAndKeySecretSource certificateAndKey;
}
