package io.streamgauge.bench;

import io.streamgauge.common.QuietKafkaLogging;
import io.streamgauge.testing.kafka.KafkaBroker;
import io.streamgauge.testing.kafka.TopicReader;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.LockSupport;
import org.apache.kafka.clients.consumer.ConsumerGroupMetadata;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArraySerializer;

/**
 * Where a pipeline's latency tail comes from, with no app and no stream-processing runtime: one
 * producer writes 1,000 records/s to six partitions, as the runtimes suite does, and a plain {@code
 * read_committed} consumer notes when each record became readable. Four variants in alternating
 * rounds: transactions committed every 100 ms (the reference apps' commit interval); the same also
 * committing consumer offsets ({@code sendOffsetsToTransaction}, as every consume–produce app under
 * exactly-once does); that with the producer's {@code retry.backoff.ms} at 10 instead of its
 * default 100; and no transactions with {@code linger.ms} 100, Kafka Streams' producer default. For
 * each: the latency percentiles and how long the offset commit and the commit took. Writes a
 * Markdown report.
 *
 * <p>Run with {@code make bench-transaction-tail}.
 */
public final class TransactionCommitTail {

  private static final int RECORDS = 10_000;
  private static final int PER_TRANSACTION = 100;
  private static final long INTERVAL_NANOS = 1_000_000; // 1,000 records/s
  private static final int PARTITIONS = 6;
  private static final int ROUNDS = 3;
  private static final double[] PERCENTILES = {50, 90, 99, 99.9, 100};

  /** What one variant does at each commit. */
  private enum Variant {
    TRANSACTIONS("transactions alone", true, false, null, 5),
    WITH_OFFSETS("+ offsets (retry.backoff.ms 100, the default)", true, true, null, 5),
    WITH_OFFSETS_FAST_RETRY("+ offsets, retry.backoff.ms 10", true, true, 10, 5),
    LINGER_100("no transactions, linger.ms 100 (Kafka Streams' default)", false, false, null, 100);

    final String label;
    final boolean transactional;
    final boolean offsets;
    final Integer retryBackoffMs;
    final int lingerMs;

    Variant(
        String label,
        boolean transactional,
        boolean offsets,
        Integer retryBackoffMs,
        int lingerMs) {
      this.label = label;
      this.transactional = transactional;
      this.offsets = offsets;
      this.retryBackoffMs = retryBackoffMs;
      this.lingerMs = lingerMs;
    }
  }

  /** One pass of a variant: per record, its latency; per transaction, its two calls' times. */
  private record Pass(
      Variant variant, long[] latencyMs, long[] offsetsCallMs, long[] commitCallMs) {}

  private TransactionCommitTail() {}

  public static void main(String[] args) throws Exception {
    QuietKafkaLogging.apply();
    Path output = Path.of(args.length > 0 ? args[0] : "bench/results/transaction-tail.md");
    List<Pass> passes = new ArrayList<>();
    try (KafkaBroker broker = KafkaBroker.start()) {
      // The broker's first transactions are slow (coordinator loading, JIT): not measured.
      pass(broker, "warmup", Variant.WITH_OFFSETS);
      for (int round = 1; round <= ROUNDS; round++) {
        for (Variant variant : Variant.values()) {
          Pass pass = pass(broker, variant.name().toLowerCase(Locale.ROOT) + "-" + round, variant);
          passes.add(pass);
          log(
              "round %d %s: latency %s; offsets call %s",
              round,
              variant.label,
              percentiles(pass.latencyMs()),
              percentiles(pass.offsetsCallMs()));
        }
      }
    }
    Files.writeString(output, report(passes));
    log("wrote %s", output);
  }

  private static Pass pass(KafkaBroker broker, String name, Variant variant) throws Exception {
    String topic = "tail-" + name;
    String input = "tail-input-" + name;
    broker.createTopic(topic, PARTITIONS);
    broker.createTopic(input, 1);
    Map<Long, Long> readAt = new ConcurrentHashMap<>();
    Reader reader = new Reader(broker.bootstrapServers(), topic, readAt);
    long[] sentAt = new long[RECORDS];
    int transactions = RECORDS / PER_TRANSACTION;
    long[] offsetsCall = new long[transactions];
    long[] commitCall = new long[transactions];
    try (KafkaProducer<byte[], byte[]> producer =
        producer(broker.bootstrapServers(), "tx-" + name, variant)) {
      if (variant.transactional) {
        producer.initTransactions();
      }
      long start = System.nanoTime();
      for (int t = 0; t < transactions; t++) {
        if (variant.transactional) {
          producer.beginTransaction();
        }
        for (int i = t * PER_TRANSACTION; i < (t + 1) * PER_TRANSACTION; i++) {
          waitUntil(start + i * INTERVAL_NANOS);
          sentAt[i] = System.currentTimeMillis();
          producer.send(
              new ProducerRecord<>(
                  topic,
                  i % PARTITIONS,
                  sentAt[i],
                  null,
                  ByteBuffer.allocate(Long.BYTES).putLong(i).array()));
        }
        long began = System.nanoTime();
        if (variant.offsets) {
          producer.sendOffsetsToTransaction(
              Map.of(
                  new TopicPartition(input, 0),
                  new OffsetAndMetadata((long) (t + 1) * PER_TRANSACTION)),
              new ConsumerGroupMetadata("group-" + name));
        }
        long committing = System.nanoTime();
        if (variant.transactional) {
          producer.commitTransaction();
        }
        offsetsCall[t] = (committing - began) / 1_000_000;
        commitCall[t] = (System.nanoTime() - committing) / 1_000_000;
      }
    }
    reader.await(RECORDS, Duration.ofSeconds(30));
    reader.close();
    long[] latency = new long[RECORDS];
    for (int i = 0; i < RECORDS; i++) {
      Long at = readAt.get((long) i);
      if (at == null) {
        throw new IllegalStateException(name + ": record " + i + " was never read");
      }
      latency[i] = at - sentAt[i];
    }
    return new Pass(variant, latency, offsetsCall, commitCall);
  }

  private static KafkaProducer<byte[], byte[]> producer(
      String bootstrapServers, String transactionalId, Variant variant) {
    Map<String, Object> config = new HashMap<>();
    config.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
    if (variant.transactional) {
      config.put(ProducerConfig.TRANSACTIONAL_ID_CONFIG, transactionalId);
    }
    config.put(ProducerConfig.LINGER_MS_CONFIG, variant.lingerMs);
    config.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class);
    config.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class);
    if (variant.retryBackoffMs != null) {
      config.put(ProducerConfig.RETRY_BACKOFF_MS_CONFIG, variant.retryBackoffMs);
    }
    return new KafkaProducer<>(config);
  }

  /**
   * A plain read_committed consumer noting when each record (by the sequence in its value) came.
   */
  private static final class Reader implements AutoCloseable {
    private final Thread thread;
    private final Map<Long, Long> readAt;
    private volatile boolean running = true;

    Reader(String bootstrapServers, String topic, Map<Long, Long> readAt) {
      this.readAt = readAt;
      KafkaConsumer<byte[], byte[]> consumer =
          TopicReader.consumer(bootstrapServers, "read_committed");
      List<TopicPartition> partitions = new ArrayList<>();
      for (int p = 0; p < PARTITIONS; p++) {
        partitions.add(new TopicPartition(topic, p));
      }
      consumer.assign(partitions);
      consumer.seekToBeginning(partitions);
      partitions.forEach(consumer::position);
      thread =
          new Thread(
              () -> {
                try (consumer) {
                  while (running) {
                    var records = consumer.poll(Duration.ofMillis(100));
                    long now = System.currentTimeMillis();
                    records.forEach(r -> readAt.put(ByteBuffer.wrap(r.value()).getLong(), now));
                  }
                }
              },
              "reader-" + topic);
      thread.start();
    }

    void await(int count, Duration limit) throws InterruptedException {
      long deadline = System.nanoTime() + limit.toNanos();
      while (readAt.size() < count && System.nanoTime() < deadline) {
        Thread.sleep(50);
      }
    }

    @Override
    public void close() throws InterruptedException {
      running = false;
      thread.join(10_000);
    }
  }

  private static String report(List<Pass> passes) {
    StringBuilder md = new StringBuilder();
    md.append("# The latency tail without an app: transactions, offset commits, linger\n\n")
        .append("Measured ")
        .append(Instant.now())
        .append(" on ")
        .append(Runtime.getRuntime().availableProcessors())
        .append(" cores, Java ")
        .append(System.getProperty("java.version"))
        .append(
            ", one Kafka 4.1.1 KRaft broker (own JVM) on loopback; the producer and the"
                + " consumer in the harness's JVM.\n\nCommand: `make bench-transaction-tail`\n\n")
        .append(
            "One producer, 1,000 records/s of 8 bytes to 6 partitions; transactional variants"
                + " commit every 100 records (100 ms), linger.ms 5; a plain `read_committed`"
                + " consumer (fetch defaults)."
                + " Latency: when the consumer read a record less when it was sent. A warmup pass"
                + " first, then ")
        .append(ROUNDS)
        .append(" rounds of the variants in turn, ")
        .append(RECORDS)
        .append(" records each.\n\n");
    md.append(
        "| round | variant | p50 ms | p90 ms | p99 ms | p99.9 ms | max ms | offset commit p99 / max"
            + " ms | commit p99 ms |\n|---|---|---:|---:|---:|---:|---:|---:|---:|\n");
    Map<Variant, Integer> rounds = new LinkedHashMap<>();
    for (Pass p : passes) {
      int round = rounds.merge(p.variant(), 1, Integer::sum);
      long[] latency = p.latencyMs();
      md.append("| ").append(round).append(" | ").append(p.variant().label).append(" | ");
      for (double q : PERCENTILES) {
        md.append(at(latency, q)).append(" | ");
      }
      md.append(
              p.variant().offsets
                  ? at(p.offsetsCallMs(), 99) + " / " + at(p.offsetsCallMs(), 100)
                  : "–")
          .append(" | ")
          .append(p.variant().transactional ? String.valueOf(at(p.commitCallMs(), 99)) : "–")
          .append(" |\n");
    }
    return md.toString();
  }

  private static String percentiles(long[] values) {
    StringBuilder s = new StringBuilder();
    for (double q : PERCENTILES) {
      s.append(q == 100 ? "max" : "p" + q).append(' ').append(at(values, q)).append(' ');
    }
    return s.toString().strip();
  }

  /** The nearest-rank percentile. */
  private static long at(long[] values, double percentile) {
    long[] sorted = values.clone();
    Arrays.sort(sorted);
    int rank = (int) Math.ceil(percentile / 100 * sorted.length);
    return sorted[Math.max(0, Math.min(sorted.length, rank) - 1)];
  }

  private static void waitUntil(long nanoTime) {
    for (long left = nanoTime - System.nanoTime(); left > 0; left = nanoTime - System.nanoTime()) {
      LockSupport.parkNanos(left);
    }
  }

  private static void log(String format, Object... args) {
    System.err.println(String.format(Locale.ROOT, format, args));
  }
}
