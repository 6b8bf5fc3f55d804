package io.streamgauge.platform.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.ContainerStatusBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.PodConditionBuilder;
import io.streamgauge.platform.ComponentStatus;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Pods that can never run fail with the cluster's words, permanent ones at once. */
class PodProblemsTest {

  private static final Instant NOW = Instant.parse("2026-11-23T10:00:00Z");
  private static final Duration GRACE = Duration.ofMinutes(1);
  private static final String IMAGE = "ghcr.io/streamgauge/streams-app:nope";
  private static final String SCHEDULER =
      "0/1 nodes are available: 1 Insufficient cpu. preemption: 0/1 nodes are available: 1 No"
          + " preemption victims found for incoming pod.";

  static Stream<Arguments> pods() {
    return Stream.of(
        Arguments.of("running", running(), null),
        Arguments.of("unschedulable 10s, within the grace", unschedulable(10), null),
        Arguments.of(
            "unschedulable 61s",
            unschedulable(61),
            "Pod bench/wc-app-1: unschedulable for 61s: " + SCHEDULER),
        Arguments.of(
            "ErrImageNeverPull is permanent",
            waiting(1, "ErrImageNeverPull", "Container image \"" + IMAGE + "\" is not present"),
            "Pod bench/wc-app-1: container app (image "
                + IMAGE
                + ") ErrImageNeverPull: Container image \""
                + IMAGE
                + "\" is not present"),
        Arguments.of("ImagePullBackOff 20s, kubelet still retrying", backOff(20), null),
        Arguments.of(
            "ImagePullBackOff 31s",
            backOff(31),
            "Pod bench/wc-app-1: container app (image "
                + IMAGE
                + ") ImagePullBackOff for 31s: Back-off pulling image \""
                + IMAGE
                + "\""),
        Arguments.of(
            "a waiting reason that is no failure", waiting(300, "ContainerCreating", null), null));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("pods")
  void aPodFailsWithItsReasonOnceItCannotRun(String what, Pod pod, String expected) {
    Optional<ComponentStatus.Failed> failed = PodProblems.of(pod, NOW, GRACE);

    assertThat(failed.map(f -> f.object() + ": " + f.reason()).orElse(null)).isEqualTo(expected);
  }

  private static Pod running() {
    return scheduledAgo(100).editStatus().withPhase("Running").endStatus().build();
  }

  private static Pod unschedulable(int secondsAgo) {
    return pod()
        .withNewStatus()
        .withPhase("Pending")
        .withConditions(
            new PodConditionBuilder()
                .withType("PodScheduled")
                .withStatus("False")
                .withReason("Unschedulable")
                .withMessage(SCHEDULER)
                .withLastTransitionTime(NOW.minusSeconds(secondsAgo).toString())
                .build())
        .endStatus()
        .build();
  }

  private static Pod backOff(int secondsAgo) {
    return waiting(secondsAgo, "ImagePullBackOff", "Back-off pulling image \"" + IMAGE + "\"");
  }

  private static Pod waiting(int scheduledSecondsAgo, String reason, String message) {
    return scheduledAgo(scheduledSecondsAgo)
        .editStatus()
        .withContainerStatuses(
            new ContainerStatusBuilder()
                .withName("app")
                .withImage(IMAGE)
                .withRestartCount(0)
                .withNewState()
                .withNewWaiting()
                .withReason(reason)
                .withMessage(message)
                .endWaiting()
                .endState()
                .build())
        .endStatus()
        .build();
  }

  private static PodBuilder scheduledAgo(int secondsAgo) {
    return pod()
        .withNewStatus()
        .withPhase("Pending")
        .withConditions(
            new PodConditionBuilder()
                .withType("PodScheduled")
                .withStatus("True")
                .withLastTransitionTime(NOW.minusSeconds(secondsAgo).toString())
                .build())
        .endStatus();
  }

  private static PodBuilder pod() {
    return new PodBuilder()
        .withNewMetadata()
        .withNamespace("bench")
        .withName("wc-app-1")
        .endMetadata();
  }
}
