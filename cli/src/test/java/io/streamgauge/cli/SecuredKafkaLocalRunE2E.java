package io.streamgauge.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.streamgauge.testing.HasTheMachineToItself;
import io.streamgauge.testing.kafka.KafkaBroker;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.apache.kafka.clients.admin.Admin;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run against a shared cluster that takes only TLS with SASL PLAIN, as production clusters do:
 * the spec names the CA certificate and the password by Secret, local mode reads them from {@code
 * --secrets-dir}, and every client (topic creation, app, load generator, latency consumer) must
 * connect with them for the run to succeed. Needs Prometheus ({@code make tools} installs it).
 */
@Tag("full")
@Tag("slice-3")
@HasTheMachineToItself
class SecuredKafkaLocalRunE2E {

  private static final String PASSWORD = "alice-s3cret-$(HOME)";
  private static KafkaBroker broker;

  @TempDir Path dir;

  @BeforeAll
  static void startBroker() {
    broker = KafkaBroker.startSecured(Map.of("alice", PASSWORD));
  }

  @AfterAll
  static void stopBroker() {
    if (broker != null) {
      broker.close();
    }
  }

  @Test
  void everyClientConnectsWithTheCertificateAndPasswordFromTheSecretsDirectory() throws Exception {
    Path secrets = secretsDir(PASSWORD + "\n");
    Path out = dir.resolve("out");
    try (CliProcess cli =
        startWithSecrets(out, secrets, "--scrape-interval", LocalRunE2E.QUICK_SCRAPE_INTERVAL)) {
      JsonNode result = LocalRunE2E.awaitSuccess(cli, out);

      JsonNode integrity = result.path("status").path("summary").path("integrity");
      assertThat(integrity.path("produced").asLong())
          .as("the load generator wrote through TLS + SASL")
          .isGreaterThan(10_000);
      assertThat(integrity.path("lost").asLong())
          .as("the app and the latency consumer read every record through TLS + SASL")
          .isZero();
      assertThat(result.path("status").path("summary").path("checks"))
          .filteredOn(c -> c.path("name").asText().equals("lagGrowth"))
          .singleElement()
          .as("the latency consumer's admin client read the app's lag through TLS + SASL")
          .satisfies(c -> assertThat(c.path("value").isNumber()).isTrue());
      // Local mode's admin client created the run's topics with the credentials (the records
      // above went through them) and deleted them with the same once the run's processes stopped.
      String suffix = result.path("status").path("topicSuffix").asText();
      assertThat(cli.stdout())
          .contains("Deleted the run's topics and its app's group from the shared Kafka");
      try (Admin admin = broker.admin()) {
        assertThat(admin.listTopics().names().get(30, TimeUnit.SECONDS))
            .doesNotContain("input" + suffix, "output" + suffix);
      }
      assertThat(everythingWritten(out))
          .as("no file of the run holds the password or the certificate")
          .doesNotContain(PASSWORD)
          .doesNotContain(
              broker.securedListener().certificatePem().lines().skip(1).findFirst().orElseThrow());
    }
  }

  @Test
  void aWrongPasswordFailsTheRunAtOnceSayingWhy() throws Exception {
    Path out = dir.resolve("out");
    try (CliProcess cli = startWithSecrets(out, secretsDir("not-the-password"))) {
      int exit = cli.awaitExit(Duration.ofMinutes(1));

      assertThat(exit).as(cli.stdout() + cli.stderr()).isEqualTo(ExitCodes.RUN_FAILED);
      assertThat(cli.stderr())
          .contains("KafkaNotReady")
          .contains("refused the run's credentials")
          .contains("spec.kafka.external.authentication");
    }
  }

  @Test
  void secretsWithoutTheirFilesAreRefusedBeforeAnythingStarts() throws Exception {
    Path empty = Files.createDirectories(dir.resolve("empty"));
    try (CliProcess noDir = LocalRunE2E.start(dir.resolve("a/out"), spec(), "0.05", "20s")) {
      assertThat(noDir.awaitExit(Duration.ofSeconds(30))).isEqualTo(ExitCodes.INVALID);
      assertThat(noDir.stderr())
          .contains("spec.kafka.external.tls.trustedCertificates[0]: names Secret kafka-ca;")
          .contains("pass --secrets-dir DIR with the file DIR/kafka-ca/ca.crt");
      assertNothingStarted(noDir);
    }
    try (CliProcess noFile =
        LocalRunE2E.start(
            dir.resolve("b/out"), spec(), "0.05", "20s", "--secrets-dir", empty.toString())) {
      assertThat(noFile.awaitExit(Duration.ofSeconds(30))).isEqualTo(ExitCodes.INVALID);
      assertThat(noFile.stderr())
          .contains(
              "no key ca.crt of Secret kafka-ca (spec.kafka.external.tls.trustedCertificates[0])")
          .contains("no file " + empty.resolve("kafka-ca/ca.crt"));
      assertNothingStarted(noFile);
    }
  }

  /**
   * {@link #spec()} at 1,000 records/s for a 20 s window, its Secrets read from {@code secrets}.
   */
  private CliProcess startWithSecrets(Path out, Path secrets, String... options) throws Exception {
    List<String> args = new ArrayList<>(List.of("--secrets-dir", secrets.toString()));
    args.addAll(List.of(options));
    return LocalRunE2E.start(out, spec(), "0.05", "20s", args.toArray(String[]::new));
  }

  /**
   * No process of the run was started. The launcher script's own helpers ({@code readlink}, {@code
   * dirname} in a subshell, before it execs the JVM) may be seen if a sample lands that early.
   */
  private static void assertNothingStarted(CliProcess cli) {
    assertThat(cli.seenDescendants())
        .extracting(CliProcess.Seen::commandLine)
        .as("nothing started")
        .allMatch(c -> c.isEmpty() || LAUNCHER_HELPER.matcher(c).matches());
  }

  private static final Pattern LAUNCHER_HELPER =
      Pattern.compile("(\\S*/)?(readlink|dirname|bash)( .*)?");

  /** The stateless example against the secured broker, its CA and alice's password by Secret. */
  private Path spec() throws IOException {
    String example =
        Files.readString(CliProcess.repoFile("examples/run-stateless-simple-alo.yaml"));
    String kafka = example.substring(example.indexOf("  kafka:\n"), example.indexOf("  app:\n"));
    Path spec = dir.resolve("secured.yaml");
    Files.writeString(
        spec,
        E2eChecks.withChecks(example)
            .replace(
                kafka,
                """
              kafka:
                external:
                  bootstrapServers: %s
                  tls:
                    trustedCertificates:
                      - {secretName: kafka-ca, certificate: ca.crt}
                  authentication:
                    type: plain
                    username: alice
                    passwordSecret: {secretName: alice, password: password}
            """
                    .formatted(broker.bootstrapServers())));
    return spec;
  }

  /** Secrets as a Secret volume lays them out: {@code <secret>/<key>}. */
  private Path secretsDir(String password) throws IOException {
    Path secrets = dir.resolve("secrets");
    Files.createDirectories(secrets.resolve("kafka-ca"));
    Files.createDirectories(secrets.resolve("alice"));
    Files.writeString(
        secrets.resolve("kafka-ca/ca.crt"), broker.securedListener().certificatePem());
    Files.writeString(secrets.resolve("alice/password"), password);
    return secrets;
  }

  private static String everythingWritten(Path out) throws IOException {
    StringBuilder all = new StringBuilder();
    try (Stream<Path> files = Files.walk(out)) {
      for (Path file : files.filter(Files::isRegularFile).toList()) {
        all.append(
            new String(Files.readAllBytes(file), java.nio.charset.StandardCharsets.ISO_8859_1));
      }
    }
    return all.toString();
  }
}
