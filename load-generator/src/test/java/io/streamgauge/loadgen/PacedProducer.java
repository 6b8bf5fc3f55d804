package io.streamgauge.loadgen;

import java.time.Duration;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.locks.LockSupport;
import org.HdrHistogram.Histogram;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;

/**
 * The simplest open-loop producer, a reference for the load generator's publish delay: records made
 * before the run (nothing made per send), each sent when due by one thread parking between sends,
 * its lateness measured exactly as the generator measures its own (the loop's time on reaching a
 * record minus the record's due time). What it shows is what this machine and client allow at that
 * rate in that minute; what the generator adds beyond it is the generator's.
 */
final class PacedProducer {

  private static final int DISTINCT_VALUES = 1024;

  private PacedProducer() {}

  /**
   * Sends {@code ratePerSecond} records of {@code valueSize} bytes over {@code keys} keys to {@code
   * topic} for {@code duration} with {@code acks}; returns the publish delays in nanoseconds.
   */
  static Histogram run(
      String bootstrapServers,
      String topic,
      int ratePerSecond,
      Duration duration,
      int valueSize,
      int keys,
      String acks) {
    Random random = new Random(42);
    byte[][] values = new byte[DISTINCT_VALUES][valueSize];
    for (byte[] value : values) {
      random.nextBytes(value);
    }
    byte[][] keyBytes = new byte[keys][];
    for (int k = 0; k < keys; k++) {
      keyBytes[k] = Integer.toString(k).getBytes(java.nio.charset.StandardCharsets.UTF_8);
    }
    Histogram delays = new Histogram(3);
    Map<String, Object> config =
        Map.of(
            ProducerConfig.BOOTSTRAP_SERVERS_CONFIG,
            bootstrapServers,
            ProducerConfig.ACKS_CONFIG,
            acks,
            ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG,
            ByteArraySerializer.class,
            ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG,
            ByteArraySerializer.class);
    long count = ratePerSecond * duration.toSeconds();
    long intervalNanos = 1_000_000_000L / ratePerSecond;
    try (KafkaProducer<byte[], byte[]> producer = new KafkaProducer<>(config)) {
      producer.partitionsFor(topic); // metadata before the clock starts, as the generator does
      long start = System.nanoTime();
      for (long i = 0; i < count; i++) {
        long due = start + i * intervalNanos;
        long now = System.nanoTime();
        while (due > now) {
          LockSupport.parkNanos(due - now);
          now = System.nanoTime();
        }
        delays.recordValue(now - due);
        producer.send(
            new ProducerRecord<>(
                topic, keyBytes[random.nextInt(keys)], values[(int) (i % DISTINCT_VALUES)]));
      }
      producer.flush();
    }
    return delays;
  }
}
