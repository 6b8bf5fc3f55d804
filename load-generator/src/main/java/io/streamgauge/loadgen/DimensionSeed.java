package io.streamgauge.loadgen;

import java.io.PrintStream;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.utils.Utils;

/**
 * Writes every id of stateful-joins' dimensions (customers, products) at its first version before
 * the load starts, so every order's lookups resolve: generator {@code i} of {@code n} writes the
 * ids {@code ≡ i (mod n)}. The records carry no trace header (no output is checked against them)
 * and go out in transactions of {@value #PER_TRANSACTION} where the generator is transactional.
 * Returns only once Kafka acknowledged every one.
 */
final class DimensionSeed {

  private static final int PER_TRANSACTION = 1_000;

  /** One dimension topic: its records, name, partitions and distinct ids. */
  record Dimension(JoinRecords records, String topic, int partitions, long ids) {}

  private DimensionSeed() {}

  /**
   * @return the records written
   * @throws WorkloadException (exit code 3) when Kafka refuses a record
   */
  static long write(
      Producer<byte[], byte[]> producer,
      boolean transactional,
      List<Dimension> dimensions,
      int producers,
      int index,
      PrintStream log) {
    long started = System.nanoTime();
    long written = 0;
    AtomicReference<Exception> failure = new AtomicReference<>();
    int inTransaction = 0;
    try {
      for (Dimension d : dimensions) {
        for (long id = index; id < d.ids(); id += producers) {
          if (transactional && inTransaction == 0) {
            producer.beginTransaction();
          }
          byte[][] kv = d.records().seed(id);
          int partition = Utils.toPositive(Utils.murmur2(kv[0])) % d.partitions();
          producer.send(
              new ProducerRecord<>(d.topic(), partition, System.currentTimeMillis(), kv[0], kv[1]),
              (metadata, e) -> {
                if (e != null) {
                  failure.compareAndSet(null, e);
                }
              });
          written++;
          if (transactional && ++inTransaction == PER_TRANSACTION) {
            producer.commitTransaction();
            inTransaction = 0;
          }
        }
      }
      if (transactional && inTransaction > 0) {
        producer.commitTransaction();
      }
      producer.flush();
    } catch (KafkaException e) {
      throw new WorkloadException(3, "seeding the dimension tables failed: " + e.getMessage());
    }
    if (failure.get() != null) {
      throw new WorkloadException(
          3, "seeding the dimension tables failed: " + failure.get().getMessage());
    }
    log.printf(
        "load-generator: seeded %d dimension records (%s) in %.1f s%n",
        written,
        String.join(", ", dimensions.stream().map(Dimension::topic).toList()),
        (System.nanoTime() - started) / 1e9);
    return written;
  }
}
