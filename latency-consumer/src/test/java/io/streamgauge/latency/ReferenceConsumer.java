package io.streamgauge.latency;

import io.streamgauge.testing.kafka.TopicReader;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;

/**
 * A plain consumer polling on its own thread that records receipt time minus record timestamp in
 * milliseconds — the simplest possible measurement — as a reference for the latency consumer.
 */
final class ReferenceConsumer implements AutoCloseable {

  private final Map<String, List<Long>> latencies = new HashMap<>();
  private final Thread thread;
  private volatile boolean running = true;

  ReferenceConsumer(String bootstrapServers, List<String> topics) {
    KafkaConsumer<byte[], byte[]> consumer =
        TopicReader.consumer(bootstrapServers, "read_committed");
    List<TopicPartition> partitions = new ArrayList<>();
    topics.forEach(t -> partitions.add(new TopicPartition(t, 0)));
    consumer.assign(partitions);
    consumer.seekToEnd(partitions);
    partitions.forEach(consumer::position);
    thread =
        new Thread(
            () -> {
              try (consumer) {
                while (running) {
                  var records = consumer.poll(Duration.ofMillis(100));
                  long now = System.currentTimeMillis();
                  synchronized (latencies) {
                    for (var r : records) {
                      latencies
                          .computeIfAbsent(r.topic(), t -> new ArrayList<>())
                          .add(now - r.timestamp());
                    }
                  }
                }
              }
            },
            "reference-consumer");
    thread.start();
  }

  /** Waits until {@code total} records arrived; the latencies per topic in ms, sorted. */
  Map<String, List<Long>> latencies(int total) throws InterruptedException {
    long deadline = System.currentTimeMillis() + 30_000;
    while (count() < total && System.currentTimeMillis() < deadline) {
      Thread.sleep(50);
    }
    Map<String, List<Long>> sorted = new HashMap<>();
    synchronized (latencies) {
      latencies.forEach((topic, values) -> sorted.put(topic, values.stream().sorted().toList()));
    }
    return sorted;
  }

  /** The latency at {@code percentile} (0 to 100) of sorted {@code latencies}, in ms. */
  static double at(List<Long> latencies, double percentile) {
    int index = (int) Math.min(latencies.size() - 1, latencies.size() * percentile / 100);
    return latencies.get(index);
  }

  private int count() {
    synchronized (latencies) {
      return latencies.values().stream().mapToInt(List::size).sum();
    }
  }

  @Override
  public void close() throws InterruptedException {
    running = false;
    thread.join(10_000);
  }
}
