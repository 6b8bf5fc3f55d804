package io.streamgauge.bench;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;

/**
 * The reference: a plain {@code KafkaConsumer} poll loop (read_committed, a fresh group, from the
 * earliest offset) that touches every record's timestamp and stops after N records, timed from the
 * first poll after W records (warm-up: JIT compilation and group join excluded). Arguments:
 * bootstrap servers, topic, W, N.
 */
public final class PlainConsumerLoop {

  private PlainConsumerLoop() {}

  public static void main(String[] args) {
    long warmup = Long.parseLong(args[2]);
    long target = Long.parseLong(args[3]);
    Map<String, Object> config =
        Map.of(
            ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
            args[0],
            ConsumerConfig.GROUP_ID_CONFIG,
            "plain-" + System.nanoTime(),
            ConsumerConfig.AUTO_OFFSET_RESET_CONFIG,
            "earliest",
            ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG,
            "false",
            ConsumerConfig.ISOLATION_LEVEL_CONFIG,
            "read_committed",
            ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG,
            ByteArrayDeserializer.class,
            ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG,
            ByteArrayDeserializer.class);
    long count = 0;
    long checksum = 0;
    long startCount = -1;
    long startNanos = 0;
    long startCpu = 0;
    try (KafkaConsumer<byte[], byte[]> consumer = new KafkaConsumer<>(config)) {
      consumer.subscribe(List.of(args[1]));
      while (count < target) {
        var records = consumer.poll(Duration.ofMillis(100));
        if (startCount < 0 && count >= warmup) {
          startCount = count;
          startNanos = System.nanoTime();
          startCpu = ConsumerLoopResult.processCpuNanos();
        }
        for (var r : records) {
          checksum += r.timestamp();
          count++;
        }
      }
      double seconds = (System.nanoTime() - startNanos) / 1e9;
      double cpu = (ConsumerLoopResult.processCpuNanos() - startCpu) / 1e9;
      System.err.println("checksum " + checksum);
      System.out.println(new ConsumerLoopResult(count - startCount, seconds, cpu).toJson());
    }
  }
}
