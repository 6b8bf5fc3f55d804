package io.streamgauge.metrics;

import java.util.Map;

/**
 * One series' value in an instant query's result.
 *
 * @param labels the series' labels
 * @param value the value (may be NaN or infinite: Prometheus returns what PromQL computed)
 */
public record Sample(Map<String, String> labels, double value) {}
