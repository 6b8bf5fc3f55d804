package io.streamgauge.testing.kafka;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;

/** Reads a whole topic from the beginning, for assertions on what was written. */
public final class TopicReader {

  private TopicReader() {}

  /**
   * A plain consumer of bytes at {@code isolationLevel}, in no group (assign its partitions), up to
   * 5,000 records a poll: what the tests and benchmarks read Kafka with when the reader must not be
   * the code under test.
   */
  public static KafkaConsumer<byte[], byte[]> consumer(
      String bootstrapServers, String isolationLevel) {
    return new KafkaConsumer<>(
        Map.of(
            ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
            bootstrapServers,
            ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG,
            ByteArrayDeserializer.class,
            ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG,
            ByteArrayDeserializer.class,
            ConsumerConfig.ISOLATION_LEVEL_CONFIG,
            isolationLevel,
            ConsumerConfig.MAX_POLL_RECORDS_CONFIG,
            5000));
  }

  /**
   * Every record of {@code topic}, reading until {@code expected} records arrived and the topic has
   * been quiet for a second, or {@code timeout} passed (then whatever arrived).
   */
  public static List<ConsumerRecord<byte[], byte[]>> readAll(
      String bootstrapServers, String topic, long expected, Duration timeout) {
    return readAll(bootstrapServers, topic, expected, timeout, "read_committed");
  }

  /**
   * {@link #readAll(String, String, long, Duration)} at {@code isolationLevel}: {@code
   * read_uncommitted} also sees what open or aborted transactions wrote.
   */
  public static List<ConsumerRecord<byte[], byte[]>> readAll(
      String bootstrapServers,
      String topic,
      long expected,
      Duration timeout,
      String isolationLevel) {
    List<ConsumerRecord<byte[], byte[]>> records = new ArrayList<>();
    try (KafkaConsumer<byte[], byte[]> consumer = consumer(bootstrapServers, isolationLevel)) {
      List<TopicPartition> partitions =
          consumer.partitionsFor(topic).stream()
              .map(p -> new TopicPartition(topic, p.partition()))
              .toList();
      consumer.assign(partitions);
      consumer.seekToBeginning(partitions);
      Instant deadline = Instant.now().plus(timeout);
      Instant lastArrival = Instant.now();
      while (Instant.now().isBefore(deadline)) {
        var batch = consumer.poll(Duration.ofMillis(200));
        batch.forEach(records::add);
        if (!batch.isEmpty()) {
          lastArrival = Instant.now();
        } else if (records.size() >= expected
            && Duration.between(lastArrival, Instant.now()).toMillis() > 1000) {
          break;
        }
      }
    }
    return records;
  }
}
