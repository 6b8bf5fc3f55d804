package io.streamgauge.apps;

import io.streamgauge.common.TopicCheck;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Collectors;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;

/**
 * Prepares a cold start over prepopulated changelogs: Kafka Streams restores a table whose source
 * topic is its changelog only up to the application's committed offsets (what lies beyond is
 * processed, not restored), so the application's group is committed at every changelog's end first
 * — the state of an instance that processed everything and lost its disk.
 */
final class ChangelogPartitions {

  private ChangelogPartitions() {}

  /**
   * Commits {@code groupId} at the end of every partition of {@code topics} and returns the
   * partitions holding records (end offset above start offset): those a cold start restores.
   *
   * @throws IllegalStateException if Kafka cannot be asked or refuses the commit
   */
  static Set<TopicPartition> commitEnds(
      String bootstrapServers,
      Map<String, String> clientConfig,
      String groupId,
      Map<String, Integer> topics) {
    Map<TopicPartition, OffsetSpec> latest = new HashMap<>();
    Map<TopicPartition, OffsetSpec> earliest = new HashMap<>();
    topics.forEach(
        (topic, partitions) -> {
          for (int p = 0; p < partitions; p++) {
            latest.put(new TopicPartition(topic, p), OffsetSpec.latest());
            earliest.put(new TopicPartition(topic, p), OffsetSpec.earliest());
          }
        });
    try (Admin admin =
        Admin.create(
            TopicCheck.adminConfig(bootstrapServers, clientConfig, TopicCheck.TIMEOUT_SECONDS))) {
      var ends = admin.listOffsets(latest).all().get(TopicCheck.TIMEOUT_SECONDS, TimeUnit.SECONDS);
      var starts =
          admin.listOffsets(earliest).all().get(TopicCheck.TIMEOUT_SECONDS, TimeUnit.SECONDS);
      Map<TopicPartition, OffsetAndMetadata> commit = new HashMap<>();
      ends.forEach((tp, end) -> commit.put(tp, new OffsetAndMetadata(end.offset())));
      admin
          .alterConsumerGroupOffsets(groupId, commit)
          .all()
          .get(TopicCheck.TIMEOUT_SECONDS, TimeUnit.SECONDS);
      return ends.keySet().stream()
          .filter(tp -> ends.get(tp).offset() > starts.get(tp).offset())
          .collect(Collectors.toSet());
    } catch (ExecutionException | TimeoutException e) {
      throw new IllegalStateException(
          "cannot read the changelogs' offsets or commit them for "
              + groupId
              + " on "
              + bootstrapServers
              + ": "
              + e,
          e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted reading the changelogs' offsets", e);
    }
  }

  /** For a message: how many partitions of how many topics. */
  static String describe(Set<TopicPartition> partitions) {
    return partitions.size()
        + " partition(s) of "
        + partitions.stream().map(TopicPartition::topic).distinct().count()
        + " topic(s)";
  }
}
