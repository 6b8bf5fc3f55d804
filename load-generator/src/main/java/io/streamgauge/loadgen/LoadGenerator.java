package io.streamgauge.loadgen;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.KafkaException;

/**
 * The open-loop sending loop over every topic of a workload, on the calling thread. It never waits
 * for Kafka: it parks until the earliest-due record, sends every record that is due, and stamps
 * each with its intended time. A run that has fallen behind keeps catching up for at most {@link
 * #CATCH_UP} after its duration; records still unsent then are reported as unsent, never dropped
 * silently. {@link #stop} ends it early from any thread.
 */
final class LoadGenerator {

  /** How long past its duration a run that fell behind may keep sending overdue records. */
  static final Duration CATCH_UP = Duration.ofSeconds(5);

  /** The longest the loop parks before it looks again. */
  private static final long MAX_PARK_NANOS = Duration.ofMillis(10).toNanos();

  private final Producer<byte[], byte[]> producer;
  private final List<TopicLoad> topics;
  private final LoadMetrics metrics;
  private volatile long durationNanos;
  private Instant startInstant;
  private Instant requestedEnd;
  private final TransactionPacer transactions;
  private final CountDownLatch finished = new CountDownLatch(1);
  private volatile boolean stopping;
  private volatile long startNanos;
  private volatile long endNanos;

  /**
   * @param duration how long to schedule records; null: until stopped or every limit is reached
   * @param transactions commits transactions, or null to send without them
   */
  LoadGenerator(
      Producer<byte[], byte[]> producer,
      List<TopicLoad> topics,
      LoadMetrics metrics,
      Duration duration,
      TransactionPacer transactions) {
    this.producer = producer;
    this.topics = List.copyOf(topics);
    this.metrics = metrics;
    this.durationNanos = duration == null ? Long.MAX_VALUE : duration.toNanos();
    this.transactions = transactions;
  }

  /** Nanoseconds since the start (for the achieved-rate gauge). */
  long elapsedNanos() {
    long start = startNanos;
    if (start == 0) {
      return 0;
    }
    long end = endNanos;
    return (end == 0 ? System.nanoTime() : end) - start;
  }

  /**
   * Ends the schedule at {@code end} (wall clock) if that is sooner than its duration: records due
   * before it are still sent (or reported unsent), none after. May be called before or during the
   * run, from any thread.
   */
  synchronized void endAt(Instant end) {
    if (requestedEnd == null || end.isBefore(requestedEnd)) {
      requestedEnd = end;
    }
    applyRequestedEnd();
  }

  private synchronized void start(Instant wallClock, long nanos) {
    startInstant = wallClock;
    startNanos = nanos;
    applyRequestedEnd();
  }

  private void applyRequestedEnd() {
    if (startInstant != null && requestedEnd != null) {
      long nanos = Math.max(0, Duration.between(startInstant, requestedEnd).toNanos());
      if (nanos < durationNanos) {
        durationNanos = nanos;
      }
    }
  }

  /** Sends until the duration or end passes, every topic reaches its limit, or {@link #stop}. */
  void run() {
    try {
      Instant wallStart = Instant.now();
      long start = System.nanoTime();
      start(wallStart, start);
      long startEpochNanos = wallStart.getEpochSecond() * 1_000_000_000L + wallStart.getNano();
      if (transactions != null) {
        transactions.begin(start);
      }
      while (!stopping) {
        for (TopicLoad t : topics) {
          t.shapeOnceWindowKnown(startEpochNanos);
        }
        TopicLoad next = earliestDue();
        if (next == null) {
          break;
        }
        long dueOffset = next.nextDueOffset();
        long due = start + dueOffset;
        long now = System.nanoTime();
        long duration = durationNanos;
        if (duration != Long.MAX_VALUE && now - (start + duration + CATCH_UP.toNanos()) > 0) {
          break;
        }
        if (due > now) {
          if (transactions != null) {
            transactions.commitIfDue(now);
          }
          // At most MAX_PARK: a shape's quiet segment may leave the next record seconds away, and
          // a stop, the window or a transaction's commit must not wait for it.
          LockSupport.parkNanos(Math.min(due - now, MAX_PARK_NANOS));
          continue;
        }
        ProducerRecord<byte[], byte[]> record =
            next.next(intendedMillis(startEpochNanos, dueOffset), (now - due) / 1000);
        metrics.publishDelay(now - due);
        try {
          producer.send(record, next.stats);
        } catch (KafkaException e) {
          next.stats.recordFailure(e, record.timestamp());
        }
        if (transactions != null) {
          transactions.recordSent(System.nanoTime());
        }
      }
      if (transactions != null) {
        transactions.finish();
      }
      producer.flush();
      endNanos = System.nanoTime();
    } finally {
      if (endNanos == 0) {
        endNanos = System.nanoTime();
      }
      finished.countDown();
    }
  }

  /**
   * A record's timestamp: its intended send time, {@code dueOffset} nanoseconds after the start,
   * rounded to the nearest millisecond (Kafka's resolution) rather than floored, which would add
   * half a millisecond to every latency on average.
   */
  static long intendedMillis(long startEpochNanos, long dueOffset) {
    return Math.floorDiv(startEpochNanos + dueOffset + 500_000L, 1_000_000L);
  }

  /** The topic whose next record is due first, or null when none is left in the window. */
  private TopicLoad earliestDue() {
    TopicLoad best = null;
    long bestDue = Long.MAX_VALUE;
    for (TopicLoad t : topics) {
      if (!t.hasNext()) {
        continue;
      }
      long due = t.nextDueOffset();
      if (due < durationNanos && due < bestDue) {
        best = t;
        bestDue = due;
      }
    }
    return best;
  }

  /** Asks the loop to end and waits up to {@code timeout} for it to flush. */
  boolean stop(Duration timeout) throws InterruptedException {
    stopping = true;
    return finished.await(timeout.toMillis(), TimeUnit.MILLISECONDS);
  }

  /** True once the sending loop has ended (and flushed). */
  boolean isFinished() {
    return finished.getCount() == 0;
  }

  /** Waits until every record handed to the producer so far is acknowledged or failed. */
  void flushSends() {
    producer.flush();
  }

  /** The topics' loads. */
  List<TopicLoad> topics() {
    return topics;
  }

  /** The report of a finished run. */
  Report report(String producerId, String mode) {
    double seconds = Math.max(1e-9, (endNanos - startNanos) / 1e9);
    Map<String, Report.TopicReport> perTopic = new LinkedHashMap<>();
    long sent = 0;
    long failed = 0;
    long unsent = 0;
    String lastError = null;
    List<Double> rates = new ArrayList<>();
    for (TopicLoad t : topics) {
      long acked = t.stats.acked();
      sent += acked;
      failed += t.stats.failed();
      long topicUnsent =
          durationNanos == Long.MAX_VALUE ? 0 : t.dueWithin(durationNanos) - t.scheduled();
      unsent += topicUnsent;
      perTopic.put(
          t.name, new Report.TopicReport(acked, t.stats.failed(), topicUnsent, acked / seconds));
      rates.add(t.targetRate());
      if (t.stats.lastError() != null) {
        lastError = t.name + ": " + t.stats.lastError();
      }
    }
    var delay = metrics.delayMicros();
    return new Report(
        producerId,
        mode,
        sent,
        failed,
        unsent,
        seconds,
        rates.stream().mapToDouble(Double::doubleValue).filter(Double::isFinite).sum(),
        sent / seconds,
        delay.getValueAtPercentile(50) / 1000.0,
        delay.getValueAtPercentile(99) / 1000.0,
        delay.getMaxValue() / 1000.0,
        perTopic,
        lastError);
  }
}
