package io.streamgauge.results;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The app's consumer group over the run, as the latency consumer described it every few hundred
 * milliseconds ({@code /results}' {@code group}): each change of its state, members and the input
 * partitions they hold. Settled means Stable with every instance a member and every input partition
 * held; a rebalance is the group seen unsettled and settled again.
 *
 * @param changes the changes, oldest first
 * @param samplePeriodMs how often the group was described
 * @param instances how many instances the app runs ({@code spec.app.replicas})
 * @param inputPartitions how many partitions its input topics have in all
 */
public record GroupHistory(
    List<Change> changes, long samplePeriodMs, int instances, int inputPartitions) {

  /**
   * One state of the group, as first seen.
   *
   * @param atMs when, in epoch milliseconds
   * @param state Kafka's group state, e.g. {@code Stable}
   * @param members how many members it had
   * @param assigned how many input partitions they held
   */
  public record Change(long atMs, String state, int members, int assigned) {}

  /** Copies. */
  public GroupHistory {
    changes = List.copyOf(changes);
  }

  /** No history: the group was not watched. */
  public static GroupHistory none(int instances, int inputPartitions) {
    return new GroupHistory(List.of(), 0, instances, inputPartitions);
  }

  /** The history in a latency consumer's results {@code document}; none when it has none. */
  public static GroupHistory of(JsonNode document, int instances, int inputPartitions) {
    JsonNode group = document == null ? null : document.get("group");
    if (group == null || !group.path("changes").isArray()) {
      return none(instances, inputPartitions);
    }
    List<Change> changes = new ArrayList<>();
    for (JsonNode c : group.path("changes")) {
      changes.add(
          new Change(
              c.path("atMs").asLong(),
              c.path("state").asText(),
              c.path("members").asInt(),
              c.path("assigned").asInt()));
    }
    return new GroupHistory(
        changes, group.path("samplePeriodMs").asLong(), instances, inputPartitions);
  }

  /** Whether {@code change} is the group settled: Stable, every instance in, every input held. */
  public boolean settled(Change change) {
    return "Stable".equalsIgnoreCase(change.state())
        && change.members() == instances
        && change.assigned() == inputPartitions;
  }

  /**
   * When the group settled again after {@code at}: the first settled change after the first
   * unsettled one seen at or after {@code at}; empty when none was seen unsettled after it (no
   * rebalance, or one shorter than a sample), or it never settled again.
   */
  public Optional<Instant> settledAgainAfter(Instant at) {
    boolean unsettled = false;
    for (Change change : changes) {
      if (change.atMs() < at.toEpochMilli()) {
        continue;
      }
      if (!settled(change)) {
        unsettled = true;
      } else if (unsettled) {
        return Optional.of(Instant.ofEpochMilli(change.atMs()));
      }
    }
    return Optional.empty();
  }
}
