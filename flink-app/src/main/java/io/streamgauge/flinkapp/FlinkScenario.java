package io.streamgauge.flinkapp;

import org.apache.flink.streaming.api.datastream.DataStream;

/**
 * One benchmark scenario as a Flink pipeline from the input records to the output records; the
 * Kafka source and sink around it are the same for every scenario ({@link FlinkJob}).
 */
interface FlinkScenario {

  /** The scenario name, as in {@code spec.scenario}. */
  String scenario();

  /** The output records of {@code input}, each carrying the timestamp of the input it came from. */
  DataStream<KafkaRecord> apply(DataStream<KafkaRecord> input);
}
