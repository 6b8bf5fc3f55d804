package io.streamgauge.latency;

import io.streamgauge.testing.kafka.TopicReader;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;

/**
 * A plain consumer, not ours, on its own thread: notes when it received each record, by the
 * sequence number its value holds (8 bytes). The calibration's reference for what delivery costs
 * this hour ({@code read_committed}), and for when a record was first readable ({@code
 * read_uncommitted}).
 */
final class PlainReader implements AutoCloseable {

  private final Map<Long, Long> receivedAtMs = new ConcurrentHashMap<>();
  private final Thread thread;
  private volatile boolean running = true;

  PlainReader(String bootstrapServers, String topic, int partitions) {
    this(bootstrapServers, topic, partitions, "read_committed");
  }

  PlainReader(String bootstrapServers, String topic, int partitions, String isolation) {
    KafkaConsumer<byte[], byte[]> consumer = TopicReader.consumer(bootstrapServers, isolation);
    List<TopicPartition> assigned =
        java.util.stream.IntStream.range(0, partitions)
            .mapToObj(p -> new TopicPartition(topic, p))
            .toList();
    consumer.assign(assigned);
    consumer.seekToEnd(assigned);
    assigned.forEach(consumer::position);
    thread =
        new Thread(
            () -> {
              try (consumer) {
                while (running) {
                  var records = consumer.poll(Duration.ofMillis(100));
                  long now = System.currentTimeMillis();
                  for (var r : records) {
                    receivedAtMs.put(ByteBuffer.wrap(r.value()).getLong(), now);
                  }
                }
              }
            },
            "plain-reader-" + topic);
    thread.start();
  }

  /** The value that says record {@code sequence}: its 8 bytes. */
  static byte[] value(long sequence) {
    return ByteBuffer.allocate(Long.BYTES).putLong(sequence).array();
  }

  /** Waits up to 30 s for {@code count} records; when each arrived, by sequence. */
  Map<Long, Long> receipts(int count) throws InterruptedException {
    long deadline = System.currentTimeMillis() + 30_000;
    while (receivedAtMs.size() < count && System.currentTimeMillis() < deadline) {
      Thread.sleep(50);
    }
    return Map.copyOf(receivedAtMs);
  }

  @Override
  public void close() throws InterruptedException {
    running = false;
    thread.join(10_000);
  }
}
