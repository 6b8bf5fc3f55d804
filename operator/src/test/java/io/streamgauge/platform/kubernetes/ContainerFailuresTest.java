package io.streamgauge.platform.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.ContainerStatus;
import io.fabric8.kubernetes.api.model.ContainerStatusBuilder;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/** A container that restarted or terminated with an error fails the run, with the reason. */
class ContainerFailuresTest {

  private static final Instant NOW = Instant.parse("2026-11-23T10:00:00Z");

  @Test
  void aRestartAfterAnOomKillSaysSoWithTheExitCode() {
    ContainerStatus c =
        base(1)
            .withNewLastState()
            .withNewTerminated()
            .withReason("OOMKilled")
            .withExitCode(137)
            .endTerminated()
            .endLastState()
            .withNewState()
            .withNewWaiting()
            .withReason("CrashLoopBackOff")
            .endWaiting()
            .endState()
            .build();

    assertThat(ContainerFailures.of(c, NOW))
        .contains(
            "container app restarted 1 time(s), last OOMKilled (exit code 137), now"
                + " CrashLoopBackOff");
  }

  @Test
  void aRestartWhoseReasonIsNotReportedYetWaitsForItButNotForever() {
    assertThat(ContainerFailures.of(runningSince(5), NOW))
        .as("the kubelet reports the reason a moment later")
        .isEmpty();
    assertThat(ContainerFailures.of(runningSince(21), NOW))
        .contains("container app restarted 1 time(s)");
  }

  @Test
  void aContainerThatTerminatedWithAnErrorFailsAndOneThatRunsDoesNot() {
    ContainerStatus error =
        base(0)
            .withNewState()
            .withNewTerminated()
            .withReason("Error")
            .withExitCode(1)
            .endTerminated()
            .endState()
            .build();

    assertThat(ContainerFailures.of(error, NOW)).contains("container app Error (exit code 1)");
    assertThat(ContainerFailures.of(base(0).build(), NOW)).isEmpty();
  }

  private static ContainerStatus runningSince(int secondsAgo) {
    return base(1)
        .withNewState()
        .withNewRunning()
        .withStartedAt(NOW.minusSeconds(secondsAgo).toString())
        .endRunning()
        .endState()
        .build();
  }

  private static ContainerStatusBuilder base(int restarts) {
    return new ContainerStatusBuilder().withName("app").withRestartCount(restarts);
  }
}
