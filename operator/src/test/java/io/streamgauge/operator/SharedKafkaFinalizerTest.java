package io.streamgauge.operator;

import static org.assertj.core.api.Assertions.assertThat;

import io.streamgauge.api.spec.BenchmarkRunSpec;
import io.streamgauge.api.spec.ExternalKafkaSpec;
import io.streamgauge.api.spec.KafkaSpec;
import io.streamgauge.api.spec.Scenario;
import io.streamgauge.api.spec.TopicNaming;
import io.streamgauge.api.status.BenchmarkRunStatus;
import io.streamgauge.platform.RunContext;
import io.streamgauge.platform.SharedKafkaRelease;
import io.streamgauge.platform.Teardown;
import io.streamgauge.scenario.SpecDefaulter;
import io.streamgauge.testing.RecordedRunEvents;
import io.streamgauge.testing.Specs;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

class SharedKafkaFinalizerTest {

  private static final Instant DELETED = Instant.parse("2026-11-29T10:00:00Z");

  private final List<String> calls = new ArrayList<>();
  private final RecordedRunEvents events = new RecordedRunEvents();

  @Test
  void onlyARunWhoseNamesOnASharedKafkaAreItsOwnNeedsIt() {
    assertThat(SharedKafkaFinalizer.needed(spec(true, TopicNaming.PerRun))).isTrue();
    assertThat(SharedKafkaFinalizer.needed(spec(true, TopicNaming.AsWritten))).isFalse();
    assertThat(SharedKafkaFinalizer.needed(spec(false, null))).as("a Kafka of its own").isFalse();
    BenchmarkRunSpec repeated = spec(true, TopicNaming.PerRun);
    repeated.setRepetitions(3);
    assertThat(SharedKafkaFinalizer.needed(repeated)).as("its repetitions hold it").isFalse();
  }

  @Test
  void aRunThatNeverCreatedItsTopicsLetsTheFinalizerGoAtOnce() {
    SharedKafkaFinalizer finalizer = finalizer(() -> done());

    assertThat(finalizer.release(Optional.empty(), DELETED, DELETED)).isEmpty();
    assertThat(finalizer.release(Optional.of(run(null, null)), DELETED, DELETED)).isEmpty();
    assertThat(calls).isEmpty();
  }

  @Test
  void aRunInProgressLosesItsWorkloadsFirstThenItsKafka() {
    SharedKafkaFinalizer finalizer = finalizer(() -> done());

    assertThat(finalizer.release(Optional.of(run("-3f2a9c1b", null)), DELETED, DELETED)).isEmpty();
    assertThat(
            finalizer.release(
                Optional.of(run("-3f2a9c1b", "2026-11-29T09:59:00Z")), DELETED, DELETED))
        .isEmpty();

    assertThat(calls)
        .as("a run already cleaned up is not cleaned up again")
        .containsExactly("cleanup", "releaseSharedKafka", "releaseSharedKafka");
    assertThat(events.lines()).isEmpty();
  }

  @Test
  void whatIsLeftIsRetriedForTwoMinutesThenSaidAndLeft() {
    SharedKafkaFinalizer finalizer =
        finalizer(
            () ->
                new SharedKafkaRelease.Outcome(Set.of(), "the consumer group g still has members"));
    RunContext run = run("-3f2a9c1b", "2026-11-29T09:59:00Z");

    Optional<Duration> early =
        finalizer.release(Optional.of(run), DELETED, DELETED.plusSeconds(119));
    Optional<Duration> late =
        finalizer.release(Optional.of(run), DELETED, DELETED.plusSeconds(120));

    assertThat(early).contains(SharedKafkaFinalizer.RETRY);
    assertThat(late).isEmpty();
    assertThat(events.lines())
        .containsExactly(
            "warning its topics and consumer group on the shared Kafka were not all deleted within"
                + " 2 minutes of its deletion; delete what is left by hand: the consumer group g"
                + " still has members");
  }

  @Test
  void aPlatformErrorCountsAsSomethingLeft() {
    SharedKafkaFinalizer finalizer =
        finalizer(
            () -> {
              throw new IllegalStateException("secrets \"kafka-user\" is forbidden");
            });

    Optional<Duration> again =
        finalizer.release(Optional.of(run("-3f2a9c1b", "2026-11-29T09:59:00Z")), DELETED, DELETED);

    assertThat(again).contains(SharedKafkaFinalizer.RETRY);
  }

  private static SharedKafkaRelease.Outcome done() {
    return new SharedKafkaRelease.Outcome(Set.of("input-3f2a9c1b"), null);
  }

  /** A teardown that records each call; releasing answers {@code release}. */
  private SharedKafkaFinalizer finalizer(Supplier<SharedKafkaRelease.Outcome> release) {
    Teardown teardown =
        new Teardown() {
          @Override
          public SharedKafkaRelease.Outcome releaseSharedKafka(RunContext run) {
            calls.add("releaseSharedKafka");
            return release.get();
          }

          @Override
          public void cleanup(RunContext run) {
            calls.add("cleanup");
          }
        };
    return new SharedKafkaFinalizer(teardown, events);
  }

  private static BenchmarkRunSpec spec(boolean external, TopicNaming naming) {
    BenchmarkRunSpec spec = Specs.minimal(Scenario.WORDCOUNT);
    if (external) {
      spec.setKafka(new KafkaSpec());
      spec.getKafka().setExternal(new ExternalKafkaSpec());
      spec.getKafka().getExternal().setBootstrapServers("shared:9092");
      spec.getKafka().getExternal().setTopicNames(naming);
    }
    return new SpecDefaulter().apply(spec);
  }

  private static RunContext run(String topicSuffix, String cleanedUpAt) {
    BenchmarkRunStatus status = new BenchmarkRunStatus();
    status.setTopicSuffix(topicSuffix);
    status.setCleanedUpAt(cleanedUpAt);
    return new RunContext("bench", "wc", "3f2a9c1b", spec(true, TopicNaming.PerRun), status);
  }
}
