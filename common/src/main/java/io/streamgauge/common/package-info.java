/**
 * What several modules share and none owns: the record wire contract between the load generator and
 * the latency consumer ({@link RecordHeaders}), their metrics and health endpoint ({@link
 * MetricsServer}), the duration notation of every document ({@link SpecDuration}), strict reading
 * of settings documents ({@link DocumentReader}), Kafka client secrets and topic checks ({@link
 * KafkaSecretSettings}, {@link TopicCheck}), the lag-trend resolution the latency consumer samples
 * and the validity checks judge by ({@link LagTrendResolution}), ports for servers started later
 * ({@link ListenPorts}), the command-line tools' logging ({@link QuietKafkaLogging}), and the
 * one-node broker and Prometheus configurations that local mode runs and the tests run the same way
 * ({@link SingleNodeKafkaConfig}, {@link PrometheusConfig}: here because both the CLI and the
 * test-support module use them). Depends on no other Streamgauge module.
 */
package io.streamgauge.common;
