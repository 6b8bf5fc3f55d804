package io.streamgauge.latency;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.common.TopicPartition;

/**
 * Per output partition, the latest record timestamp (intended send time) read so far. Once every
 * partition that carries records has delivered one stamped at or after the measurement window's
 * end, the window's own records have had their turn — the slow ones included, which a fixed wait
 * after the window would drop. Updating allocates nothing once a partition is known. Used under the
 * {@link LatencyRecorder}'s lock.
 */
final class PartitionWatermarks {

  private final Map<TopicPartition, long[]> latest = new HashMap<>();

  /** Takes a poll batch's timestamps. */
  void update(ConsumerRecords<byte[], byte[]> records) {
    for (TopicPartition tp : records.partitions()) {
      long[] seen = latest.get(tp);
      if (seen == null) {
        seen = new long[] {Long.MIN_VALUE};
        latest.put(tp, seen);
      }
      for (ConsumerRecord<byte[], byte[]> r : records.records(tp)) {
        if (r.timestamp() > seen[0]) {
          seen[0] = r.timestamp();
        }
      }
    }
  }

  /**
   * The partitions ({@code topic-partition}, sorted) that carried records but none stamped at or
   * after {@code endMs}.
   */
  List<String> behind(long endMs) {
    return latest.entrySet().stream()
        .filter(e -> e.getValue()[0] < endMs)
        .map(e -> e.getKey().toString())
        .sorted()
        .toList();
  }

  /** How many partitions carried records. */
  int partitions() {
    return latest.size();
  }
}
