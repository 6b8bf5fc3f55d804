package io.streamgauge.platform;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.streamgauge.api.spec.CertificateAndKeySecretSource;
import io.streamgauge.api.spec.CertificateSecretSource;
import io.streamgauge.api.spec.ExternalKafkaSpec;
import io.streamgauge.api.spec.ExternalKafkaTlsSpec;
import io.streamgauge.api.spec.KafkaAuthenticationSpec;
import io.streamgauge.api.spec.KafkaAuthenticationType;
import io.streamgauge.api.spec.PasswordSecretSource;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.kafka.common.config.types.Password;
import org.apache.kafka.common.security.JaasContext;
import org.junit.jupiter.api.Test;

/** The client settings TLS and authentication stand for, and how their Secret values fill in. */
class KafkaSecurityTest {

  private static final Map<String, String> SECRETS =
      Map.of("ca/ca.crt", "-----CA 1-----", "ca2/ca.crt", "-----CA 2-----", "alice/pw", "s3$(x)");

  @Test
  void scramOverTlsIsSaslSslWithAScramLoginAndThePemTrustStore() throws Exception {
    KafkaSecurity security =
        KafkaSecurity.of(external(tls("ca", "ca2"), sasl(KafkaAuthenticationType.SCRAM_SHA_512)));

    assertThat(security.settings())
        .containsExactlyInAnyOrderEntriesOf(
            Map.of(
                "security.protocol", "SASL_SSL",
                "sasl.mechanism", "SCRAM-SHA-512",
                "ssl.truststore.type", "PEM"));
    Map<String, String> resolved = security.resolve(KafkaSecurityTest::lookUp);
    assertThat(resolved.get("ssl.truststore.certificates"))
        .isEqualTo("-----CA 1-----\n-----CA 2-----");
    String jaas = resolved.get("sasl.jaas.config");
    assertThat(jaas)
        .isEqualTo(
            "org.apache.kafka.common.security.scram.ScramLoginModule required"
                + " username=\"alice\" password=\"s3$(x)\";");
    Map<String, ?> options =
        JaasContext.loadClientContext(Map.of("sasl.jaas.config", new Password(jaas)))
            .configurationEntries()
            .get(0)
            .getOptions();
    assertThat(options.get("username"))
        .as("Kafka's own JAAS parser reads the username back")
        .isEqualTo("alice");
    assertThat(options.get("password")).isEqualTo("s3$(x)");
  }

  @Test
  void plainWithoutTlsIsSaslPlaintext() {
    KafkaSecurity security = KafkaSecurity.of(external(null, sasl(KafkaAuthenticationType.PLAIN)));

    assertThat(security.settings())
        .containsEntry("security.protocol", "SASL_PLAINTEXT")
        .containsEntry("sasl.mechanism", "PLAIN")
        .doesNotContainKey("ssl.truststore.type");
    assertThat(security.secretKeys())
        .containsExactly(
            new KafkaSecurity.SecretKey(
                "alice", "pw", "spec.kafka.external.authentication.passwordSecret"));
  }

  @Test
  void mutualTlsIsSslWithAPemKeyStoreAndNoSasl() throws Exception {
    KafkaAuthenticationSpec auth = new KafkaAuthenticationSpec();
    auth.setType(KafkaAuthenticationType.TLS);
    CertificateAndKeySecretSource user = new CertificateAndKeySecretSource();
    user.setSecretName("user");
    user.setCertificate("user.crt");
    user.setKey("user.key");
    auth.setCertificateAndKey(user);

    KafkaSecurity security = KafkaSecurity.of(external(tls("ca"), auth));

    assertThat(security.settings())
        .containsExactlyInAnyOrderEntriesOf(
            Map.of(
                "security.protocol", "SSL",
                "ssl.truststore.type", "PEM",
                "ssl.keystore.type", "PEM"));
    Map<String, String> resolved =
        security.resolve(key -> Optional.of(key.secretName() + "/" + key.key()));
    assertThat(resolved)
        .containsEntry("ssl.keystore.certificate.chain", "user/user.crt")
        .containsEntry("ssl.keystore.key", "user/user.key")
        .doesNotContainKey("sasl.jaas.config");
  }

  @Test
  void noTlsNoAuthenticationMeansNoSettings() {
    KafkaSecurity security = KafkaSecurity.of(external(null, null));

    assertThat(security.settings()).isEmpty();
    assertThat(security.secretSettings()).isEmpty();
  }

  @Test
  void aMissingSecretIsMissingAndNamesTheField() {
    KafkaSecurity security = KafkaSecurity.of(external(tls("ca"), null));

    assertThatThrownBy(() -> security.resolve(key -> Optional.empty()))
        .isInstanceOfSatisfying(
            KafkaSecurity.SecretValueException.class,
            e -> {
              assertThat(e.missing()).isTrue();
              assertThat(e.getMessage())
                  .isEqualTo(
                      "no key ca.crt of Secret ca (spec.kafka.external.tls.trustedCertificates[0])");
            });
  }

  @Test
  void aPasswordAJaasStringCannotCarryIsRefusedNotMangled() {
    KafkaSecurity security = KafkaSecurity.of(external(null, sasl(KafkaAuthenticationType.PLAIN)));

    for (String bad : List.of("a\"b", "a\\b", "a\nb")) {
      assertThatThrownBy(() -> security.resolve(key -> Optional.of(bad)))
          .isInstanceOfSatisfying(
              KafkaSecurity.SecretValueException.class,
              e -> {
                assertThat(e.missing()).isFalse();
                assertThat(e.getMessage())
                    .contains("spec.kafka.external.authentication.passwordSecret")
                    .contains("quote, backslash or line break");
              });
    }
  }

  private static Optional<String> lookUp(KafkaSecurity.SecretKey key) {
    return Optional.ofNullable(SECRETS.get(key.secretName() + "/" + key.key()));
  }

  private static ExternalKafkaSpec external(
      ExternalKafkaTlsSpec tls, KafkaAuthenticationSpec auth) {
    ExternalKafkaSpec external = new ExternalKafkaSpec();
    external.setBootstrapServers("kafka:9093");
    external.setTls(tls);
    external.setAuthentication(auth);
    return external;
  }

  private static ExternalKafkaTlsSpec tls(String... secrets) {
    ExternalKafkaTlsSpec tls = new ExternalKafkaTlsSpec();
    tls.setTrustedCertificates(
        java.util.Arrays.stream(secrets)
            .map(
                name -> {
                  CertificateSecretSource cert = new CertificateSecretSource();
                  cert.setSecretName(name);
                  cert.setCertificate("ca.crt");
                  return cert;
                })
            .toList());
    return tls;
  }

  private static KafkaAuthenticationSpec sasl(KafkaAuthenticationType type) {
    KafkaAuthenticationSpec auth = new KafkaAuthenticationSpec();
    auth.setType(type);
    auth.setUsername("alice");
    PasswordSecretSource password = new PasswordSecretSource();
    password.setSecretName("alice");
    password.setPassword("pw");
    auth.setPasswordSecret(password);
    return auth;
  }
}
