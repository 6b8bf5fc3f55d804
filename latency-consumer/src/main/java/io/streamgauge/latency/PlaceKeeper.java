package io.streamgauge.latency;

import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRebalanceListener;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.common.TopicPartition;

/**
 * Keeps the latency consumer's place in each partition across a rebalance. The consumer commits no
 * offsets (committing would make a re-read count as duplicates), so a partition assigned again
 * after a rebalance — a broker restart moves the group coordinator and makes the group rebalance —
 * would start from {@code auto.offset.reset} (latest) and skip whatever the app wrote meanwhile,
 * which the integrity counts would report as lost. This remembers the offset after the last record
 * read from each partition and seeks there when the partition comes back. It also tells whoever
 * follows the assignment (the {@link WrittenReader}) which partitions are held and from where each
 * is read.
 */
final class PlaceKeeper implements ConsumerRebalanceListener {

  private final Consumer<?, ?> consumer;
  private final Map<TopicPartition, Long> next = new HashMap<>();
  private final Map<TopicPartition, Long> held = new HashMap<>();
  private final java.util.function.Consumer<Map<TopicPartition, Long>> follower;

  PlaceKeeper(Consumer<?, ?> consumer) {
    this(consumer, null);
  }

  /**
   * @param follower told, after each change, every partition held and the offset it is read from
   *     (null: the consumer's position could not be known); null when nobody follows
   */
  PlaceKeeper(
      Consumer<?, ?> consumer, java.util.function.Consumer<Map<TopicPartition, Long>> follower) {
    this.consumer = consumer;
    this.follower = follower;
  }

  /** Notes where each partition of {@code records} goes on: after its last record. */
  void read(ConsumerRecords<?, ?> records) {
    for (TopicPartition partition : records.partitions()) {
      List<? extends ConsumerRecord<?, ?>> inPartition = records.records(partition);
      next.put(partition, inPartition.get(inPartition.size() - 1).offset() + 1);
    }
  }

  @Override
  public void onPartitionsRevoked(Collection<TopicPartition> partitions) {
    // The places are kept from the records read; nothing is committed.
    partitions.forEach(held::remove);
    tellFollower();
  }

  @Override
  public void onPartitionsAssigned(Collection<TopicPartition> partitions) {
    for (TopicPartition partition : partitions) {
      Long offset = next.get(partition);
      if (offset != null) {
        consumer.seek(partition, offset);
      }
      held.put(partition, follower == null ? offset : position(partition, offset));
    }
    tellFollower();
  }

  /** Where {@code partition} is read from: the place kept, else the consumer's reset position. */
  private Long position(TopicPartition partition, Long kept) {
    if (kept != null) {
      return kept;
    }
    try {
      return consumer.position(partition);
    } catch (org.apache.kafka.common.KafkaException e) {
      return null;
    }
  }

  private void tellFollower() {
    if (follower != null) {
      follower.accept(new HashMap<>(held));
    }
  }
}
