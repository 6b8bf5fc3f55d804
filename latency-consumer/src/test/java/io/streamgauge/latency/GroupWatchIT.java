package io.streamgauge.latency;

import static org.assertj.core.api.Assertions.assertThat;

import io.streamgauge.testing.kafka.KafkaBroker;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/** The app's group as a real broker describes it: its state, members and the input they hold. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class GroupWatchIT {

  private static final PrintStream QUIET = new PrintStream(new ByteArrayOutputStream());
  private static final Duration PATIENCE = Duration.ofSeconds(60);
  private KafkaBroker broker;

  @BeforeAll
  void startBroker() {
    broker = KafkaBroker.start();
    broker.createTopic("watched-in", 4);
    broker.createTopic("not-input", 2);
  }

  @AfterAll
  void stopBroker() {
    broker.close();
  }

  /**
   * A member joining a settled group is seen as the group leaving Stable and settling again with
   * both members sharing every input partition; partitions of other topics are not counted. (The
   * first member learns of the rebalance at its next heartbeat, 3 s apart by default, so the group
   * stays out of Stable for many of the watch's 250 ms samples.)
   */
  @Test
  void aMemberJoiningIsSeenAsARebalanceThatSettlesWithEveryInputPartitionHeld() throws Exception {
    try (GroupWatch watch =
            new GroupWatch(
                broker.bootstrapServers(),
                Map.of(),
                "watched",
                List.of("watched-in"),
                System::currentTimeMillis,
                QUIET);
        Member first = new Member("watched")) {
      GroupWatch.Change alone = awaitState(watch, "Stable", 1, 4);

      watch.start();
      awaitChange(watch, alone);
      try (Member second = new Member("watched")) {
        GroupWatch.Change settled = awaitState(watch, "Stable", 2, 4);
        awaitChange(watch, settled);
      }

      List<GroupWatch.Change> changes = watch.changes();
      assertThat(changes.get(0)).matches(alone::sameAs);
      assertThat(changes)
          .as("left Stable while the second member joined")
          .anyMatch(c -> !c.state().equals("Stable"));
      assertThat(changes)
          .as("each kept change differs from the one before")
          .doesNotHaveDuplicates();
      assertThat(changes).allMatch(c -> c.assigned() <= 4);
    }
  }

  @Test
  void anUnchangedGroupIsKeptOnce() {
    try (GroupWatch watch =
        new GroupWatch(
            broker.bootstrapServers(), Map.of(), "g", List.of("watched-in"), () -> 0L, QUIET)) {
      watch.observe(new GroupWatch.Change(1, "Stable", 2, 4));
      watch.observe(new GroupWatch.Change(2, "Stable", 2, 4));
      watch.observe(new GroupWatch.Change(3, "PreparingRebalance", 2, 0));

      assertThat(watch.changes())
          .containsExactly(
              new GroupWatch.Change(1, "Stable", 2, 4),
              new GroupWatch.Change(3, "PreparingRebalance", 2, 0));
    }
  }

  /**
   * Describes the group until it is in {@code state} with those members and input partitions; a
   * description that fails (the admin client still waiting for the broker on a busy machine) is
   * asked again, as the watch itself does.
   */
  private static GroupWatch.Change awaitState(
      GroupWatch watch, String state, int members, int assigned) throws Exception {
    long deadline = System.nanoTime() + PATIENCE.toNanos();
    Object seen = null;
    while (System.nanoTime() < deadline) {
      try {
        GroupWatch.Change change = watch.describe();
        seen = change;
        if (change.state().equals(state)
            && change.members() == members
            && change.assigned() == assigned) {
          return change;
        }
      } catch (ExecutionException | TimeoutException e) {
        seen = e;
      }
      Thread.sleep(100);
    }
    throw new AssertionError("the group never reached " + state + ", last seen " + seen);
  }

  /** Waits until the watch itself has kept a change like {@code expected}. */
  private static void awaitChange(GroupWatch watch, GroupWatch.Change expected) throws Exception {
    long deadline = System.nanoTime() + PATIENCE.toNanos();
    while (System.nanoTime() < deadline) {
      if (watch.changes().stream().anyMatch(expected::sameAs)) {
        return;
      }
      Thread.sleep(100);
    }
    throw new AssertionError("the watch never kept " + expected + ": " + watch.changes());
  }

  /** A consumer of the group polling on a thread of its own until closed. */
  private final class Member implements AutoCloseable {
    private final AtomicBoolean running = new AtomicBoolean(true);
    private final Thread thread;

    Member(String group) {
      Map<String, Object> config =
          Map.of(
              ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
              broker.bootstrapServers(),
              ConsumerConfig.GROUP_ID_CONFIG,
              group,
              ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG,
              ByteArrayDeserializer.class,
              ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG,
              ByteArrayDeserializer.class);
      thread =
          new Thread(
              () -> {
                try (KafkaConsumer<byte[], byte[]> consumer = new KafkaConsumer<>(config)) {
                  consumer.subscribe(List.of("watched-in", "not-input"));
                  while (running.get()) {
                    consumer.poll(Duration.ofMillis(100));
                  }
                }
              },
              "member");
      thread.start();
    }

    @Override
    public void close() throws InterruptedException {
      running.set(false);
      thread.join(PATIENCE.toMillis());
    }
  }
}
