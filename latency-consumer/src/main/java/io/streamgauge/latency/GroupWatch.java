package io.streamgauge.latency;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.streamgauge.common.TopicCheck;
import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.LongSupplier;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ConsumerGroupDescription;
import org.apache.kafka.clients.admin.MemberDescription;

/**
 * Watches the app's consumer group every {@link #SAMPLE_PERIOD} and keeps each change of its state,
 * its member count and how many of the app's input partitions its members hold, with the time it
 * was first seen: when an instance is lost, the rebalance that follows is timed from these to the
 * sample period, for any app that consumes as a group (Kafka Streams under its application.id, the
 * plain-clients app). Kept in {@code /results} under {@code group}; at most {@link #MAX_CHANGES}
 * changes, the first ones (a group that never settles says so long before).
 */
final class GroupWatch implements AutoCloseable {

  /** How often the group is described. */
  static final Duration SAMPLE_PERIOD = Duration.ofMillis(250);

  /** The most changes kept. */
  static final int MAX_CHANGES = 2_000;

  /**
   * How long one description may take: as long as the lag sampler's, so a slow hour (the admin
   * client waiting for the broker's metadata) delays a sample rather than failing it.
   */
  private static final int TIMEOUT_SECONDS = 5;

  /**
   * One state of the group, as first seen at {@code atMs}.
   *
   * @param state Kafka's group state, e.g. {@code Stable}, {@code PreparingRebalance}
   * @param members how many members the group has
   * @param assigned how many of the app's input partitions its members hold
   */
  record Change(long atMs, String state, int members, int assigned) {

    boolean sameAs(Change other) {
      return other != null
          && state.equals(other.state)
          && members == other.members
          && assigned == other.assigned;
    }
  }

  private final Admin admin;
  private final String group;
  private final Set<String> inputTopics;
  private final LongSupplier clockMs;
  private final List<Change> changes = new ArrayList<>();
  private final SampleLoop loop;

  GroupWatch(
      String bootstrapServers,
      Map<String, String> clientConfig,
      String group,
      List<String> inputTopics,
      LongSupplier clockMs,
      PrintStream log) {
    this.admin =
        Admin.create(TopicCheck.adminConfig(bootstrapServers, clientConfig, TIMEOUT_SECONDS));
    this.group = group;
    this.inputTopics = Set.copyOf(inputTopics);
    this.clockMs = clockMs;
    this.loop = new SampleLoop("group-watch", "cannot describe the app's group", log);
  }

  /** Describes the group now and every {@link #SAMPLE_PERIOD} until {@link #close}. */
  void start() {
    loop.start(SAMPLE_PERIOD, () -> observe(describe()));
  }

  /** Keeps {@code seen} when it differs from the last change kept. */
  synchronized void observe(Change seen) {
    Change last = changes.isEmpty() ? null : changes.get(changes.size() - 1);
    if (!seen.sameAs(last) && changes.size() < MAX_CHANGES) {
      changes.add(seen);
    }
  }

  /** The changes so far, oldest first. */
  synchronized List<Change> changes() {
    return List.copyOf(changes);
  }

  /** Writes the group, the sample period and the changes into {@code node}. */
  void writeTo(ObjectNode node) {
    node.put("name", group).put("samplePeriodMs", SAMPLE_PERIOD.toMillis());
    ArrayNode out = node.putArray("changes");
    for (Change c : changes()) {
      out.addObject()
          .put("atMs", c.atMs())
          .put("state", c.state())
          .put("members", c.members())
          .put("assigned", c.assigned());
    }
  }

  /** The group as described now. */
  Change describe() throws ExecutionException, InterruptedException, TimeoutException {
    ConsumerGroupDescription description =
        admin
            .describeConsumerGroups(List.of(group))
            .describedGroups()
            .get(group)
            .get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
    int assigned = 0;
    for (MemberDescription member : description.members()) {
      assigned +=
          (int)
              member.assignment().topicPartitions().stream()
                  .filter(tp -> inputTopics.contains(tp.topic()))
                  .count();
    }
    return new Change(
        clockMs.getAsLong(),
        description.groupState().toString(),
        description.members().size(),
        assigned);
  }

  @Override
  public void close() {
    loop.close();
    admin.close();
  }
}
