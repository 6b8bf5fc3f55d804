package io.streamgauge.operator;

import io.streamgauge.api.spec.BenchmarkRunSpec;
import io.streamgauge.platform.RunContext;
import io.streamgauge.platform.RunTopics;
import io.streamgauge.platform.SharedKafkaRelease;
import io.streamgauge.platform.Teardown;
import io.streamgauge.run.RunEvents;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The finalizer {@value #NAME}: only on a run whose topics and consumer group on a Kafka it shares
 * are named for it alone ({@link RunTopics#namedForTheRun}), the one thing a run leaves outside the
 * cluster. Once such a run is deleted, its workloads are deleted first (so its app leaves its
 * group), then its topics, its app's internal topics and its group; a group that keeps members, a
 * Kafka that cannot be reached or credentials gone with the namespace are retried every {@link
 * #RETRY} for at most {@link #LIMIT} after the deletion, then said in a Warning Event and left: a
 * run is never kept from going for long.
 */
final class SharedKafkaFinalizer {

  /** The finalizer's name. */
  static final String NAME = "streamgauge.io/shared-kafka";

  /** How long after its deletion a run waits at most for its Kafka to be released. */
  static final Duration LIMIT = Duration.ofMinutes(2);

  /** How soon a release that left something is tried again. */
  static final Duration RETRY = Duration.ofSeconds(5);

  private static final Logger LOG = LoggerFactory.getLogger(SharedKafkaFinalizer.class);

  private final Teardown teardown;
  private final RunEvents events;

  SharedKafkaFinalizer(Teardown teardown, RunEvents events) {
    this.teardown = teardown;
    this.events = events;
  }

  /**
   * True when a run of {@code spec} gets the finalizer: its names on a Kafka it shares are its own
   * ({@code topicNames: PerRun}). A repeated run, a capacity search and a suite make other runs,
   * which get it themselves.
   */
  static boolean needed(BenchmarkRunSpec spec) {
    return RunTopics.namedForTheRun(spec)
        && spec.getRepetitions() <= 1
        && spec.getCapacity() == null;
  }

  /**
   * Releases deleted run {@code run}'s Kafka.
   *
   * @param run the run as last stored, its topics renamed for it; empty when its spec cannot be
   *     taken in (then nothing was created)
   * @param deletedAt when it was deleted ({@code metadata.deletionTimestamp})
   * @return when to try again; empty when the finalizer may go
   */
  Optional<Duration> release(Optional<RunContext> run, Instant deletedAt, Instant now) {
    if (run.isEmpty() || !RunTopics.madeOwnTopics(run.get())) {
      return Optional.empty(); // it never came as far as creating its topics
    }
    SharedKafkaRelease.Outcome outcome = attempt(run.get());
    if (!outcome.deletedTopics().isEmpty()) {
      LOG.info(
          "run={}/{} deleted from its shared Kafka: {}",
          run.get().namespace(),
          run.get().name(),
          outcome.deletedTopics());
    }
    if (outcome.done()) {
      return Optional.empty();
    }
    if (now.isBefore(deletedAt.plus(LIMIT))) {
      return Optional.of(RETRY);
    }
    events.warning(
        run.get(),
        "its topics and consumer group on the shared Kafka were not all deleted within "
            + LIMIT.toMinutes()
            + " minutes of its deletion; delete what is left by hand: "
            + outcome.left());
    return Optional.empty();
  }

  private SharedKafkaRelease.Outcome attempt(RunContext run) {
    try {
      if (run.status().getCleanedUpAt() == null) {
        teardown.cleanup(
            run); // a run in progress, or one its policy kept: its app leaves its group
      }
      return teardown.releaseSharedKafka(run);
    } catch (RuntimeException e) {
      return new SharedKafkaRelease.Outcome(Set.of(), e.getMessage());
    }
  }
}
