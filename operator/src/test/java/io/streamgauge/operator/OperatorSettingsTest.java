package io.streamgauge.operator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.streamgauge.platform.kubernetes.PrometheusEndpoints;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class OperatorSettingsTest {

  @Test
  void defaultsWatchEveryNamespaceWithoutExtraLabels() {
    OperatorSettings settings = OperatorSettings.fromEnvironment(Map.of());

    assertThat(settings.watchNamespaces()).isEmpty();
    assertThat(settings.podMonitorLabels()).isEmpty();
    assertThat(settings.port()).isEqualTo(8080);
    assertThat(settings.schedulingGrace()).isEqualTo(Duration.ofMinutes(1));
    assertThat(settings.platform().firstScrapeWait()).isEqualTo(Duration.ofMinutes(5));
    assertThat(settings.images().loadGenerator())
        .isEqualTo("ghcr.io/streamgauge/load-generator:0.1.0");
  }

  @Test
  void theReferenceAppsComeFromTheChartsVariableAndABadOneStopsTheOperatorNamingIt() {
    OperatorSettings settings =
        OperatorSettings.fromEnvironment(
            Map.of(
                "STREAMGAUGE_REFERENCE_APP_IMAGES",
                "kafka-streams=registry.local:5000/streams-app:0.1.0"));

    assertThat(settings.platform().images().referenceApps().image("kafka-streams"))
        .contains("registry.local:5000/streams-app:0.1.0");
    assertThatThrownBy(
            () ->
                OperatorSettings.fromEnvironment(
                    Map.of("STREAMGAUGE_REFERENCE_APP_IMAGES", "registry.local/streams-app")))
        .hasMessageStartingWith("STREAMGAUGE_REFERENCE_APP_IMAGES: 'registry.local/streams-app'");
  }

  @Test
  void namespacesAndLabelsAreLists() {
    OperatorSettings settings =
        OperatorSettings.fromEnvironment(
            Map.of(
                "STREAMGAUGE_WATCH_NAMESPACES", " bench, perf-team ,",
                "STREAMGAUGE_POD_MONITOR_LABELS", "release=prometheus, example.com/team = perf",
                "STREAMGAUGE_SCHEDULING_GRACE", "1m30s",
                "STREAMGAUGE_OPERATOR_PORT", "9090",
                "STREAMGAUGE_FIRST_SCRAPE_WAIT", "0s"));

    assertThat(settings.watchNamespaces()).containsExactly("bench", "perf-team");
    assertThat(settings.podMonitorLabels())
        .containsExactly(Map.entry("release", "prometheus"), Map.entry("example.com/team", "perf"));
    assertThat(settings.port()).isEqualTo(9090);
    assertThat(settings.platform().schedulingGrace()).isEqualTo(Duration.ofSeconds(90));
    assertThat(settings.platform().firstScrapeWait()).as("0s: no wait").isZero();
  }

  @Test
  void prometheusEndpointsAreTheClustersServicesUnlessTheInstallerAllowsMore() {
    assertThat(OperatorSettings.fromEnvironment(Map.of()).platform().prometheusEndpoints())
        .isEqualTo(PrometheusEndpoints.SERVICES);

    PrometheusEndpoints endpoints =
        OperatorSettings.fromEnvironment(
                Map.of(
                    "STREAMGAUGE_PROMETHEUS_URLS", "https://prom.example.internal,",
                    "STREAMGAUGE_CLUSTER_DOMAIN", "corp.internal"))
            .platform()
            .prometheusEndpoints();

    assertThat(endpoints)
        .isEqualTo(
            new PrometheusEndpoints(List.of("https://prom.example.internal"), "corp.internal"));
    assertThatThrownBy(
            () -> OperatorSettings.fromEnvironment(Map.of("STREAMGAUGE_CLUSTER_DOMAIN", "corp_")))
        .hasMessage("STREAMGAUGE_CLUSTER_DOMAIN: 'corp_' is not a DNS domain");
  }

  @Test
  void leaderElectionIsInTheOperatorsNamespaceAsThePodsName() {
    assertThat(OperatorSettings.fromEnvironment(Map.of()).leaderElection()).isNull();

    LeaderElection election =
        OperatorSettings.fromEnvironment(
                Map.of(
                    "STREAMGAUGE_LEADER_ELECTION", "true",
                    "STREAMGAUGE_OPERATOR_NAMESPACE", "streamgauge",
                    "HOSTNAME", "streamgauge-operator-5d8f7-abcde"))
            .leaderElection();

    assertThat(election)
        .isEqualTo(new LeaderElection("streamgauge", "streamgauge-operator-5d8f7-abcde", true));
    assertThat(election.configuration(new OperatorHealth(true).leadership()).getLeaseName())
        .isEqualTo("streamgauge-operator");
    assertThat(election.configuration(new OperatorHealth(true).leadership()).getLeaseNamespace())
        .contains("streamgauge");
    assertThatThrownBy(
            () ->
                OperatorSettings.fromEnvironment(
                    Map.of("STREAMGAUGE_LEADER_ELECTION", "true", "HOSTNAME", "pod")))
        .hasMessageStartingWith("STREAMGAUGE_OPERATOR_NAMESPACE: required");
    assertThatThrownBy(
            () -> OperatorSettings.fromEnvironment(Map.of("STREAMGAUGE_LEADER_ELECTION", "yes")))
        .hasMessageStartingWith("STREAMGAUGE_LEADER_ELECTION: 'yes'");
  }

  @Test
  void aBadValueNamesItsVariable() {
    assertThatThrownBy(
            () -> OperatorSettings.fromEnvironment(Map.of("STREAMGAUGE_WATCH_NAMESPACES", "Bench")))
        .hasMessage("STREAMGAUGE_WATCH_NAMESPACES: 'Bench' is not a namespace name");
    assertThatThrownBy(
            () ->
                OperatorSettings.fromEnvironment(
                    Map.of("STREAMGAUGE_POD_MONITOR_LABELS", "release")))
        .hasMessage("STREAMGAUGE_POD_MONITOR_LABELS: 'release' is not key=value with a label key");
    assertThatThrownBy(
            () -> OperatorSettings.fromEnvironment(Map.of("STREAMGAUGE_OPERATOR_PORT", "http")))
        .hasMessage("STREAMGAUGE_OPERATOR_PORT: 'http' is not a port from 1 to 65535");
    assertThatThrownBy(
            () -> OperatorSettings.fromEnvironment(Map.of("STREAMGAUGE_FIRST_SCRAPE_WAIT", "5")))
        .hasMessage("STREAMGAUGE_FIRST_SCRAPE_WAIT: '5' is not a duration like 90s or 2m");
    assertThatThrownBy(
            () -> OperatorSettings.fromEnvironment(Map.of("STREAMGAUGE_SCHEDULING_GRACE", "60")))
        .hasMessage("STREAMGAUGE_SCHEDULING_GRACE: '60' is not a duration like 90s or 2m");
  }

  @Test
  void aNetworkPolicyForTheLatencyApiNeedsTheOperatorsNamespace() {
    assertThat(OperatorSettings.fromEnvironment(Map.of()).platform().latencyApiPolicy()).isNull();
    assertThat(
            OperatorSettings.fromEnvironment(
                    Map.of(
                        "STREAMGAUGE_LATENCY_NETWORK_POLICY", "true",
                        "STREAMGAUGE_OPERATOR_NAMESPACE", "streamgauge",
                        "STREAMGAUGE_PROMETHEUS_NAMESPACES", "monitoring, observability"))
                .platform()
                .latencyApiPolicy())
        .isEqualTo(
            new io.streamgauge.platform.kubernetes.LatencyApiPolicy(
                "streamgauge", java.util.List.of("monitoring", "observability")));
    assertThatThrownBy(
            () ->
                OperatorSettings.fromEnvironment(
                    Map.of("STREAMGAUGE_LATENCY_NETWORK_POLICY", "true")))
        .hasMessage(
            "STREAMGAUGE_OPERATOR_NAMESPACE: one namespace is required with"
                + " STREAMGAUGE_LATENCY_NETWORK_POLICY=true");
    assertThatThrownBy(
            () ->
                OperatorSettings.fromEnvironment(
                    Map.of("STREAMGAUGE_LATENCY_NETWORK_POLICY", "yes")))
        .hasMessage("STREAMGAUGE_LATENCY_NETWORK_POLICY: 'yes' is not true or false");
  }
}
