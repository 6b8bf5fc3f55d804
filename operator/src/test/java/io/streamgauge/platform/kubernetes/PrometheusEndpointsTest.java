package io.streamgauge.platform.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class PrometheusEndpointsTest {

  /** The Services of the cluster in these tests, as namespace/name, with their types. */
  private static final Map<String, String> EXISTING =
      Map.of(
          "monitoring/prometheus-operated", "ClusterIP",
          "bench/prometheus", "ClusterIP",
          "bench/elsewhere", "ExternalName");

  private final List<String> lookedUp = new ArrayList<>();

  private final PrometheusEndpoints.Services services =
      (namespace, name) -> {
        lookedUp.add(namespace + "/" + name);
        return Optional.ofNullable(EXISTING.get(namespace + "/" + name));
      };

  /**
   * An ExternalName Service the run's author made would let them name any host, their own stand-in
   * for Prometheus included: refused, saying how an installer allows a URL.
   */
  @Test
  void anExternalNameServiceIsRefused() {
    assertThat(PrometheusEndpoints.SERVICES.refusal("http://elsewhere:9090", "bench", services))
        .hasValue(
            "spec.prometheus.url: Service elsewhere in namespace bench is an ExternalName Service,"
                + " which names a host outside the cluster; its installer can allow the URL (chart"
                + " value runs.prometheusUrls)");
  }

  @Test
  void everyFormOfAnExistingServicesNameIsAllowed() {
    for (String url :
        List.of(
            "http://prometheus-operated.monitoring:9090",
            "http://prometheus-operated.monitoring.svc:9090",
            "https://prometheus-operated.monitoring.svc.cluster.local:9090/",
            "http://PROMETHEUS-OPERATED.monitoring:9090",
            "http://prometheus:9090")) {
      assertThat(PrometheusEndpoints.SERVICES.refusal(url, "bench", services)).as(url).isEmpty();
    }
    assertThat(lookedUp).last().isEqualTo("bench/prometheus");
  }

  @Test
  void aHostShapedLikeAServiceThatDoesNotExistIsRefusedNamingWhatWasLookedFor() {
    assertThat(PrometheusEndpoints.SERVICES.refusal("http://example.com:9090", "bench", services))
        .hasValueSatisfying(
            reason ->
                assertThat(reason)
                    .startsWith("spec.prometheus.url: the operator queries only Services")
                    .endsWith(
                        "example.com names no Service (no Service example in namespace com)"));
  }

  @Test
  void hostsThatCannotBeAServiceAreRefusedWithoutALookUp() {
    for (String url :
        List.of(
            "http://prometheus-operated.monitoring.svc.evil.example:9090",
            "http://10.0.0.7:9090",
            "http://[::1]:9090",
            "http://prometheus.monitoring.svc.other.domain")) {
      assertThat(PrometheusEndpoints.SERVICES.refusal(url, "bench", services))
          .as(url)
          .hasValueSatisfying(reason -> assertThat(reason).contains("is not a Service's name"));
    }
    assertThat(lookedUp).isEmpty();
  }

  @Test
  void anotherClusterDomainIsAServicesNameOnlyInThatDomain() {
    PrometheusEndpoints endpoints = new PrometheusEndpoints(List.of(), "corp.internal");
    assertThat(
            endpoints.refusal(
                "http://prometheus-operated.monitoring.svc.corp.internal:9090", "bench", services))
        .isEmpty();
    assertThat(
            endpoints.refusal(
                "http://prometheus-operated.monitoring.svc.cluster.local:9090", "bench", services))
        .isPresent();
  }

  @Test
  void anAllowedUrlCoversTheUrlsUnderItButNotAHostThatMerelyStartsLikeIt() {
    PrometheusEndpoints endpoints =
        PrometheusEndpoints.parse(
            "STREAMGAUGE_PROMETHEUS_URLS",
            " https://prom.example.internal , http://10.0.0.7:9090/prometheus/");
    assertThat(endpoints.refusal("https://prom.example.internal", "bench", services)).isEmpty();
    assertThat(endpoints.refusal("https://prom.example.internal:443/x", "bench", services))
        .isEmpty();
    assertThat(endpoints.refusal("http://10.0.0.7:9090/prometheus/", "bench", services)).isEmpty();
    assertThat(endpoints.refusal("https://prom.example.internal.evil.example", "bench", services))
        .isPresent();
    assertThat(endpoints.refusal("https://prom.example.internal@evil.example", "bench", services))
        .isPresent();
    assertThat(endpoints.refusal("http://10.0.0.7:9090/other", "bench", services)).isPresent();
    assertThat(endpoints.refusal("http://10.0.0.7:90901/prometheus/", "bench", services))
        .isPresent();
  }

  @Test
  void aStarAllowsAnyHttpUrlButNoOtherScheme() {
    PrometheusEndpoints any = PrometheusEndpoints.parse("V", "*");
    assertThat(any.refusal("http://anything.example:9090", "bench", services)).isEmpty();
    assertThat(any.refusal("file:///etc/passwd", "bench", services))
        .hasValue("spec.prometheus.url: 'file:///etc/passwd' is not an http:// or https:// URL");
  }

  @Test
  void aServiceTheOperatorMayNotReadRefusesTheRunSayingHowToAllowIt() {
    PrometheusEndpoints.Services forbidden =
        (namespace, name) -> {
          throw new PrometheusEndpoints.Forbidden("get services: forbidden");
        };
    assertThat(
            PrometheusEndpoints.SERVICES.refusal(
                "http://prometheus-operated.monitoring:9090", "bench", forbidden))
        .hasValue(
            "spec.prometheus.url: the operator may not read Service prometheus-operated in"
                + " namespace monitoring to check it is one (get services: forbidden); its"
                + " installer can allow the URL (chart value runs.prometheusUrls)");
  }

  @Test
  void aListEntryThatIsNoHttpUrlIsRefusedNamingTheVariable() {
    assertThatThrownBy(() -> PrometheusEndpoints.parse("STREAMGAUGE_PROMETHEUS_URLS", "prom:9090"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "STREAMGAUGE_PROMETHEUS_URLS: 'prom:9090' is not an http:// or https:// URL, nor *");
  }
}
