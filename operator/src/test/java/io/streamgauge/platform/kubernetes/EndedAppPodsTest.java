package io.streamgauge.platform.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.ContainerStatusBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.streamgauge.metrics.Component;
import io.streamgauge.platform.AppExit;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;

class EndedAppPodsTest {

  private static final Instant WINDOW_END = Instant.parse("2026-12-07T12:00:00Z");

  private final EndedAppPods ended = new EndedAppPods();

  private static Pod pod(
      String name, Map<String, String> labels, String deletion, String container, Integer code) {
    PodBuilder pod =
        new PodBuilder()
            .withNewMetadata()
            .withName(name)
            .withNamespace("bench")
            .withLabels(labels)
            .withDeletionTimestamp(deletion)
            .endMetadata()
            .withNewStatus()
            .endStatus();
    ContainerStatusBuilder status = new ContainerStatusBuilder().withName(container);
    if (code == null) {
      status.withNewState().withNewRunning().endRunning().endState();
    } else {
      status
          .withNewState()
          .withNewTerminated()
          .withExitCode(code)
          .withReason(code == 0 ? "Completed" : "Error")
          .withMessage(code == 134 ? "  SIGSEGV in rocksdb::GetAggregatedIntProperty\n" : null)
          .endTerminated()
          .endState();
    }
    return new PodBuilder(pod.build())
        .editStatus()
        .withContainerStatuses(status.build())
        .endStatus()
        .build();
  }

  private static Pod appPod(String name, String deletion, Integer code) {
    return pod(name, Labels.forAppInstance("r", 0), deletion, Component.APP.containerName(), code);
  }

  @Test
  void anAppPodDeletedAfterItsContainerTerminatedIsKeptWithItsCodeAndReason() {
    ended.observe(appPod("r-app-1", "2026-12-07T12:00:05Z", 134));

    assertThat(ended.since("bench", "r", WINDOW_END))
        .containsExactly(
            new AppExit("pod r-app-1", 134, "Error: SIGSEGV in rocksdb::GetAggregatedIntProperty"));
  }

  @Test
  void theLastStateSeenOfAPodWinsAndAPodIsListedOnce() {
    ended.observe(appPod("r-app-1", "2026-12-07T12:00:05Z", 137));
    ended.observe(appPod("r-app-1", "2026-12-07T12:00:05Z", 143));

    assertThat(ended.since("bench", "r", WINDOW_END))
        .containsExactly(new AppExit("pod r-app-1", 143, "Error"));
  }

  @Test
  void podsStillRunningNotBeingDeletedOrNotTheAppsAreNotKept() {
    ended.observe(appPod("running", "2026-12-07T12:00:05Z", null));
    ended.observe(appPod("not-deleted", null, 1));
    ended.observe(
        pod(
            "latency",
            Labels.forComponent("r", Component.LATENCY_CONSUMER),
            "2026-12-07T12:00:05Z",
            Component.LATENCY_CONSUMER.containerName(),
            1));
    ended.observe(
        pod("sidecar", Labels.forAppInstance("r", 0), "2026-12-07T12:00:05Z", "sidecar", 1));

    assertThat(ended.since("bench", "r", WINDOW_END)).isEmpty();
  }

  @Test
  void aPodAFaultKilledInsideTheWindowIsNotTheStops() {
    ended.observe(appPod("killed-by-fault", "2026-12-07T11:59:30Z", 137));
    ended.observe(appPod("stopped", "2026-12-07T12:00:05Z", 143));

    assertThat(ended.since("bench", "r", WINDOW_END))
        .extracting(AppExit::instance)
        .containsExactly("pod stopped");
    assertThat(ended.since("bench", "other-run", WINDOW_END)).isEmpty();
    assertThat(ended.since("elsewhere", "r", WINDOW_END)).isEmpty();
  }

  @Test
  void keepsTheLatestRunsAndAFewPodsEach() {
    for (int i = 0; i <= EndedAppPods.MAX_RUNS; i++) {
      ended.observe(
          pod(
              "p",
              Labels.forAppInstance("run-" + i, 0),
              "2026-12-07T12:00:05Z",
              Component.APP.containerName(),
              143));
    }
    for (int i = 0; i < EndedAppPods.MAX_PODS + 5; i++) {
      ended.observe(appPod("r-app-" + i, "2026-12-07T12:00:05Z", 143));
    }

    assertThat(ended.since("bench", "run-0", WINDOW_END)).isEmpty();
    assertThat(ended.since("bench", "run-1", WINDOW_END)).isEmpty();
    assertThat(ended.since("bench", "run-" + EndedAppPods.MAX_RUNS, WINDOW_END)).hasSize(1);
    assertThat(ended.since("bench", "r", WINDOW_END)).hasSize(EndedAppPods.MAX_PODS);
  }
}
