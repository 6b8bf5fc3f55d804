/**
 * Prometheus-derived figures over exactly the measurement window: a small Prometheus HTTP API
 * client ({@link io.streamgauge.metrics.PrometheusClient}), metric profiles naming each figure's
 * query per exporter ({@link io.streamgauge.metrics.MetricProfiles}), and the collector that
 * evaluates them at the window's end ({@link io.streamgauge.metrics.WindowMetricsCollector}). Used
 * by the operator and by local mode alike.
 */
package io.streamgauge.metrics;
