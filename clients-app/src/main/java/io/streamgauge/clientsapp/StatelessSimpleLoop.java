package io.streamgauge.clientsapp;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRebalanceListener;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;

/**
 * The stateless-simple scenario as one poll–transform–produce loop: each input value upper-cased,
 * kept when longer than 5 characters, and produced to the output topic with its input's key,
 * timestamp and headers unchanged (the timestamp is what the latency consumer measures from; the
 * headers carry the load generator's sequence numbers). Every {@code commitInterval} the output and
 * the input offsets are made durable together ({@link Commits}); so is what was processed when
 * partitions are revoked or the loop stops.
 *
 * <p>Runs on the thread that calls {@link #run}; {@link #stop} from any thread ends it.
 */
final class StatelessSimpleLoop implements Runnable {

  /**
   * Values this long or shorter (after upper-casing) are dropped, as in Kafka Streams' topology.
   */
  static final int MIN_LENGTH_EXCLUSIVE = 5;

  private static final Duration POLL = Duration.ofMillis(100);

  private final Consumer<byte[], byte[]> consumer;
  private final Producer<byte[], byte[]> producer;
  private final Commits commits;
  private final String input;
  private final String output;
  private final Duration commitInterval;
  private final LoopMetrics metrics;
  private final Clock clock;
  private final Map<TopicPartition, OffsetAndMetadata> pending = new HashMap<>();
  private final AtomicReference<Exception> sendFailure = new AtomicReference<>();
  private volatile boolean stopping;
  private volatile boolean assigned;
  private Instant lastCommit;

  StatelessSimpleLoop(
      ClientsAppSettings settings,
      Consumer<byte[], byte[]> consumer,
      Producer<byte[], byte[]> producer,
      LoopMetrics metrics,
      Clock clock) {
    this.consumer = consumer;
    this.producer = producer;
    this.commits = Commits.of(settings.contract().exactlyOnce(), consumer, producer, metrics);
    this.input = settings.contract().topics().get("input");
    this.output = settings.contract().topics().get("output");
    this.commitInterval = settings.commitInterval();
    this.metrics = metrics;
    this.clock = clock;
  }

  /** {@code value} upper-cased when that is longer than 5 characters, else null (dropped). */
  static byte[] transform(byte[] value) {
    if (value == null) {
      return null;
    }
    String upper = new String(value, StandardCharsets.UTF_8).toUpperCase(Locale.ROOT);
    return upper.length() > MIN_LENGTH_EXCLUSIVE ? upper.getBytes(StandardCharsets.UTF_8) : null;
  }

  /** True once the consumer has been assigned partitions and the loop is processing them. */
  boolean assigned() {
    return assigned;
  }

  /**
   * Runs until {@link #stop}; commits what it processed before returning.
   *
   * @throws RuntimeException when a client fails (the transaction, if any, is aborted first)
   */
  @Override
  public void run() {
    consumer.subscribe(List.of(input), new CommitOnRevoke());
    commits.init();
    lastCommit = clock.instant();
    try {
      try {
        while (!stopping) {
          for (ConsumerRecord<byte[], byte[]> record : consumer.poll(POLL)) {
            process(record);
          }
          throwIfASendFailed();
          if (!pending.isEmpty() && !clock.instant().isBefore(lastCommit.plus(commitInterval))) {
            commit();
          }
        }
      } catch (WakeupException e) {
        if (!stopping) {
          throw e;
        }
      }
      commit();
    } catch (RuntimeException e) {
      try {
        commits.abandon();
      } catch (RuntimeException abandon) {
        e.addSuppressed(abandon);
      }
      throw e;
    }
  }

  /** Ends {@link #run} at its next poll. */
  void stop() {
    stopping = true;
    consumer.wakeup();
  }

  private void process(ConsumerRecord<byte[], byte[]> record) {
    metrics.consumed();
    byte[] value = transform(record.value());
    if (value != null) {
      commits.beforeSend();
      producer.send(
          new ProducerRecord<>(
              output, null, record.timestamp(), record.key(), value, record.headers()),
          (metadata, e) -> {
            if (e != null) {
              sendFailure.compareAndSet(null, e);
            }
          });
      metrics.produced();
    }
    pending.put(
        new TopicPartition(record.topic(), record.partition()),
        new OffsetAndMetadata(record.offset() + 1));
  }

  private void commit() {
    if (pending.isEmpty()) {
      return;
    }
    long started = System.nanoTime();
    // Nothing is committed before everything sent has been acknowledged.
    producer.flush();
    metrics.commitStep(LoopMetrics.CommitStep.FLUSH, (System.nanoTime() - started) / 1e9);
    throwIfASendFailed();
    commits.commit(Map.copyOf(pending));
    metrics.committed((System.nanoTime() - started) / 1e9);
    pending.clear();
    lastCommit = clock.instant();
  }

  private void throwIfASendFailed() {
    Exception e = sendFailure.get();
    if (e != null) {
      throw new IllegalStateException("producing to " + output + " failed: " + e.getMessage(), e);
    }
  }

  /** Commits what was processed of partitions before they go to another member. */
  private final class CommitOnRevoke implements ConsumerRebalanceListener {
    @Override
    public void onPartitionsRevoked(Collection<TopicPartition> partitions) {
      commit();
      assigned = false;
    }

    @Override
    public void onPartitionsAssigned(Collection<TopicPartition> partitions) {
      assigned = !consumer.assignment().isEmpty();
    }
  }
}
