package io.streamgauge.apps;

import static org.assertj.core.api.Assertions.assertThat;

import io.prometheus.metrics.expositionformats.PrometheusTextFormatWriter;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.io.ByteArrayOutputStream;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.apache.kafka.common.metrics.Gauge;
import org.apache.kafka.common.metrics.Metrics;
import org.apache.kafka.common.metrics.Sensor;
import org.apache.kafka.common.metrics.stats.CumulativeSum;
import org.apache.kafka.common.metrics.stats.Max;
import org.junit.jupiter.api.Test;

/** The bridge over a real Kafka metrics registry, as Kafka Streams fills it. */
class KafkaStreamsMetricsTest {

  @Test
  void streamsMetricsBecomeGaugesAndCountersWithTagsAsLabels() throws Exception {
    try (Metrics kafka = new Metrics()) {
      Map<String, String> thread = Map.of("thread-id", "app-StreamThread-1");
      Sensor commits = kafka.sensor("commit");
      commits.add(
          kafka.metricName("commit-latency-max", "stream-thread-metrics", "max commit ms", thread),
          new Max());
      commits.add(
          kafka.metricName("commit-total", "stream-thread-metrics", "commits", thread),
          new CumulativeSum());
      commits.record(12);
      commits.record(30);
      kafka.addMetric(
          kafka.metricName("alive-stream-threads", "stream-metrics", "threads alive", Map.of()),
          (Gauge<Integer>) (config, now) -> 1);
      kafka.addMetric(
          kafka.metricName("version", "stream-metrics", "version", Map.of()),
          (Gauge<String>) (config, now) -> "4.1.1");
      kafka.addMetric(
          kafka.metricName("record-send-rate", "producer-metrics", "sends", Map.of()),
          (Gauge<Double>) (config, now) -> 5.0);

      String text = scrape(new KafkaStreamsMetrics(kafka::metrics));

      assertThat(text)
          .contains(
              "kafka_streams_thread_commit_latency_max{thread_id=\"app-StreamThread-1\"} 30.0")
          .contains("# TYPE kafka_streams_thread_commit_total counter")
          .contains("kafka_streams_thread_commit_total{thread_id=\"app-StreamThread-1\"} 42.0")
          .contains("kafka_streams_client_alive_stream_threads 1.0")
          .doesNotContain("version")
          .doesNotContain("record_send_rate");
    }
  }

  /**
   * A RocksDB property metric is never read: reading one calls into RocksDB's native code on the
   * scraping thread, which crashed the JVM when the store was being closed. A store's other metrics
   * still come through.
   */
  @Test
  void rocksDbPropertyMetricsAreNeverReadOffTheStreamThread() throws Exception {
    try (Metrics kafka = new Metrics()) {
      Map<String, String> store =
          Map.of("thread-id", "t-1", "task-id", "0_0", "rocksdb-state-id", "orders");
      for (String property : KafkaStreamsMetrics.ROCKSDB_PROPERTIES) {
        kafka.addMetric(
            kafka.metricName(property, KafkaStreamsMetrics.STATE_GROUP, property, store),
            (Gauge<BigInteger>)
                (config, now) -> {
                  throw new AssertionError(property + " was read by the scrape");
                });
      }
      kafka.addMetric(
          kafka.metricName("put-rate", KafkaStreamsMetrics.STATE_GROUP, "puts", store),
          (Gauge<Double>) (config, now) -> 7.0);

      String text = scrape(new KafkaStreamsMetrics(kafka::metrics));

      assertThat(KafkaStreamsMetrics.ROCKSDB_PROPERTIES).hasSize(22);
      assertThat(text)
          .contains("kafka_streams_state_put_rate{")
          .doesNotContain("sst_files")
          .doesNotContain("estimate_num_keys");
    }
  }

  @Test
  void namesAreDerivedFromGroupAndMetric() {
    assertThat(KafkaStreamsMetrics.prometheusName("stream-task-metrics", "restore-rate", false))
        .isEqualTo("kafka_streams_task_restore_rate");
    assertThat(
            KafkaStreamsMetrics.prometheusName(
                "stream-state-updater-metrics", "restore-total", true))
        .isEqualTo("kafka_streams_state_updater_restore");
  }

  private static String scrape(KafkaStreamsMetrics collector) throws Exception {
    PrometheusRegistry registry = new PrometheusRegistry();
    registry.register(collector);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    new PrometheusTextFormatWriter(false).write(out, registry.scrape());
    return out.toString(StandardCharsets.UTF_8);
  }
}
