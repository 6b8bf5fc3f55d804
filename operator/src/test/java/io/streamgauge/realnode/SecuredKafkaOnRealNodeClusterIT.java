package io.streamgauge.realnode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.streamgauge.api.status.BenchmarkRunStatus;
import io.streamgauge.api.status.Phase;
import io.streamgauge.testing.controlplane.CommandResult;
import io.streamgauge.testing.kafka.TestCertificate;
import io.streamgauge.testing.realnode.RealCluster;
import io.streamgauge.testing.realnode.RealClusterExtension;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.awaitility.Awaitility;
import org.awaitility.core.ConditionTimeoutException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run against a Kafka that takes only TLS with SASL PLAIN, on real pods: the broker (our kafka
 * image) serves a certificate made for its Service name, the run names the CA certificate and the
 * password by Secret, and the run succeeds only if the operator's topic creation, the app, the load
 * generator and the latency consumer all log in — the pods through the kubelet's expansion of
 * {@code secretKeyRef} variables, with no secret in any spec.
 */
@Tag("full")
@Tag("slice-2")
@ExtendWith(RealClusterExtension.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SecuredKafkaOnRealNodeClusterIT {

  private static final String NS = "realnode-secured";
  private static final String HOST = "kafka-secured." + NS + ".svc.cluster.local";
  private static final String PASSWORD = "alice-on-a-real-node";
  private static final String RUN = "secured";
  private static final double RATE = 200;

  @TempDir static Path dir;
  private RealCluster cluster;
  private KubernetesClient client;
  private Deployment app;
  private BenchmarkRunStatus status;

  @BeforeAll
  void runIt(RealCluster cluster) throws Exception {
    this.cluster = cluster;
    this.client = cluster.client();
    cluster.createNamespace(NS);
    TestCertificate certificate = TestCertificate.create(dir.resolve("tls"), HOST, "dns:" + HOST);
    check(
        cluster.kubectl(
            "create",
            "secret",
            "generic",
            "broker-tls",
            "-n",
            NS,
            "--from-file=broker.p12=" + certificate.keystore()));
    Path ca = dir.resolve("ca.crt");
    Files.writeString(ca, certificate.pem());
    check(
        cluster.kubectl(
            "create", "secret", "generic", "kafka-ca", "-n", NS, "--from-file=ca.crt=" + ca));
    check(
        cluster.kubectl(
            "create",
            "secret",
            "generic",
            "alice",
            "-n",
            NS,
            "--from-literal=password=" + PASSWORD));
    cluster.apply(NS, dir.resolve("broker.yaml"), brokerManifest(certificate.password()));
    check(
        cluster.kubectl("rollout", "status", "-n", NS, "deployment/kafka-secured", "--timeout=3m"));

    cluster.apply(NS, dir.resolve("run.yaml"), runManifest());
    try {
      app =
          Awaitility.await("the app's Deployment")
              .atMost(Duration.ofMinutes(2))
              .until(
                  () -> client.apps().deployments().inNamespace(NS).withName(RUN + "-app").get(),
                  d -> d != null);
    } catch (ConditionTimeoutException e) {
      BenchmarkRunStatus stuck = cluster.runStatus(NS, RUN);
      throw new AssertionError(
          "no app Deployment after 2 min; the run is "
              + stuck.getPhase()
              + ": "
              + stuck.getProgress()
              + " "
              + stuck.getConditions()
              + "\nbroker log:\n"
              + cluster.kubectl("logs", "-n", NS, "deployment/kafka-secured", "--tail=30").stdout(),
          e);
    }
    status = cluster.awaitFinished(NS, RUN, Duration.ofMinutes(6));
  }

  @AfterAll
  void cleanUp() {
    if (cluster != null) {
      cluster.finish(NS);
    }
  }

  @Test
  void everyClientLogsInAndTheRunSucceeds() {
    assertThat(status.getPhase()).as(status.getConditions().toString()).isEqualTo(Phase.Succeeded);
    var summary = status.getSummary();
    assertThat(summary.getThroughput().getProducedPerSec())
        .as("the load generator wrote through TLS + SASL")
        .isCloseTo(RATE, within(RATE * 0.05));
    assertThat(summary.getLatency().getSamples())
        .as("the app and the latency consumer read through TLS + SASL")
        .isPositive();
  }

  @Test
  void thePodsGetThePasswordByReferenceOnly() {
    List<EnvVar> env = app.getSpec().getTemplate().getSpec().getContainers().get(0).getEnv();
    assertThat(env)
        .filteredOn(e -> e.getValueFrom() != null)
        .extracting(e -> e.getValueFrom().getSecretKeyRef().getName())
        .containsExactlyInAnyOrder("kafka-ca", "alice");
    assertThat(client.getKubernetesSerialization().asJson(app)).doesNotContain(PASSWORD);
  }

  /** The kafka image with a SASL_SSL listener for clients; the controller stays on loopback. */
  private static String brokerManifest(String keystorePassword) {
    return """
        apiVersion: apps/v1
        kind: Deployment
        metadata: {name: kafka-secured}
        spec:
          replicas: 1
          selector: {matchLabels: {app: kafka-secured}}
          template:
            metadata: {labels: {app: kafka-secured}}
            spec:
              enableServiceLinks: false
              securityContext: {runAsNonRoot: true, runAsUser: 10001, fsGroup: 10001}
              containers:
              - name: kafka
                image: ghcr.io/streamgauge/kafka:0.1.0
                imagePullPolicy: IfNotPresent
                env:
                - {name: KAFKA_DATA_DIR, value: /var/lib/kafka/data}
                - name: KAFKA_SERVER_PROPERTIES
                  value: |
                    listeners=SASL_SSL://0.0.0.0:9092,INTERNAL://127.0.0.1:9094,CONTROLLER://127.0.0.1:9093
                    advertised.listeners=SASL_SSL://%1$s:9092,INTERNAL://127.0.0.1:9094
                    listener.security.protocol.map=SASL_SSL:SASL_SSL,INTERNAL:PLAINTEXT,CONTROLLER:PLAINTEXT
                    inter.broker.listener.name=INTERNAL
                    sasl.enabled.mechanisms=PLAIN
                    listener.name.sasl_ssl.plain.sasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule required user_alice="%2$s";
                    ssl.keystore.type=PKCS12
                    ssl.keystore.location=/etc/kafka/tls/broker.p12
                    ssl.keystore.password=%3$s
                ports: [{name: kafka, containerPort: 9092}]
                readinessProbe:
                  tcpSocket: {port: kafka}
                  periodSeconds: 2
                resources:
                  requests: {cpu: 100m, memory: 768Mi}
                  limits: {memory: 768Mi}
                volumeMounts:
                - {name: data, mountPath: /var/lib/kafka}
                - {name: tls, mountPath: /etc/kafka/tls, readOnly: true}
              volumes:
              - {name: data, emptyDir: {}}
              - {name: tls, secret: {secretName: broker-tls, defaultMode: 0444}}
        ---
        apiVersion: v1
        kind: Service
        metadata: {name: kafka-secured}
        spec:
          selector: {app: kafka-secured}
          ports: [{name: kafka, port: 9092, targetPort: kafka}]
        """
        .formatted(HOST, PASSWORD, keystorePassword);
  }

  private static String runManifest() {
    return """
        apiVersion: streamgauge.io/v1alpha1
        kind: BenchmarkRun
        metadata: {name: %s}
        spec:
          scenario: wordcount
          processingGuarantee: exactly_once_v2
          kafka:
            external:
              bootstrapServers: %s:9092
              tls: {trustedCertificates: [{secretName: kafka-ca, certificate: ca.crt}]}
              authentication:
                type: plain
                username: alice
                passwordSecret: {secretName: alice, password: password}
          app:
            image: ghcr.io/streamgauge/streams-app:0.1.0
            resources: {limits: {cpu: 500m, memory: 768Mi}}
            config: {commit.interval.ms: "100"}
          load: {topics: [{name: input, ratePerSecond: %.0f}]}
          schedule: {warmup: 20s, measurement: 40s, timeout: 8m}
          prometheus: {scrapeInterval: 5s, cadvisorScrapeInterval: 5s, resolution: 5s}
          cleanup: {policy: Never}
        """
        .formatted(RUN, HOST, RATE);
  }

  private static void check(CommandResult result) {
    assertThat(result.succeeded()).as(result.stderr() + result.stdout()).isTrue();
  }
}
