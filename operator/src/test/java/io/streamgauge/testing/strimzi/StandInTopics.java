package io.streamgauge.testing.strimzi;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.errors.TopicExistsException;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;

/**
 * The topic operator's part of {@link StrimziStandIn}: a KafkaTopic's topic made on its Kafka's
 * broker (an existing one adopted as it is, as the topic operator adopts it), or deleted.
 */
final class StandInTopics {

  private static final Duration LEADERS = Duration.ofSeconds(30);

  private StandInTopics() {}

  /**
   * Makes topic {@code name} with {@code partitions}, {@code replicas} and {@code config} unless it
   * exists, and waits until each of its partitions has a leader.
   *
   * @return the topic's id
   */
  static String ensure(
      Admin admin, String name, int partitions, int replicas, Map<String, String> config)
      throws InterruptedException, ExecutionException, TimeoutException {
    try {
      admin
          .createTopics(List.of(new NewTopic(name, partitions, (short) replicas).configs(config)))
          .all()
          .get(30, TimeUnit.SECONDS);
    } catch (ExecutionException e) {
      if (!(e.getCause() instanceof TopicExistsException)) {
        throw e;
      }
    }
    Instant deadline = Instant.now().plus(LEADERS);
    while (true) {
      Optional<TopicDescription> topic = describe(admin, name);
      if (topic.isPresent()
          && topic.get().partitions().stream()
              .allMatch(p -> p.leader() != null && !p.leader().isEmpty())) {
        return topic.get().topicId().toString();
      }
      if (Instant.now().isAfter(deadline)) {
        throw new TimeoutException("topic " + name + " has partitions without a leader");
      }
      Thread.sleep(100);
    }
  }

  /** Deletes topic {@code name}; nothing when it is gone already. */
  static void delete(Admin admin, String name)
      throws InterruptedException, ExecutionException, TimeoutException {
    try {
      admin.deleteTopics(List.of(name)).all().get(30, TimeUnit.SECONDS);
    } catch (ExecutionException e) {
      if (!(e.getCause() instanceof UnknownTopicOrPartitionException)) {
        throw e;
      }
    }
  }

  private static Optional<TopicDescription> describe(Admin admin, String name)
      throws InterruptedException, ExecutionException, TimeoutException {
    try {
      return Optional.of(
          admin.describeTopics(List.of(name)).allTopicNames().get(30, TimeUnit.SECONDS).get(name));
    } catch (ExecutionException e) {
      if (e.getCause() instanceof UnknownTopicOrPartitionException) {
        return Optional.empty();
      }
      throw e;
    }
  }
}
