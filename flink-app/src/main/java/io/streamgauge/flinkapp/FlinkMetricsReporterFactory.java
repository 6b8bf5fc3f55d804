package io.streamgauge.flinkapp;

import java.util.Properties;
import org.apache.flink.metrics.reporter.MetricReporter;
import org.apache.flink.metrics.reporter.MetricReporterFactory;

/**
 * Hands Flink the app's one {@link FlinkMetricsBridge} as the reporter {@code streamgauge}; found
 * by Flink through {@code META-INF/services}.
 */
public final class FlinkMetricsReporterFactory implements MetricReporterFactory {

  @Override
  public MetricReporter createMetricReporter(Properties properties) {
    return FlinkMetricsBridge.INSTANCE;
  }
}
