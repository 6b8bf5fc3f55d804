package io.streamgauge.operator;

import io.streamgauge.common.SpecDuration;
import io.streamgauge.platform.kubernetes.ClientImages;
import io.streamgauge.platform.kubernetes.LatencyApiPolicy;
import io.streamgauge.platform.kubernetes.PlatformSettings;
import io.streamgauge.platform.kubernetes.PrometheusEndpoints;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * The operator's settings, from its environment (the Helm chart sets them from its values).
 *
 * @param images {@code STREAMGAUGE_LOAD_GENERATOR_IMAGE}, {@code
 *     STREAMGAUGE_LATENCY_CONSUMER_IMAGE}, {@code STREAMGAUGE_SCHEMA_REGISTRY_IMAGE}
 * @param watchNamespaces {@code STREAMGAUGE_WATCH_NAMESPACES}: comma-separated; empty watches every
 *     namespace
 * @param podMonitorLabels {@code STREAMGAUGE_POD_MONITOR_LABELS}: {@code key=value,...} put on the
 *     PodMonitors of runs, for a Prometheus {@code podMonitorSelector}
 * @param schedulingGrace {@code STREAMGAUGE_SCHEDULING_GRACE}: how long a run's pod may stay
 *     unschedulable before the run fails (a duration like {@code 90s} or {@code 2m}; default 1m)
 * @param latencyApiPolicy {@code STREAMGAUGE_LATENCY_NETWORK_POLICY}, {@code
 *     STREAMGAUGE_OPERATOR_NAMESPACE}, {@code STREAMGAUGE_PROMETHEUS_NAMESPACES}: a NetworkPolicy
 *     per run guarding its latency consumer, or null (the default) for none
 * @param port {@code STREAMGAUGE_OPERATOR_PORT}: /metrics and /health (default {@value
 *     #DEFAULT_PORT})
 * @param firstScrapeWait {@code STREAMGAUGE_FIRST_SCRAPE_WAIT}: how long a run's windows may wait
 *     for Prometheus' first scrape of every component before the run fails ({@code 0s}: they do not
 *     wait; default 5m)
 * @param leaderElection {@code STREAMGAUGE_LEADER_ELECTION}: see {@link LeaderElection}; null when
 *     off
 * @param prometheusEndpoints {@code STREAMGAUGE_PROMETHEUS_URLS}: comma-separated URL prefixes (or
 *     {@code *}) runs may name as their Prometheus besides the cluster's Services; {@code
 *     STREAMGAUGE_CLUSTER_DOMAIN}: the cluster's DNS domain (default {@value
 *     PrometheusEndpoints#CLUSTER_DOMAIN})
 * @param install {@code STREAMGAUGE_OPERATOR_NAMESPACE}: the install's name, recorded in the status
 *     of each run and suite it drives ({@link InstallClaim}); default {@value InstallClaim#DEFAULT}
 */
record OperatorSettings(
    ClientImages images,
    Set<String> watchNamespaces,
    Map<String, String> podMonitorLabels,
    Duration schedulingGrace,
    LatencyApiPolicy latencyApiPolicy,
    int port,
    Duration firstScrapeWait,
    LeaderElection leaderElection,
    PrometheusEndpoints prometheusEndpoints,
    String install) {

  /** Default port of /metrics and /health. */
  static final int DEFAULT_PORT = 8080;

  private static final Pattern LABEL_KEY =
      Pattern.compile(
          "^([a-z0-9]([-a-z0-9.]*[a-z0-9])?/)?[A-Za-z0-9]([-A-Za-z0-9_.]*[A-Za-z0-9])?$");
  private static final Pattern NAMESPACE = Pattern.compile("^[a-z0-9]([-a-z0-9]*[a-z0-9])?$");

  /**
   * Reads the settings.
   *
   * @throws IllegalArgumentException naming the variable and the value at fault
   */
  static OperatorSettings fromEnvironment(Map<String, String> env) {
    return new OperatorSettings(
        ClientImages.fromEnvironment(env),
        namespaces(
            "STREAMGAUGE_WATCH_NAMESPACES", env.getOrDefault("STREAMGAUGE_WATCH_NAMESPACES", "")),
        labels(env.getOrDefault("STREAMGAUGE_POD_MONITOR_LABELS", "")),
        duration(
            "STREAMGAUGE_SCHEDULING_GRACE",
            env.getOrDefault("STREAMGAUGE_SCHEDULING_GRACE", ""),
            PlatformSettings.DEFAULT_SCHEDULING_GRACE),
        latencyApiPolicy(env),
        port(env.getOrDefault("STREAMGAUGE_OPERATOR_PORT", String.valueOf(DEFAULT_PORT))),
        duration(
            "STREAMGAUGE_FIRST_SCRAPE_WAIT",
            env.getOrDefault("STREAMGAUGE_FIRST_SCRAPE_WAIT", ""),
            PlatformSettings.DEFAULT_FIRST_SCRAPE_WAIT),
        LeaderElection.fromEnvironment(env),
        prometheusEndpoints(env),
        install(env));
  }

  /**
   * The install's name, which a run's status.operator records: {@code
   * STREAMGAUGE_OPERATOR_NAMESPACE} (deploy/ and the chart set it to the operator's namespace),
   * else {@value InstallClaim#DEFAULT}.
   */
  private static String install(Map<String, String> env) {
    Set<String> namespace =
        namespaces(
            "STREAMGAUGE_OPERATOR_NAMESPACE",
            env.getOrDefault("STREAMGAUGE_OPERATOR_NAMESPACE", ""));
    if (namespace.size() > 1) {
      throw new IllegalArgumentException(
          "STREAMGAUGE_OPERATOR_NAMESPACE: one namespace, the operator's: got " + namespace);
    }
    return namespace.isEmpty() ? InstallClaim.DEFAULT : namespace.iterator().next();
  }

  /** What the Kubernetes platform needs of these settings. */
  PlatformSettings platform() {
    return new PlatformSettings(
        images,
        podMonitorLabels,
        schedulingGrace,
        latencyApiPolicy,
        firstScrapeWait,
        prometheusEndpoints);
  }

  private static PrometheusEndpoints prometheusEndpoints(Map<String, String> env) {
    PrometheusEndpoints allowed =
        PrometheusEndpoints.parse(
            "STREAMGAUGE_PROMETHEUS_URLS", env.getOrDefault("STREAMGAUGE_PROMETHEUS_URLS", ""));
    String domain = env.getOrDefault("STREAMGAUGE_CLUSTER_DOMAIN", "").strip();
    if (domain.isEmpty()) {
      return allowed;
    }
    if (!domain.matches("[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*")) {
      throw new IllegalArgumentException(
          "STREAMGAUGE_CLUSTER_DOMAIN: '" + domain + "' is not a DNS domain");
    }
    return new PrometheusEndpoints(allowed.allowedUrls(), domain);
  }

  /**
   * {@code STREAMGAUGE_LATENCY_NETWORK_POLICY=true}: a NetworkPolicy per run admits to the latency
   * consumer only the run's pods, the operator's namespace ({@code STREAMGAUGE_OPERATOR_NAMESPACE},
   * required then) and {@code STREAMGAUGE_PROMETHEUS_NAMESPACES} (comma-separated).
   */
  private static LatencyApiPolicy latencyApiPolicy(Map<String, String> env) {
    String enabled = env.getOrDefault("STREAMGAUGE_LATENCY_NETWORK_POLICY", "false").trim();
    if (!enabled.equals("true")) {
      if (!enabled.equals("false") && !enabled.isEmpty()) {
        throw new IllegalArgumentException(
            "STREAMGAUGE_LATENCY_NETWORK_POLICY: '" + enabled + "' is not true or false");
      }
      return null;
    }
    Set<String> operator =
        namespaces(
            "STREAMGAUGE_OPERATOR_NAMESPACE",
            env.getOrDefault("STREAMGAUGE_OPERATOR_NAMESPACE", ""));
    if (operator.size() != 1) {
      throw new IllegalArgumentException(
          "STREAMGAUGE_OPERATOR_NAMESPACE: one namespace is required with"
              + " STREAMGAUGE_LATENCY_NETWORK_POLICY=true");
    }
    return new LatencyApiPolicy(
        operator.iterator().next(),
        List.copyOf(
            namespaces(
                "STREAMGAUGE_PROMETHEUS_NAMESPACES",
                env.getOrDefault("STREAMGAUGE_PROMETHEUS_NAMESPACES", ""))));
  }

  private static Duration duration(String variable, String value, Duration absent) {
    if (value.isBlank()) {
      return absent;
    }
    try {
      return SpecDuration.parse(value.strip());
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          variable + ": '" + value + "' is not a duration like 90s or 2m");
    }
  }

  private static Set<String> namespaces(String variable, String value) {
    Set<String> namespaces = new TreeSet<>();
    for (String item : value.split(",")) {
      String namespace = item.strip();
      if (namespace.isEmpty()) {
        continue;
      }
      if (!NAMESPACE.matcher(namespace).matches()) {
        throw new IllegalArgumentException(
            variable + ": '" + namespace + "' is not a namespace name");
      }
      namespaces.add(namespace);
    }
    return namespaces;
  }

  private static Map<String, String> labels(String value) {
    Map<String, String> labels = new LinkedHashMap<>();
    for (String item : value.split(",")) {
      if (item.isBlank()) {
        continue;
      }
      int eq = item.indexOf('=');
      String key = eq < 0 ? item.strip() : item.substring(0, eq).strip();
      if (eq < 0 || !LABEL_KEY.matcher(key).matches()) {
        throw new IllegalArgumentException(
            "STREAMGAUGE_POD_MONITOR_LABELS: '"
                + item.strip()
                + "' is not key=value with a label key");
      }
      labels.put(key, item.substring(eq + 1).strip());
    }
    return labels;
  }

  private static int port(String value) {
    try {
      int port = Integer.parseInt(value.strip());
      if (port < 1 || port > 65535) {
        throw new NumberFormatException();
      }
      return port;
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          "STREAMGAUGE_OPERATOR_PORT: '" + value + "' is not a port from 1 to 65535");
    }
  }
}
