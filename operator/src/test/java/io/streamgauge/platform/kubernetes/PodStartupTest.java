package io.streamgauge.platform.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.streamgauge.api.summary.StartupSummary;
import io.streamgauge.platform.AppStartup;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class PodStartupTest {

  private static Pod pod(String created, String started, String readyStatus, String readySince) {
    return new PodBuilder()
        .withNewMetadata()
        .withName("r-app-1-a")
        .withCreationTimestamp(created)
        .endMetadata()
        .withNewStatus()
        .addNewContainerStatus()
        .withName("sidecar")
        .withNewState()
        .withNewRunning("2026-11-25T10:00:01Z")
        .endState()
        .endContainerStatus()
        .addNewContainerStatus()
        .withName("app")
        .withNewState()
        .withNewRunning(started)
        .endState()
        .endContainerStatus()
        .addNewCondition()
        .withType("Ready")
        .withStatus(readyStatus)
        .withLastTransitionTime(readySince)
        .endCondition()
        .endStatus()
        .build();
  }

  @Test
  void theSpansComeFromTheAppContainersStartAndTheReadyCondition() {
    Optional<AppStartup> startup =
        PodStartup.of(
            List.of(
                pod(
                    "2026-11-25T10:00:00Z",
                    "2026-11-25T10:00:03Z",
                    "True",
                    "2026-11-25T10:00:11Z")),
            "app",
            "/health");

    StartupSummary summary = startup.orElseThrow().summary();
    assertThat(summary.getCreatedToStartedSeconds()).isEqualTo(3.0);
    assertThat(summary.getStartedToReadySeconds()).isEqualTo(8.0);
    assertThat(summary.getTimeToReadySeconds()).isEqualTo(11.0);
    assertThat(summary.getReadinessPath()).isEqualTo("/health");
  }

  @Test
  void aPodNotYetReadyOrNotYetStartedTellsNothing() {
    Pod notReady =
        pod("2026-11-25T10:00:00Z", "2026-11-25T10:00:03Z", "False", "2026-11-25T10:00:03Z");
    Pod ready = pod("2026-11-25T10:00:00Z", "2026-11-25T10:00:03Z", "True", "2026-11-25T10:00:09Z");

    assertThat(PodStartup.of(List.of(notReady), "app", "/metrics")).isEmpty();
    assertThat(PodStartup.of(List.of(ready, notReady), "app", "/metrics"))
        .as("the app is ready when its last pod is")
        .isEmpty();
    assertThat(PodStartup.of(List.of(), "app", "/metrics")).isEmpty();
    assertThat(PodStartup.of(List.of(ready), "no-such-container", "/metrics")).isEmpty();
  }

  @Test
  void withSeveralPodsTheLastToTurnReadyIsReported() {
    Pod early = pod("2026-11-25T10:00:00Z", "2026-11-25T10:00:02Z", "True", "2026-11-25T10:00:07Z");
    Pod late = pod("2026-11-25T10:00:00Z", "2026-11-25T10:00:05Z", "True", "2026-11-25T10:00:14Z");

    assertThat(PodStartup.of(List.of(early, late), "app", "/metrics").orElseThrow().readyAt())
        .hasToString("2026-11-25T10:00:14Z");
  }
}
