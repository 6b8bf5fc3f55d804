package io.streamgauge.latency;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;

/**
 * The second reader of the output topics, at {@code read_uncommitted}: it tells the recorder when
 * each record was first readable — written by the app, its transaction not yet committed — so that
 * a record's latency splits into its time through the app and its commit wait. It reads exactly the
 * partitions the latency consumer holds, each from where the latency consumer started it (so the
 * records of a transaction still open at the start are seen written too), on its own thread.
 */
final class WrittenReader {

  private final Consumer<byte[], byte[]> consumer;
  private final LatencyRecorder recorder;
  private final java.io.PrintStream log;
  private final WallClock clock = new WallClock();
  private final BlockingQueue<Map<TopicPartition, Long>> assignments = new LinkedBlockingQueue<>();
  private final Map<TopicPartition, Long> next = new HashMap<>();
  private final Thread thread;
  private volatile boolean running = true;

  /**
   * @param consumer a consumer at read_uncommitted without a group, which this reader closes
   * @param log where a reader that has to stop says why (the stages' coverage then falls)
   */
  WrittenReader(
      Consumer<byte[], byte[]> consumer, LatencyRecorder recorder, java.io.PrintStream log) {
    this.consumer = consumer;
    this.recorder = recorder;
    this.log = log;
    this.thread = new Thread(this::run, "latency-written-reader");
    this.thread.setDaemon(true);
  }

  void start() {
    thread.start();
  }

  /**
   * Reads {@code partitions} from now on, each from where it was left or else from the offset given
   * (the latency consumer's position; null: the end); called from the latency consumer's thread.
   */
  void follow(Map<TopicPartition, Long> partitions) {
    assignments.add(partitions);
  }

  private void run() {
    try {
      while (running) {
        Map<TopicPartition, Long> wanted =
            consumer.assignment().isEmpty()
                ? assignments.poll(100, TimeUnit.MILLISECONDS)
                : latest(assignments.poll());
        if (wanted != null) {
          assign(wanted);
        }
        if (consumer.assignment().isEmpty()) {
          continue;
        }
        ConsumerRecords<byte[], byte[]> records = consumer.poll(Duration.ofMillis(100));
        if (!records.isEmpty()) {
          recorder.recordWritten(records, clock.nowMicros());
          for (TopicPartition partition : records.partitions()) {
            List<ConsumerRecord<byte[], byte[]>> in = records.records(partition);
            next.put(partition, in.get(in.size() - 1).offset() + 1);
          }
        }
      }
    } catch (WakeupException | InterruptedException e) {
      if (running) {
        log.println("latency-consumer: the written reader was stopped unasked; stages end here");
      }
    } catch (KafkaException e) {
      log.println(
          "latency-consumer: the written reader stopped ("
              + e.getMessage()
              + "); the stages of records read from now on are not measured");
    } finally {
      consumer.close(Duration.ofSeconds(5));
    }
  }

  /** The last of the assignments queued, {@code first} included (null when none). */
  private Map<TopicPartition, Long> latest(Map<TopicPartition, Long> first) {
    Map<TopicPartition, Long> latest = first;
    for (Map<TopicPartition, Long> more = assignments.poll();
        more != null;
        more = assignments.poll()) {
      latest = more;
    }
    return latest;
  }

  private void assign(Map<TopicPartition, Long> partitions) {
    consumer.assign(partitions.keySet());
    for (var entry : partitions.entrySet()) {
      Long from = next.getOrDefault(entry.getKey(), entry.getValue());
      if (from != null) {
        consumer.seek(entry.getKey(), from);
      } else {
        consumer.seekToEnd(List.of(entry.getKey()));
      }
    }
  }

  /** Stops reading and waits up to {@code timeout} for the consumer to close. */
  void stop(Duration timeout) throws InterruptedException {
    running = false;
    consumer.wakeup();
    thread.join(timeout.toMillis());
  }
}
