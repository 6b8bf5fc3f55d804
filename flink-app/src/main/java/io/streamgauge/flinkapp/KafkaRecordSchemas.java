package io.streamgauge.flinkapp;

import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.connector.kafka.sink.KafkaRecordSerializationSchema;
import org.apache.flink.connector.kafka.source.reader.deserializer.KafkaRecordDeserializationSchema;
import org.apache.flink.util.Collector;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.internals.RecordHeaders;

/**
 * How the jobs read and write Kafka records: whole, as {@link KafkaRecord}s, so key, headers and
 * timestamp reach the output as the input carried them.
 */
final class KafkaRecordSchemas {

  private KafkaRecordSchemas() {}

  /** Reads each consumer record into a {@link KafkaRecord}, timestamp and headers included. */
  static final class Reader implements KafkaRecordDeserializationSchema<KafkaRecord> {
    private static final long serialVersionUID = 1L;

    @Override
    public void deserialize(ConsumerRecord<byte[], byte[]> record, Collector<KafkaRecord> out) {
      KafkaRecord read = new KafkaRecord(record.key(), record.value(), record.timestamp());
      Header[] headers = record.headers().toArray();
      read.headerKeys = new String[headers.length];
      read.headerValues = new byte[headers.length][];
      for (int i = 0; i < headers.length; i++) {
        read.headerKeys[i] = headers[i].key();
        read.headerValues[i] = headers[i].value();
      }
      out.collect(read);
    }

    @Override
    public TypeInformation<KafkaRecord> getProducedType() {
      return TypeInformation.of(KafkaRecord.class);
    }
  }

  /** Writes each {@link KafkaRecord} to {@code topic} with its own key, timestamp and headers. */
  static final class Writer implements KafkaRecordSerializationSchema<KafkaRecord> {
    private static final long serialVersionUID = 1L;
    private final String topic;

    Writer(String topic) {
      this.topic = topic;
    }

    @Override
    public ProducerRecord<byte[], byte[]> serialize(
        KafkaRecord record, KafkaSinkContext context, Long flinkTimestamp) {
      RecordHeaders headers = new RecordHeaders();
      for (int i = 0; i < record.headerKeys.length; i++) {
        headers.add(record.headerKeys[i], record.headerValues[i]);
      }
      return new ProducerRecord<>(topic, null, record.timestamp, record.key, record.value, headers);
    }
  }
}
