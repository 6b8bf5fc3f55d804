package io.streamgauge.apps;

import io.prometheus.metrics.model.registry.MultiCollector;
import io.prometheus.metrics.model.snapshots.CounterSnapshot;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.MetricSnapshot;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;
import io.prometheus.metrics.model.snapshots.PrometheusNaming;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Supplier;
import org.apache.kafka.common.Metric;
import org.apache.kafka.common.MetricName;

/**
 * Bridges Kafka Streams' own metrics (the {@code stream-*} groups of its metrics registry: client,
 * thread, task, state updater and, at DEBUG recording level, processor node and store) to
 * Prometheus, read at scrape time. A metric {@code process-rate} of group {@code
 * stream-thread-metrics} becomes {@code kafka_streams_thread_process_rate}; cumulative {@code
 * *-total} metrics become counters ({@code kafka_streams_thread_process_total}), except the few
 * that go down ({@code restore-remaining-records-total}, a gauge); tags become labels ({@code
 * thread-id} → {@code thread_id}). Non-numeric metrics (version, topology description) and the
 * RocksDB property metrics ({@link #ROCKSDB_PROPERTIES}, unsafe to read off the stream thread) are
 * left out.
 */
final class KafkaStreamsMetrics implements MultiCollector {

  private static final String GROUP_PREFIX = "stream-";
  private static final String GROUP_SUFFIX = "-metrics";
  private static final String TOTAL = "-total";

  /** Metrics named {@code *-total} that go down, so are gauges. */
  private static final Set<String> NOT_CUMULATIVE = Set.of("restore-remaining-records-total");

  /** The group of Kafka Streams' state store metrics. */
  static final String STATE_GROUP = "stream-state-metrics";

  /**
   * Kafka Streams' RocksDB property metrics (RocksDBMetrics in kafka-streams 4.1), left out: each
   * read asks RocksDB's native code for a property of the store's database, on the reading thread,
   * while the stream thread may be closing that database (a task revoked, the app stopping). A
   * scrape that met a closing store killed a stateful-joins app with SIGSEGV in {@code
   * rocksdb::DBImpl::GetAggregatedIntProperty} (local run, 2026-12-02). Nothing here uses them: the
   * state's size on disk is {@code sg_app_state_bytes}, read from the state directory.
   */
  static final Set<String> ROCKSDB_PROPERTIES =
      Set.of(
          "num-entries-active-mem-table",
          "num-deletes-active-mem-table",
          "num-entries-imm-mem-tables",
          "num-deletes-imm-mem-tables",
          "num-immutable-mem-table",
          "cur-size-active-mem-table",
          "cur-size-all-mem-tables",
          "size-all-mem-tables",
          "mem-table-flush-pending",
          "num-running-flushes",
          "compaction-pending",
          "num-running-compactions",
          "estimate-pending-compaction-bytes",
          "total-sst-files-size",
          "live-sst-files-size",
          "num-live-versions",
          "block-cache-capacity",
          "block-cache-usage",
          "block-cache-pinned-usage",
          "estimate-num-keys",
          "estimate-table-readers-mem",
          "background-errors");

  private final Supplier<Map<MetricName, ? extends Metric>> metrics;

  /**
   * @param metrics the registry to read, e.g. {@code kafkaStreams::metrics}
   */
  KafkaStreamsMetrics(Supplier<Map<MetricName, ? extends Metric>> metrics) {
    this.metrics = metrics;
  }

  @Override
  public MetricSnapshots collect() {
    Map<String, Family> families = new TreeMap<>();
    for (Map.Entry<MetricName, ? extends Metric> e : metrics.get().entrySet()) {
      MetricName name = e.getKey();
      if (!name.group().startsWith(GROUP_PREFIX)
          || (name.group().equals(STATE_GROUP) && ROCKSDB_PROPERTIES.contains(name.name()))
          || !(e.getValue().metricValue() instanceof Number number)) {
        continue;
      }
      boolean counter = name.name().endsWith(TOTAL) && !NOT_CUMULATIVE.contains(name.name());
      double value = number.doubleValue();
      if (counter && !(value >= 0 && Double.isFinite(value))) {
        continue;
      }
      String prometheusName = prometheusName(name.group(), name.name(), counter);
      families
          .computeIfAbsent(prometheusName, n -> new Family(n, counter, name.description()))
          .add(labels(name.tags()), value);
    }
    List<MetricSnapshot> snapshots = new ArrayList<>();
    families.values().forEach(f -> snapshots.add(f.snapshot()));
    return new MetricSnapshots(snapshots);
  }

  /** The Prometheus name of a Kafka metric (without {@code _total} for counters). */
  static String prometheusName(String group, String name, boolean counter) {
    String scope = group.substring(GROUP_PREFIX.length());
    if (scope.endsWith(GROUP_SUFFIX)) {
      scope = scope.substring(0, scope.length() - GROUP_SUFFIX.length());
    }
    if (scope.isEmpty() || scope.equals("metrics")) {
      scope = "client";
    }
    String metric = counter ? name.substring(0, name.length() - TOTAL.length()) : name;
    return PrometheusNaming.sanitizeMetricName(
        "kafka_streams_" + scope.replace('-', '_') + "_" + metric.replace('-', '_'));
  }

  private static Labels labels(Map<String, String> tags) {
    Labels.Builder labels = Labels.builder();
    new TreeMap<>(tags)
        .forEach((k, v) -> labels.label(PrometheusNaming.sanitizeLabelName(k), v == null ? "" : v));
    return labels.build();
  }

  /** The data points of one Prometheus metric. */
  private static final class Family {
    private final String name;
    private final boolean counter;
    private final String help;
    private final Map<Labels, Double> points = new java.util.LinkedHashMap<>();

    Family(String name, boolean counter, String help) {
      this.name = name;
      this.counter = counter;
      this.help = help == null || help.isEmpty() ? name : help;
    }

    void add(Labels labels, double value) {
      points.putIfAbsent(labels, value);
    }

    MetricSnapshot snapshot() {
      if (counter) {
        CounterSnapshot.Builder b = CounterSnapshot.builder().name(name).help(help);
        points.forEach(
            (labels, value) ->
                b.dataPoint(
                    CounterSnapshot.CounterDataPointSnapshot.builder()
                        .labels(labels)
                        .value(value)
                        .build()));
        return b.build();
      }
      GaugeSnapshot.Builder b = GaugeSnapshot.builder().name(name).help(help);
      points.forEach(
          (labels, value) ->
              b.dataPoint(
                  GaugeSnapshot.GaugeDataPointSnapshot.builder()
                      .labels(labels)
                      .value(value)
                      .build()));
      return b.build();
    }
  }
}
