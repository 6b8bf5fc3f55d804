package io.streamgauge.latency;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;

/**
 * The poll loop: every batch goes to the recorder with its receipt time, each partition read on
 * from its own place after a rebalance ({@link PlaceKeeper}); stops on {@link #stop}.
 */
final class LatencyConsumer {

  /** How often lag and assignment are refreshed: finer than any scrape, rare next to polls. */
  private static final long LAG_INTERVAL_NANOS = TimeUnit.MILLISECONDS.toNanos(500);

  private final Consumer<byte[], byte[]> consumer;
  private final List<String> topics;
  private final LatencyRecorder recorder;
  private final LatencyMetrics metrics;
  private final WrittenReader written;
  private final WallClock clock = new WallClock();
  private final CountDownLatch finished = new CountDownLatch(1);
  private volatile boolean running = true;
  private volatile boolean assigned;
  private long lagUpdatedNanos = System.nanoTime() - LAG_INTERVAL_NANOS;

  LatencyConsumer(
      Consumer<byte[], byte[]> consumer,
      List<String> topics,
      LatencyRecorder recorder,
      LatencyMetrics metrics) {
    this(consumer, topics, recorder, metrics, null);
  }

  /**
   * @param written the second reader that follows this consumer's partitions, or null
   */
  LatencyConsumer(
      Consumer<byte[], byte[]> consumer,
      List<String> topics,
      LatencyRecorder recorder,
      LatencyMetrics metrics,
      WrittenReader written) {
    this.consumer = consumer;
    this.topics = topics;
    this.recorder = recorder;
    this.metrics = metrics;
    this.written = written;
  }

  /** Polls until stopped; closes the consumer. */
  void run() {
    try {
      PlaceKeeper places = new PlaceKeeper(consumer, written == null ? null : written::follow);
      if (written != null) {
        written.start();
      }
      consumer.subscribe(topics, places);
      while (running) {
        ConsumerRecords<byte[], byte[]> records = consumer.poll(Duration.ofMillis(100));
        if (!records.isEmpty()) {
          recorder.record(records, clock.nowMicros());
          places.read(records);
        }
        long now = System.nanoTime();
        if (now - lagUpdatedNanos >= LAG_INTERVAL_NANOS) {
          updateLag();
          lagUpdatedNanos = now;
        }
      }
    } catch (WakeupException e) {
      if (running) {
        throw e;
      }
    } finally {
      consumer.close(Duration.ofSeconds(5));
      stopWritten();
      finished.countDown();
    }
  }

  private void stopWritten() {
    if (written == null) {
      return;
    }
    try {
      written.stop(Duration.ofSeconds(5));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** True once partitions are assigned (the consumer is reading). */
  boolean isAssigned() {
    return assigned;
  }

  private void updateLag() {
    long lag = 0;
    var partitions = consumer.assignment();
    assigned = !partitions.isEmpty();
    for (TopicPartition tp : partitions) {
      lag += consumer.currentLag(tp).orElse(0);
    }
    metrics.lag.set(lag);
  }

  /** Ends the loop and waits up to {@code timeout} for the consumer to close. */
  boolean stop(Duration timeout) throws InterruptedException {
    running = false;
    consumer.wakeup();
    return finished.await(timeout.toMillis(), TimeUnit.MILLISECONDS);
  }
}
