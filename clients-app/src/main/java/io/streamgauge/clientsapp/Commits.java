package io.streamgauge.clientsapp;

import java.util.Map;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.common.TopicPartition;

/**
 * How the loop makes what it produced and the input it consumed durable together, once the producer
 * has acknowledged every record sent: at-least-once then commits the input offsets; exactly-once
 * commits both in one transaction, so a {@code read_committed} reader sees the output only at each
 * commit.
 */
sealed interface Commits permits Commits.Offsets, Commits.Transactions {

  /** Once, before anything else. */
  void init();

  /** Before each record is sent. */
  void beforeSend();

  /**
   * Makes everything sent since the last commit durable together with {@code offsets} (the next
   * offset to read of each input partition processed).
   */
  void commit(Map<TopicPartition, OffsetAndMetadata> offsets);

  /** After a failure: drops what was sent since the last commit where it can be dropped. */
  void abandon();

  /** The commits of {@code guarantee}: transactions when {@code exactlyOnce}. */
  static Commits of(
      boolean exactlyOnce,
      Consumer<byte[], byte[]> consumer,
      Producer<byte[], byte[]> producer,
      LoopMetrics metrics) {
    return exactlyOnce
        ? new Transactions(consumer, producer, metrics)
        : new Offsets(consumer, metrics);
  }

  /** Runs {@code step} and records how long it took as {@code which}. */
  private static void timed(LoopMetrics metrics, LoopMetrics.CommitStep which, Runnable step) {
    long started = System.nanoTime();
    step.run();
    metrics.commitStep(which, (System.nanoTime() - started) / 1e9);
  }

  /** At-least-once: commit the offsets once the output is acknowledged; a crash reprocesses. */
  record Offsets(Consumer<byte[], byte[]> consumer, LoopMetrics metrics) implements Commits {
    @Override
    public void init() {}

    @Override
    public void beforeSend() {}

    @Override
    public void commit(Map<TopicPartition, OffsetAndMetadata> offsets) {
      timed(metrics, LoopMetrics.CommitStep.OFFSETS, () -> consumer.commitSync(offsets));
    }

    @Override
    public void abandon() {}
  }

  /**
   * Exactly-once: the offsets go into the producer's transaction with the consumer's group metadata
   * (KIP-447), so a zombie instance is fenced by the group's generation. A transaction opens with
   * the first record sent after a commit, so none is left open when the loop stops.
   */
  final class Transactions implements Commits {
    private final Consumer<byte[], byte[]> consumer;
    private final Producer<byte[], byte[]> producer;
    private final LoopMetrics metrics;
    private boolean open;

    Transactions(
        Consumer<byte[], byte[]> consumer, Producer<byte[], byte[]> producer, LoopMetrics metrics) {
      this.consumer = consumer;
      this.producer = producer;
      this.metrics = metrics;
    }

    @Override
    public void init() {
      producer.initTransactions();
    }

    @Override
    public void beforeSend() {
      if (!open) {
        producer.beginTransaction();
        open = true;
      }
    }

    @Override
    public void commit(Map<TopicPartition, OffsetAndMetadata> offsets) {
      beforeSend();
      timed(
          metrics,
          LoopMetrics.CommitStep.OFFSETS,
          () -> producer.sendOffsetsToTransaction(offsets, consumer.groupMetadata()));
      timed(metrics, LoopMetrics.CommitStep.TRANSACTION, producer::commitTransaction);
      open = false;
    }

    @Override
    public void abandon() {
      if (open) {
        open = false;
        producer.abortTransaction();
      }
    }
  }
}
