package io.streamgauge.operator;

import static org.assertj.core.api.Assertions.assertThat;

import io.streamgauge.api.spec.BenchmarkRunSpec;
import io.streamgauge.api.status.BenchmarkRunStatus;
import io.streamgauge.api.status.Phase;
import io.streamgauge.platform.RunContext;
import io.streamgauge.run.FailureReason;
import io.streamgauge.run.RunEvents;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class HeldRunEventsTest {

  private final List<String> said = new ArrayList<>();
  private final HeldRunEvents events = new HeldRunEvents(new Recording());
  private final RunContext one = run("one", "uid-1");
  private final RunContext two = run("two", "uid-2");

  @Test
  void aRunsEventsAreSaidInOrderOnlyWhenReleased() {
    events.phaseEntered(one, Phase.Measuring, "window opened");
    events.warning(one, "a retry");
    events.failed(one, FailureReason.Timeout, "too slow");
    events.invalid(one, "latencySamples 3 < 1000");

    assertThat(said).isEmpty();
    events.release("uid-1");

    assertThat(said)
        .containsExactly(
            "one Measuring window opened",
            "one warning a retry",
            "one Timeout too slow",
            "one invalid latencySamples 3 < 1000");
  }

  @Test
  void droppedEventsAreNeverSaidAndTheNextReconcileStartsEmpty() {
    events.phaseEntered(one, Phase.Measuring, "first try");
    events.drop("uid-1");
    events.release("uid-1");
    assertThat(said).isEmpty();

    events.phaseEntered(one, Phase.Measuring, "second try");
    events.release("uid-1");

    assertThat(said).containsExactly("one Measuring second try");
  }

  @Test
  void eachRunsEventsAreHeldApart() {
    events.phaseEntered(one, Phase.Measuring, "a");
    events.phaseEntered(two, Phase.Collecting, "b");

    events.drop("uid-1");
    events.release("uid-2");

    assertThat(said).containsExactly("two Collecting b");
  }

  @Test
  void aRunWithoutAUidIsSaidAtOnce() {
    events.warning(run("local", null), "no API server to store first");

    assertThat(said).containsExactly("local warning no API server to store first");
  }

  private static RunContext run(String name, String uid) {
    return new RunContext("ns", name, uid, new BenchmarkRunSpec(), new BenchmarkRunStatus());
  }

  private final class Recording implements RunEvents {
    @Override
    public void phaseEntered(RunContext run, Phase phase, String message) {
      said.add(run.name() + " " + phase + " " + message);
    }

    @Override
    public void failed(RunContext run, FailureReason reason, String message) {
      said.add(run.name() + " " + reason + " " + message);
    }

    @Override
    public void warning(RunContext run, String message) {
      said.add(run.name() + " warning " + message);
    }

    @Override
    public void invalid(RunContext run, String failures) {
      said.add(run.name() + " invalid " + failures);
    }
  }
}
