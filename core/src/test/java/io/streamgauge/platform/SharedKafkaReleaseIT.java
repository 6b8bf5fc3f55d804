package io.streamgauge.platform;

import static org.assertj.core.api.Assertions.assertThat;

import io.streamgauge.common.ListenPorts;
import io.streamgauge.testing.kafka.KafkaBroker;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.consumer.CloseOptions;
import org.apache.kafka.clients.consumer.CloseOptions.GroupMembershipOperation;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.junit.jupiter.api.Test;

/** What a deleted run leaves on a Kafka it shares, against a real broker. */
class SharedKafkaReleaseIT {

  private static final String APP_ID = "streamgauge-wc-3f2a9c1b";

  @Test
  void theRunsTopicsItsAppsInternalTopicsAndItsGroupGoOnceTheGroupIsEmpty() throws Exception {
    try (KafkaBroker broker = KafkaBroker.start()) {
      for (String topic :
          List.of(
              "input-3f2a9c1b",
              "output-3f2a9c1b",
              APP_ID + "-KSTREAM-AGGREGATE-STATE-STORE-0000000003-changelog",
              "input",
              "streamgauge-wc-77777777-KSTREAM-AGGREGATE-STATE-STORE-0000000003-changelog")) {
        broker.createTopic(topic, 1);
      }
      Set<String> runTopics = Set.of("input-3f2a9c1b", "output-3f2a9c1b", "never-created-3f2a9c1b");

      SharedKafkaRelease.Outcome withMember;
      try (KafkaConsumer<byte[], byte[]> app = member(broker.bootstrapServers())) {
        withMember =
            SharedKafkaRelease.release(
                broker.bootstrapServers(), Map.of(), runTopics, APP_ID, false);
      }
      SharedKafkaRelease.Outcome afterItLeft =
          SharedKafkaRelease.release(broker.bootstrapServers(), Map.of(), runTopics, APP_ID, false);

      assertThat(withMember.deletedTopics())
          .containsExactlyInAnyOrder(
              "input-3f2a9c1b",
              "output-3f2a9c1b",
              APP_ID + "-KSTREAM-AGGREGATE-STATE-STORE-0000000003-changelog");
      assertThat(withMember.done()).isFalse();
      assertThat(withMember.left())
          .isEqualTo("the consumer group " + APP_ID + " still has members");
      assertThat(afterItLeft.done()).as(afterItLeft.left()).isTrue();
      assertThat(broker.admin().listTopics().names().get(15, TimeUnit.SECONDS))
          .as("another run's and nobody's topics stay")
          .contains(
              "input", "streamgauge-wc-77777777-KSTREAM-AGGREGATE-STATE-STORE-0000000003-changelog")
          .doesNotContain("input-3f2a9c1b", "output-3f2a9c1b");
      assertThat(broker.admin().listGroups().all().get(15, TimeUnit.SECONDS))
          .noneMatch(g -> g.groupId().equals(APP_ID));
    }
  }

  /**
   * Locally every process of the run has stopped before the release: a member still in the group is
   * one that was killed (it left no LeaveGroup behind) and is removed, not waited out.
   */
  @Test
  void aKilledMembersGhostIsRemovedWhenEveryProcessOfTheRunHasStopped() throws Exception {
    try (KafkaBroker broker = KafkaBroker.start()) {
      broker.createTopic("input", 1);
      member(broker.bootstrapServers())
          .close(CloseOptions.groupMembershipOperation(GroupMembershipOperation.REMAIN_IN_GROUP));
      String bootstrap = broker.bootstrapServers();

      SharedKafkaRelease.Outcome waiting =
          SharedKafkaRelease.release(bootstrap, Map.of(), Set.of(), APP_ID, false);
      SharedKafkaRelease.Outcome stopped =
          SharedKafkaRelease.release(bootstrap, Map.of(), Set.of(), APP_ID, true);

      assertThat(waiting.left())
          .as("the ghost holds the group")
          .isEqualTo("the consumer group " + APP_ID + " still has members");
      assertThat(stopped.done()).as(stopped.left()).isTrue();
      assertThat(broker.admin().listGroups().all().get(15, TimeUnit.SECONDS))
          .noneMatch(g -> g.groupId().equals(APP_ID));
    }
  }

  @Test
  void anUnreachableClusterIsSaidAndNothingCountsAsDeleted() {
    String bootstrap = "127.0.0.1:" + ListenPorts.pick();

    SharedKafkaRelease.Outcome outcome =
        SharedKafkaRelease.release(bootstrap, Map.of(), Set.of("input-1"), APP_ID, false);

    assertThat(outcome.deletedTopics()).isEmpty();
    assertThat(outcome.left()).isEqualTo("cannot reach Kafka at " + bootstrap + " within 5s");
  }

  /** A consumer in the app's group, polling until it has its partitions (a live member). */
  private static KafkaConsumer<byte[], byte[]> member(String bootstrapServers) {
    KafkaConsumer<byte[], byte[]> consumer =
        new KafkaConsumer<>(
            Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
                bootstrapServers,
                ConsumerConfig.GROUP_ID_CONFIG,
                APP_ID,
                ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG,
                ByteArrayDeserializer.class,
                ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG,
                ByteArrayDeserializer.class));
    consumer.subscribe(List.of("input"));
    long until = System.nanoTime() + Duration.ofSeconds(60).toNanos();
    while (consumer.assignment().isEmpty() && System.nanoTime() < until) {
      consumer.poll(Duration.ofMillis(200));
    }
    assertThat(consumer.assignment()).as("a member with its partitions").isNotEmpty();
    return consumer;
  }
}
