package io.streamgauge.flinkapp;

import io.prometheus.metrics.model.registry.MultiCollector;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.MetricSnapshot;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;
import io.prometheus.metrics.model.snapshots.PrometheusNaming;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.flink.metrics.CharacterFilter;
import org.apache.flink.metrics.Counter;
import org.apache.flink.metrics.Gauge;
import org.apache.flink.metrics.LogicalScopeProvider;
import org.apache.flink.metrics.Meter;
import org.apache.flink.metrics.Metric;
import org.apache.flink.metrics.MetricConfig;
import org.apache.flink.metrics.MetricGroup;
import org.apache.flink.metrics.reporter.MetricReporter;

/**
 * Flink's own metrics (job manager, task manager, job, task and operator groups) on the app's one
 * /metrics endpoint beside the JVM's, read at scrape time: a Flink metric reporter that the
 * embedded cluster hands every metric it registers. Named as Flink's Prometheus reporter names
 * them: {@code flink_} + the group's logical scope + the metric ({@code
 * flink_taskmanager_job_task_operator_numRecordsIn}), the scope's variables as labels ({@code
 * <job_name>} → {@code job_name}). Counters and meters' rates become gauges, as there; numeric
 * gauges stay gauges; histograms and non-numeric gauges are left out.
 *
 * <p>One instance per JVM ({@link #INSTANCE}): Flink creates reporters through a factory it finds
 * with the service loader ({@link FlinkMetricsReporterFactory}), configured by {@link
 * #REPORTER_OPTIONS}.
 */
final class FlinkMetricsBridge implements MetricReporter, MultiCollector {

  /** The one bridge, registered with the app's registry and handed to Flink by its factory. */
  static final FlinkMetricsBridge INSTANCE = new FlinkMetricsBridge();

  /** The cluster options that make Flink report to {@link #INSTANCE}. */
  static final Map<String, String> REPORTER_OPTIONS =
      Map.of(
          "metrics.reporter.streamgauge.factory.class",
          FlinkMetricsReporterFactory.class.getName());

  private static final CharacterFilter NAME_FILTER = text -> text.replaceAll("[^a-zA-Z0-9_]", "_");

  private final Map<Metric, Registered> metrics = new ConcurrentHashMap<>();

  private FlinkMetricsBridge() {}

  /** A metric as it is exposed: its Prometheus name and labels. */
  private record Registered(String name, Labels labels) {}

  @Override
  public void open(MetricConfig config) {}

  @Override
  public void close() {
    metrics.clear();
  }

  @Override
  public void notifyOfAddedMetric(Metric metric, String metricName, MetricGroup group) {
    String scope = LogicalScopeProvider.castFrom(group).getLogicalScope(NAME_FILTER, '_');
    String name =
        PrometheusNaming.sanitizeMetricName(
            "flink_" + scope + "_" + NAME_FILTER.filterCharacters(metricName));
    Labels.Builder labels = Labels.builder();
    new TreeMap<>(group.getAllVariables())
        .forEach(
            (variable, value) ->
                labels.label(
                    PrometheusNaming.sanitizeLabelName(variable.replaceAll("[<>]", "")),
                    value == null ? "" : value));
    metrics.put(metric, new Registered(name, labels.build()));
  }

  @Override
  public void notifyOfRemovedMetric(Metric metric, String metricName, MetricGroup group) {
    metrics.remove(metric);
  }

  @Override
  public MetricSnapshots collect() {
    Map<String, Map<Labels, Double>> families = new TreeMap<>();
    metrics.forEach(
        (metric, registered) -> {
          Double value = valueOf(metric);
          if (value != null) {
            families
                .computeIfAbsent(registered.name(), n -> new LinkedHashMap<>())
                .put(registered.labels(), value);
          }
        });
    List<MetricSnapshot> snapshots = new ArrayList<>();
    families.forEach(
        (name, points) -> {
          GaugeSnapshot.Builder gauge = GaugeSnapshot.builder().name(name).help("Flink's " + name);
          points.forEach(
              (labels, value) ->
                  gauge.dataPoint(
                      GaugeSnapshot.GaugeDataPointSnapshot.builder()
                          .labels(labels)
                          .value(value)
                          .build()));
          snapshots.add(gauge.build());
        });
    return new MetricSnapshots(snapshots);
  }

  /** The value a metric is exposed with, or null for one that is not exposed. */
  private static Double valueOf(Metric metric) {
    if (metric instanceof Counter counter) {
      return (double) counter.getCount();
    }
    if (metric instanceof Meter meter) {
      return meter.getRate();
    }
    if (metric instanceof Gauge<?> gauge) {
      Object value = gauge.getValue();
      if (value instanceof Number number) {
        return number.doubleValue();
      }
      if (value instanceof Boolean bool) {
        return bool ? 1.0 : 0.0;
      }
    }
    return null;
  }
}
