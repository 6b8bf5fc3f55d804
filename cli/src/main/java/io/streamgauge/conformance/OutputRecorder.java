package io.streamgauge.conformance;

import io.streamgauge.common.RecordHeaders;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;

/**
 * Reads the app's output topics from their beginning at one isolation level, on a thread of its
 * own, and remembers every record with the moment it arrived: a {@code read_committed} and a {@code
 * read_uncommitted} recorder side by side show when output was written and when its transaction
 * made it visible.
 */
final class OutputRecorder implements AutoCloseable {

  /**
   * A record the recorder read.
   *
   * @param topic its topic
   * @param partition its partition
   * @param offset its offset (the same at either isolation level)
   * @param timestamp its timestamp
   * @param key its key, or null
   * @param value its value, or null
   * @param trace its {@code sg} trace header's value, or null
   * @param arrived when the recorder read it
   */
  record Seen(
      String topic,
      int partition,
      long offset,
      long timestamp,
      byte[] key,
      byte[] value,
      byte[] trace,
      Instant arrived) {

    /** Where it is in its topic: {@code topic/partition/offset}. */
    String position() {
      return topic + "/" + partition + "/" + offset;
    }
  }

  private final KafkaConsumer<byte[], byte[]> consumer;
  private final List<Seen> seen = new CopyOnWriteArrayList<>();
  private final Thread thread;
  private volatile boolean stopping;
  private volatile RuntimeException failure;

  /**
   * Starts reading {@code topics} at {@code isolationLevel} ({@code read_committed} or {@code
   * read_uncommitted}).
   *
   * @param connection client settings that reach the cluster (security), besides the servers
   */
  OutputRecorder(
      String bootstrapServers,
      Map<String, String> connection,
      List<String> topics,
      String isolationLevel) {
    Map<String, Object> config = new java.util.HashMap<>(connection);
    config.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
    config.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, isolationLevel);
    config.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class);
    config.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class);
    config.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
    consumer = new KafkaConsumer<>(config);
    List<TopicPartition> partitions = new ArrayList<>();
    for (String topic : topics) {
      partitionsOf(topic).forEach(p -> partitions.add(new TopicPartition(topic, p)));
    }
    consumer.assign(partitions);
    consumer.seekToBeginning(partitions);
    thread = new Thread(this::read, "conformance-" + isolationLevel);
    thread.setDaemon(true);
    thread.start();
  }

  /**
   * The partitions of {@code topic}, asked until the broker's metadata has them: a topic just made
   * may not be known to every metadata request yet.
   */
  private List<Integer> partitionsOf(String topic) {
    Instant deadline = Instant.now().plusSeconds(30);
    while (true) {
      List<Integer> partitions =
          consumer.partitionsFor(topic).stream().map(p -> p.partition()).toList();
      if (!partitions.isEmpty() || Instant.now().isAfter(deadline)) {
        if (partitions.isEmpty()) {
          throw new IllegalStateException("topic " + topic + " has no partitions after 30 s");
        }
        return partitions;
      }
      try {
        Thread.sleep(200);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException("interrupted asking for " + topic + "'s partitions", e);
      }
    }
  }

  private void read() {
    try {
      while (!stopping) {
        for (ConsumerRecord<byte[], byte[]> r : consumer.poll(Duration.ofMillis(50))) {
          seen.add(
              new Seen(
                  r.topic(),
                  r.partition(),
                  r.offset(),
                  r.timestamp(),
                  r.key(),
                  r.value(),
                  RecordHeaders.trace(r.headers()),
                  Instant.now()));
        }
      }
    } catch (WakeupException e) {
      // closing
    } catch (RuntimeException e) {
      failure = e;
    } finally {
      consumer.close();
    }
  }

  /**
   * Everything read so far.
   *
   * @throws IllegalStateException when reading failed
   */
  List<Seen> seen() {
    if (failure != null) {
      throw new IllegalStateException(
          "reading the output failed: " + failure.getMessage(), failure);
    }
    return List.copyOf(seen);
  }

  @Override
  public void close() throws InterruptedException {
    stopping = true;
    consumer.wakeup();
    thread.join(Duration.ofSeconds(10).toMillis());
  }
}
